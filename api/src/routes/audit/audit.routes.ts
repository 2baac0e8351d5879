/** The audit trail as views read it: a view's History and the audit log page (ours, beyond the spec). */
import * as v from 'valibot';
import { AUDIT_SUBJECT_KINDS, ParamMessages } from 'contracts/common';
import { API_KEY_ROLES, PORTAL_ROLES } from 'shared/roles';
import { licenseIdQuery, pageQuery, pageReply } from '../../http/params';
import { anyRole, route } from '../../http/route';

const SUBJECT = new RegExp(`^(${AUDIT_SUBJECT_KINDS.join('|')}):[1-9]\\d{0,8}$`);

/** A date the trail is filtered by: ISO 8601 text, as a Date. */
const dateQuery = (name: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.check((text) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) && !Number.isNaN(Date.parse(text)), ParamMessages.date(name)),
      v.transform((text) => new Date(text)),
    ),
  );

/** The trail's filters; `page` zero-based, newest first. */
export const AuditQuerySchema = v.object({
  subject: v.optional(v.pipe(v.string(), v.regex(SUBJECT, ParamMessages.subject))),
  entity: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z-]{0,39}$/, ParamMessages.entity))),
  actor: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, ParamMessages.actor)), ''),
  from: dateQuery('from'),
  to: dateQuery('to'),
  ...licenseIdQuery,
  ...pageQuery,
});
export type AuditListQuery = v.InferOutput<typeof AuditQuerySchema>;
const AuditExportQuerySchema = v.object({ ...AuditQuerySchema.entries, page: v.optional(v.string()), pageSize: v.optional(v.string()) });

const AuditEntryReply = v.object({
  auditId: v.number(),
  at: v.string(),
  actorName: v.nullable(v.string()),
  actorUserId: v.nullable(v.number()),
  method: v.string(),
  path: v.string(),
  status: v.number(),
  entity: v.string(),
  entityId: v.nullable(v.string()),
  subject: v.nullable(v.string()),
  licenseId: v.nullable(v.number()),
  changes: v.array(v.object({ field: v.string(), before: v.nullable(v.string()), after: v.nullable(v.string()) })),
});

const ACCESS = 'A view’s History (`subject`): whoever may open that view — users and user groups with a portal role (ACCESS_ALL_CUSTOMER_LICENCES, ACCESS_MY_CUSTOMER_LICENCE or MENU_ADMIN_TOOL_ACCESS), API keys with ADMINISTER_API_KEYS or ADMINISTER_USER_CREATE_UPDATE, a licence with a licence role; another licence’s subject is a 404. The whole log (no `subject`): ACCESS_MY_CUSTOMER_LICENCE reads its own licence’s entries, ACCESS_ALL_CUSTOMER_LICENCES every licence’s (or the one `licenseId` names). Before and after never hold a secret or a password hash (they are redacted when written).';

export const auditSpecs = {
  getAuditPage: route({
    method: 'GET',
    path: 'audit',
    area: 'identity',
    summary: 'A page of the audit trail, newest first: who, when, which call, and each changed field before and after.',
    description: ACCESS,
    access: anyRole(...PORTAL_ROLES, ...API_KEY_ROLES),
    query: AuditQuerySchema,
    response: pageReply(AuditEntryReply),
    answers: { 400: 'A filter that is not valid (the message names it).', 403: 'The whole log without a licence role, or a subject the caller’s roles do not open.', 404: 'The subject or licence is outside the caller’s scope.' },
  }),

  exportAudit: route({
    method: 'GET',
    path: 'audit.csv',
    area: 'identity',
    summary: 'The audit trail’s entries the filters keep, as CSV, newest first (When, Who, Entity, Entity Id, Call, Status, Changes).',
    description: ACCESS,
    access: anyRole(...PORTAL_ROLES, ...API_KEY_ROLES),
    query: AuditExportQuerySchema,
    produces: 'text/csv',
    answers: { 400: 'A filter that is not valid (the message names it).', 403: 'The whole log without a licence role, or a subject the caller’s roles do not open.', 404: 'The subject or licence is outside the caller’s scope.' },
  }),
};
