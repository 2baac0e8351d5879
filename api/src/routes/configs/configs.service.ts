/**
 * Configs of a project or of a licence, one service for both owners (configs.handlers.ts
 * resolves the owner from the call): the caller's right to the owner, the rules of the
 * licensing model (configs.rules.ts, the ones the editors apply) checked inside the transaction
 * that writes, compare-and-set on the version, and the audit trail.
 *
 * A config's rules read the owner's EnforceStorageLevels and ReceiptPost as saved. Every add
 * and update locks the owner's row first, so two saves of one owner — an EnforceStorageLevels
 * and a ReceiptPost, each fine against what the other read — run one after the other, and the
 * second is checked against what the first stored.
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  changesElevatedProperty,
  type ConfigBodySchema,
  type ConfigData,
  ConfigMessages,
  type ConfigOwner,
  configProblems,
  RECEIPT_POST_CONFIG,
  type RelatedConfigs,
  RESOURCE_PROPERTIES_CONFIG,
  STORAGE_LEVELS_CONFIG,
} from 'contracts/licensing/model';
import type { Db, Tx } from '../../db/client';
import { configs, licenses, projects, type ConfigData as StoredConfigData } from '../../db/schema';
import { visibleProjectsWhere } from '../../domain/project-visibility';
import type { AuditEntry, AuditSubject } from '../../http/audit';
import type { Caller } from '../../http/auth';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../http/errors';
import type { Scope } from '../../http/scope';
import { ROOT_PROJECT_ID } from '../../seed/reference';

export type ConfigRow = typeof configs.$inferSelect;
export type ConfigBody = v.InferOutput<typeof ConfigBodySchema>;
type Audit = (entry: AuditEntry) => void;

/** A config as the API answers it; a licence config's `systemConfigId` is its own id. */
export function configReply(row: ConfigRow) {
  return {
    id: row.configId,
    systemConfigId: row.isLicense ? row.configId : null,
    name: row.name,
    isLicense: row.isLicense,
    licenseId: row.licenseId,
    projectId: row.projectId,
    data: row.data,
    version: row.version,
  };
}

/** The owner's configs. */
function ownedBy(owner: ConfigOwner): SQL {
  return owner.kind === 'project' ? eq(configs.projectId, owner.projectId) : eq(configs.licenseId, owner.licenseId);
}

/** The defaults an owner may add: root project 1's configs for a project, the default licence configs for a licence. */
export function defaultsOf(kind: ConfigOwner['kind']): SQL {
  return kind === 'project' ? eq(configs.projectId, ROOT_PROJECT_ID) : and(eq(configs.isLicense, true), isNull(configs.licenseId), isNull(configs.projectId))!;
}

/** Whose History a change of the owner's configs also shows, and the licence whose log holds it (none for root project 1). */
function ownerSubject(owner: ConfigOwner): AuditSubject {
  return owner.kind === 'project' ? { kind: 'project', id: owner.projectId } : { kind: 'license', id: owner.licenseId };
}

/**
 * The project whose configs a call reads or changes: root project 1 (the defaults) for anyone
 * the route lets in, changed only by a super administrator; any other only when the caller
 * sees it (404 otherwise, like a missing one).
 */
export async function projectOwner(db: Db, caller: Caller, scope: Scope, projectId: number, intent: 'read' | 'write'): Promise<ConfigOwner> {
  if (projectId === ROOT_PROJECT_ID) {
    if (intent === 'write' && !scope.all) throw forbidden(ConfigMessages.defaultsSuperAdministratorsOnly);
    return { kind: 'project', projectId, licenseId: null };
  }
  const [row] = await db
    .select({ projectId: projects.projectId, licenseId: projects.licenseId })
    .from(projects)
    .where(and(eq(projects.projectId, projectId), await visibleProjectsWhere(db, caller, scope)));
  if (!row) throw notFound();
  return { kind: 'project', projectId: row.projectId, licenseId: row.licenseId };
}

/** A licence in the caller's scope whose configs a call reads or changes (404 otherwise). */
export async function licenseOwner(db: Db, scope: Scope, licenseId: number): Promise<ConfigOwner> {
  scope.assert(licenseId);
  const [row] = await db.select({ licenseId: licenses.licenseId }).from(licenses).where(eq(licenses.licenseId, licenseId));
  if (!row) throw notFound();
  return { kind: 'license', licenseId: row.licenseId };
}

