/** What the role, product licence and project calls of a user do (user-access.routes.ts has their definitions). */
import { and, count, countDistinct, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { AccessMessages, UserMessages } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import type { Db, Tx } from '../../db/client';
import {
  addons,
  licenseAddons,
  licenses,
  projects,
  roles,
  userAddons,
  userAddonVendors,
  userGroupAddons,
  userGroupProjects,
  userGroupUsers,
  userProjects,
  userRoles,
  vendors,
} from '../../db/schema';
import {
  assertRolesGivable,
  catalogue,
  catalogueRole,
  editorGroups,
  inGroups,
  licenseProjects,
  markedTree,
  offeredRole,
  type CatalogueRole,
} from '../../domain/access-editing';
import { watchAdministrativeRoles } from '../../domain/ceiling';
import type { Caller } from '../../http/auth';
import type { Scope } from '../../http/scope';
import { addonsOfUsers, dropRolesWithoutProduct, projectIdsOfUser, roleHeldBy } from '../../domain/grants';
import { holdings } from '../../domain/holdings';
import { visibleProjectsWhere } from '../../domain/project-visibility';
import { lockSeats, offeredAddons, seatLimitMessage, seatsRecorded } from '../../domain/seats';
import { badRequest } from '../../http/errors';
import { implement } from '../../http/route';
import { userAccessSpecs } from './user-access.routes';
import { readableUser, userInScope } from './users.service';

// ------------------------------------------------------------------ roles

/**
 * The roles a user holds directly, and the names of the groups granting each role through a
 * group: read from the one explanation of holdings (domain/holdings.ts), which 'who can do
 * what' and the access reviews read too, so the tab and they never disagree.
 */
async function rolesHeld(db: Db | Tx, user: { userId: number; licenseId: number }) {
  const ways = await holdings(db, { licenseId: user.licenseId, kind: 'role', holder: { kind: 'user', id: user.userId }, sort: 'via', withoutGrants: true });
  const direct = new Set<number>();
  const groups = new Map<number, string[]>();
  for (const way of ways) {
    if (way.viaKind === 'direct') direct.add(way.whatId);
    else if (way.viaKind === 'group') groups.set(way.whatId, [...(groups.get(way.whatId) ?? []), way.viaName ?? '']);
  }
  return { direct, groups };
}

/** The add-ons a user's groups give them. */
async function groupAddonIds(db: Db | Tx, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ addOnId: userGroupAddons.addOnId })
    .from(userGroupUsers)
    .innerJoin(userGroupAddons, eq(userGroupAddons.userGroupId, userGroupUsers.userGroupId))
    .where(eq(userGroupUsers.userId, userId));
  return new Set(rows.map((row) => row.addOnId));
}

/** The add-ons a user holds, directly or through a group. */
async function addonIdsHeld(db: Db | Tx, userId: number): Promise<Set<number>> {
  const rows = await addonsOfUsers(db as Db, [userId]);
  return new Set(rows.map((row) => row.addOnId));
}

function heldRole(row: CatalogueRole, held: Awaited<ReturnType<typeof rolesHeld>>, caller: Caller, scope: Scope) {
  const direct = held.direct.has(row.roleId);
  const userGroups = held.groups.get(row.roleId) ?? [];
  return {
    ...offeredRole(row, caller, scope, 'user'),
    appliedToUser: direct || userGroups.length > 0,
    fromUserGroup: userGroups.length > 0,
    direct,
    userGroups,
  };
}

/**
 * The role groups a user may be given (those of the add-ons they hold), with what they hold;
 * and every role they hold, directly or through a group, also of a product they lack (marked
 * `missingProduct` on its group, domain/access-editing.ts).
 */
async function roleInfo(db: Db, user: { userId: number; licenseId: number }, caller: Caller, scope: Scope) {
  const [rows, held, products] = await Promise.all([catalogue(db), rolesHeld(db, user), addonIdsHeld(db, user.userId)]);
  // Spec 1 §2: no product licence, no role group to give from ('Assign a Product to modify roles.').
  return editorGroups(
    rows,
    products,
    (roleId) => held.direct.has(roleId) || held.groups.has(roleId),
    (row) => heldRole(row, held, caller, scope),
  );
}

/**
 * Refuses (400) giving `userName` projects of a licence other than their own unless they hold
 * ACCESS_OTHER_PROJECTS, directly or through a user group (spec 1 §6: 'other project access').
 * Run inside the transaction that writes.
 */
