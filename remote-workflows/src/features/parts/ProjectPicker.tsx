import { useId, useState, type ReactNode } from 'react';
import { Checkbox, Input, rowWindow } from 'kit';

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
/** Beyond this many, only the checkboxes in view are drawn (issue 38: a super administrator may choose among thousands). */
const WINDOW_FROM = 100;
/** A checkbox's line when the list is drawn a window at a time (h-7), and the box's height (max-h-48). */
const ROW = 28;
const BOX = 192;
const OVERSCAN = 6;

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
      {choices.length > FILTER_FROM ? (
        <Input
          aria-label="Filter projects"
          placeholder="Filter projects"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="max-w-xs"
        />
      ) : null}
      {loading ? (
        <p className="text-sm text-slate-500">Loading your projects…</p>
      ) : (
        <ChoiceList shown={shown} choices={choices} chosen={chosen} onToggle={onToggle} disabled={disabled} />
      )}
      {error ? (
        <div id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * The checkboxes in a scrolling box. Past {@link WINDOW_FROM} projects only those in view (and a
 * few around them) are drawn, each one line high; the focused one stays drawn while scrolled
 * away, and tabbing on scrolls the next into view and draws it.
 */
function ChoiceList({
  shown,
  choices,
  chosen,
  onToggle,
  disabled,
}: {
  shown: readonly ProjectChoice[];
  choices: readonly ProjectChoice[];
  chosen: readonly number[];
  onToggle: ProjectPickerProps['onToggle'];
  disabled: boolean;
}) {
  const [scrollTop, setScrollTop] = useState(0);
  const [focused, setFocused] = useState<number | null>(null);
  const windowed = shown.length > WINDOW_FROM;
  const row = (choice: ProjectChoice, top?: number) => (
    <li
      key={choice.projectId}
      data-project={choice.projectId}
      className={top === undefined ? undefined : 'absolute inset-x-2 flex h-7 items-center'}
      style={top === undefined ? undefined : { top }}
    >
      <Checkbox
        label={`${choice.name} (${choice.projectId})`}
        className={top === undefined ? undefined : 'min-w-0 truncate'}
        checked={chosen.includes(choice.projectId)}
        disabled={disabled}
        onChange={(event) => onToggle(choice.projectId, event.target.checked)}
      />
    </li>
  );
  const empty =
    shown.length === 0 ? (
      <li className="text-sm text-slate-500">{choices.length === 0 ? 'No projects to choose.' : 'No project matches the filter.'}</li>
    ) : null;
  if (!windowed)
    return (
      <ul className="max-h-48 space-y-1 overflow-y-auto rounded border border-slate-200 p-2">
        {shown.map((choice) => row(choice))}
        {empty}
      </ul>
    );
  const { start, end } = rowWindow(shown.length, ROW, scrollTop, BOX, OVERSCAN);
  const focusedAt = focused === null ? -1 : shown.findIndex((choice) => choice.projectId === focused);
  const drawn = [
    ...(focusedAt >= 0 && focusedAt < start ? [focusedAt] : []),
    ...Array.from({ length: end - start }, (_, i) => start + i),
    ...(focusedAt >= end ? [focusedAt] : []),
  ];
  return (
    <ul
      className="relative max-h-48 overflow-y-auto rounded border border-slate-200"
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      onFocus={(event) => setFocused(Number((event.target as Element).closest('[data-project]')?.getAttribute('data-project')) || null)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocused(null);
      }}
    >
      <li aria-hidden="true" style={{ height: shown.length * ROW + 16 }} />
      {drawn.map((index) => row(shown[index]!, 8 + index * ROW))}
    </ul>
  );
}
