/**
 * What the preservation calls do (preservations.routes.ts has their definitions): plans of the
 * projects the caller sees (domain/project-visibility.ts), never project 1's; a plan's copies
 * written in one transaction that first locks the plan's related key and existing rows, so two
 * saves of one plan run one after the other; the key is one licence's (domain/related-keys.ts). The
 * unique (project, related key) holds one copy per project even
 * under two concurrent creates; its violation is a 409.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray, ne } from 'drizzle-orm';
import { PreservationMessages, type Preservation, type PreservationInput } from 'contracts/workflows/model';
import type { Db, Tx } from '../../db/client';
import { preservationResourceTypes, preservations, projects } from '../../db/schema';
import { visibleProjectsWhere, projectInSight } from '../../domain/project-visibility';
import { inLicense, licenseOfSave, lockRelatedKey } from '../../domain/related-keys';
import type { Caller } from '../../http/auth';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { ROOT_PROJECT_ID } from '../../seed/reference';
import { preservationSpecs } from './preservations.routes';

type Row = typeof preservations.$inferSelect;

const columns = {
  id: preservations.id,
  name: preservations.name,
  projectId: preservations.projectId,
  projectName: projects.name,
  preservationRelatedKey: preservations.preservationRelatedKey,
  preservationSteps: preservations.preservationSteps,
};

const reply = (row: {
  id: number;
  name: string;
  projectId: number;
  projectName: string;
  preservationRelatedKey: string;
  preservationSteps: unknown[];
}): Preservation => ({ ...row, preservationSteps: row.preservationSteps as Preservation['preservationSteps'] });

/** The plans of the projects the caller sees, optionally only of `projectIds`; never project 1's. */
async function plansOf(db: Db | Tx, caller: Caller, scope: Scope, projectIds: readonly number[]): Promise<Preservation[]> {
  const rows = await db
    .select(columns)
    .from(preservations)
    .innerJoin(projects, eq(projects.projectId, preservations.projectId))
    .where(
      and(
        await visibleProjectsWhere(db, caller, scope),
        ne(preservations.projectId, ROOT_PROJECT_ID),
        projectIds.length > 0 ? inArray(preservations.projectId, [...projectIds]) : undefined,
      ),
    )
    .orderBy(preservations.name, preservations.projectId, preservations.id);
  return rows.map(reply);
}

/** The projects of a save, each one the caller sees (404), active and not project 1. */
async function projectsOfSave(tx: Tx, caller: Caller, scope: Scope, projectIds: readonly number[]): Promise<Map<number, string>> {
  if (projectIds.includes(ROOT_PROJECT_ID)) throw badRequest(PreservationMessages.rootProject, { errors: { projectId: PreservationMessages.rootProject } });
  const rows = await tx
    .select({ projectId: projects.projectId, name: projects.name, isActive: projects.isActive })
    .from(projects)
    .where(and(inArray(projects.projectId, [...projectIds]), await visibleProjectsWhere(tx, caller, scope)));
  if (rows.length !== new Set(projectIds).size) throw notFound();
  const inactive = rows.find((row) => !row.isActive);
  if (inactive) throw conflict(PreservationMessages.projectInactive(inactive.name));
  return new Map(rows.map((row) => [row.projectId, row.name]));
}

/** Steps as stored: each with an id (a GUID for a new one). */
const stepsOf = (copy: PreservationInput) => copy.preservationSteps.map((step) => ({ ...step, id: step.id ?? randomUUID() }));

