import { screenAccess } from 'contracts/common/endpoint';
import { userImportEndpoints } from 'contracts/identity/model';
import { defineRoute } from 'shared';

/** Users from a CSV file (ours, issue 39): the file, its preview and the apply; whoever may import (ADMINISTER_USER_CREATE_UPDATE). */
export const userImportRoute = defineRoute({
  id: 'users.import',
  path: '/users/import',
  lazy: () => import('./UserImportPage'),
  handle: { roles: screenAccess(userImportEndpoints.importUsers), title: 'Import users' },
});

export const userImportRoutes = [userImportRoute];
