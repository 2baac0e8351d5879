import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { BoardWindowContext } from './boardWindow';
import { ItemList, type ItemListProps } from './ItemList';

/** How far beyond the screen, above and below, a phase's items are drawn. */
const MARGIN = '600px 0px';
/** The phases whose items are drawn at once, before the page knows where the screen is. */
const FIRST_DRAWN = 2;

/**
 * A phase's items, drawn only while the phase is near the screen (issue 38: a workflow of
 * hundreds of items opens in the time a screenful takes), while a control in them has the focus
 * (a focused item is never put away under the user), and while a drag holds the board still.
 * Otherwise an empty box of the list's height keeps the page's length and scroll place. Without
 * IntersectionObserver (tests) every list is drawn.
 */
export function PhaseItems(props: ItemListProps & { position: number }) {
  const { phase, position } = props;
  const board = useContext(BoardWindowContext);
  const holder = useRef<HTMLDivElement>(null);
  const observes = typeof IntersectionObserver !== 'undefined' && board !== null;
  const [near, setNear] = useState(position <= FIRST_DRAWN);
  const [focused, setFocused] = useState(false);
  const dragging = board?.dragging ?? false;

  useEffect(() => {
    const element = holder.current;
    if (!observes || dragging || !element) return;
    const observer = new IntersectionObserver((entries) => setNear(entries.at(-1)?.isIntersecting ?? false), { rootMargin: MARGIN });
    observer.observe(element);
    return () => observer.disconnect();
  }, [observes, dragging]);

  const drawn = !observes || near || focused;
  useLayoutEffect(() => {
    const element = holder.current;
    if (!board || !drawn || !element || phase.items.length === 0) return;
    const height = element.offsetHeight;
    if (height <= 0) return;
    board.sizes.remember(phase.phaseId, height, phase.items.length);
  });

  const height = board ? board.sizes.heightOf(phase.phaseId, phase.items.length) : 0;
  return (
    <div
      ref={holder}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocused(false);
      }}
    >
      {drawn || phase.items.length === 0 ? (
        <ItemList {...props} />
      ) : (
        <div aria-hidden="true" data-testid="items-not-drawn" className="rounded border border-slate-200" style={{ height }} />
      )}
    </div>
  );
}
