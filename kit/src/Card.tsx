import type { ReactNode } from 'react';
import { cx } from './cx';

/** Props of {@link Card}. */
export interface CardProps {
  /** A heading for the card (an h2). */
  title?: ReactNode;
  /** Controls at the right of the heading. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A white, bordered panel grouping related content. */
export function Card({ title, actions, children, className }: CardProps) {
  return (
    <section className={cx('rounded-md border border-slate-200 bg-white shadow-xs', className)}>
      {(title || actions) && (
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2.5">
          {title && <h2 className="text-sm font-semibold text-slate-900">{title}</h2>}
          {actions && <div className="ml-auto flex items-center gap-2">{actions}</div>}
        </div>
      )}
      <div className="p-4 text-sm text-slate-700">{children}</div>
    </section>
  );
}
