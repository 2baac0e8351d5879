import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cx } from 'kit';
import type { CurrentSection, NavItem, NavLinkEntry } from './navigation';

/** An entry's key: a remote declares each label once. */
const keyOf = (entry: NavLinkEntry) => `${entry.remoteId}-${entry.label}`;

const focusRing = 'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

function EntryLink({ entry, current, nested }: { entry: NavLinkEntry; current: boolean; nested?: boolean }) {
  return (
    <Link
      to={entry.to}
      aria-current={current ? 'page' : undefined}
      className={cx(
        'block rounded-md border-l-4 py-1.5 pr-3 text-sm transition',
        nested ? 'pl-7' : 'pl-3',
        current ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700' : 'border-transparent text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        focusRing,
      )}
    >
      {entry.label}
    </Link>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={cx('h-4 w-4 shrink-0 transition-transform', open && 'rotate-90')}
    >
      <path d="M7.5 5l5 5-5 5" />
    </svg>
  );
}

interface GroupProps {
  label: string;
  entries: NavLinkEntry[];
  open: boolean;
  onToggle: () => void;
  /** The entry of the page's section, when it is in this group. */
  currentEntry?: NavLinkEntry;
  /** The page is in this group's section (marked on the button too, for when it is closed). */
  holdsCurrent: boolean;
}

/** A group: a button that opens and closes its links (the disclosure pattern: Enter or Space). */
function Group({ label, entries, open, onToggle, currentEntry, holdsCurrent }: GroupProps) {
  const listId = useId();
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
        className={cx(
          // Level with the links beside it (their left border is 4 px): a group reads as one of the sections.
          'flex w-full items-center justify-between gap-2 rounded-md py-1.5 pr-3 pl-4 text-left text-sm font-medium transition hover:bg-slate-100',
          holdsCurrent ? 'text-brand-700' : 'text-slate-700 hover:text-slate-900',
          focusRing,
        )}
      >
        {label}
        <Chevron open={open} />
      </button>
      <ul id={listId} hidden={!open} className="mb-1 space-y-0.5">
        {entries.map((entry) => (
          <li key={keyOf(entry)}>
            <EntryLink entry={entry} current={currentEntry !== undefined && keyOf(entry) === keyOf(currentEntry)} nested />
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The navigation's links and groups. The group of the page's section opens by itself on each
 * new page; the user opens and closes any group, and a group they opened stays open.
 */
export function NavTree({ items, current }: { items: NavItem[]; current: CurrentSection }) {
  // What the user chose per group; a group without a choice is open while it holds the page.
  const [chosen, setChosen] = useState<Partial<Record<string, boolean>>>({});
  // Each new page opens its group, even one the user closed before (React's way of adjusting
  // state to a changed prop, without an effect).
  const { pathname } = useLocation();
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    const group = current.group;
    if (group !== undefined && chosen[group] === false) setChosen(({ [group]: _, ...rest }) => rest);
  }
  return (
    <ul className="space-y-0.5">
      {items.map((item) =>
        item.kind === 'link' ? (
          <li key={keyOf(item.entry)}>
            <EntryLink entry={item.entry} current={current.entry !== undefined && keyOf(item.entry) === keyOf(current.entry)} />
          </li>
        ) : (
          <Group
            key={item.id}
            label={item.label}
            entries={item.entries}
            open={chosen[item.id] ?? item.id === current.group}
            onToggle={() => setChosen((c) => ({ ...c, [item.id]: !(c[item.id] ?? item.id === current.group) }))}
            currentEntry={current.entry}
            holdsCurrent={item.id === current.group}
          />
        ),
      )}
    </ul>
  );
}
