/**
 * The demo's seat history (issue 24): the seat ledger records the seed's seats as gained the
 * moment it runs, which would leave the monthly users report empty before today. This gives
 * them a plausible past from October 2018 (or the licence's start): each seat is moved to when
 * its user joined, and the months in between follow a growing, seasonal curve of users per
 * product licence, the difference being former users who came and went (events without a
 * user). Every month ends on the curve; the last months end on today's real seats.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import * as t from '../db/schema';
import { DAY } from './demo-data';
import { rawRows } from '../db/rows';

const monthIndex = (at: Date) => at.getUTCFullYear() * 12 + at.getUTCMonth();
const monthStart = (index: number) => new Date(Date.UTC(Math.floor(index / 12), index % 12, 1));

export interface LicenseStart {
  licenseId: number;
  /** The licence's first day in the report (October 2018 at the earliest). */
  start: Date;
}

export async function seedSeatHistory(tx: Tx, now: Date, rnd: () => number, licenses: LicenseStart[]): Promise<void> {
  // The ledger's triggers run at commit; make this transaction's run now, so its events exist.
  await tx.execute(sql`set constraints all immediate`);
  const [events, people, limits] = await Promise.all([
    tx
      .select({ id: t.seatEvents.seatEventId, licenseId: t.seatEvents.licenseId, addOnId: t.seatEvents.addOnId, userId: t.seatEvents.userId })
      .from(t.seatEvents),
    tx.select({ userId: t.users.userId, createDate: t.users.createDate }).from(t.users),
    tx.select().from(t.licenseAddons),
  ]);
  const joined = new Map(people.map((p) => [p.userId, p.createDate]));
  const thisMonth = monthIndex(now);

  for (const { licenseId, start } of licenses) {
    const first = monthIndex(start);
    const mine = events.filter((e) => e.licenseId === licenseId);
    // Each seat gained when its user joined (within a few days), never before the licence's start.
    const gains = new Map<number, Map<number, number>>();
    for (const event of mine) {
      const since = joined.get(event.userId ?? -1) ?? now;
      const at = new Date(Math.min(now.getTime() - DAY, Math.max(start.getTime() + rnd() * 60 * DAY, since.getTime() + rnd() * 5 * DAY)));
      await tx.update(t.seatEvents).set({ at }).where(eq(t.seatEvents.seatEventId, event.id));
      const byMonth = gains.get(event.addOnId) ?? new Map<number, number>();
      byMonth.set(monthIndex(at), (byMonth.get(monthIndex(at)) ?? 0) + 1);
      gains.set(event.addOnId, byMonth);
    }
    // The months' curve per product licence, and former users making up the difference.
    const former: (typeof t.seatEvents.$inferInsert)[] = [];
    for (const [addOnId, byMonth] of gains) {
      const today = [...byMonth.values()].reduce((a, b) => a + b, 0);
      const limit = limits.find((l) => l.licenseId === licenseId && l.addOnId === addOnId)?.maxUsers ?? -1;
      const cap = limit > 0 ? limit : Math.max(today * 2, 10);
      const span = Math.max(1, thisMonth - first);
      let previous = 0;
      for (let month = first; month < thisMonth; month++) {
        const progress = (month - first + 1) / span;
        const season = 1 + 0.12 * Math.sin(((month % 12) / 12) * 2 * Math.PI) + 0.1 * (rnd() - 0.5);
        const figure = Math.max(0, Math.min(cap, Math.round(Math.max(1, today) * (0.35 + 0.65 * progress) * season)));
        const change = figure - previous - (byMonth.get(month) ?? 0);
        if (change !== 0) former.push({ licenseId, addOnId, userId: null, change, at: monthStart(month) });
        previous = figure;
      }
      // This month ends on today's seats.
      const last = today - previous - (byMonth.get(thisMonth) ?? 0);
      if (last !== 0) former.push({ licenseId, addOnId, userId: null, change: last, at: monthStart(thisMonth) });
    }
    for (let i = 0; i < former.length; i += 500) await tx.insert(t.seatEvents).values(former.slice(i, i + 500));
  }
  // The ledger and the history agree: every product licence's changes add up to its seats today.
  const check = await rawRows<{ wrong: number }>(
    tx,
    sql`
    select count(*)::int as wrong from (
      select license_id, add_on_id, sum(change) as n from seat_events group by 1, 2
    ) e full join (select license_id, add_on_id, count(*) as n from license_seats group by 1, 2) s using (license_id, add_on_id)
    where coalesce(e.n, 0) <> coalesce(s.n, 0)`,
  );
  const wrong = Number(check[0]?.wrong ?? 0);
  if (wrong) throw new Error(`The demo's seat history disagrees with today's seats for ${wrong} product licences.`);
}
