/**
 * What the user calls share: finding the user a call is about within the caller's scope,
 * who may change a user, and the user as GET users/{username} answers it.
 */
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { UserMessages, type UserCreateBody, type UserSchema } from 'contracts/identity/model';
import { PORTAL_ROLES, Role } from 'shared/roles';
import type { Db, Tx } from '../../db/client';
import { userAddonVendors, userGroups, userGroupUsers, users, vendors } from '../../db/schema';
import { addonsOf } from '../../domain/user-list';
import type { Caller } from '../../http/auth';
import { assertMayControl, assertSuperAdminRemains, endSessions } from '../../domain/ceiling';
import { lockSeats } from '../../domain/seats';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../http/errors';
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

/**
 * Inserts the user of a create or copy form (or a SCIM POST, with `extra` columns: its
 * externalId); a taken username (any licence, any case) is a 409.
 */
export async function insertUser(
  db: Db | Tx,
  body: UserCreateBody,
  licenseId: number,
  now: Date,
  extra: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  // The unique index on lower(user_name) decides, with the insert: no read before it.
  try {
    const [row] = await db
      .insert(users)
      .values(newUserValues(body, licenseId, now, extra))
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, 'users_user_name_ci')) throw conflict(UserMessages.userNameTaken, { errors: { userName: UserMessages.userNameTaken } });
    throw error;
  }
}

/** The row `insertUser` inserts (SCIM's grouped creates insert several at once). */
export function newUserValues(body: UserCreateBody, licenseId: number, now: Date, extra: Partial<typeof users.$inferInsert> = {}): typeof users.$inferInsert {
  return {
    userName: body.userName,
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phoneNumber: body.phoneNumber,
    companyName: body.companyName,
    position: body.position,
    comment: body.comment,
    licenseId,
    isApproved: body.isApproved,
    isLockedOut: body.isLockedOut,
    lastLockedDate: body.isLockedOut ? now : null,
    isSsoUser: body.isSsoUser,
    isSsoInitial: body.isSsoUser,
    twoFactorEnabled: body.twoFactorEnabled,
    createDate: now,
    ...extra,
  };
}

/**
 * Writes `changes` to `user` as the user form and the list's toggles do, and a SCIM PUT or PATCH:
 * under the licence's seat lock, within the privilege ceiling (domain/ceiling.ts; not for one's
 * own account), ending a deactivated or locked account's sessions for good and refusing to
 * leave no active super administrator. Answers the row as saved.
 */
export async function saveUserChanges(
  db: Db,
  caller: Caller,
  scope: Scope,
  user: UserRow,
  changes: Partial<typeof users.$inferInsert>,
  now: Date,
  self = false,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    // Another's account is theirs to change only within the privilege ceiling (domain/ceiling.ts), checked with the write.
    await lockSeats(tx, user.licenseId);
    if (!self) await assertMayControl(tx, caller, scope, [user.userId]);
    const [row] = await tx.update(users).set(changes).where(eq(users.userId, user.userId)).returning();
    if (changes.isApproved === false || changes.isLockedOut === true) {
      // A deactivated or locked account's sessions end for good: activating or unlocking it does not bring them back.
      await endSessions(tx, [user.userId], now);
      await assertSuperAdminRemains(tx);
    }
    return row!;
  });
}
