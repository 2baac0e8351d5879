import { Button } from './Button';

/** Props of {@link DataTablePager}. */
export interface DataTablePagerProps {
  /** Zero-based. */
  pageIndex: number;
  pageSize: number;
  pageCount: number;
  total: number;
  onPageChange: (index: number) => void;
}

const count = new Intl.NumberFormat('en-US');

/** '1–25 of 1,320' for the rows shown; 'No records' when there are none. */
export function rangeText(pageIndex: number, pageSize: number, total: number): string {
  if (total <= 0) return 'No records';
  const first = Math.min(pageIndex * pageSize + 1, total);
  const last = Math.min((pageIndex + 1) * pageSize, total);
  return `${count.format(first)}–${count.format(last)} of ${count.format(total)}`;
}

/** The table's footer: which rows of how many ('1–25 of 1,320'), 'Page X of Y', Previous and Next. */
export function DataTablePager({ pageIndex, pageSize, pageCount, total, onPageChange }: DataTablePagerProps) {
  const pages = Math.max(pageCount, 1);
  return (
    <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-3 py-2 text-sm text-slate-600">
      <span>{rangeText(pageIndex, pageSize, total)}</span>
      <div className="flex items-center gap-2">
        <span aria-live="polite">
          Page {Math.min(pageIndex + 1, pages)} of {pages}
        </span>
        <Button variant="secondary" size="sm" disabled={pageIndex <= 0} onClick={() => onPageChange(pageIndex - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={pageIndex >= pages - 1} onClick={() => onPageChange(pageIndex + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
