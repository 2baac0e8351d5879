import { screenAccess } from 'contracts/common/endpoint';
import { projectsSitesEndpoints } from 'contracts/projects-sites/model';
import { defineRoute } from 'shared';
import { projectViewRoute } from '../project-view/projectView.routes';

/**
 * A new site (spec 1: /projects/:projectId/site/new, NewSite; `?parentId=` presets the parent):
 * whoever may create sites.
 */
export const siteNewRoute = defineRoute({
  id: 'site.new',
  path: '/projects/:projectId/site/new',
  lazy: () => import('./SiteNewPage'),
  handle: { roles: screenAccess(projectsSitesEndpoints.createSites), title: 'New Site' },
});

/** Bulk entry (spec 1: /projects/:projectId/site/bulk, NewSiteBulk): one path per line, previewed, then created in one call. */
export const siteBulkRoute = defineRoute({
  id: 'site.bulk',
  path: '/projects/:projectId/site/bulk',
  lazy: () => import('./SiteBulkPage'),
  handle: { roles: screenAccess(projectsSitesEndpoints.createSites), title: 'Bulk Add Sites' },
});

/** The hierarchy editor (spec 1: /projects/:projectId/site/:siteId/tree, SiteHierarchy): whoever may save site trees. */
export const siteHierarchyRoute = defineRoute({
  id: 'site.hierarchy',
  path: '/projects/:projectId/site/:siteId/tree',
  lazy: () => import('./SiteHierarchyPage'),
  handle: { roles: screenAccess(projectsSitesEndpoints.updateSites), title: 'Site hierarchy' },
});

/** One site (spec 1: /projects/:projectId/site/:siteId, ProjectSiteView): Properties, Map and History. */
export const siteViewRoute = defineRoute({
  id: 'site.view',
  path: '/projects/:projectId/site/:siteId',
  lazy: () => import('./SiteViewPage'),
  handle: { roles: screenAccess(projectsSitesEndpoints.getSite), title: 'Site' },
});

export const sitesRoutes = [siteNewRoute, siteBulkRoute, siteHierarchyRoute, siteViewRoute];

/** The project view's Sites tab: where the site screens go back to. */
export const sitesTabOf = (projectId: number) => `${projectViewRoute.to({ id: projectId })}#sites`;

/** A whole number from a route's parameter, or null when it is not one (the screen then says not found). */
export const routeId = (text: string | null | undefined): number | null => (text && /^\d{1,9}$/.test(text) ? Number(text) : null);
