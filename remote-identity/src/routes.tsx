import { defineRemote, PORTAL_ROLES } from 'shared';
import './styles.css';

/** Users, user groups and API keys. */
export default defineRemote({
  id: 'identity',
  basePath: '/users',
  version: __BUILD_VERSION__,
  nav: [{ label: 'Users', to: '/users', roles: PORTAL_ROLES, order: 10 }],
  routes: [{ path: '/users', lazy: () => import('./features/users/UsersPage'), handle: { roles: PORTAL_ROLES, title: 'Users' } }],
});
