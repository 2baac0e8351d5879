import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';

/** The look of every text control; shared with Select. */
/**
 * The look of every text control. Full width unless the caller's className sets a width:
 * two width utilities on one element would leave the winner to stylesheet order.
 */
export const controlClass = (invalid: boolean, className?: string) =>
  cx(
    'block rounded-md border bg-white px-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
    /(^|\s)(w-|max-w-)/.test(className ?? '') ? null : 'w-full',
    'focus-visible:ring-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    invalid ? 'border-red-500 focus-visible:ring-red-500' : 'border-slate-300 focus-visible:border-brand-500 focus-visible:ring-brand-500',
  );

/** True when the control was marked invalid directly or through aria-invalid (as FormField does). */
export const isInvalid = (invalid: boolean | undefined, ariaInvalid: unknown) => Boolean(invalid) || ariaInvalid === true || ariaInvalid === 'true';

/** Props of {@link Input}. */
export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Marks the value as wrong: red border and aria-invalid. */
  invalid?: boolean;
}

/** A single-line text input. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ invalid, className, ...rest }, ref) {
  const bad = isInvalid(invalid, rest['aria-invalid']);
  return <input ref={ref} {...rest} aria-invalid={bad || undefined} className={cx(controlClass(bad, className), 'h-9', className)} />;
});

/** Props of {@link Textarea}. */
export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Marks the value as wrong: red border and aria-invalid. */
  invalid?: boolean;
}

/** A multi-line text input. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ invalid, className, rows = 3, ...rest }, ref) {
  const bad = isInvalid(invalid, rest['aria-invalid']);
  return <textarea ref={ref} rows={rows} {...rest} aria-invalid={bad || undefined} className={cx(controlClass(bad, className), 'py-2', className)} />;
});
