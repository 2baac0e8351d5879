/**
 * The audit trail: who, when, which call, which entity, before and after. A handler
 * records what it changed; a successful call that changes data and records nothing still
 * leaves a line naming the call. Secrets never reach the trail.
 */
import type { Context } from 'hono';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys, auditLog, configs, licenses, mobileReleases, preservations, projects, sites, userGroups, users, workflows } from '../db/schema';
import type { AppDeps } from '../deps';
import type { Caller } from './auth';
import { safePath } from './safe-path';

export interface AuditEntry {
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** Who acted when the call had no session (a login, a reset link). */
  actor?: { userId: number; userName: string };
  /** The view whose History shows the entry, when its entity and id do not say (a report group of a licence). */
  subject?: AuditSubject;
  /**
   * The licence whose log holds the entry, when its subject is gone by the time the trail is
   * written (a deleted config); null: no licence's, only a super administrator's.
   */
  licenseId?: number | null;
}

/** How a change came, when not through the console or the API's own calls: 'scim', a directory's SCIM call (History shows 'via SCIM'). */
export type AuditChannel = 'scim';

/** What an entry is about: the entity a view's History shows. */
export interface AuditSubject {
  kind: 'user' | 'user-group' | 'api-key' | 'license' | 'mobile-release' | 'project' | 'config' | 'site' | 'workflow' | 'preservation';
  id: number;
}

const SECRET_KEY = /pass(word)?|secret|token|hash|code|jwt|guid|apikey$/i;
/** Fields whose names look secret but hold what an administrator may read (a licence's customer code). */
const NOT_SECRET = new Set(['customerCode']);

/**
 * Free-form values the API stores as they come (a site's geometry, a preservation step's
 * fields: contracts' `freeJson`): the trail keeps an excerpt of them, not the whole.
 */
const FREE_FORM_KEYS = new Set(['location', 'fields']);
/** The most of a free-form value's JSON the trail keeps. */
export const AUDIT_EXCERPT_CHARS = 2000;
/** The most of any one text: beyond every field's own bound (a config's JSON text included), a guard, not a rule. */
const AUDIT_TEXT_CHARS = 100_000;

const excerpt = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

/** A copy without secret-looking fields, dates as ISO text, long texts and free-form values cut to an excerpt; safe to store as JSON. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return excerpt(value, AUDIT_TEXT_CHARS);
  if (depth > 8) return '[deep]';
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (SECRET_KEY.test(key) && !NOT_SECRET.has(key)) out[key] = '[redacted]';
      else if (FREE_FORM_KEYS.has(key) && item !== null && typeof item === 'object') {
        const json = JSON.stringify(item);
        out[key] = json.length > AUDIT_EXCERPT_CHARS ? excerpt(json, AUDIT_EXCERPT_CHARS) : redact(item, depth + 1);
      } else out[key] = redact(item, depth + 1);
    }
    return out;
  }
  return value;
}

const USER_ENTITIES = new Set(['user', 'user-roles', 'user-addons', 'user-projects', 'user-imports', 'user-reports', 'user-sessions', 'password-reset-link']);

/**
 * What an entry is about, as a view's History asks for it (`user:5`, `user-group:3`,
 * `api-key:7`, `license:2`); null for what no view shows (sessions, sign-in attempts).
 * The migration that added the column filled it for older entries by the same rule.
 */
export function subjectOf(entity: string, entityId: string | null): AuditSubject | null {
  if (entityId === null) return null;
  const id = Number(entity === 'license-environment' ? entityId.split('/')[0] : entityId);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  if (USER_ENTITIES.has(entity)) return { kind: 'user', id };
  if (entity.startsWith('user-group')) return { kind: 'user-group', id };
  if (entity.startsWith('api-key')) return { kind: 'api-key', id };
  if (entity === 'license-environment') return { kind: 'license', id };
  if (entity === 'mobile-release') return { kind: 'mobile-release', id };
  if (entity === 'project') return { kind: 'project', id };
  if (entity === 'config') return { kind: 'config', id };
  if (entity === 'site') return { kind: 'site', id };
  if (entity === 'workflow') return { kind: 'workflow', id };
  if (entity === 'preservation') return { kind: 'preservation', id };
  return null;
}

