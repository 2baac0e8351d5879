/**
 * The user list (spec 1 §2, user screens): which users a caller's list holds, in which
 * order, a page of them, and all of them for the CSV export. The screen and the export
 * share these, so a download holds exactly the rows and order the screen shows.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { USER_SORTS, type UserListItem, type UserSort } from 'contracts/identity/model';
import type { Db } from '../db/client';
import { addons, licenses, licenseUserCounts, users } from '../db/schema';
import { rawRows } from '../db/rows';
import { searchTextHolds } from '../db/text-search';
import { addonsOfUsers } from './grants';
import type { Background } from '../services/background';

export { USER_SORTS, type UserSort };
export type SortDirection = 'asc' | 'desc';

export interface UserListFilter {
  /** Only this licence's users; undefined: every licence (super administrators). */
  licenseId: number | undefined;
  activeOnly: boolean;
  /** Matches user name, first and last name, e-mail, company and position, ignoring case. */
  filter: string;
  sort: UserSort;
  dir: SortDirection;
}

const sortKeys: Record<UserSort, SQL> = {
  userName: sql`lower(${users.userName})`,
  fullName: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  licenseName: sql`lower(${licenses.name})`,
  companyName: sql`lower(${users.companyName})`,
  position: sql`lower(${users.position})`,
  isApproved: sql`${users.isApproved}`,
  isLockedOut: sql`${users.isLockedOut}`,
};

export function userListWhere(filter: UserListFilter): SQL | undefined {
  return and(
    filter.licenseId === undefined ? undefined : eq(users.licenseId, filter.licenseId),
    filter.activeOnly ? eq(users.isApproved, true) : undefined,
    // One trigram-indexed column covers every searchable field (users.search_text, users_search_trgm).
    filter.filter ? searchTextHolds(users.searchText, filter.filter) : undefined,
  );
}

/** The column the list sorts by: within one licence the licence name is the same on every row, so that order is the user name's. */
const sortOf = (filter: UserListFilter): UserSort => (filter.sort === 'licenseName' && filter.licenseId !== undefined ? 'userName' : filter.sort);

/** What the list order reads: the column, then user name, then id, so every page is stable. */
function orderKeys(filter: UserListFilter): SQL[] {
  const sort = sortOf(filter);
  const key = sortKeys[sort];
  return sort === 'userName' ? [key, sql`${users.userId}`] : [key, sql`lower(${users.userName})`, sql`${users.userId}`];
}

/** The list order; `reverse` reads it from its other end. */
function orderBy(filter: UserListFilter, reverse = false): SQL[] {
  const direction = (filter.dir === 'desc') !== reverse ? sql`desc` : sql`asc`;
  return orderKeys(filter).map((key) => sql`${key} ${direction}`);
}

/** Whether the order reads the licence's name (every licence's users, sorted by licence). */
const ordersByLicense = (filter: UserListFilter) => filter.sort === 'licenseName' && filter.licenseId === undefined;

const listColumns = {
  userId: users.userId,
  userName: users.userName,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  licenseId: users.licenseId,
  licenseName: licenses.name,
  companyName: users.companyName,
  position: users.position,
  isApproved: users.isApproved,
  isLockedOut: users.isLockedOut,
  lockedUntil: users.lockedUntil,
  isSsoUser: users.isSsoUser,
};

const fullName = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();

/** The add-ons each user holds, directly or through a user group, in add-on order. */
export async function addonsOf(db: Db, userIds: number[]): Promise<Map<number, UserListItem['addons']>> {
  const byUser = new Map<number, UserListItem['addons']>();
  if (userIds.length === 0) return byUser;
  const held = addonsOfUsers(db, userIds).as('held');
  const rows = await db
    .select({ userId: held.userId, addOnId: addons.addOnId, name: addons.name, shortName: addons.shortName, color: addons.color })
    .from(held)
    .innerJoin(addons, eq(addons.addOnId, held.addOnId))
    .orderBy(held.userId, addons.sortOrder, addons.addOnId);
  for (const { userId, ...addon } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(addon);
    byUser.set(userId, list);
  }
  return byUser;
}

