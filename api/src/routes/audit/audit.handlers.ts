/** What the audit trail's calls do (audit.routes.ts has their definitions). */
import { and, count, desc, eq, gte, ilike, inArray, like, lt, notInArray, or, type SQL } from 'drizzle-orm';
import type { AuditSubjectKind } from 'contracts/common';
import { API_KEY_ROLES, PORTAL_ROLES, Role } from 'shared/roles';
import type { Db } from '../../db/client';
import { auditLog, preservations, projects, workflows } from '../../db/schema';
import { visibleProjectsWhere } from '../../domain/project-visibility';
import { containing } from '../../db/text-search';
import { licenseOfSubject } from '../../http/audit';
import type { Caller } from '../../http/auth';
import { csvResponse, exportChunks } from '../../http/csv';
import { forbidden, notFound } from '../../http/errors';
import { listPage } from '../../http/params';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { readNames, type Names } from './audit.names';
import { type AuditListQuery, auditSpecs } from './audit.routes';
import { describe, type ChangeInWords } from './audit.words';

/** Who may read a subject's History: whoever may open its view. */
const SUBJECT_ROLES: Record<AuditSubjectKind, readonly string[]> = {
  user: PORTAL_ROLES,
  'user-group': PORTAL_ROLES,
  'api-key': API_KEY_ROLES,
  license: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ACCESS_MY_CUSTOMER_LICENCE],
  'mobile-release': [Role.ACCESS_ALL_CUSTOMER_LICENCES],
  project: PORTAL_ROLES,
  // A project's or a licence's config: the project view's and the licence settings' History.
  config: PORTAL_ROLES,
  // A site's History: the site view's (any portal role whose projects hold it).
  site: PORTAL_ROLES,
  // A workflow's History: the designer's (the workflow roles open it).
  workflow: [Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW],
  // A preservation's History: the preservation view's (spec 2 §6).
  preservation: [Role.ADMINISTER_PRESERVATION],
};
const LOG_ROLES = [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ACCESS_MY_CUSTOMER_LICENCE];

/**
 * A workflow's or a preservation's History follows its project's visibility, as its view does
 * (domain/project-visibility.ts): a workflow user not assigned to the project gets a 404, exactly
 * as for another licence's.
 */
async function assertProjectSeen(db: Db, caller: Caller, scope: Scope, kind: AuditSubjectKind, id: number): Promise<void> {
  const projectOf =
    kind === 'workflow'
      ? db.select({ projectId: workflows.projectId }).from(workflows).where(eq(workflows.workflowId, id))
      : kind === 'preservation'
        ? db.select({ projectId: preservations.projectId }).from(preservations).where(eq(preservations.id, id))
        : null;
  if (!projectOf) return;
  const [seen] = await db
    .select({ projectId: projects.projectId })
    .from(projects)
    .where(and(inArray(projects.projectId, projectOf), await visibleProjectsWhere(db, caller, scope)));
  if (!seen) throw notFound();
}

/** Which entries the caller asks for and may read: a subject's (404 outside the scope) or a licence's log. */
async function auditWhere(db: Db, caller: Caller, scope: Scope, query: Omit<AuditListQuery, 'page' | 'pageSize'>): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [];
  if (query.subject) {
    const [kind, id] = query.subject.split(':') as [AuditSubjectKind, string];
    if (!SUBJECT_ROLES[kind].some((role) => caller.roles.has(role))) throw forbidden();
    const licenseId = await licenseOfSubject(db, { kind, id: Number(id) });
    // A mobile release belongs to no licence: its History is a super administrator's.
    if (licenseId === null ? !scope.all : licenseId === undefined) throw notFound();
    if (licenseId !== null) scope.assert(licenseId);
    await assertProjectSeen(db, caller, scope, kind, Number(id));
    conditions.push(eq(auditLog.subject, query.subject));
  } else {
    if (!LOG_ROLES.some((role) => caller.roles.has(role))) throw forbidden();
    const licenseId = scope.listLicense(query.licenseId);
    if (licenseId !== undefined) conditions.push(eq(auditLog.licenseId, licenseId));
  }
  if (query.entity) conditions.push(or(eq(auditLog.entity, query.entity), like(auditLog.entity, `${query.entity}-%`)));
  // A session's id is never shown (entryReply): nor is it something to look an entry up by.
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId), notInArray(auditLog.entity, [...SESSION_ENTITIES]));
  if (query.actor) conditions.push(ilike(auditLog.actorName, containing(query.actor)));
  if (query.from) conditions.push(gte(auditLog.at, query.from));
  if (query.to) conditions.push(lt(auditLog.at, query.to));
  return and(...conditions);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const asText = (value: unknown) => (value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Field by field, what an entry changed: each field of before and after whose value differs
 * (a created entity's fields from nothing; a list, such as a user's roles, as one field named
 * after the entry's kind). The stored values, as JSON text; `changesShown` says them in words.
 */
export function changesOf(entity: string, before: unknown, after: unknown) {
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return fields
      .filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]))
      .map((field) => ({ field, before: asText(b[field]), after: asText(a[field]) }));
  }
  if ((before ?? null) === null && (after ?? null) === null) return [];
  return [{ field: entity, before: asText(before), after: asText(after) }];
}

