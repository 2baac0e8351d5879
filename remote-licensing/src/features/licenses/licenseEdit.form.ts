/**
 * The licence new and edit forms (spec 1 §5) as the screens hold them — text in the fields — built
 * from the licence form's field schemas (contracts/licensing licenses.forms.ts), so a field says
 * what the API would say about the same value.
 */
import * as v from 'valibot';
import { companySchema, expiryDateSchema, LicenseMessages, licenseNameSchema, maximumSchema, notificationDaysSchema, type License } from 'contracts/licensing';
import type { LicenseAddon } from 'contracts/identity';

/** The latest expiry the date field offers (spec 1 §9: 18 Jan 2038). */
export const LAST_EXPIRY_DAY = '2038-01-18';

/** The base product: no infinite toggle (spec 1 §3). */
export const BASE_ADDON_ID = 1;

/** A whole number typed as text: empty is missing (null), anything but an integer is NaN (the schema's `invalid`). */
const integerText = (text: string): number | null | undefined => (text === '' ? null : /^[-+]?\d{1,10}$/.test(text) ? Number(text) : Number.NaN);

/** A maximum typed in a field: required, a whole number from -1. */
export const maximumField = (required: string, invalid: string) => v.pipe(v.string(), v.trim(), v.transform(integerText), maximumSchema(required, invalid));

/** An expiry day ('yyyy-mm-dd', empty for never) as milliseconds (local midnight), never after 18 Jan 2038. */
export const expiryField = v.pipe(
  v.string(),
  v.check((day) => day === '' || (/^\d{4}-\d{2}-\d{2}$/.test(day) && day <= LAST_EXPIRY_DAY), LicenseMessages.expiryTooLate),
  v.transform((day) => (day === '' ? null : new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))).getTime())),
  expiryDateSchema,
);

/** Notification days typed comma-separated ('5, 10, 30'); empty is none. */
const daysOf = (text: string) => (text.trim() === '' ? [] : text.split(',').map((part) => (/^\s*\d{1,4}\s*$/.test(part) ? Number(part) : Number.NaN)));
export const notificationDaysField = v.pipe(
  v.string(),
  // Checked as one text, so the message is the field's (not one item's).
  v.check((text) => v.is(notificationDaysSchema, daysOf(text)), LicenseMessages.notificationDays),
  v.transform(daysOf),
  notificationDaysSchema,
);

/** The fields the new and the edit form share. */
export const licenseFieldEntries = {
  name: licenseNameSchema,
  company: companySchema,
  maxProjects: maximumField(LicenseMessages.maxProjectsRequired, LicenseMessages.maxProjectsInvalid),
  maxUsers: maximumField(LicenseMessages.maxUsersRequired, LicenseMessages.maxUsersInvalid),
  isActive: v.boolean(),
  expiryDate: expiryField,
};

/** An environment picked in a select: required (the API's message). */
export const environmentField = v.pipe(
  v.string(),
  v.check((text) => /^\d+$/.test(text), LicenseMessages.environmentRequired),
  v.transform(Number),
);

/** The new licence form (spec 1: name, company, environment, max projects, max users, active, expiry date). */
export const LicenseNewFormSchema = v.object({ ...licenseFieldEntries, environmentId: environmentField });

/** The form field of a product licence's seat limit, and of an integration's box. */
export const addonField = (addOnId: number) => `addon_${addOnId}`;
export const integrationField = (integrationId: number) => `integration_${integrationId}`;

/** The edit form: the licence's fields, each product licence's max users, each integration. */
export function licenseEditFormSchema(addOnIds: readonly number[], integrationIds: readonly number[]) {
  return v.object({
    ...licenseFieldEntries,
    licenseType: v.pipe(v.string(), v.trim(), v.maxLength(100, LicenseMessages.licenseTypeTooLong)),
    environmentId: environmentField,
    expiryNotificationDays: notificationDaysField,
    ...Object.fromEntries(addOnIds.map((id) => [addonField(id), maximumField(LicenseMessages.valueRequired, LicenseMessages.valuePositive)])),
    ...Object.fromEntries(integrationIds.map((id) => [integrationField(id), v.boolean()])),
  });
}

