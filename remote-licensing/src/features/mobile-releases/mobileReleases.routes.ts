import { screenAccess } from 'contracts/common/endpoint';
import { mobileReleaseEndpoints } from 'contracts/licensing/model';
import { defineRoute } from 'shared';

/** The Mobile Admin screens (spec 1: mobile release list, view, edit and new; ours: the paths), for whoever may call them (super administrators). */
export const mobileReleasesRoute = defineRoute({
  id: 'mobileReleases',
  path: '/mobile',
  lazy: () => import('./MobileReleasesPage'),
  handle: { roles: screenAccess(mobileReleaseEndpoints.getMobileReleases), title: 'Mobile releases' },
});
export const mobileReleaseNewRoute = defineRoute({
  id: 'mobileRelease.new',
  path: '/mobile/new',
  lazy: () => import('./MobileReleaseFormPage'),
  handle: { roles: screenAccess(mobileReleaseEndpoints.createMobileRelease), title: 'New mobile release' },
});
export const mobileReleaseViewRoute = defineRoute({
  id: 'mobileRelease.view',
  path: '/mobile/:id/view',
  lazy: () => import('./MobileReleaseViewPage'),
  handle: { roles: screenAccess(mobileReleaseEndpoints.getMobileRelease), title: 'Mobile release' },
});
export const mobileReleaseEditRoute = defineRoute({
  id: 'mobileRelease.edit',
  path: '/mobile/:id/edit',
  lazy: () => import('./MobileReleaseFormPage'),
  handle: { roles: screenAccess(mobileReleaseEndpoints.updateMobileRelease), title: 'Edit mobile release' },
});

export const mobileReleaseRoutes = [mobileReleasesRoute, mobileReleaseNewRoute, mobileReleaseViewRoute, mobileReleaseEditRoute];