type AuditRow = typeof auditLog.$inferSelect;

/** Entries whose id is a session's or a hand-off's: half of what a token names, so never shown. */
const SESSION_ENTITIES = new Set(['session', 'session-guid', 'environment-session', 'two-factor']);

/** An entry as the views read it: who, when, the call (for its details line), what it did in words and each change labelled. */
function entryReply(row: AuditRow, names: Names) {
  const { action, changes: changesShown } = describe(row, names);
  return {
    auditId: row.auditId,
    at: row.at.toISOString(),
    actorName: row.actorName,
    actorUserId: row.actorUserId,
    method: row.method,
    path: row.path,
    status: row.status,
    entity: row.entity,
    entityId: SESSION_ENTITIES.has(row.entity) ? null : row.entityId,
    subject: row.subject,
    licenseId: row.licenseId,
    channel: row.channel === 'scim' ? ('scim' as const) : null,
    changes: changesOf(row.entity, row.before, row.after),
    action,
    changesShown,
  };
}

/** A page of rows in words: the names their ids need read once for all of them. */
async function entriesReply(db: Db, scope: Scope, rows: AuditRow[]) {
  const names = await readNames(db, scope, rows);
  return rows.map((row) => entryReply(row, names));
}

/** A change as the CSV says it: 'First name: Ann → Anna', 'Password: changed', 'Roles: added Site Admin; removed Viewer'. */
function changeText(change: ChangeInWords): string {
  if (change.secret) return `${change.label}: changed`;
  if (change.added || change.removed) {
    const parts = [change.added?.length ? `added ${change.added.join(', ')}` : '', change.removed?.length ? `removed ${change.removed.join(', ')}` : ''].filter(
      Boolean,
    );
    if (parts.length) return `${change.label}: ${parts.join('; ')}`;
  }
  return `${change.label}: ${change.before ?? '—'} → ${change.after ?? '—'}`;
}

const ordered = (db: Db, where: SQL | undefined) => db.select().from(auditLog).where(where).orderBy(desc(auditLog.auditId));

export const auditRoutes = implement(auditSpecs, {
  async getAuditPage({ db, caller, scope, query, json }) {
    const where = await auditWhere(db, caller, scope, query);
    return json(
      await listPage(
        db.select({ total: count() }).from(auditLog).where(where),
        (limit, offset) => ordered(db, where).limit(limit).offset(offset),
        query,
        (rows) => entriesReply(db, scope, rows),
      ),
    );
  },

  async exportAudit({ c, db, caller, scope, query }) {
    const where = await auditWhere(db, caller, scope, query);
    const chunks = exportChunks(
      (limit, offset) => ordered(db, where).limit(limit).offset(offset),
      async (rows) =>
        (await entriesReply(db, scope, rows)).map((entry) => [
          entry.at,
          entry.actorName ?? '',
          entry.action,
          entry.entity,
          entry.entityId ?? '',
          `${entry.method} ${entry.path}`,
          entry.status,
          entry.changesShown.map(changeText).join('; '),
        ]),
    );
    return csvResponse(c, 'audit.csv', ['When', 'Who', 'What', 'Entity', 'Entity Id', 'Call', 'Status', 'Changes'], chunks);
  },
});
