import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type PaginationState,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useMemo, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { saveFile } from 'shared';
import { csvText } from './csv';
import { Button } from './Button';
import { cx } from './cx';
import { isInsideInteractive, matchesSearch } from './dataTable.filter';
import { selectionColumn, SELECT_COLUMN_ID } from './dataTable.selection';
import { DataTableCards, hasCardLayout, useNarrowWindow } from './DataTableCards';
import { DataTableHead } from './DataTableHead';
import { DataTablePager } from './DataTablePager';
import { DataTableSearch } from './DataTableSearch';
import { ScrollBox } from './ScrollBox';
import { Spinner } from './Spinner';

export type { ColumnDef, SortingFn } from '@tanstack/react-table';

/** Props of {@link DataTable}. */
export interface DataTableProps<T> {
  data: T[];
  // any: each column has its own value type, as in TanStack Table's own examples.
  columns: ColumnDef<T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** A stable id per row (needed for row selection to survive refetches); the row index otherwise. */
  getRowId?: (row: T) => string;
  /** Rows per page: 20 by default (the spec uses 25 for users, groups and API keys). */
  pageSize?: number;
  /**
   * Shows a search box, labelled on screen (`label`, else `placeholder`, else 'Search');
   * uncontrolled when `value` is absent. Filters string and number cells unless `manual`.
   */
  filter?: { placeholder?: string; label?: string; value?: string; onChange?: (value: string) => void };
  /** Makes rows clickable and focusable (Enter activates); clicks on controls inside a row do not count. */
  onRowClick?: (row: T) => void;
  /** Shown when there are no rows: 'No records.' by default. */
  emptyText?: ReactNode;
  /** Shows a spinner instead of the rows. */
  loading?: boolean;
  /** A failure to load, shown at once in place of the rows and the spinner (never the empty text beneath it). */
  error?: ReactNode;
  /** Sort by clicking headers (default true; false by default when `manual`, as one server page would sort alone). */
  sorting?: boolean;
  /** Adds a first column of checkboxes; keys are row ids. */
  rowSelection?: { selected: Record<string, boolean>; onChange: (next: Record<string, boolean>) => void };
  /**
   * Server-side paging (and sorting, with `sort`): the rows are shown as given; the pager calls
   * onPageChange and a header click onSortChange, so the list can keep both in the URL.
   */
  manual?: {
    pageIndex: number;
    /** Every row the server's list has (the pages follow from it and `pageSize`). */
    total: number;
    /** False: `total` is a lower bound (the server counted that far); Next stays on while pages are full. */
    totalExact?: boolean;
    onPageChange: (index: number) => void;
    sort?: { id: string; desc: boolean };
    onSortChange?: (sort: { id: string; desc: boolean }) => void;
  };
  /**
   * A list held whole in the browser whose sort and page are kept outside, in the URL
   * (`useTableUrlState`); its search is `filter.value`.
   */
  view?: {
    sort: { id: string; desc: boolean } | null;
    onSortChange: (sort: { id: string; desc: boolean } | null) => void;
    pageIndex: number;
    onPageChange: (index: number) => void;
  };
  /**
   * Adds Export CSV for a list held whole in the browser: every row the search and order select
   * (all pages), with the visible columns' headers and texts (`meta.csv`). A list paged on the
   * server exports from the server instead.
   */
  exportCsv?: { fileName: string };
  /** Controls shown right of the search box, e.g. an Add button. */
  toolbar?: ReactNode;
  /** The table's accessible name (a visually hidden caption). */
  caption?: string;
}

const apply = <S,>(updater: Updater<S>, old: S): S => (typeof updater === 'function' ? (updater as (old: S) => S)(old) : updater);

