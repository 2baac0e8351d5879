import { useEffect, useState, type ReactNode } from 'react';
import { cx } from './cx';

/** Which sides of a box hold content scrolled out of sight. */
export interface ScrollEdges {
  before: boolean;
  after: boolean;
}

const NONE: ScrollEdges = { before: false, after: false };

/** Follows `element`'s sideways scroll: more to the left (before), more to the right (after). */
export function useScrollEdges(element: HTMLElement | null): ScrollEdges {
  const [edges, setEdges] = useState(NONE);
  useEffect(() => {
    if (!element) return;
    const measure = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const before = element.scrollLeft > 1;
      const after = hidden > 1 && element.scrollLeft < hidden - 1;
      setEdges((old) => (old.before === before && old.after === after ? old : { before, after }));
    };
    element.addEventListener('scroll', measure, { passive: true });
    // The box narrows with the window; its content widens as rows arrive. The observer's first
    // report comes with the frame's layout: measuring here too would lay the page out before it.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (!resize) measure();
    resize?.observe(element);
    for (const child of element.children) resize?.observe(child);
    return () => {
      element.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [element]);
  return edges;
}

/** Props of {@link ScrollBox}. */
export interface ScrollBoxProps {
  /** What the box holds, e.g. 'Users': the region is named '{label}, scrolls sideways' while it does. */
  label: string;
  /**
   * Whether the box itself takes focus while it scrolls (default), so a keyboard can scroll
   * it; false where what it holds is focusable and brings itself into view (a tab list).
   */
  focusable?: boolean;
  children: ReactNode;
  className?: string;
}

/**
 * A box that scrolls its wide content sideways within itself, so the page never does (a
 * table on a phone). While there is more to see, a shade on that edge says so, and the box is
 * a labelled region that takes focus (see `focusable`), so a keyboard can scroll it too. It is
 * positioned, so even a visually hidden header inside stays inside it.
 */
export function ScrollBox({ label, focusable = true, children, className }: ScrollBoxProps) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const { before, after } = useScrollEdges(element);
  const scrolls = before || after;
  return (
    <div className={cx('relative', className)}>
      <div
        ref={setElement}
        className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
        {...(scrolls ? { role: 'region', 'aria-label': `${label}, scrolls sideways`, tabIndex: focusable ? 0 : undefined } : {})}
      >
        {children}
      </div>
      <div
        aria-hidden="true"
        data-edge="before"
        className={cx(
          'pointer-events-none absolute inset-y-0 left-0 w-6 bg-linear-to-r from-slate-900/15 to-transparent transition-opacity',
          before ? 'opacity-100' : 'opacity-0',
        )}
      />
      <div
        aria-hidden="true"
        data-edge="after"
        className={cx(
          'pointer-events-none absolute inset-y-0 right-0 w-6 bg-linear-to-l from-slate-900/15 to-transparent transition-opacity',
          after ? 'opacity-100' : 'opacity-0',
        )}
      />
    </div>
  );
}
