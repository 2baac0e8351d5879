import { cx } from './cx';

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  size?: keyof typeof SIZES;
  className?: string;
}

/** The spinning ring alone, hidden from assistive technology (buttons use it beside their label). */
export function SpinnerIcon({ className }: { className?: string }) {
  return (
    <svg className={cx('animate-spin', className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** A loading indicator announced to screen readers as `label`. */
export function Spinner({ label = 'Loading', size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cx('inline-flex text-brand-600', className)}>
      <SpinnerIcon className={SIZES[size]} />
    </span>
  );
}

/** A large spinner centred in the page area, for a whole screen that is loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] w-full items-center justify-center">
      <Spinner label={label} size="lg" />
    </div>
  );
}
