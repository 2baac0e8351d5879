/**
 * Product licence (add-on) seats in a licence (spec 1 §3, §5): a licence offers an add-on to
 * at most `maxUsers` users (negative: unlimited, 0: not offered). A seat is a user of the
 * licence holding the add-on, directly or through a user group, counted once. Every change
 * that gives add-ons (a user's add-ons, a copy, a group's add-ons or members) runs in a
 * transaction that first takes the licence's seat lock, so two changes racing for the last
 * seat are decided one after the other: exactly one wins.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { addonLimitExceeded } from 'contracts/identity/model';
import type { Db, Tx } from '../db/client';
import { addons, licenseAddons, licenses, licenseSeatCounts } from '../db/schema';
import { rawRows } from '../db/rows';

type Conn = Db | Tx;

/** Takes the licence's seat lock until the transaction ends (a row lock on the licence). */
export async function lockSeats(tx: Tx, licenseId: number): Promise<void> {
  await tx.select({ licenseId: licenses.licenseId }).from(licenses).where(eq(licenses.licenseId, licenseId)).for('update');
}

/** Seats in use per add-on in a licence: its users holding it directly or through a group, each once. */
export async function seatsUsed(db: Conn, licenseId: number): Promise<Map<number, number>> {
  const list = await rawRows<{ add_on_id: number; used: number }>(
    db,
    sql`
    select add_on_id, count(*)::int as used from (
      select ua.user_id, ua.add_on_id from user_addons ua join users u on u.user_id = ua.user_id where u.license_id = ${licenseId}
      union
      select gu.user_id, ga.add_on_id from user_group_users gu
        join user_group_addons ga on ga.user_group_id = gu.user_group_id
        join users u on u.user_id = gu.user_id
      where u.license_id = ${licenseId}
    ) held group by add_on_id`,
  );
  return new Map(list.map((row) => [Number(row.add_on_id), Number(row.used)]));
}

/**
 * Seats in use per add-on in a licence as the seat ledger last recorded them (its running count,
 * `license_seat_counts`, kept at each commit by `record_seats`): one indexed read however many
 * users hold them, for the calls that show seats (`GET licenses/{id}/addons`, the seat
 * dashboard). It does not see the caller's own uncommitted changes: a check inside a transaction
 * that changes seats uses `seatsUsed`.
 */
export async function seatsRecorded(db: Conn, licenseId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ addOnId: licenseSeatCounts.addOnId, used: licenseSeatCounts.used })
    .from(licenseSeatCounts)
    .where(eq(licenseSeatCounts.licenseId, licenseId));
  return new Map(rows.filter((row) => row.used !== 0).map((row) => [row.addOnId, row.used]));
}

/** The licence's offer of each add-on: name and seat limit (add-ons it does not list are not offered). */
export async function offeredAddons(db: Conn, licenseId: number, addOnIds?: number[]) {
  const rows = await db
    .select({ addOnId: addons.addOnId, name: addons.name, category: addons.category, maxUsers: licenseAddons.maxUsers })
    .from(licenseAddons)
    .innerJoin(addons, eq(addons.addOnId, licenseAddons.addOnId))
    .where(and(eq(licenseAddons.licenseId, licenseId), addOnIds ? inArray(licenseAddons.addOnId, addOnIds.length ? addOnIds : [-1]) : undefined));
  return new Map(rows.map((row) => [row.addOnId, row]));
}

/**
 * The spec's 210 message when giving `gains` (add-on → how many more users would hold it)
 * would pass a limit, naming each add-on with its limit; undefined when every seat fits.
 * Call it inside the transaction that holds the seat lock, before changing anything.
 */
export async function seatLimitMessage(tx: Conn, licenseId: number, gains: Map<number, number>): Promise<string | undefined> {
  const wanted = [...gains].filter(([, count]) => count > 0);
  if (wanted.length === 0) return undefined;
  const [used, offer] = await Promise.all([
    seatsUsed(tx, licenseId),
    offeredAddons(
      tx,
      licenseId,
      wanted.map(([id]) => id),
    ),
  ]);
  const over = wanted
    .map(([addOnId, count]) => ({ addOnId, count, offer: offer.get(addOnId), used: used.get(addOnId) ?? 0 }))
    .filter(({ offer: o, used: u, count }) => o !== undefined && o.maxUsers >= 0 && u + count > o.maxUsers)
    .map(({ offer: o, used: u, count }) => `${o!.name} (${u} of ${o!.maxUsers} seats in use, ${count} more needed)`);
  return over.length ? addonLimitExceeded(over.join(', ')) : undefined;
}
