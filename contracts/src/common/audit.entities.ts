/**
 * The audit trail as views read it (ours, beyond the spec): every change with who, when, the
 * call, and field by field what it was before and after. A view's History asks for its
 * subject (`user:5`); the audit log page for a licence's (or, for a super administrator,
 * every licence's) entries. No secret or password hash is ever stored in it.
 */
import * as v from 'valibot';
import { ParamMessages } from './common.messages';
import { int, tolerant } from './fields';
import type { QueryInput } from './endpoint';
import { pageOf } from './page';
import { licenseIdQuery, pageQuery } from './params';

/** The kinds of subject a History shows. */
export const AUDIT_SUBJECT_KINDS = [
  'user',
  'user-group',
  'api-key',
  'license',
  'mobile-release',
  'project',
  'config',
  'site',
  'workflow',
  'preservation',
] as const;
export type AuditSubjectKind = (typeof AUDIT_SUBJECT_KINDS)[number];

/** `user:5`: a subject's kind and id, as the API's `subject` query takes it. */
export const auditSubject = (kind: AuditSubjectKind, id: number) => `${kind}:${id}`;

/** One field's change: its value before and after as text (JSON for lists and objects); null when absent. */
export const AuditChangeReplySchema = v.object({ field: v.string(), before: v.nullable(v.string()), after: v.nullable(v.string()) });
export const AuditChangeSchema = tolerant(AuditChangeReplySchema, { before: v.nullish(v.string()), after: v.nullish(v.string()) });
export type AuditChange = v.InferOutput<typeof AuditChangeSchema>;

/**
 * Ours (issue 36): one change as a History shows it — the field under the label the screens give
 * it ('First name'), its values in words (names for ids, 'Yes', 'Unlimited'); a secret that
 * changed is `secret` with no values; a set (roles, projects, product licences) says what it
 * gained and lost by name (`added`, `removed`); a document (a config, a workflow's phases) is
 * `json`, its values JSON text for a diff.
 */
export const AuditChangeShownReplySchema = v.object({
  field: v.string(),
  label: v.string(),
  before: v.nullable(v.string()),
  after: v.nullable(v.string()),
  secret: v.optional(v.literal(true)),
  added: v.optional(v.array(v.string())),
  removed: v.optional(v.array(v.string())),
  json: v.optional(v.literal(true)),
});
export const AuditChangeShownSchema = tolerant(AuditChangeShownReplySchema, {
  before: v.nullish(v.string()),
  after: v.nullish(v.string()),
  secret: v.optional(v.boolean()),
  json: v.optional(v.boolean()),
});
export type AuditChangeShown = v.InferOutput<typeof AuditChangeShownSchema>;

/**
 * One entry of the trail as the API answers it (the console reads it as AuditEntrySchema): the
 * stored changes, and what the entry did and its changes in words (issue 36).
 */
export const AuditEntryReplySchema = v.object({
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
  /** 'scim' when a directory made the change through SCIM (History shows 'via SCIM'). */
  channel: v.nullable(v.picklist(['scim'])),
  changes: v.array(AuditChangeReplySchema),
  action: v.string(),
  changesShown: v.array(AuditChangeShownReplySchema),
});

/** One entry of the trail as the console reads it. */
export const AuditEntrySchema = tolerant(AuditEntryReplySchema, {
  auditId: int,
  actorName: v.nullish(v.string()),
  actorUserId: v.nullish(int),
  status: int,
  entityId: v.nullish(v.string()),
  subject: v.nullish(v.string()),
  licenseId: v.nullish(int),
  /** Ours (issue 39): how the change came — 'scim' for a directory's SCIM call, shown as 'via SCIM'. */
  channel: v.nullish(v.string()),
  changes: v.optional(v.array(AuditChangeSchema), []),
  /** Ours (issue 36): what the entry did, in words ('Changed first name, last name', 'Password set by admin'). */
  action: v.optional(v.string()),
  /** Ours (issue 36): the changes as a History shows them (`changes` keeps the stored values). */
  changesShown: v.optional(v.array(AuditChangeShownSchema)),
});
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;

export const AuditPageSchema = pageOf(AuditEntrySchema);
export type AuditPage = v.InferOutput<typeof AuditPageSchema>;

/** A date the trail is filtered by: ISO 8601 text, as a Date. */
const dateQuery = (name: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.maxLength(40, ParamMessages.date(name)),
      v.check((text) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) && !Number.isNaN(Date.parse(text)), ParamMessages.date(name)),
      v.transform((text) => new Date(text)),
    ),
  );

const SUBJECT = new RegExp(`^(${AUDIT_SUBJECT_KINDS.join('|')}):[1-9]\\d{0,8}$`);

/** The trail's filters (GET audit); `page` zero-based; newest first. */
export const AuditQuerySchema = v.object({
  /** A view's subject (`user:5`). */
  subject: v.optional(v.pipe(v.string(), v.regex(SUBJECT, ParamMessages.subject))),
  /** An entity kind: its entries and those of its parts (`user` takes `user-roles` too). */
  entity: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z-]{0,39}$/, ParamMessages.entity))),
  /** With `entity`: one entity's entries by its id (a release channel's remote, `workflows`), for what has no subject. */
  entityId: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]{1,40}$/, ParamMessages.entityId))),
  /** Part of the actor's name. */
  actor: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, ParamMessages.actor)), ''),
  /** ISO dates: from (inclusive) and to (exclusive). */
  from: dateQuery('from'),
  to: dateQuery('to'),
  ...licenseIdQuery,
  ...pageQuery,
});
/** The filters as the console passes them. */
export type AuditQuery = QueryInput<typeof AuditQuerySchema>;

/** GET audit.csv's filters: the trail's, without paging (a page sent is ignored). */
export const AuditExportQuerySchema = v.object({
  ...AuditQuerySchema.entries,
  page: v.optional(v.pipe(v.string(), v.maxLength(20))),
  pageSize: v.optional(v.pipe(v.string(), v.maxLength(20))),
});
