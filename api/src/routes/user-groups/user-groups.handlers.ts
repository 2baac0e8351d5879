/** What the user group calls do (user-groups.routes.ts has their definitions). */
import { and, count, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { UserGroupMessages, type GroupChangePreview, type UserGroupSort } from 'contracts/identity/model';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { containing } from '../../db/text-search';
import { addons, licenses, userGroupAddons, userGroupProjects, userGroupRoles, userGroups, userGroupUsers, users } from '../../db/schema';
import {
  assertAddonsOffered,
  assertProjectsVisible,
  assertRolesGivable,
  catalogue,
  licenseProjects,
  markedTree,
  rolesOffered,
} from '../../domain/access-editing';
import { projectsOf } from '../../domain/ceiling';
import { changeGroup, type GroupChangeOutcome } from '../../domain/group-changes';
import { rolesWithoutProduct } from '../../domain/grants';
import { csvResponse, exportChunks } from '../../http/csv';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors';
import type { Scope } from '../../http/scope';
import { listOrder, listPage } from '../../http/params';
import { implement } from '../../http/route';
import { userInScope } from '../users/users.service';
import { userGroupSpecs } from './user-groups.routes';
import { assertJoinWithinCaller, membersOf, sameMembers, setMembers } from './user-groups.service';

type GroupLink = typeof userGroupAddons | typeof userGroupRoles | typeof userGroupProjects | typeof userGroupUsers;

/** The ids `column` holds for each of the groups in the link table `table`. */
async function linked(db: Db, groupIds: number[], table: GroupLink, column: PgColumn) {
  const rows = groupIds.length
    ? await db
        .select({ userGroupId: table.userGroupId, id: sql<number>`${column}` })
        .from(table)
        .where(inArray(table.userGroupId, groupIds))
    : [];
  const out = new Map<number, number[]>();
  for (const row of rows) out.set(row.userGroupId, [...(out.get(row.userGroupId) ?? []), row.id]);
  return out;
}

type GroupRow = typeof userGroups.$inferSelect;

const groupColumns = { userGroupId: userGroups.userGroupId, name: userGroups.name, licenseId: userGroups.licenseId, licenseName: licenses.name };
type GroupListRow = { userGroupId: number; name: string; licenseId: number; licenseName: string };

/** Each group with its members and grants. */
async function withGrants(db: Db, groups: GroupListRow[]) {
  const ids = groups.map((group) => group.userGroupId);
  const [members, addOns, roleIds, projectIds] = await Promise.all([
    linked(db, ids, userGroupUsers, userGroupUsers.userId),
    linked(db, ids, userGroupAddons, userGroupAddons.addOnId),
    linked(db, ids, userGroupRoles, userGroupRoles.roleId),
    linked(db, ids, userGroupProjects, userGroupProjects.projectId),
  ]);
  return groups.map((group) => {
    const userIds = members.get(group.userGroupId) ?? [];
    return {
      ...group,
      userIds,
      userCount: userIds.length,
      addOnIds: addOns.get(group.userGroupId) ?? [],
      roleIds: roleIds.get(group.userGroupId) ?? [],
      projectIds: projectIds.get(group.userGroupId) ?? [],
    };
  });
}

/** The groups `where` selects, by name, each with its licence's name, members and grants. */
async function groupsReply(db: Db, where: SQL | undefined) {
  const groups = await db
    .select(groupColumns)
    .from(userGroups)
    .innerJoin(licenses, eq(licenses.licenseId, userGroups.licenseId))
    .where(where)
    .orderBy(sql`lower(${userGroups.name})`, userGroups.userGroupId);
  return withGrants(db, groups);
}

/** The groups a list shows: its licence's (Scope.listLicense), narrowed by the filter over the group's and licence's names. */
function groupListWhere(scope: Scope, query: { licenseId?: number; filter: string }): SQL | undefined {
  const licenseId = scope.listLicense(query.licenseId);
  const pattern = containing(query.filter);
  return and(
    licenseId === undefined ? undefined : eq(userGroups.licenseId, licenseId),
    query.filter ? or(ilike(userGroups.name, pattern), ilike(licenses.name, pattern)) : undefined,
  );
}

/**
 * The group list a page or an export shows: how many groups it has, and its groups from
 * `offset` in the list's order (the sorted column, then the name and the id, all the same way).
 */
function groupList(db: Db, scope: Scope, query: { licenseId?: number; filter: string; sort: UserGroupSort; dir: 'asc' | 'desc' }) {
  const where = groupListWhere(scope, query);
  return {
    counted: db.select({ total: count() }).from(userGroups).innerJoin(licenses, eq(licenses.licenseId, userGroups.licenseId)).where(where),
    rows: (limit: number, offset: number) =>
      db
        .select(groupColumns)
        .from(userGroups)
        .innerJoin(licenses, eq(licenses.licenseId, userGroups.licenseId))
        .where(where)
        .orderBy(...listOrder([groupSortKeys[query.sort], sql`lower(${userGroups.name})`, userGroups.userGroupId.getSQL()], query.dir))
        .limit(limit)
        .offset(offset),
  };
}

/** The names of product licences by id, for an export. */
async function addonNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ addOnId: addons.addOnId, name: addons.name }).from(addons).where(inArray(addons.addOnId, ids));
  return new Map(rows.map((row) => [row.addOnId, row.name]));
}

