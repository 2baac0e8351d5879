/**
 * Which projects a caller sees (spec 1 §6), as one condition on `projects`: the project list
 * and the workflow list both use it, so the two screens never disagree; and the one read of "a
 * project the caller sees, or a 404" every project, site, import and resource-type call uses.
 * Root project 1 only supplies default configs and is never among them.
 */
import { and, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { Role } from 'shared/roles';
import type { Db, Tx } from '../db/client';
import { apiKeyProjects, projects } from '../db/schema';
import type { Caller } from '../http/auth';
import { notFound } from '../http/errors';
import type { Scope } from '../http/scope';
import { ROOT_PROJECT_ID } from '../seed/reference';
import { projectIdsOfUser } from './grants';

/**
 * The projects `caller` may see:
 * - a super administrator (ACCESS_ALL_CUSTOMER_LICENCES): every project;
 * - ADMINISTER_PROJECT_READ: every project of the lowest licence among their assigned projects.
 *   Licence scope comes first, so only assignments within their own licence count: they see
 *   their whole licence once they hold a project there, and another licence never;
 * - anyone else: the projects assigned to them directly or through a group, in their licence;
 * - an API key: its own projects (all of its licence's when allProjects).
 */
export async function visibleProjectsWhere(db: Db | Tx, caller: Caller, scope: Scope): Promise<SQL> {
  const notRoot = and(ne(projects.projectId, ROOT_PROJECT_ID), isNotNull(projects.licenseId))!;
  if (scope.all) return notRoot;
  const ownLicense = eq(projects.licenseId, caller.licenseId);
  if (caller.apiKey) {
    // An API key sees exactly its own projects: all of its licence's, or those it holds.
    if (caller.apiKey.allProjects) return and(notRoot, ownLicense)!;
    const held = db.select({ projectId: apiKeyProjects.projectId }).from(apiKeyProjects).where(eq(apiKeyProjects.apiKeyId, caller.apiKey.apiKeyId));
    return and(notRoot, ownLicense, inArray(projects.projectId, held))!;
  }
  const assigned = inArray(projects.projectId, projectIdsOfUser(db, caller.userId));
  if (!caller.roles.has(Role.ADMINISTER_PROJECT_READ)) return and(notRoot, ownLicense, assigned)!;

  const held = await db.select({ projectId: projects.projectId }).from(projects).where(and(ownLicense, assigned)).limit(1);
  return held.length > 0 ? and(notRoot, ownLicense)! : sql`false`;
}

/**
 * The projects whose import systems and integration reports `caller` reaches: the licence scope
 * (spec 1 §6, ADMINISTER_IMPORT_SYSTEM_DETAILS administers the imports of the licence, not only
 * of assigned projects) — every project of the caller's licence, every licence's for a super
 * administrator; an API key, as everywhere, only its own projects.
 */
export function licenseProjectsWhere(db: Db | Tx, caller: Caller, scope: Scope): SQL {
  const licensed = and(ne(projects.projectId, ROOT_PROJECT_ID), isNotNull(projects.licenseId))!;
  if (scope.all) return licensed;
  const ownLicense = eq(projects.licenseId, caller.licenseId);
  if (caller.apiKey && !caller.apiKey.allProjects) {
    const held = db.select({ projectId: apiKeyProjects.projectId }).from(apiKeyProjects).where(eq(apiKeyProjects.apiKeyId, caller.apiKey.apiKeyId));
    return and(licensed, ownLicense, inArray(projects.projectId, held))!;
  }
  return and(licensed, ownLicense)!;
}

/** A project a caller sees, as the calls on it need it. */
export interface ProjectInSight {
  projectId: number;
  licenseId: number;
  /** An inactive project takes no new sites, imports or copies (domain/project-state.ts). */
  isActive: boolean;
  /** Where new sites' storage is kept by default (project settings). */
  defaultStorage: (typeof projects.$inferSelect)['defaultStorage'];
}

/**
 * The project `projectId` if `caller` sees it — by assignment (`visibleProjectsWhere`, the
 * default) or by licence (`licenseProjectsWhere`, imports and integration reports); a 404
 * otherwise, exactly like a missing one, another licence's included.
 */
export async function projectInSight(
  db: Db | Tx,
  caller: Caller,
  scope: Scope,
  projectId: number,
  reach: 'assigned' | 'license' = 'assigned',
): Promise<ProjectInSight> {
  const seen = reach === 'license' ? licenseProjectsWhere(db, caller, scope) : await visibleProjectsWhere(db, caller, scope);
  const [row] = await db
    .select({ projectId: projects.projectId, licenseId: projects.licenseId, isActive: projects.isActive, defaultStorage: projects.defaultStorage })
    .from(projects)
    .where(and(eq(projects.projectId, projectId), seen));
  if (!row || row.licenseId === null) throw notFound();
  return { ...row, licenseId: row.licenseId };
}
