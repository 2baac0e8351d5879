import { Button } from './Button';

/** Props of {@link DataTablePager}. */
export interface DataTablePagerProps {
  /** Zero-based. */
  pageIndex: number;
  pageCount: number;
  total: number;
  onPageChange: (index: number) => void;
}

/** The table's footer: record count, 'Page X of Y', Previous and Next. */
export function DataTablePager({ pageIndex, pageCount, total, onPageChange }: DataTablePagerProps) {
  const pages = Math.max(pageCount, 1);
  return (
    <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-3 py-2 text-sm text-slate-600">
      <span>
        {total} {total === 1 ? 'record' : 'records'}
      </span>
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