/** A row as the list query reads it. */
interface ListRow {
  userId: number;
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  licenseId: number;
  licenseName: string;
  companyName: string;
  position: string;
  isApproved: boolean;
  isLockedOut: boolean;
  lockedUntil: Date | null;
  isSsoUser: boolean;
}

/** The list's rows with their add-ons, and the end of a temporary lock after failed sign-ins while it lasts at `now` (issue 36). */
async function withAddons(db: Db, rows: ListRow[], now: Date): Promise<UserListItem[]> {
  const held = await addonsOf(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map(({ lockedUntil, ...row }) => ({
    ...row,
    lockedUntil: !row.isLockedOut && lockedUntil && lockedUntil > now ? lockedUntil.toISOString() : null,
    fullName: fullName(row.firstName, row.lastName),
    addons: held.get(row.userId) ?? [],
  }));
}

/** A searched list counts its rows up to this many; beyond, its total is 'more than' this. */
const EXACT_TOTAL_UP_TO = 10_000;

/** How many rows the list has; `exact` false when a search matched more than EXACT_TOTAL_UP_TO. */
export interface ListTotal {
  total: number;
  exact: boolean;
}

/**
 * An unsearched list's total, read from license_user_counts (kept by triggers on users), so a
 * million-user licence costs what a small one does (a search counts its own: searchedPage); with
 * the list's order version from the same rows (orderVersion), to tell whether anchors are current.
 */
async function totalOf(db: Db, filter: UserListFilter): Promise<ListTotal & { version: number }> {
  const column = filter.activeOnly ? licenseUserCounts.approved : licenseUserCounts.users;
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number),
      version: sql<number>`coalesce(sum(${licenseUserCounts.orderVersion}), 0)::bigint`.mapWith(Number),
    })
    .from(licenseUserCounts)
    .where(filter.licenseId === undefined ? undefined : eq(licenseUserCounts.licenseId, filter.licenseId));
  return { total: row?.total ?? 0, exact: true, version: row?.version ?? 0 };
}

/**
 * The ids at [offset, offset + limit) of the list, read off the order's index alone
 * (users_license_* hold what each order reads), so a deep page does not fetch every row
 * before it from the table; rowsOf then reads those rows.
 */
async function idsAt(db: Db, filter: UserListFilter, offset: number, limit: number, reverse: boolean): Promise<number[]> {
  const ids = ordersByLicense(filter)
    ? db.select({ userId: users.userId }).from(users).innerJoin(licenses, eq(licenses.licenseId, users.licenseId))
    : db.select({ userId: users.userId }).from(users);
  const rows = await ids
    .where(userListWhere(filter))
    .orderBy(...orderBy(filter, reverse))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.userId);
}

/** How many rows of the list's order a search looks through for its page before it sorts every match instead. */
const SEARCH_WINDOW = 5_000;

/** The list rows of `ids`, in list order. */
function rowsOf(db: Db, filter: UserListFilter, ids: number[]): Promise<ListRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(listColumns)
    .from(users)
    .innerJoin(licenses, eq(licenses.licenseId, users.licenseId))
    .where(inArray(users.userId, ids))
    .orderBy(...orderBy(filter));
}

/** The user_id column of a raw query's rows. */
const idsOf = (rows: { user_id: number | string }[]) => rows.map((row) => Number(row.user_id));

/** How many rows further along the order a search may walk, testing each, rather than sort every match. */
const WALK_BUDGET = 100_000;

/**
 * A page of a search matching more than EXACT_TOTAL_UP_TO users (searchedPage sorts fewer
 * itself). Left to itself, PostgreSQL may walk the order's index and test each row until it
 * has a page: quick when matches are spread through the order, but when they all sort last (a
 * search for 'user99' among a million 'bench.userN') it tests the whole table. So: look for
 * the page among the first SEARCH_WINDOW rows of the order; if it is not all there, walk the
 * order only if the window's share of matches says the page is within WALK_BUDGET rows, and
 * otherwise sort every match (also in the licence's order).
 */