/** A sortable, searchable, paged table of `data`, on TanStack Table. */
export function DataTable<T>({
  data,
  columns,
  getRowId,
  pageSize = 20,
  filter,
  onRowClick,
  emptyText = 'No records.',
  loading = false,
  error,
  sorting,
  rowSelection,
  manual,
  view,
  exportCsv,
  toolbar,
  caption,
}: DataTableProps<T>) {
  const [ownSearch, setOwnSearch] = useState('');
  const [sort, setSort] = useState<SortingState>([]);
  const [page, setPage] = useState<PaginationState>({ pageIndex: 0, pageSize });
  const manualPageCount = manual ? Math.max(1, Math.ceil(manual.total / pageSize)) : undefined;
  const search = filter?.value ?? ownSearch;
  const selectable = rowSelection !== undefined;
  const allColumns = useMemo(() => (selectable ? [selectionColumn<T>(), ...columns] : columns), [selectable, columns]);

  // TanStack Table's instance is not memoisable; the React Compiler skips this component, as it should.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data,
    columns: allColumns,
    getRowId: getRowId ? (row) => getRowId(row) : undefined,
    state: {
      sorting: manual?.sort ? [manual.sort] : view ? (view.sort ? [view.sort] : []) : sort,
      globalFilter: manual ? '' : search,
      pagination: { pageIndex: manual ? manual.pageIndex : view ? view.pageIndex : page.pageIndex, pageSize },
      rowSelection: rowSelection?.selected ?? {},
    },
    enableSorting: sorting ?? (!manual || manual.onSortChange !== undefined),
    enableRowSelection: selectable,
    // Ascending first, numbers too; a third click goes back to ascending rather than unsorted.
    sortDescFirst: false,
    enableSortingRemoval: false,
    manualSorting: manual?.onSortChange !== undefined,
    onSortingChange: (updater) => {
      if (view && !manual) {
        const [next] = apply(updater, view.sort ? [view.sort] : []);
        return view.onSortChange(next ? { id: next.id, desc: next.desc } : null);
      }
      if (!manual?.onSortChange) return setSort(updater);
      const [next] = apply(updater, manual.sort ? [manual.sort] : []);
      if (next) manual.onSortChange({ id: next.id, desc: next.desc });
    },
    onPaginationChange: (updater) => setPage((old) => apply(updater, old)),
    onRowSelectionChange: (updater) => rowSelection?.onChange(apply<RowSelectionState>(updater, rowSelection.selected)),
    globalFilterFn: (row, columnId, search: string) => matchesSearch(row, columnId, search),
    getColumnCanGlobalFilter: () => true,
    // A refetch must not throw the user back to page 1; searching does (below).
    autoResetPageIndex: false,
    manualPagination: manual !== undefined,
    pageCount: manualPageCount,
    rowCount: manual?.total,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const pageCount = manualPageCount ?? table.getPageCount();
  const pageIndex = manual ? manual.pageIndex : view ? view.pageIndex : page.pageIndex;
  const total = manual ? manual.total : table.getFilteredRowModel().rows.length;
  const goTo = manual ? manual.onPageChange : view ? view.onPageChange : (index: number) => setPage((old) => ({ ...old, pageIndex: index }));

  // Deleting the last rows of the last page would otherwise leave an empty page behind (not
  // while loading: a page from the URL waits for its rows).
  const isManual = manual !== undefined;
  const settled = !loading && !error;
  useEffect(() => {
    if (!isManual && settled && pageIndex > 0 && pageIndex >= pageCount) goTo(Math.max(pageCount - 1, 0));
    // goTo changes with every render of an owner; the page and its count decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isManual, settled, pageIndex, pageCount]);

  const downloadCsv = () => {
    if (!exportCsv) return;
    const exported = table.getVisibleLeafColumns().filter((column) => column.id !== SELECT_COLUMN_ID && csvValue(column) !== undefined);
    const header = exported.map((column) => (typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id));
    const lines = table.getPrePaginationRowModel().rows.map((row) => exported.map((column) => csvValue(column)!(row)));
    saveFile(new Blob([csvText(header, lines)], { type: 'text/csv;charset=utf-8' }), exportCsv.fileName);
  };

  const changeSearch = (value: string) => {
    if (filter?.value === undefined) setOwnSearch(value);
    filter?.onChange?.(value);
    if (pageIndex !== 0) goTo(0);
  };

  const activate = (event: MouseEvent<HTMLTableRowElement>, row: T) => {
    // A click in a portal a cell opened (a dialog) reaches the row through React, not the page.
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    if (isInsideInteractive(event.target, event.currentTarget)) return;
    // Selecting text in a row is not a click on it.
    if (window.getSelection()?.toString()) return;
    onRowClick?.(row);
  };
  const activateByKey = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick?.(row);
  };

  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  // On a phone, a table whose columns say where they go on a card shows its rows as cards (issue 36 item 17).
  const narrow = useNarrowWindow();
  const cards = narrow && hasCardLayout(table);
  const cardPlaceholder = error ? (
    <p role="alert" className="px-3 py-10 text-center font-medium text-red-700">
      {error}
    </p>
  ) : loading ? (
    <div className="flex justify-center px-3 py-10">
      <Spinner />
    </div>
  ) : rows.length === 0 ? (
    <p className="px-3 py-10 text-center text-slate-500">{emptyText}</p>
  ) : undefined;

  return (
    <div className="overflow-hidden rounded-md border border-slate-200 bg-white">
      {(filter || toolbar || exportCsv) && (
        <div className="flex flex-wrap items-end gap-2 border-b border-slate-200 px-3 py-2">
          {filter && <DataTableSearch value={search} label={filter.label} placeholder={filter.placeholder} onChange={changeSearch} />}
          {(toolbar || exportCsv) && (
            <div className="ml-auto flex flex-wrap items-end gap-2">
              {toolbar}
              {exportCsv && (
                <Button variant="secondary" size="sm" disabled={loading || Boolean(error)} onClick={downloadCsv}>
                  Export CSV
                </Button>
              )}
            </div>
          )}
        </div>
      )}
      {cards ? (
        <DataTableCards table={table} caption={caption ?? 'Table'} onRowClick={onRowClick} placeholder={cardPlaceholder} />
      ) : (
        /* A wide table scrolls in its own box with a shade at the edge, never the page (a phone). */
        <ScrollBox label={caption ?? 'Table'}>
          <table className="w-full border-collapse text-left text-sm">
            {caption && <caption className="sr-only">{caption}</caption>}
            <DataTableHead table={table} />
            <tbody>
              {error ? (
                <tr>
                  <td colSpan={columnCount} className="px-3 py-10 text-center font-medium text-red-700" role="alert">
                    {error}
                  </td>
                </tr>
              ) : loading || rows.length === 0 ? (
                <tr>
                  <td colSpan={columnCount} className="px-3 py-10 text-center text-slate-500">
                    {loading ? <Spinner /> : emptyText}
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr
                    key={row.id}
                    tabIndex={onRowClick ? 0 : undefined}
                    onClick={onRowClick ? (event) => activate(event, row.original) : undefined}
                    onKeyDown={onRowClick ? (event) => activateByKey(event, row.original) : undefined}
                    className={cx(
                      'border-b border-slate-100 last:border-b-0 hover:bg-slate-50',
                      row.getIsSelected() && 'bg-brand-50/60',
                      onRowClick &&
                        'cursor-pointer focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
                    )}
                  >
                    {row.getVisibleCells().map((cell) => (
                      // On a phone a row keeps to one line: the table scrolls sideways in its box instead.
                      <td key={cell.id} className={cx('px-3 py-2 align-middle text-slate-700 max-sm:whitespace-nowrap', cell.column.columnDef.meta?.className)}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <DataTablePager
        pageIndex={pageIndex}
        pageSize={pageSize}
        pageCount={pageCount}
        total={total}
        totalExact={manual?.totalExact ?? true}
        shown={table.getRowModel().rows.length}
        onPageChange={goTo}
      />
    </div>
  );
}

/** How a column reads its CSV text from a row; undefined when it has none (a column of controls). */
function csvValue<T>(column: Column<T, unknown>): ((row: Row<T>) => unknown) | undefined {
  const csv = column.columnDef.meta?.csv;
  if (csv === false) return undefined;
  if (csv) return (row) => csv(row.original);
  return column.accessorFn ? (row) => row.getValue(column.id) : undefined;
}
