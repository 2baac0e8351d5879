import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cx } from './cx';
import { controlClass, isInvalid } from './Input';

/** The spec's wording for an empty select. */
export const SELECT_PLACEHOLDER = 'Select an option...';

/** One choice of a {@link Select}. */
export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

/** Props of {@link Select}. */
export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  options: SelectOption[];
  /** When given, a first empty option (value '') with this text, e.g. {@link SELECT_PLACEHOLDER}. */
  placeholder?: string;
  /** Marks the value as wrong: red border and aria-invalid. */
  invalid?: boolean;
}

/** A width the caller fixed (`w-56`), as opposed to full width or the content's. */
const FIXED_WIDTH = /(^|\s)w-(?!full\b|auto\b|fit\b)/;

/**
 * A native select built from `options`. It never cuts the chosen name: it is as wide as its
 * longest option (a width the caller gives is a minimum), within its container.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ options, placeholder, invalid, className, ...rest }, ref) {
  const bad = isInvalid(invalid, rest['aria-invalid']);
  return (
    <select
      ref={ref}
      {...rest}
      aria-invalid={bad || undefined}
      className={cx(
        controlClass(bad, className),
        'h-9 pr-8',
        !/(^|\s)max-w-/.test(className ?? '') && 'max-w-full',
        FIXED_WIDTH.test(className ?? '') && 'min-w-fit',
        className,
      )}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
});
