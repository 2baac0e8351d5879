import { screenAccess } from 'contracts/common/endpoint';
import { importListEndpoints, projectsSitesEndpoints } from 'contracts/projects-sites/model';
import { defineRoute } from 'shared';

/** The import list (spec 1 §2 ImportsList, /imports): whoever may read its pages (ADMINISTER_IMPORT_SYSTEM_DETAILS). */
export const importsRoute = defineRoute({
  id: 'imports',
  path: '/imports',
  lazy: () => import('./ImportsPage'),
  handle: { roles: screenAccess(importListEndpoints.getImportSystemPage), title: 'Imports' },
});

/** A new import system (spec 1 §2 ImportsNew, /imports/new; `?projectId=` presets the project): whoever may create one. */
export const importNewRoute = defineRoute({
  id: 'imports.new',
  path: '/imports/new',
  lazy: () => import('./ImportNewPage'),
  handle: { roles: screenAccess(projectsSitesEndpoints.createImportSystem), title: 'New import system' },
});

/** One import system (spec 1 §2 ImportsView, /imports/:id/view; id is its configId), edited in place. */
export const importViewRoute = defineRoute({
  id: 'imports.view',
  path: '/imports/:id/view',
  lazy: () => import('./ImportViewPage'),
  handle: { roles: screenAccess(projectsSitesEndpoints.getImportSystem), title: 'Import system' },
});

export const importsRoutes = [importsRoute, importNewRoute, importViewRoute];
