import { defineRoute, PORTAL_ROLES, Role } from 'shared';

const ADMINISTER = [Role.ADMINISTER_USER_CREATE_UPDATE] as const;

/** The user list (spec 1 §2). */
export const usersRoute = defineRoute({ id: 'users', path: '/users', lazy: () => import('./UsersPage'), handle: { roles: PORTAL_ROLES, title: 'Users' } });

/** A new user, and a new user copied from another (spec 1 §2: UserNew, UserDuplicate). */
export const userNewRoute = defineRoute({ id: 'user.new', path: '/users/new', lazy: () => import('./UserNewPage'), handle: { roles: ADMINISTER, title: 'New user' } });
export const userDuplicateRoute = defineRoute({ id: 'user.duplicate', path: '/users/:name/duplicate', lazy: () => import('./UserNewPage'), handle: { roles: ADMINISTER, title: 'Duplicate user' } });

/** One user with its tabs: opened from a row (/users/:name/view) or by name (/user/:name, UserDetails). */
export const userViewRoute = defineRoute({ id: 'user.view', path: '/users/:name/view', lazy: () => import('./UserViewPage'), handle: { roles: PORTAL_ROLES, title: 'User' } });
export const userDetailsRoute = defineRoute({ id: 'user.details', path: '/user/:name', lazy: () => import('./UserViewPage'), handle: { roles: PORTAL_ROLES, title: 'User' } });

export const usersRoutes = [usersRoute, userNewRoute, userDuplicateRoute, userViewRoute, userDetailsRoute];
