import type { ReactNode } from 'react';
import { cx } from './cx';
import { CloseIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';

const VARIANTS = {
  info: { box: 'border-brand-200 bg-brand-50 text-brand-900', icon: 'text-brand-600', Icon: InfoIcon },
  success: { box: 'border-green-200 bg-green-50 text-green-900', icon: 'text-green-600', Icon: SuccessIcon },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: 'text-amber-600', Icon: WarningIcon },
  danger: { box: 'border-red-200 bg-red-50 text-red-900', icon: 'text-red-600', Icon: WarningIcon },
} as const;

/** Props of {@link Alert}. */
export interface AlertProps {
  /** warning and danger interrupt screen readers (role="alert"); info and success are polite (role="status"). */
  variant?: keyof typeof VARIANTS;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a close button labelled 'Close'. */
  onClose?: () => void;
  /** A control shown at the end, e.g. a Retry button. */
  action?: ReactNode;
  className?: string;
}

/** A message box inside the page (for passing notices use `notify`). */
export function Alert({ variant = 'info', title, children, onClose, action, className }: AlertProps) {
  const { box, icon, Icon } = VARIANTS[variant];
  return (
    <div
      role={variant === 'warning' || variant === 'danger' ? 'alert' : 'status'}
      className={cx('flex items-start gap-3 rounded-md border px-3.5 py-3 text-sm', box, className)}
    >
      <Icon className={cx('mt-0.5 size-4 shrink-0', icon)} />
      <div className="min-w-0 flex-1 space-y-0.5">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
      {action && <div className="shrink-0 self-center">{action}</div>}
      {onClose && (
        <button
          type="button"
          aria-label="Close"
          onClick={onClose}
          className="-m-1 shrink-0 cursor-pointer rounded p-1 opacity-70 hover:opacity-100 focus-visible:ring-2
              focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          <CloseIcon className="size-4" />
        </button>
      )}
    </div>
  );
}
