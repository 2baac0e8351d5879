import { defineRemote, PORTAL_ROLES } from 'shared';
import { usersRoute, usersRoutes } from './features/users/users.routes';
import './styles.css';

/** Users, user groups and API keys. */
export default defineRemote({
  id: 'identity',
  kernel: __KERNEL_VERSION__,
  basePath: usersRoute.to({}),
  version: __BUILD_VERSION__,
  nav: [{ label: 'Users', to: usersRoute.to({}), roles: PORTAL_ROLES, order: 10 }],
  routes: [...usersRoutes],
});
