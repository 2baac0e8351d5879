import { defineRemote, Role } from 'shared';
import './styles.css';

const ALL = [Role.ACCESS_ALL_CUSTOMER_LICENCES] as const;
const MINE = [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ACCESS_MY_CUSTOMER_LICENCE] as const;

/** Licences, integrations, report groups, the monthly users report and mobile releases. */
export default defineRemote({
  id: 'licensing',
  basePath: '/license/list',
  version: __BUILD_VERSION__,
  nav: [
    { label: 'Licenses', to: '/license/list', roles: ALL, order: 40 },
    { label: 'License', to: ({ licenseId }) => `/license/${licenseId ?? 0}/view`, roles: [Role.ACCESS_MY_CUSTOMER_LICENCE], order: 41 },
  ],
  routes: [
    { path: '/license/list', lazy: () => import('./features/licenses/LicensesPage'), handle: { roles: ALL, title: 'Licenses' } },
    { path: '/license/:id/view', lazy: () => import('./features/licenses/LicenseViewPage'), handle: { roles: MINE, title: 'License' } },
  ],
});
