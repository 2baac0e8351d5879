/**
 * What the user group calls and SCIM's Groups share: changing a group's members with every
 * rule a membership change has (domain/group-changes.ts: the seat lock and limits, the
 * privilege ceiling for those joining, members' roles without their product dropped).
 */
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { userGroupUsers } from '../../db/schema';
import { assertMayControl, assertProjectsWithinCaller, projectsOf } from '../../domain/ceiling';
import { changeGroup, type GroupChangeOutcome } from '../../domain/group-changes';
import type { Caller } from '../../http/auth';
import type { Scope } from '../../http/scope';

/**
 * Joining a group is control of the account (domain/ceiling.ts): each joining user's
 * administrative roles afterwards are the caller's, and the projects they gain the caller sees.
 */
export async function assertJoinWithinCaller(tx: Tx, caller: Caller, scope: Scope, joining: number[], projectsBefore: Map<number, Set<number>>) {
  await assertMayControl(tx, caller, scope, joining);
  await assertProjectsWithinCaller(tx, caller, scope, joining, projectsBefore);
}

/** The group's members. */
export async function membersOf(db: Db | Tx, userGroupId: number): Promise<number[]> {
  return (await db.select({ userId: userGroupUsers.userId }).from(userGroupUsers).where(eq(userGroupUsers.userGroupId, userGroupId))).map((row) => row.userId);
}

/**
 * Makes `wanted` the group's members (users of its licence, checked by the caller), as one group
 * change: refused with the seat-limit message when a product licence would pass its limit,
 * rolled back for a preview. Answers the members before and the outcome.
 */
export async function setMembers(
  db: Db | Tx,
  change: { group: { userGroupId: number; licenseId: number }; wanted: number[]; preview: boolean; caller: Caller; scope: Scope; now: Date },
): Promise<{ before: number[]; outcome: GroupChangeOutcome }> {
  const { group, wanted, preview, caller, scope, now } = change;
  const before = await membersOf(db, group.userGroupId);
  const outcome = await changeGroup(db, { licenseId: group.licenseId, affected: [...before, ...wanted], preview, caller, now }, async (tx) => {
    const joining = wanted.filter((id) => !before.includes(id));
    const projectsBefore = await projectsOf(tx, joining);
    await tx
      .delete(userGroupUsers)
      .where(and(eq(userGroupUsers.userGroupId, group.userGroupId), wanted.length ? notInArray(userGroupUsers.userId, wanted) : undefined));
    if (joining.length)
      await tx
        .insert(userGroupUsers)
        .values(joining.map((userId) => ({ userGroupId: group.userGroupId, userId })))
        .onConflictDoNothing();
    await assertJoinWithinCaller(tx, caller, scope, joining, projectsBefore);
  });
  return { before, outcome };
}

/** Whether every id is a member already (nothing to change). */
export const sameMembers = (before: number[], wanted: number[]) => before.length === wanted.length && before.every((id) => wanted.includes(id));
