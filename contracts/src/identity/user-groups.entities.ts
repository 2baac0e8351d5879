/** User groups: a named set of roles, projects and add-ons that its members receive. */
import * as v from 'valibot';
import { int, list } from '../common/fields';
import { pageOf } from '../common/page';

export const UserGroupSchema = v.looseObject({
  userGroupId: int,
  name: v.string(),
  licenseId: int,
  /** Ours: the licence's name, for the group list's License column. */
  licenseName: v.optional(v.string()),
  userIds: list(int),
  userCount: v.optional(int),
  addOnIds: list(int),
  roleIds: list(int),
  projectIds: list(int),
});
export type UserGroup = v.InferOutput<typeof UserGroupSchema>;

/** The columns the user group list sorts by (on the server). */
export const USER_GROUP_SORTS = ['name', 'userCount', 'licenseName'] as const;
export type UserGroupSort = (typeof USER_GROUP_SORTS)[number];

/** Query of GET userGroup/page (ours): a licence, a filter over the group's and licence's names, a zero-based page and an order. */
export type UserGroupPageQuery = { licenseId?: number; filter?: string; page?: number; pageSize?: number; sort?: UserGroupSort; dir?: 'asc' | 'desc' };

export const UserGroupPageSchema = pageOf(UserGroupSchema);
export type UserGroupPage = v.InferOutput<typeof UserGroupPageSchema>;

/** GET user/{userId}/userGroupInfo: the licence's groups, whether the user is in each, and what each grants. */
export const UserGroupMembershipSchema = v.looseObject({
  ...UserGroupSchema.entries,
  isMember: v.optional(v.boolean(), false),
});
export type UserGroupMembership = v.InferOutput<typeof UserGroupMembershipSchema>;

/** Body of POST userGroup/create, with the spec's own (PascalCase) names. */
export const UserGroupCreateSchema = v.object({
  LicenseId: int,
  Name: v.string(),
  RoleIds: v.array(int),
  ProjectIds: v.array(int),
  AddOnIds: v.array(int),
});
export type UserGroupCreate = v.InferOutput<typeof UserGroupCreateSchema>;

/** Body of POST userGroup/update/details: the name, unique in the licence. */
export const UserGroupDetailsUpdateSchema = v.object({ userGroupId: int, name: v.string() });
export type UserGroupDetailsUpdate = v.InferOutput<typeof UserGroupDetailsUpdateSchema>;

export const UserGroupAddonsUpdateSchema = v.object({ userGroupId: int, addOnIds: v.array(int) });
export type UserGroupAddonsUpdate = v.InferOutput<typeof UserGroupAddonsUpdateSchema>;

export const UserGroupProjectsUpdateSchema = v.object({ userGroupId: int, projectIds: v.array(int) });
export type UserGroupProjectsUpdate = v.InferOutput<typeof UserGroupProjectsUpdateSchema>;

export const UserGroupRolesUpdateSchema = v.object({ userGroupId: int, roleIds: v.array(int) });
export type UserGroupRolesUpdate = v.InferOutput<typeof UserGroupRolesUpdateSchema>;

/**
 * Body of POST userGroup/update/users (the group's members, replaced) and of
 * POST userGroup/update/userUserGroup (users added to the group, bulk assign).
 */
export const UserGroupUsersUpdateSchema = v.object({ userGroupId: int, userIds: v.array(int) });
export type UserGroupUsersUpdate = v.InferOutput<typeof UserGroupUsersUpdateSchema>;

/** Body of POST userGroup/deleteUsersByUserGroup: users to take out of one group, or of all their groups when no group is named. */
export const UserGroupUsersRemoveSchema = v.object({ userIds: v.array(int), userGroupId: v.optional(int) });
export type UserGroupUsersRemove = v.InferOutput<typeof UserGroupUsersRemoveSchema>;

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
