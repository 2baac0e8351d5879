/** What the API key calls do (api-keys.routes.ts has their definitions). */
import { and, count, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { type ApiKeySort, type ApiKeyListQuerySchema, ApiKeyMessages, UserMessages } from 'contracts/identity/model';
import type { Db, Tx } from '../../db/client';
import { containing } from '../../db/text-search';
import { addons, apiKeyAddons, apiKeyProjects, apiKeyRoles, apiKeys, licenses, projects } from '../../db/schema';
import { newApiKey } from '../../domain/api-key-secrets';
import { assertMayGiveAllProjects, assertNotItself } from '../../domain/ceiling';
import { lockSeats } from '../../domain/seats';
import { rolesWithoutProduct } from '../../domain/grants';
import { assertAddonsOffered, assertProjectsVisible, assertRolesGivable, catalogue, licenseProjects, rolesOffered } from '../../domain/access-editing';
import { csvResponse, exportChunks } from '../../http/csv';
import { conflict, isUniqueViolation, notFound } from '../../http/errors';
import { listOrder, listPage } from '../../http/params';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { apiKeySpecs } from './api-keys.routes';

type KeyRow = typeof apiKeys.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The key with this id if the caller's scope holds it; a 404 otherwise, like a missing one. */
async function keyInScope(db: Db | Tx, scope: Scope, apiKeyId: number): Promise<KeyRow> {
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.apiKeyId, apiKeyId));
  if (!key) throw notFound();
  scope.assert(key.licenseId);
  return key;
}

/** The add-ons of the given keys, with the data their badges need. */
async function addonsOfKeys(db: Db, apiKeyIds: number[]) {
  if (apiKeyIds.length === 0) return [];
  return db
    .select({
      apiKeyId: apiKeyAddons.apiKeyId,
      addOnId: addons.addOnId,
      name: addons.name,
      shortName: addons.shortName,
      color: addons.color,
      category: addons.category,
    })
    .from(apiKeyAddons)
    .innerJoin(addons, eq(addons.addOnId, apiKeyAddons.addOnId))
    .where(inArray(apiKeyAddons.apiKeyId, apiKeyIds))
    .orderBy(addons.sortOrder, addons.addOnId);
}

/** The keys `where` selects, by name, as lists and views show them: never the secret or its hash. */
async function keysReply(db: Db, where: SQL | undefined) {
  const rows = await db
    .select({ key: apiKeys, licenseName: licenses.name })
    .from(apiKeys)
    .innerJoin(licenses, eq(licenses.licenseId, apiKeys.licenseId))
    .where(where)
    .orderBy(sql`lower(${apiKeys.name})`, apiKeys.apiKeyId);
  return withGrants(db, rows);
}

/** Each key as lists and views show it, with its add-ons, projects and roles. */
async function withGrants(db: Db, rows: { key: KeyRow; licenseName: string }[]) {
  const ids = rows.map((row) => row.key.apiKeyId);
  const [keyAddons, keyProjects, keyRoles] = await Promise.all([
    addonsOfKeys(db, ids),
    ids.length
      ? db
          .select({ apiKeyId: apiKeyProjects.apiKeyId, projectId: projects.projectId, name: projects.name })
          .from(apiKeyProjects)
          .innerJoin(projects, eq(projects.projectId, apiKeyProjects.projectId))
          .where(inArray(apiKeyProjects.apiKeyId, ids))
          .orderBy(sql`lower(${projects.name})`)
      : [],
    ids.length ? db.select().from(apiKeyRoles).where(inArray(apiKeyRoles.apiKeyId, ids)) : [],
  ]);
  return rows.map(({ key, licenseName }) => ({
    apiKeyId: key.apiKeyId,
    keyPrefix: key.keyPrefix,
    name: key.name,
    description: key.description,
    licenseId: key.licenseId,
    licenseName,
    isActive: key.isActive,
    allProjects: key.allProjects,
    createdDate: key.createdDate.toISOString(),
    updatedDate: key.updatedDate.toISOString(),
    lastUsedDate: iso(key.lastUsedDate),
    keyAddons: keyAddons
      .filter((row) => row.apiKeyId === key.apiKeyId)
      .map(({ addOnId, name, shortName, color, category }) => ({ addOnId, addonData: { name, shortName, color, category } })),
    projects: keyProjects.filter((row) => row.apiKeyId === key.apiKeyId).map((row) => ({ ...row, assignedTo: true })),
    roleIds: keyRoles.filter((row) => row.apiKeyId === key.apiKeyId).map((row) => row.roleId),
  }));
}

