import { screenAccess } from 'contracts/common/endpoint';
import { siteSearchCsvEndpoints } from 'contracts/projects-sites/model';
import { defineRoute } from 'shared';

/**
 * Sites in the header (spec 1 §2 names the link; its route table has no site list): a search
 * across the sites of every project the user may see, each result opening its site view. The
 * roles are the project routes' (the portal roles), as the search call's.
 */
export const siteSearchRoute = defineRoute({
  id: 'sites',
  path: '/sites',
  lazy: () => import('./SiteSearchPage'),
  handle: { roles: screenAccess(siteSearchCsvEndpoints.searchSites), title: 'Sites' },
});

export const siteSearchRoutes = [siteSearchRoute];
