/**
 * The user form (spec 1 §5), one schema for the screen and the API: userName (new users
 * only), firstName, lastName and a valid email are required; phone, company, position and
 * comment are optional. Every text is trimmed.
 */
import * as v from 'valibot';
import { requiredText } from '../auth/auth.forms';
import { UserMessages } from './identity.messages';

/** Characters a username cannot hold: it is a path segment and a sign-in name. */
const USER_NAME = /^[^\s/\\?#%]+$/;

const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `At most ${max} characters.`)), '');

export const userNameSchema = v.pipe(
  requiredText(UserMessages.userNameRequired),
  v.maxLength(256, 'At most 256 characters.'),
  v.regex(USER_NAME, UserMessages.userNameInvalid),
);

/** The details every user has, as the form edits them. */
export const userDetailsEntries = {
  firstName: v.pipe(requiredText(UserMessages.firstNameRequired), v.maxLength(100, 'At most 100 characters.')),
  lastName: v.pipe(requiredText(UserMessages.lastNameRequired), v.maxLength(100, 'At most 100 characters.')),
  email: v.pipe(requiredText(UserMessages.emailInvalid), v.maxLength(256, UserMessages.emailInvalid), v.email(UserMessages.emailInvalid)),
  phoneNumber: optionalText(50),
  companyName: optionalText(200),
  position: optionalText(200),
  comment: optionalText(2000),
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
  licenseId: v.optional(v.pipe(v.number(UserMessages.licenseUnknown), v.integer(UserMessages.licenseUnknown))),
  isSsoUser: v.optional(v.boolean(), false),
  isApproved: v.optional(v.boolean(), true),
  isLockedOut: v.optional(v.boolean(), false),
  twoFactorEnabled: v.optional(v.boolean(), false),
});
export type UserCreateBody = v.InferOutput<typeof UserCreateBodySchema>;
export type UserCreateInput = v.InferInput<typeof UserCreateBodySchema>;

/** Body of PUT users/{username}: any of the details and flags; the list's toggles send one flag. */
export const UserUpdateBodySchema = v.object({
  userName: v.optional(v.string()),
  ...v.partial(UserDetailsFormSchema).entries,
  isSsoUser: v.optional(v.boolean()),
  isApproved: v.optional(v.boolean()),
  isLockedOut: v.optional(v.boolean()),
  twoFactorEnabled: v.optional(v.boolean()),
});
export type UserUpdateBody = v.InferOutput<typeof UserUpdateBodySchema>;
export type UserUpdateInput = v.InferInput<typeof UserUpdateBodySchema>;
