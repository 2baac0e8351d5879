/**
 * Which projects a caller sees (spec 1 §6), as one condition on `projects`: the project list
 * and the workflow list both use it, so the two screens never disagree. Root project 1 only
 * supplies default configs and is never among them.
 */
import { and, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { Role } from 'shared/roles';
import type { Db, Tx } from '../db/client';
import { apiKeyProjects, projects } from '../db/schema';
import type { Caller } from '../http/auth';
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
