/**
 * What the seat dashboard's calls do (seats.routes.ts has their definitions): a licence's
 * product licences against their limits, its dormant accounts holding seats, their setting, and
 * freeing those accounts' direct seats — run as a user group change is (domain/group-changes.ts:
 * the seat lock, a preview that is the change rolled back, roles that needed a lost product go).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { SeatMessages } from 'contracts/licensing/model';
import type { Db, Tx } from '../../db/client';
import { addons, licenseAddons, licenseSeats, licenses, userAddons, userAddonVendors, users } from '../../db/schema';
import { searchTextHolds } from '../../db/text-search';
import { changeGroup } from '../../domain/group-changes';
import { seatsRecorded } from '../../domain/seats';
import { csvResponse } from '../../http/csv';
import { notFound } from '../../http/errors';
import { implement } from '../../http/route';
import { seatSpecs } from './seats.routes';
import { rawRows } from '../../db/rows';

const DAY = 86_400_000;

/** The moment before which an account's last sign-in (or creation, when it never signed in) makes it dormant. */
const dormantBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

/** When an account last showed itself: its last sign-in, or its creation when it never signed in. */
const lastSeen = sql`coalesce(${users.lastLoginDate}, ${users.createDate})`;

/**
 * One seat of a dormant account by one way (direct, or a group's name), as the database sends
 * it: [user id, user name, first name, last name, active, last sign-in, creation (as
 * `Date.toISOString()` writes them, or null), product licence, group name or null, when the
 * account last showed itself in microseconds since 1970 (for the order)]. Lists, not objects: a
 * licence of 10,000 users has thousands of these rows (issue 38).
 */
type HoldingRow = [number, string, string, string, boolean, string | null, string | null, number, string | null, number];

const USER_ID = 0;
const ADD_ON = 7;
const SEEN = 9;

/** A timestamp as `Date.toISOString()` writes it, made by the database: thousands of dates written by JavaScript cost milliseconds. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Whose seats `dormantHoldings` reads: every dormant account, the named ones (still dormant), or the first `first` dormant accounts, longest silent first. */
type Whose = { every: true } | { only: readonly number[] } | { first: number };

/**
 * Every seat the chosen dormant accounts hold: one row per account, product licence and way,
 * longest silent first (then by user id); and how many dormant accounts were read (holding
 * seats or not), which tells whether `first` reached them all.
 */
async function dormantHoldings(db: Db | Tx, licenseId: number, before: Date, whose: Whose): Promise<{ rows: HoldingRow[]; read: number }> {
  const [result] = await rawRows<{ rows: string; read: number }>(
    db,
    sql`
    with d as (
      select u.user_id, u.user_name, u.first_name, u.last_name, u.is_approved, u.last_login_date, u.create_date from users u
      where u.license_id = ${licenseId} and coalesce(u.last_login_date, u.create_date) < ${before.toISOString()}
      ${'only' in whose ? sql`and u.user_id = any(${`{${whose.only.join(',')}}`}::int[])` : sql``}
      ${'first' in whose ? sql`order by coalesce(u.last_login_date, u.create_date), u.user_id limit ${whose.first}` : sql``}
    )
    select (select count(*)::int from d) as read, coalesce(json_agg(json_build_array(d.user_id, d.user_name, d.first_name, d.last_name, d.is_approved,
      ${isoText(sql`d.last_login_date`)}, ${isoText(sql`d.create_date`)}, h.add_on_id, h.group_name,
      floor(extract(epoch from coalesce(d.last_login_date, d.create_date)) * 1000000)::bigint)), '[]')::text as rows
    from d join (
      -- Only the chosen accounts' seats: the database reads them by key when they are few among
      -- many (5,000 of a million users), or reads every seat once when that is cheaper.
      select ua.user_id, ua.add_on_id, null::text as group_name from user_addons ua where ua.user_id in (select user_id from d)
      union all
      select gu.user_id, ga.add_on_id, g.name from user_group_users gu
        join user_group_addons ga on ga.user_group_id = gu.user_group_id
        join user_groups g on g.user_group_id = gu.user_group_id
      where gu.user_id in (select user_id from d)
    ) h on h.user_id = d.user_id`,
  );
  const rows = JSON.parse(result!.rows) as HoldingRow[];
  // Sorted here: the database's sort of thousands of JSON values was a third of the query.
  return { rows: rows.sort((a, b) => a[SEEN] - b[SEEN] || a[USER_ID] - b[USER_ID]), read: Number(result!.read) };
}