/**
 * The licence a subject belongs to; undefined when it is gone, null for what belongs to no
 * licence (a mobile release; the defaults: root project 1's configs and the default licence configs).
 */
export async function licenseOfSubject(db: Db, subject: AuditSubject): Promise<number | null | undefined> {
  switch (subject.kind) {
    case 'user':
      return (await db.select({ licenseId: users.licenseId }).from(users).where(eq(users.userId, subject.id)))[0]?.licenseId;
    case 'user-group':
      return (await db.select({ licenseId: userGroups.licenseId }).from(userGroups).where(eq(userGroups.userGroupId, subject.id)))[0]?.licenseId;
    case 'api-key':
      return (await db.select({ licenseId: apiKeys.licenseId }).from(apiKeys).where(eq(apiKeys.apiKeyId, subject.id)))[0]?.licenseId;
    case 'license':
      return (await db.select({ licenseId: licenses.licenseId }).from(licenses).where(eq(licenses.licenseId, subject.id)))[0]?.licenseId;
    case 'mobile-release':
      return (await db.select({ id: mobileReleases.id }).from(mobileReleases).where(eq(mobileReleases.id, subject.id)))[0] ? null : undefined;
    case 'project':
      return (await db.select({ licenseId: projects.licenseId }).from(projects).where(eq(projects.projectId, subject.id)))[0]?.licenseId ?? undefined;
    case 'config': {
      // A licence's config, or a project's (its project's licence); root project 1 has none.
      const [row] = await db
        .select({ licenseId: configs.licenseId, projectLicenseId: projects.licenseId })
        .from(configs)
        .leftJoin(projects, eq(projects.projectId, configs.projectId))
        .where(eq(configs.configId, subject.id));
      return row ? (row.licenseId ?? row.projectLicenseId ?? null) : undefined;
    }
    case 'site':
      // Its project's licence (a site belongs to one project, which belongs to one licence).
      return (
        (
          await db
            .select({ licenseId: projects.licenseId })
            .from(sites)
            .innerJoin(projects, eq(projects.projectId, sites.projectId))
            .where(eq(sites.siteId, subject.id))
        )[0]?.licenseId ?? undefined
      );
    case 'workflow':
      // Its project's licence: a workflow is one project's copy (archived copies too).
      return (
        (
          await db
            .select({ licenseId: projects.licenseId })
            .from(workflows)
            .innerJoin(projects, eq(projects.projectId, workflows.projectId))
            .where(eq(workflows.workflowId, subject.id))
        )[0]?.licenseId ?? undefined
      );
    case 'preservation':
      // Its project's licence: a preservation is one project's copy of a plan.
      return (
        (
          await db
            .select({ licenseId: projects.licenseId })
            .from(preservations)
            .innerJoin(projects, eq(projects.projectId, preservations.projectId))
            .where(eq(preservations.id, subject.id))
        )[0]?.licenseId ?? undefined
      );
  }
}

/** The actor's licence, for entries about no subject of a licence (sign-ins, sessions). */
async function licenseOfActor(db: Db, caller: Caller | null, actor: AuditEntry['actor']): Promise<number | null> {
  if (caller) return caller.licenseId;
  if (!actor) return null;
  return (await db.select({ licenseId: users.licenseId }).from(users).where(eq(users.userId, actor.userId)))[0]?.licenseId ?? null;
}

/** Up to this many entries are inserted as values; more (a bulk entry of sites: one per site) as one JSON document. */
const AUDIT_ROWS_AS_VALUES = 50;
/** Entries per JSON document. */
const AUDIT_ROWS_PER_DOCUMENT = 5000;

export type AuditRow = typeof auditLog.$inferInsert;

