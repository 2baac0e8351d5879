import { useId, useState, type ReactNode } from 'react';
import { Checkbox, Input } from 'kit';

/** A project a workflow or a preservation may be given to. */
export interface ProjectChoice {
  projectId: number;
  name: string;
}

export interface ProjectPickerProps {
  choices: readonly ProjectChoice[];
  chosen: readonly number[];
  /** Asked to tick (true) or untick a project; the page applies the project rules first. */
  onToggle(projectId: number, on: boolean): void;
  disabled?: boolean;
  /** Why the last change was refused, or a rule the choice breaks now (shown under the list). */
  error?: ReactNode;
  loading?: boolean;
}

/** Beyond this many projects, a filter above the list. */
const FILTER_FROM = 8;

/**
 * The projects of a workflow or a preservation, or those a configuration is copied to (spec 2
 * §2: one or many of the user's assigned active projects): a checkbox each, in a scrolling list
 * with a filter when there are many, the names chosen above it.
 */
export function ProjectPicker({ choices, chosen, onToggle, disabled = false, error, loading = false }: ProjectPickerProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = choices
    .filter((choice) => needle === '' || choice.name.toLowerCase().includes(needle) || String(choice.projectId) === needle)
    .sort((a, b) => a.name.localeCompare(b.name) || a.projectId - b.projectId);
  const errorId = `${id}-error`;
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">
        Projects<span className="ml-1 font-normal text-slate-500">{`(${chosen.length} chosen)`}</span>
      </legend>
      {chosen.length > 0 ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium">Chosen: </span>
          {choices
            .filter((choice) => chosen.includes(choice.projectId))
            .map((choice) => choice.name)
            .join(', ')}
        </p>
      ) : null}
      {choices.length > FILTER_FROM ? <Input aria-label="Filter projects" placeholder="Filter projects" value={filter} onChange={(event) => setFilter(event.target.value)} className="max-w-xs" /> : null}
      {loading ? (
        <p className="text-sm text-slate-500">Loading your projects…</p>
      ) : (
        <ul className="max-h-48 space-y-1 overflow-y-auto rounded border border-slate-200 p-2">
          {shown.map((choice) => (
            <li key={choice.projectId}>
              <Checkbox
                label={`${choice.name} (${choice.projectId})`}
                checked={chosen.includes(choice.projectId)}
                disabled={disabled}
                onChange={(event) => onToggle(choice.projectId, event.target.checked)}
              />
            </li>
          ))}
          {shown.length === 0 ? <li className="text-sm text-slate-500">{choices.length === 0 ? 'No projects to choose.' : 'No project matches the filter.'}</li> : null}
        </ul>
      )}
      {error ? (
        <div id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
