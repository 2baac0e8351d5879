/**
 * The user group calls (contract area identity), one endpoint object each: the console's call
 * functions (user-groups.calls.ts) and the API's routes (api/src/routes/user-groups) are made
 * from them. Every change that reaches members can be previewed (ours, beyond the spec): a
 * preview endpoint sends the change's own body to the change's own path with `?preview=true`
 * and reads what it would do, without changing anything.
 */
import * as v from 'valibot';
import { PORTAL_ROLES, Role } from 'shared/roles';
import { anyRole, endpoint, endpointGroup, previewOf } from '../common/endpoint';
import { idIn, idList, requiredId } from '../common/fields';
import { filterQuery, flagQuery, idParam, licenseIdQuery, pageQuery, sortQuery, wholeNumber } from '../common/params';
import { MessageReplySchema, WarningReplySchema } from '../common/replies.entities';
import { ProjectTreeNodeSchema } from '../projects-sites/projects.entities';
import { UserGroupMessages } from './identity.messages';
import { RoleGroupSchema } from './roles.entities';
import {
  GroupChangePreviewSchema,
  USER_GROUP_SORTS,
  UserGroupMembershipSchema,
  UserGroupPageSchema,
  UserGroupDetailSchema,
  UserGroupSchema,
} from './user-groups.entities';
import { userGroupNameSchema } from './user-groups.forms';

/** Who opens user groups (spec 1 §6: the portal roles). */
const portal = anyRole(...PORTAL_ROLES);
/** Who creates and changes user groups and assigns users to them (spec 1 §6: user administration or role administration). */
const groupAdmin = anyRole(Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_ROLE);

// ------------------------------------------------------------------ queries

/** GET userGroup/getAll's and user/{userId}/userGroupInfo's licence. */
const LicenseQuerySchema = v.object(licenseIdQuery);
const UserGroupSortQuery = sortQuery(USER_GROUP_SORTS, 'name');

/** Query of GET userGroup/page (ours): a licence, a filter over the group's and licence's names, a zero-based page and an order. */
export const UserGroupPageQuerySchema = v.object({ ...licenseIdQuery, ...filterQuery, ...pageQuery, ...UserGroupSortQuery });

/** A change that reaches members: `?preview=true` answers what it would do and changes nothing. */
const PreviewQuerySchema = v.object({ preview: flagQuery('preview') });

// ------------------------------------------------------------------ bodies

/** A list of ids, empty when left out, at most 5,000. */
const ids = (name: string) => v.optional(idList(`${name} must be a list of ids.`), []);
/** The users a bulk change names: at least one, at most 5,000. */
const someUserIds = (message: string) => v.pipe(v.optional(idList(message), []), v.minLength(1, message));
const groupId = requiredId('userGroupId is required.');

/** Body of POST userGroup/create, with the spec's own (PascalCase) names. */
export const UserGroupCreateBodySchema = v.object({
  LicenseId: requiredId(UserGroupMessages.licenseRequired),
  Name: userGroupNameSchema,
  RoleIds: ids('RoleIds'),
  ProjectIds: ids('ProjectIds'),
  AddOnIds: ids('AddOnIds'),
});
export type UserGroupCreate = v.InferInput<typeof UserGroupCreateBodySchema>;

/** Body of POST userGroup/update/details: the name, unique in the licence. */
export const UserGroupDetailsBodySchema = v.object({ userGroupId: groupId, name: userGroupNameSchema });
/** Body of POST userGroup/update/addOns. */
export const UserGroupAddonsBodySchema = v.object({ userGroupId: groupId, addOnIds: ids('addOnIds') });
/** Body of POST userGroup/update/roles. */
export const UserGroupRolesBodySchema = v.object({ userGroupId: groupId, roleIds: ids('roleIds') });
/** Body of POST userGroup/update/projects. */
export const UserGroupProjectsBodySchema = v.object({ userGroupId: groupId, projectIds: ids('projectIds') });
/** Body of POST userGroup/update/users: the group's members, replaced. */
export const UserGroupUsersBodySchema = v.object({ userGroupId: groupId, userIds: ids('userIds') });

