import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the right, e.g. Add user. */
  actions?: ReactNode;
  /** A link back to the parent screen, shown above the title ('Back' unless labelled). */
  back?: { to: string; label?: string };
}

/** The top of a screen: its title (the page's h1), description and actions. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <header className="mb-5 space-y-1">
      {back && (
        <Link
          to={back.to}
          className="inline-flex items-center gap-1 rounded text-sm text-brand-600 hover:underline focus-visible:ring-2
              focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          <span aria-hidden="true">←</span>
          {back.label ?? 'Back'}
        </Link>
      )}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}
