import type { ReactNode } from 'react';

/**
 * What a list page hands its server-paged table (users, projects, and the lists to come):
 * the page the server answered, its loading state, and the controls the page keeps in the
 * URL (page, sort, search). Types only.
 */
export interface PagedTableProps<Page> {
  page: Page | undefined;
  loading: boolean;
  error?: string;
  pageIndex: number;
  onPageChange(index: number): void;
  sort: { id: string; desc: boolean };
  onSortChange(sort: { id: string; desc: boolean }): void;
  search: string;
  onSearch(value: string): void;
  toolbar: ReactNode;
}
