import type { Row, RowData } from '@tanstack/react-table';

declare module '@tanstack/react-table' {
  // Optional per-column styling for DataTable, e.g. `meta: { className: 'w-24 text-right' }`.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and body cells. */
    className?: string;
    /**
     * The column's text in an Export CSV (DataTable's `exportCsv`), when its cell is more than its
     * value ('Unlimited', a date, a badge's word); `false` leaves the column out. Without it a
     * column exports its value, and a column without a value is left out.
     */
    csv?: ((row: TData) => unknown) | false;
    /**
     * The column's place on a phone, where each row is a card (DataTableCards.tsx): 'title' heads
     * the card and opens the row, 'field' is listed under its header, 'action' sits at the card's
     * foot. Columns without it are left off the card; a table with no such column stays a table.
     */
    card?: 'title' | 'field' | 'action';
  }
}

/** The search box's filter: a case-insensitive substring of any string or number cell. */
export function matchesSearch<T>(row: Row<T>, columnId: string, search: string): boolean {
  const value = row.getValue(columnId);
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  return String(value).toLowerCase().includes(search.trim().toLowerCase());
}

/** Elements whose clicks belong to themselves, not to a clickable row around them. */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"], [role="checkbox"], [role="switch"], [role="link"], [role="menuitem"]';

/** True when `target` is, or is inside, an interactive element within `row` (but not the row itself). */
export function isInsideInteractive(target: EventTarget | null, row: Element): boolean {
  if (!(target instanceof Element)) return false;
  const hit = target.closest(INTERACTIVE);
  return hit !== null && hit !== row && row.contains(hit);
}