const groupSortKeys: Record<UserGroupSort, SQL> = {
  name: sql`lower(${userGroups.name})`,
  userCount: sql`(select count(*) from ${userGroupUsers} where ${userGroupUsers.userGroupId} = ${userGroups.userGroupId})`,
  licenseName: sql`lower(${licenses.name})`,
};

/** The group with this id if the caller's scope holds it; a 404 otherwise, like a missing one. */
async function groupInScope(db: Db | Tx, scope: Scope, userGroupId: number): Promise<GroupRow> {
  const [group] = await db.select().from(userGroups).where(eq(userGroups.userGroupId, userGroupId));
  if (!group) throw notFound();
  scope.assert(group.licenseId);
  return group;
}

const idsOf = async (db: Db | Tx, table: GroupLink, column: PgColumn, userGroupId: number) =>
  (await linked(db as Db, [userGroupId], table, column)).get(userGroupId) ?? [];

/** Checks that every user is one of the licence's. */
async function assertLicenseUsers(db: Db, licenseId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const [{ inLicense } = { inLicense: 0 }] = await db
    .select({ inLicense: count() })
    .from(users)
    .where(and(inArray(users.userId, userIds), eq(users.licenseId, licenseId)));
  if (inLicense !== userIds.length) throw badRequest(UserGroupMessages.notGroupLicense);
}

type LinkKey = 'userId' | 'roleId' | 'projectId' | 'addOnId';

/** Replaces the group's `key` ids in its link table with `ids` (only among `within` when given). */
async function replaceLinks(tx: Tx, table: GroupLink, key: LinkKey, userGroupId: number, ids: number[], within?: number[]) {
  const column = (table as unknown as Record<LinkKey, PgColumn>)[key];
  await tx
    .delete(table)
    .where(
      and(
        eq(table.userGroupId, userGroupId),
        ids.length ? notInArray(column, ids) : undefined,
        within ? inArray(column, within.length ? within : [-1]) : undefined,
      ),
    );
  if (ids.length)
    await tx
      .insert(table)
      .values(ids.map((id) => ({ userGroupId, [key]: id }) as typeof userGroupUsers.$inferInsert))
      .onConflictDoNothing();
}

/** The answer of a change: 210 when refused, the preview, or the done change with `message`. */
function changeReply(json: (body: GroupChangePreview, status?: number) => Response, outcome: GroupChangeOutcome, message: string): Response {
  if (outcome.kind === 'refused') return json(outcome.preview, 210);
  if (outcome.kind === 'preview') return json(outcome.preview);
  return json({ ...outcome.preview, Message: message });
}

