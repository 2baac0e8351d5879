/**
 * The licence form (spec 1 §5), one schema for the screens and the API: name, company and
 * (on create) the environment are required; maxProjects, maxUsers and each product licence's
 * maxUsers are whole numbers from -1 (any negative is unlimited); the expiry date is at most
 * 18 Jan 2038; notification days are whole numbers. Texts are trimmed and bounded.
 */
import * as v from 'valibot';
import { requiredText } from '../auth/auth.forms';
import { optionalId, visibleName } from '../common/fields';
import { LicenseMessages } from './licensing.messages';

/** The largest value an integer column holds. */
const MAX_INT = 2_147_483_647;

/**
 * The latest expiry: 18 Jan 2038 (spec 1 §9), the last day a 32-bit time holds whole — its
 * limit, 2038-01-19T03:14:07Z, so an 18 Jan picked in any time zone fits.
 */
export const MAX_EXPIRY_DATE = MAX_INT * 1000;

/** A licence's name: required, at most 100 characters, nothing invisible. */
export const licenseNameSchema = v.pipe(
  requiredText(LicenseMessages.nameRequired),
  v.maxLength(100, LicenseMessages.nameTooLong),
  visibleName(LicenseMessages.nameInvisible),
);

export const companySchema = v.pipe(
  requiredText(LicenseMessages.companyRequired),
  v.maxLength(200, LicenseMessages.companyTooLong),
  visibleName(LicenseMessages.companyInvisible),
);

/**
 * A maximum of projects or seats: required (`required` when missing or null), a whole number
 * from -1 (`invalid` otherwise). -1 is unlimited and 0 not offered.
 */
export const maximumSchema = (required: string, invalid: string) =>
  v.pipe(
    // The null default makes valibot run the checks for a missing key too.
    v.optional(v.nullable(v.number(invalid)), null),
    v.check((value) => value !== null, required),
    v.check((value) => value === null || (Number.isInteger(value) && value >= -1 && value <= MAX_INT), invalid),
    v.transform((value) => value as number),
    v.minValue(-1, invalid),
    v.maxValue(MAX_INT, invalid),
  );

/** Milliseconds since the epoch, at most 18 Jan 2038; null never expires. */
export const expiryDateSchema = v.nullable(
  v.pipe(
    v.number(LicenseMessages.expiryTooLate),
    v.integer(LicenseMessages.expiryTooLate),
    v.minValue(0, LicenseMessages.expiryTooLate),
    v.maxValue(MAX_EXPIRY_DATE, LicenseMessages.expiryTooLate),
  ),
);

/** Days before expiry to notify: whole numbers (entered comma-separated). */
export const notificationDaysSchema = v.pipe(
  v.array(
    v.pipe(
      v.number(LicenseMessages.notificationDays),
      v.integer(LicenseMessages.notificationDays),
      v.minValue(0, LicenseMessages.notificationDays),
      v.maxValue(3650, LicenseMessages.notificationDays),
    ),
    LicenseMessages.notificationDays,
  ),
  v.maxLength(20, LicenseMessages.notificationDays),
);

const isWebAddress = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** The single sign-on address: a web address, or empty (none). */
export const ssoUrlSchema = v.pipe(
  v.string(LicenseMessages.ssoUrlInvalid),
  v.trim(),
  v.maxLength(2000, LicenseMessages.ssoUrlInvalid),
  v.check((text) => text === '' || isWebAddress(text), LicenseMessages.ssoUrlInvalid),
);

const boundedText = (max: number, tooLong: string, invisible: string) => v.pipe(v.string(tooLong), v.trim(), v.maxLength(max, tooLong), visibleName(invisible));

/** A licence's fields as the new and edit forms send them (the environment aside). */
export const licenseFormEntries = {
  name: licenseNameSchema,
  company: companySchema,
  licenseType: v.optional(boundedText(100, LicenseMessages.licenseTypeTooLong, LicenseMessages.licenseTypeInvisible)),
  maxProjects: maximumSchema(LicenseMessages.maxProjectsRequired, LicenseMessages.maxProjectsInvalid),
  maxUsers: maximumSchema(LicenseMessages.maxUsersRequired, LicenseMessages.maxUsersInvalid),
  isActive: v.optional(v.boolean('isActive must be true or false.'), true),
  expiryDate: v.optional(expiryDateSchema, null),
  expiryNotificationDays: v.optional(notificationDaysSchema),
  ownerId: optionalId('ownerId must be a user id.'),
  ssoUrl: v.optional(v.nullable(ssoUrlSchema)),
  customerCode: v.optional(v.nullable(boundedText(100, LicenseMessages.customerCodeTooLong, LicenseMessages.customerCodeInvisible))),
  opportunityId: v.optional(v.nullable(boundedText(100, LicenseMessages.opportunityIdTooLong, LicenseMessages.opportunityIdInvisible))),
};

/** The internal configuration's customer code and opportunity id (super administrators). */
export const internalConfigEntries = {
  CustomerCode: v.optional(v.nullable(boundedText(100, LicenseMessages.customerCodeTooLong, LicenseMessages.customerCodeInvisible))),
  OpportunityId: v.optional(v.nullable(boundedText(100, LicenseMessages.opportunityIdTooLong, LicenseMessages.opportunityIdInvisible))),
};
