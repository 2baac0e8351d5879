/**
 * The kit's heavy parts, loaded when first drawn rather than with the console: a table
 * (TanStack Table) and a dialog (Radix) are on most screens but not on the sign-in pages,
 * which must load fast. Each keeps its props and types; a table shows a spinner the moment it
 * takes to arrive, a dialog nothing until it is open.
 */
import { useEffect, useReducer, type ComponentType, type ReactNode } from 'react';
import type { ConfirmDialogProps, DialogProps } from './Dialog';
import type { DataTableProps } from './DataTable';
import { Spinner } from './Spinner';

/**
 * A component loaded when first drawn (not when made), showing `fallback` until it is in. Not
 * React.lazy under Suspense: React holds back a Suspense boundary's content for up to 300 ms
 * after its fallback showed, which made a screen (and then its first table) wait that long
 * after it had arrived. A module that fails to load throws to the nearest error boundary, and
 * stays failed: make a new one to try again. The host loads remotes' screens with it too.
 * `preload()` loads it ahead (and runs its module): drawn after that has settled, it draws at
 * once, without its fallback's extra render (issue 38: a sign-in's landing screen and table).
 */
export type Loadable<P extends object> = ComponentType<P> & { preload(): Promise<void> };

export function loadable<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode): Loadable<P> {
  let Loaded: ComponentType<P> | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<void> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        failure = { error };
      },
    ));
  function Loadable(props: P) {
    const [, arrived] = useReducer((n: number) => n + 1, 0);
    // Always wait on the promise: the module may have arrived between this render (the
    // fallback) and this effect, and then only a new render shows it.
    useEffect(() => {
      let current = true;
      void start().then(() => current && arrived());
      return () => {
        current = false;
      };
    }, []);
    if (failure) throw failure.error;
    return Loaded ? <Loaded {...props} /> : <>{fallback}</>;
  }
  return Object.assign(Loadable, { preload: start });
}

const LoadableTable = loadable<DataTableProps<unknown>>(
  () => import('./DataTable').then((m) => m.DataTable as ComponentType<DataTableProps<unknown>>),
  <div className="flex justify-center rounded-md border border-slate-200 bg-white py-10">
    <Spinner />
  </div>,
);
/** Loads the table ahead of a screen that draws one (a sign-in's landing list), so it draws at once. */
export const preloadDataTable = (): Promise<void> => LoadableTable.preload();
const LoadableDialog = loadable<DialogProps>(() => import('./Dialog').then((m) => m.Dialog), null);
const LoadableConfirm = loadable<ConfirmDialogProps>(() => import('./Dialog').then((m) => m.ConfirmDialog), null);

/** A sortable, searchable, paged table of `data` (see DataTable.tsx). */
export function DataTable<T>(props: DataTableProps<T>) {
  return <LoadableTable {...(props as DataTableProps<unknown>)} />;
}

/** A modal dialog (see Dialog.tsx); nothing is fetched until it first opens. */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <LoadableDialog {...props} />;
}

/** A confirmation dialog (see Dialog.tsx); nothing is fetched until it first opens. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return <LoadableConfirm {...props} />;
}
