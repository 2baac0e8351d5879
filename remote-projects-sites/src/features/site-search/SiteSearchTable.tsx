import type { ReactNode } from 'react';
import type { SiteSearchItem, SiteSearchPage } from 'contracts/projects-sites';
import { Badge, type ColumnDef, DataTable } from 'kit';
import { SITE_SEARCH_PAGE_SIZE } from './siteSearch.api';

const columns: ColumnDef<SiteSearchItem>[] = [
  {
    accessorKey: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {row.original.name}
        {row.original.active ? null : <Badge variant="neutral">Archived</Badge>}
      </span>
    ),
  },
  // The path wraps at its separators on a phone rather than widening the table.
  { accessorKey: 'path', header: 'Path', cell: ({ row }) => <span className="break-words text-slate-600">{row.original.path}</span> },
  { accessorKey: 'projectName', header: 'Project' },
];

interface Props {
  /** The page the server answered (none before a search). */
  page: SiteSearchPage | undefined;
  loading: boolean;
  error?: string;
  pageIndex: number;
  onPageChange(page: number): void;
  search: string;
  onSearch(value: string): void;
  /** What the table says without rows: the hint before a search, or that nothing matches. */
  emptyText: ReactNode;
  /** Opens the site (its view). */
  onRowClick?: (site: SiteSearchItem) => void;
}

/** Sites found, a page at a time, in the server's order (name, then path): no header sorts. */
export function SiteSearchTable({ page, loading, error, pageIndex, onPageChange, search, onSearch, emptyText, onRowClick }: Props) {
  return (
    <DataTable
      caption="Sites"
      data={page?.items ?? []}
      columns={columns}
      getRowId={(site) => String(site.siteId)}
      loading={loading}
      error={error}
      pageSize={SITE_SEARCH_PAGE_SIZE}
      filter={{ placeholder: 'Search sites by name', value: search, onChange: onSearch }}
      emptyText={emptyText}
      manual={{ pageIndex, total: page?.total ?? 0, totalExact: page?.totalExact ?? true, onPageChange }}
      onRowClick={onRowClick}
    />
  );
}
