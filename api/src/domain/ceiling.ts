/**
 * The privilege ceiling (README, Security): nobody gives, directly or indirectly, power they
 * do not hold. The one place the rule is written; every path that grants roles or projects, or
 * takes control of an account, goes through it.
 *
 * - Roles are of two kinds, recorded in the permission catalogue (`roles.administrative`):
 *   product roles are given by anyone who administers roles in the licence (ADMINISTER_ROLE or
 *   ADMINISTER_USER_CREATE_UPDATE, spec 1 §6; for an API key also ADMINISTER_API_KEYS, whose
 *   screen it is); an administrative role only by someone who holds it; ACCESS_ALL_CUSTOMER_LICENCES
 *   only by a super administrator. A role one may not give one may not take away either: the
 *   editors show it disabled.
 * - Control of an account (its password, lock, activation, details, a copy of it, joining it to
 *   a group) is allowed only when the account's administrative roles after the change, through
 *   groups too, are within the caller's.
 * - Projects given are among those the caller sees; all of a licence's projects (an API key's
 *   `allProjects`) only by someone who sees every project by role.
 * Super administrators are excepted. The data-dependent checks run inside the transaction that
 * writes, after the licence's access lock (`lockSeats`), so concurrent changes cannot pass them.
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { ApiKeyMessages, UserMessages } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import type { Db, Tx } from '../db/client';
import { projects, roles, sessions, users } from '../db/schema';
import type { Caller } from '../http/auth';
import { badRequest, forbidden } from '../http/errors';
import type { Scope } from '../http/scope';
import { projectIdsOfUser, roleHeldBy } from './grants';
import { visibleProjectsWhere } from './project-visibility';

type Conn = Db | Tx;

/** What the rule needs to know of a role. */
export interface RoleKind {
  name: string;
  friendlyName: string;
  administrative: boolean;
}

/** Who receives roles: a user (or a user group, whose roles reach its members) or an API key. */
export type Grantee = 'user' | 'apiKey';

/** Whether the caller administers roles for a grantee of this kind (product roles are theirs to give). */
function administersRoles(caller: Caller, grantee: Grantee): boolean {
  return (
    caller.roles.has(Role.ADMINISTER_ROLE) ||
    caller.roles.has(Role.ADMINISTER_USER_CREATE_UPDATE) ||
    (grantee === 'apiKey' && caller.roles.has(Role.ADMINISTER_API_KEYS))
  );
}

/** Why the caller may not give or remove `role`; undefined when they may. */
export function whyNotGivable(caller: Caller, scope: Scope, role: RoleKind, grantee: Grantee): string | undefined {
  if (scope.all) return undefined;
  if (role.name === Role.ACCESS_ALL_CUSTOMER_LICENCES) return UserMessages.roleSuperAdminOnly;
  if (role.administrative) return caller.roles.has(role.name) ? undefined : UserMessages.roleAdministrativeNotHeld;
  return administersRoles(caller, grantee) ? undefined : UserMessages.roleNeedsRoleAdministration;
}

/** Refuses (403, naming them) a change of roles from `before` to `wanted` that touches a role the caller may not give. */
export function assertRoleChangeAllowed(
  caller: Caller,
  scope: Scope,
  byId: ReadonlyMap<number, RoleKind>,
  before: Iterable<number>,
  wanted: Iterable<number>,
  grantee: Grantee,
): void {
  const had = new Set(before);
  const want = new Set(wanted);
  const changed = [...want].filter((id) => !had.has(id)).concat([...had].filter((id) => !want.has(id)));
  const refused = changed
    .map((id) => byId.get(id))
    .filter((role): role is RoleKind => role !== undefined && whyNotGivable(caller, scope, role, grantee) !== undefined);
  if (refused.length) throw forbidden(UserMessages.rolesNotGivable(refused.map((role) => role.friendlyName).join(', ')));
}

/** The administrative roles each of `userIds` holds, directly or through a group, by name. */
export async function administrativeRolesOf(db: Conn, userIds: readonly number[]): Promise<Map<number, Set<string>>> {
  const out = new Map(userIds.map((id) => [id, new Set<string>()]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: users.userId, name: roles.name })
    .from(users)
    .innerJoin(roles, and(eq(roles.administrative, true), roleHeldBy(users.userId)))
    .where(inArray(users.userId, [...userIds]));
  for (const row of rows) out.get(row.userId)?.add(row.name);
  return out;
}

/**
 * Refuses (403) taking control of any of `userIds` whose administrative roles — as they stand
 * now, in the transaction, after the change it made — are not all the caller's. Call it inside
 * the transaction that writes.
 */
export async function assertMayControl(tx: Conn, caller: Caller, scope: Scope, userIds: readonly number[]): Promise<void> {
  // The caller too: joining oneself to a group is no way around the ceiling.
  if (scope.all || userIds.length === 0) return;
  const held = await administrativeRolesOf(tx, userIds);
  for (const [userId, names] of held) {
    const above = [...names].filter((name) => !caller.roles.has(name)).sort();
    if (above.length === 0) continue;
    const [user] = await tx.select({ userName: users.userName }).from(users).where(eq(users.userId, userId));
    const friendly = await tx.select({ friendlyName: roles.friendlyName }).from(roles).where(inArray(roles.name, above)).orderBy(roles.friendlyName);
    throw forbidden(UserMessages.accountAboveCaller(user?.userName ?? String(userId), friendly.map((row) => row.friendlyName).join(', ')));
  }
}

