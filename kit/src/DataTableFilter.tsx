import type { ReactNode } from 'react';

/** Props of {@link DataTableFilter}. */
export interface DataTableFilterProps {
  /** The filter's label, on screen above it. */
  label: string;
  /** The control (a select, the licence select): named by the label it sits in. */
  children: ReactNode;
}

/** A list's filter with its label on screen above it (issue 36 item 17), for a toolbar beside the search. */
export function DataTableFilter({ label, children }: DataTableFilterProps) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-xs font-medium text-slate-700">{label}</span>
      {children}
    </label>
  );
}
