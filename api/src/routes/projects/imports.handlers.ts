/** What the import system calls do (imports.routes.ts has their definitions; imports.service.ts what they share with the integration reports). */
import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { ImportMessages, type ImportListQuerySchema, type ImportSort, type ImportSystemBodySchema } from 'contracts/projects-sites/model';
import type { Db } from '../../db/client';
import { importSystems, licenses, projects } from '../../db/schema';
import { containing } from '../../db/text-search';
import type { Caller } from '../../http/auth';
import { csvResponse, exportChunks } from '../../http/csv';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors';
import { listOrder, listPage } from '../../http/params';
import { implement } from '../../http/route';
import { assertTakesNew } from '../../domain/project-state';
import type { Scope } from '../../http/scope';
import { importSpecs } from './imports.routes';
import { importColumns, reachableImport, reachableImports } from './imports.service';
import { projectInSight, licenseProjectsWhere } from '../../domain/project-visibility';

type Body = v.InferOutput<typeof ImportSystemBodySchema>;

const duplicateName = () => conflict(ImportMessages.duplicateName, { errors: { displayName: ImportMessages.duplicateName } });

/** Saves an import system; the unique constraint on (project, name) refuses a duplicate, also under concurrent saves. */
async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // The only unique constraint of import_systems is its project and name.
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

/** The import list's filters (GET imports/page, imports.csv): a project (404 out of reach) and a text filter. */
async function importListWhere(db: Db, caller: Caller, scope: Scope, query: v.InferOutput<typeof ImportListQuerySchema>): Promise<SQL | undefined> {
  if (query.projectId !== undefined) await projectInSight(db, caller, scope, query.projectId, 'license');
  const pattern = containing(query.filter);
  return and(
    query.projectId === undefined ? undefined : eq(importSystems.projectId, query.projectId),
    query.filter
      ? or(
          ilike(importSystems.displayName, pattern),
          ilike(importSystems.path, pattern),
          ilike(importSystems.description, pattern),
          ilike(sql`${importSystems.projectId}::text`, pattern),
        )
      : undefined,
  );
}

const sortKeys: Record<ImportSort, SQL> = {
  projectId: sql`${importSystems.projectId}`,
  displayName: sql`lower(${importSystems.displayName})`,
  path: sql`lower(${importSystems.path})`,
  description: sql`lower(${importSystems.description})`,
  active: sql`${importSystems.active}`,
};

/** The list's order: the sorted column, then the name and the config id, all the same way, so pages never overlap. */
const listKeys = (sort: ImportSort) => [sortKeys[sort], sql`lower(${importSystems.displayName})`, importSystems.configId.getSQL()];

const byName = [sql`lower(${importSystems.displayName})`, importSystems.configId];

export const importRoutes = implement(importSpecs, {
  async getImportProjects({ db, caller, scope, json }) {
    const rows = await db
      .select({ projectId: projects.projectId, name: projects.name, licenseId: licenses.licenseId, licenseName: licenses.name, isActive: projects.isActive })
      .from(projects)
      .innerJoin(licenses, eq(licenses.licenseId, projects.licenseId))
      .where(licenseProjectsWhere(db, caller, scope))
      .orderBy(sql`lower(${projects.name})`, projects.projectId);
    return json(rows);
  },

  async getImportSystems({ db, caller, scope, query, json }) {
    if (query.projectId !== undefined) await projectInSight(db, caller, scope, query.projectId, 'license');
    const rows = await reachableImports(db, caller, scope, query.projectId === undefined ? undefined : eq(importSystems.projectId, query.projectId)).orderBy(
      importSystems.projectId,
      ...byName,
    );
    return json(rows);
  },

  async getImportPaths({ db, caller, scope, json }) {
    const rows = await db
      .select({ path: importSystems.path })
      .from(importSystems)
      .innerJoin(projects, eq(projects.projectId, importSystems.projectId))
      .where(licenseProjectsWhere(db, caller, scope))
      .groupBy(importSystems.path)
      .orderBy(sql`lower(${importSystems.path})`, importSystems.path);
    return json(rows.map((row) => row.path));
  },

  async getImportSystemPage({ db, caller, scope, query, json }) {
    const where = await importListWhere(db, caller, scope, query);
    return json(
      await listPage(
        db
          .select({ total: count() })
          .from(importSystems)
          .innerJoin(projects, eq(projects.projectId, importSystems.projectId))
          .where(and(licenseProjectsWhere(db, caller, scope), where)),
        (limit, offset) =>
          reachableImports(db, caller, scope, where)
            .orderBy(...listOrder(listKeys(query.sort), query.dir))
            .limit(limit)
            .offset(offset),
        query,
        (rows) => rows,
      ),
    );
  },

  async exportImportSystems({ c, db, caller, scope, query }) {
    const where = await importListWhere(db, caller, scope, query);
    const chunks = exportChunks(
      (limit, offset) =>
        reachableImports(db, caller, scope, where)
          .orderBy(...listOrder(listKeys(query.sort), query.dir))
          .limit(limit)
          .offset(offset),
      (rows) => rows.map((row) => [row.projectId, row.displayName, row.path, row.description, row.active ? 'Active' : 'Inactive']),
    );
    return csvResponse(c, 'imports.csv', ['Project Id', 'Name', 'Path', 'Description', 'Active'], chunks);
  },

  async getImportSystem({ db, caller, scope, params, json }) {
    return json(await reachableImport(db, caller, scope, params.configId));
  },

  async getProjectImportSystems({ db, caller, scope, params, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId, 'license');
    return json(await reachableImports(db, caller, scope, eq(importSystems.projectId, project.projectId)).orderBy(...byName));
  },

  async createImportSystem({ db, caller, scope, params, body, audit, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId, 'license');
    if (body.projectId !== undefined && body.projectId !== project.projectId) {
      throw badRequest(ImportMessages.projectMismatch, { errors: { projectId: ImportMessages.projectMismatch } });
    }
    assertTakesNew(project, 'import systems');
    const created = await saving(
      async () =>
        (
          await db
            .insert(importSystems)
            .values({ ...fields(body), projectId: project.projectId, isInternal: body.isInternal ?? false })
            .returning(importColumns)
        )[0]!,
    );
    audit({ entity: 'import-system', entityId: created.configId, subject: { kind: 'project', id: created.projectId }, after: created });
    return json(created, 201);
  },

  async updateImportSystem({ db, caller, scope, params, body, audit, json }) {
    const before = await reachableImport(db, caller, scope, params.configId);
    // The project is read-only in the view (spec 1 §2): an import system never moves.
    if (body.projectId !== undefined && body.projectId !== before.projectId) {
      throw badRequest(ImportMessages.projectFixed, { errors: { projectId: ImportMessages.projectFixed } });
    }
    const [after] = await saving(() =>
      db
        .update(importSystems)
        .set({ ...fields(body), isInternal: body.isInternal ?? before.isInternal })
        .where(eq(importSystems.configId, before.configId))
        .returning(importColumns),
    );
    // Gone between the read and the write (its project deleted): as missing as if it never was.
    if (!after) throw notFound();
    audit({ entity: 'import-system', entityId: after.configId, subject: { kind: 'project', id: after.projectId }, before, after });
    return json({ Message: ImportMessages.saved, ...after });
  },
});

/** The columns a create or an update writes from the form. */
function fields(body: Body) {
  return { displayName: body.displayName, path: body.path, description: body.description, active: body.active };
}
