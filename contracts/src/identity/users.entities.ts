/** A user, the user list and the user tabs' answers (the bodies are the endpoints', users.endpoints.ts and users.forms.ts). */
import * as v from 'valibot';
import { pageOf } from '../common/page';
import { AddonBadgeSchema } from './addons.entities';
import { flag, int, list, maybeDate, text } from '../common/fields';

/** GET users/{username}: one user with the details tab's dates, add-ons, vendors and groups. */
export const UserSchema = v.looseObject({
  userId: int,
  userName: v.string(),
  firstName: text(),
  lastName: text(),
  email: text(),
  phoneNumber: text(),
  companyName: text(),
  position: text(),
  comment: text(),
  licenseId: int,
  isApproved: v.boolean(),
  isLockedOut: v.boolean(),
  isSsoUser: v.boolean(),
  isSsoInitial: flag(),
  twoFactorEnabled: flag(),
  mustUpdatePassword: flag(),
  createDate: maybeDate(),
  lastActivityDate: maybeDate(),
  lastLoginDate: maybeDate(),
  lastLockedDate: maybeDate(),
  /** Ours (issue 36): the end of a temporary lock after failed sign-ins, while it lasts; isLockedOut is the explicit lock. */
  lockedUntil: maybeDate(),
  lastPasswordChangeDate: maybeDate(),
  addons: list(AddonBadgeSchema),
  userData: v.optional(v.looseObject({ vendors: list(v.looseObject({ vendorId: int, name: v.optional(v.string()), addOnId: v.optional(int) })) }), () => ({
    vendors: [],
  })),
  userGroups: list(v.looseObject({ userGroupId: int, name: v.string() })),
});
export type User = v.InferOutput<typeof UserSchema>;

/** The columns the user list sorts by (on the server); the screen's header cells name them. */
export const USER_SORTS = ['userName', 'fullName', 'licenseName', 'companyName', 'position', 'isApproved', 'isLockedOut'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** GET users/{username}/password: the password tab's state. */
export const UserPasswordStateSchema = v.looseObject({
  userName: v.string(),
  isSsoUser: v.boolean(),
  isSsoInitial: flag(),
  mustUpdatePassword: v.boolean(),
  lastPasswordChangeDate: maybeDate(),
  isLockedOut: flag(),
  lastLockedDate: maybeDate(),
});
export type UserPasswordState = v.InferOutput<typeof UserPasswordStateSchema>;

// ------------------------------------------------------------------ the user list

export const UserListItemSchema = v.looseObject({
  userId: int,
  userName: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  fullName: v.string(),
  email: v.string(),
  licenseId: int,
  licenseName: v.string(),
  companyName: v.string(),
  position: v.string(),
  isApproved: v.boolean(),
  isLockedOut: v.boolean(),
  /** Ours (issue 36): the end of a temporary lock after failed sign-ins, while it lasts. */
  lockedUntil: maybeDate(),
  isSsoUser: v.boolean(),
  addons: v.array(AddonBadgeSchema),
});
export type UserListItem = v.InferOutput<typeof UserListItemSchema>;

export const UserPageSchema = pageOf(UserListItemSchema);
export type UserPage = v.InferOutput<typeof UserPageSchema>;
