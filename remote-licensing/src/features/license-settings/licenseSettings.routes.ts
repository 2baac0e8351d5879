import { screenAccess } from 'contracts/common/endpoint';
import { licensingEndpoints } from 'contracts/licensing/model';
import { defineRoute } from 'shared';

/**
 * A licence's settings (spec 1: /license/:id/settings — LicenseConfigs, ConfigsResource,
 * ReportShortcuts, LicenseInternalConfiguration as the tabs #configuration, #shortcuts and
 * #intelliwavesettings): for whoever may read the licence's shortcuts (either licence role; the
 * server keeps a licence administrator to their own licence).
 */
export const licenseSettingsRoute = defineRoute({
  id: 'license.settings',
  path: '/license/:id/settings',
  lazy: () => import('./LicenseSettingsPage'),
  handle: { roles: screenAccess(licensingEndpoints.getReportShortcuts), title: 'License settings' },
});

export const licenseSettingsRoutes = [licenseSettingsRoute];
