import type { ColumnDef, Row } from '@tanstack/react-table';
import { Checkbox } from './Checkbox';

/** The id of the checkbox column DataTable adds for row selection. */
export const SELECT_COLUMN_ID = '__select';

/**
 * What names a row for its checkbox: the first column that reads a text or a number (the
 * user name in the user list), so a screen reader hears 'Select jsmith', not 'Select row'
 * again and again. A table whose first columns read nothing falls back to the row's number.
 */
export function rowName<T>(row: Row<T>): string {
  for (const cell of row.getVisibleCells()) {
    if (cell.column.id === SELECT_COLUMN_ID || !cell.column.accessorFn) continue;
    const value = cell.getValue();
    if ((typeof value === 'string' && value.trim()) || typeof value === 'number') return String(value).trim();
  }
  return `row ${row.index + 1}`;
}

/** A first column of checkboxes: select-all (this page) in the header, one per row, named after its row. */
export function selectionColumn<T>(): ColumnDef<T> {
  return {
    id: SELECT_COLUMN_ID,
    enableSorting: false,
    meta: { className: 'w-10' },
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all rows"
        checked={table.getIsAllPageRowsSelected()}
        indeterminate={table.getIsSomePageRowsSelected()}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <Checkbox aria-label={`Select ${rowName(row)}`} checked={row.getIsSelected()} disabled={!row.getCanSelect()} onChange={row.getToggleSelectedHandler()} />
    ),
  };
}
