/**
 * What the import system and integration report handlers share: the reply of an import system and
 * the list of those a caller reaches. The reach is the licence scope (licenseProjectsWhere in
 * domain/project-visibility.ts); anything outside is a 404, exactly like a missing one.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { importSystems, projects } from '../../db/schema';
import type { Caller } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { Scope } from '../../http/scope';
import { licenseProjectsWhere } from '../../domain/project-visibility';

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
    .where(and(licenseProjectsWhere(db, caller, scope), where));
}

/** One import system the caller reaches, or a 404 (missing, or another licence's). */
export async function reachableImport(db: Db | Tx, caller: Caller, scope: Scope, configId: number) {
  const [row] = await reachableImports(db, caller, scope, eq(importSystems.configId, configId));
  if (!row) throw notFound();
  return row;
}
