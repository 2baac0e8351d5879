/**
 * The user list (spec 1 §2, user screens): which users a caller's list holds, in which
 * order, a page of them, and all of them for the CSV export. The screen and the export
 * share these, so a download holds exactly the rows and order the screen shows.
 */
import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { USER_SORTS, type UserListItem, type UserSort } from 'contracts/identity/model';
import type { Db } from '../db/client';
import { addons, licenses, users, userSearchText } from '../db/schema';
import { containing } from '../db/text-search';
import { addonsOfUsers } from './grants';

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
    // One trigram-indexed expression covers every searchable field (users_search_trgm).
    filter.filter ? ilike(userSearchText(users), containing(filter.filter)) : undefined,
  );
}

/** The list order: the chosen column, then user name, then id, so every page is stable. */
function orderBy(filter: UserListFilter): SQL[] {
  const direction = filter.dir === 'desc' ? sql`desc` : sql`asc`;
  const key = sortKeys[filter.sort];
  return filter.sort === 'userName'
    ? [sql`${key} ${direction}`, sql`${users.userId} ${direction}`]
    : [sql`${key} ${direction}`, sql`lower(${users.userName}) ${direction}`, sql`${users.userId} ${direction}`];
}

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
  isSsoUser: users.isSsoUser,
};

const fullName = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();

/** The add-ons each user holds, directly or through a user group, in add-on order. */
async function addonsOf(db: Db, userIds: number[]): Promise<Map<number, UserListItem['addons']>> {
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
  isSsoUser: boolean;
}

async function withAddons(db: Db, rows: ListRow[]): Promise<UserListItem[]> {
  const held = await addonsOf(db, rows.map((row) => row.userId));
  return rows.map((row) => ({ ...row, fullName: fullName(row.firstName, row.lastName), addons: held.get(row.userId) ?? [] }));
}

/** One page of the list and the total number of rows it has. */
export async function pageOfUsers(db: Db, filter: UserListFilter, page: number, pageSize: number): Promise<{ items: UserListItem[]; total: number }> {
  const where = userListWhere(filter);
  const [counted, rows] = await Promise.all([
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(where),
    db
      .select(listColumns)
      .from(users)
      .innerJoin(licenses, eq(licenses.licenseId, users.licenseId))
      .where(where)
      .orderBy(...orderBy(filter))
      .limit(pageSize)
      .offset(page * pageSize),
  ]);
  return { items: await withAddons(db, rows), total: counted[0]?.total ?? 0 };
}

const EXPORT_CHUNK = 1000;

/**
 * Every row of the list, in list order, a chunk at a time: keyset paging on the order's
 * own keys, so the last chunk of a million rows costs what the first does.
 */
export async function* everyUser(db: Db, filter: UserListFilter): AsyncGenerator<UserListItem[]> {
  const key = sortKeys[filter.sort];
  const nameKey = sql`lower(${users.userName})`;
  const compare = filter.dir === 'desc' ? sql`<` : sql`>`;
  let after: { key: unknown; name: string; id: number } | undefined;
  for (;;) {
    const keyset = after
      ? filter.sort === 'userName'
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
    );
    if (rows.length < EXPORT_CHUNK) return;
    // PGlite's queries never yield to the event loop; let other requests in between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
