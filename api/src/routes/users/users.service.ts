/**
 * What the user calls share: finding the user a call is about within the caller's scope,
 * who may change a user, and the user as GET users/{username} answers it.
 */
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { UserSchema } from 'contracts/identity/model';
import { PORTAL_ROLES, Role } from 'shared/roles';
import type { Db, Tx } from '../../db/client';
import { userAddonVendors, userGroups, userGroupUsers, users, vendors } from '../../db/schema';
import { addonsOf } from '../../domain/user-list';
import type { Caller } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import type { Scope } from '../../http/scope';
import { findUserByName, type UserRow } from '../auth/auth.service';
import { lockedUntilOf } from '../auth/lockout';

/** A user by name (ignoring case) or by id. */
async function findUser(db: Db | Tx, nameOrId: string | number): Promise<UserRow | undefined> {
  return typeof nameOrId === 'number' ? (await db.select().from(users).where(eq(users.userId, nameOrId)))[0] : findUserByName(db as Db, nameOrId);
}

/** The user named `userName` (or with that id) if the caller's scope holds them; a 404 otherwise, like a missing one. */
export async function userInScope(db: Db | Tx, scope: Scope, userName: string | number): Promise<UserRow> {
  const user = await findUser(db, userName);
  if (!user) throw notFound();
  scope.assert(user.licenseId);
  return user;
}

/**
 * The user a portal screen is about (by name or id): users read themselves; anyone else needs a portal role
 * and stays in their licence scope (scope first: another licence's user is a 404 whatever
 * the caller's roles).
 */
export async function readableUser(db: Db, caller: Caller, scope: Scope, userName: string | number): Promise<{ user: UserRow; self: boolean }> {
  const user = await findUser(db, userName);
  if (!user) throw notFound();
  const self = user.userId === caller.userId;
  if (!self) {
    scope.assert(user.licenseId);
    if (!PORTAL_ROLES.some((role) => caller.roles.has(role))) throw forbidden();
  }
  return { user, self };
}

/** Whether the caller administers users (spec 1 §6: new, duplicate, edit, tabs, passwords). */
export const administersUsers = (caller: Caller) => caller.roles.has(Role.ADMINISTER_USER_CREATE_UPDATE);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The user as GET users/{username} answers it: never the password hash. */
export async function userReply(db: Db, user: UserRow, now: Date): Promise<v.InferInput<typeof UserSchema>> {
  const [held, chosen, groups] = await Promise.all([
    addonsOf(db, [user.userId]),
    db
      .select({ vendorId: vendors.vendorId, name: vendors.name, addOnId: userAddonVendors.addOnId })
      .from(userAddonVendors)
      .innerJoin(vendors, eq(vendors.vendorId, userAddonVendors.vendorId))
      .where(eq(userAddonVendors.userId, user.userId))
      .orderBy(userAddonVendors.addOnId, vendors.name),
    db
      .select({ userGroupId: userGroups.userGroupId, name: userGroups.name })
      .from(userGroupUsers)
      .innerJoin(userGroups, eq(userGroups.userGroupId, userGroupUsers.userGroupId))
      .where(eq(userGroupUsers.userId, user.userId))
      .orderBy(userGroups.name),
  ]);
  return {
    userId: user.userId,
    userName: user.userName,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    companyName: user.companyName,
    position: user.position,
    comment: user.comment,
    licenseId: user.licenseId,
    isApproved: user.isApproved,
    isLockedOut: user.isLockedOut,
    isSsoUser: user.isSsoUser,
    isSsoInitial: user.isSsoInitial,
    twoFactorEnabled: user.twoFactorEnabled,
    mustUpdatePassword: user.mustUpdatePassword,
    createDate: iso(user.createDate),
    lastActivityDate: iso(user.lastActivityDate),
    lastLoginDate: iso(user.lastLoginDate),
    lastLockedDate: iso(user.lastLockedDate),
    lockedUntil: lockedUntilOf(user, now),
    lastPasswordChangeDate: iso(user.lastPasswordChangeDate),
    addons: held.get(user.userId) ?? [],
    userData: { vendors: chosen },
    userGroups: groups,
  };
}

/** The fields of a user row the audit trail records (no hash, no counters). */
export function auditedUser(user: UserRow) {
  const { passwordHash: _hash, failedLoginCount: _count, lastFailedLoginDate: _failed, lockoutRounds: _rounds, userData: _data, ...rest } = user;
  return rest;
}