/** Which dormant holders `dormantUserIds` reads: a page of them, searched like the user list, in an order. */
interface HolderPage {
  limit: number;
  offset?: number;
  filter?: string;
  sort?: 'lastSignIn' | 'userName';
  dir?: 'asc' | 'desc';
}

/** The dormant holders of a seat, as (moment, holder) pairs of the ledger's license_seats_dormant. */
const dormantHolders = (licenseId: number, before: Date) => sql`
  select distinct s.seen_at, s.user_id from ${licenseSeats} s where s.license_id = ${licenseId} and s.seen_at < ${before.toISOString()}`;

/**
 * The licence's dormant accounts that hold a seat, longest silent first (or by user name, either
 * way), a page of them: read along the ledger's license_seats_dormant (each seat carries when its
 * holder last showed itself, migration 0032), so a licence of a million users reads only the
 * accounts of the page — searched or sorted by name, the dormant holders' users too.
 */
async function dormantUserIds(db: Db, licenseId: number, before: Date, page: HolderPage): Promise<number[]> {
  const dir = page.dir === 'desc' ? sql`desc` : sql`asc`;
  const slice = sql`limit ${page.limit} offset ${page.offset ?? 0}`;
  const rows = !page.filter
    ? page.sort === 'userName'
      ? // Along users_license_name, keeping the dormant holders: a page near the start reads a few rows more than it shows.
        await rawRows<{ user_id: number }>(
          db,
          sql`
          select ${users.userId} as user_id from ${users}
          where ${users.licenseId} = ${licenseId} and ${lastSeen} < ${before.toISOString()}
            and exists (select 1 from ${licenseSeats} s where s.user_id = ${users.userId} and s.license_id = ${licenseId})
          order by lower(${users.userName}) ${dir}, ${users.userId} ${dir} ${slice}`,
        )
      : await rawRows<{ user_id: number }>(db, sql`${dormantHolders(licenseId, before)} order by s.seen_at ${dir}, s.user_id ${dir} ${slice}`)
    : await rawRows<{ user_id: number }>(
        db,
        sql`
          select h.user_id from (${dormantHolders(licenseId, before)}) h join ${users} on ${users.userId} = h.user_id
          where ${searchTextHolds(users.searchText, page.filter)}
          order by ${page.sort === 'userName' ? sql`lower(${users.userName}) ${dir}, h.user_id ${dir}` : sql`h.seen_at ${dir}, h.user_id ${dir}`}
          ${slice}`,
      );
  return rows.map((row) => Number(row.user_id));
}

/** How many dormant accounts holding a seat a search matches (searched like the user list). */
async function dormantMatching(db: Db, licenseId: number, before: Date, filter: string): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from (${dormantHolders(licenseId, before)}) h join ${users} on ${users.userId} = h.user_id
    where ${searchTextHolds(users.searchText, filter)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Per product licence, the seats dormant accounts hold, and how many dormant accounts hold any:
 * counted along the ledger's license_seats_dormant alone (each seat carries its holder's last
 * sign-in), for more accounts than the list shows.
 */
