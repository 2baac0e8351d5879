import { defineRemote, Role } from 'shared';
import { licensesRoute, licensesRoutes, licenseViewRoute } from './features/licenses/licenses.routes';
import { licenseEditRoutes } from './features/licenses/licenseEdit.routes';
import { licenseSettingsRoutes } from './features/license-settings/licenseSettings.routes';
import { mobileReleaseRoutes, mobileReleasesRoute } from './features/mobile-releases/mobileReleases.routes';
import { reportGroupRoutes } from './features/report-groups/reportGroups.routes';
import './styles.css';

/** Licences, integrations, report groups, the monthly users report and mobile releases. */
export default defineRemote({
  id: 'licensing',
  kernel: __KERNEL_VERSION__,
  basePath: licensesRoute.to({}),
  version: __BUILD_VERSION__,
  nav: [
    { label: 'Licenses', to: licensesRoute.to({}), roles: licensesRoute.handle.roles, order: 40, group: 'licensing' },
    // The user's own licence: the host fills :licenseId from the session (kernel 4: a nav entry is data).
    { label: 'License', to: licenseViewRoute.path.replace(':id', ':licenseId'), roles: [Role.ACCESS_MY_CUSTOMER_LICENCE], order: 41, group: 'licensing' },
    // Spec 1: the header's 'Mobile Admin', for super administrators.
    { label: 'Mobile Admin', to: mobileReleasesRoute.to({}), roles: mobileReleasesRoute.handle.roles, order: 43, group: 'licensing' },
  ],
  routes: [...licensesRoutes, ...licenseEditRoutes, ...licenseSettingsRoutes, ...mobileReleaseRoutes, ...reportGroupRoutes],
});
