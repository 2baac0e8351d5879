/**
 * What the report calls do (reports.routes.ts has their definitions): a licence's monthly users
 * report, the report catalogue, and report groups — a report given to the holders of a role,
 * within a licence and a project, or any.
 */
import { and, asc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LicenseMessages, ReportMessages } from 'contracts/licensing/model';
import type { Db, Tx } from '../../db/client';
import { addons, licenseAddons, licenses, projects, reportGroups, reports, roles, seatMonths } from '../../db/schema';
import { seatsRecorded } from '../../domain/seats';
import type { AuditSubject } from '../../http/audit';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { reportSpecs } from './reports.routes';

/** A month as one number, so that months compare and step: year * 12 + month - 1. */
const monthIndex = (year: number, month: number) => year * 12 + month - 1;
const monthOf = (index: number) => ({ year: Math.floor(index / 12), month: (index % 12) + 1 });

type AddonName = { addOnId: number; name: string; shortName: string };

/** The product licences `ids` names, in the catalogue's order. */
async function addonNames(db: Db, ids: number[]): Promise<AddonName[]> {
  if (ids.length === 0) return [];
  return db
    .select({ addOnId: addons.addOnId, name: addons.name, shortName: addons.shortName })
    .from(addons)
    .where(inArray(addons.addOnId, ids))
    .orderBy(asc(addons.sortOrder), asc(addons.addOnId));
}

/**
 * The months of a licence from `start` to the month before `now` (month indexes), from the seat
 * ledger: a month's figure per product licence is the seats held at its end, the sum of every
 * change recorded before the next month began — so a month, once over, never changes. The sums
 * per month are kept beside the events (seat_months, migration 0033): a few hundred rows rather
 * than millions of events. Months before the first recorded change are left out; each month
 * lists every product licence with a figure in the range (0 where it had none that month).
 */
async function recordedMonths(db: Db, licenseId: number, start: number, now: number) {
  const changes = await db
    .select({ addOnId: seatMonths.addOnId, month: seatMonths.month, change: seatMonths.change })
    .from(seatMonths)
    .where(and(eq(seatMonths.licenseId, licenseId), lt(seatMonths.month, now), ne(seatMonths.change, 0)));
  if (changes.length === 0) return [];
  const first = Math.max(start, Math.min(...changes.map((c) => c.month)));
  const byAddon = new Map<number, Map<number, number>>();
  for (const c of changes) {
    const months = byAddon.get(c.addOnId) ?? new Map<number, number>();
    months.set(c.month, (months.get(c.month) ?? 0) + c.change);
    byAddon.set(c.addOnId, months);
  }
  // Each product licence's figure at the end of every month of the range.
  const figures = new Map<number, number[]>();
  for (const [addOnId, months] of byAddon) {
    let held = [...months].filter(([month]) => month < first).reduce((sum, [, change]) => sum + change, 0);
    const row: number[] = [];
    for (let month = first; month < now; month++) {
      held += months.get(month) ?? 0;
      row.push(held);
    }
    if (row.some((n) => n !== 0)) figures.set(addOnId, row);
  }
  const names = await addonNames(db, [...figures.keys()]);
  return Array.from({ length: Math.max(0, now - first) }, (_, i) => ({
    ...monthOf(first + i),
    addOns: names.map((addon) => ({ ...addon, users: figures.get(addon.addOnId)![i]! })),
  }));
}

/** Today's seats per product licence: those the licence offers (a limit other than 0) or that someone holds. */
async function currentSeats(db: Db, licenseId: number) {
  const [used, offered] = await Promise.all([
    seatsRecorded(db, licenseId),
    db
      .select({ addOnId: licenseAddons.addOnId })
      .from(licenseAddons)
      .where(and(eq(licenseAddons.licenseId, licenseId), ne(licenseAddons.maxUsers, 0))),
  ]);
  const ids = new Set([...offered.map((row) => row.addOnId), ...[...used].filter(([, count]) => count > 0).map(([id]) => id)]);
  return (await addonNames(db, [...ids])).map((addon) => ({ ...addon, users: used.get(addon.addOnId) ?? 0 }));
}

const owningLicense = alias(licenses, 'group_license');

/** Report groups with the names their list shows, by report name, role and licence. */
function groupsReply(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      reportGroupId: reportGroups.reportGroupId,
      reportId: reportGroups.reportId,
      roleId: reportGroups.roleId,
      licenseId: reportGroups.licenseId,
      projectId: reportGroups.projectId,
      reportName: reports.reportName,
      reportPath: reports.reportPath,
      roleName: roles.friendlyName,
      licenseName: owningLicense.name,
      projectName: projects.name,
    })
    .from(reportGroups)
    .innerJoin(reports, eq(reports.reportId, reportGroups.reportId))
    .innerJoin(roles, eq(roles.roleId, reportGroups.roleId))
    .leftJoin(owningLicense, eq(owningLicense.licenseId, reportGroups.licenseId))
    .leftJoin(projects, eq(projects.projectId, reportGroups.projectId))
    .where(where)
    .orderBy(
      sql`lower(${reports.reportName})`,
      sql`lower(${roles.friendlyName})`,
      sql`lower(${owningLicense.name}) nulls first`,
      asc(reportGroups.reportGroupId),
    );
}

