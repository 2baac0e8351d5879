import { defineRemote, PORTAL_ROLES } from 'shared';
import { ACCESS_REVIEW_ROLES, accessReviewRoutes, accessReviewsRoute, whoCanDoRoute } from './features/access-review/accessReview.routes';
import { API_KEY_ROLES, apiKeyRoutes, apiKeysRoute } from './features/api-keys/apiKeys.routes';
import { AUDIT_LOG_ROLES, auditLogRoute, auditRoutes } from './features/audit/audit.routes';
import { userGroupRoutes } from './features/user-groups/userGroups.routes';
import { userImportRoutes } from './features/user-import/userImport.routes';
import { usersRoute, usersRoutes } from './features/users/users.routes';
import './styles.css';

/** Users, user groups and API keys. */
export default defineRemote({
  id: 'identity',
  kernel: __KERNEL_VERSION__,
  basePath: usersRoute.to({}),
  version: __BUILD_VERSION__,
  nav: [
    { label: 'Users', to: usersRoute.to({}), roles: PORTAL_ROLES, order: 10, group: 'access' },
    // The spec's header has no link to the API key list (/apikeys); ours follows License.
    { label: 'API Keys', to: apiKeysRoute.to({}), roles: API_KEY_ROLES, order: 42, group: 'access' },
    // Ours: the audit trail of the licence (every licence for a super administrator).
    { label: 'Audit Log', to: auditLogRoute.to({}), roles: AUDIT_LOG_ROLES, order: 44, group: 'access' },
    // Ours (issue 41): who holds what, and access reviews.
    { label: 'Who can do what', to: whoCanDoRoute.to({}), roles: ACCESS_REVIEW_ROLES, order: 45, group: 'access' },
    { label: 'Access reviews', to: accessReviewsRoute.to({}), roles: ACCESS_REVIEW_ROLES, order: 46, group: 'access' },
  ],
  routes: [...userImportRoutes, ...usersRoutes, ...userGroupRoutes, ...apiKeyRoutes, ...auditRoutes, ...accessReviewRoutes],
});
