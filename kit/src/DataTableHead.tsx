import { flexRender, type SortDirection, type Table } from '@tanstack/react-table';
import { cx } from './cx';
import { SortIcon } from './icons';

const ariaSort = (sorted: false | SortDirection) => (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none');

/** DataTable's header row: a sortable column's whole cell sorts, with a button for keyboards and aria-sort. */
export function DataTableHead<T>({ table }: { table: Table<T> }) {
  return (
    <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            const canSort = header.column.getCanSort();
            const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
            return (
              <th
                key={header.id}
                scope="col"
                colSpan={header.colSpan}
                aria-sort={canSort ? ariaSort(sorted) : undefined}
                // The whole cell sorts; the button inside gives keyboards the same (its click bubbles here).
                onClick={canSort ? header.column.getToggleSortingHandler() : undefined}
                className={cx(
                  'h-9 border-b border-slate-200 px-3 align-middle whitespace-nowrap',
                  canSort && 'cursor-pointer select-none hover:bg-slate-100',
                  header.column.columnDef.meta?.className,
                )}
              >
                {canSort ? (
                  <button
                    type="button"
                    className="-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 hover:text-slate-900 focus-visible:ring-2
                        focus-visible:ring-brand-500 focus-visible:outline-none"
                  >
                    {content}
                    <SortIcon sorted={sorted} className="size-3.5" />
                  </button>
                ) : (
                  content
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