/**
 * Writes many entries with one parameter per slice, a JSON document of them read by
 * jsonb_to_recordset: thousands of rows as values mean tens of thousands of parameters, which
 * PGlite binds ten times slower (5,000 entries: about 1 s as values, 0.1 s so).
 */
async function insertMany(db: Db, rows: readonly AuditRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += AUDIT_ROWS_PER_DOCUMENT) {
    const document = JSON.stringify(
      rows.slice(start, start + AUDIT_ROWS_PER_DOCUMENT).map((row) => ({
        at: (row.at ?? new Date()).toISOString(),
        actor_user_id: row.actorUserId,
        actor_name: row.actorName,
        method: row.method,
        path: row.path,
        status: row.status,
        entity: row.entity,
        entity_id: row.entityId,
        before: row.before,
        after: row.after,
        subject: row.subject,
        license_id: row.licenseId,
        channel: row.channel,
      })),
    );
    await db.execute(sql`
      insert into audit_log (at, actor_user_id, actor_name, method, path, status, entity, entity_id, before,
      after, subject, license_id, channel)
      select at, actor_user_id, actor_name, method, path, status, entity, entity_id, before, after, subject,
      license_id, channel
      from
      jsonb_to_recordset(${document}::jsonb) as r(at timestamptz, actor_user_id integer, actor_name text,
      method text, path text, status integer, entity text, entity_id text, before jsonb, after jsonb, subject
      text, license_id integer, channel text)`);
  }
}

/** What one call records, as audit rows: its route, its caller, its status and the entries its handler recorded. */
export interface AuditInput {
  route: { method: string; area: string; channel?: AuditChannel };
  c: Context;
  caller: Caller | null;
  status: number;
  entries: AuditEntry[];
}

export async function writeAudit(deps: AppDeps, input: AuditInput): Promise<void> {
  await insertAuditRows(deps.db, await auditRows(deps, input));
}

/** Inserts audit rows, of one call or of several (a group of SCIM creates: db/group-commit.ts). */
export async function insertAuditRows(db: Db, values: readonly AuditRow[]): Promise<void> {
  if (values.length === 0) return;
  if (values.length <= AUDIT_ROWS_AS_VALUES) await db.insert(auditLog).values([...values]);
  else await insertMany(db, values);
}

/**
 * The rows a call's entries make (a successful call that recorded none: one line naming it).
 * An entry without a licence reads its subject's or its actor's on `deps.db`.
 */
export async function auditRows(deps: AppDeps, input: AuditInput): Promise<AuditRow[]> {
  const { route, c, caller, status } = input;
  const entries: AuditEntry[] = input.entries.length > 0 ? input.entries : status < 400 ? [{ entity: route.area, entityId: null }] : [];
  const rows = [];
  for (const entry of entries) {
    const entityId = entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId);
    const subject = entry.subject ?? subjectOf(entry.entity, entityId);
    // What belongs to no licence (a mobile release, a default config) is in no licence's log: only a super administrator's.
    const ofSubject = entry.licenseId !== undefined ? entry.licenseId : subject ? await licenseOfSubject(deps.db, subject) : undefined;
    const noLicense = subject?.kind === 'mobile-release' || ofSubject === null;
    const licenseId = noLicense ? null : (ofSubject ?? (await licenseOfActor(deps.db, caller, entry.actor)));
    rows.push({ entry, entityId, subject: subject && `${subject.kind}:${subject.id}`, licenseId });
  }
  return rows.map(({ entry, entityId, subject, licenseId }) => ({
    at: deps.clock.now(),
    // An API key has no user: its name and prefix say who acted.
    actorUserId: (caller?.apiKey ? null : caller?.userId) ?? entry.actor?.userId ?? null,
    actorName: caller?.userName ?? entry.actor?.userName ?? null,
    method: route.method,
    path: safePath(c),
    status,
    entity: entry.entity,
    entityId,
    before: redact(entry.before) ?? null,
    after: redact(entry.after) ?? null,
    subject,
    licenseId,
    channel: route.channel ?? null,
  }));
}
