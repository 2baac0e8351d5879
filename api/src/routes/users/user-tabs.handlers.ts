/** What a user's import and report calls do (user-tabs.routes.ts has their definitions). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { UserMessages } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import type { Db } from '../../db/client';
import { importSystems, projects, reportGroups, reports, roles, userImports, userReports } from '../../db/schema';
import { projectIdsOfUser, roleHeldBy } from '../../domain/grants';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { implement } from '../../http/route';
import type { UserRow } from '../auth/auth.service';
import { userTabSpecs } from './user-tabs.routes';
import { readableUser, userInScope } from './users.service';

/** The active import systems of the user's projects, with whether each is enabled for them. */
async function importsOf(db: Db, user: UserRow) {
  const rows = await db
    .select({ system: importSystems, projectName: projects.name, enabled: userImports.enabled })
    .from(importSystems)
    .innerJoin(projects, eq(projects.projectId, importSystems.projectId))
    .leftJoin(userImports, and(eq(userImports.configId, importSystems.configId), eq(userImports.userId, user.userId)))
    .where(and(eq(importSystems.active, true), inArray(importSystems.projectId, projectIdsOfUser(db, user.userId))))
    .orderBy(sql`lower(${projects.name})`, sql`lower(${importSystems.displayName})`);
  return rows.map(({ system, projectName, enabled }) => ({ ...system, projectName, enabled: enabled ?? false }));
}

/**
 * Every active report for a user: assigned by hand (user_reports) or automatically, by a
 * report group whose role the user holds, in their licence (or any) and one of their
 * projects (or any).
 */
async function reportsOf(db: Db, user: UserRow) {
  const [all, byHand, automatic] = await Promise.all([
    db
      .select()
      .from(reports)
      .where(eq(reports.active, true))
      .orderBy(sql`lower(${reports.reportName})`),
    db.select().from(userReports).where(eq(userReports.userId, user.userId)),
    db
      .select({ reportId: reportGroups.reportId, role: roles.friendlyName })
      .from(reportGroups)
      .innerJoin(roles, eq(roles.roleId, reportGroups.roleId))
      .where(
        and(
          roleHeldBy(user.userId),
          sql`(${reportGroups.licenseId} is null or ${reportGroups.licenseId} = ${user.licenseId})`,
          sql`(${reportGroups.projectId} is null or ${reportGroups.projectId} in (${projectIdsOfUser(db, user.userId)}))`,
        ),
      ),
  ]);
  const hand = new Map(byHand.map((row) => [row.reportId, row.assigned]));
  const reasons = new Map<number, string[]>();
  for (const row of automatic) reasons.set(row.reportId, [...new Set([...(reasons.get(row.reportId) ?? []), row.role])]);
  return all.map((report) => {
    const why = reasons.get(report.reportId);
    return {
      ...report,
      assigned: Boolean(why) || (hand.get(report.reportId) ?? false),
      autoAssigned: Boolean(why),
      reason: why ? `Role: ${why.sort().join(', ')}` : hand.get(report.reportId) ? 'Assigned by hand' : null,
    };
  });
}

/** Sets hand assignments after checking each report exists and none unassigns an automatic one. */
async function setReports(db: Db, user: UserRow, changes: { reportId: number; assigned: boolean }[]) {
  const current = new Map((await reportsOf(db, user)).map((report) => [report.reportId, report]));
  for (const change of changes) {
    const report = current.get(change.reportId);
    if (!report) throw notFound();
    if (!change.assigned && report.autoAssigned) throw badRequest(UserMessages.reportAutoAssigned);
  }
  await db.transaction(async (tx) => {
    for (const change of changes) {
      if (change.assigned) {
        await tx
          .insert(userReports)
          .values({ userId: user.userId, reportId: change.reportId, assigned: true })
          .onConflictDoUpdate({ target: [userReports.userId, userReports.reportId], set: { assigned: true } });
      } else {
        await tx.delete(userReports).where(and(eq(userReports.userId, user.userId), eq(userReports.reportId, change.reportId)));
      }
    }
  });
  return changes.map((change) => ({ ...change, before: current.get(change.reportId)!.assigned }));
}

export const userTabRoutes = implement(userTabSpecs, {
  async getUserImports({ db, caller, scope, params, json }) {
    const { user } = await readableUser(db, caller, scope, params.username);
    const list = await importsOf(db, user);
    return json(caller.roles.has(Role.ADMINISTER_IMPORT_SYSTEM_USER) ? list : list.filter((item) => item.enabled));
  },

  async setUserImports({ db, scope, params, body, audit, json }) {
    const user = await userInScope(db, scope, params.username);
    const available = new Map((await importsOf(db, user)).map((item) => [item.configId, item.enabled]));
    if (body.some((item) => !available.has(item.configId))) throw badRequest(UserMessages.importUnknown);
    const changed = body.filter((item) => available.get(item.configId) !== item.enabled);
    if (changed.length) {
      await db.transaction(async (tx) => {
        for (const item of changed) {
          await tx
            .insert(userImports)
            .values({ userId: user.userId, configId: item.configId, enabled: item.enabled })
            .onConflictDoUpdate({ target: [userImports.userId, userImports.configId], set: { enabled: item.enabled } });
        }
      });
      audit({
        entity: 'user-imports',
        entityId: user.userId,
        before: changed.map((item) => ({ configId: item.configId, enabled: !item.enabled })),
        after: changed,
      });
    }
    return json({ Message: UserMessages.importsSaved });
  },

  async getUserReports({ db, caller, scope, params, json }) {
    const { user, self } = await readableUser(db, caller, scope, params.username);
    if (!self && !caller.roles.has(Role.ADMINISTER_ASSIGNED_REPORTS)) throw forbidden();
    return json(await reportsOf(db, user));
  },

  async assignUserReport({ db, scope, params, audit, json }) {
    const user = await userInScope(db, scope, params.username);
    const [change] = await setReports(db, user, [{ reportId: params.reportId, assigned: true }]);
    audit({
      entity: 'user-reports',
      entityId: user.userId,
      before: { reportId: params.reportId, assigned: change!.before },
      after: { reportId: params.reportId, assigned: true },
    });
    return json({ Message: UserMessages.reportAssigned });
  },

  async updateUserReports({ db, scope, params, body, audit, json }) {
    const user = await userInScope(db, scope, params.username);
    const changes = await setReports(db, user, body);
    if (changes.length)
      audit({ entity: 'user-reports', entityId: user.userId, before: changes.map(({ reportId, before }) => ({ reportId, assigned: before })), after: body });
    return json({ Message: UserMessages.reportsUpdated });
  },

  async unassignUserReport({ db, scope, params, audit, json }) {
    const user = await userInScope(db, scope, params.username);
    const [change] = await setReports(db, user, [{ reportId: params.reportId, assigned: false }]);
    audit({
      entity: 'user-reports',
      entityId: user.userId,
      before: { reportId: params.reportId, assigned: change!.before },
      after: { reportId: params.reportId, assigned: false },
    });
    return json({ Message: UserMessages.reportUnassigned });
  },
});