/** Body of POST userGroup/update/userUserGroup: users added to the group (the user list's bulk assign). */
export const UserGroupAssignBodySchema = v.object({
  userGroupId: requiredId(UserGroupMessages.assignNeeds),
  userIds: someUserIds(UserGroupMessages.assignNeeds),
});

/** Body of POST userGroup/deleteUsersByUserGroup: users to take out of one group, or of all their groups when no group is named. */
export const UserGroupUsersRemoveBodySchema = v.object({
  userIds: someUserIds(UserGroupMessages.unassignNeeds),
  userGroupId: v.optional(idIn('userGroupId must be a user group id.')),
});

// ------------------------------------------------------------------ the endpoints

const removeUsersFromUserGroups = endpoint({
  method: 'POST',
  path: 'userGroup/deleteUsersByUserGroup',
  summary: 'Takes users out of one user group, or out of all their groups when no `userGroupId` is named (the user list’s bulk unassign).',
  access: groupAdmin,
  query: PreviewQuerySchema,
  body: UserGroupUsersRemoveBodySchema,
  reply: MessageReplySchema,
});

const setUserGroupAddons = endpoint({
  method: 'POST',
  path: 'userGroup/update/addOns',
  summary:
    'Sets a user group’s product licences (offered by its licence; vendor and non-vendor ones not together). The group’s roles of a product it loses go too.',
  access: groupAdmin,
  query: PreviewQuerySchema,
  body: UserGroupAddonsBodySchema,
  reply: WarningReplySchema,
  replyKind: 'status',
});

const setUserGroupProjects = endpoint({
  method: 'POST',
  path: 'userGroup/update/projects',
  summary: 'Sets a user group’s projects among those of its licence the caller sees (others it holds stay).',
  access: groupAdmin,
  query: PreviewQuerySchema,
  body: UserGroupProjectsBodySchema,
  reply: WarningReplySchema,
  replyKind: 'status',
});

const setUserGroupRoles = endpoint({
  method: 'POST',
  path: 'userGroup/update/roles',
  summary:
    'Sets a user group’s roles: each added role needs one of the group’s product licences (one it already ' +
    'gives without its product licence may stay, or be left out to remove it); a caller without every ' +
    'licence gives only roles they hold.',
  access: groupAdmin,
  query: PreviewQuerySchema,
  body: UserGroupRolesBodySchema,
  reply: WarningReplySchema,
  replyKind: 'status',
});

const setUserGroupUsers = endpoint({
  method: 'POST',
  path: 'userGroup/update/users',
  summary: 'Sets a user group’s members (only users of the group’s licence).',
  access: groupAdmin,
  query: PreviewQuerySchema,
  body: UserGroupUsersBodySchema,
  reply: WarningReplySchema,
  replyKind: 'status',
});

const assignUsersToUserGroup = endpoint({
  method: 'POST',
  path: 'userGroup/update/userUserGroup',
  summary: 'Adds users to a user group (the user list’s bulk assign); users already in it stay.',
  access: groupAdmin,
  query: PreviewQuerySchema,
  body: UserGroupAssignBodySchema,
  reply: WarningReplySchema,
  replyKind: 'status',
});

