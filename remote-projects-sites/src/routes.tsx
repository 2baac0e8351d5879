import { defineRemote, PORTAL_ROLES } from 'shared';
import './styles.css';

/** Projects, sites, import systems and integration reports. */
export default defineRemote({
  id: 'projects-sites',
  basePath: '/projects',
  version: __BUILD_VERSION__,
  nav: [{ label: 'Projects', to: '/projects', roles: PORTAL_ROLES, order: 20 }],
  routes: [{ path: '/projects', lazy: () => import('./features/projects/ProjectsPage'), handle: { roles: PORTAL_ROLES, title: 'Projects' } }],
});
