/**
 * The user list's request (spec 1 §2), apart from its screen: the route declares the list's
 * opening call from it (users.routes.ts, issue 38) and the screen makes the same call.
 */
import type { UserSort } from 'contracts/identity/model';

export const USERS_PAGE_SIZE = 25;

export interface UserListFilter {
  page: number;
  filter: string;
  licenseId: number | null;
  activeOnly: boolean;
  sort: UserSort;
  dir: 'asc' | 'desc';
}

/** The list as it opens without a query string: active users only, by user name (the screen's defaults). */
export const OPENING_FILTER: UserListFilter = { page: 0, filter: '', licenseId: null, activeOnly: true, sort: 'userName', dir: 'asc' };

/** The list's filters as `getUsers`' query: the list's pages and its CSV export. */
export const queryOf = (f: Omit<UserListFilter, 'page'>) => ({
  filter: f.filter || undefined,
  licenseId: f.licenseId ?? undefined,
  activeOnly: f.activeOnly,
  sort: f.sort,
  dir: f.dir,
});

/** The arguments of `getUsers` for a page of the list. */
export const userListRequest = (f: UserListFilter) => ({ ...queryOf(f), page: f.page, pageSize: USERS_PAGE_SIZE });
