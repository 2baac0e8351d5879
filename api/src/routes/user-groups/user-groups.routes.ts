/**
 * User groups (contract area identity): the definitions of their calls — the groups of a
 * licence, one group with its members, creating one, changing its name, members, roles,
 * projects and product licences, and bulk assignment from the user list. Every change that
 * reaches members can be previewed (`?preview=true`, beyond the spec). user-groups.handlers.ts does them.
 */
import * as v from 'valibot';
import { GroupChangePreviewSchema, RoleGroupSchema, RoleItemSchema, USER_GROUP_SORTS, UserGroupMembershipSchema, UserGroupMessages, userGroupNameSchema, UserGroupSchema } from 'contracts/identity/model';
import { PORTAL_ROLES, Role } from 'shared/roles';
import { filterQuery, flagQuery, idParam, licenseIdQuery, pageQuery, pageReply, sortQuery, wholeNumber } from '../../http/params';
import { anyRole, MessageSchema, route } from '../../http/route';
import { UserProjectNodeSchema } from '../users/user-access.routes';

const int = v.pipe(v.number(), v.integer());
const userIds = (message: string) => v.pipe(v.optional(v.array(int, message), []), v.minLength(1, message), v.maxLength(5000));

/** Who assigns users to groups (spec 1 §6: user administration or role administration). */
export const GROUP_ASSIGN_ROLES = [Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_ROLE] as const;

export const AssignBodySchema = v.object({
  userGroupId: v.pipe(v.optional(v.nullable(v.number(UserGroupMessages.assignNeeds)), null), v.check((id) => typeof id === 'number' && Number.isInteger(id), UserGroupMessages.assignNeeds), v.transform((id) => id as number)),
  userIds: userIds(UserGroupMessages.assignNeeds),
});
const requiredId = (message: string) =>
  v.pipe(v.optional(v.nullable(v.number(message)), null), v.check((id) => typeof id === 'number' && Number.isInteger(id), message), v.transform((id) => id as number));
const ids = (name: string) => v.pipe(v.optional(v.array(int, `${name} must be a list of ids.`), []), v.maxLength(5000, `${name} must be a list of ids.`));
const groupId = requiredId('userGroupId is required.');

/** Body of POST userGroup/create, with the spec's PascalCase names. */
export const CreateBodySchema = v.object({
  LicenseId: requiredId(UserGroupMessages.licenseRequired),
  Name: userGroupNameSchema,
  RoleIds: ids('RoleIds'),
  ProjectIds: ids('ProjectIds'),
  AddOnIds: ids('AddOnIds'),
});
export const DetailsBodySchema = v.object({ userGroupId: groupId, name: userGroupNameSchema });
export const AddonsBodySchema = v.object({ userGroupId: groupId, addOnIds: ids('addOnIds') });
export const RolesBodySchema = v.object({ userGroupId: groupId, roleIds: ids('roleIds') });
export const ProjectsBodySchema = v.object({ userGroupId: groupId, projectIds: ids('projectIds') });
export const MembersBodySchema = v.object({ userGroupId: groupId, userIds: ids('userIds') });

/** A group as the list and the view show it; the view adds its members. */
const GroupReplySchema = v.object({ ...UserGroupSchema.entries, userCount: int, licenseName: v.string() });
const MemberSchema = v.object({ userId: int, userName: v.string(), firstName: v.string(), lastName: v.string(), email: v.string(), companyName: v.string() });
const GroupRoleGroupSchema = v.object({ ...RoleGroupSchema.entries, roles: v.array(v.object({ ...RoleItemSchema.entries })) });

const previewQuery = v.object({ preview: flagQuery('preview') });
const CHANGE_DESCRIPTION =
  'The change reaches every member at once, in one transaction. With `?preview=true` nothing changes and the answer says what each user would gain and lose (roles, projects, product licences) and how seats would move. When a product licence would pass its seat limit nothing changes and the answer is 210 with the spec’s message naming them.';
const changeAnswers = { 210: 'Nothing changed: a seat limit would be passed.', 400: 'A bad body, an id outside the group’s licence, or a change that would take ACCESS_ALL_CUSTOMER_LICENCES from the caller or the last active super administrator.', 403: 'Above the privilege ceiling: a member joining would hold administrative roles the caller does not, or projects the caller does not see; or a role the caller may not give.', 404: 'No such group in the caller’s scope.' };

export const RemoveBodySchema = v.object({ userIds: userIds(UserGroupMessages.unassignNeeds), userGroupId: v.optional(int) });