async function searchedRowsAt(db: Db, filter: UserListFilter, start: number, pageSize: number): Promise<ListRow[]> {
  const keys = sql.join(orderBy(filter), sql`, `);
  const byLicense = ordersByLicense(filter) ? sql`join ${licenses} on ${licenses.licenseId} = ${users.licenseId}` : sql``;
  if (!ordersByLicense(filter)) {
    const unsearched = userListWhere({ ...filter, filter: '' }) ?? sql`true`;
    const search = searchTextHolds(users.searchText, filter.filter);
    // The LIMIT keeps the search out of the window: it is tested on those rows only.
    const [found] = await rawRows<{ matches: number | string; ids: number[] | null }>(
      db,
      sql`
      select count(*) as matches, (array_agg(${users.userId} order by ${keys}))[${start + 1}:${start + pageSize}] as ids
      from (select * from ${users} where ${unsearched} order by ${keys} limit ${SEARCH_WINDOW}) as ${users} where ${search}`,
    );
    const ids = (found?.ids ?? []).map(Number);
    if (ids.length === pageSize) return rowsOf(db, filter, ids);
    const share = Number(found?.matches ?? 0) / SEARCH_WINDOW;
    if (share > 0 && (start + pageSize) / share <= WALK_BUDGET) return rowsOf(db, filter, await idsAt(db, filter, start, pageSize, false));
  }
  // OFFSET 0 keeps the order out of the matches' own query, so the trigram index finds them.
  const sorted = idsOf(
    await rawRows<{ user_id: number }>(
      db,
      sql`
      select ${users.userId} from (select * from ${users} where ${userListWhere(filter)} offset 0) as ${users} ${byLicense}
      order by ${keys} limit ${pageSize} offset ${start}`,
    ),
  );
  return rowsOf(db, filter, sorted);
}

/**
 * A searched page and its total, the search run once: its matches are counted up to
 * EXACT_TOTAL_UP_TO and, when that counts them all, sorted for the page in the same query (past
 * the limit the page's sort is not run), and the page's rows read with them, as one JSON text.
 * The matches keep only what the order reads. The limit is the matches' own, so PostgreSQL plans
 * them to stop at it: for a word a quarter of a million users hold, a scan that stops at the
 * 10,001st (~40 ms at a million users) rather than the trigram index's bitmap of every match
 * (~120 ms), which it would choose to read them all. With more matches, searchedRowsAt finds the
 * page without sorting them all.
 */
async function searchedPage(db: Db, filter: UserListFilter, start: number, pageSize: number): Promise<{ rows: ListRow[] } & ListTotal> {
  // The list order (orderBy) on the matches' own columns: the sort's key, the user name's, the id.
  const byLicense = ordersByLicense(filter);
  const dir = filter.dir === 'desc' ? sql`desc` : sql`asc`;
  const [found] = await rawRows<{ n: number | string; page: string | null }>(
    db,
    sql`
    with matches as materialized (
      select ${users.userId} as id, ${users.licenseId} as license_id, ${byLicense ? sql`null` : sortKeys[sortOf(filter)]} as sort_key,
        lower(${users.userName}) as name_key
      from ${users} where ${userListWhere(filter)} limit ${EXACT_TOTAL_UP_TO + 1}),
      counted as (select count(*) as n from matches)
    select n, case when n <= ${EXACT_TOTAL_UP_TO} then (
        select coalesce(json_agg(json_build_array(u.user_id, u.user_name, u.first_name, u.last_name, u.email, u.license_id, l.name,
          u.company_name, u.position, u.is_approved, u.is_locked_out, u.locked_until, u.is_sso_user) order by p.ord), '[]')::text
        from unnest(array(
          select m.id from matches m ${byLicense ? sql`join ${licenses} on ${licenses.licenseId} = m.license_id` : sql``}
          order by ${byLicense ? sql`lower(${licenses.name})` : sql`m.sort_key`} ${dir}, m.name_key ${dir}, m.id ${dir}
          limit ${pageSize} offset ${start})) with ordinality as p(id, ord)
        join ${users} u on u.user_id = p.id join ${licenses} l on l.license_id = u.license_id) end as page
    from counted`,
  );
  const matched = Number(found?.n ?? 0);
  if (matched > EXACT_TOTAL_UP_TO) {
    return { rows: await searchedRowsAt(db, filter, start, pageSize), total: EXACT_TOTAL_UP_TO, exact: false };
  }
  return { rows: listRowsOf(found?.page ?? '[]'), total: matched, exact: true };
}

