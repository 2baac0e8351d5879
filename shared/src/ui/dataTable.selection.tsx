import type { ColumnDef } from '@tanstack/react-table';
import { Checkbox } from './Checkbox';

/** The id of the checkbox column DataTable adds for row selection. */
export const SELECT_COLUMN_ID = '__select';

/** A first column of checkboxes: select-all (this page) in the header, one per row. */
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
      <Checkbox aria-label="Select row" checked={row.getIsSelected()} disabled={!row.getCanSelect()} onChange={row.getToggleSelectedHandler()} />
    ),
  };
}
