import { screenAccess } from 'contracts/common/endpoint';
import { userGroupEndpoints } from 'contracts/identity/model';
import { defineRoute } from 'shared';

/** Who creates and changes user groups: whoever may call createUserGroup (spec 1 §6: user administration or role administration). */
export const GROUP_ADMIN_ROLES = userGroupEndpoints.createUserGroup.access.roles;

/** A new user group, and one started from a user (spec 1 §2: UserGroupNew, UserGroupFromUser). */
export const userGroupNewRoute = defineRoute({
  id: 'userGroup.new',
  path: '/userGroups/new',
  lazy: () => import('./UserGroupNewPage'),
  handle: { roles: screenAccess(userGroupEndpoints.createUserGroup), title: 'New user group' },
});
export const userGroupFromUserRoute = defineRoute({
  id: 'userGroup.fromUser',
  path: '/userGroups/new/:userName',
  lazy: () => import('./UserGroupNewPage'),
  handle: { roles: screenAccess(userGroupEndpoints.createUserGroup), title: 'New user group' },
});

/** One user group: from the group list (/users/userGroup/{name}/{id}/view) or by id (UserGroupDetails). */
export const userGroupViewRoute = defineRoute({
  id: 'userGroup.view',
  path: '/users/userGroup/:name/:id/view',
  lazy: () => import('./UserGroupViewPage'),
  handle: { roles: screenAccess(userGroupEndpoints.getUserGroup), title: 'User group' },
});
export const userGroupDetailsRoute = defineRoute({
  id: 'userGroup.details',
  path: '/users/userGroup/:id',
  lazy: () => import('./UserGroupViewPage'),
  handle: { roles: screenAccess(userGroupEndpoints.getUserGroup), title: 'User group' },
});

export const userGroupRoutes = [userGroupNewRoute, userGroupFromUserRoute, userGroupViewRoute, userGroupDetailsRoute];
