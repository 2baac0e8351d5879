/** What the project calls do (projects.routes.ts has their definitions). */
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Project, ProjectListQuerySchema, ProjectSort } from 'contracts/projects-sites/model';
import type { Caller } from '../../http/auth';
import type { Scope } from '../../http/scope';
import type { Db } from '../../db/client';
import { licenses, projects, projectUserCounts } from '../../db/schema';
import { containing } from '../../db/text-search';
import { visibleProjectsWhere } from '../../domain/project-visibility';
import { csvResponse, exportChunks } from '../../http/csv';
import { listOrder, listPage } from '../../http/params';
import { implement } from '../../http/route';
import { projectSpecs } from './projects.routes';

/**
 * Distinct users assigned to each of the projects `where` selects, directly or through a group:
 * kept per project by the database (project_user_counts, migration 0012), so a list reads them
 * rather than counting a million assignments.
 */
async function usersPerProject(db: Db, where: SQL | undefined): Promise<Map<number, number>> {
  const listed = db.select({ projectId: projects.projectId }).from(projects).where(where);
  const rows = await db
    .select({ projectId: projectUserCounts.projectId, users: projectUserCounts.users })
    .from(projectUserCounts)
    .where(inArray(projectUserCounts.projectId, listed));
  return new Map(rows.map((row) => [row.projectId, row.users]));
}

/** Which projects a list shows the caller: the ones they may see, narrowed by the query's filters. */
async function projectListWhere(db: Db, caller: Caller, scope: Scope, query: v.InferOutput<typeof ProjectListQuerySchema>): Promise<SQL | undefined> {
  if (query.licenseId !== undefined) scope.assert(query.licenseId);
  const pattern = containing(query.filter);
  return and(
    await visibleProjectsWhere(db, caller, scope),
    query.licenseId === undefined ? undefined : eq(projects.licenseId, query.licenseId),
    query.state === 'all' ? undefined : eq(projects.isActive, query.state === 'active'),
    query.filter ? or(ilike(projects.name, pattern), ilike(projects.description, pattern), ilike(sql`${projects.projectId}::text`, pattern)) : undefined,
  );
}

/** A project's columns as every project reply has them (numberOfUsers aside). */
export const listColumns = {
  projectId: projects.projectId,
  name: projects.name,
  description: projects.description,
  licenseId: projects.licenseId,
  licenseName: licenses.name,
  environmentId: projects.environmentId,
  parentProjectId: projects.parentProjectId,
  rootProjectId: projects.rootProjectId,
  isActive: projects.isActive,
};

const sortKeys: Record<ProjectSort, SQL> = {
  projectId: sql`${projects.projectId}`,
  name: sql`lower(${projects.name})`,
  description: sql`lower(${projects.description})`,
  licenseId: sql`${projects.licenseId}`,
  licenseName: sql`lower(${licenses.name})`,
};

/** The projects `where` selects in the list's order (the sorted column, then the project id, both the same way), to page or export. */
function orderedProjects(db: Db, where: SQL | undefined, sort: ProjectSort, dir: 'asc' | 'desc') {
  return db
    .select(listColumns)
    .from(projects)
    .leftJoin(licenses, eq(licenses.licenseId, projects.licenseId))
    .where(where)
    .orderBy(...listOrder([sortKeys[sort], projects.projectId.getSQL()], dir, { nullsLast: true }));
}

export const projectRoutes = implement(projectSpecs, {
  async getProjects({ db, caller, scope, query, json }) {
    const where = await projectListWhere(db, caller, scope, query);
    const [rows, users] = await Promise.all([
      db.select(listColumns).from(projects).leftJoin(licenses, eq(licenses.licenseId, projects.licenseId)).where(where).orderBy(projects.projectId),
      usersPerProject(db, where),
    ]);
    const list: Project[] = rows.map((row) => ({ ...row, numberOfUsers: users.get(row.projectId) ?? 0 }));
    return json(list);
  },

  async exportProjects({ c, db, caller, scope, query }) {
    const where = await projectListWhere(db, caller, scope, query);
    const withLicense = scope.all;
    const header = ['Project Id', 'Name', 'Description', ...(withLicense ? ['License Id', 'License Name'] : []), 'Active'];
    const chunks = exportChunks(
      (limit, offset) => orderedProjects(db, where, query.sort, query.dir).limit(limit).offset(offset),
      (rows) => rows.map((p) => [p.projectId, p.name, p.description, ...(withLicense ? [p.licenseId, p.licenseName] : []), p.isActive ? 'Active' : 'Inactive']),
    );
    return csvResponse(c, 'projects.csv', header, chunks);
  },

  async getProjectPage({ db, caller, scope, query, json }) {
    const where = await projectListWhere(db, caller, scope, query);
    return json(
      await listPage(
        db.select({ total: count() }).from(projects).where(where),
        (limit, offset) => orderedProjects(db, where, query.sort, query.dir).limit(limit).offset(offset),
        query,
        async (rows): Promise<Project[]> => {
          // Users are counted for this page's projects only.
          const users = rows.length
            ? await usersPerProject(
                db,
                inArray(
                  projects.projectId,
                  rows.map((row) => row.projectId),
                ),
              )
            : new Map<number, number>();
          return rows.map((row) => ({ ...row, numberOfUsers: users.get(row.projectId) ?? 0 }));
        },
      ),
    );
  },
});
