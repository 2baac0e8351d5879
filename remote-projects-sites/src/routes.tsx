import { defineRemote } from 'shared';
import { importsRoute, importsRoutes } from './features/imports/imports.routes';
import { integrationReportsRoute, integrationReportsRoutes } from './features/integration-reports/integrationReports.routes';
import { projectViewRoutes } from './features/project-view/projectView.routes';
import { projectsRoute, projectsRoutes } from './features/projects/projects.routes';
import { siteSearchRoute, siteSearchRoutes } from './features/site-search/siteSearch.routes';
import { sitesRoutes } from './features/sites/sites.routes';
import './styles.css';

/** Projects, sites, import systems and integration reports. */
export default defineRemote({
  id: 'projects-sites',
  kernel: __KERNEL_VERSION__,
  basePath: projectsRoute.to({}),
  version: __BUILD_VERSION__,
  nav: [
    { label: 'Projects', to: projectsRoute.to({}), roles: projectsRoute.handle.roles, order: 20, group: 'projects' },
    // Spec 1 §2's header: Users, Projects, Sites. Its route table has no site list, so Sites is a search across the projects the user sees.
    { label: 'Sites', to: siteSearchRoute.to({}), roles: siteSearchRoute.handle.roles, order: 21, group: 'projects' },
    // Spec 1 §6: ADMINISTER_IMPORT_SYSTEM_DETAILS gives the Imports and Integration menus.
    { label: 'Imports', to: importsRoute.to({}), roles: importsRoute.handle.roles, order: 22, group: 'projects' },
    { label: 'Integration', to: integrationReportsRoute.to({}), roles: integrationReportsRoute.handle.roles, order: 24, group: 'projects' },
  ],
  routes: [...projectsRoutes, ...projectViewRoutes, ...sitesRoutes, ...siteSearchRoutes, ...importsRoutes, ...integrationReportsRoutes],
});