/** Refuses a body that names another owner than the call's: a licence config names no project, a project config no licence. */
export function assertOwnerOfBody(owner: ConfigOwner, body: Pick<ConfigBody, 'licenseId' | 'projectId'>): void {
  const other =
    owner.kind === 'project'
      ? (body.projectId != null && body.projectId !== owner.projectId) || body.licenseId != null
      : (body.licenseId != null && body.licenseId !== owner.licenseId) || body.projectId != null;
  if (other)
    throw badRequest(ConfigMessages.ownerMismatch, { errors: { [owner.kind === 'project' ? 'projectId' : 'licenseId']: ConfigMessages.ownerMismatch } });
}

export async function listConfigs(db: Db, where: SQL): Promise<ReturnType<typeof configReply>[]> {
  const rows = await db.select().from(configs).where(where).orderBy(asc(configs.name), asc(configs.configId));
  return rows.map(configReply);
}

export const configsOf = (db: Db, owner: ConfigOwner) => listConfigs(db, ownedBy(owner));

/** The owner's config named `name`, or null. */
export async function configNamed(db: Db, owner: ConfigOwner, name: string) {
  const [row] = await db
    .select()
    .from(configs)
    .where(and(ownedBy(owner), eq(configs.name, name)));
  return row ? configReply(row) : null;
}

/** The owner's row lock: the owner's config saves run one after the other, each checked against what the one before stored. */
async function lockOwner(tx: Tx, owner: ConfigOwner): Promise<void> {
  if (owner.kind === 'project') await tx.select({ id: projects.projectId }).from(projects).where(eq(projects.projectId, owner.projectId)).for('update');
  else await tx.select({ id: licenses.licenseId }).from(licenses).where(eq(licenses.licenseId, owner.licenseId)).for('update');
}

/** The owner's EnforceStorageLevels and ReceiptPost as saved: what the pick-location rules read. */
async function relatedOf(tx: Tx, owner: ConfigOwner): Promise<RelatedConfigs> {
  const rows = await tx
    .select({ name: configs.name, data: configs.data })
    .from(configs)
    .where(and(ownedBy(owner), inArray(configs.name, [STORAGE_LEVELS_CONFIG, RECEIPT_POST_CONFIG])));
  const named = (name: string) => rows.find((row) => row.name === name)?.data ?? null;
  return { storageLevels: named(STORAGE_LEVELS_CONFIG), receiptPost: named(RECEIPT_POST_CONFIG) };
}

/**
 * Refuses a config the editor would refuse: 400 with the first problem as `Message`, one
 * message per place under `errors` (as the body's own validation names them), and every
 * problem under `problems`; 403 when a caller who is not a super administrator changes a
 * resource property that requires elevated privileges.
 */
async function assertAllowed(tx: Tx, scope: Scope, owner: ConfigOwner, name: string, before: ConfigData | null, after: ConfigData): Promise<void> {
  const problems = configProblems(name, after, await relatedOf(tx, owner));
  if (problems.length > 0) {
    const errors: Record<string, string> = {};
    for (const problem of problems) {
      const key = problem.parameter === null ? `data.configs.${problem.entry}` : `data.configs.${problem.entry}.parameters.${problem.parameter}.value`;
      errors[key] ??= problem.message;
    }
    throw badRequest(problems[0]!.message, { errors, problems });
  }
  if (name === RESOURCE_PROPERTIES_CONFIG && !scope.all && changesElevatedProperty(before, after)) throw forbidden(ConfigMessages.elevatedOnly);
}

const snapshot = (row: Pick<ConfigRow, 'name' | 'data'>) => ({ name: row.name, data: row.data });
const subjectOf = (row: Pick<ConfigRow, 'configId'>): AuditSubject => ({ kind: 'config', id: row.configId });

/**
 * Adds one of the defaults to an owner: 400 for a name that is not a default, 409 when the
 * owner has it already (the unique index answers the same under two concurrent adds).
 */
