/**
 * Changes to a user group reach every member at once (spec 1 §3, §5), so each one runs the
 * same way: in one transaction holding the licence's seat lock, it reads what the affected
 * users hold (roles, projects, product licences, directly or through any group), applies the
 * change, reads again, and
 * - refuses it with the spec's seat-limit message (nothing changed) when a product licence
 *   would pass its limit;
 * - for a preview (beyond the spec: shown before a change that touches more than one user),
 *   answers what each user gains and loses and how seats move, and rolls everything back;
 * - otherwise keeps it, with members' own roles whose product they lost removed.
 * Computing the preview from the change itself means it can never disagree with it.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { addonLimitExceeded, type GroupChangePreview, type SeatChange, type UserAccessChange } from 'contracts/identity/model';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import type { Caller } from '../http/auth';
import { watchAdministrativeRoles } from './ceiling';
import { addonsOfUsers, dropRolesWithoutProduct } from './grants';
import { lockSeats, offeredAddons, seatsUsed } from './seats';
import { rawRows } from '../db/rows';

type Holdings = Map<number, { roles: Set<string>; projects: Set<string>; addons: Set<string> }>;

const idList = (ids: number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

const rows = (tx: Tx, query: SQL) => rawRows<{ user_id: number; name: string }>(tx, query);

/** What each of `userIds` holds, directly or through a group, by display name. */
async function holdings(tx: Tx, userIds: number[]): Promise<Holdings> {
  const out: Holdings = new Map(userIds.map((id) => [id, { roles: new Set(), projects: new Set(), addons: new Set() }]));
  if (userIds.length === 0) return out;
  const ids = idList(userIds);
  const [roleRows, projectRows, addonRows] = await Promise.all([
    rows(
      tx,
      sql`select h.user_id, coalesce(nullif(r.friendly_name, ''), r.name) as name from (
        select user_id, role_id from user_roles where user_id in (${ids})
        union select gu.user_id, gr.role_id from user_group_users gu join user_group_roles gr on
        gr.user_group_id = gu.user_group_id where gu.user_id in (${ids})
      ) h join roles r on r.role_id = h.role_id`,
    ),
    rows(
      tx,
      sql`select h.user_id, p.name from (
        select user_id, project_id from user_projects where user_id in (${ids})
        union select gu.user_id, gp.project_id from user_group_users gu join user_group_projects gp on
        gp.user_group_id = gu.user_group_id where gu.user_id in (${ids})
      ) h join projects p on p.project_id = h.project_id`,
    ),
    rows(
      tx,
      sql`select h.user_id, a.name from (
        select user_id, add_on_id from user_addons where user_id in (${ids})
        union select gu.user_id, ga.add_on_id from user_group_users gu join user_group_addons ga on
        ga.user_group_id = gu.user_group_id where gu.user_id in (${ids})
      ) h join addons a on a.add_on_id = h.add_on_id`,
    ),
  ]);
  for (const [list, key] of [
    [roleRows, 'roles'],
    [projectRows, 'projects'],
    [addonRows, 'addons'],
  ] as const) {
    for (const row of list) out.get(Number(row.user_id))?.[key].add(row.name);
  }
  return out;
}

const minus = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x)).sort();

/** Ends a preview's transaction: everything it did is rolled back. */
class PreviewRollback extends Error {
  constructor(readonly preview: GroupChangePreview) {
    super('preview');
  }
}

export type GroupChangeOutcome =
  { kind: 'refused'; preview: GroupChangePreview } | { kind: 'preview'; preview: GroupChangePreview } | { kind: 'done'; preview: GroupChangePreview };

/** What a group change is about: the licence (whose lock it takes), who makes it, and the users it may touch. */
export interface GroupChange {
  licenseId: number;
  /** The users the change may touch, read before it (members before and after, when members change). */
  affected: number[];
  preview: boolean;
  caller: Caller;
  now: Date;
}

