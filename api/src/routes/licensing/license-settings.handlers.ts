/**
 * What a licence's internal configuration and report shortcuts calls do
 * (license-settings.routes.ts has their definitions). Both are the licence's: another licence's
 * is a 404 and nothing changes. A save takes the licence's row lock, so two saves of one
 * licence run one after the other, each against what the other stored.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { LicenseMessages, ReportMessages } from 'contracts/licensing/model';
import type { Db, Tx } from '../../db/client';
import { licenseProjectOverrides, licenses, projects, reports, shortcuts } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { licenseSettingSpecs } from './license-settings.routes';

/** A licence in the caller's scope (404 otherwise, like a missing one). */
async function licenseInScope(db: Db, scope: Scope, licenseId: number) {
  scope.assert(licenseId);
  const [row] = await db
    .select({ licenseId: licenses.licenseId, customerCode: licenses.customerCode, opportunityId: licenses.opportunityId })
    .from(licenses)
    .where(eq(licenses.licenseId, licenseId));
  if (!row) throw notFound();
  return row;
}

/** The licence's row lock (the same the seat and licence edits take). */
async function lockLicense(tx: Tx, licenseId: number) {
  const [row] = await tx
    .select({ customerCode: licenses.customerCode, opportunityId: licenses.opportunityId })
    .from(licenses)
    .where(eq(licenses.licenseId, licenseId))
    .for('update');
  if (!row) throw notFound();
  return row;
}

type Overrides = Record<string, { type: string; value: string }[]>;

/** A licence's per-project overrides, keyed by project id, each project's by type. */
async function overridesOf(db: Db | Tx, licenseId: number): Promise<Overrides> {
  const rows = await db
    .select({ projectId: licenseProjectOverrides.projectId, type: licenseProjectOverrides.type, value: licenseProjectOverrides.value })
    .from(licenseProjectOverrides)
    .where(eq(licenseProjectOverrides.licenseId, licenseId))
    .orderBy(asc(licenseProjectOverrides.projectId), asc(licenseProjectOverrides.type));
  const overrides: Overrides = {};
  for (const { projectId, type, value } of rows) (overrides[String(projectId)] ??= []).push({ type, value });
  return overrides;
}

const emptyAsNull = (text: string | null | undefined) => (text === undefined ? undefined : text === null || text === '' ? null : text);

type ShortcutRow = { reportId: number; reportName: string; type: string | null; order: number | null };

/** Each shortcut under its report's name, as the licence's History shows it. */
const shortcutsByName = (rows: ShortcutRow[]) =>
  Object.fromEntries(rows.map((row) => [row.reportName, row.type !== null ? { type: row.type } : { order: row.order }]));

/** The licence's shortcuts with their reports' names. */
function shortcutRows(db: Db | Tx, licenseId: number, reportIds?: number[]): Promise<ShortcutRow[]> {
  return db
    .select({ reportId: shortcuts.reportId, reportName: reports.reportName, type: shortcuts.type, order: shortcuts.order })
    .from(shortcuts)
    .innerJoin(reports, eq(reports.reportId, shortcuts.reportId))
    .where(and(eq(shortcuts.licenseId, licenseId), reportIds ? inArray(shortcuts.reportId, reportIds) : undefined));
}

/**
 * Puts the licence's basic shortcuts at positions 1..n, in their order (issue 36: a delete or an
 * unassign left a gap). Run in the transaction of the change that made the gap, under the
 * licence's lock. Two statements, so the unique order index never sees two at one place: first
 * each takes its new position negated (the old ones are all 0 or more), then the sign goes.
 */
async function closeShortcutGaps(tx: Tx, licenseId: number): Promise<void> {
  await tx.execute(sql`
    update shortcuts s set "order" = -r.position
    from (select report_id, row_number() over (order by "order", report_id) as position from shortcuts where
    license_id = ${licenseId} and "order" is not null) r
    where s.license_id = ${licenseId} and s.report_id = r.report_id`);
  await tx
    .update(shortcuts)
    .set({ order: sql`-${shortcuts.order}` })
    .where(and(eq(shortcuts.licenseId, licenseId), isNotNull(shortcuts.order)));
}

/** Of `rows`, those of the reports a change named and those whose shortcut it moved (another order after than before). */
function touched(change: { before: ShortcutRow[]; after: ShortcutRow[] }, named: readonly number[], rows: ShortcutRow[]): ShortcutRow[] {
  const key = (row: ShortcutRow | undefined) => (row ? `${row.type}/${row.order}` : 'none');
  const moved = (reportId: number) =>
    key(change.before.find((row) => row.reportId === reportId)) !== key(change.after.find((row) => row.reportId === reportId));
  return rows.filter((row) => named.includes(row.reportId) || moved(row.reportId));
}