type PageRow = [number, string, string, string, string, number, string, string, string, boolean, boolean, string | null, boolean];

/** The rows of a page read as one JSON text of arrays (searchedPage), as the list reads them. */
function listRowsOf(text: string): ListRow[] {
  return (JSON.parse(text) as PageRow[]).map(
    ([userId, userName, firstName, lastName, email, licenseId, licenseName, companyName, position, isApproved, isLockedOut, lockedUntil, isSsoUser]) => ({
      userId,
      userName,
      firstName,
      lastName,
      email,
      licenseId,
      licenseName,
      companyName,
      position,
      isApproved,
      isLockedOut,
      lockedUntil: lockedUntil === null ? null : new Date(lockedUntil),
      isSsoUser,
    }),
  );
}

/**
 * One page of the list and its total. Past the middle of a list whose total is known
 * exactly, the page is read from the list's other end, so the last page of a million
 * users costs what the first does; a deep page of an unsearched list, from the server's
 * anchors along its order when they are current (anchoredIds; with `background` to read them).
 */
export async function pageOfUsers(
  db: Db,
  filter: UserListFilter,
  page: number,
  pageSize: number,
  now: Date,
  background?: Background,
): Promise<{ items: UserListItem[] } & ListTotal> {
  const start = page * pageSize;
  if (filter.filter) {
    const { rows, ...counted } = await searchedPage(db, filter, start, pageSize);
    return { items: await withAddons(db, rows, now), ...counted };
  }
  const { version, ...counted } = await totalOf(db, filter);
  if (background) readAnchorsAhead(db, background, filter, counted.total, version);
  if (start >= counted.total) return { items: [], ...counted };
  const count = Math.min(pageSize, counted.total - start);
  // The page's place along the ascending order (a descending list reads it from the end).
  const ascending = filter.dir === 'desc' ? counted.total - start - count : start;
  const anchored = background ? await anchoredIds(db, background, filter, { ascending, count, total: counted.total, version }) : undefined;
  const fromEnd = start > counted.total / 2;
  const ids =
    anchored ??
    (fromEnd ? await idsAt(db, filter, Math.max(counted.total - start - pageSize, 0), count, true) : await idsAt(db, filter, start, pageSize, false));
  return { items: await withAddons(db, await rowsOf(db, filter, ids), now), ...counted };
}

/** Every how many positions of a long list's order a server keeps the keys found there. */
export const ANCHOR_STEP = 5_000;

/** The keys of an order at positions 0, ANCHOR_STEP, 2 × ANCHOR_STEP…, as of `version`. */
interface Anchors {
  version: number;
  keys: unknown[][];
}

/** Per database (tests run several in one process): anchors by list, and the lists whose anchors are being read. */
const anchorsOf = new WeakMap<object, AnchorCache>();
/** How many lists' anchors a server keeps for `db` (for tests). */
export const anchoredLists = (db: Db) => anchorsOf.get(db)?.lists.size ?? 0;
/** Lists whose anchors a server keeps at most (each ~200 keys at a million users). */
const ANCHORED_LISTS = 100;

/** The sum of the list's licences' order versions: it changes with any change of its order (migration 0034). */
const orderVersion = (filter: UserListFilter) =>
  sql`(select coalesce(sum(${licenseUserCounts.orderVersion}), 0)::bigint from ${licenseUserCounts} ${
    filter.licenseId === undefined ? sql`` : sql`where ${licenseUserCounts.licenseId} = ${filter.licenseId}`
  })`;

const listKey = (filter: UserListFilter) => JSON.stringify([filter.licenseId ?? null, filter.activeOnly, sortOf(filter)]);

