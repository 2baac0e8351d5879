/**
 * The audit trail's calls (ours, beyond the spec; contract area identity), one endpoint object
 * each: the console's call functions (audit.calls.ts) and the API's routes (api/src/routes/audit)
 * are made from them.
 */
import * as v from 'valibot';
import { API_KEY_ROLES, PORTAL_ROLES, Role } from 'shared/roles';
import { AuditExportQuerySchema, AuditPageSchema, AuditQuerySchema } from '../common/audit.entities';
import { anyRole, endpoint, endpointGroup } from '../common/endpoint';

/**
 * Who reads the trail: whoever opens a view with a History (the portal roles, API key
 * administrators, the workflow designer's roles, the preservation role). The handler narrows it: a subject's History to whoever may open that view,
 * the whole log to a licence administrator or a super administrator.
 */
const access = anyRole(...PORTAL_ROLES, ...API_KEY_ROLES, Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW, Role.ADMINISTER_PRESERVATION);

export const auditEndpoints = endpointGroup('identity', {
  getAuditPage: endpoint({
    method: 'GET',
    path: 'audit',
    summary: 'A page of the audit trail, newest first: who, when, which call, and each changed field before and after.',
    access,
    query: AuditQuerySchema,
    reply: AuditPageSchema,
  }),

  exportAudit: endpoint({
    method: 'GET',
    path: 'audit.csv',
    summary: 'The audit trail’s entries the filters keep, as CSV, newest first (When, Who, What, Entity, Entity Id, Call, Status, Changes).',
    access,
    query: AuditExportQuerySchema,
    reply: v.unknown(),
    replyKind: 'file',
  }),
});