/**
 * Runs `apply` (which changes the group, and checks what depends on data once it has, inside
 * the transaction: the privilege ceiling, domain/ceiling.ts) as described above.
 */
export async function changeGroup(
  db: Db | Tx,
  { licenseId, affected, preview, caller, now }: GroupChange,
  apply: (tx: Tx) => Promise<void>,
): Promise<GroupChangeOutcome> {
  try {
    return await db.transaction(async (tx) => {
      await lockSeats(tx, licenseId);
      const userIds = [...new Set(affected)];
      const watch = await watchAdministrativeRoles(tx, userIds);
      const addonsOf = async () => {
        const rows = userIds.length ? await addonsOfUsers(tx, userIds) : [];
        return new Map(userIds.map((id) => [id, new Set(rows.filter((row) => row.userId === id).map((row) => row.addOnId))]));
      };
      const [before, seatsBefore, productsBefore] = await Promise.all([holdings(tx, userIds), seatsUsed(tx, licenseId), addonsOf()]);
      await apply(tx);
      // A member who lost a product licence loses their own roles without one (spec 1 §2), as on the user's tab.
      const productsAfter = await addonsOf();
      for (const userId of userIds) {
        const after = productsAfter.get(userId)!;
        if ([...productsBefore.get(userId)!].some((id) => !after.has(id))) await dropRolesWithoutProduct(tx, userId, after);
      }
      await watch.settle(caller, now);
      const [after, seatsAfter] = await Promise.all([holdings(tx, userIds), seatsUsed(tx, licenseId)]);

      const names = new Map(
        userIds.length
          ? (await tx.select({ userId: users.userId, userName: users.userName }).from(users).where(inArray(users.userId, userIds))).map((u) => [
              u.userId,
              u.userName,
            ])
          : [],
      );
      const changes: UserAccessChange[] = [];
      for (const userId of userIds) {
        const b = before.get(userId)!;
        const a = after.get(userId)!;
        const change = {
          userId,
          userName: names.get(userId) ?? String(userId),
          gains: { roles: minus(a.roles, b.roles), projects: minus(a.projects, b.projects), addons: minus(a.addons, b.addons) },
          loses: { roles: minus(b.roles, a.roles), projects: minus(b.projects, a.projects), addons: minus(b.addons, a.addons) },
        };
        if (Object.values(change.gains).some((l) => l.length) || Object.values(change.loses).some((l) => l.length)) changes.push(change);
      }
      changes.sort((x, y) => x.userName.localeCompare(y.userName));

      const moved = [...new Set([...seatsBefore.keys(), ...seatsAfter.keys()])].filter((id) => (seatsBefore.get(id) ?? 0) !== (seatsAfter.get(id) ?? 0));
      const offer = await offeredAddons(tx, licenseId, moved);
      const seats: SeatChange[] = moved
        .map((addOnId) => ({
          addOnId,
          name: offer.get(addOnId)?.name ?? String(addOnId),
          before: seatsBefore.get(addOnId) ?? 0,
          after: seatsAfter.get(addOnId) ?? 0,
          maxUsers: offer.get(addOnId)?.maxUsers ?? -1,
        }))
        .sort((x, y) => x.name.localeCompare(y.name));
      const over = seats.filter((s) => s.after > s.before && s.maxUsers >= 0 && s.after > s.maxUsers);
      const result: GroupChangePreview = { users: changes, seats };
      if (over.length) {
        result.Message = addonLimitExceeded(
          over.map((s) => `${s.name} (${s.before} of ${s.maxUsers} seats in use, ${s.after - s.before} more needed)`).join(', '),
        );
        throw new PreviewRollback(result);
      }
      if (preview) throw new PreviewRollback(result);
      return { kind: 'done' as const, preview: result };
    });
  } catch (error) {
    if (error instanceof PreviewRollback) return { kind: error.preview.Message ? 'refused' : 'preview', preview: error.preview };
    throw error;
  }
}
