/**
 * What the licence calls do (licenses.routes.ts has their definitions): every licence for a
 * super administrator, ordered by name; the caller's own licence for anyone else.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { License, LicenseUsage } from 'contracts/licensing/model';
import type { Db } from '../../db/client';
import { licenses, licenseUserCounts, projects, users } from '../../db/schema';
import type { Caller } from '../../http/auth';
import { notFound } from '../../http/errors';
import { implement } from '../../http/route';
import { licenseSpecs } from './licenses.routes';
import type { Scope } from '../../http/scope';

const owners = alias(users, 'owner');

/** The licences the caller may see, with their active projects and approved users counted. */
export async function visibleLicenses(db: Db, caller: Caller, scope: Scope, only?: number): Promise<License[]> {
  const where: SQL | undefined = and(
    scope.all ? undefined : eq(licenses.licenseId, caller.licenseId),
    only === undefined ? undefined : eq(licenses.licenseId, only),
  );
  const rows = await db
    .select({
      licenseId: licenses.licenseId,
      name: licenses.name,
      company: licenses.company,
      licenseType: licenses.licenseType,
      ownerId: licenses.ownerId,
      ownerFirstName: owners.firstName,
      ownerLastName: owners.lastName,
      environmentId: licenses.environmentId,
      maxProjects: licenses.maxProjects,
      maxUsers: licenses.maxUsers,
      numProjects: db.$count(projects, and(eq(projects.licenseId, licenses.licenseId), eq(projects.isActive, true))),
      // Kept by triggers on users (license_user_counts): a million users are read, not counted.
      numUsers: sql<number>`coalesce(${licenseUserCounts.approved}, 0)`.mapWith(Number),
      isActive: licenses.isActive,
      expiryDate: licenses.expiryDate,
      expiryNotificationDays: licenses.expiryNotificationDays,
      ssoUrl: licenses.ssoUrl,
      customerCode: licenses.customerCode,
      opportunityId: licenses.opportunityId,
    })
    .from(licenses)
    .leftJoin(owners, eq(owners.userId, licenses.ownerId))
    .leftJoin(licenseUserCounts, eq(licenseUserCounts.licenseId, licenses.licenseId))
    .where(where)
    .orderBy(asc(licenses.name), asc(licenses.licenseId));
  return rows.map(({ ownerFirstName, ownerLastName, expiryDate, ...row }) => ({
    ...row,
    ownerName: row.ownerId === null || ownerFirstName === null ? null : `${ownerFirstName} ${ownerLastName ?? ''}`.trim(),
    expiryDate: expiryDate ? expiryDate.getTime() : null,
  }));
}

/** Percent of `max` used, to one decimal; null when unlimited (negative) or not offered (0). */
export function usagePercent(num: number, max: number): number | null {
  return max > 0 ? Math.round((1000 * num) / max) / 10 : null;
}

export const licenseRoutes = implement(licenseSpecs, {
  getLicenses: async ({ db, caller, scope, json }) => json(await visibleLicenses(db, caller, scope)),

  async getLicense({ db, caller, scope, params, json }) {
    scope.assert(params.licenseId);
    const [license] = await visibleLicenses(db, caller, scope, params.licenseId);
    if (!license) throw notFound();
    return json(license);
  },

  async getLicensesReport({ db, caller, scope, json }) {
    const report: LicenseUsage[] = (await visibleLicenses(db, caller, scope)).map((license) => ({
      licenseId: license.licenseId,
      name: license.name,
      maxProjects: license.maxProjects,
      numProjects: license.numProjects,
      projectUsage: usagePercent(license.numProjects, license.maxProjects),
      maxUsers: license.maxUsers,
      numUsers: license.numUsers,
      userUsage: usagePercent(license.numUsers, license.maxUsers),
    }));
    return json(report);
  },
});
