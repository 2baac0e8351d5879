/**
 * What the SCIM calls do (scim.routes.ts has their definitions). Users and groups are the
 * key's licence's, looked up by id within it (anything else is a 404); every write goes
 * through the console's own service functions, so the user form's rules, the seat lock, the
 * privilege ceiling and the ending of sessions are the same; every change is audited with the
 * key as actor and the channel 'scim'.
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import {
  NewUserFormSchema,
  ScimMessages,
  ScimSchemas,
  SCIM_MAX_RESULTS,
  UserDetailsFormSchema,
  UserGroupMessages,
  UserMessages,
} from 'contracts/identity/model';
import type { Db } from '../../db/client';
import { userGroupRoles, userGroups, userGroupUsers, users } from '../../db/schema';
import { assertRolesGivable, catalogue } from '../../domain/access-editing';
import type { Caller } from '../../http/auth';
import { conflict, isUniqueViolation } from '../../http/errors';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { insertAuditRows, type AuditEntry, type AuditRow } from '../../http/audit';
import { groupCommit, type Arrival, type GroupCommit } from '../../db/group-commit';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../auth/auth.service';
import { auditedUser, insertUser, newUserValues, saveUserChanges } from '../users/users.service';
import { membersOf, sameMembers, setMembers } from '../user-groups/user-groups.service';
import { scimError } from './scim.errors';
import { filterToSql, sortColumn } from './scim.filter';
import { checkedDetails, checkedGroupName, groupFieldsOf, userFieldsOf, type GroupFields, type UserFields } from './scim.mapping';
import { applyPatch, readOperations } from './scim.patch';
import { etagOf, GROUP_ATTRIBUTES, groupResource, notSuperAdmin, project, USER_ATTRIBUTES, userResource } from './scim.resources';
import { RESOURCE_TYPES, SCHEMAS, SERVICE_PROVIDER_CONFIG } from './scim.discovery';
import { scimSpecs } from './scim.routes';

type GroupRow = typeof userGroups.$inferSelect;

/** The licence the key belongs to: SCIM is one service provider per licence. */
function licenseOf(caller: Caller): number {
  if (!caller.apiKey) throw scimError(401, undefined, ScimMessages.apiKeyOnly);
  return caller.licenseId;
}

const asId = (text: string) => (/^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined);

async function userInLicense(db: Db, licenseId: number, id: string): Promise<UserRow> {
  const userId = asId(id);
  const [user] =
    userId === undefined
      ? []
      : await db
          .select()
          .from(users)
          .where(and(eq(users.userId, userId), eq(users.licenseId, licenseId), notSuperAdmin));
  if (!user) throw scimError(404, undefined, ScimMessages.notFound('User'));
  return user;
}

async function groupInLicense(db: Db, licenseId: number, id: string): Promise<GroupRow> {
  const userGroupId = asId(id);
  const [group] =
    userGroupId === undefined
      ? []
      : await db
          .select()
          .from(userGroups)
          .where(and(eq(userGroups.userGroupId, userGroupId), eq(userGroups.licenseId, licenseId)));
  if (!group) throw scimError(404, undefined, ScimMessages.notFound('Group'));
  return group;
}