async function oneKeyReply(db: Db, apiKeyId: number) {
  const [reply] = await keysReply(db, eq(apiKeys.apiKeyId, apiKeyId));
  return reply!;
}

const idsOf = async (
  db: Db | Tx,
  table: typeof apiKeyAddons | typeof apiKeyRoles | typeof apiKeyProjects,
  column: 'addOnId' | 'roleId' | 'projectId',
  apiKeyId: number,
) => {
  const rows = await db
    .select({ id: sql<number>`${(table as unknown as Record<string, SQL>)[column]}` })
    .from(table)
    .where(eq(table.apiKeyId, apiKeyId));
  return rows.map((row) => Number(row.id));
};

/** Which keys a list shows: its licence's (Scope.listLicense), narrowed by the filters. */
function keyListWhere(scope: Scope, query: v.InferOutput<typeof ApiKeyListQuerySchema>): SQL | undefined {
  const licenseId = scope.listLicense(query.licenseId);
  const pattern = containing(query.filter);
  return and(
    licenseId === undefined ? undefined : eq(apiKeys.licenseId, licenseId),
    query.activeOnly ? eq(apiKeys.isActive, true) : undefined,
    query.filter ? or(ilike(apiKeys.name, pattern), ilike(apiKeys.keyPrefix, pattern), ilike(apiKeys.description, pattern)) : undefined,
  );
}

/**
 * The key list a page or an export shows: how many keys it has, and its keys from `offset` in
 * the list's order (the sorted column, then the name and the id, all the same way).
 */
function keyList(db: Db, scope: Scope, query: v.InferOutput<typeof ApiKeyListQuerySchema> & { sort: ApiKeySort; dir: 'asc' | 'desc' }) {
  const where = keyListWhere(scope, query);
  return {
    counted: db.select({ total: count() }).from(apiKeys).innerJoin(licenses, eq(licenses.licenseId, apiKeys.licenseId)).where(where),
    rows: (limit: number, offset: number) =>
      db
        .select({ key: apiKeys, licenseName: licenses.name })
        .from(apiKeys)
        .innerJoin(licenses, eq(licenses.licenseId, apiKeys.licenseId))
        .where(where)
        .orderBy(...listOrder([keySortKeys[query.sort], sql`lower(${apiKeys.name})`, apiKeys.apiKeyId.getSQL()], query.dir))
        .limit(limit)
        .offset(offset),
  };
}

const keySortKeys: Record<ApiKeySort, SQL> = {
  name: sql`lower(${apiKeys.name})`,
  keyPrefix: sql`${apiKeys.keyPrefix}`,
  licenseName: sql`lower(${licenses.name})`,
  isActive: sql`${apiKeys.isActive}`,
};

const nameTaken = () => conflict(ApiKeyMessages.nameTaken, { errors: { name: ApiKeyMessages.nameTaken } });
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

