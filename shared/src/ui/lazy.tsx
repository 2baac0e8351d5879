/**
 * The kit's heavy parts, loaded when first drawn rather than with the console: a table
 * (TanStack Table) and a dialog (Radix) are on most screens but not on the sign-in pages,
 * which must load fast. Each keeps its props and types; a table shows a spinner the moment it
 * takes to arrive, a dialog nothing until it is open.
 */
import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps, DialogProps } from './Dialog';
import type { DataTableProps } from './DataTable';
import { Spinner } from './Spinner';

const LazyTable = lazy(() => import('./DataTable').then((m) => ({ default: m.DataTable as (props: DataTableProps<unknown>) => React.JSX.Element })));
const LazyDialog = lazy(() => import('./Dialog').then((m) => ({ default: m.Dialog })));
const LazyConfirm = lazy(() => import('./Dialog').then((m) => ({ default: m.ConfirmDialog })));

/** A sortable, searchable, paged table of `data` (see DataTable.tsx). */
export function DataTable<T>(props: DataTableProps<T>) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center rounded-md border border-slate-200 bg-white py-10">
          <Spinner />
        </div>
      }
    >
      <LazyTable {...(props as DataTableProps<unknown>)} />
    </Suspense>
  );
}

/** A modal dialog (see Dialog.tsx); nothing is fetched until it first opens. */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyDialog {...props} />
    </Suspense>
  );
}

/** A confirmation dialog (see Dialog.tsx); nothing is fetched until it first opens. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyConfirm {...props} />
    </Suspense>
  );
}
