import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_ITEM_EMAILS } from 'contracts/workflows';
import { Button, Input } from 'kit';
import { emailTagError } from './designerDraft';

export interface EmailTagInputProps {
  label: string;
  value: readonly string[];
  onChange(emails: string[]): void;
  /** Whether text is typed but not added yet (an unsaved change of the modal). */
  onPending?(pending: boolean): void;
}

/**
 * An item's notification e-mails as tags (spec 1 §5's e-mail tag rules): Enter, a comma or
 * leaving the field adds the address typed when it is valid ('Invalid Email Address'), new
 * ('Email Address already exists') and one of at most 10; each tag has its Remove button.
 */
export function EmailTagInput({ label, value, onChange, onPending }: EmailTagInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const full = value.length >= MAX_ITEM_EMAILS;
  const type = (next: string) => {
    setText(next);
    setError(null);
    onPending?.(next.trim() !== '');
  };
  const add = () => {
    const tag = text.trim();
    if (tag === '') return;
    const problem = emailTagError(tag, value);
    setError(problem);
    if (problem !== null) return;
    onChange([...value, tag]);
    type('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    }
  };
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {value.length > 0 ? (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {value.map((email) => (
            <li key={email} className="inline-flex max-w-full items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-0.5 pr-1 pl-2.5 text-xs text-slate-800">
              <span className="break-all">{email}</span>
              <Button variant="ghost" size="sm" className="h-5 px-1" aria-label={`Remove ${email}`} onClick={() => onChange(value.filter((other) => other !== email))}>
                <span aria-hidden="true">×</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={id}
        type="email"
        value={text}
        placeholder="name@example.com, then Enter"
        maxLength={254}
        invalid={error !== null}
        aria-describedby={[hintId, error !== null ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
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
