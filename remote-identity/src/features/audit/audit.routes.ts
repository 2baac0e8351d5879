import { defineRoute, Role } from 'shared';

/** Who reads the whole audit log: a licence administrator (their licence's) or a super administrator (every licence's). */
export const AUDIT_LOG_ROLES = [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ACCESS_MY_CUSTOMER_LICENCE] as const;

/** The audit log page (ours, beyond the spec). */
export const auditLogRoute = defineRoute({
  id: 'audit',
  path: '/audit',
  lazy: () => import('./AuditLogPage'),
  handle: { roles: AUDIT_LOG_ROLES, title: 'Audit log' },
});

export const auditRoutes = [auditLogRoute];
