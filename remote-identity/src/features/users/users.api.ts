import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { exportUsers, getUsers, USER_SORTS, type UserSort } from 'contracts/identity';
import { saveFile, urlParam } from 'shared';

export const USERS_PAGE_SIZE = 25;

/** The list's state in the URL (`?q=ann&sort=companyName&dir=desc&page=2&licenseId=3`). */
export const userListParams = {
  q: urlParam.string(),
  sort: urlParam.oneOf<UserSort>(USER_SORTS, 'userName'),
  dir: urlParam.oneOf(['asc', 'desc'] as const, 'asc'),
  page: urlParam.number(0),
  licenseId: urlParam.optionalNumber(),
};

export interface UserListFilter {
  page: number;
  filter: string;
  licenseId: number | null;
  activeOnly: boolean;
  sort: UserSort;
  dir: 'asc' | 'desc';
}

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const userKeys = {
  all: ['identity', 'users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (f: UserListFilter) => [...userKeys.lists(), f] as const,
};

const queryOf = (f: Omit<UserListFilter, 'page'>) => ({
  filter: f.filter || undefined,
  licenseId: f.licenseId ?? undefined,
  activeOnly: f.activeOnly,
  sort: f.sort,
  dir: f.dir,
});

export const userListQuery = (f: UserListFilter) =>
  queryOptions({
    queryKey: userKeys.list(f),
    queryFn: () => getUsers({ ...queryOf(f), page: f.page, pageSize: USERS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

/** Downloads every user the list's filters keep, in its order, as the server's CSV. */
export async function downloadUsers(f: Omit<UserListFilter, 'page'>): Promise<void> {
  const { blob, fileName } = await exportUsers(queryOf(f));
  saveFile(blob, fileName ?? 'users.csv');
}