const byName = (a: { reportName: string }, b: { reportName: string }) => a.reportName.localeCompare(b.reportName, 'en', { sensitivity: 'base' });

export const licenseSettingRoutes = implement(licenseSettingSpecs, {
  async getInternalLicenseConfig({ db, scope, params, json }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    const [overrides, licenseProjects] = await Promise.all([
      overridesOf(db, license.licenseId),
      db
        .select({ projectId: projects.projectId, name: projects.name })
        .from(projects)
        .where(eq(projects.licenseId, license.licenseId))
        .orderBy(asc(projects.name)),
    ]);
    return json({
      config: { CustomerCode: license.customerCode, OpportunityId: license.opportunityId, ProjectOverrides: overrides },
      projects: licenseProjects,
    });
  },

  async saveInternalLicenseConfig({ db, scope, params, body, audit, json }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    const wanted = Object.entries(body.ProjectOverrides);
    for (const [, list] of wanted) {
      const seen = new Set<string>();
      for (const { type } of list) {
        if (seen.has(type))
          throw badRequest(LicenseMessages.overrideTypeRepeated(type), { errors: { ProjectOverrides: LicenseMessages.overrideTypeRepeated(type) } });
        seen.add(type);
      }
    }
    const projectIds = wanted.map(([projectId]) => Number(projectId));
    const own = new Set(
      projectIds.length
        ? (
            await db
              .select({ projectId: projects.projectId })
              .from(projects)
              .where(and(eq(projects.licenseId, license.licenseId), inArray(projects.projectId, projectIds)))
          ).map((row) => row.projectId)
        : [],
    );
    const outside = wanted.find(([projectId]) => !own.has(Number(projectId)));
    if (outside)
      throw badRequest(LicenseMessages.overrideProjectOutside(outside[0]), {
        errors: { ProjectOverrides: LicenseMessages.overrideProjectOutside(outside[0]) },
      });

    const change = { customerCode: emptyAsNull(body.CustomerCode), opportunityId: emptyAsNull(body.OpportunityId) };
    const { before, after } = await db.transaction(async (tx) => {
      const current = await lockLicense(tx, license.licenseId);
      const overridesBefore = await overridesOf(tx, license.licenseId);
      const set = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<typeof change>;
      if (Object.keys(set).length > 0) await tx.update(licenses).set(set).where(eq(licenses.licenseId, license.licenseId));
      await tx.delete(licenseProjectOverrides).where(eq(licenseProjectOverrides.licenseId, license.licenseId));
      const rows = wanted.flatMap(([projectId, list]) =>
        list.map(({ type, value }) => ({ licenseId: license.licenseId, projectId: Number(projectId), type, value })),
      );
      if (rows.length) await tx.insert(licenseProjectOverrides).values(rows);
      return {
        before: { ...current, projectOverrides: overridesBefore },
        after: { ...current, ...set, projectOverrides: await overridesOf(tx, license.licenseId) },
      };
    });
    // Field by field in the licence's History (customerCode, opportunityId, projectOverrides).
    audit({ entity: 'license-internal-config', entityId: license.licenseId, subject: { kind: 'license', id: license.licenseId }, before, after });
    return json({ Message: LicenseMessages.updatedConfigs });
  },

  async getReportShortcuts({ db, scope, params, json }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    const rows = await db
      .select({ id: reports.reportId, reportName: reports.reportName, reportPath: reports.reportPath, type: shortcuts.type, order: shortcuts.order })
      .from(reports)
      .leftJoin(shortcuts, and(eq(shortcuts.reportId, reports.reportId), eq(shortcuts.licenseId, license.licenseId)))
      .where(eq(reports.active, true));
    const basic = rows.filter((row) => row.order !== null).sort((a, b) => a.order! - b.order! || byName(a, b));
    const dashboard = rows.filter((row) => row.order === null && row.type !== null).sort(byName);
    const unassigned = rows.filter((row) => row.order === null && row.type === null).sort(byName);
    return json([...basic, ...dashboard, ...unassigned]);
  },

  async setReportShortcuts({ db, scope, params, body, audit, json }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    const reportIds = body.map((shortcut) => shortcut.id);
    if (new Set(reportIds).size !== reportIds.length) throw badRequest(ReportMessages.shortcutRepeated);
    const known = reportIds.length
      ? await db
          .select({ reportId: reports.reportId })
          .from(reports)
          .where(and(inArray(reports.reportId, reportIds), eq(reports.active, true)))
      : [];
    if (known.length !== reportIds.length) throw badRequest(ReportMessages.shortcutReportUnknown);
    const assigned = body.filter((shortcut) => shortcut.type != null || shortcut.order != null);
    const orders = assigned.filter((shortcut) => shortcut.order != null).map((shortcut) => shortcut.order!);
    if (new Set(orders).size !== orders.length) throw badRequest(ReportMessages.shortcutOrderRepeated);
    const types = assigned.filter((shortcut) => shortcut.type != null).map((shortcut) => shortcut.type!);
    const repeatedType = types.find((type, i) => types.indexOf(type) !== i);
    if (repeatedType) throw conflict(ReportMessages.shortcutTypeTaken(repeatedType));
    if (reportIds.length === 0) return json({ Message: LicenseMessages.shortcutsUpdated });

    let outcome: { before: ShortcutRow[]; after: ShortcutRow[] };
    try {
      outcome = await db.transaction(async (tx) => {
        await lockLicense(tx, license.licenseId);
        const before = await shortcutRows(tx, license.licenseId, reportIds);
        // The listed reports' places are freed first, so a reorder may swap two orders.
        await tx.delete(shortcuts).where(and(eq(shortcuts.licenseId, license.licenseId), inArray(shortcuts.reportId, reportIds)));
        const others = await shortcutRows(tx, license.licenseId);
        const takenType = types.find((type) => others.some((row) => row.type === type));
        if (takenType) throw conflict(ReportMessages.shortcutTypeTaken(takenType));
        const takenOrder = orders.find((order) => others.some((row) => row.order === order));
        if (takenOrder !== undefined) throw conflict(ReportMessages.shortcutOrderTaken(takenOrder));
        if (assigned.length) {
          await tx
            .insert(shortcuts)
            .values(
              assigned.map((shortcut) => ({ licenseId: license.licenseId, reportId: shortcut.id, type: shortcut.type ?? null, order: shortcut.order ?? null })),
            );
        }
        await closeShortcutGaps(tx, license.licenseId);
        return { before: [...before, ...others], after: await shortcutRows(tx, license.licenseId) };
      });
    } catch (error) {
      // The licence lock keeps two saves apart; the unique indexes hold even without it.
      if (isUniqueViolation(error)) throw conflict(ReportMessages.shortcutsChanged);
      throw error;
    }
    const names = new Map(
      (await db.select({ reportId: reports.reportId, reportName: reports.reportName }).from(reports).where(inArray(reports.reportId, reportIds))).map((r) => [
        r.reportId,
        r.reportName,
      ]),
    );
    // Every listed report in both images (null where it has no shortcut), and each other one the change moved.
    const image = (rows: ShortcutRow[]) => ({
      ...Object.fromEntries(reportIds.map((id) => [names.get(id)!, null])),
      ...shortcutsByName(touched(outcome, reportIds, rows)),
    });
    audit({
      entity: 'shortcuts',
      entityId: license.licenseId,
      subject: { kind: 'license', id: license.licenseId },
      before: image(outcome.before),
      after: image(outcome.after),
    });
    return json({ Message: LicenseMessages.shortcutsUpdated });
  },

  async deleteReportShortcut({ db, scope, params, audit, json }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    // Removed and the rest moved up in one transaction under the licence's lock: positions stay 1..n.
    const outcome = await db.transaction(async (tx) => {
      await lockLicense(tx, license.licenseId);
      const before = await shortcutRows(tx, license.licenseId);
      const [removed] = await tx
        .delete(shortcuts)
        .where(and(eq(shortcuts.licenseId, license.licenseId), eq(shortcuts.reportId, params.reportId)))
        .returning({ reportId: shortcuts.reportId });
      if (!removed) throw notFound(ReportMessages.shortcutNotFound);
      await closeShortcutGaps(tx, license.licenseId);
      return { before, after: await shortcutRows(tx, license.licenseId) };
    });
    const gone = outcome.before.find((row) => row.reportId === params.reportId)!;
    audit({
      entity: 'shortcuts',
      entityId: license.licenseId,
      subject: { kind: 'license', id: license.licenseId },
      before: shortcutsByName(touched(outcome, [params.reportId], outcome.before)),
      after: { ...shortcutsByName(touched(outcome, [params.reportId], outcome.after)), [gone.reportName]: null },
    });
    return json({ Message: ReportMessages.shortcutRemoved });
  },
});