/** A server's anchors for one database: by list, the reads in progress, the lists ever read, and how many reads it made. */
interface AnchorCache {
  lists: Map<string, Anchors>;
  reading: Map<string, Promise<void>>;
  read: Set<string>;
  reads: number;
}

/** How many times a server read lists' anchors for `db` (for tests). */
export const anchorReads = (db: Db) => anchorsOf.get(db)?.reads ?? 0;

/**
 * A deep page's ids read from the nearest anchor before it (at most ANCHOR_STEP index entries
 * skipped instead of up to half the list: the middle page of a million users read 500,000),
 * in the same statement as the list's order version, so the anchors are used only if nothing
 * moved since they were read. Undefined near either end of the list (the plain read is as
 * quick there) and for an order by licence name. Anchors older than the list's `version` (read
 * with its total) are not tried. A deep page waits for a read of its list's anchors in progress
 * (readAnchorsAhead starts one with the list's first page, when it has none or they are old: a
 * few hundred ms at a million users, less than the plain read of its middle page), and for the
 * first read of a list never read; otherwise, when anything has moved, the page is read as
 * before and the anchors again in the background, so a list that keeps changing costs no more
 * than it did.
 */
async function anchoredIds(
  db: Db,
  background: Background,
  filter: UserListFilter,
  { ascending, count, total, version }: { ascending: number; count: number; total: number; version: number },
) {
  if (ascending < ANCHOR_STEP || total - ascending - count < ANCHOR_STEP || ordersByLicense(filter)) return undefined;
  const cache = anchorCache(db);
  const key = listKey(filter);
  // Versions only grow: anchors read since this request read the list's version may still hold.
  const current = () => (cache.lists.get(key)?.version ?? -1) >= version;
  if (!current()) {
    // A failed read leaves the page to the plain read (and the next deep page tries again).
    const reading = cache.reading.get(key) ?? (cache.read.has(key) ? undefined : refreshAnchors(db, cache, filter, key));
    await reading?.catch(() => undefined);
  }
  const anchors = cache.lists.get(key);
  const anchor = current() ? anchors?.keys[Math.floor(ascending / ANCHOR_STEP)] : undefined;
  if (anchors && anchor) {
    const keys = orderKeys(filter);
    const [found] = await rawRows<{ version: number | string; ids: (number | string)[] | null }>(
      db,
      sql`select ${orderVersion(filter)} as version, array(
        select ${users.userId} from ${users}
        where ${userListWhere({ ...filter, filter: '' }) ?? sql`true`} and (${sql.join(keys, sql`, `)}) >= (${sql.join(
          anchor.map((value) => sql`${value}`),
          sql`, `,
        )})
        order by ${sql.join(
          keys.map((k) => sql`${k} asc`),
          sql`, `,
        )}
        offset ${ascending % ANCHOR_STEP} limit ${count}) as ids`,
    );
    if (found && Number(found.version) === anchors.version) return (found.ids ?? []).map(Number);
    cache.lists.delete(key);
  }
  if (!cache.reading.has(key)) background.run('user list anchors', () => refreshAnchors(db, cache, filter, key));
  return undefined;
}

/** The server's anchors for `db`, made on first use. */
function anchorCache(db: Db): AnchorCache {
  let cache = anchorsOf.get(db);
  if (!cache) anchorsOf.set(db, (cache = { lists: new Map(), reading: new Map(), read: new Set(), reads: 0 }));
  return cache;
}

/**
 * A list long enough to have deep pages has its anchors read in the background when any of its
 * pages is asked for on this server (the opening page, most often) and it has none, or none of
 * its current `version` (users added, removed or moved since), so the deep page a user then jumps
 * to does not wait for them (issue 38: the middle page of a million users, after a SCIM sync
 * had added 10,000 users).
 */
function readAnchorsAhead(db: Db, background: Background, filter: UserListFilter, total: number, version: number) {
  if (total < 2 * ANCHOR_STEP || ordersByLicense(filter)) return;
  const cache = anchorCache(db);
  const key = listKey(filter);
  if (cache.reading.has(key) || (cache.lists.get(key)?.version ?? -1) >= version) return;
  background.run('user list anchors', () => refreshAnchors(db, cache, filter, key));
}