/** `If-Match` (RFC 7644 §3.14): another version than the resource's is a 412; `*` or none matches. */
function assertVersion(c: Context, version: number): void {
  const header = c.req.header('if-match')?.trim();
  if (!header || header === '*') return;
  const versions = header.split(',').map((tag) => tag.trim().replace(/^W\//i, '').replace(/^"|"$/g, ''));
  if (!versions.includes(String(version))) throw scimError(412, undefined, ScimMessages.versionMismatch);
}

/** startIndex (1-based) and count of RFC 7644 §3.4.2.4: below 1 is 1; count at most SCIM_MAX_RESULTS, 100 when not given. */
function paging(query: { startIndex?: string; count?: string }) {
  const number = (text: string | undefined) => (text !== undefined && /^-?\d{1,9}$/.test(text.trim()) ? Number(text) : undefined);
  const startIndex = Math.max(1, number(query.startIndex) ?? 1);
  const size = Math.min(SCIM_MAX_RESULTS, Math.max(0, number(query.count) ?? 100));
  return { startIndex, size };
}

const listReply = <T>(total: number, startIndex: number, resources: T[]) => ({
  schemas: [ScimSchemas.listResponse],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

/** The answer with its ETag (and Location for a create). */
function withVersion(response: Response, version: number, location?: string): Response {
  response.headers.set('ETag', etagOf(version));
  if (location) response.headers.set('Location', location);
  return response;
}

/** Each user's groups, by name. */
async function groupsOfUsers(db: Db, userIds: number[]) {
  const out = new Map<number, { userGroupId: number; name: string }[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: userGroupUsers.userId, userGroupId: userGroups.userGroupId, name: userGroups.name })
    .from(userGroupUsers)
    .innerJoin(userGroups, eq(userGroups.userGroupId, userGroupUsers.userGroupId))
    .where(inArray(userGroupUsers.userId, userIds))
    .orderBy(sql`lower(${userGroups.name})`);
  for (const row of rows) out.set(row.userId, [...(out.get(row.userId) ?? []), { userGroupId: row.userGroupId, name: row.name }]);
  return out;
}

/** Each group's members, by username. */
async function membersOfGroups(db: Db, groupIds: number[]) {
  const out = new Map<number, { userId: number; userName: string }[]>();
  if (groupIds.length === 0) return out;
  const rows = await db
    .select({ userGroupId: userGroupUsers.userGroupId, userId: users.userId, userName: users.userName })
    .from(userGroupUsers)
    .innerJoin(users, eq(users.userId, userGroupUsers.userId))
    .where(inArray(userGroupUsers.userGroupId, groupIds))
    .orderBy(sql`lower(${users.userName})`);
  for (const row of rows) out.set(row.userGroupId, [...(out.get(row.userGroupId) ?? []), { userId: row.userId, userName: row.userName }]);
  return out;
}

const orderOf = (column: SQL, sortOrder: string | undefined) => (sortOrder?.toLowerCase() === 'descending' ? desc(column) : asc(column));

/** The licence's other user with this externalId is a 409 uniqueness. */
async function assertExternalIdFree(db: Db, licenseId: number, externalId: string | null | undefined, userId?: number) {
  if (!externalId) return;
  const [taken] = await db
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.licenseId, licenseId), eq(users.externalId, externalId), userId === undefined ? undefined : ne(users.userId, userId)));
  if (taken) throw scimError(409, 'uniqueness', ScimMessages.externalIdTaken);
}

interface WriteContext {
  c: Context;
  deps: AppDeps;
  db: Db;
  caller: Caller;
  scope: Scope;
  audit(entry: AuditEntry): void;
}

/**
 * A PUT body or a patched resource as the user's new state: the username stays (a change is a
 * mutability error), the details follow the user form's rules, `active` left out stays.
 */
async function writeUser({ deps, db, caller, scope, audit }: WriteContext, user: UserRow, fields: UserFields): Promise<UserRow> {
  if (fields.userName !== undefined && fields.userName.trim().toLowerCase() !== user.userName.toLowerCase())
    throw scimError(400, 'mutability', UserMessages.userNameFixed);
  const details = checkedDetails(UserDetailsFormSchema, {
    firstName: fields.firstName ?? '',
    lastName: fields.lastName ?? '',
    email: fields.email ?? '',
    phoneNumber: fields.phoneNumber ?? '',
    companyName: fields.companyName ?? '',
    position: fields.position ?? '',
    comment: user.comment,
  });
  const wanted: Partial<typeof users.$inferInsert> = { ...details, externalId: fields.externalId ?? null };
  if (fields.isApproved !== undefined) wanted.isApproved = fields.isApproved;
  const changes: Partial<typeof users.$inferInsert> = {};
  for (const [key, value] of Object.entries(wanted)) {
    if (value !== user[key as keyof UserRow]) (changes as Record<string, unknown>)[key] = value;
  }
  if (Object.keys(changes).length === 0) return user;
  if (changes.externalId) await assertExternalIdFree(db, user.licenseId, changes.externalId, user.userId);
  const now = deps.clock.now();
  const after = await saveUserChanges(db, caller, scope, user, { ...changes, updatedDate: now }, now);
  audit({
    entity: 'user',
    entityId: user.userId,
    before: Object.fromEntries(Object.keys(changes).map((key) => [key, user[key as keyof UserRow]])),
    after: Object.fromEntries(Object.keys(changes).map((key) => [key, after[key as keyof UserRow]])),
  });
  return after;
}