export const userGroupEndpoints = endpointGroup('identity', {
  getUserGroupInfo: endpoint({
    method: 'GET',
    path: 'user/{userId}/userGroupInfo',
    summary: 'The user groups of the user’s licence (or of `licenseId`), each with whether the user is a member and what it grants.',
    access: portal,
    params: idParam('userId'),
    query: LicenseQuerySchema,
    reply: v.array(UserGroupMembershipSchema),
  }),

  createUserGroup: endpoint({
    method: 'POST',
    path: 'userGroup/create',
    summary: 'Creates a user group in a licence (any licence only for ACCESS_ALL_CUSTOMER_LICENCES) with roles, projects and product licences, and no members.',
    access: groupAdmin,
    body: UserGroupCreateBodySchema,
    reply: UserGroupSchema,
  }),

  getUserGroups: endpoint({
    method: 'GET',
    path: 'userGroup/getAll',
    summary:
      'User groups by name, with member count and what each grants: the caller’s licence’s, or a chosen ' +
      'licence’s (every licence’s for a super administrator who names none).',
    access: portal,
    query: LicenseQuerySchema,
    reply: v.array(UserGroupSchema),
  }),

  getUserGroupPage: endpoint({
    method: 'GET',
    path: 'userGroup/page',
    summary: 'A page of the user group list, with its total: the groups GET userGroup/getAll answers, filtered, sorted and paged on the server.',
    access: portal,
    query: UserGroupPageQuerySchema,
    reply: UserGroupPageSchema,
  }),

  exportUserGroups: endpoint({
    method: 'GET',
    path: 'userGroups.csv',
    summary: 'Every user group of the list as CSV: the same filters, order and columns as the screen, streamed.',
    access: portal,
    query: v.object({ ...licenseIdQuery, ...filterQuery, ...UserGroupSortQuery }),
    reply: v.unknown(),
    replyKind: 'file',
  }),

  getUserGroupsOfUser: endpoint({
    method: 'GET',
    path: 'userGroup/getByUserId',
    summary: 'The user groups a user belongs to.',
    access: portal,
    query: v.object({ userId: wholeNumber('userId must be a user id.') }),
    reply: v.array(UserGroupSchema),
  }),

  getUserGroup: endpoint({
    method: 'GET',
    path: 'userGroup/{id}/getById',
    summary: 'One user group with what it grants and its members (ours: `members` with their names, for the members select).',
    access: portal,
    params: idParam('id'),
    reply: UserGroupDetailSchema,
  }),

  getUserGroupProjects: endpoint({
    method: 'GET',
    path: 'userGroup/getProjects',
    summary: 'The project tree of the group’s licence, as far as the caller sees it, each project marked when the group holds it.',
    access: portal,
    query: v.object({ userGroupId: wholeNumber('userGroupId must be a user group id.') }),
    reply: v.array(ProjectTreeNodeSchema),
  }),

  getUserGroupRoleInfo: endpoint({
    method: 'GET',
    path: 'userGroup/{id}/roleInfo',
    summary:
      'The role groups the group may give (those of its product licences), each role with `appliedToUser` ' +
      'when the group gives it; and every role the group gives whatever its product, a group of a product ' +
      'licence the group lacks marked `missingProduct` (its name) with only those roles. Empty without a ' +
      'product licence and roles.',
    access: portal,
    params: idParam('id'),
    reply: v.array(RoleGroupSchema),
  }),

  removeUsersFromUserGroups,

  previewRemoveUsersFromUserGroups: previewOf(removeUsersFromUserGroups, {
    summary: 'Ours: what the bulk unassign would take from each user (roles, projects, product licences), and how seats would move, without changing anything.',
    reply: GroupChangePreviewSchema,
  }),

  setUserGroupAddons,

  previewSetUserGroupAddons: previewOf(setUserGroupAddons, {
    summary: 'Ours: what setting the group’s product licences would do to its members and seats, without changing anything.',
    reply: GroupChangePreviewSchema,
  }),

  setUserGroupProjects,

  previewSetUserGroupProjects: previewOf(setUserGroupProjects, {
    summary: 'Ours: what setting the group’s projects would do to its members, without changing anything.',
    reply: GroupChangePreviewSchema,
  }),

  updateUserGroupDetails: endpoint({
    method: 'POST',
    path: 'userGroup/update/details',
    summary: 'Renames a user group (trimmed, unique in the licence).',
    access: groupAdmin,
    body: UserGroupDetailsBodySchema,
    reply: MessageReplySchema,
  }),

  setUserGroupRoles,

  previewSetUserGroupRoles: previewOf(setUserGroupRoles, {
    summary: 'Ours: what setting the group’s roles would do to its members, without changing anything.',
    reply: GroupChangePreviewSchema,
  }),

  setUserGroupUsers,

  previewSetUserGroupUsers: previewOf(setUserGroupUsers, {
    summary:
      'Ours: what setting the group’s members would do — users gaining and losing roles, projects and product licences, and seats — without changing anything.',
    reply: GroupChangePreviewSchema,
  }),

  assignUsersToUserGroup,

  previewAssignUsersToUserGroup: previewOf(assignUsersToUserGroup, {
    summary: 'Ours: what adding the users to the group would give them, and how seats would move, without changing anything.',
    reply: GroupChangePreviewSchema,
  }),
});
