import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * What the board's phases share to draw only the items near the screen: the item lists'
 * measured heights (a list not drawn keeps the room it took, or its items × a measured row),
 * and whether a drag is under way (then no list is drawn or put away: the rows dnd-kit measured
 * stay where they are).
 */
interface BoardWindow {
  sizes: ListSizes;
  dragging: boolean;
  setDragging(dragging: boolean): void;
}

/** An item row's height before one is measured (a row of one line at 1280 px). */
const ROW_HEIGHT = 45;

/** The item lists' heights as last drawn, and a row's: what a list not drawn takes. */
export class ListSizes {
  private rowHeight = ROW_HEIGHT;
  private readonly lists = new Map<string, { height: number; items: number }>();

  /** A phase's list was drawn `height` px high with `items` items. */
  remember(phaseId: string, height: number, items: number) {
    this.lists.set(phaseId, { height, items });
    this.rowHeight = height / items;
  }

  /** The room a phase's list of `items` items takes: as last drawn if it had as many, else its items × a row drawn. */
  heightOf(phaseId: string, items: number): number {
    const last = this.lists.get(phaseId);
    return last && last.items === items ? last.height : items * this.rowHeight;
  }
}

export const BoardWindowContext = createContext<BoardWindow | null>(null);

/** Holds the board's window: the list sizes measured and the drag state. */
export function BoardWindowProvider({ children }: { children: ReactNode }) {
  const [sizes] = useState(() => new ListSizes());
  const [dragging, setDragging] = useState(false);
  const value = useMemo(() => ({ sizes, dragging, setDragging }), [sizes, dragging]);
  return <BoardWindowContext.Provider value={value}>{children}</BoardWindowContext.Provider>;
}

/** A drag's start and end, for a DndContext's handlers: the board holds its lists as they are meanwhile. */
export function useBoardDragging() {
  const board = useContext(BoardWindowContext);
  return useMemo(() => ({ start: () => board?.setDragging(true), end: () => board?.setDragging(false) }), [board]);
}
