import { Button } from './Button';
import { formatCount } from './number.format';

/** Props of {@link DataTablePager}. */
export interface DataTablePagerProps {
  /** Zero-based. */
  pageIndex: number;
  pageSize: number;
  pageCount: number;
  total: number;
  /** False when `total` is only a lower bound ('of more than 10,000'): the last page is not known. */
  totalExact?: boolean;
  /** How many rows the page shows (the last page's range, when the total is not exact). */
  shown?: number;
  onPageChange: (index: number) => void;
}

/**
 * '1–25 of 1,320' for the rows shown; 'No records' when there are none; '1–25 of more than
 * 10,000' when the server counted only that far.
 */
export function rangeText(pageIndex: number, pageSize: number, total: number, totalExact = true, shown = pageSize): string {
  if (total <= 0) return 'No records';
  if (!totalExact) return `${formatCount(pageIndex * pageSize + 1)}–${formatCount(pageIndex * pageSize + shown)} of more than ${formatCount(total)}`;
  const first = Math.min(pageIndex * pageSize + 1, total);
  const last = Math.min((pageIndex + 1) * pageSize, total);
  return `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`;
}

/** The table's footer: which rows of how many ('1–25 of 1,320'), 'Page X of Y', Previous and Next. */
export function DataTablePager({ pageIndex, pageSize, pageCount, total, totalExact = true, shown = pageSize, onPageChange }: DataTablePagerProps) {
  const pages = Math.max(pageCount, 1);
  // Not knowing the total, a page that is not full is the last.
  const lastPage = totalExact ? pageIndex >= pages - 1 : shown < pageSize;
  return (
    <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-3 py-2 text-sm text-slate-600">
      <span>{rangeText(pageIndex, pageSize, total, totalExact, shown)}</span>
      <div className="flex items-center gap-2">
        <span aria-live="polite">{totalExact ? `Page ${Math.min(pageIndex + 1, pages)} of ${pages}` : `Page ${pageIndex + 1}`}</span>
        <Button variant="secondary" size="sm" disabled={pageIndex <= 0} onClick={() => onPageChange(pageIndex - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={lastPage} onClick={() => onPageChange(pageIndex + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
