/**
 * The user form (spec 1 §5), one schema for the screen and the API: userName (new users
 * only), firstName, lastName and a valid email are required; phone, company, position and
 * comment are optional. Every text is trimmed and bounded (a longer one is the field's
 * message, never a server error), and names hold no invisible or control character.
 */
import * as v from 'valibot';
import { requiredText } from '../auth/auth.forms';
import { idIn, visibleName } from '../common/fields';
import { UserMessages } from './identity.messages';

/** Characters a username cannot hold: it is a path segment and a sign-in name. */
const USER_NAME = /^[^\s/\\?#%]+$/;

const optionalText = (max: number, tooLong: string) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, tooLong)), '');

export const userNameSchema = v.pipe(
  requiredText(UserMessages.userNameRequired),
  v.maxLength(256, UserMessages.userNameTooLong),
  visibleName(UserMessages.userNameInvisible),
  v.regex(USER_NAME, UserMessages.userNameInvalid),
);

/** A first or last name: required, at most 100 characters, nothing invisible. */
const personName = (required: string, tooLong: string, invisible: string) => v.pipe(requiredText(required), v.maxLength(100, tooLong), visibleName(invisible));

/** The details every user has, as the form edits them. */
export const userDetailsEntries = {
  firstName: personName(UserMessages.firstNameRequired, UserMessages.firstNameTooLong, UserMessages.firstNameInvisible),
  lastName: personName(UserMessages.lastNameRequired, UserMessages.lastNameTooLong, UserMessages.lastNameInvisible),
  // 254: the longest address SMTP delivers (RFC 5321).
  email: v.pipe(requiredText(UserMessages.emailInvalid), v.maxLength(254, UserMessages.emailTooLong), v.email(UserMessages.emailInvalid)),
  phoneNumber: optionalText(50, UserMessages.phoneNumberTooLong),
  companyName: optionalText(200, UserMessages.companyNameTooLong),
  position: optionalText(200, UserMessages.positionTooLong),
  comment: optionalText(2000, UserMessages.commentTooLong),
};

/** The form's fields for a new or duplicated user. */
export const NewUserFormSchema = v.object({ userName: userNameSchema, ...userDetailsEntries });
export type NewUserForm = v.InferOutput<typeof NewUserFormSchema>;

/** The form's fields for an existing user (the username is fixed). */
export const UserDetailsFormSchema = v.object(userDetailsEntries);
export type UserDetailsForm = v.InferOutput<typeof UserDetailsFormSchema>;

/** Body of POST users/{username} and POST users/{username}/copy/{copy}, as the API reads it. */
export const UserCreateBodySchema = v.object({
  ...NewUserFormSchema.entries,
  /** The licence of the new user; the caller's own when left out (a copy takes its source's). */
  licenseId: v.optional(idIn(UserMessages.licenseUnknown)),
  isSsoUser: v.optional(v.boolean(), false),
  isApproved: v.optional(v.boolean(), true),
  isLockedOut: v.optional(v.boolean(), false),
  twoFactorEnabled: v.optional(v.boolean(), false),
});
export type UserCreateBody = v.InferOutput<typeof UserCreateBodySchema>;
export type UserCreateInput = v.InferInput<typeof UserCreateBodySchema>;

/** Body of PUT users/{username}: any of the details and flags; the list's toggles send one flag. */
export const UserUpdateBodySchema = v.object({
  /** Only ever the user's own (the username cannot change); bounded like the form's. */
  userName: v.optional(v.pipe(v.string(), v.maxLength(256, UserMessages.userNameTooLong))),
  ...v.partial(UserDetailsFormSchema).entries,
  isSsoUser: v.optional(v.boolean()),
  isApproved: v.optional(v.boolean()),
  isLockedOut: v.optional(v.boolean()),
  twoFactorEnabled: v.optional(v.boolean()),
});
export type UserUpdateBody = v.InferOutput<typeof UserUpdateBodySchema>;
export type UserUpdateInput = v.InferInput<typeof UserUpdateBodySchema>;
