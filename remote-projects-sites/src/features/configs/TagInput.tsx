import { useState, type AriaAttributes, type KeyboardEvent } from 'react';
import { Button, Input } from 'kit';

/** Props of {@link TagInput}: FormField sets the id and the aria attributes on its text input. */
export interface TagInputProps extends Pick<AriaAttributes, 'aria-invalid' | 'aria-describedby' | 'aria-required'> {
  value: readonly string[];
  onChange(value: string[]): void;
  /** What the tags are ('selection'): names each Remove button ('Remove selection Zinc'). */
  noun: string;
  /** The list's accessible name ('Selections of Paint System'). */
  label: string;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * A list of strings (a list parameter, a property's selections): each a tag with its Remove
 * button; typing adds one on Enter or a comma, or on leaving the field. Duplicates and blanks
 * are left out.
 */
export function TagInput({ value, onChange, noun, label, id, disabled = false, placeholder = 'Type and press Enter', ...aria }: TagInputProps) {
  const [text, setText] = useState('');
  const add = () => {
    const tag = text.trim();
    setText('');
    if (tag !== '' && !value.includes(tag)) onChange([...value, tag]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    }
  };
  return (
    <div className="space-y-1.5">
      {value.length > 0 ? (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {value.map((tag) => (
            <li key={tag} className="inline-flex max-w-full items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-0.5 pr-1 pl-2.5 text-xs text-slate-800">
              <span className="break-all">{tag}</span>
              {disabled ? null : (
                <Button variant="ghost" size="sm" className="h-5 px-1" aria-label={`Remove ${noun} ${tag}`} onClick={() => onChange(value.filter((other) => other !== tag))}>
                  <span aria-hidden="true">×</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={id}
        {...aria}
        disabled={disabled}
        value={text}
        placeholder={disabled ? undefined : placeholder}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
      />
    </div>
  );
}