/** The groups a scope sees: every one for a caller who sees every licence, else its licence's. */
const groupsInScope = (scope: Scope): SQL | undefined => (scope.all ? undefined : inArray(reportGroups.licenseId, scope.licenseIds as number[]));

/** The licence a group's changes belong to, for its History; none for a group of every licence. */
const licenseSubject = (licenseId: number | null): AuditSubject | undefined => (licenseId === null ? undefined : { kind: 'license', id: licenseId });

const one = async <T>(rows: Promise<T[]>) => (await rows)[0];

export const reportRoutes = implement(reportSpecs, {
  async getUsersReport({ db, deps, scope, params, query, json }) {
    scope.assert(params.licenseId);
    const license = await one(db.select({ licenseId: licenses.licenseId }).from(licenses).where(eq(licenses.licenseId, params.licenseId)));
    if (!license) throw notFound();
    const today = deps.clock.now();
    const now = monthIndex(today.getUTCFullYear(), today.getUTCMonth() + 1);
    const start = monthIndex(query.startYear, query.startMonth);
    if (start > now) throw badRequest(LicenseMessages.reportFuture, { errors: { startMonth: LicenseMessages.reportFuture } });
    const [monthlyReports, current] = await Promise.all([recordedMonths(db, license.licenseId, start, now), currentSeats(db, license.licenseId)]);
    return json({ monthlyReports, current: { ...monthOf(now), addOns: current } });
  },

  async getReports({ db, json }) {
    return json(
      await db
        .select({ reportId: reports.reportId, reportPath: reports.reportPath, reportName: reports.reportName, active: reports.active })
        .from(reports)
        .orderBy(sql`lower(${reports.reportName})`, asc(reports.reportId)),
    );
  },

  async getReportGroups({ db, scope, json }) {
    return json(await groupsReply(db, groupsInScope(scope)));
  },

  async createReportGroup({ db, scope, body, audit, json }) {
    let reportGroupId: number;
    try {
      reportGroupId = await db.transaction(async (tx) => {
        const [report, role] = await Promise.all([
          one(tx.select({ reportId: reports.reportId }).from(reports).where(eq(reports.reportId, body.reportId))),
          one(tx.select({ roleId: roles.roleId }).from(roles).where(eq(roles.roleId, body.roleId))),
        ]);
        if (!report) throw badRequest(ReportMessages.reportUnknown, { errors: { reportId: ReportMessages.reportUnknown } });
        if (!role) throw badRequest(ReportMessages.roleUnknown, { errors: { roleId: ReportMessages.roleUnknown } });
        let licenseId = body.licenseId ?? null;
        if (body.projectId != null) {
          // A project the caller may not see reads as one that does not exist.
          const project = await one(tx.select({ licenseId: projects.licenseId }).from(projects).where(eq(projects.projectId, body.projectId)));
          if (!project || project.licenseId === null || !scope.canSee(project.licenseId)) {
            throw badRequest(ReportMessages.projectUnknown, { errors: { projectId: ReportMessages.projectUnknown } });
          }
          if (licenseId !== null && project.licenseId !== licenseId) {
            throw badRequest(ReportMessages.projectOutsideLicense, { errors: { projectId: ReportMessages.projectOutsideLicense } });
          }
          licenseId = project.licenseId;
        }
        if (licenseId === null) {
          // A group for every licence reaches every licence's users: only for a caller who sees them all.
          if (!scope.all) throw notFound();
        } else {
          scope.assert(licenseId);
          const license = await one(tx.select({ licenseId: licenses.licenseId }).from(licenses).where(eq(licenses.licenseId, licenseId)));
          if (!license) throw notFound();
        }
        const [created] = await tx
          .insert(reportGroups)
          .values({ reportId: body.reportId, roleId: body.roleId, licenseId, projectId: body.projectId ?? null })
          .returning();
        audit({ entity: 'report-group', entityId: created!.reportGroupId, subject: licenseSubject(licenseId), after: created });
        return created!.reportGroupId;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(ReportMessages.groupExists);
      throw error;
    }
    const [group] = await groupsReply(db, eq(reportGroups.reportGroupId, reportGroupId));
    return json(group!);
  },

  async deleteReportGroup({ db, scope, params, audit, json }) {
    await db.transaction(async (tx) => {
      const group = await one(tx.select().from(reportGroups).where(eq(reportGroups.reportGroupId, params.id)).for('update'));
      // Another licence's group, or one of every licence for a caller who does not see them all, is a 404 like a missing one.
      if (!group || !(group.licenseId === null ? scope.all : scope.canSee(group.licenseId))) throw notFound();
      await tx.delete(reportGroups).where(eq(reportGroups.reportGroupId, group.reportGroupId));
      audit({ entity: 'report-group', entityId: group.reportGroupId, subject: licenseSubject(group.licenseId), before: group });
    });
    return json({ Message: ReportMessages.groupDeleted });
  },
});
