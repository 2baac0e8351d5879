/** What creating, changing and duplicating a user do (user-edit.routes.ts has their definitions). */
import { eq, inArray } from 'drizzle-orm';
import { UserMessages } from 'contracts/identity/model';
import type { Db, Tx } from '../../db/client';
import {
  licenses,
  userAddons,
  userAddonVendors,
  userGroupAddons,
  userGroupUsers,
  userImports,
  userProjects,
  userReports,
  userRoles,
  type users,
} from '../../db/schema';
import { assertMayControl, assertProjectsWithinCaller } from '../../domain/ceiling';
import { addonsOfUsers } from '../../domain/grants';
import { lockSeats, seatLimitMessage } from '../../domain/seats';
import type { Caller } from '../../http/auth';
import { badRequest, forbidden } from '../../http/errors';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import type { UserRow } from '../auth/auth.service';
import { userEditSpecs } from './user-edit.routes';
import { administersUsers, auditedUser, insertUser, readableUser, saveUserChanges, userInScope, userReply } from './users.service';
import { LockoutEvents, UNLOCKED } from '../auth/lockout';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The licence a new user goes to: the caller's own unless a super administrator names another that exists. */
async function licenseForNewUser(db: Db, caller: Caller, scope: Scope, licenseId: number | undefined): Promise<number> {
  const chosen = licenseId ?? caller.licenseId;
  scope.assert(chosen);
  const [license] = await db.select({ licenseId: licenses.licenseId }).from(licenses).where(eq(licenses.licenseId, chosen));
  if (!license) throw badRequest(UserMessages.licenseUnknown, { errors: { licenseId: UserMessages.licenseUnknown } });
  return chosen;
}

/** Copies the rows of `table` that belong to `from` to the user `to` (link tables keyed by user_id). */
async function copyRows(tx: Tx, from: number, to: number) {
  const copy = async <T extends { userId: number }>(rows: T[], insert: (values: T[]) => Promise<unknown>) => {
    if (rows.length) await insert(rows.map((row) => ({ ...row, userId: to })));
  };
  await copy(await tx.select().from(userProjects).where(eq(userProjects.userId, from)), (values) => tx.insert(userProjects).values(values));
  await copy(await tx.select().from(userImports).where(eq(userImports.userId, from)), (values) => tx.insert(userImports).values(values));
  await copy(await tx.select().from(userReports).where(eq(userReports.userId, from)), (values) => tx.insert(userReports).values(values));
}