export async function addConfig(db: Db, scope: Scope, owner: ConfigOwner, body: ConfigBody, audit: Audit) {
  const [template] = await db
    .select({ configId: configs.configId })
    .from(configs)
    .where(and(defaultsOf(owner.kind), eq(configs.name, body.name)));
  if (!template) throw badRequest(ConfigMessages.notADefault, { errors: { name: ConfigMessages.notADefault } });
  const exists = () => conflict(ConfigMessages.exists, { errors: { name: ConfigMessages.exists } });
  const data = body.data as StoredConfigData;
  let created: ConfigRow;
  try {
    created = await db.transaction(async (tx) => {
      await lockOwner(tx, owner);
      const [existing] = await tx
        .select({ configId: configs.configId })
        .from(configs)
        .where(and(ownedBy(owner), eq(configs.name, body.name)));
      if (existing) throw exists();
      await assertAllowed(tx, scope, owner, body.name, null, data);
      const [row] = await tx
        .insert(configs)
        .values({
          name: body.name,
          isLicense: owner.kind === 'license',
          licenseId: owner.kind === 'license' ? owner.licenseId : null,
          projectId: owner.kind === 'project' ? owner.projectId : null,
          data,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
  audit({ entity: 'config', entityId: created.configId, subject: subjectOf(created), before: null, after: snapshot(created) });
  return configReply(created);
}

/**
 * Changes an owner's config if it is still at the version the caller read (compare-and-set in
 * the update's own condition): 409 when it changed since, 400 for another name.
 */
export async function updateConfig(db: Db, scope: Scope, owner: ConfigOwner, configId: number, body: ConfigBody, audit: Audit) {
  const version = body.version;
  if (version === undefined) throw badRequest(ConfigMessages.versionRequired, { errors: { version: ConfigMessages.versionRequired } });
  const data = body.data as StoredConfigData;
  const { before, saved } = await db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const [current] = await tx
      .select()
      .from(configs)
      .where(and(ownedBy(owner), eq(configs.configId, configId)));
    if (!current) throw notFound(owner.kind === 'license' ? ConfigMessages.licenseConfigNotFound : undefined);
    if (current.name !== body.name) throw badRequest(ConfigMessages.nameUnchangeable, { errors: { name: ConfigMessages.nameUnchangeable } });
    const changedSince = () => conflict(ConfigMessages.changedSince, { version: current.version });
    // Told before the rules: what a stale draft breaks does not matter, it is not saved.
    if (current.version !== version) throw changedSince();
    await assertAllowed(tx, scope, owner, current.name, current.data, data);
    const [row] = await tx
      .update(configs)
      .set({ data, version: sql`${configs.version} + 1` })
      .where(and(eq(configs.configId, current.configId), eq(configs.version, version)))
      .returning();
    if (!row) throw changedSince();
    return { before: current, saved: row };
  });
  audit({ entity: 'config', entityId: saved.configId, subject: subjectOf(saved), before: snapshot(before), after: snapshot(saved) });
  return configReply(saved);
}

/** Removes an owner's config; in its History and in the owner's. */
export async function deleteConfig(db: Db, scope: Scope, owner: ConfigOwner, configId: number, audit: Audit): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(configs)
      .where(and(ownedBy(owner), eq(configs.configId, configId)))
      .for('update');
    if (!current) throw notFound(owner.kind === 'license' ? ConfigMessages.licenseConfigNotFound : undefined);
    if (current.name === RESOURCE_PROPERTIES_CONFIG && !scope.all && changesElevatedProperty(current.data, { configs: [] }))
      throw forbidden(ConfigMessages.elevatedOnly);
    await tx.delete(configs).where(eq(configs.configId, current.configId));
    return current;
  });
  // The config is gone when the trail is written: its licence is the owner's (none for root project 1's).
  const licenseId = owner.licenseId;
  audit({ entity: 'config', entityId: removed.configId, subject: subjectOf(removed), before: snapshot(removed), after: null, licenseId });
  audit({ entity: 'config', entityId: removed.configId, subject: ownerSubject(owner), before: snapshot(removed), after: null, licenseId });
}

/** A project config by its id, whatever its project (the caller's right to it is checked next); 404 for none or a licence's. */
export async function projectConfigRow(db: Db, configId: number): Promise<ConfigRow & { projectId: number }> {
  const [row] = await db.select().from(configs).where(eq(configs.configId, configId));
  if (!row || row.projectId === null) throw notFound();
  return row as ConfigRow & { projectId: number };
}
