import { SearchIcon } from './icons';
import { Input } from './Input';

/** Props of {@link DataTableSearch}. */
export interface DataTableSearchProps {
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
}

/** The table's search box. */
export function DataTableSearch({ value, placeholder = 'Search', onChange }: DataTableSearchProps) {
  return (
    <div className="relative w-full max-w-xs">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400" />
      <Input type="search" aria-label={placeholder} placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} className="pl-8" />
    </div>
  );
}