/** A day picked in the date field, from milliseconds (local). */
export function dayOf(ms: number | null): string {
  if (ms === null) return '';
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The edit form's starting values. */
export function editFormInitial(
  license: License,
  addOnIds: readonly number[],
  limits: readonly LicenseAddon[],
  integrationIds: readonly number[],
  linked: ReadonlySet<number>,
) {
  const limitOf = new Map(limits.map((addon) => [addon.addOnId, addon.maxUsers]));
  const values: Record<string, string | boolean> = {
    name: license.name,
    company: license.company,
    licenseType: license.licenseType,
    environmentId: license.environmentId === null ? '' : String(license.environmentId),
    maxProjects: String(license.maxProjects),
    maxUsers: String(license.maxUsers),
    isActive: license.isActive,
    expiryDate: dayOf(license.expiryDate),
    expiryNotificationDays: license.expiryNotificationDays.join(', '),
  };
  for (const id of addOnIds) values[addonField(id)] = String(limitOf.get(id) ?? 0);
  for (const id of integrationIds) values[integrationField(id)] = linked.has(id);
  return values;
}

/** Parsed edit form values, read by field name. */
export type EditOutput = Record<string, unknown> & {
  name: string;
  company: string;
  licenseType: string;
  environmentId: number;
  maxProjects: number;
  maxUsers: number;
  isActive: boolean;
  expiryDate: number | null;
  expiryNotificationDays: number[];
};

/** The licence's fields that differ from what is stored: what updateLicense is sent (nothing when none). */
export function licenseChanges(license: License, output: EditOutput) {
  const changes: Partial<
    Pick<EditOutput, 'name' | 'company' | 'licenseType' | 'environmentId' | 'maxProjects' | 'maxUsers' | 'isActive' | 'expiryDate' | 'expiryNotificationDays'>
  > = {};
  if (output.name !== license.name) changes.name = output.name;
  if (output.company !== license.company) changes.company = output.company;
  if (output.licenseType !== license.licenseType) changes.licenseType = output.licenseType;
  if (output.environmentId !== license.environmentId) changes.environmentId = output.environmentId;
  if (output.maxProjects !== license.maxProjects) changes.maxProjects = output.maxProjects;
  if (output.maxUsers !== license.maxUsers) changes.maxUsers = output.maxUsers;
  if (output.isActive !== license.isActive) changes.isActive = output.isActive;
  // Compared by day: the field holds a day, the licence may hold a time of day.
  if (dayOf(output.expiryDate) !== dayOf(license.expiryDate)) changes.expiryDate = output.expiryDate;
  // Each day once, in the order typed: the order is the administrator's (the API keeps it too).
  const days = (list: readonly number[]) => JSON.stringify([...new Set(list)]);
  if (days(output.expiryNotificationDays) !== days(license.expiryNotificationDays)) changes.expiryNotificationDays = output.expiryNotificationDays;
  return changes;
}

/**
 * The product licence limits to send, when any changed: the whole offer (the API's rule), each
 * product licence with a limit other than 0 — one with zero users is left out (spec 1 §5).
 */
export function addonLimitsToSave(addOnIds: readonly number[], stored: readonly LicenseAddon[], output: Record<string, unknown>) {
  const before = new Map(stored.map((addon) => [addon.addOnId, addon.maxUsers]));
  const wanted = addOnIds.map((addOnId) => ({ addOnId, maxUsers: output[addonField(addOnId)] as number }));
  const changed = wanted.some((entry) => entry.maxUsers !== (before.get(entry.addOnId) ?? 0));
  return changed ? wanted.filter((entry) => entry.maxUsers !== 0) : null;
}
