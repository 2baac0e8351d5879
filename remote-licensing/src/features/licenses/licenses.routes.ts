import { defineRoute, Role } from 'shared';

const ALL = [Role.ACCESS_ALL_CUSTOMER_LICENCES] as const;
const MINE = [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ACCESS_MY_CUSTOMER_LICENCE] as const;

/** Every licence (super administrators). */
export const licensesRoute = defineRoute({ id: 'licenses', path: '/license/list', lazy: () => import('./LicensesPage'), handle: { roles: ALL, title: 'Licenses' } });

/** One licence (spec 1: the licence view; also where a user without projects lands). */
export const licenseViewRoute = defineRoute({ id: 'license.view', path: '/license/:id/view', lazy: () => import('./LicenseViewPage'), handle: { roles: MINE, title: 'License' } });

export const licensesRoutes = [licensesRoute, licenseViewRoute];
