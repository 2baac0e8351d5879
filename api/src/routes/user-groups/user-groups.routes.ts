/**
 * User groups (contract area identity): the definitions of their calls — the groups of a
 * licence, one group with its members, creating one, changing its name, members, roles,
 * projects and product licences, and bulk assignment from the user list. Every change that
 * reaches members can be previewed (`?preview=true`, beyond the spec). user-groups.handlers.ts does them.
 */
import * as v from 'valibot';
import {
  GroupChangePreviewSchema,
  RoleGroupReplySchema,
  UserGroupDetailReplySchema,
  UserGroupMembershipReplySchema,
  UserGroupReplySchema,
  userGroupEndpoints as api,
} from 'contracts/identity/model';
import { ProjectTreeNodeReplySchema } from 'contracts/projects-sites/model';
import { pageReply } from '../../http/params';
import { MessageSchema, route } from '../../http/route';
import { entity, list, byHandler } from '../../http/licence-scope';

const CHANGE_DESCRIPTION =
  'The change reaches every member at once, in one transaction. With `?preview=true` nothing changes ' +
  'and the answer says what each user would gain and lose (roles, projects, product licences) and how ' +
  'seats would move. When a product licence would pass its seat limit nothing changes and the answer is ' +
  '210 with the spec’s message naming them.';
const changeAnswers = {
  210: 'Nothing changed: a seat limit would be passed.',
  400:
    'A bad body, an id outside the group’s licence, or a change that would take ' +
    'ACCESS_ALL_CUSTOMER_LICENCES from the caller or the last active super administrator.',
  403:
    'Above the privilege ceiling: a member joining would hold administrative roles the caller does not, ' +
    'or projects the caller does not see; or a role the caller may not give.',
  404: 'No such group in the caller’s scope.',
};