export const apiKeyRoutes = implement(apiKeySpecs, {
  async getApiKeys({ db, scope, query, json }) {
    return json(await keysReply(db, keyListWhere(scope, query)));
  },

  async getApiKeyPage({ db, scope, query, json }) {
    const list = keyList(db, scope, query);
    return json(await listPage(list.counted, list.rows, query, (rows) => withGrants(db, rows)));
  },

  exportApiKeys({ c, db, scope, query }) {
    const withLicense = scope.all;
    const header = ['Prefix', 'Name', ...(withLicense ? ['License'] : []), 'Active', 'Product Licenses'];
    const chunks = exportChunks(keyList(db, scope, query).rows, async (rows) =>
      (await withGrants(db, rows)).map((k) => [
        k.keyPrefix,
        k.name,
        ...(withLicense ? [k.licenseName] : []),
        k.isActive ? 'Active' : 'Inactive',
        k.keyAddons.map((a) => a.addonData.name ?? a.addOnId).join('; '),
      ]),
    );
    return csvResponse(c, 'api-keys.csv', header, chunks);
  },

  async getApiKey({ db, scope, params, json }) {
    const key = await keyInScope(db, scope, params.id);
    return json(await oneKeyReply(db, key.apiKeyId));
  },

  async createApiKey({ db, caller, scope, body, audit, json }) {
    scope.assert(body.licenseId);
    if (body.allProjects) await assertMayGiveAllProjects(db, caller, scope);
    const [license] = await db.select({ licenseId: licenses.licenseId }).from(licenses).where(eq(licenses.licenseId, body.licenseId));
    if (!license) throw notFound();
    const secret = newApiKey();
    let created: KeyRow;
    try {
      [created] = (await db
        .insert(apiKeys)
        .values({
          keyPrefix: secret.prefix,
          secretHash: secret.hash,
          name: body.name,
          description: body.description,
          licenseId: body.licenseId,
          isActive: body.isActive,
          allProjects: body.allProjects,
        })
        .returning()) as [KeyRow];
    } catch (error) {
      // A prefix clash (one in four billion) is a unique violation too: the caller tries again.
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    audit({
      entity: 'api-key',
      entityId: created.apiKeyId,
      after: { keyPrefix: created.keyPrefix, name: created.name, licenseId: created.licenseId, isActive: created.isActive, allProjects: created.allProjects },
    });
    return json({ ...(await oneKeyReply(db, created.apiKeyId)), apiKey: secret.key });
  },

  async updateApiKey({ db, caller, scope, params, body, audit, json }) {
    const key = await keyInScope(db, scope, params.id);
    assertNotItself(caller, key.apiKeyId);
    if (body.allProjects && !key.allProjects) await assertMayGiveAllProjects(db, caller, scope);
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<
      Pick<KeyRow, 'name' | 'description' | 'isActive' | 'allProjects'>
    >;
    if (Object.keys(changes).length) {
      try {
        await db.update(apiKeys).set(changes).where(eq(apiKeys.apiKeyId, key.apiKeyId));
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      const before = Object.fromEntries(Object.keys(changes).map((field) => [field, key[field as keyof typeof changes]]));
      audit({ entity: 'api-key', entityId: key.apiKeyId, before, after: changes });
    }
    return json({ Message: ApiKeyMessages.added });
  },

  async getApiKeyAddons({ db, scope, params, json }) {
    const key = await keyInScope(db, scope, params.id);
    const rows = await addonsOfKeys(db, [key.apiKeyId]);
    return json(rows.map(({ addOnId, name, shortName, color, category }) => ({ addOnId, addonData: { name, shortName, color, category } })));
  },

  async setApiKeyAddons({ db, caller, scope, params, body, audit, json }) {
    const key = await keyInScope(db, scope, params.id);
    assertNotItself(caller, key.apiKeyId);
    const wanted = [...new Set(body)];
    await assertAddonsOffered(db, key.licenseId, wanted);
    const before = await idsOf(db, apiKeyAddons, 'addOnId', key.apiKeyId);
    const removedRoles = await db.transaction(async (tx) => {
      // Under the licence's lock, as a change of the key's roles: neither can leave a role without its product licence.
      await lockSeats(tx, key.licenseId);
      await tx.delete(apiKeyAddons).where(and(eq(apiKeyAddons.apiKeyId, key.apiKeyId), wanted.length ? notInArray(apiKeyAddons.addOnId, wanted) : undefined));
      if (wanted.length)
        await tx
          .insert(apiKeyAddons)
          .values(wanted.map((addOnId) => ({ apiKeyId: key.apiKeyId, addOnId })))
          .onConflictDoNothing();
      // Its roles of a product it no longer holds go with it; all of them when it holds none.
      const orphaned = rolesWithoutProduct(tx, wanted);
      return tx
        .delete(apiKeyRoles)
        .where(and(eq(apiKeyRoles.apiKeyId, key.apiKeyId), inArray(apiKeyRoles.roleId, orphaned)))
        .returning();
    });
    audit({
      entity: 'api-key-addons',
      entityId: key.apiKeyId,
      before: { addOnIds: sorted(before) },
      after: { addOnIds: sorted(wanted), removedRoleIds: sorted(removedRoles.map((row) => row.roleId)) },
    });
    return json({ Message: UserMessages.addonsUpdated });
  },

  async getApiKeyRoles({ db, caller, scope, params, json }) {
    const key = await keyInScope(db, scope, params.id);
    const [rows, products, held] = await Promise.all([
      catalogue(db),
      idsOf(db, apiKeyAddons, 'addOnId', key.apiKeyId),
      idsOf(db, apiKeyRoles, 'roleId', key.apiKeyId),
    ]);
    return json(rolesOffered(rows, new Set(products), new Set(held), caller, scope, 'apiKey'));
  },

  async setApiKeyRoles({ db, caller, scope, params, body, audit, json }) {
    const key = await keyInScope(db, scope, params.id);
    assertNotItself(caller, key.apiKeyId);
    const wanted = [...new Set(body)];
    const rows = await catalogue(db);
    const before = await db.transaction(async (tx) => {
      // Read and checked under the licence's lock, so a product licence removed at the same time cannot leave a role without it.
      await lockSeats(tx, key.licenseId);
      const [held, products] = await Promise.all([idsOf(tx, apiKeyRoles, 'roleId', key.apiKeyId), idsOf(tx, apiKeyAddons, 'addOnId', key.apiKeyId)]);
      assertRolesGivable(rows, wanted, held, new Set(products), caller, scope, 'apiKey');
      await tx.delete(apiKeyRoles).where(and(eq(apiKeyRoles.apiKeyId, key.apiKeyId), wanted.length ? notInArray(apiKeyRoles.roleId, wanted) : undefined));
      if (wanted.length)
        await tx
          .insert(apiKeyRoles)
          .values(wanted.map((roleId) => ({ apiKeyId: key.apiKeyId, roleId })))
          .onConflictDoNothing();
      return held;
    });
    audit({ entity: 'api-key-roles', entityId: key.apiKeyId, before: { roleIds: sorted(before) }, after: { roleIds: sorted(wanted) } });
    return json({ Message: UserMessages.rolesUpdated });
  },

  async getApiKeyProjects({ db, caller, scope, params, json }) {
    const key = await keyInScope(db, scope, params.id);
    const [rows, held] = await Promise.all([licenseProjects(db, caller, scope, key.licenseId), idsOf(db, apiKeyProjects, 'projectId', key.apiKeyId)]);
    const assigned = new Set(held);
    return json(
      rows.map((row) => ({
        apiKeyId: key.apiKeyId,
        projectId: row.projectId,
        name: row.name,
        description: row.description,
        parentProjectId: row.parentProjectId,
        isActive: row.isActive,
        assignedTo: assigned.has(row.projectId),
      })),
    );
  },

  async setApiKeyProjects({ db, caller, scope, params, body, audit, json }) {
    const key = await keyInScope(db, scope, params.id);
    assertNotItself(caller, key.apiKeyId);
    const wanted = [...new Set(body)];
    await assertProjectsVisible(db, caller, scope, key.licenseId, wanted);
    const visible = (await licenseProjects(db, caller, scope, key.licenseId)).map((row) => row.projectId);
    const before = await idsOf(db, apiKeyProjects, 'projectId', key.apiKeyId);
    await db.transaction(async (tx) => {
      await tx
        .delete(apiKeyProjects)
        .where(
          and(
            eq(apiKeyProjects.apiKeyId, key.apiKeyId),
            inArray(apiKeyProjects.projectId, visible.length ? visible : [-1]),
            wanted.length ? notInArray(apiKeyProjects.projectId, wanted) : undefined,
          ),
        );
      if (wanted.length)
        await tx
          .insert(apiKeyProjects)
          .values(wanted.map((projectId) => ({ apiKeyId: key.apiKeyId, projectId })))
          .onConflictDoNothing();
    });
    audit({ entity: 'api-key-projects', entityId: key.apiKeyId, before: { projectIds: sorted(before) }, after: { projectIds: sorted(wanted) } });
    return json({ Message: UserMessages.projectsUpdated });
  },
});
