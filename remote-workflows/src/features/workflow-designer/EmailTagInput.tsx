import { useId, useState } from 'react';
import { MAX_ITEM_EMAILS } from 'contracts/workflows';
import { TagInput } from 'kit';
import { emailTagError } from './designerDraft';

export interface EmailTagInputProps {
  label: string;
  value: readonly string[];
  onChange(emails: string[]): void;
  /** Whether text is typed but not added yet (an unsaved change of the modal). */
  onPending?(pending: boolean): void;
}

/**
 * An item's notification e-mails as tags (spec 1 §5's e-mail tag rules, on the kit's TagInput):
 * Enter, a comma or leaving the field adds the address typed when it is valid ('Invalid Email
 * Address'), new ('Email Address already exists') and one of at most 10.
 */
export function EmailTagInput({ label, value, onChange, onPending }: EmailTagInputProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const full = value.length >= MAX_ITEM_EMAILS;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <TagInput
        id={id}
        label={label}
        type="email"
        value={value}
        onChange={onChange}
        placeholder="name@example.com, then Enter"
        maxLength={254}
        check={emailTagError}
        onProblem={setError}
        onPending={onPending}
        aria-invalid={error !== null}
        aria-describedby={[hintId, error !== null ? errorId : null].filter(Boolean).join(' ')}
      />
      <p id={hintId} className="text-xs text-slate-500">
        {full ? `${MAX_ITEM_EMAILS} addresses, the most an item has: remove one to add another.` : `${value.length} of at most ${MAX_ITEM_EMAILS} addresses.`}
      </p>
      {error !== null ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