async function dormantCounts(db: Db, licenseId: number, before: Date): Promise<{ seats: Map<number, number>; accounts: number }> {
  // Two reads of one index range, side by side on PostgreSQL's pool: a holder's seats share
  // their moment, so the accounts are the distinct (moment, holder) pairs the index walks in order.
  const [perAddOn, accounts] = await Promise.all([
    rawRows<{ add_on_id: number; seats: number }>(
      db,
      sql`select s.add_on_id, count(*)::int as seats from ${licenseSeats} s where s.license_id = ${licenseId} and s.seen_at < ${before.toISOString()} group by s.add_on_id`,
    ),
    dormantAccountCount(db, licenseId, before),
  ]);
  return { seats: new Map(perAddOn.map((row) => [Number(row.add_on_id), Number(row.seats)])), accounts };
}

/** How many dormant accounts hold a seat: the distinct (moment, holder) pairs along license_seats_dormant. */
async function dormantAccountCount(db: Db, licenseId: number, before: Date): Promise<number> {
  const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from (${dormantHolders(licenseId, before)}) holders`);
  return Number(row?.n ?? 0);
}

async function licenseInScope(db: Db, scope: { assert(licenseId: number): void }, licenseId: number) {
  scope.assert(licenseId);
  const [license] = await db
    .select({ licenseId: licenses.licenseId, dormantAfterDays: licenses.dormantAfterDays })
    .from(licenses)
    .where(eq(licenses.licenseId, licenseId));
  if (!license) throw notFound();
  return license;
}

type CatalogueEntry = { addOnId: number; name: string };

/** A dormant account as the dashboard and its CSV give it: each seat once, direct and/or through named groups, in the catalogue's order. */
interface DormantAccountReply {
  userId: number;
  userName: string;
  fullName: string;
  isActive: boolean;
  lastLoginDate: string | null;
  createdDate: string | null;
  seats: { addOnId: number; name: string; direct: boolean; groups: string[] }[];
}

/** The holdings as accounts, longest silent first (the holdings' order), each seat once with how it is held. */
function dormantAccounts(holdings: HoldingRow[], catalogue: readonly CatalogueEntry[]): DormantAccountReply[] {
  const nameOf = new Map(catalogue.map((addon) => [addon.addOnId, addon.name]));
  const rank = new Map(catalogue.map((addon, index) => [addon.addOnId, index]));
  const accounts = new Map<number, { row: HoldingRow; seats: Map<number, { direct: boolean; groups: string[] }> }>();
  for (const row of holdings) {
    const [userId, , , , , , , addOnId, groupName] = row;
    const account = accounts.get(userId) ?? { row, seats: new Map() };
    const seat = account.seats.get(addOnId) ?? { direct: false, groups: [] };
    if (groupName === null) seat.direct = true;
    else seat.groups.push(groupName);
    account.seats.set(addOnId, seat);
    accounts.set(userId, account);
  }
  return [...accounts].map(([userId, { row, seats }]) => ({
    userId,
    userName: row[1],
    fullName: `${row[2]} ${row[3]}`.trim(),
    isActive: row[4],
    lastLoginDate: row[5],
    createdDate: row[6],
    seats: [...seats]
      .sort(([a], [b]) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity) || a - b)
      .map(([addOnId, seat]) => ({
        addOnId,
        name: nameOf.get(addOnId) ?? String(addOnId),
        direct: seat.direct,
        groups: seat.groups.sort((x, y) => x.localeCompare(y)),
      })),
  }));
}

/** The names of product licences, in the catalogue's order. */
const catalogueOf = (db: Db, addOnIds: Iterable<number>) =>
  db
    .select({ addOnId: addons.addOnId, name: addons.name })
    .from(addons)
    .where(inArray(addons.addOnId, [...new Set([...addOnIds, -1])]))
    .orderBy(addons.sortOrder, addons.addOnId);

/** One seat as the CSV says it (the screen's words): 'Progress Tracking (through Mill Crew)'. */
function seatText(seat: DormantAccountReply['seats'][number]): string {
  if (seat.groups.length === 0) return seat.name;
  const groups = seat.groups.join(', ');
  return seat.direct ? `${seat.name} (direct and through ${groups})` : `${seat.name} (through ${groups})`;
}

export const seatRoutes = implement(seatSpecs, {
  async getSeatDashboard({ deps, db, scope, params, query, json }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    const now = deps.clock.now();
    const before = dormantBefore(now, license.dormantAfterDays);
    const limit = query.dormantLimit;
    const [used, offer, firstRead] = await Promise.all([
      seatsRecorded(db, license.licenseId),
      db.select({ addOnId: licenseAddons.addOnId, maxUsers: licenseAddons.maxUsers }).from(licenseAddons).where(eq(licenseAddons.licenseId, license.licenseId)),
      // The longest silent dormant accounts, as many as the list holds: when that is all of them,
      // the list and its counts are these holdings. The console lists none here (it pages them).
      limit > 0 ? dormantHoldings(db, license.licenseId, before, { first: limit }) : undefined,
    ]);
    let holdings = firstRead?.rows ?? [];
    let counted: Awaited<ReturnType<typeof dormantCounts>> | undefined;
    if (!firstRead || firstRead.read === limit) {
      // As many dormant accounts as the list holds, maybe more: counted along the ledger, and
      // when some of those read hold no seat, the list is the first that do.
      const holders = new Set(holdings.map((row) => row[USER_ID])).size;
      [holdings, counted] = await Promise.all([
        firstRead && holders < limit
          ? dormantUserIds(db, license.licenseId, before, { limit }).then(
              async (listed) => (await dormantHoldings(db, license.licenseId, before, { only: listed })).rows,
            )
          : holdings,
        dormantCounts(db, license.licenseId, before),
      ]);
    }
    const limits = new Map(offer.map((row) => [row.addOnId, row.maxUsers]));
    const shown = new Set([...offer.filter((row) => row.maxUsers !== 0).map((row) => row.addOnId), ...[...used].filter(([, n]) => n > 0).map(([id]) => id)]);
    const catalogue = await catalogueOf(db, [...shown, ...holdings.map((row) => row[ADD_ON]), ...(counted?.seats.keys() ?? [])]);
    const accounts = dormantAccounts(holdings, catalogue);
    const dormantSeats = counted?.seats ?? new Map<number, number>();
    if (!counted) for (const account of accounts) for (const seat of account.seats) dormantSeats.set(seat.addOnId, (dormantSeats.get(seat.addOnId) ?? 0) + 1);

    return json({
      dormantAfterDays: license.dormantAfterDays,
      asOf: now.toISOString(),
      addOns: catalogue
        .filter((addon) => shown.has(addon.addOnId))
        .map((addon) => ({
          addOnId: addon.addOnId,
          name: addon.name,
          maxUsers: limits.get(addon.addOnId) ?? 0,
          used: used.get(addon.addOnId) ?? 0,
          dormant: dormantSeats.get(addon.addOnId) ?? 0,
        })),
      dormantTotal: counted?.accounts ?? accounts.length,
      // The longest silent first, at most `dormantLimit` of them (GET …/seats/dormant pages them all; the CSV has all).
      dormant: accounts,
    });
  },

  async getDormantAccounts({ deps, db, scope, params, query, json }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    const before = dormantBefore(deps.clock.now(), license.dormantAfterDays);
    const { page, pageSize } = query;
    const [ids, total] = await Promise.all([
      dormantUserIds(db, license.licenseId, before, { limit: pageSize, offset: page * pageSize, filter: query.filter, sort: query.sort, dir: query.dir }),
      query.filter ? dormantMatching(db, license.licenseId, before, query.filter) : dormantAccountCount(db, license.licenseId, before),
    ]);
    const { rows } = ids.length > 0 ? await dormantHoldings(db, license.licenseId, before, { only: ids }) : { rows: [] };
    const byId = new Map(
      dormantAccounts(
        rows,
        await catalogueOf(
          db,
          rows.map((row) => row[ADD_ON]),
        ),
      ).map((account) => [account.userId, account]),
    );
    // In the page's order; one who signed in between the two reads is no longer dormant and left out.
    const items = ids.flatMap((id) => byId.get(id) ?? []);
    return json({ items, total, page, pageSize });
  },

  async exportDormantAccounts({ c, deps, db, scope, params }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    const { rows: holdings } = await dormantHoldings(db, license.licenseId, dormantBefore(deps.clock.now(), license.dormantAfterDays), { every: true });
    const accounts = dormantAccounts(
      holdings,
      await catalogueOf(
        db,
        holdings.map((row) => row[ADD_ON]),
      ),
    );
    const rows = accounts.map((account) => [
      account.userName,
      account.fullName,
      account.isActive ? 'Active' : 'Inactive',
      account.lastLoginDate ?? 'Never',
      account.seats.map(seatText).join('; '),
    ]);
    // Read whole like the dashboard (one query), written out in chunks.
    async function* chunks() {
      for (let start = 0; start < rows.length; start += 1000) yield rows.slice(start, start + 1000);
    }
    return csvResponse(c, 'dormant-accounts.csv', ['User Name', 'Full Name', 'Status', 'Last Sign-in', 'Product Licenses'], chunks());
  },

  async setSeatSettings({ db, scope, params, body, audit, json }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    await db.update(licenses).set({ dormantAfterDays: body.dormantAfterDays }).where(eq(licenses.licenseId, license.licenseId));
    if (license.dormantAfterDays !== body.dormantAfterDays) {
      audit({
        entity: 'license',
        entityId: license.licenseId,
        subject: { kind: 'license', id: license.licenseId },
        before: { dormantAfterDays: license.dormantAfterDays },
        after: { dormantAfterDays: body.dormantAfterDays },
      });
    }
    return json({ Message: SeatMessages.settingsSaved });
  },

  async freeDormantSeats({ deps, db, caller, scope, params, query, body, audit, json }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    const named = [...new Set(body.userIds)];
    // Only the licence's own accounts are read and touched; anyone else named is left alone.
    const affected = (
      await db
        .select({ userId: users.userId })
        .from(users)
        .where(and(eq(users.licenseId, license.licenseId), inArray(users.userId, named)))
    ).map((row) => row.userId);
    const now = deps.clock.now();
    let freedUsers: number[] = [];
    const outcome = await changeGroup(db, { licenseId: license.licenseId, affected, preview: query.preview, caller, now }, async (tx) => {
      // Dormant at this moment, under the seat lock: one who signed in since the preview keeps their seats.
      const [current] = await tx.select({ days: licenses.dormantAfterDays }).from(licenses).where(eq(licenses.licenseId, license.licenseId));
      const before = dormantBefore(now, current!.days);
      const dormant = affected.length
        ? (
            await tx
              .select({ userId: users.userId })
              .from(users)
              .where(and(inArray(users.userId, affected), sql`${lastSeen} < ${before.toISOString()}`))
          ).map((row) => row.userId)
        : [];
      freedUsers = dormant;
      if (dormant.length === 0) return;
      await tx.delete(userAddonVendors).where(inArray(userAddonVendors.userId, dormant));
      await tx.delete(userAddons).where(inArray(userAddons.userId, dormant));
    });
    const freed = outcome.preview.seats.reduce((sum, seat) => sum + Math.max(0, seat.before - seat.after), 0);
    if (outcome.kind === 'done' && freed > 0) {
      for (const change of outcome.preview.users) {
        audit({
          entity: 'user-addons',
          entityId: change.userId,
          after: { lostAddons: change.loses.addons, lostRoles: change.loses.roles, why: 'Freed as a dormant account on the licence’s seat dashboard' },
        });
      }
      audit({
        entity: 'license-seats',
        entityId: license.licenseId,
        subject: { kind: 'license', id: license.licenseId },
        before: { seats: outcome.preview.seats.map(({ name, before: n }) => ({ name, used: n })) },
        after: { freed, users: freedUsers.length, seats: outcome.preview.seats.map(({ name, after: n }) => ({ name, used: n })) },
      });
    }
    return json({ ...outcome.preview, freed });
  },
});