export const userGroupRoutes = implement(userGroupSpecs, {
  async getUserGroups({ db, scope, query, json }) {
    const licenseId = scope.listLicense(query.licenseId);
    return json(await groupsReply(db, licenseId === undefined ? undefined : eq(userGroups.licenseId, licenseId)));
  },

  async getUserGroupPage({ db, scope, query, json }) {
    const list = groupList(db, scope, query);
    return json(await listPage(list.counted, list.rows, query, (rows) => withGrants(db, rows)));
  },

  exportUserGroups({ c, db, scope, query }) {
    const withLicense = scope.all;
    const header = ['Name', 'User Count', ...(withLicense ? ['License'] : []), 'Product Licenses'];
    const chunks = exportChunks(groupList(db, scope, query).rows, async (rows) => {
      const groups = await withGrants(db, rows);
      const names = await addonNames(db, [...new Set(groups.flatMap((g) => g.addOnIds))]);
      return groups.map((g) => [g.name, g.userCount, ...(withLicense ? [g.licenseName] : []), g.addOnIds.map((id) => names.get(id) ?? String(id)).join('; ')]);
    });
    return csvResponse(c, 'user-groups.csv', header, chunks);
  },

  async getUserGroupsOfUser({ db, scope, query, json }) {
    const user = await userInScope(db, scope, query.userId);
    const ids = db.select({ id: userGroupUsers.userGroupId }).from(userGroupUsers).where(eq(userGroupUsers.userId, user.userId));
    return json(await groupsReply(db, inArray(userGroups.userGroupId, ids)));
  },

  async getUserGroupInfo({ db, scope, params, query, json }) {
    const user = await userInScope(db, scope, params.userId);
    const licenseId = query.licenseId ?? user.licenseId;
    scope.assert(licenseId);
    const groups = await groupsReply(db, eq(userGroups.licenseId, licenseId));
    return json(groups.map((group) => ({ ...group, isMember: group.userIds.includes(user.userId) })));
  },

  async getUserGroup({ db, scope, params, json }) {
    const group = await groupInScope(db, scope, params.id);
    const [reply] = await groupsReply(db, eq(userGroups.userGroupId, group.userGroupId));
    const members = reply!.userIds.length
      ? await db
          .select({
            userId: users.userId,
            userName: users.userName,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            companyName: users.companyName,
          })
          .from(users)
          .where(inArray(users.userId, reply!.userIds))
          .orderBy(sql`lower(${users.userName})`)
      : [];
    return json({ ...reply!, members });
  },

  async getUserGroupProjects({ db, caller, scope, query, json }) {
    const group = await groupInScope(db, scope, query.userGroupId);
    const [rows, held] = await Promise.all([
      licenseProjects(db, caller, scope, group.licenseId),
      idsOf(db, userGroupProjects, userGroupProjects.projectId, group.userGroupId),
    ]);
    return json(markedTree(rows, new Set(held)));
  },

  async getUserGroupRoleInfo({ db, caller, scope, params, json }) {
    const group = await groupInScope(db, scope, params.id);
    const [rows, products, held] = await Promise.all([
      catalogue(db),
      idsOf(db, userGroupAddons, userGroupAddons.addOnId, group.userGroupId),
      idsOf(db, userGroupRoles, userGroupRoles.roleId, group.userGroupId),
    ]);
    return json(rolesOffered(rows, new Set(products), new Set(held), caller, scope, 'user'));
  },

  async createUserGroup({ db, caller, scope, body, audit, json }) {
    const licenseId = body.LicenseId!;
    scope.assert(licenseId);
    const [license] = await db.select({ licenseId: licenses.licenseId }).from(licenses).where(eq(licenses.licenseId, licenseId));
    if (!license) throw notFound();
    const addOnIds = [...new Set(body.AddOnIds)];
    const roleIds = [...new Set(body.RoleIds)];
    const projectIds = [...new Set(body.ProjectIds)];
    await assertAddonsOffered(db, licenseId, addOnIds);
    assertRolesGivable(await catalogue(db), roleIds, [], new Set(addOnIds), caller, scope, 'user');
    await assertProjectsVisible(db, caller, scope, licenseId, projectIds);
    let created: GroupRow;
    try {
      created = await db.transaction(async (tx) => {
        const [group] = await tx.insert(userGroups).values({ name: body.Name, licenseId }).returning();
        if (addOnIds.length) await tx.insert(userGroupAddons).values(addOnIds.map((addOnId) => ({ userGroupId: group!.userGroupId, addOnId })));
        if (roleIds.length) await tx.insert(userGroupRoles).values(roleIds.map((roleId) => ({ userGroupId: group!.userGroupId, roleId })));
        if (projectIds.length) await tx.insert(userGroupProjects).values(projectIds.map((projectId) => ({ userGroupId: group!.userGroupId, projectId })));
        return group!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(UserGroupMessages.nameExists, { errors: { name: UserGroupMessages.nameExists } });
      throw error;
    }
    audit({ entity: 'user-group', entityId: created.userGroupId, after: { name: created.name, licenseId, addOnIds, roleIds, projectIds } });
    const [reply] = await groupsReply(db, eq(userGroups.userGroupId, created.userGroupId));
    return json(reply!);
  },

  async updateUserGroupDetails({ db, scope, body, audit, json }) {
    const group = await groupInScope(db, scope, body.userGroupId!);
    try {
      await db.update(userGroups).set({ name: body.name }).where(eq(userGroups.userGroupId, group.userGroupId));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(UserGroupMessages.nameExists, { errors: { name: UserGroupMessages.nameExists } });
      throw error;
    }
    if (group.name !== body.name) audit({ entity: 'user-group', entityId: group.userGroupId, before: { name: group.name }, after: { name: body.name } });
    return json({ Message: UserGroupMessages.updated });
  },

  async setUserGroupUsers({ deps, db, caller, scope, query, body, audit, json }) {
    const group = await groupInScope(db, scope, body.userGroupId!);
    const wanted = [...new Set(body.userIds)];
    await assertLicenseUsers(db, group.licenseId, wanted);
    const { before, outcome } = await setMembers(db, { group, wanted, preview: query.preview, caller, scope, now: deps.clock.now() });
    if (outcome.kind === 'done' && !sameMembers(before, wanted)) {
      audit({
        entity: 'user-group-users',
        entityId: group.userGroupId,
        before: { userIds: before.sort((a, b) => a - b) },
        after: { userIds: wanted.sort((a, b) => a - b), changes: outcome.preview },
      });
    }
    return changeReply(json, outcome, UserGroupMessages.updated);
  },

  async setUserGroupAddons({ deps, db, caller, scope, query, body, audit, json }) {
    const group = await groupInScope(db, scope, body.userGroupId!);
    const wanted = [...new Set(body.addOnIds)];
    await assertAddonsOffered(db, group.licenseId, wanted);
    const before = await idsOf(db, userGroupAddons, userGroupAddons.addOnId, group.userGroupId);
    const change = { licenseId: group.licenseId, affected: await membersOf(db, group.userGroupId), preview: query.preview, caller, now: deps.clock.now() };
    const outcome = await changeGroup(db, change, async (tx) => {
      await replaceLinks(tx, userGroupAddons, 'addOnId', group.userGroupId, wanted);
      // The group's roles of a product it no longer gives go with it; all of them when it gives none.
      const orphaned = rolesWithoutProduct(tx, wanted);
      await tx.delete(userGroupRoles).where(and(eq(userGroupRoles.userGroupId, group.userGroupId), inArray(userGroupRoles.roleId, orphaned)));
    });
    if (outcome.kind === 'done')
      audit({
        entity: 'user-group-addons',
        entityId: group.userGroupId,
        before: { addOnIds: before.sort((a, b) => a - b) },
        after: { addOnIds: wanted.sort((a, b) => a - b), changes: outcome.preview },
      });
    return changeReply(json, outcome, UserGroupMessages.updated);
  },

  async setUserGroupRoles({ deps, db, caller, scope, query, body, audit, json }) {
    const group = await groupInScope(db, scope, body.userGroupId!);
    const wanted = [...new Set(body.roleIds)];
    const rows = await catalogue(db);
    let before: number[] = [];
    const change = { licenseId: group.licenseId, affected: await membersOf(db, group.userGroupId), preview: query.preview, caller, now: deps.clock.now() };
    const outcome = await changeGroup(db, change, async (tx) => {
      // Read and checked under the licence's lock, so a product licence removed at the same time cannot leave a role without it.
      const products = await idsOf(tx, userGroupAddons, userGroupAddons.addOnId, group.userGroupId);
      before = await idsOf(tx, userGroupRoles, userGroupRoles.roleId, group.userGroupId);
      assertRolesGivable(rows, wanted, before, new Set(products), caller, scope, 'user');
      await replaceLinks(tx, userGroupRoles, 'roleId', group.userGroupId, wanted);
    });
    if (outcome.kind === 'done')
      audit({
        entity: 'user-group-roles',
        entityId: group.userGroupId,
        before: { roleIds: before.sort((a, b) => a - b) },
        after: { roleIds: wanted.sort((a, b) => a - b), changes: outcome.preview },
      });
    return changeReply(json, outcome, UserGroupMessages.updated);
  },

  async setUserGroupProjects({ deps, db, caller, scope, query, body, audit, json }) {
    const group = await groupInScope(db, scope, body.userGroupId!);
    const wanted = [...new Set(body.projectIds)];
    await assertProjectsVisible(db, caller, scope, group.licenseId, wanted);
    const visible = (await licenseProjects(db, caller, scope, group.licenseId)).map((row) => row.projectId);
    const before = await idsOf(db, userGroupProjects, userGroupProjects.projectId, group.userGroupId);
    const change = { licenseId: group.licenseId, affected: await membersOf(db, group.userGroupId), preview: query.preview, caller, now: deps.clock.now() };
    const outcome = await changeGroup(db, change, (tx) => replaceLinks(tx, userGroupProjects, 'projectId', group.userGroupId, wanted, visible));
    if (outcome.kind === 'done')
      audit({
        entity: 'user-group-projects',
        entityId: group.userGroupId,
        before: { projectIds: before.sort((a, b) => a - b) },
        after: { projectIds: wanted.sort((a, b) => a - b), changes: outcome.preview },
      });
    return changeReply(json, outcome, UserGroupMessages.updated);
  },

  async assignUsersToUserGroup({ deps, db, caller, scope, query, body, audit, json }) {
    const group = await groupInScope(db, scope, body.userGroupId!);
    const wanted = [...new Set(body.userIds)];
    await assertLicenseUsers(db, group.licenseId, wanted);
    const already = new Set(await membersOf(db, group.userGroupId));
    const joining = wanted.filter((id) => !already.has(id));
    const outcome = await changeGroup(
      db,
      { licenseId: group.licenseId, affected: joining, preview: query.preview, caller, now: deps.clock.now() },
      async (tx) => {
        const projectsBefore = await projectsOf(tx, joining);
        if (joining.length)
          await tx
            .insert(userGroupUsers)
            .values(joining.map((userId) => ({ userGroupId: group.userGroupId, userId })))
            .onConflictDoNothing();
        await assertJoinWithinCaller(tx, caller, scope, joining, projectsBefore);
      },
    );
    if (outcome.kind === 'done' && joining.length)
      audit({ entity: 'user-group-users', entityId: group.userGroupId, before: { added: [] }, after: { added: joining, changes: outcome.preview } });
    return changeReply(json, outcome, UserGroupMessages.assigned(joining.length, group.name));
  },

  async removeUsersFromUserGroups({ deps, db, caller, scope, query, body, audit, json }) {
    const wanted = [...new Set(body.userIds)];
    const found = await db.select({ userId: users.userId, licenseId: users.licenseId }).from(users).where(inArray(users.userId, wanted));
    if (found.length !== wanted.length) throw notFound();
    for (const user of found) scope.assert(user.licenseId);
    if (body.userGroupId !== undefined) {
      const [group] = await db.select().from(userGroups).where(eq(userGroups.userGroupId, body.userGroupId));
      if (!group) throw notFound();
      scope.assert(group.licenseId);
    }
    // A user's groups are of their licence: the change is one group change per licence (each
    // under its seat lock, taken in licence order), all in one transaction; a preview rolls
    // each back. What members lose with a group (its roles, projects, product licences and
    // their own roles of those products) is group-changes.ts's, as for every group change.
    const byLicense = new Map<number, number[]>();
    for (const user of found) byLicense.set(user.licenseId, [...(byLicense.get(user.licenseId) ?? []), user.userId]);
    const now = deps.clock.now();
    const { removed, preview } = await db.transaction(async (tx) => {
      const removed: (typeof userGroupUsers.$inferSelect)[] = [];
      const preview: GroupChangePreview = { users: [], seats: [] };
      for (const [licenseId, userIds] of [...byLicense].sort(([a], [b]) => a - b)) {
        const outcome = await changeGroup(tx, { licenseId, affected: userIds, preview: query.preview, caller, now }, async (inner) => {
          const rows = await inner
            .delete(userGroupUsers)
            .where(and(inArray(userGroupUsers.userId, userIds), body.userGroupId === undefined ? undefined : eq(userGroupUsers.userGroupId, body.userGroupId)))
            .returning();
          if (!query.preview) removed.push(...rows);
        });
        preview.users.push(...outcome.preview.users);
        preview.seats.push(...outcome.preview.seats);
      }
      preview.users.sort((x, y) => x.userName.localeCompare(y.userName));
      return { removed, preview };
    });
    if (query.preview) return json(preview);
    if (removed.length)
      audit({ entity: 'user-group-users', entityId: body.userGroupId ?? null, before: { memberships: removed }, after: { memberships: [], changes: preview } });
    return json({ ...preview, Message: UserGroupMessages.unassigned(new Set(removed.map((row) => row.userId)).size) });
  },
});