/** Runs a save, turning a second copy in one project (the unique index, under a concurrent save) into the 409 it is. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PreservationMessages.copyExists);
    throw error;
  }
}

export const preservationRoutes = implement(preservationSpecs, {
  async getPreservations({ db, caller, scope, body, json }) {
    return json({ success: true, data: await plansOf(db, caller, scope, body) });
  },

  async getProjectPreservations({ db, caller, scope, params, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    return json(await plansOf(db, caller, scope, [project.projectId]));
  },

  async createPreservations({ db, caller, scope, body, audit, json }) {
    const created = await saving(() =>
      db.transaction(async (tx) => {
        const key = body[0]!.preservationRelatedKey;
        await lockRelatedKey(tx, 'preservation', key);
        const names = await projectsOfSave(
          tx,
          caller,
          scope,
          body.map((copy) => copy.projectId),
        );
        // The key is one licence's (domain/related-keys.ts): another licence's is a 404, nothing created.
        await licenseOfSave(
          tx,
          scope,
          'preservation',
          key,
          body.map((copy) => copy.projectId),
          PreservationMessages.oneLicense,
        );
        if (body.some((copy) => copy.id !== undefined)) throw badRequest(PreservationMessages.newHasId);
        const [taken] = await tx
          .select({ id: preservations.id })
          .from(preservations)
          .where(
            and(
              eq(preservations.preservationRelatedKey, key),
              inArray(
                preservations.projectId,
                body.map((copy) => copy.projectId),
              ),
            ),
          );
        if (taken) throw conflict(PreservationMessages.copyExists);
        const rows = await tx
          .insert(preservations)
          .values(
            body.map((copy) => ({
              name: copy.name,
              projectId: copy.projectId,
              preservationRelatedKey: copy.preservationRelatedKey,
              preservationSteps: stepsOf(copy),
            })),
          )
          .returning();
        return rows.map((row) => ({ ...row, projectName: names.get(row.projectId)! }));
      }),
    );
    for (const row of created) audit({ entity: 'preservation', entityId: row.id, after: row });
    return json(created.map(reply), 201);
  },

  async updatePreservations({ db, caller, scope, body, audit, json }) {
    const key = body[0]!.preservationRelatedKey;
    const changes = await saving(() =>
      db.transaction(async (tx) => {
        // The plan's key, then its rows in its licence (domain/related-keys.ts), locked: a second save of this plan waits for this one.
        await lockRelatedKey(tx, 'preservation', key);
        const license = await licenseOfSave(
          tx,
          scope,
          'preservation',
          key,
          body.map((copy) => copy.projectId),
          PreservationMessages.oneLicense,
        );
        const existing: Row[] = await tx
          .select(getTableColumns(preservations))
          .from(preservations)
          .innerJoin(projects, eq(projects.projectId, preservations.projectId))
          .where(and(eq(preservations.preservationRelatedKey, key), inLicense(license)))
          .for('update', { of: preservations });
        const visible = new Set(
          (
            await tx
              .select({ projectId: projects.projectId })
              .from(projects)
              .where(
                and(
                  inArray(projects.projectId, existing.length > 0 ? existing.map((row) => row.projectId) : [0]),
                  await visibleProjectsWhere(tx, caller, scope),
                ),
              )
          ).map((row) => row.projectId),
        );
        const mine = existing.filter((row) => visible.has(row.projectId));
        if (mine.length === 0) throw notFound();
        const added = body.filter((copy) => copy.id === undefined);
        await projectsOfSave(
          tx,
          caller,
          scope,
          body.map((copy) => copy.projectId),
        );
        for (const copy of body) {
          if (copy.id === undefined) continue;
          const row = mine.find((candidate) => candidate.id === copy.id);
          if (!row || row.projectId !== copy.projectId) throw notFound();
        }
        if (added.some((copy) => existing.some((row) => row.projectId === copy.projectId))) throw conflict(PreservationMessages.copyExists);
        const removed = mine.filter((row) => !body.some((copy) => copy.id === row.id));
        if (removed.length > 0) {
          const linked = await tx
            .select({ projectId: preservationResourceTypes.projectId, name: projects.name })
            .from(preservationResourceTypes)
            .innerJoin(projects, eq(projects.projectId, preservationResourceTypes.projectId))
            .where(
              inArray(
                preservationResourceTypes.preservationId,
                removed.map((row) => row.id),
              ),
            )
            .limit(1);
          if (linked[0]) throw conflict(PreservationMessages.removedLinked(linked[0].name));
          await tx.delete(preservations).where(
            inArray(
              preservations.id,
              removed.map((row) => row.id),
            ),
          );
        }
        const after: Row[] = [];
        for (const copy of body) {
          const values = { name: copy.name, projectId: copy.projectId, preservationRelatedKey: key, preservationSteps: stepsOf(copy) };
          const [row] =
            copy.id === undefined
              ? await tx.insert(preservations).values(values).returning()
              : await tx.update(preservations).set(values).where(eq(preservations.id, copy.id)).returning();
          after.push(row!);
        }
        return { before: mine, after, removed };
      }),
    );
    for (const row of changes.after)
      audit({ entity: 'preservation', entityId: row.id, before: changes.before.find((old) => old.id === row.id) ?? null, after: row });
    for (const row of changes.removed) audit({ entity: 'preservation', entityId: row.id, before: row, after: null });
    return json({ Message: PreservationMessages.saved });
  },
});