/** The member ids a Group document names: users of the licence SCIM shows, or members already; anything else is a 400. */
async function memberIds(db: Db, licenseId: number, sent: string[], current: number[]): Promise<number[]> {
  const ids = [...new Set(sent)].map((text) => {
    const id = asId(text.trim());
    if (id === undefined) throw scimError(400, 'invalidValue', ScimMessages.notAMember(text));
    return id;
  });
  const fresh = ids.filter((id) => !current.includes(id));
  if (fresh.length) {
    const found = await db
      .select({ userId: users.userId })
      .from(users)
      .where(and(inArray(users.userId, fresh), eq(users.licenseId, licenseId), notSuperAdmin));
    const missing = fresh.find((id) => !found.some((row) => row.userId === id));
    if (missing !== undefined) throw scimError(400, 'invalidValue', ScimMessages.notAMember(String(missing)));
  }
  return ids;
}

/** Makes the group's name, externalId and members the document's, with every rule of the console's group screens. */
async function writeGroup({ deps, db, caller, scope, audit }: WriteContext, group: GroupRow, fields: GroupFields): Promise<void> {
  const name = checkedGroupName(fields.displayName);
  const externalId = fields.externalId ?? null;
  const now = deps.clock.now();
  const changes: Partial<typeof userGroups.$inferInsert> = {};
  if (name !== group.name) changes.name = name;
  if (externalId !== group.externalId) changes.externalId = externalId;
  if (Object.keys(changes).length) {
    if (changes.externalId) {
      const [taken] = await db
        .select({ id: userGroups.userGroupId })
        .from(userGroups)
        .where(and(eq(userGroups.licenseId, group.licenseId), eq(userGroups.externalId, changes.externalId), ne(userGroups.userGroupId, group.userGroupId)));
      if (taken) throw scimError(409, 'uniqueness', ScimMessages.groupExternalIdTaken);
    }
    try {
      await db.transaction((tx) =>
        tx
          .update(userGroups)
          .set({ ...changes, updatedDate: now })
          .where(eq(userGroups.userGroupId, group.userGroupId)),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(UserGroupMessages.nameExists);
      throw error;
    }
    audit({
      entity: 'user-group',
      entityId: group.userGroupId,
      before: Object.fromEntries(Object.keys(changes).map((key) => [key, group[key as keyof GroupRow]])),
      after: changes,
    });
  }
  if (fields.members === undefined) return;
  const current = await membersOf(db, group.userGroupId);
  const wanted = await memberIds(db, group.licenseId, fields.members, current);
  if (sameMembers(current, wanted)) return;
  const { before, outcome } = await setMembers(db, { group, wanted, preview: false, caller, scope, now });
  // No seat for someone joining: nothing of the call stays (the route's transaction rolls back).
  if (outcome.kind === 'refused') throw scimError(409, undefined, outcome.preview.Message ?? UserGroupMessages.updateFailed);
  audit({
    entity: 'user-group-users',
    entityId: group.userGroupId,
    before: { userIds: before.sort((a, b) => a - b) },
    after: { userIds: [...wanted].sort((a, b) => a - b), changes: outcome.preview },
  });
}

async function groupReply(deps: AppDeps, db: Db, userGroupId: number) {
  const [row] = await db.select().from(userGroups).where(eq(userGroups.userGroupId, userGroupId));
  const members = await membersOfGroups(db, [userGroupId]);
  return { row: row!, resource: groupResource(deps.config.publicUrl, row!, members.get(userGroupId) ?? []) };
}

/** A SCIM user create: its row, and its audit rows once the row has its id. */
interface GroupedCreate {
  values: typeof users.$inferInsert;
  auditRows(user: UserRow): Promise<AuditRow[]>;
}

/** Per database: SCIM user creates, grouped (db/group-commit.ts). */
const groupedCreates = new WeakMap<Db, GroupCommit<GroupedCreate, UserRow>>();
/** Each SCIM user create's arrival, counted from the request's start (`countScimCreates`). */
const arrivals = new WeakMap<Request, Arrival>();

/**
 * Inserts the users of the creates of a group in one statement and their audit rows in another,
 * in one transaction; a create not inserted (its userName or externalId taken, by a user or by
 * another create of the group: the first in the group wins) has `undefined`.
 */
function scimCreates(db: Db): GroupCommit<GroupedCreate, UserRow> {
  let creates = groupedCreates.get(db);
  if (!creates) {
    creates = groupCommit<GroupedCreate, UserRow>(db, async (tx, items) => {
      // A second create of one userName (any case) is left to be tried alone: each row is then one create's.
      const nameOf = (each: GroupedCreate) => each.values.userName.toLowerCase();
      const first = items.filter((each, i) => items.findIndex((other) => nameOf(other) === nameOf(each)) === i);
      const made = await tx
        .insert(users)
        .values(first.map((each) => each.values))
        .onConflictDoNothing()
        .returning();
      const byName = new Map(made.map((row) => [row.userName.toLowerCase(), row]));
      const outcomes = items.map((each) => (first.includes(each) ? byName.get(nameOf(each)) : undefined));
      const rows = await Promise.all(outcomes.map((row, i) => (row ? items[i]!.auditRows(row) : [])));
      await insertAuditRows(tx as unknown as Db, rows.flat());
      return outcomes;
    });
    groupedCreates.set(db, creates);
  }
  return creates;
}

/**
 * Middleware of the SCIM paths: a `POST Users` counts as a create on its way from its start, so
 * a group of creates waits for those still being authenticated (db/group-commit.ts).
 */
export function countScimCreates(db: Db): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST' || !/\/Users\/?$/.test(c.req.path)) return next();
    const arrival = scimCreates(db).arrive();
    arrivals.set(c.req.raw, arrival);
    try {
      await next();
    } finally {
      arrival.leave();
    }
  };
}

