/**
 * What a project's own calls do (project-edit.routes.ts has their definitions): one project,
 * its users, creation, edit, activation and deactivation. A project the caller may not see
 * (domain/project-visibility.ts) is a 404 like a missing one. Creation and activation hold the
 * licence's row lock (the seat lock) while they count its active projects, so two requests
 * cannot both take the licence's last project.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { ProjectMessages, type Project } from 'contracts/projects-sites/model';
import type { Db, Tx } from '../../db/client';
import {
  apiKeyProjects,
  apiKeys,
  environments,
  licenseEnvironments,
  licenses,
  projects,
  projectUserCounts,
  userGroupProjects,
  userGroups,
  userProjects,
  users,
} from '../../db/schema';
import { usersOfProjects } from '../../domain/grants';
import { projectInSight } from '../../domain/project-visibility';
import { lockSeats } from '../../domain/seats';
import type { Caller } from '../../http/auth';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { ROOT_PROJECT_ID } from '../../seed/reference';
import { projectEditSpecs } from './project-edit.routes';
import { listColumns } from './projects.handlers';
import { rawRows } from '../../db/rows';

/** The project with the users assigned to it (directly or through a group) counted, if the caller may see it; else a 404. */
async function visibleProject(db: Db | Tx, caller: Caller, scope: Scope, projectId: number): Promise<Project> {
  await projectInSight(db, caller, scope, projectId);
  const [row] = await db
    .select(listColumns)
    .from(projects)
    .leftJoin(licenses, eq(licenses.licenseId, projects.licenseId))
    .where(eq(projects.projectId, projectId));
  if (!row) throw notFound();
  const [counted] = await db.select({ users: projectUserCounts.users }).from(projectUserCounts).where(eq(projectUserCounts.projectId, projectId));
  return { ...row, numberOfUsers: counted?.users ?? 0 };
}

/** Refuses a licence that already has as many active projects as it allows (a negative maximum: unlimited). Call under the licence's lock. */
async function assertProjectRoom(tx: Tx, licenseId: number) {
  const [license] = await tx.select({ maxProjects: licenses.maxProjects }).from(licenses).where(eq(licenses.licenseId, licenseId));
  if (!license) throw notFound();
  if (license.maxProjects < 0) return;
  const [active] = await tx
    .select({ n: count() })
    .from(projects)
    .where(and(eq(projects.licenseId, licenseId), eq(projects.isActive, true)));
  if ((active?.n ?? 0) >= license.maxProjects) throw conflict(ProjectMessages.projectLimit(license.maxProjects));
}

/** An environment of the licence (null: none). */
async function assertEnvironment(tx: Tx, licenseId: number, environmentId: number | null | undefined) {
  if (environmentId == null) return;
  const [linked] = await tx
    .select({ id: licenseEnvironments.environmentId })
    .from(licenseEnvironments)
    .innerJoin(environments, eq(environments.environmentId, licenseEnvironments.environmentId))
    .where(and(eq(licenseEnvironments.licenseId, licenseId), eq(licenseEnvironments.environmentId, environmentId)));
  if (!linked) throw badRequest(ProjectMessages.environmentUnknown, { errors: { environmentId: ProjectMessages.environmentUnknown } });
}

/** A parent of the same licence (null: none), never the project itself or one below it. */
async function assertParent(tx: Tx, licenseId: number, parentProjectId: number | null | undefined, projectId?: number) {
  if (parentProjectId == null) return;
  const [parent] = await tx.select({ licenseId: projects.licenseId }).from(projects).where(eq(projects.projectId, parentProjectId));
  if (!parent || parent.licenseId !== licenseId)
    throw badRequest(ProjectMessages.parentUnknown, { errors: { parentProjectId: ProjectMessages.parentUnknown } });
  if (projectId === undefined) return;
  // Walk up from the new parent: meeting the project itself would close a loop.
  const result = await rawRows<unknown>(
    tx,
    sql`
    with recursive up(project_id, parent_project_id) as (
      select project_id, parent_project_id from projects where project_id = ${parentProjectId}
      union select p.project_id, p.parent_project_id from projects p join up on p.project_id = up.parent_project_id
    ) select 1 from up where project_id = ${projectId} limit 1`,
  );
  if (result.length > 0) throw badRequest(ProjectMessages.parentCycle, { errors: { parentProjectId: ProjectMessages.parentCycle } });
}

const nameTaken = () => conflict(ProjectMessages.nameTaken, { errors: { name: ProjectMessages.nameTaken } });

