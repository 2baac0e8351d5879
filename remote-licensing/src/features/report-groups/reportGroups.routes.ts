import { screenAccess } from 'contracts/common/endpoint';
import { licensingEndpoints } from 'contracts/licensing/model';
import { defineRoute } from 'shared';

/** Report groups (spec 1 route table: /reports; all-licence administrators only), for whoever may call their endpoints. */
export const reportGroupsRoute = defineRoute({
  id: 'reportGroups',
  path: '/reports',
  lazy: () => import('./ReportGroupsPage'),
  handle: { roles: screenAccess(licensingEndpoints.getReportGroups), title: 'Report groups' },
});

/** The new report group (spec 1: ReportGroupNew, /reports/new). */
export const reportGroupNewRoute = defineRoute({
  id: 'reportGroup.new',
  path: '/reports/new',
  lazy: () => import('./ReportGroupNewPage'),
  handle: { roles: screenAccess(licensingEndpoints.createReportGroup), title: 'New report group' },
});

export const reportGroupRoutes = [reportGroupsRoute, reportGroupNewRoute];
