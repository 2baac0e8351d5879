import { useId, type ReactNode } from 'react';
import { cx } from './cx';

/** Props of {@link Switch}. */
export interface SwitchProps {
  checked: boolean;
  /** Called with the new state when the user flips the switch. */
  onCheckedChange: (checked: boolean) => void;
  /** The visible label, which is also the switch's accessible name. */
  label: ReactNode;
  disabled?: boolean;
  id?: string;
}

/** An on/off toggle (role="switch") with a visible label. */
export function Switch({ checked, onCheckedChange, label, disabled = false, id }: SwitchProps) {
  const generated = useId();
  const buttonId = id ?? generated;
  return (
    <div className="inline-flex items-center gap-2">
      <button
        id={buttonId}
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        className={cx(
          'relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full transition-colors motion-reduce:transition-none',
          'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 ' +
            'focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50',
          checked ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cx('inline-block size-4 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-4.5' : 'translate-x-0.5')}
        />
      </button>
      <label htmlFor={buttonId} className={cx('text-sm', disabled ? 'text-slate-400' : 'cursor-pointer text-slate-700')}>
        {label}
      </label>
    </div>
  );
}
