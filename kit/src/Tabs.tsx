import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { afterPaint } from './afterPaint';
import { cx } from './cx';
import { ScrollBox } from './ScrollBox';
import { confirmDiscard, hasUnsavedChanges } from 'shared';

/** One tab of {@link Tabs}. */
export interface TabItem {
  /** Unique; also the URL hash with `hashSync`. */
  id: string;
  label: ReactNode;
  content: ReactNode;
  /** Left out entirely (e.g. for a role that may not see it). */
  hidden?: boolean;
  disabled?: boolean;
}

/** Props of {@link Tabs}. */
export interface TabsProps {
  tabs: TabItem[];
  /** The selected tab's id (controlled); the first visible tab by default. */
  value?: string;
  onValueChange?: (id: string) => void;
  /** Selects the tab named by location.hash (#id) and keeps the hash in step, without adding history entries. */
  hashSync?: boolean;
  /**
   * Ask before leaving a tab while something on the page is unsaved (the default: only the
   * selected tab is drawn, so its editor's changes would go). Off when the tabs' contents hold
   * nothing of their own — their edits live above the tabs — so a switch loses nothing.
   */
  guardUnsaved?: boolean;
}

const hashId = () => decodeURIComponent(window.location.hash.slice(1));

/** Tabs with tablist/tab/tabpanel roles; arrow keys, Home and End move between tabs. */
export function Tabs({ tabs, value, onValueChange, hashSync = false, guardUnsaved = true }: TabsProps) {
  const baseId = useId();
  const visible = tabs.filter((tab) => !tab.hidden);
  const enabled = visible.filter((tab) => !tab.disabled);
  const canSelect = (id: string) => enabled.some((tab) => tab.id === id);
  const [own, setOwn] = useState(() => (hashSync && canSelect(hashId()) ? hashId() : enabled[0]?.id));
  const wanted = value ?? own;
  const active = enabled.find((tab) => tab.id === wanted) ?? enabled[0];
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const show = (id: string) => {
    setOwn(id);
    if (id !== active?.id) onValueChange?.(id);
  };
  // Only the selected tab's content is drawn: leaving a tab with unsaved changes asks first.
  // `then` runs once the tab is shown (the arrow keys move the focus to it).
  const select = (id: string, then?: () => void) => {
    if (id === active?.id || !guardUnsaved || !hasUnsavedChanges()) {
      show(id);
      then?.();
      return;
    }
    void confirmDiscard().then((discard) => {
      if (discard) {
        show(id);
        then?.();
      } else if (hashSync && active && hashId() !== active.id) window.history.replaceState(window.history.state, '', `#${encodeURIComponent(active.id)}`);
    });
  };

  // Follow the hash when it changes (a link to #tab, back/forward), and tell a controlled owner at start.
  const followHash = useEffectEvent(() => {
    const id = hashId();
    if (id && canSelect(id)) select(id);
  });
  useEffect(() => {
    if (!hashSync) return;
    const follow = () => followHash();
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [hashSync]);

  // Keep the hash in step after every render: a navigation that changes only the query (a
  // list's state in the URL) drops it. A hash naming another tab that this did not write (a
  // link, Back, a render before its hashchange event) is left for hashchange to follow.
  const activeId = active?.id;
  const written = useRef<string | null>(null);
  useEffect(() => {
    if (!hashSync || !activeId) return;
    const id = hashId();
    if (id === activeId) {
      written.current = activeId;
      return;
    }
    if (id && id !== written.current && canSelect(id)) return;
    // Written once the frame is painted: a same-document navigation costs Chromium a while, and
    // the screen is what the user waits for. A render, an unmount or a new hash before then wins.
    return afterPaint(() => {
      if (hashId() !== id) return;
      // replaceState keeps the router's history state and adds no entry.
      window.history.replaceState(window.history.state, '', `#${encodeURIComponent(activeId)}`);
      written.current = activeId;
    });
  });

  // On a phone the strip scrolls sideways: the chosen tab is brought into sight (a link to #roles
  // opens on it), after the frame is painted (it lays the page out).
  useEffect(
    () =>
      afterPaint(() => {
        const button = activeId ? buttons.current.get(activeId) : undefined;
        if (typeof button?.scrollIntoView === 'function') button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      }),
    [activeId],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = enabled.findIndex((tab) => tab.id === active?.id);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: enabled.length - 1 };
    const to = moves[event.key];
    if (to === undefined || enabled.length === 0) return;
    event.preventDefault();
    const next = enabled[(to + enabled.length) % enabled.length];
    if (!next) return;
    select(next.id, () => buttons.current.get(next.id)?.focus());
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  return (
    <div>
      {/* On a phone the tabs scroll sideways in their own box, with a shade where more are. */}
      <ScrollBox label="Tabs" focusable={false}>
        <div role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown} className="flex w-max min-w-full gap-1 border-b border-slate-200">
          {visible.map((tab) => {
            const selected = tab.id === active?.id;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  if (element) buttons.current.set(tab.id, element);
                  else buttons.current.delete(tab.id);
                }}
                id={tabId(tab.id)}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={selected ? panelId(tab.id) : undefined}
                tabIndex={selected ? 0 : -1}
                disabled={tab.disabled}
                onClick={() => select(tab.id)}
                className={cx(
                  '-mb-px cursor-pointer border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors motion-reduce:transition-none',
                  'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none ' +
                    'focus-visible:ring-inset disabled:cursor-not-allowed disabled:text-slate-300',
                  selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                )}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </ScrollBox>
      {active && (
        // Focusable (APG tabs pattern), so it shows a focus ring like every other stop.
        <div
          role="tabpanel"
          id={panelId(active.id)}
          aria-labelledby={tabId(active.id)}
          tabIndex={0}
          className="mt-4 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          {active.content}
        </div>
      )}
    </div>
  );
}
