import { useState, type AriaAttributes, type KeyboardEvent } from 'react';
import { Button } from './Button';
import { Input } from './Input';

/** Props of {@link TagInput}: FormField (or the caller) sets the id and the aria attributes on its text input. */
export interface TagInputProps extends Pick<AriaAttributes, 'aria-invalid' | 'aria-describedby' | 'aria-required'> {
  value: readonly string[];
  onChange(value: string[]): void;
  /** The list's accessible name ('Selections of Paint System'). */
  label: string;
  /** What the tags are ('selection'): names each Remove button ('Remove selection Zinc'); without it, 'Remove Zinc'. */
  noun?: string;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  /** The text input's type ('email' for addresses) and the longest tag. */
  type?: 'text' | 'email';
  maxLength?: number;
  /**
   * Refuses a tag with the message to show (a wrong address, one already there), or accepts it
   * (null). Without it, blanks and duplicates are left out silently.
   */
  check?(tag: string, value: readonly string[]): string | null;
  /** The message of the last tag refused, or null once the text changes or a tag is added: the caller shows it. */
  onProblem?(message: string | null): void;
  /** Whether text is typed but not added yet (an unsaved change of a dialog). */
  onPending?(pending: boolean): void;
}

/**
 * A list of strings as tags (a config's list parameter, a property's selections, an item's
 * notification e-mails): each tag has its Remove button; typing adds one on Enter or a comma,
 * or on leaving the field, when `check` accepts it.
 */
export function TagInput({
  value,
  onChange,
  noun,
  label,
  id,
  disabled = false,
  placeholder = 'Type and press Enter',
  type = 'text',
  maxLength = 200,
  check,
  onProblem,
  onPending,
  ...aria
}: TagInputProps) {
  const [text, setText] = useState('');
  const write = (next: string) => {
    setText(next);
    onProblem?.(null);
    onPending?.(next.trim() !== '');
  };
  const add = () => {
    const tag = text.trim();
    if (tag === '') return write('');
    const problem = check ? check(tag, value) : null;
    if (problem !== null) return onProblem?.(problem);
    write('');
    if (!value.includes(tag)) onChange([...value, tag]);
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
            <li
              key={tag}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-0.5 pr-1 pl-2.5 text-xs text-slate-800"
            >
              <span className="break-all">{tag}</span>
              {disabled ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-5 px-1"
                  aria-label={noun ? `Remove ${noun} ${tag}` : `Remove ${tag}`}
                  onClick={() => onChange(value.filter((other) => other !== tag))}
                >
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
        type={type}
        disabled={disabled}
        value={text}
        placeholder={disabled ? undefined : placeholder}
        maxLength={maxLength}
        onChange={(event) => write(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
      />
    </div>
  );
}
