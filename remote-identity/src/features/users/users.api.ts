import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getUsers } from 'contracts/identity';

export const USERS_PAGE_SIZE = 25;

export interface UserListFilter {
  page: number;
  filter: string;
  licenseId: number | null;
  activeOnly: boolean;
}

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const userKeys = {
  all: ['identity', 'users'] as const,
  list: (f: UserListFilter) => [...userKeys.all, 'list', f] as const,
};

export const userListQuery = (f: UserListFilter) =>
  queryOptions({
    queryKey: userKeys.list(f),
    queryFn: () =>
      getUsers({ page: f.page, pageSize: USERS_PAGE_SIZE, filter: f.filter || undefined, licenseId: f.licenseId ?? undefined, activeOnly: f.activeOnly }),
    placeholderData: keepPreviousData,
  });
