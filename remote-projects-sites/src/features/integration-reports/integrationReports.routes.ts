import { screenAccess } from 'contracts/common/endpoint';
import { projectsSitesEndpoints } from 'contracts/projects-sites/model';
import { defineRoute } from 'shared';

/** The integration report list (spec 1 §2 IntegrationReportList, /integration?projectId=&page=&filter=). */
export const integrationReportsRoute = defineRoute({
  id: 'integration',
  path: '/integration',
  lazy: () => import('./IntegrationReportsPage'),
  handle: { roles: screenAccess(projectsSitesEndpoints.getIntegrationReports), title: 'Integration reports' },
});

/** One integration report (spec 1 §2 IntegrationReportView, param ref: its integrationReference). */
export const integrationReportViewRoute = defineRoute({
  id: 'integration.view',
  path: '/integration/:ref/view',
  lazy: () => import('./IntegrationReportViewPage'),
  handle: { roles: screenAccess(projectsSitesEndpoints.getIntegrationReport), title: 'Integration report' },
});

export const integrationReportsRoutes = [integrationReportsRoute, integrationReportViewRoute];
