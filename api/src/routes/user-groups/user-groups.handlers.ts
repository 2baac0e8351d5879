/** What the user group calls do (user-groups.routes.ts has their definitions). */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { UserGroupMessages } from 'contracts/identity/model';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { licenses, userGroupAddons, userGroupProjects, userGroupRoles, userGroups, userGroupUsers, users } from '../../db/schema';
import { addonsOfUsers, dropRolesWithoutProduct } from '../../domain/grants';
import { lockSeats, seatLimitMessage } from '../../domain/seats';
import { badRequest, notFound } from '../../http/errors';
import { implement } from '../../http/route';
import { userGroupSpecs } from './user-groups.routes';

type GroupLink = typeof userGroupAddons | typeof userGroupRoles | typeof userGroupProjects | typeof userGroupUsers;

/** The ids `column` holds for each of the groups in the link table `table`. */
async function linked(db: Db, groupIds: number[], table: GroupLink, column: PgColumn) {
  const rows = groupIds.length ? await db.select({ userGroupId: table.userGroupId, id: sql<number>`${column}` }).from(table).where(inArray(table.userGroupId, groupIds)) : [];
  const out = new Map<number, number[]>();
  for (const row of rows) out.set(row.userGroupId, [...(out.get(row.userGroupId) ?? []), row.id]);
  return out;
}

export const userGroupRoutes = implement(userGroupSpecs, {
  async getUserGroups({ db, caller, scope, query, json }) {
    if (query.licenseId !== undefined) scope.assert(query.licenseId);
    const licenseId = query.licenseId ?? (scope.all ? undefined : caller.licenseId);
    const groups = await db
      .select({ userGroupId: userGroups.userGroupId, name: userGroups.name, licenseId: userGroups.licenseId, licenseName: licenses.name })
      .from(userGroups)
      .innerJoin(licenses, eq(licenses.licenseId, userGroups.licenseId))
      .where(licenseId === undefined ? undefined : eq(userGroups.licenseId, licenseId))
      .orderBy(sql`lower(${userGroups.name})`, userGroups.userGroupId);
    const ids = groups.map((group) => group.userGroupId);
    const [members, addOns, roleIds, projectIds] = await Promise.all([
      linked(db, ids, userGroupUsers, userGroupUsers.userId),
      linked(db, ids, userGroupAddons, userGroupAddons.addOnId),
      linked(db, ids, userGroupRoles, userGroupRoles.roleId),
      linked(db, ids, userGroupProjects, userGroupProjects.projectId),
    ]);
    return json(
      groups.map((group) => {
        const userIds = members.get(group.userGroupId) ?? [];
        return {
          ...group,
          userIds,
          userCount: userIds.length,
          addOnIds: addOns.get(group.userGroupId) ?? [],
          roleIds: roleIds.get(group.userGroupId) ?? [],
          projectIds: projectIds.get(group.userGroupId) ?? [],
        };
      }),
    );
  },

  async assignUsersToUserGroup({ db, scope, body, audit, json }) {
    const [group] = await db.select().from(userGroups).where(eq(userGroups.userGroupId, body.userGroupId!));
    if (!group) throw notFound();
    scope.assert(group.licenseId);
    const wanted = [...new Set(body.userIds)];
    const [{ inLicense } = { inLicense: 0 }] = await db
      .select({ inLicense: count() })
      .from(users)
      .where(and(inArray(users.userId, wanted), eq(users.licenseId, group.licenseId)));
    if (inLicense !== wanted.length) throw badRequest(UserGroupMessages.notGroupLicense);

    const outcome = await db.transaction(async (tx) => {
      await lockSeats(tx, group.licenseId);
      const already = new Set(
        (await tx.select({ userId: userGroupUsers.userId }).from(userGroupUsers).where(and(eq(userGroupUsers.userGroupId, group.userGroupId), inArray(userGroupUsers.userId, wanted)))).map((row) => row.userId),
      );
      const joining = wanted.filter((id) => !already.has(id));
      if (joining.length === 0) return { joining };
      const grants = (await tx.select({ addOnId: userGroupAddons.addOnId }).from(userGroupAddons).where(eq(userGroupAddons.userGroupId, group.userGroupId))).map((row) => row.addOnId);
      if (grants.length) {
        const held = await addonsOfUsers(tx as unknown as Db, joining);
        const gains = new Map(grants.map((addOnId) => [addOnId, joining.filter((userId) => !held.some((row) => row.userId === userId && row.addOnId === addOnId)).length]));
        const warning = await seatLimitMessage(tx, group.licenseId, gains);
        if (warning) return { joining, warning };
      }
      await tx.insert(userGroupUsers).values(joining.map((userId) => ({ userGroupId: group.userGroupId, userId })));
      return { joining };
    });
    if (outcome.warning) return json({ Message: outcome.warning }, 210);
    if (outcome.joining.length) audit({ entity: 'user-group-users', entityId: group.userGroupId, before: { added: [] }, after: { added: outcome.joining } });
    return json({ Message: UserGroupMessages.assigned(outcome.joining.length, group.name) });
  },

  async removeUsersFromUserGroups({ db, scope, body, audit, json }) {
    const wanted = [...new Set(body.userIds)];
    const found = await db.select({ userId: users.userId, licenseId: users.licenseId }).from(users).where(inArray(users.userId, wanted));
    if (found.length !== wanted.length) throw notFound();
    for (const user of found) scope.assert(user.licenseId);
    if (body.userGroupId !== undefined) {
      const [group] = await db.select().from(userGroups).where(eq(userGroups.userGroupId, body.userGroupId));
      if (!group) throw notFound();
      scope.assert(group.licenseId);
    }
    const removed = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(userGroupUsers)
        .where(and(inArray(userGroupUsers.userId, wanted), body.userGroupId === undefined ? undefined : eq(userGroupUsers.userGroupId, body.userGroupId)))
        .returning();
      // A product licence lost with the group takes its roles with it, as on the user's own tab.
      const held = await addonsOfUsers(tx as unknown as Db, wanted);
      for (const userId of new Set(rows.map((row) => row.userId))) {
        await dropRolesWithoutProduct(tx, userId, new Set(held.filter((row) => row.userId === userId).map((row) => row.addOnId)));
      }
      return rows;
    });
    if (removed.length) audit({ entity: 'user-group-users', entityId: body.userGroupId ?? null, before: { memberships: removed }, after: { memberships: [] } });
    return json({ Message: UserGroupMessages.unassigned(new Set(removed.map((row) => row.userId)).size) });
  },
});