/**
 * Refuses (403) when any of `userIds` holds a project, directly or through a group, that the
 * caller does not see, among the projects not in `before` (what they held before the change).
 */
export async function assertProjectsWithinCaller(
  tx: Conn,
  caller: Caller,
  scope: Scope,
  userIds: readonly number[],
  before: ReadonlyMap<number, Set<number>> = new Map(),
): Promise<void> {
  if (scope.all) return;
  const visible = await visibleProjectsWhere(tx, caller, scope);
  for (const userId of userIds) {
    const gained = await tx
      .select({ projectId: projects.projectId, name: projects.name, visible: sql<boolean>`(${visible})` })
      .from(projects)
      .where(inArray(projects.projectId, projectIdsOfUser(tx, userId)));
    const hidden = gained.filter((row) => !row.visible && !before.get(userId)?.has(row.projectId));
    if (hidden.length)
      throw forbidden(
        UserMessages.projectsNotHeld(
          hidden
            .map((row) => row.name)
            .sort()
            .join(', '),
        ),
      );
  }
}

/** The projects each of `userIds` holds, directly or through a group. */
export async function projectsOf(tx: Conn, userIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  for (const userId of userIds) {
    const rows = await tx.select({ projectId: sql<number>`p.project_id` }).from(sql`(${projectIdsOfUser(tx, userId)}) as p`);
    out.set(userId, new Set(rows.map((row) => Number(row.projectId))));
  }
  return out;
}

/**
 * Whether the caller sees every project of their licence by role, and so may give all of them
 * (an API key's `allProjects`): a super administrator, a key that has all projects, or a holder
 * of ADMINISTER_PROJECT_READ with a project of their licence (spec 1 §6).
 */
export async function seesEveryProject(db: Conn, caller: Caller, scope: Scope): Promise<boolean> {
  if (scope.all) return true;
  if (caller.apiKey) return caller.apiKey.allProjects;
  if (!caller.roles.has(Role.ADMINISTER_PROJECT_READ)) return false;
  return (
    (
      await db
        .select({ projectId: projects.projectId })
        .from(projects)
        .where(await visibleProjectsWhere(db, caller, scope))
        .limit(1)
    ).length > 0
  );
}

/** Refuses (403) an `allProjects` grant by a caller who does not see every project by role. */
export async function assertMayGiveAllProjects(db: Conn, caller: Caller, scope: Scope): Promise<void> {
  if (!(await seesEveryProject(db, caller, scope))) throw forbidden(UserMessages.allProjectsNotHeld);
}

/** Refuses (403) an API key's change of itself: a key never widens its own reach. */
export function assertNotItself(caller: Caller, apiKeyId: number): void {
  if (caller.apiKey?.apiKeyId === apiKeyId) throw forbidden(ApiKeyMessages.notItself);
}

/** Ends every live session of `userIds` for good (a later reactivation does not bring them back). */
export async function endSessions(tx: Conn, userIds: readonly number[], now: Date, keep?: string): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(inArray(sessions.userId, [...userIds]), isNull(sessions.revokedAt), keep ? ne(sessions.sessionId, keep) : undefined));
}

/** How many active, unlocked users hold ACCESS_ALL_CUSTOMER_LICENCES (directly or through a group). */
async function activeSuperAdmins(tx: Conn): Promise<number> {
  const rows = await tx
    .select({ userId: users.userId })
    .from(users)
    .innerJoin(roles, and(eq(roles.name, Role.ACCESS_ALL_CUSTOMER_LICENCES), roleHeldBy(users.userId)))
    .where(and(eq(users.isApproved, true), eq(users.isLockedOut, false)))
    .limit(1);
  return rows.length;
}

/**
 * What a change that may take administrative roles away must do, inside its transaction:
 * `before` from `administrativeRolesOf` ahead of the change; after it, `settle` refuses
 * removing ACCESS_ALL_CUSTOMER_LICENCES from the caller or from the last active super
 * administrator (400, everything rolled back), and ends the sessions of every user who lost
 * an administrative role (but the caller's current one).
 */
export async function watchAdministrativeRoles(tx: Conn, userIds: readonly number[]) {
  const ids = [...new Set(userIds)];
  const before = await administrativeRolesOf(tx, ids);
  return {
    async settle(caller: Caller | null, now: Date): Promise<void> {
      const after = await administrativeRolesOf(tx, ids);
      const lost = ids.filter((id) => [...before.get(id)!].some((name) => !after.get(id)!.has(name)));
      const lostSuper = lost.filter((id) => before.get(id)!.has(Role.ACCESS_ALL_CUSTOMER_LICENCES) && !after.get(id)!.has(Role.ACCESS_ALL_CUSTOMER_LICENCES));
      if (caller && lostSuper.includes(caller.userId)) throw badRequest(UserMessages.superAdminSelf);
      if (lostSuper.length && (await activeSuperAdmins(tx)) === 0) throw badRequest(UserMessages.lastSuperAdmin);
      // The caller's own session carries on (with fewer roles, read at its next request), as after a password change.
      await endSessions(tx, lost, now, caller?.sessionId);
    },
  };
}

/** Refuses (400) deactivating or locking the last active super administrator. Call after the change, in its transaction. */
export async function assertSuperAdminRemains(tx: Conn): Promise<void> {
  if ((await activeSuperAdmins(tx)) === 0) throw badRequest(UserMessages.lastSuperAdmin);
}
