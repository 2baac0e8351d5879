/** A user, the bodies that create and change one, and the user tabs' answers. */
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
  lastPasswordChangeDate: maybeDate(),
  addons: list(AddonBadgeSchema),
  userData: v.optional(
    v.looseObject({ vendors: list(v.looseObject({ vendorId: int, name: v.optional(v.string()), addOnId: v.optional(int) })) }),
    () => ({ vendors: [] }),
  ),
  userGroups: list(v.looseObject({ userGroupId: int, name: v.string() })),
});
export type User = v.InferOutput<typeof UserSchema>;

/** The columns the user list sorts by (on the server); the screen's header cells name them. */
export const USER_SORTS = ['userName', 'fullName', 'licenseName', 'companyName', 'position', 'isApproved', 'isLockedOut'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** Query of GET users (server-paged; `page` is zero-based) and of GET users.csv (no paging). */
export type UserListQuery = {
  licenseId?: number;
  activeOnly?: boolean;
  filter?: string;
  page?: number;
  pageSize?: number;
  sort?: UserSort;
  dir?: 'asc' | 'desc';
};

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

/** Body of PUT users/{username}/password: set by hand, e-mail a generated one, or e-mail a reset link. */
export const UserPasswordChangeSchema = v.variant('mode', [
  /** `currentPassword` is required when users change their own password. */
  v.object({ mode: v.literal('manual'), password: v.string(), currentPassword: v.optional(v.string()) }),
  v.object({ mode: v.literal('auto') }),
  v.object({ mode: v.literal('link') }),
]);
export type UserPasswordChange = v.InferOutput<typeof UserPasswordChangeSchema>;

/** Body of POST users/{username}/projects; licenseId is required ('LicenseId is required.'). */
export const UserProjectsUpdateSchema = v.object({ licenseId: int, projectIds: v.array(int) });
export type UserProjectsUpdate = v.InferOutput<typeof UserProjectsUpdateSchema>;

/** Body of POST users/{username}/imports: which import systems are enabled for the user. */
export const UserImportsUpdateSchema = v.array(v.object({ configId: int, enabled: v.boolean() }));
export type UserImportsUpdate = v.InferOutput<typeof UserImportsUpdateSchema>;

/** Body of PATCH users/{username}/reports: hand assignments to change. */
export const UserReportsUpdateSchema = v.array(v.object({ reportId: int, assigned: v.boolean() }));
export type UserReportsUpdate = v.InferOutput<typeof UserReportsUpdateSchema>;

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
  isSsoUser: v.boolean(),
  addons: v.array(AddonBadgeSchema),
});
export type UserListItem = v.InferOutput<typeof UserListItemSchema>;

export const UserPageSchema = pageOf(UserListItemSchema);
export type UserPage = v.InferOutput<typeof UserPageSchema>;
