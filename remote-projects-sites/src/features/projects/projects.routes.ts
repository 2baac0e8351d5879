import { defineRoute, PORTAL_ROLES } from 'shared';

/** The project list (spec 1). */
export const projectsRoute = defineRoute({ id: 'projects', path: '/projects', lazy: () => import('./ProjectsPage'), handle: { roles: PORTAL_ROLES, title: 'Projects' } });

export const projectsRoutes = [projectsRoute];
