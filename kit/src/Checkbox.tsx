import { forwardRef, useEffect, useImperativeHandle, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';

/** Props of {@link Checkbox}: a native checkbox's attributes (its type is fixed). */
export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Text beside the box; clicking it toggles the box. */
  label?: ReactNode;
  /** Shows the "some but not all" state (e.g. a select-all box). */
  indeterminate?: boolean;
}

/** A native checkbox, optionally labelled. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, indeterminate = false, className, disabled, ...rest }, ref) {
  const inner = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => inner.current as HTMLInputElement);
  // indeterminate is a DOM property only; React cannot set it as an attribute.
  useEffect(() => {
    if (inner.current) inner.current.indeterminate = indeterminate;
  }, [indeterminate]);

  const box = (
    <input
      ref={inner}
      type="checkbox"
      disabled={disabled}
      className={cx(
        'size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600 focus-visible:ring-2 ' +
          'focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none ' +
          'disabled:cursor-not-allowed',
        !label && className,
      )}
      {...rest}
    />
  );
  if (!label) return box;
  return (
    <label
      className={cx('inline-flex items-center gap-2 text-sm text-slate-700', disabled ? 'cursor-not-allowed text-slate-400' : 'cursor-pointer', className)}
    >
      {box}
      <span>{label}</span>
    </label>
  );
});
