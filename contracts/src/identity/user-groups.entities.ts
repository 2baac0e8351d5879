/** User groups: a named set of roles, projects and add-ons that its members receive. */
import * as v from 'valibot';
import { int, list, text, tolerant } from '../common/fields';
import { pageOf } from '../common/page';

/** A group as the API's list and view answer it. */
export const UserGroupReplySchema = v.object({
  userGroupId: int,
  name: v.string(),
  licenseId: int,
  /** Ours: the licence's name, for the group list's License column. */
  licenseName: v.string(),
  userIds: list(int),
  userCount: int,
  addOnIds: list(int),
  roleIds: list(int),
  projectIds: list(int),
});

export const UserGroupSchema = tolerant(UserGroupReplySchema, { licenseName: v.optional(v.string()), userCount: v.optional(int) });
export type UserGroup = v.InferOutput<typeof UserGroupSchema>;

/** A member of a group as the API's view of the group lists them. */
export const UserGroupMemberReplySchema = v.object({
  userId: int,
  userName: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  companyName: v.string(),
});

/** A member of a group, as its view lists them. */
export const UserGroupMemberSchema = tolerant(UserGroupMemberReplySchema, { firstName: text(), lastName: text(), email: text(), companyName: text() });
export type UserGroupMember = v.InferOutput<typeof UserGroupMemberSchema>;

/** GET userGroup/{id}/getById: a group with its members (ours: the view lists them; the platform's API may not send them). */
export const UserGroupDetailSchema = v.looseObject({ ...UserGroupSchema.entries, members: list(UserGroupMemberSchema) });
export type UserGroupDetail = v.InferOutput<typeof UserGroupDetailSchema>;

/** GET userGroup/{id}/getById as the API answers it. */
export const UserGroupDetailReplySchema = v.object({ ...UserGroupReplySchema.entries, members: v.array(UserGroupMemberReplySchema) });

/** The columns the user group list sorts by (on the server). */
export const USER_GROUP_SORTS = ['name', 'userCount', 'licenseName'] as const;
export type UserGroupSort = (typeof USER_GROUP_SORTS)[number];

export const UserGroupPageSchema = pageOf(UserGroupSchema);
export type UserGroupPage = v.InferOutput<typeof UserGroupPageSchema>;

/** GET user/{userId}/userGroupInfo: the licence's groups, whether the user is in each, and what each grants. */
export const UserGroupMembershipReplySchema = v.object({ ...UserGroupSchema.entries, isMember: v.boolean() });
export const UserGroupMembershipSchema = tolerant(UserGroupMembershipReplySchema, { isMember: v.optional(v.boolean(), false) });
export type UserGroupMembership = v.InferOutput<typeof UserGroupMembershipSchema>;

/** Ours (beyond the spec): what one user gains and loses through a group change. */
export const AccessDeltaSchema = v.object({ roles: v.array(v.string()), projects: v.array(v.string()), addons: v.array(v.string()) });
export const UserAccessChangeSchema = v.object({ userId: int, userName: v.string(), gains: AccessDeltaSchema, loses: AccessDeltaSchema });
export type UserAccessChange = v.InferOutput<typeof UserAccessChangeSchema>;
/** Seats of an add-on before and after the change (maxUsers negative: unlimited). */
export const SeatChangeSchema = v.object({ addOnId: int, name: v.string(), before: int, after: int, maxUsers: int });
export type SeatChange = v.InferOutput<typeof SeatChangeSchema>;

/**
 * Ours (beyond the spec): the answer of a group change sent with `?preview=true` — the users
 * whose roles, projects or product licences would change, and the seats that would move;
 * nothing is changed. `Message` is the spec's seat-limit warning when the change would be refused.
 */
export const GroupChangePreviewSchema = v.object({
  users: v.array(UserAccessChangeSchema),
  seats: v.array(SeatChangeSchema),
  Message: v.optional(v.string()),
});
export type GroupChangePreview = v.InferOutput<typeof GroupChangePreviewSchema>;