async function assertMayHoldOtherProjects(
  tx: Db | Tx,
  user: { userId: number; userName: string; licenseId: number },
  licenseId: number,
  adding: number[],
): Promise<void> {
  if (licenseId === user.licenseId || adding.length === 0) return;
  const [held] = await tx
    .select({ n: count() })
    .from(roles)
    .where(and(eq(roles.name, Role.ACCESS_OTHER_PROJECTS), roleHeldBy(user.userId)));
  if ((held?.n ?? 0) > 0) return;
  const [license] = await tx.select({ name: licenses.name }).from(licenses).where(eq(licenses.licenseId, licenseId));
  throw badRequest(AccessMessages.otherLicenseProjectsNeedRole(user.userName, license?.name ?? `License ${licenseId}`));
}

export const userAccessRoutes = implement(userAccessSpecs, {
  async getRoleCatalogue({ db, json }) {
    return json(inGroups(await catalogue(db), catalogueRole));
  },

  async getUserRoles({ db, caller, scope, params, json }) {
    const { user } = await readableUser(db, caller, scope, params.userId);
    const [rows, held] = await Promise.all([catalogue(db), rolesHeld(db, user)]);
    return json(rows.map((row) => heldRole(row, held, caller, scope)).filter((role) => role.appliedToUser));
  },

  async getUserRoleInfo({ db, caller, scope, params, json }) {
    const { user } = await readableUser(db, caller, scope, params.userId);
    return json(await roleInfo(db, user, caller, scope));
  },

  async getUserRoleGroupDetails({ db, caller, scope, params, json }) {
    const { user } = await readableUser(db, caller, scope, params.username);
    return json(await roleInfo(db, user, caller, scope));
  },

  async updateUserRoles({ deps, db, caller, scope, body, audit, json }) {
    const user = await userInScope(db, scope, body.userId!);
    const rows = await catalogue(db);
    const byId = new Map(rows.map((row) => [row.roleId, row]));
    // Read, checked and written under the licence's lock, so a product licence removed at the same time cannot leave a role without it.
    const change = await db.transaction(async (tx) => {
      await lockSeats(tx, user.licenseId);
      const [held, products] = await Promise.all([rolesHeld(tx, user), addonIdsHeld(tx, user.userId)]);
      // A role a group grants is the group's: named or not, it stays, and it is never copied onto the user.
      const wanted = [...new Set(body.roleIds)].filter((id) => held.direct.has(id) || !held.groups.has(id));
      assertRolesGivable(rows, wanted, held.direct, products, caller, scope, 'user');
      const added = wanted.filter((id) => !held.direct.has(id));
      const removed = [...held.direct].filter((id) => !wanted.includes(id));
      const watch = await watchAdministrativeRoles(tx, [user.userId]);
      if (removed.length) await tx.delete(userRoles).where(and(eq(userRoles.userId, user.userId), inArray(userRoles.roleId, removed)));
      if (added.length)
        await tx
          .insert(userRoles)
          .values(added.map((roleId) => ({ userId: user.userId, roleId })))
          .onConflictDoNothing();
      await watch.settle(caller, deps.clock.now());
      return { before: held.direct, wanted, changed: added.length + removed.length > 0 };
    });
    const roleNames = (ids: Iterable<number>) => [...ids].map((id) => byId.get(id)?.name ?? String(id)).sort();
    if (change.changed) audit({ entity: 'user-roles', entityId: user.userId, before: roleNames(change.before), after: roleNames(change.wanted) });
    return json({ Message: UserMessages.rolesUpdated });
  },

  async getAddons({ db, json }) {
    const rows = await db.select().from(addons).orderBy(addons.sortOrder, addons.addOnId);
    return json(rows.map(({ category, sortOrder: _order, ...addon }) => ({ ...addon, addonData: { category } })));
  },

  async getLicenseAddons({ db, scope, params, json }) {
    scope.assert(params.licenseId);
    const [rows, used] = await Promise.all([
      db
        .select({ addon: addons, maxUsers: licenseAddons.maxUsers })
        .from(licenseAddons)
        .innerJoin(addons, eq(addons.addOnId, licenseAddons.addOnId))
        .where(eq(licenseAddons.licenseId, params.licenseId))
        .orderBy(addons.sortOrder, addons.addOnId),
      // The ledger's count (issue 38), not a live count of every holder.
      seatsRecorded(db, params.licenseId),
    ]);
    return json(
      rows.map(({ addon: { category, sortOrder: _order, ...addon }, maxUsers }) => ({
        ...addon,
        maxUsers,
        numUsers: used.get(addon.addOnId) ?? 0,
        addonData: { category },
      })),
    );
  },

  async getLicenseVendors({ db, scope, params, json }) {
    scope.assert(params.licenseId);
    return json(await db.select().from(vendors).where(eq(vendors.licenseId, params.licenseId)).orderBy(vendors.name));
  },

  async getUserAddons({ db, caller, scope, params, json }) {
    const { user } = await readableUser(db, caller, scope, params.username);
    const [direct, fromGroups, chosen] = await Promise.all([
      db.select({ addOnId: userAddons.addOnId }).from(userAddons).where(eq(userAddons.userId, user.userId)),
      groupAddonIds(db, user.userId),
      db
        .select({ addOnId: userAddonVendors.addOnId, vendorId: userAddonVendors.vendorId, name: vendors.name })
        .from(userAddonVendors)
        .innerJoin(vendors, eq(vendors.vendorId, userAddonVendors.vendorId))
        .where(eq(userAddonVendors.userId, user.userId))
        .orderBy(userAddonVendors.addOnId, vendors.name),
    ]);
    const ids = [...new Set([...direct.map((row) => row.addOnId), ...fromGroups])];
    const rows = ids.length ? await db.select().from(addons).where(inArray(addons.addOnId, ids)).orderBy(addons.sortOrder, addons.addOnId) : [];
    return json({
      addons: rows.map((addon) => ({
        addOnId: addon.addOnId,
        name: addon.name,
        shortName: addon.shortName,
        color: addon.color,
        fromUserGroup: fromGroups.has(addon.addOnId),
      })),
      vendors: chosen,
    });
  },

  async setUserAddons({ deps, db, caller, scope, params, body, audit, json }) {
    const user = await userInScope(db, scope, params.username);
    const wanted = new Map<number, Set<number>>();
    for (const item of body) wanted.set(item.addOnId, new Set([...(wanted.get(item.addOnId) ?? []), ...item.vendorIds]));

    const outcome = await db.transaction(async (tx) => {
      await lockSeats(tx, user.licenseId);
      const offer = await offeredAddons(tx, user.licenseId);
      const notOffered = [...wanted.keys()].find((addOnId) => !offer.get(addOnId)?.maxUsers);
      if (notOffered !== undefined) {
        const [named] = await tx.select({ name: addons.name }).from(addons).where(eq(addons.addOnId, notOffered));
        throw badRequest(UserMessages.addonNotOffered(named?.name ?? `Product license ${notOffered}`));
      }
      const viaGroups = await groupAddonIds(tx, user.userId);
      const isVendor = (addOnId: number) => offer.get(addOnId)?.category === 'VENDOR';
      const licenseVendors = new Set(
        (await tx.select({ vendorId: vendors.vendorId }).from(vendors).where(eq(vendors.licenseId, user.licenseId))).map((row) => row.vendorId),
      );
      for (const [addOnId, chosen] of wanted) {
        if (!isVendor(addOnId)) continue;
        if (chosen.size === 0) throw badRequest(UserMessages.vendorRequired);
        if ([...chosen].some((vendorId) => !licenseVendors.has(vendorId))) throw badRequest(UserMessages.vendorUnknown);
      }
      const all = [...wanted.keys(), ...viaGroups];
      if (all.some(isVendor) && all.some((id) => !isVendor(id))) throw badRequest(UserMessages.vendorExclusive);

      const direct = new Set(
        (await tx.select({ addOnId: userAddons.addOnId }).from(userAddons).where(eq(userAddons.userId, user.userId))).map((row) => row.addOnId),
      );
      const gains = new Map([...wanted.keys()].filter((id) => !direct.has(id) && !viaGroups.has(id)).map((id) => [id, 1]));
      const warning = await seatLimitMessage(tx, user.licenseId, gains);
      if (warning) return { warning };

      const keep = [...wanted.keys()];
      const watch = await watchAdministrativeRoles(tx, [user.userId]);
      await tx.delete(userAddons).where(and(eq(userAddons.userId, user.userId), keep.length ? notInArray(userAddons.addOnId, keep) : undefined));
      const added = keep.filter((id) => !direct.has(id));
      if (added.length) await tx.insert(userAddons).values(added.map((addOnId) => ({ userId: user.userId, addOnId })));
      await tx.delete(userAddonVendors).where(eq(userAddonVendors.userId, user.userId));
      const vendorRows = [...wanted]
        .filter(([addOnId]) => isVendor(addOnId))
        .flatMap(([addOnId, chosen]) => [...chosen].map((vendorId) => ({ userId: user.userId, addOnId, vendorId })));
      if (vendorRows.length) await tx.insert(userAddonVendors).values(vendorRows);
      const removedRoles = await dropRolesWithoutProduct(tx, user.userId, new Set(all));
      await watch.settle(caller, deps.clock.now());
      return { before: [...direct].sort(), after: keep.sort(), vendors: vendorRows.map(({ addOnId, vendorId }) => ({ addOnId, vendorId })), removedRoles };
    });
    if ('warning' in outcome) return json({ Message: outcome.warning! }, 210);
    audit({
      entity: 'user-addons',
      entityId: user.userId,
      before: { addOnIds: outcome.before },
      after: { addOnIds: outcome.after, vendors: outcome.vendors, removedRoleIds: outcome.removedRoles },
    });
    return json({ Message: UserMessages.addonsUpdated });
  },

  async getUserProjects({ db, caller, scope, params, query, json }) {
    const { user } = await readableUser(db, caller, scope, params.username);
    const licenseId = query.licenseId ?? user.licenseId;
    scope.assert(licenseId);
    const rows = await licenseProjects(db, caller, scope, licenseId);
    const ids = rows.map((row) => row.projectId);
    const [direct, viaGroups] = ids.length
      ? await Promise.all([
          db
            .select({ projectId: userProjects.projectId })
            .from(userProjects)
            .where(and(eq(userProjects.userId, user.userId), inArray(userProjects.projectId, ids))),
          db
            .select({ projectId: userGroupProjects.projectId })
            .from(userGroupUsers)
            .innerJoin(userGroupProjects, eq(userGroupProjects.userGroupId, userGroupUsers.userGroupId))
            .where(and(eq(userGroupUsers.userId, user.userId), inArray(userGroupProjects.projectId, ids))),
        ])
      : [[], []];
    const assigned = new Set(direct.map((row) => row.projectId));
    const fromGroups = new Set(viaGroups.map((row) => row.projectId));
    return json(markedTree(rows, assigned, fromGroups));
  },

  async getUserProjectLicenses({ db, caller, scope, params, json }) {
    const { user } = await readableUser(db, caller, scope, params.username);
    const [inScope, held] = await Promise.all([
      db
        .select({ licenseId: licenses.licenseId, name: licenses.name })
        .from(licenses)
        .where(scope.all ? undefined : eq(licenses.licenseId, caller.licenseId))
        .orderBy(sql`lower(${licenses.name})`, licenses.licenseId),
      db
        .select({ licenseId: projects.licenseId, projectCount: countDistinct(projects.projectId) })
        .from(projects)
        .where(and(await visibleProjectsWhere(db, caller, scope), inArray(projects.projectId, projectIdsOfUser(db, user.userId))))
        .groupBy(projects.licenseId),
    ]);
    const counts = new Map(held.map((row) => [row.licenseId, row.projectCount]));
    // The user's own licence first: the tab opens on it.
    const own = inScope.filter((row) => row.licenseId === user.licenseId);
    return json(
      [...own, ...inScope.filter((row) => row.licenseId !== user.licenseId)].map((row) => ({
        ...row,
        projectCount: counts.get(row.licenseId) ?? 0,
        own: row.licenseId === user.licenseId,
      })),
    );
  },

  async setUserProjects({ db, caller, scope, params, body, audit, json }) {
    const user = await userInScope(db, scope, params.username);
    const licenseId = body.licenseId!;
    scope.assert(licenseId);
    const visible = await licenseProjects(db, caller, scope, licenseId);
    const visibleIds = new Set(visible.map((row) => row.projectId));
    const wanted = [...new Set(body.projectIds)];
    if (wanted.some((id) => !visibleIds.has(id))) throw badRequest(UserMessages.projectUnknown);
    const change = await db.transaction(async (tx) => {
      const before = visibleIds.size
        ? (
            await tx
              .select({ projectId: userProjects.projectId })
              .from(userProjects)
              .where(and(eq(userProjects.userId, user.userId), inArray(userProjects.projectId, [...visibleIds])))
          ).map((row) => row.projectId)
        : [];
      const removed = before.filter((id) => !wanted.includes(id));
      const added = wanted.filter((id) => !before.includes(id));
      await assertMayHoldOtherProjects(tx, user, licenseId, added);
      if (removed.length) await tx.delete(userProjects).where(and(eq(userProjects.userId, user.userId), inArray(userProjects.projectId, removed)));
      if (added.length)
        await tx
          .insert(userProjects)
          .values(added.map((projectId) => ({ userId: user.userId, projectId })))
          .onConflictDoNothing();
      return { before: before.sort((a, b) => a - b), added, removed };
    });
    if (change.added.length || change.removed.length) {
      audit({
        entity: 'user-projects',
        entityId: user.userId,
        before: { licenseId, projectIds: change.before },
        after: { licenseId, projectIds: wanted.sort((a, b) => a - b) },
      });
    }
    return json({ Message: UserMessages.projectsUpdated });
  },
});
