import { cloneElement, useId, type AriaAttributes, type ReactElement, type ReactNode } from 'react';

/** The props FormField sets on its control. */
type ControlProps = { id?: string } & Pick<AriaAttributes, 'aria-invalid' | 'aria-describedby' | 'aria-required'>;

/** Props of {@link FormField}. */
export interface FormFieldProps {
  label: ReactNode;
  /** The message shown under the control; marks the control invalid and is announced. */
  error?: ReactNode;
  /** Help text under the control, read out with it. */
  hint?: ReactNode;
  /** Shows a required marker and sets aria-required on the control. */
  required?: boolean;
  /** The one control (Input, Select, Textarea...) the label belongs to. */
  children: ReactElement<ControlProps>;
  /** The control's id; generated when neither this nor the control gives one. */
  id?: string;
  className?: string;
}

/** A labelled form control with its hint and error, wired together for screen readers. */
export function FormField({ label, error, hint, required = false, children, id, className }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? children.props.id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [children.props['aria-describedby'], hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ');

  const control = cloneElement(children, {
    id: controlId,
    'aria-invalid': hasError ? true : children.props['aria-invalid'],
    'aria-describedby': describedBy || undefined,
    'aria-required': required ? true : children.props['aria-required'],
  });

  return (
    <div className={className ?? 'space-y-1'}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-700">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        )}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {hasError && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
