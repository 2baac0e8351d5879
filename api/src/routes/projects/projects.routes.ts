/**
 * The project list (contract area projects-sites): the projects the caller may see
 * (projects.visibility.ts), with their licence's name and how many users they have.
 */
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { containing } from '../../db/text-search';
import * as v from 'valibot';
import { ProjectSchema, type Project } from 'shared/api-schemas';
import { PORTAL_ROLES } from 'shared/roles';
import type { Db } from '../../db/client';
import { licenses, projects, userGroupProjects, userGroupUsers, userProjects } from '../../db/schema';
import { anyRole, defineRoute } from '../../http/route';
import { visibleProjectsWhere } from './projects.visibility';

const ProjectListQuery = v.object({
  licenseId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'licenseId must be a licence id.'), v.transform(Number))),
  state: v.optional(v.picklist(['all', 'active', 'inactive'], 'state must be all, active or inactive.'), 'all'),
  filter: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'filter may be at most 200 characters.')), ''),
});


/** Distinct users assigned to each of the projects `where` selects, directly or through a group. */
async function usersPerProject(db: Db, where: SQL | undefined): Promise<Map<number, number>> {
  const listed = db.select({ projectId: projects.projectId }).from(projects).where(where);
  const direct = db
    .select({ projectId: userProjects.projectId, userId: userProjects.userId })
    .from(userProjects)
    .where(inArray(userProjects.projectId, listed));
  const viaGroups = db
    .select({ projectId: userGroupProjects.projectId, userId: userGroupUsers.userId })
    .from(userGroupProjects)
    .innerJoin(userGroupUsers, eq(userGroupUsers.userGroupId, userGroupProjects.userGroupId))
    .where(inArray(userGroupProjects.projectId, listed));
  // UNION drops the pairs a user holds both ways, so count() counts each user once.
  const assigned = direct.union(viaGroups).as('assigned');
  const rows = await db.select({ projectId: assigned.projectId, users: count() }).from(assigned).groupBy(assigned.projectId);
  return new Map(rows.map((row) => [row.projectId, row.users]));
}

export const projectRoutes = [
  defineRoute({
    method: 'GET',
    path: 'projects',
    area: 'projects-sites',
    summary: 'Projects the caller may see, by id: all for a super administrator, else per the project-read and assignment rules.',
    description:
      'A super administrator sees every project. With ADMINISTER_PROJECT_READ, a caller sees every project of their licence once a project of it is assigned to them (directly or through a user group); anyone else sees the projects assigned to them. Root project 1 is never listed. `state` is all (default), active or inactive; `filter` matches name, description or id, ignoring case. A `licenseId` outside the caller’s scope answers 404.',
    access: anyRole(...PORTAL_ROLES),
    query: ProjectListQuery,
    response: v.array(ProjectSchema),
    answers: { 404: 'The licence is outside the caller’s scope.' },
    async handler({ db, caller, scope, query, json }) {
      if (query.licenseId !== undefined) scope.assert(query.licenseId);
      const pattern = containing(query.filter);
      const where = and(
        await visibleProjectsWhere(db, caller, scope),
        query.licenseId === undefined ? undefined : eq(projects.licenseId, query.licenseId),
        query.state === 'all' ? undefined : eq(projects.isActive, query.state === 'active'),
        query.filter
          ? or(ilike(projects.name, pattern), ilike(projects.description, pattern), ilike(sql`${projects.projectId}::text`, pattern))
          : undefined,
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
  }),
];