export const userEditRoutes = implement(userEditSpecs, {
  async createUser({ deps, db, caller, scope, params, body, audit, json }) {
    if (!sameName(body.userName, params.username)) throw badRequest(UserMessages.userNameMismatch, { errors: { userName: UserMessages.userNameMismatch } });
    const licenseId = await licenseForNewUser(db, caller, scope, body.licenseId);
    const user = await insertUser(db, body, licenseId, deps.clock.now());
    audit({ entity: 'user', entityId: user.userId, after: auditedUser(user) });
    return json(await userReply(db, user, deps.clock.now()), 201);
  },

  async updateUser({ deps, db, caller, scope, params, body, audit, json }) {
    const { user, self } = await readableUser(db, caller, scope, params.username);
    const admin = administersUsers(caller);
    if (!self && !admin) throw forbidden();
    if (body.userName !== undefined && !sameName(body.userName, user.userName))
      throw badRequest(UserMessages.userNameFixed, { errors: { userName: UserMessages.userNameFixed } });
    const { userName: _name, comment, isSsoUser, isApproved, isLockedOut, twoFactorEnabled, ...details } = body;
    const adminOnly = { comment, isSsoUser, isApproved, isLockedOut, twoFactorEnabled };
    const changesAdminFields = Object.entries(adminOnly).some(([key, value]) => value !== undefined && value !== user[key as keyof UserRow]);
    if (changesAdminFields && !admin) throw forbidden();
    if (self && (isApproved === false || isLockedOut === true)) throw badRequest(UserMessages.notOwnFlags);

    const now = deps.clock.now();
    const changes: Partial<typeof users.$inferInsert> = {};
    for (const [key, value] of Object.entries({ ...details, ...adminOnly })) {
      if (value !== undefined && value !== user[key as keyof UserRow]) (changes as Record<string, unknown>)[key] = value;
    }
    if (changes.isLockedOut === true) changes.lastLockedDate = now;
    // An administrator's unlock clears the failures too, and a temporary lock after failed
    // sign-ins (issue 36), also when the lasting flag is off already.
    if (admin && isLockedOut === false && (user.isLockedOut || user.lockedUntil !== null || user.lockoutRounds > 0)) Object.assign(changes, UNLOCKED);
    if (Object.keys(changes).length > 0) {
      const after = await saveUserChanges(db, caller, scope, user, changes, now, self);
      const { failedLoginCount: _count, ...changed } = changes;
      const before = Object.fromEntries(Object.keys(changed).map((key) => [key, user[key as keyof UserRow]]));
      const unlocked = changes.isLockedOut === false ? { event: LockoutEvents.unlockedByAdministrator } : {};
      audit({
        entity: 'user',
        entityId: user.userId,
        before,
        after: { ...Object.fromEntries(Object.keys(changed).map((key) => [key, after[key as keyof UserRow]])), ...unlocked },
      });
    }
    return json({ Message: UserMessages.saved });
  },

  async copyUser({ deps, db, caller, scope, params, body, audit, json }) {
    if (!sameName(body.userName, params.copy)) throw badRequest(UserMessages.userNameMismatch, { errors: { userName: UserMessages.userNameMismatch } });
    const source = await userInScope(db, scope, params.username);
    const result = await db.transaction(async (tx) => {
      await lockSeats(tx, source.licenseId);
      // Copying an account is control of it: the source's administrative roles must be the caller's.
      await assertMayControl(tx, caller, scope, [source.userId]);
      const copy = await insertUser(tx, body, source.licenseId, deps.clock.now());
      await copyRows(tx, source.userId, copy.userId);

      // Product licences come directly and through groups; the copy joins the same groups.
      const groups = await tx.select({ userGroupId: userGroupUsers.userGroupId }).from(userGroupUsers).where(eq(userGroupUsers.userId, source.userId));
      const held = await addonsOfUsers(tx, [source.userId]);
      const warning = await seatLimitMessage(tx, source.licenseId, new Map(held.map((row) => [row.addOnId, 1])));
      let joined = groups.map((g) => g.userGroupId);
      if (warning) {
        // No seats for them: keep only the groups that grant no product licence.
        const granting = joined.length
          ? await tx.selectDistinct({ userGroupId: userGroupAddons.userGroupId }).from(userGroupAddons).where(inArray(userGroupAddons.userGroupId, joined))
          : [];
        joined = joined.filter((id) => !granting.some((g) => g.userGroupId === id));
      } else {
        const direct = await tx.select().from(userAddons).where(eq(userAddons.userId, source.userId));
        if (direct.length) await tx.insert(userAddons).values(direct.map((row) => ({ ...row, userId: copy.userId })));
        const chosen = await tx.select().from(userAddonVendors).where(eq(userAddonVendors.userId, source.userId));
        if (chosen.length) await tx.insert(userAddonVendors).values(chosen.map((row) => ({ ...row, userId: copy.userId })));
        const roles = await tx.select().from(userRoles).where(eq(userRoles.userId, source.userId));
        if (roles.length) await tx.insert(userRoles).values(roles.map((row) => ({ ...row, userId: copy.userId })));
      }
      if (joined.length) await tx.insert(userGroupUsers).values(joined.map((userGroupId) => ({ userGroupId, userId: copy.userId })));
      // What the copy holds, through its groups too, is within what the caller may give.
      await assertMayControl(tx, caller, scope, [copy.userId]);
      await assertProjectsWithinCaller(tx, caller, scope, [copy.userId]);
      return { copy, warning };
    });
    audit({
      entity: 'user',
      entityId: result.copy.userId,
      after: { ...auditedUser(result.copy), copiedFrom: source.userName, productLicensesCopied: !result.warning },
    });
    return result.warning ? json({ Message: result.warning }, 210) : json({ Message: UserMessages.created }, 201);
  },
});
