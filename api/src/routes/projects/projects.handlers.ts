/** What the project calls do (projects.routes.ts has their definitions). */
import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Project } from 'contracts/projects-sites/model';
import type { Db } from '../../db/client';
import { licenses, projects } from '../../db/schema';
import { containing } from '../../db/text-search';
import { usersOfProjects } from '../../domain/grants';
import { visibleProjectsWhere } from '../../domain/project-visibility';
import { implement } from '../../http/route';
import { projectSpecs } from './projects.routes';

/** Distinct users assigned to each of the projects `where` selects, directly or through a group. */
async function usersPerProject(db: Db, where: SQL | undefined): Promise<Map<number, number>> {
  const listed = db.select({ projectId: projects.projectId }).from(projects).where(where);
  const assigned = usersOfProjects(db, listed).as('assigned');
  const rows = await db.select({ projectId: assigned.projectId, users: count() }).from(assigned).groupBy(assigned.projectId);
  return new Map(rows.map((row) => [row.projectId, row.users]));
}

export const projectRoutes = implement(projectSpecs, {
  async getProjects({ db, caller, scope, query, json }) {
    if (query.licenseId !== undefined) scope.assert(query.licenseId);
    const pattern = containing(query.filter);
    const where = and(
      await visibleProjectsWhere(db, caller, scope),
      query.licenseId === undefined ? undefined : eq(projects.licenseId, query.licenseId),
      query.state === 'all' ? undefined : eq(projects.isActive, query.state === 'active'),
      query.filter ? or(ilike(projects.name, pattern), ilike(projects.description, pattern), ilike(sql`${projects.projectId}::text`, pattern)) : undefined,
    );
    const [rows, users] = await Promise.all([
      db
        .select({
          projectId: projects.projectId,
          name: projects.name,
          description: projects.description,
          licenseId: projects.licenseId,
          licenseName: licenses.name,
          environmentId: projects.environmentId,
          parentProjectId: projects.parentProjectId,
          rootProjectId: projects.rootProjectId,
          isActive: projects.isActive,
        })
        .from(projects)
        .leftJoin(licenses, eq(licenses.licenseId, projects.licenseId))
        .where(where)
        .orderBy(projects.projectId),
      usersPerProject(db, where),
    ]);
    const list: Project[] = rows.map((row) => ({ ...row, numberOfUsers: users.get(row.projectId) ?? 0 }));
    return json(list);
  },
});
