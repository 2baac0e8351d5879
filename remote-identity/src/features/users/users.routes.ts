import { defineRoute, PORTAL_ROLES } from 'shared';

/** The user list (spec 1 §2). */
export const usersRoute = defineRoute({ id: 'users', path: '/users', lazy: () => import('./UsersPage'), handle: { roles: PORTAL_ROLES, title: 'Users' } });

export const usersRoutes = [usersRoute];
