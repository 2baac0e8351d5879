/**
 * Licence scope by construction (issue 37): every route declares how the licence of what it
 * reads or changes is found, as it declares its access rule, and a route without one cannot
 * start. Where a path parameter names the entity, the registry finds its licence and answers
 * 404 outside the caller's scope before the handler runs (another licence's entity is a 404,
 * exactly like a missing one); the other kinds say, in words, where the handler checks it.
 * The registry-wide test (licence-scope.test.ts) calls every `entity` route with another
 * licence's entity.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { importSystems, projects, reportGroups, users } from '../db/schema';
import { licenseOfSubject, type AuditSubject } from './audit';

/** The entities a path parameter names, by how their licence is found. */
export type ScopedEntity =
  /** A user by user name (any case), as `users/{username}` names them. */
  | 'userName'
  /** A user by id. */
  | 'user'
  | 'license'
  | 'user-group'
  | 'api-key'
  | 'project'
  | 'site'
  | 'config'
  /** An import system (`imports/{configId}`). */
  | 'import-system'
  /** A report group (its licence, or its project's). */
  | 'report-group';

export type LicenseScope =
  /**
   * A path parameter names the entity: the registry finds its licence and answers 404 outside
   * the caller's scope. `orNone`: an entity of no licence (the root project's defaults) is
   * open to the route's roles.
   */
  | { readonly kind: 'entity'; readonly param: string; readonly of: ScopedEntity; readonly orNone?: true }
  /** A list of one licence: the query's `licenseId` (404 outside the scope), else the caller's own (`scope.listLicense`). */
  | { readonly kind: 'list' }
  /** The handler finds the licence (ids in the body, a related key, a token): `why` says where. */
  | { readonly kind: 'handler'; readonly why: string }
  /** The call reads or changes nothing of any licence's, or only the caller's own: `why` says so. */
  | { readonly kind: 'none'; readonly why: string };

/** `scope: entity('project', 'projectId')`: the route is about the entity its path parameter names. */
export const entity = (of: ScopedEntity, param: string, options: { orNone?: true } = {}): LicenseScope => ({ kind: 'entity', of, param, ...options });
/** `scope: list`: a list of the query's licence (or the caller's own). */
export const list: LicenseScope = { kind: 'list' };
/** `scope: byHandler('…')`: the handler checks the licence; say where. */
export const byHandler = (why: string): LicenseScope => ({ kind: 'handler', why });
/** `scope: noLicense('…')`: nothing of a licence's, or the caller's own only. */
export const noLicense = (why: string): LicenseScope => ({ kind: 'none', why });

const SUBJECTS: Partial<Record<ScopedEntity, AuditSubject['kind']>> = {
  user: 'user',
  license: 'license',
  'user-group': 'user-group',
  'api-key': 'api-key',
  project: 'project',
  site: 'site',
  config: 'config',
};

const asId = (value: string) => (/^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : undefined);

/**
 * The licence of the entity `value` names: its id, null when it belongs to no licence (the root
 * project, a default config), undefined when there is none.
 */
export async function licenseOfEntity(db: Db, of: ScopedEntity, value: string): Promise<number | null | undefined> {
  if (of === 'userName') {
    const [row] = await db
      .select({ licenseId: users.licenseId })
      .from(users)
      .where(eq(sql`lower(${users.userName})`, value.trim().toLowerCase()));
    return row?.licenseId;
  }
  const id = asId(value);
  if (id === undefined) return undefined;
  if (of === 'project') {
    // The root project (1) holds the defaults and belongs to no licence: null.
    const [row] = await db.select({ licenseId: projects.licenseId }).from(projects).where(eq(projects.projectId, id));
    return row ? row.licenseId : undefined;
  }
  if (of === 'import-system') {
    const [row] = await db
      .select({ licenseId: projects.licenseId })
      .from(importSystems)
      .innerJoin(projects, eq(projects.projectId, importSystems.projectId))
      .where(eq(importSystems.configId, id));
    return row ? row.licenseId : undefined;
  }
  if (of === 'report-group') {
    const [row] = await db
      .select({ licenseId: reportGroups.licenseId, projectLicenseId: projects.licenseId })
      .from(reportGroups)
      .leftJoin(projects, eq(projects.projectId, reportGroups.projectId))
      .where(eq(reportGroups.reportGroupId, id));
    return row ? (row.licenseId ?? row.projectLicenseId ?? null) : undefined;
  }
  return licenseOfSubject(db, { kind: SUBJECTS[of]!, id });
}

/** Refuses a declaration that cannot work: every route has one, an entity's parameter is in its path. */
export function assertLicenseScope(route: { method: string; path: string; scope?: LicenseScope }): void {
  const where = `${route.method} ${route.path}`;
  const scope = route.scope;
  if (!scope || typeof scope !== 'object')
    throw new Error(`Route ${where} does not declare how its licence scope is found (scope: entity(…), list, byHandler(why) or noLicense(why)).`);
  if ((scope.kind === 'handler' || scope.kind === 'none') && !(typeof scope.why === 'string' && scope.why.trim()))
    throw new Error(`Route ${where} must say why its scope is ${scope.kind === 'none' ? 'no licence' : 'the handler’s'}.`);
  if (scope.kind === 'entity' && !route.path.includes(`{${scope.param}}`))
    throw new Error(`Route ${where} scopes by {${scope.param}}, which is not in its path.`);
  if (!['entity', 'list', 'handler', 'none'].includes(scope.kind)) throw new Error(`Route ${where} has an unknown scope.`);
}
