import { screenAccess } from 'contracts/common/endpoint';
import { projectsSitesEndpoints } from 'contracts/projects-sites/model';
import { defineRoute } from 'shared';

/** One project with its tabs (spec 1: /projects/:id/view, ProjectView): whoever may read it. */
export const projectViewRoute = defineRoute({
  id: 'project.view',
  path: '/projects/:id/view',
  lazy: () => import('./ProjectViewPage'),
  handle: { roles: screenAccess(projectsSitesEndpoints.getProject), title: 'Project' },
});

export const projectViewRoutes = [projectViewRoute];
