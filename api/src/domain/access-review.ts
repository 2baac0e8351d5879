/**
 * Access review campaigns (issue 41): the snapshot of a review's holdings, and the removal of
 * one holding through the console's own rules. A removal runs inside the decision batch's
 * transaction (the route's), so a batch is applied whole or not at all.
 *
 * How each holding is removed (the same tables and checks as the console's tabs):
 * - a role held directly: the user's or key's own role goes (the privilege ceiling of the roles
 *   tab: an administrative role only by someone who holds it, a product role only by a role
 *   administrator; domain/ceiling.ts);
 * - a product licence held directly: it goes, with the holder's own roles of it (spec 1 §2), and
 *   its seat is freed (under the licence's seat lock);
 * - a project held directly: it goes; a key's All projects is switched off;
 * - anything held through a user group: the user leaves that group (the membership, not the
 *   group's grant, which would reach every member), through group-changes.ts as the group's
 *   Users tab does, so the user loses everything the group gave them; the role's ceiling is
 *   checked first, as for a direct role.
 * Each removal is audited as the console audits it, so it shows in the History of the user,
 * the key or the group, marked with the review.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { UserMessages } from 'contracts/identity/model';
import type { Tx } from '../db/client';
import {
  apiKeyAddons,
  apiKeyProjects,
  apiKeyRoles,
  apiKeys,
  projects,
  roles,
  userAddons,
  userAddonVendors,
  userGroupUsers,
  userProjects,
  userRoles,
} from '../db/schema';
import type { AuditEntry } from '../http/audit';
import type { Caller } from '../http/auth';
import { forbidden } from '../http/errors';
import type { Scope } from '../http/scope';
import { watchAdministrativeRoles, whyNotGivable } from './ceiling';
import { changeGroup } from './group-changes';
import { addonsOfUsers, dropRolesWithoutProduct, rolesWithoutProduct } from './grants';
import { lockSeats } from './seats';

/** A snapshotted holding, as access_review_items holds it. */
export interface ReviewedHolding {
  holderKind: string;
  holderId: number;
  whatKind: string;
  whatId: number;
  whatLabel: string;
  viaKind: string;
  viaId: number | null;
}

export interface RemovalContext {
  tx: Tx;
  caller: Caller;
  scope: Scope;
  licenseId: number;
  reviewId: number;
  now: Date;
  audit: (entry: AuditEntry) => void;
}

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** Refuses (403) removing a role the caller may not give or remove (the ceiling). */
async function assertRoleRemovable(ctx: RemovalContext, roleId: number, grantee: 'user' | 'apiKey'): Promise<void> {
  const [role] = await ctx.tx
    .select({ name: roles.name, friendlyName: roles.friendlyName, administrative: roles.administrative })
    .from(roles)
    .where(eq(roles.roleId, roleId));
  if (!role) return;
  if (whyNotGivable(ctx.caller, ctx.scope, role, grantee) !== undefined) throw forbidden(UserMessages.rolesNotGivable(role.friendlyName));
}

async function userRoleNames(tx: Tx, userId: number): Promise<string[]> {
  const rows = await tx.select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.roleId, userRoles.roleId)).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.name).sort();
}

/**
 * Removes one holding, or does nothing when it is already gone (removed elsewhere since the
 * snapshot). Answers whether anything was removed. Refuses (403) what the caller may not remove.
 */
