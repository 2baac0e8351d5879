import { useId } from 'react';
import { SearchIcon } from './icons';
import { Input } from './Input';

/** Props of {@link DataTableSearch}. */
export interface DataTableSearchProps {
  value: string;
  /** The label on screen (issue 36 item 17: every filter has one); the placeholder's text, else 'Search'. */
  label?: string;
  placeholder?: string;
  onChange: (value: string) => void;
}

/** The table's search box, with its label on screen above it (also its accessible name). */
export function DataTableSearch({ value, label, placeholder = 'Search', onChange }: DataTableSearchProps) {
  const id = useId();
  const shown = label ?? placeholder;
  return (
    <div className="flex w-full max-w-xs flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {shown}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400" />
        <Input
          id={id}
          type="search"
          placeholder={shown === placeholder ? undefined : placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="pl-8"
        />
      </div>
    </div>
  );
}
