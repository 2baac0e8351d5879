/**
 * What the import system and integration report handlers share: which projects' import systems
 * and reports a caller reaches, one project among them, and the reply of an import system.
 *
 * The reach is the licence scope (spec 1 §6, ADMINISTER_IMPORT_SYSTEM_DETAILS administers the
 * imports of the licence, not only of assigned projects): every project of the caller's licence,
 * every licence's for a super administrator; an API key, as everywhere, only its own projects.
 * Root project 1, which belongs to no licence, is never among them. Anything outside is a 404,
 * exactly like a missing one.
 */
import { and, eq, inArray, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { apiKeyProjects, importSystems, projects } from '../../db/schema';
import type { Caller } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { Scope } from '../../http/scope';
import { ROOT_PROJECT_ID } from '../../seed/reference';

/** The projects whose import systems and integration reports `caller` reaches, as a condition on `projects`. */
export function reachableProjects(db: Db | Tx, caller: Caller, scope: Scope): SQL {
  const licensed = and(ne(projects.projectId, ROOT_PROJECT_ID), isNotNull(projects.licenseId))!;
  if (scope.all) return licensed;
  const ownLicense = eq(projects.licenseId, caller.licenseId);
  if (caller.apiKey && !caller.apiKey.allProjects) {
    const held = db.select({ projectId: apiKeyProjects.projectId }).from(apiKeyProjects).where(eq(apiKeyProjects.apiKeyId, caller.apiKey.apiKeyId));
    return and(licensed, ownLicense, inArray(projects.projectId, held))!;
  }
  return and(licensed, ownLicense)!;
}

/** A project the caller reaches, or a 404 (missing, or outside their reach). */
export async function reachableProject(db: Db | Tx, caller: Caller, scope: Scope, projectId: number) {
  const [project] = await db
    .select({ projectId: projects.projectId, licenseId: projects.licenseId, isActive: projects.isActive })
    .from(projects)
    .where(and(eq(projects.projectId, projectId), reachableProjects(db, caller, scope)));
  if (!project) throw notFound();
  return project;
}

/** An import system as the API answers it (ImportSystemReplySchema). */
export const importColumns = {
  configId: importSystems.configId,
  projectId: importSystems.projectId,
  displayName: importSystems.displayName,
  path: importSystems.path,
  description: importSystems.description,
  active: importSystems.active,
  isInternal: importSystems.isInternal,
};

/** The import systems of the projects the caller reaches, narrowed by `where`: select(...).from(...).innerJoin(...).where(...), to order and page. */
export function reachableImports(db: Db | Tx, caller: Caller, scope: Scope, where?: SQL) {
  return db
    .select(importColumns)
    .from(importSystems)
    .innerJoin(projects, eq(projects.projectId, importSystems.projectId))
    .where(and(reachableProjects(db, caller, scope), where));
}

/** One import system the caller reaches, or a 404 (missing, or another licence's). */
export async function reachableImport(db: Db | Tx, caller: Caller, scope: Scope, configId: number) {
  const [row] = await reachableImports(db, caller, scope, eq(importSystems.configId, configId));
  if (!row) throw notFound();
  return row;
}
