import { flexRender, type Cell, type Row, type Table } from '@tanstack/react-table';
import { useEffect, useId, useState, type MouseEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { isInsideInteractive } from './dataTable.filter';
import { SELECT_COLUMN_ID } from './dataTable.selection';
import { Select } from './Select';

/** Below this width a table whose columns say where they go on a card shows its rows as cards (Tailwind's sm). */
export const CARD_QUERY = '(max-width: 639.98px)';

/** Whether the window is a phone's: follows it as it turns or resizes; false where there is no matchMedia (a test, a server). */
export function useNarrowWindow(): boolean {
  const query = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(CARD_QUERY) : null;
  const [narrow, setNarrow] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const follow = () => setNarrow(query.matches);
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
    // The query object is the same for the same window; its text never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query?.media]);
  return narrow;
}

/** Whether a table's columns say where they go on a card (at least a title). */
export const hasCardLayout = <T,>(table: Table<T>) => table.getAllLeafColumns().some((column) => column.columnDef.meta?.card === 'title');

/** A column's header as text, for a card's labels and the sort choice. */
const headerText = <T,>(cell: Pick<Cell<T, unknown>, 'column'>) => {
  const header = cell.column.columnDef.header;
  return typeof header === 'string' ? header : cell.column.id;
};

/** A cell as it renders, or '—' when it renders nothing (a usage bar of a licence without a limit). */
function cellContent<T>(cell: Cell<T, unknown>): ReactNode {
  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
  return content === null || content === undefined || content === '' ? <span className="text-slate-500">—</span> : content;
}

/** The sort of a card list, as one labelled choice (the table's headers are not there to click). */
function CardSort<T>({ table }: { table: Table<T> }) {
  const id = useId();
  const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort());
  if (sortable.length === 0) return null;
  const [current] = table.getState().sorting;
  const value = current ? `${current.id}:${current.desc ? 'desc' : 'asc'}` : '';
  const options = sortable.flatMap((column) => {
    const name = typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;
    return [
      { value: `${column.id}:asc`, label: `${name}, ascending` },
      { value: `${column.id}:desc`, label: `${name}, descending` },
    ];
  });
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        Sort by
      </label>
      <Select
        id={id}
        value={value}
        placeholder={current ? undefined : 'As listed'}
        options={options}
        onChange={(event) => {
          const [columnId, direction] = event.target.value.split(':');
          if (columnId) table.setSorting([{ id: columnId, desc: direction === 'desc' }]);
        }}
      />
    </div>
  );
}

/** Props of {@link DataTableCards}. */
export interface DataTableCardsProps<T> {
  table: Table<T>;
  /** The list's accessible name (the table's caption). */
  caption: string;
  onRowClick?: (row: T) => void;
  /** Shown instead of the cards: a failure, the spinner, the empty text. */
  placeholder?: ReactNode;
}

/**
 * A table's rows as cards, for a phone (issue 36 item 17): each card opens with its title column
 * (a button that opens the row, when rows open), then the columns meant for a card under their
 * headers, then the row's actions. A row's checkbox (selection) heads its card. Nothing scrolls
 * sideways. Above the cards, the sort as a labelled choice.
 */
export function DataTableCards<T>({ table, caption, onRowClick, placeholder }: DataTableCardsProps<T>) {
  const rows = table.getRowModel().rows;
  const selection = table.getAllLeafColumns().find((column) => column.id === SELECT_COLUMN_ID);
  const selectAll = selection ? table.getHeaderGroups()[0]?.headers.find((header) => header.column.id === SELECT_COLUMN_ID) : undefined;
  const open = (event: MouseEvent<HTMLLIElement>, row: Row<T>) => {
    if (!onRowClick || !(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    if (isInsideInteractive(event.target, event.currentTarget) || window.getSelection()?.toString()) return;
    onRowClick(row.original);
  };
  return (
    <div>
      {selectAll || table.getAllLeafColumns().some((column) => column.getCanSort()) ? (
        <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-3 py-2">
          {selectAll ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              {flexRender(selectAll.column.columnDef.header, selectAll.getContext())}
              <span aria-hidden="true">All on this page</span>
            </label>
          ) : null}
          <CardSort table={table} />
        </div>
      ) : null}
      {placeholder ?? (
        <ul aria-label={caption} className="divide-y divide-slate-100">
          {rows.map((row) => {
            const cells = row.getVisibleCells();
            const of = (place: 'title' | 'field' | 'action') => cells.filter((cell) => cell.column.columnDef.meta?.card === place);
            const [title] = of('title');
            const select = cells.find((cell) => cell.column.id === SELECT_COLUMN_ID);
            const actions = of('action');
            return (
              <li
                key={row.id}
                onClick={(event) => open(event, row)}
                className={cx('space-y-2 px-3 py-3', row.getIsSelected() && 'bg-brand-50/60', onRowClick && 'cursor-pointer hover:bg-slate-50')}
              >
                <div className="flex min-w-0 items-start gap-2">
                  {select ? <span className="pt-0.5">{flexRender(select.column.columnDef.cell, select.getContext())}</span> : null}
                  {title ? (
                    onRowClick ? (
                      <button
                        type="button"
                        onClick={() => onRowClick(row.original)}
                        className="min-w-0 cursor-pointer rounded text-left font-medium break-words text-brand-700 underline-offset-2
                            hover:underline focus-visible:ring-2 focus-visible:ring-brand-500
                            focus-visible:outline-none"
                      >
                        {cellContent(title)}
                      </button>
                    ) : (
                      <div className="min-w-0 font-medium break-words text-slate-900">{cellContent(title)}</div>
                    )
                  ) : null}
                </div>
                {of('field').length ? (
                  <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                    {of('field').map((cell) => (
                      <div key={cell.id} className="contents">
                        <dt className="text-slate-600">{headerText(cell)}</dt>
                        <dd className="min-w-0 break-words text-slate-800">{cellContent(cell)}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {actions.length ? (
                  <div className="flex flex-wrap items-center gap-2">
                    {actions.map((cell) => (
                      <span key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</span>
                    ))}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