/** Reads a list's anchors, once at a time per list (a second caller waits for the same read). */
function refreshAnchors(db: Db, cache: AnchorCache, filter: UserListFilter, key: string): Promise<void> {
  let reading = cache.reading.get(key);
  if (!reading) {
    cache.reads++;
    reading = readAnchors(db, filter)
      .then((anchors) => {
        cache.lists.delete(key);
        cache.lists.set(key, anchors);
        cache.read.add(key);
        if (cache.lists.size > ANCHORED_LISTS) cache.lists.delete(cache.lists.keys().next().value!);
      })
      .finally(() => cache.reading.delete(key));
    cache.reading.set(key, reading);
  }
  return reading;
}

/**
 * The keys at every ANCHOR_STEP-th position of the list's ascending order, with its version, in
 * one statement (one snapshot): each anchor found from the one before, ANCHOR_STEP entries
 * further along the order's index (at a million users about half the time of numbering every
 * row with a window).
 */
async function readAnchors(db: Db, filter: UserListFilter): Promise<Anchors> {
  const keys = orderKeys(filter);
  const columns = keys.map((_, i) => sql.raw(`k${i}`));
  const listed = sql.join(keys, sql`, `);
  const ascending = sql.join(
    keys.map((k) => sql`${k} asc`),
    sql`, `,
  );
  const where = userListWhere({ ...filter, filter: '' }) ?? sql`true`;
  const [found] = await rawRows<{ version: number | string; keys: string | null }>(
    db,
    sql`with recursive anchors(${sql.join(columns, sql`, `)}, i) as (
        (select ${listed}, 0 from ${users} where ${where} order by ${ascending} limit 1)
        union all
        (select later.*, anchors.i + 1 from anchors, lateral (
          select ${listed} from ${users} where ${where} and (${listed}) > (${sql.join(
            columns.map((column) => sql`anchors.${column}`),
            sql`, `,
          )})
          order by ${ascending} offset ${ANCHOR_STEP - 1} limit 1) as later))
      select ${orderVersion(filter)} as version, (select json_agg(json_build_array(${sql.join(columns, sql`, `)}) order by i)::text from anchors) as keys`,
  );
  return { version: Number(found?.version ?? 0), keys: JSON.parse(found?.keys ?? '[]') as unknown[][] };
}

const EXPORT_CHUNK = 1000;

/**
 * Every row of the list, in list order, a chunk at a time: keyset paging on the order's
 * own keys, so the last chunk of a million rows costs what the first does.
 */
export async function* everyUser(db: Db, filter: UserListFilter, now: Date): AsyncGenerator<UserListItem[]> {
  const sort = sortOf(filter);
  const key = sortKeys[sort];
  const nameKey = sql`lower(${users.userName})`;
  const compare = filter.dir === 'desc' ? sql`<` : sql`>`;
  let after: { key: unknown; name: string; id: number } | undefined;
  for (;;) {
    const keyset = after
      ? sort === 'userName'
        ? sql`(${key}, ${users.userId}) ${compare} (${after.key}, ${after.id})`
        : sql`(${key}, ${nameKey}, ${users.userId}) ${compare} (${after.key}, ${after.name}, ${after.id})`
      : undefined;
    const rows = await db
      .select({ ...listColumns, sortKey: sql<unknown>`${key}`, nameKey: sql<string>`${nameKey}` })
      .from(users)
      .innerJoin(licenses, eq(licenses.licenseId, users.licenseId))
      .where(and(userListWhere(filter), keyset))
      .orderBy(...orderBy(filter))
      .limit(EXPORT_CHUNK);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { key: last.sortKey, name: last.nameKey, id: last.userId };
    yield await withAddons(
      db,
      rows.map(({ sortKey: _sortKey, nameKey: _nameKey, ...row }) => row),
      now,
    );
    if (rows.length < EXPORT_CHUNK) return;
    // PGlite's queries never yield to the event loop; let other requests in between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
