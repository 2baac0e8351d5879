import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cx } from './cx';
import { SpinnerIcon } from './Spinner';

const VARIANTS = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:bg-brand-600/60',
  secondary: 'border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 disabled:text-slate-400',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:bg-red-600/60',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  link: 'text-brand-600 underline-offset-2 hover:underline disabled:text-slate-400',
} as const;

const SIZES = { sm: 'h-7 px-2.5 text-xs', md: 'h-9 px-3.5 text-sm' } as const;

/** Props of {@link Button}: every native button attribute, plus the look. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The look: primary (default) for the main action, danger for destructive ones. */
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Shows a spinner beside the label and disables the button while an action runs. */
  loading?: boolean;
}

/** The classes of a button of `variant` and `size`, for a link that looks like one (Cancel, Edit). */
export function buttonClass({ variant = 'primary', size = 'md', className }: Pick<ButtonProps, 'variant' | 'size' | 'className'> = {}): string {
  return cx(
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-1.5 rounded-md font-medium ' +
      'whitespace-nowrap transition-colors motion-reduce:transition-none',
    'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none disabled:cursor-not-allowed',
    VARIANTS[variant],
    variant === 'link' ? 'h-auto px-0' : SIZES[size],
    className,
  );
}

/** The console's button. `type` defaults to "button" so it never submits a form by accident. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', loading = false, disabled, type = 'button', className, children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClass({ variant, size, className })}
      {...rest}
    >
      {loading && <SpinnerIcon className="size-4" />}
      {children}
    </button>
  );
});