export const userGroupSpecs = {
  getUserGroups: route({
    method: 'GET',
    path: 'userGroup/getAll',
    area: 'identity',
    summary: 'User groups by name, with member count and what each grants: the caller’s licence’s, or a chosen licence’s (every licence’s for a super administrator who names none).',
    access: anyRole(...PORTAL_ROLES),
    query: v.object(licenseIdQuery),
    response: v.array(GroupReplySchema),
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  getUserGroupPage: route({
    method: 'GET',
    path: 'userGroup/page',
    area: 'identity',
    summary: 'A page of the user group list, with its total: the groups GET userGroup/getAll answers, filtered, sorted and paged on the server.',
    description:
      'The same groups and scope as GET userGroup/getAll. `filter` matches the group’s name or its licence’s name, ignoring case. `page` is zero-based (default 0), `pageSize` 1 to 200 (default 25); `sort` is name (default), userCount or licenseName, and `dir` asc (default) or desc; ties go by name, then id. A `licenseId` outside the caller’s scope answers 404.',
    access: anyRole(...PORTAL_ROLES),
    query: v.object({ ...licenseIdQuery, ...filterQuery, ...pageQuery, ...sortQuery(USER_GROUP_SORTS, 'name') }),
    response: pageReply(GroupReplySchema),
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  exportUserGroups: route({
    method: 'GET',
    path: 'userGroups.csv',
    area: 'identity',
    summary: 'Every user group of the list as CSV: the same filters, order and columns as the screen, streamed.',
    description:
      'Takes the query of `GET userGroup/page` without paging. Columns: Name, User Count, License (for callers who see every licence), Product Licenses. Cells that a spreadsheet would run as a formula start with an apostrophe.',
    access: anyRole(...PORTAL_ROLES),
    query: v.object({ ...licenseIdQuery, ...filterQuery, ...sortQuery(USER_GROUP_SORTS, 'name') }),
    produces: 'text/csv',
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  getUserGroupsOfUser: route({
    method: 'GET',
    path: 'userGroup/getByUserId',
    area: 'identity',
    summary: 'The user groups a user belongs to.',
    access: anyRole(...PORTAL_ROLES),
    query: v.object({ userId: wholeNumber('userId must be a user id.') }),
    response: v.array(GroupReplySchema),
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  getUserGroupInfo: route({
    method: 'GET',
    path: 'user/{userId}/userGroupInfo',
    area: 'identity',
    summary: 'The user groups of the user’s licence (or of `licenseId`), each with whether the user is a member and what it grants.',
    access: anyRole(...PORTAL_ROLES),
    params: idParam('userId'),
    query: v.object(licenseIdQuery),
    response: v.array(v.object({ ...UserGroupMembershipSchema.entries, isMember: v.boolean() })),
    answers: { 404: 'No such user or licence in the caller’s scope.' },
  }),

  getUserGroup: route({
    method: 'GET',
    path: 'userGroup/{userGroupId}/getById',
    area: 'identity',
    summary: 'One user group with what it grants and its members (ours: `members` with their names, for the members select).',
    access: anyRole(...PORTAL_ROLES),
    params: idParam('userGroupId'),
    response: v.object({ ...GroupReplySchema.entries, members: v.array(MemberSchema) }),
    answers: { 404: 'No such group in the caller’s scope.' },
  }),

  getUserGroupProjects: route({
    method: 'GET',
    path: 'userGroup/getProjects',
    area: 'identity',
    summary: 'The project tree of the group’s licence, as far as the caller sees it, each project marked when the group holds it.',
    access: anyRole(...PORTAL_ROLES),
    query: v.object({ userGroupId: wholeNumber('userGroupId must be a user group id.') }),
    response: v.array(UserProjectNodeSchema),
    answers: { 404: 'No such group in the caller’s scope.' },
  }),

  getUserGroupRoleInfo: route({
    method: 'GET',
    path: 'userGroup/{userGroupId}/roleInfo',
    area: 'identity',
    summary: 'The role groups the group may give (those of its product licences), each role with `appliedToUser` when the group gives it; and every role the group gives whatever its product, a group of a product licence the group lacks marked `missingProduct` (its name) with only those roles. Empty without a product licence and roles.',
    access: anyRole(...PORTAL_ROLES),
    params: idParam('userGroupId'),
    response: v.array(GroupRoleGroupSchema),
    answers: { 404: 'No such group in the caller’s scope.' },
  }),

  createUserGroup: route({
    method: 'POST',
    path: 'userGroup/create',
    area: 'identity',
    summary: 'Creates a user group in a licence (any licence only for ACCESS_ALL_CUSTOMER_LICENCES) with roles, projects and product licences, and no members.',
    description: 'The name is trimmed and unique in the licence, ignoring case (the database enforces it: 409 ‘User Group Name already exists.’). Roles need one of the group’s product licences; a caller without every licence gives only roles they hold.',
    access: anyRole(...GROUP_ASSIGN_ROLES),
    grants: ['roles', 'projects'],
    body: CreateBodySchema,
    response: GroupReplySchema,
    status: 201,
    answers: { 400: 'A missing name or licence, a name that is too long or holds invisible characters, or a role, project or product licence that cannot be given.', 403: 'A role the caller may not give, or a project the caller does not see (the privilege ceiling).', 404: 'The licence is outside the caller’s scope.', 409: 'The name is taken in the licence.' },
  }),

  updateUserGroupDetails: route({
    method: 'POST',
    path: 'userGroup/update/details',
    area: 'identity',
    summary: 'Renames a user group (trimmed, unique in the licence).',
    access: anyRole(...GROUP_ASSIGN_ROLES),
    grants: [],
    body: DetailsBodySchema,
    response: MessageSchema,
    answers: { 400: 'No name, or one that is too long or holds invisible characters.', 404: 'No such group in the caller’s scope.', 409: 'The name is taken in the licence.' },
  }),

  setUserGroupUsers: route({
    method: 'POST',
    path: 'userGroup/update/users',
    area: 'identity',
    summary: 'Sets a user group’s members (only users of the group’s licence).',
    description: CHANGE_DESCRIPTION,
    access: anyRole(...GROUP_ASSIGN_ROLES),
    grants: ['control'],
    query: previewQuery,
    body: MembersBodySchema,
    response: GroupChangePreviewSchema,
    answers: changeAnswers,
  }),

  setUserGroupAddons: route({
    method: 'POST',
    path: 'userGroup/update/addOns',
    area: 'identity',
    summary: 'Sets a user group’s product licences (offered by its licence; vendor and non-vendor ones not together). The group’s roles of a product it loses go too.',
    description: CHANGE_DESCRIPTION,
    access: anyRole(...GROUP_ASSIGN_ROLES),
    grants: [],
    query: previewQuery,
    body: AddonsBodySchema,
    response: GroupChangePreviewSchema,
    answers: changeAnswers,
  }),

  setUserGroupRoles: route({
    method: 'POST',
    path: 'userGroup/update/roles',
    area: 'identity',
    summary: 'Sets a user group’s roles: each added role needs one of the group’s product licences (one it already gives without its product licence may stay, or be left out to remove it); a caller without every licence gives only roles they hold.',
    description: CHANGE_DESCRIPTION,
    access: anyRole(...GROUP_ASSIGN_ROLES),
    grants: ['roles'],
    query: previewQuery,
    body: RolesBodySchema,
    response: GroupChangePreviewSchema,
    answers: { ...changeAnswers, 403: 'A role the caller may not give or remove (the privilege ceiling: an administrative role they do not hold, ACCESS_ALL_CUSTOMER_LICENCES unless a super administrator, a product role without role administration).' },
  }),

  setUserGroupProjects: route({
    method: 'POST',
    path: 'userGroup/update/projects',
    area: 'identity',
    summary: 'Sets a user group’s projects among those of its licence the caller sees (others it holds stay).',
    description: CHANGE_DESCRIPTION,
    access: anyRole(...GROUP_ASSIGN_ROLES),
    grants: ['projects'],
    query: previewQuery,
    body: ProjectsBodySchema,
    response: GroupChangePreviewSchema,
    answers: changeAnswers,
  }),

  assignUsersToUserGroup: route({
    method: 'POST',
    path: 'userGroup/update/userUserGroup',
    area: 'identity',
    summary: 'Adds users to a user group (the user list’s bulk assign); users already in it stay.',
    description:
      'Every user must belong to the group’s licence. ' + CHANGE_DESCRIPTION,
    access: anyRole(...GROUP_ASSIGN_ROLES),
    grants: ['control'],
    query: previewQuery,
    body: AssignBodySchema,
    response: GroupChangePreviewSchema,
    answers: { 210: 'Nothing changed: a seat limit would be passed.', 400: 'No group or no user, or a user of another licence.', 404: 'No such group in the caller’s scope.' },
  }),

  removeUsersFromUserGroups: route({
    method: 'POST',
    path: 'userGroup/deleteUsersByUserGroup',
    area: 'identity',
    summary: 'Takes users out of one user group, or out of all their groups when no `userGroupId` is named (the user list’s bulk unassign).',
    description:
      'Members lose what the groups gave them, and their own roles of a product licence they lose with it. Users of several licences: one change per licence, all in one transaction. With `?preview=true` nothing changes and the answer says what each user would lose (roles, projects, product licences) and how seats would move; otherwise the same answer with `Message`.',
    access: anyRole(...GROUP_ASSIGN_ROLES),
    grants: [],
    query: previewQuery,
    body: RemoveBodySchema,
    response: GroupChangePreviewSchema,
    answers: { 400: 'No user named.', 404: 'A group or user outside the caller’s scope.' },
  }),
};