export async function removeHolding(ctx: RemovalContext, item: ReviewedHolding): Promise<boolean> {
  const { tx } = ctx;
  const marker = { accessReview: ctx.reviewId };
  if (item.viaKind === 'group') {
    if (item.whatKind === 'role') await assertRoleRemovable(ctx, item.whatId, 'user');
    const groupId = item.viaId!;
    let removed = 0;
    const outcome = await changeGroup(
      tx,
      { licenseId: ctx.licenseId, affected: [item.holderId], preview: false, caller: ctx.caller, now: ctx.now },
      async (inner) => {
        removed = (
          await inner
            .delete(userGroupUsers)
            .where(and(eq(userGroupUsers.userGroupId, groupId), eq(userGroupUsers.userId, item.holderId)))
            .returning()
        ).length;
      },
    );
    if (removed)
      ctx.audit({
        entity: 'user-group-users',
        entityId: groupId,
        before: { memberships: [{ userGroupId: groupId, userId: item.holderId }] },
        after: { memberships: [], changes: outcome.preview, ...marker },
      });
    return removed > 0;
  }

  if (item.holderKind === 'user') {
    const userId = item.holderId;
    if (item.whatKind === 'role') {
      await assertRoleRemovable(ctx, item.whatId, 'user');
      const before = await userRoleNames(tx, userId);
      const watch = await watchAdministrativeRoles(tx, [userId]);
      const gone = await tx
        .delete(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, item.whatId)))
        .returning();
      if (!gone.length) return false;
      await watch.settle(ctx.caller, ctx.now);
      ctx.audit({ entity: 'user-roles', entityId: userId, before, after: await userRoleNames(tx, userId) });
      return true;
    }
    if (item.whatKind === 'addon') {
      await lockSeats(tx, ctx.licenseId);
      const before = (await tx.select({ addOnId: userAddons.addOnId }).from(userAddons).where(eq(userAddons.userId, userId))).map((row) => row.addOnId);
      if (!before.includes(item.whatId)) return false;
      const watch = await watchAdministrativeRoles(tx, [userId]);
      await tx.delete(userAddons).where(and(eq(userAddons.userId, userId), eq(userAddons.addOnId, item.whatId)));
      await tx.delete(userAddonVendors).where(and(eq(userAddonVendors.userId, userId), eq(userAddonVendors.addOnId, item.whatId)));
      const held = new Set((await addonsOfUsers(tx, [userId])).map((row) => row.addOnId));
      const removedRoles = await dropRolesWithoutProduct(tx, userId, held);
      await watch.settle(ctx.caller, ctx.now);
      const after = before.filter((id) => id !== item.whatId);
      ctx.audit({
        entity: 'user-addons',
        entityId: userId,
        before: { addOnIds: sorted(before) },
        after: { addOnIds: sorted(after), removedRoleIds: sorted(removedRoles), ...marker },
      });
      return true;
    }
    // A project.
    const [project] = await tx.select({ licenseId: projects.licenseId }).from(projects).where(eq(projects.projectId, item.whatId));
    const licenseId = project?.licenseId ?? ctx.licenseId;
    const before = (await tx.select({ projectId: userProjects.projectId }).from(userProjects).where(eq(userProjects.userId, userId))).map(
      (row) => row.projectId,
    );
    const gone = await tx
      .delete(userProjects)
      .where(and(eq(userProjects.userId, userId), eq(userProjects.projectId, item.whatId)))
      .returning();
    if (!gone.length) return false;
    ctx.audit({
      entity: 'user-projects',
      entityId: userId,
      before: { licenseId, projectIds: sorted(before) },
      after: { licenseId, projectIds: sorted(before.filter((id) => id !== item.whatId)), ...marker },
    });
    return true;
  }

  // An API key.
  const apiKeyId = item.holderId;
  if (item.whatKind === 'role') {
    await assertRoleRemovable(ctx, item.whatId, 'apiKey');
    const before = (await tx.select({ roleId: apiKeyRoles.roleId }).from(apiKeyRoles).where(eq(apiKeyRoles.apiKeyId, apiKeyId))).map((row) => row.roleId);
    const gone = await tx
      .delete(apiKeyRoles)
      .where(and(eq(apiKeyRoles.apiKeyId, apiKeyId), eq(apiKeyRoles.roleId, item.whatId)))
      .returning();
    if (!gone.length) return false;
    ctx.audit({
      entity: 'api-key-roles',
      entityId: apiKeyId,
      before: { roleIds: sorted(before) },
      after: { roleIds: sorted(before.filter((id) => id !== item.whatId)), ...marker },
    });
    return true;
  }
  if (item.whatKind === 'addon') {
    const before = (await tx.select({ addOnId: apiKeyAddons.addOnId }).from(apiKeyAddons).where(eq(apiKeyAddons.apiKeyId, apiKeyId))).map((row) => row.addOnId);
    if (!before.includes(item.whatId)) return false;
    await tx.delete(apiKeyAddons).where(and(eq(apiKeyAddons.apiKeyId, apiKeyId), eq(apiKeyAddons.addOnId, item.whatId)));
    const after = before.filter((id) => id !== item.whatId);
    // The key's roles of a product licence it no longer holds go with it, as on the key's tab.
    const orphaned = rolesWithoutProduct(tx, after);
    const removedRoles = await tx
      .delete(apiKeyRoles)
      .where(and(eq(apiKeyRoles.apiKeyId, apiKeyId), inArray(apiKeyRoles.roleId, orphaned)))
      .returning();
    ctx.audit({
      entity: 'api-key-addons',
      entityId: apiKeyId,
      before: { addOnIds: sorted(before) },
      after: { addOnIds: sorted(after), removedRoleIds: sorted(removedRoles.map((row) => row.roleId)), ...marker },
    });
    return true;
  }
  if (item.viaKind === 'all-projects') {
    const changed = await tx
      .update(apiKeys)
      .set({ allProjects: false, updatedDate: ctx.now })
      .where(and(eq(apiKeys.apiKeyId, apiKeyId), eq(apiKeys.allProjects, true)))
      .returning();
    if (!changed.length) return false;
    ctx.audit({ entity: 'api-key', entityId: apiKeyId, before: { allProjects: true }, after: { allProjects: false, ...marker } });
    return true;
  }
  const before = (await tx.select({ projectId: apiKeyProjects.projectId }).from(apiKeyProjects).where(eq(apiKeyProjects.apiKeyId, apiKeyId))).map(
    (row) => row.projectId,
  );
  const gone = await tx
    .delete(apiKeyProjects)
    .where(and(eq(apiKeyProjects.apiKeyId, apiKeyId), eq(apiKeyProjects.projectId, item.whatId)))
    .returning();
  if (!gone.length) return false;
  ctx.audit({
    entity: 'api-key-projects',
    entityId: apiKeyId,
    before: { projectIds: sorted(before) },
    after: { projectIds: sorted(before.filter((id) => id !== item.whatId)), ...marker },
  });
  return true;
}
