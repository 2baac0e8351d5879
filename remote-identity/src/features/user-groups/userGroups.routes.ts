import { defineRoute, PORTAL_ROLES, Role } from 'shared';

/** Who creates and changes user groups (spec 1 §6: role-management rights). */
export const GROUP_ADMIN_ROLES = [Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_ROLE] as const;

/** A new user group, and one started from a user (spec 1 §2: UserGroupNew, UserGroupFromUser). */
export const userGroupNewRoute = defineRoute({ id: 'userGroup.new', path: '/userGroups/new', lazy: () => import('./UserGroupNewPage'), handle: { roles: GROUP_ADMIN_ROLES, title: 'New user group' } });
export const userGroupFromUserRoute = defineRoute({
  id: 'userGroup.fromUser',
  path: '/userGroups/new/:userName',
  lazy: () => import('./UserGroupNewPage'),
  handle: { roles: GROUP_ADMIN_ROLES, title: 'New user group' },
});

/** One user group: from the group list (/users/userGroup/{name}/{id}/view) or by id (UserGroupDetails). */
export const userGroupViewRoute = defineRoute({
  id: 'userGroup.view',
  path: '/users/userGroup/:name/:id/view',
  lazy: () => import('./UserGroupViewPage'),
  handle: { roles: PORTAL_ROLES, title: 'User group' },
});
export const userGroupDetailsRoute = defineRoute({ id: 'userGroup.details', path: '/users/userGroup/:id', lazy: () => import('./UserGroupViewPage'), handle: { roles: PORTAL_ROLES, title: 'User group' } });

export const userGroupRoutes = [userGroupNewRoute, userGroupFromUserRoute, userGroupViewRoute, userGroupDetailsRoute];
