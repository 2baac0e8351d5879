import { screenAccess } from 'contracts/common/endpoint';
import { licensingEndpoints } from 'contracts/licensing/model';
import { defineRoute, Role } from 'shared';

/** The licence list is for all-licence administrators only (spec 1: Licence screens). */
const ALL = [Role.ACCESS_ALL_CUSTOMER_LICENCES] as const;

/** Every licence (super administrators). */
export const licensesRoute = defineRoute({
  id: 'licenses',
  path: '/license/list',
  lazy: () => import('./LicensesPage'),
  handle: { roles: ALL, title: 'Licenses' },
});

/** One licence (spec 1: the licence view; also where a user without projects lands): whoever may read it. */
export const licenseViewRoute = defineRoute({
  id: 'license.view',
  path: '/license/:id/view',
  lazy: () => import('./LicenseViewPage'),
  handle: { roles: screenAccess(licensingEndpoints.getLicense), title: 'License' },
});

export const licensesRoutes = [licensesRoute, licenseViewRoute];
