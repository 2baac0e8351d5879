import { defineRemote } from 'shared';
import { projectsRoute, projectsRoutes } from './features/projects/projects.routes';
import './styles.css';

/** Projects, sites, import systems and integration reports. */
export default defineRemote({
  id: 'projects-sites',
  kernel: __KERNEL_VERSION__,
  basePath: projectsRoute.to({}),
  version: __BUILD_VERSION__,
  nav: [{ label: 'Projects', to: projectsRoute.to({}), roles: projectsRoute.handle.roles, order: 20 }],
  routes: [...projectsRoutes],
});