export const userGroupSpecs = {
  getUserGroups: route(api.getUserGroups, {
    scope: list,
    response: v.array(UserGroupReplySchema),
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  getUserGroupPage: route(api.getUserGroupPage, {
    scope: list,
    description:
      'The same groups and scope as GET userGroup/getAll. `filter` matches the group’s name or its ' +
      'licence’s name, ignoring case. `page` is zero-based (default 0), `pageSize` 1 to 200 (default 25); ' +
      '`sort` is name (default), userCount or licenseName, and `dir` asc (default) or desc; ties go by ' +
      'name, then id. A `licenseId` outside the caller’s scope answers 404.',
    response: pageReply(UserGroupReplySchema),
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  exportUserGroups: route(api.exportUserGroups, {
    scope: list,
    description:
      'Takes the query of `GET userGroup/page` without paging. Columns: Name, User Count, License (for ' +
      'callers who see every licence), Product Licenses. Cells that a spreadsheet would run as a formula ' +
      'start with an apostrophe.',
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  getUserGroupsOfUser: route(api.getUserGroupsOfUser, {
    scope: byHandler('the query’s userId: its user must be in the caller’s scope (404)'),
    response: v.array(UserGroupReplySchema),
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  getUserGroupInfo: route(api.getUserGroupInfo, {
    scope: entity('user', 'userId'),
    response: v.array(UserGroupMembershipReplySchema),
    answers: { 404: 'No such user or licence in the caller’s scope.' },
  }),

  getUserGroup: route(api.getUserGroup, {
    scope: entity('user-group', 'id'),
    response: UserGroupDetailReplySchema,
    answers: { 404: 'No such group in the caller’s scope.' },
  }),

  getUserGroupProjects: route(api.getUserGroupProjects, {
    scope: byHandler('the query’s userGroupId: its group must be in the caller’s scope (404)'),
    response: v.array(ProjectTreeNodeReplySchema),
    answers: { 404: 'No such group in the caller’s scope.' },
  }),

  getUserGroupRoleInfo: route(api.getUserGroupRoleInfo, {
    scope: entity('user-group', 'id'),
    response: v.array(RoleGroupReplySchema),
    answers: { 404: 'No such group in the caller’s scope.' },
  }),

  createUserGroup: route(api.createUserGroup, {
    scope: byHandler('the body’s LicenseId (404 outside the scope) or the caller’s own'),
    description:
      'The name is trimmed and unique in the licence, ignoring case (the database enforces it: 409 ‘User ' +
      'Group Name already exists.’). Roles need one of the group’s product licences; a caller without every ' +
      'licence gives only roles they hold.',
    grants: ['roles', 'projects'],
    response: UserGroupReplySchema,
    status: 201,
    answers: {
      400: 'A missing name or licence, a name that is too long or holds invisible characters, or a role, project or product licence that cannot be given.',
      403: 'A role the caller may not give, or a project the caller does not see (the privilege ceiling).',
      404: 'The licence is outside the caller’s scope.',
      409: 'The name is taken in the licence.',
    },
  }),

  updateUserGroupDetails: route(api.updateUserGroupDetails, {
    scope: byHandler('the body’s userGroupId (and userIds): each in the caller’s scope (404), in one transaction (domain/group-changes.ts)'),
    grants: [],
    response: MessageSchema,
    answers: {
      400: 'No name, or one that is too long or holds invisible characters.',
      404: 'No such group in the caller’s scope.',
      409: 'The name is taken in the licence.',
    },
  }),

  setUserGroupUsers: route(api.setUserGroupUsers, {
    scope: byHandler('the body’s userGroupId (and userIds): each in the caller’s scope (404), in one transaction (domain/group-changes.ts)'),
    description: CHANGE_DESCRIPTION,
    grants: ['control'],
    response: GroupChangePreviewSchema,
    answers: changeAnswers,
  }),

  setUserGroupAddons: route(api.setUserGroupAddons, {
    scope: byHandler('the body’s userGroupId (and userIds): each in the caller’s scope (404), in one transaction (domain/group-changes.ts)'),
    description: CHANGE_DESCRIPTION,
    grants: [],
    response: GroupChangePreviewSchema,
    answers: changeAnswers,
  }),

  setUserGroupRoles: route(api.setUserGroupRoles, {
    scope: byHandler('the body’s userGroupId (and userIds): each in the caller’s scope (404), in one transaction (domain/group-changes.ts)'),
    description: CHANGE_DESCRIPTION,
    grants: ['roles'],
    response: GroupChangePreviewSchema,
    answers: {
      ...changeAnswers,
      403:
        'A role the caller may not give or remove (the privilege ceiling: an administrative role they do not ' +
        'hold, ACCESS_ALL_CUSTOMER_LICENCES unless a super administrator, a product role without role ' +
        'administration).',
    },
  }),

  setUserGroupProjects: route(api.setUserGroupProjects, {
    scope: byHandler('the body’s userGroupId (and userIds): each in the caller’s scope (404), in one transaction (domain/group-changes.ts)'),
    description: CHANGE_DESCRIPTION,
    grants: ['projects'],
    response: GroupChangePreviewSchema,
    answers: changeAnswers,
  }),

  assignUsersToUserGroup: route(api.assignUsersToUserGroup, {
    scope: byHandler('the body’s userGroupId (and userIds): each in the caller’s scope (404), in one transaction (domain/group-changes.ts)'),
    description: 'Every user must belong to the group’s licence. ' + CHANGE_DESCRIPTION,
    grants: ['control'],
    response: GroupChangePreviewSchema,
    answers: {
      210: 'Nothing changed: a seat limit would be passed.',
      400: 'No group or no user, or a user of another licence.',
      404: 'No such group in the caller’s scope.',
    },
  }),

  removeUsersFromUserGroups: route(api.removeUsersFromUserGroups, {
    scope: byHandler('the body’s userGroupId (and userIds): each in the caller’s scope (404), in one transaction (domain/group-changes.ts)'),
    description:
      'Members lose what the groups gave them, and their own roles of a product licence they lose with it. ' +
      'Users of several licences: one change per licence, all in one transaction. With `?preview=true` ' +
      'nothing changes and the answer says what each user would lose (roles, projects, product licences) ' +
      'and how seats would move; otherwise the same answer with `Message`.',
    grants: [],
    response: GroupChangePreviewSchema,
    answers: { 400: 'No user named.', 404: 'A group or user outside the caller’s scope.' },
  }),
};
