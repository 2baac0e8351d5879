import { screenAccess } from 'contracts/common/endpoint';
import { firstCall } from 'contracts/common/request';
import { userEndpoints } from 'contracts/identity/model';
import { defineRoute, PORTAL_ROLES } from 'shared';
import { OPENING_FILTER, userListRequest } from './users.list';

/**
 * The user list (spec 1 §2): whoever may call it (the portal roles). Its first page is called
 * with the session's answer when a sign-in lands here (`first`, issue 38), and goes into the
 * list's query once the section's code is in (`prefetch`), so the list draws with its users.
 */
export const usersRoute = defineRoute({
  id: 'users',
  path: '/users',
  lazy: () => import('./UsersPage'),
  handle: { roles: screenAccess(userEndpoints.getUsers), title: 'Users', first: [firstCall(userEndpoints.getUsers, userListRequest(OPENING_FILTER))] },
  // From the screen's own module (already in: no file of its own to fetch).
  prefetch: (client) => import('./UsersPage').then((screen) => screen.prefetchOpening(client)),
});

/** A new user, and a new user copied from another (spec 1 §2: UserNew, UserDuplicate). */
export const userNewRoute = defineRoute({
  id: 'user.new',
  path: '/users/new',
  lazy: () => import('./UserNewPage'),
  handle: { roles: screenAccess(userEndpoints.createUser), title: 'New user' },
});
export const userDuplicateRoute = defineRoute({
  id: 'user.duplicate',
  path: '/users/:name/duplicate',
  lazy: () => import('./UserNewPage'),
  handle: { roles: screenAccess(userEndpoints.copyUser), title: 'Duplicate user' },
});

/** One user with its tabs: opened from a row (/users/:name/view) or by name (/user/:name, UserDetails). */
export const userViewRoute = defineRoute({
  id: 'user.view',
  path: '/users/:name/view',
  lazy: () => import('./UserViewPage'),
  handle: { roles: PORTAL_ROLES, title: 'User' },
});
export const userDetailsRoute = defineRoute({
  id: 'user.details',
  path: '/user/:name',
  lazy: () => import('./UserViewPage'),
  handle: { roles: PORTAL_ROLES, title: 'User' },
});

/**
 * Ours (issue 22): the signed-in user's own profile, for every signed-in user — the user name
 * in the header opens it (spec 1 §1: users manage their own account profile from the links
 * across the top). Self only: it reads the session's user, never a name from the address.
 */
export const profileRoute = defineRoute({
  id: 'profile',
  path: '/profile',
  lazy: () => import('./ProfilePage'),
  handle: { roles: 'signedIn', title: 'Your profile' },
});

export const usersRoutes = [usersRoute, userNewRoute, userDuplicateRoute, userViewRoute, userDetailsRoute, profileRoute];