export const scimRoutes = implement(scimSpecs, {
  getScimServiceProviderConfig({ deps, json }) {
    return json(SERVICE_PROVIDER_CONFIG(deps.config.publicUrl));
  },
  getScimResourceTypes({ deps, json }) {
    const list = RESOURCE_TYPES(deps.config.publicUrl);
    return json(listReply(list.length, 1, list));
  },
  getScimSchemas({ deps, json }) {
    const list = SCHEMAS(deps.config.publicUrl);
    return json(listReply(list.length, 1, list));
  },

  async getScimUsers({ deps, db, caller, query, json }) {
    const licenseId = licenseOf(caller);
    const { startIndex, size } = paging(query);
    const where = and(
      eq(users.licenseId, licenseId),
      notSuperAdmin,
      query.filter?.trim() ? filterToSql(query.filter, USER_ATTRIBUTES, ScimSchemas.user) : undefined,
    );
    const order = query.sortBy ? sortColumn(query.sortBy, USER_ATTRIBUTES, ScimSchemas.user) : sql`${users.userId}`;
    const [[{ total } = { total: 0 }], rows] = await Promise.all([
      db.select({ total: count() }).from(users).where(where),
      size === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(users)
            .where(where)
            .orderBy(orderOf(order, query.sortOrder), asc(users.userId))
            .limit(size)
            .offset(startIndex - 1),
    ]);
    const groups = await groupsOfUsers(
      db,
      rows.map((row) => row.userId),
    );
    const resources = rows.map((row) =>
      project(userResource(deps.config.publicUrl, row, groups.get(row.userId)), ScimSchemas.user, query.attributes, query.excludedAttributes),
    );
    return json(listReply(total, startIndex, resources));
  },

  async getScimUser({ deps, db, caller, params, query, json }) {
    const user = await userInLicense(db, licenseOf(caller), params.id);
    const groups = await groupsOfUsers(db, [user.userId]);
    const resource = userResource(deps.config.publicUrl, user, groups.get(user.userId));
    return withVersion(json(project(resource, ScimSchemas.user, query.attributes, query.excludedAttributes) as typeof resource), user.version);
  },

  async createScimUser({ c, deps, db, caller, body, audit, auditRows, transaction, json }) {
    const licenseId = licenseOf(caller);
    const fields = userFieldsOf(body);
    const form = checkedDetails(NewUserFormSchema, {
      userName: fields.userName ?? '',
      firstName: fields.firstName ?? '',
      lastName: fields.lastName ?? '',
      email: fields.email ?? '',
      phoneNumber: fields.phoneNumber ?? '',
      companyName: fields.companyName ?? '',
      position: fields.position ?? '',
      comment: '',
    });
    const now = deps.clock.now();
    const created = { ...form, isSsoUser: false, isApproved: fields.isApproved ?? true, isLockedOut: false, twoFactorEnabled: false };
    const extra = { externalId: fields.externalId || null };
    const entry = (user: UserRow): AuditEntry => ({ entity: 'user', entityId: user.userId, licenseId, after: auditedUser(user) });
    // With the creates that arrive beside it (a directory's sync sends several at once), in one
    // transaction; what the group did not insert (a taken userName or externalId) is inserted
    // alone, where the unique indexes decide: a 409 uniqueness.
    const user =
      (await scimCreates(db).write(
        { values: newUserValues(created, licenseId, now, extra), auditRows: (made) => auditRows([entry(made)]) },
        arrivals.get(c.req.raw),
      )) ??
      (await transaction(async (tx) => {
        const made = await insertUser(tx, created, licenseId, now, extra).catch((error: unknown) => {
          throw isUniqueViolation(error, 'users_license_external_id') ? scimError(409, 'uniqueness', ScimMessages.externalIdTaken) : error;
        });
        audit(entry(made));
        return made;
      }));
    const resource = userResource(deps.config.publicUrl, user);
    return withVersion(json(resource, 201), user.version, resource.meta.location);
  },

  async replaceScimUser(ctx) {
    const { c, deps, db, caller, params, body, json } = ctx;
    const user = await userInLicense(db, licenseOf(caller), params.id);
    assertVersion(c, user.version);
    const after = await writeUser(ctx, user, userFieldsOf(body));
    const groups = await groupsOfUsers(db, [after.userId]);
    return withVersion(json(userResource(deps.config.publicUrl, after, groups.get(after.userId))), after.version);
  },

  async patchScimUser(ctx) {
    const { c, deps, db, caller, params, body, json } = ctx;
    const operations = readOperations(body);
    const user = await userInLicense(db, licenseOf(caller), params.id);
    assertVersion(c, user.version);
    const groups = await groupsOfUsers(db, [user.userId]);
    const patched = applyPatch(userResource(deps.config.publicUrl, user, groups.get(user.userId)), operations, ScimSchemas.user);
    const after = await writeUser(ctx, user, userFieldsOf(patched));
    return withVersion(json(userResource(deps.config.publicUrl, after, groups.get(after.userId))), after.version);
  },

  async deleteScimUser({ c, deps, db, caller, scope, params, audit }) {
    const user = await userInLicense(db, licenseOf(caller), params.id);
    assertVersion(c, user.version);
    if (user.isApproved) {
      const now = deps.clock.now();
      await saveUserChanges(db, caller, scope, user, { isApproved: false, updatedDate: now }, now);
      audit({ entity: 'user', entityId: user.userId, before: { isApproved: true }, after: { isApproved: false, deprovisioned: true } });
    }
    return c.body(null, 204);
  },

  async getScimGroups({ deps, db, caller, query, json }) {
    const licenseId = licenseOf(caller);
    const { startIndex, size } = paging(query);
    const where = and(eq(userGroups.licenseId, licenseId), query.filter?.trim() ? filterToSql(query.filter, GROUP_ATTRIBUTES, ScimSchemas.group) : undefined);
    const order = query.sortBy ? sortColumn(query.sortBy, GROUP_ATTRIBUTES, ScimSchemas.group) : sql`${userGroups.userGroupId}`;
    const [[{ total } = { total: 0 }], rows] = await Promise.all([
      db.select({ total: count() }).from(userGroups).where(where),
      size === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(userGroups)
            .where(where)
            .orderBy(orderOf(order, query.sortOrder), asc(userGroups.userGroupId))
            .limit(size)
            .offset(startIndex - 1),
    ]);
    const withoutMembers = /(^|,)\s*members\s*(,|$)/i.test(query.excludedAttributes ?? '');
    const members = withoutMembers
      ? new Map()
      : await membersOfGroups(
          db,
          rows.map((row) => row.userGroupId),
        );
    const resources = rows.map((row) =>
      project(groupResource(deps.config.publicUrl, row, members.get(row.userGroupId) ?? []), ScimSchemas.group, query.attributes, query.excludedAttributes),
    );
    return json(listReply(total, startIndex, resources));
  },

  async getScimGroup({ deps, db, caller, params, query, json }) {
    const group = await groupInLicense(db, licenseOf(caller), params.id);
    const { resource } = await groupReply(deps, db, group.userGroupId);
    return withVersion(json(project(resource, ScimSchemas.group, query.attributes, query.excludedAttributes) as typeof resource), group.version);
  },

  async createScimGroup(ctx) {
    const { deps, db, caller, body, audit, json } = ctx;
    const licenseId = licenseOf(caller);
    const fields = groupFieldsOf(body);
    const name = checkedGroupName(fields.displayName);
    if (fields.externalId) {
      const [taken] = await db
        .select({ id: userGroups.userGroupId })
        .from(userGroups)
        .where(and(eq(userGroups.licenseId, licenseId), eq(userGroups.externalId, fields.externalId)));
      if (taken) throw scimError(409, 'uniqueness', ScimMessages.groupExternalIdTaken);
    }
    let group: GroupRow;
    try {
      group = await db.transaction(
        async (tx) =>
          (
            await tx
              .insert(userGroups)
              .values({ name, licenseId, externalId: fields.externalId ?? null, createdDate: deps.clock.now() })
              .returning()
          )[0]!,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(UserGroupMessages.nameExists);
      throw error;
    }
    audit({ entity: 'user-group', entityId: group.userGroupId, after: { name, licenseId, externalId: group.externalId } });
    if (fields.members?.length) await writeGroup(ctx, group, { displayName: name, externalId: group.externalId, members: fields.members });
    const { row, resource } = await groupReply(deps, db, group.userGroupId);
    return withVersion(json(resource, 201), row.version, resource.meta.location);
  },

  async replaceScimGroup(ctx) {
    const { c, deps, db, caller, params, body, json } = ctx;
    const group = await groupInLicense(db, licenseOf(caller), params.id);
    assertVersion(c, group.version);
    const fields = groupFieldsOf(body);
    await writeGroup(ctx, group, { ...fields, members: fields.members ?? [] });
    const { row, resource } = await groupReply(deps, db, group.userGroupId);
    return withVersion(json(resource), row.version);
  },

  async patchScimGroup(ctx) {
    const { c, deps, db, caller, params, body, json } = ctx;
    const operations = readOperations(body);
    const group = await groupInLicense(db, licenseOf(caller), params.id);
    assertVersion(c, group.version);
    const { resource: before } = await groupReply(deps, db, group.userGroupId);
    const patched = applyPatch(before, operations, ScimSchemas.group);
    await writeGroup(ctx, group, groupFieldsOf(patched));
    const { row, resource } = await groupReply(deps, db, group.userGroupId);
    return withVersion(json(resource), row.version);
  },

  async deleteScimGroup({ c, deps, db, caller, scope, params, audit }) {
    const group = await groupInLicense(db, licenseOf(caller), params.id);
    assertVersion(c, group.version);
    // A role one may not give one may not take away (domain/ceiling.ts): the group's roles go with it.
    const held = await db.select({ roleId: userGroupRoles.roleId }).from(userGroupRoles).where(eq(userGroupRoles.userGroupId, group.userGroupId));
    assertRolesGivable(
      await catalogue(db),
      [],
      held.map((row) => row.roleId),
      new Set(),
      caller,
      scope,
      'user',
    );
    const now = deps.clock.now();
    const { before } = await setMembers(db, { group, wanted: [], preview: false, caller, scope, now });
    await db.delete(userGroups).where(eq(userGroups.userGroupId, group.userGroupId));
    audit({
      entity: 'user-group',
      entityId: group.userGroupId,
      before: { name: group.name, externalId: group.externalId, userIds: before.sort((a, b) => a - b) },
      after: { deleted: true },
    });
    return c.body(null, 204);
  },
});
