import type { ReactNode } from 'react';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  title: ReactNode;
  /** A sentence on why it is empty or what to do. */
  children?: ReactNode;
  /** A button to fill it, e.g. Create project. */
  action?: ReactNode;
}

/** What a screen shows when it has nothing to list yet. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-md border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      {children && <div className="max-w-md text-sm text-slate-500">{children}</div>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