export const projectEditRoutes = implement(projectEditSpecs, {
  async getProject({ db, caller, scope, params, json }) {
    return json(await visibleProject(db, caller, scope, params.projectId));
  },

  async getProjectUsers({ db, caller, scope, params, query, json }) {
    const project = await visibleProject(db, caller, scope, params.projectId);
    const assigned = usersOfProjects(db, sql`(select ${project.projectId}::int)`).as('assigned');
    const rows = await db
      .select({
        userId: users.userId,
        userName: users.userName,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        isApproved: users.isApproved,
      })
      .from(assigned)
      .innerJoin(users, eq(users.userId, assigned.userId))
      .where(query.getActive ? eq(users.isApproved, true) : undefined)
      .orderBy(sql`lower(${users.userName})`, asc(users.userId));
    return json(rows);
  },

  async createProject({ db, caller, scope, body, audit, json }) {
    // Only a caller who sees every licence names one; anyone else creates in their own (another named is a 404).
    const licenseId = body.licenseId ?? caller.licenseId;
    scope.assert(licenseId);
    let created: { projectId: number };
    try {
      created = await db.transaction(async (tx) => {
        await lockSeats(tx, licenseId);
        await assertProjectRoom(tx, licenseId);
        await assertEnvironment(tx, licenseId, body.environmentId);
        await assertParent(tx, licenseId, body.parentProjectId);
        const [row] = await tx
          .insert(projects)
          .values({
            name: body.name,
            description: body.description,
            licenseId,
            environmentId: body.environmentId ?? null,
            parentProjectId: body.parentProjectId ?? null,
            rootProjectId: ROOT_PROJECT_ID,
          })
          .returning({ projectId: projects.projectId });
        return row!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    audit({
      entity: 'project',
      entityId: created.projectId,
      after: {
        name: body.name,
        description: body.description,
        licenseId,
        environmentId: body.environmentId ?? null,
        parentProjectId: body.parentProjectId ?? null,
      },
    });
    const [row] = await db
      .select(listColumns)
      .from(projects)
      .leftJoin(licenses, eq(licenses.licenseId, projects.licenseId))
      .where(eq(projects.projectId, created.projectId));
    return json({ ...row!, numberOfUsers: 0 }, 201);
  },

  async updateProject({ db, caller, scope, params, body, audit, json }) {
    const project = await visibleProject(db, caller, scope, params.projectId);
    const licenseId = project.licenseId!;
    if (body.licenseId != null && body.licenseId !== licenseId)
      throw badRequest(ProjectMessages.licenseFixed, { errors: { licenseId: ProjectMessages.licenseFixed } });
    const changes: Partial<typeof projects.$inferInsert> = {};
    if (body.name !== undefined && body.name !== project.name) changes.name = body.name;
    if (body.description !== undefined && body.description !== project.description) changes.description = body.description;
    if (body.environmentId !== undefined && body.environmentId !== project.environmentId) changes.environmentId = body.environmentId;
    if (body.parentProjectId !== undefined && body.parentProjectId !== project.parentProjectId) changes.parentProjectId = body.parentProjectId;
    if (Object.keys(changes).length) {
      try {
        await db.transaction(async (tx) => {
          if ('environmentId' in changes) await assertEnvironment(tx, licenseId, changes.environmentId);
          if ('parentProjectId' in changes) await assertParent(tx, licenseId, changes.parentProjectId, project.projectId);
          await tx
            .update(projects)
            .set({ ...changes, updatedAt: new Date() })
            .where(eq(projects.projectId, project.projectId));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      const before = Object.fromEntries(Object.keys(changes).map((key) => [key, project[key as keyof Project]]));
      audit({ entity: 'project', entityId: project.projectId, before, after: changes });
    }
    return json({ Message: ProjectMessages.infoSaved });
  },

  async activateProject({ db, caller, scope, params, audit, json }) {
    const project = await visibleProject(db, caller, scope, params.projectId);
    if (!project.isActive) {
      await db.transaction(async (tx) => {
        await lockSeats(tx, project.licenseId!);
        await assertProjectRoom(tx, project.licenseId!);
        await tx.update(projects).set({ isActive: true, updatedAt: new Date() }).where(eq(projects.projectId, project.projectId));
      });
      audit({ entity: 'project', entityId: project.projectId, before: { isActive: false }, after: { isActive: true } });
    }
    return json({ Message: ProjectMessages.activated });
  },

  async deactivateProject({ db, caller, scope, params, audit, json }) {
    const project = await visibleProject(db, caller, scope, params.projectId);
    // One transaction: the project goes inactive and every user, group and API key loses it, or nothing happens.
    const lost = await db.transaction(async (tx) => {
      await lockSeats(tx, project.licenseId!);
      await tx.update(projects).set({ isActive: false, updatedAt: new Date() }).where(eq(projects.projectId, project.projectId));
      const [userRows, groupRows, keyRows] = await Promise.all([
        tx.delete(userProjects).where(eq(userProjects.projectId, project.projectId)).returning({ id: userProjects.userId }),
        tx.delete(userGroupProjects).where(eq(userGroupProjects.projectId, project.projectId)).returning({ id: userGroupProjects.userGroupId }),
        tx.delete(apiKeyProjects).where(eq(apiKeyProjects.projectId, project.projectId)).returning({ id: apiKeyProjects.apiKeyId }),
      ]);
      const ids = (rows: { id: number }[]) => (rows.length ? rows.map((r) => r.id) : [-1]);
      const [userNames, groupNames, keyNames] = await Promise.all([
        tx
          .select({ name: users.userName })
          .from(users)
          .where(inArray(users.userId, ids(userRows)))
          .orderBy(sql`lower(${users.userName})`),
        tx
          .select({ name: userGroups.name })
          .from(userGroups)
          .where(inArray(userGroups.userGroupId, ids(groupRows)))
          .orderBy(sql`lower(${userGroups.name})`),
        tx
          .select({ name: apiKeys.name })
          .from(apiKeys)
          .where(inArray(apiKeys.apiKeyId, ids(keyRows)))
          .orderBy(sql`lower(${apiKeys.name})`),
      ]);
      return { users: userNames.map((r) => r.name), userGroups: groupNames.map((r) => r.name), apiKeys: keyNames.map((r) => r.name) };
    });
    audit({ entity: 'project', entityId: project.projectId, before: { isActive: project.isActive }, after: { isActive: false, removedFrom: lost } });
    return json({ Message: ProjectMessages.deactivated });
  },
});
