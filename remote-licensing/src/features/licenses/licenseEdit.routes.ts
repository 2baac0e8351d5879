import { screenAccess } from 'contracts/common/endpoint';
import { licensingEndpoints } from 'contracts/licensing/model';
import { defineRoute } from 'shared';

/** A new licence (spec 1: /license/new, LicenseNew): for whoever may create one (super administrators). */
export const licenseNewRoute = defineRoute({
  id: 'license.new',
  path: '/license/new',
  lazy: () => import('./LicenseNewPage'),
  handle: { roles: screenAccess(licensingEndpoints.createLicense), title: 'New license' },
});

/** A licence's fields, product licence seats and integrations (spec 1: /license/:id/edit, LicenseEdit): for whoever may update one. */
export const licenseEditRoute = defineRoute({
  id: 'license.edit',
  path: '/license/:id/edit',
  lazy: () => import('./LicenseEditPage'),
  handle: { roles: screenAccess(licensingEndpoints.updateLicense), title: 'Edit license' },
});

/** The editor's anchor of one integration's box (`/license/7/edit#integration-4`): an integration card's Setup opens the editor there. */
export const integrationAnchor = (integrationId: number) => `integration-${integrationId}`;

export const licenseEditRoutes = [licenseNewRoute, licenseEditRoute];
