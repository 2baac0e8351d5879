import { screenAccess } from 'contracts/common/endpoint';
import { projectsSitesEndpoints } from 'contracts/projects-sites/model';
import { defineRoute } from 'shared';

/** The project list (spec 1): whoever may read its pages. */
export const projectsRoute = defineRoute({ id: 'projects', path: '/projects', lazy: () => import('./ProjectsPage'), handle: { roles: screenAccess(projectsSitesEndpoints.getProjectPage), title: 'Projects' } });

export const projectsRoutes = [projectsRoute];
