import { useId, useState } from 'react';
import { Input } from 'kit';
import { weightError } from './designerDraft';

export interface WeightFieldProps {
  label: string;
  value: number;
  /** The messages of a weight below 0 and above 100 (phase or item). */
  min: string;
  max: string;
  disabled?: boolean;
  /** Called with each valid weight typed; an invalid text stays in the field with its message. */
  onChange(weight: number): void;
  /** Told whether the text typed is not a weight (a modal keeps Apply off meanwhile). */
  onInvalid?(invalid: boolean): void;
  /** Shows the label above the field (the weights modals) instead of only naming it. */
  visibleLabel?: boolean;
}

/**
 * A weight from 0 to 100 (spec 2 §5): what is typed stays as typed, with the spec's message
 * under it while it is not a weight; each valid value reaches the draft at once.
 */
export function WeightField({ label, value, min, max, disabled = false, onChange, onInvalid, visibleLabel = false }: WeightFieldProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  // Set from outside (a weights modal, spread evenly): the field shows the new value.
  if (value !== shown) {
    setShown(value);
    setText(String(value));
  }
  const error = weightError(text, min, max);
  return (
    <div className={visibleLabel ? 'space-y-1' : 'w-24 shrink-0 space-y-1'}>
      {visibleLabel ? (
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
      ) : null}
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        step="any"
        min={0}
        max={100}
        aria-label={visibleLabel ? undefined : label}
        value={text}
        disabled={disabled}
        invalid={error !== null}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        className={visibleLabel ? 'w-32' : undefined}
        onChange={(event) => {
          setText(event.target.value);
          const bad = weightError(event.target.value, min, max) !== null;
          onInvalid?.(bad);
          if (!bad) {
            const weight = Number(event.target.value);
            setShown(weight);
            onChange(weight);
          }
        }}
      />
      {error !== null ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
