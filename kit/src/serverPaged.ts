import type { ReactNode } from 'react';

/** A list's page, order and direction, as its screen keeps them (in the URL). */
export interface ServerListState<S extends string = string> {
  page: number;
  sort: S;
  dir: 'asc' | 'desc';
}

/** The table's `manual` paging of a list paged and sorted on the server. */
export interface ServerPaging {
  pageIndex: number;
  total: number;
  totalExact: boolean;
  onPageChange(page: number): void;
  sort: { id: string; desc: boolean };
  onSortChange(sort: { id: string; desc: boolean }): void;
}

/**
 * The one wiring of a server-paged list (users, user groups, API keys, projects and the lists
 * to come): the page the server answered (`reply`), the state the screen keeps, and how to
 * change it — a new order goes back to the first page. Hand the result to DataTable's `manual`.
 */
export function serverPaged<S extends string>(
  reply: { total: number; totalExact?: boolean } | undefined,
  state: ServerListState<S>,
  change: (next: Partial<ServerListState<S>>) => void,
): ServerPaging {
  return {
    pageIndex: state.page,
    total: reply?.total ?? 0,
    totalExact: reply?.totalExact ?? true,
    onPageChange: (page) => change({ page }),
    sort: { id: state.sort, desc: state.dir === 'desc' },
    onSortChange: (sort) => change({ sort: sort.id as S, dir: sort.desc ? 'desc' : 'asc', page: 0 }),
  };
}

/**
 * What a list page hands its server-paged table when the table is a component of its own
 * (users, projects): the page the server answered, its state, its paging and search.
 */
export interface PagedTableProps<Page> {
  page: Page | undefined;
  loading: boolean;
  error?: string;
  paging: ServerPaging;
  search: string;
  onSearch(value: string): void;
  toolbar: ReactNode;
}
