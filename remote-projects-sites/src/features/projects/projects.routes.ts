import { screenAccess } from 'contracts/common/endpoint';
import { projectsSitesEndpoints } from 'contracts/projects-sites/model';
import { defineRoute } from 'shared';

/** The project list (spec 1): whoever may read its pages. */
export const projectsRoute = defineRoute({
  id: 'projects',
  path: '/projects',
  lazy: () => import('./ProjectsPage'),
  handle: { roles: screenAccess(projectsSitesEndpoints.getProjectPage), title: 'Projects' },
});

/** A new project (spec 1: /projects/new): whoever may create one (ADMINISTER_PROJECT_UPDATE or a super administrator). */
export const projectNewRoute = defineRoute({
  id: 'project.new',
  path: '/projects/new',
  lazy: () => import('./ProjectNewPage'),
  handle: { roles: screenAccess(projectsSitesEndpoints.createProject), title: 'New project' },
});

export const projectsRoutes = [projectsRoute, projectNewRoute];
