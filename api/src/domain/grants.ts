/**
 * What a user holds directly or through one of their user groups — roles, projects and
 * add-ons (spec 1 §3, §5: a group's roles, projects and add-ons reach its members). The one
 * place this rule is written; authentication, sign-in, the lists and the visibility rule use it.
 */
import { and, eq, inArray, isNotNull, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { roleGroups, roles, userAddons, userGroupAddons, userGroupProjects, userGroupRoles, userGroupUsers, userProjects, userRoles } from '../db/schema';

/**
 * Whether the row of `roles` in the query is the user's: directly (user_roles, by its primary
 * key) or through a user group (user_group_users by its `_rev` index on user_id, then
 * user_group_roles by its primary key). `userId` may be a column, for use inside a query.
 */
export function roleHeldBy(userId: AnyPgColumn | number): SQL {
  return sql`(${roles.roleId} in (select ${userRoles.roleId} from ${userRoles} where ${userRoles.userId} = ${userId})
    or ${roles.roleId} in (select ${userGroupRoles.roleId} from ${userGroupUsers}
      join ${userGroupRoles} on ${userGroupRoles.userGroupId} = ${userGroupUsers.userGroupId}
      where ${userGroupUsers.userId} = ${userId}))`;
}

/** Names of the roles a user holds directly or through a user group, sorted. */
export async function rolesOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db.select({ name: roles.name }).from(roles).where(roleHeldBy(userId));
  return rows.map((row) => row.name).sort();
}

/** Ids of the projects assigned to a user directly or through one of their user groups (a subquery). */
export function projectIdsOfUser(db: Db | Tx, userId: number) {
  const direct = db.select({ projectId: userProjects.projectId }).from(userProjects).where(eq(userProjects.userId, userId));
  const viaGroups = db
    .select({ projectId: userGroupProjects.projectId })
    .from(userGroupUsers)
    .innerJoin(userGroupProjects, eq(userGroupProjects.userGroupId, userGroupUsers.userGroupId))
    .where(eq(userGroupUsers.userId, userId));
  return direct.union(viaGroups);
}

/** Whether a user has any project, directly or through a group. */
export async function hasProjects(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ projectId: sql<number>`p.project_id` })
    .from(sql`(${projectIdsOfUser(db, userId)}) as p`)
    .limit(1);
  return row !== undefined;
}

/** (projectId, userId) of every user assigned to the projects `projectIds` selects, directly or through a group, each pair once. */
export function usersOfProjects(db: Db, projectIds: SQL | SQLWrapper) {
  const direct = db
    .select({ projectId: userProjects.projectId, userId: userProjects.userId })
    .from(userProjects)
    .where(inArray(userProjects.projectId, projectIds as SQL));
  const viaGroups = db
    .select({ projectId: userGroupProjects.projectId, userId: userGroupUsers.userId })
    .from(userGroupProjects)
    .innerJoin(userGroupUsers, eq(userGroupUsers.userGroupId, userGroupProjects.userGroupId))
    .where(inArray(userGroupProjects.projectId, projectIds as SQL));
  // UNION drops the pairs a user holds both ways.
  return direct.union(viaGroups);
}

/** (userId, addOnId) of the add-ons the given users hold, directly or through a group, each pair once. */
export function addonsOfUsers(db: Db | Tx, userIds: number[]) {
  const direct = db.select({ userId: userAddons.userId, addOnId: userAddons.addOnId }).from(userAddons).where(inArray(userAddons.userId, userIds));
  const viaGroups = db
    .select({ userId: userGroupUsers.userId, addOnId: userGroupAddons.addOnId })
    .from(userGroupUsers)
    .innerJoin(userGroupAddons, eq(userGroupAddons.userGroupId, userGroupUsers.userGroupId))
    .where(inArray(userGroupUsers.userId, userIds));
  return direct.union(viaGroups);
}

/**
 * The roles a holder of the product licences `held` (a user, a group, an API key) cannot keep
 * (spec 1 §2): those of another product licence, and every role when it holds none. A subquery
 * of role ids, for `inArray`.
 */
export function rolesWithoutProduct(tx: Db | Tx, held: readonly number[]) {
  return tx
    .select({ roleId: roles.roleId })
    .from(roles)
    .innerJoin(roleGroups, eq(roleGroups.roleGroupId, roles.roleGroupId))
    .where(held.length ? and(isNotNull(roleGroups.addOnId), notInArray(roleGroups.addOnId, [...held])) : undefined);
}

/** Removes the user's own roles whose product licence they no longer hold; all of them when they hold none (spec 1 §2). */
export async function dropRolesWithoutProduct(tx: Db | Tx, userId: number, held: Set<number>): Promise<number[]> {
  const removed = await tx
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, rolesWithoutProduct(tx, [...held]))))
    .returning({ roleId: userRoles.roleId });
  return removed.map((row) => row.roleId);
}
