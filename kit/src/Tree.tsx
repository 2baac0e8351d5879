import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { filterTree, nodeMatches, parentIds, type TreeId, type TreeNode } from './tree.filter';
import { TreeItem, type TreeContext } from './TreeItem';
import { rowWindow, scrollToRow, treeRows } from './tree.rows';

export type { TreeNode } from './tree.filter';

/** Props of {@link Tree}. */
export interface TreeProps<T> {
  nodes: TreeNode<T>[];
  /** Shows a checkbox on every node. */
  checkable?: boolean;
  /** The checked node ids (controlled). */
  checked?: ReadonlySet<TreeId>;
  /** Called with the new set when one node is ticked or unticked (only that node changes; cascade here if needed). */
  onCheckedChange?: (next: Set<TreeId>, node: TreeNode<T>) => void;
  /** Which nodes start expanded: 'none' (default), 'all', or the ids given. */
  defaultExpanded?: 'all' | 'none' | TreeId[];
  /** Shows only nodes whose text contains this (case-insensitive) and their ancestors, expanded. */
  search?: string;
  /** Controls shown at the end of each node's row. */
  renderActions?: (node: TreeNode<T>) => ReactNode;
  /**
   * What a row shows in place of the node's label (a link, a badge): made for the drawn rows
   * only, so a tree of thousands can keep plain names as labels (its name and search text).
   */
  renderLabel?: (node: TreeNode<T>) => ReactNode;
  /** Nodes whose checkbox cannot be changed. */
  disabledIds?: ReadonlySet<TreeId>;
  /** The tree's accessible name. */
  'aria-label'?: string;
}

const NONE: ReadonlySet<TreeId> = new Set();

/** A row's height in px (TreeItem's h-8): every row is one line, so the window is arithmetic. */
export const TREE_ROW_HEIGHT = 32;
/** Trees of more rows than this are drawn a window at a time, in a box of their own that scrolls. */
export const TREE_WINDOW_FROM = 100;
/** The box's height (max-h-112, 28rem), also the window's when the box cannot be measured (tests). */
const BOX_HEIGHT = 448;
/** Rows drawn beyond each edge of the box, so a quick scroll or an arrow key finds its row drawn. */
const OVERSCAN = 8;

/**
 * A hierarchy (role="tree") with expandable nodes, optional checkboxes and search. Its rows are
 * flat treeitems with aria-level, aria-posinset and aria-setsize, so a screen reader tells each
 * one's place; the arrow keys move between rows (right opens or goes to the first child, left
 * closes or goes to the parent), Home and End go to the first and last. A tree of more than
 * {@link TREE_WINDOW_FROM} rows scrolls in a box of its own and draws only the rows in view
 * (and a few around them), so thousands of nodes cost what a screenful does; the row holding
 * the focus stays drawn while it is scrolled away. Find-in-page sees only the drawn rows.
 */
export function Tree<T>({
  nodes,
  checkable = false,
  checked = NONE,
  onCheckedChange,
  defaultExpanded = 'none',
  search = '',
  renderActions,
  renderLabel,
  disabledIds = NONE,
  'aria-label': ariaLabel,
}: TreeProps<T>) {
  const baseId = useId();
  const [expanded, setExpanded] = useState<Set<TreeId>>(() =>
    defaultExpanded === 'all' ? parentIds(nodes) : new Set(defaultExpanded === 'none' ? [] : defaultExpanded),
  );
  // While searching, matches open up; what the user collapses is remembered for this search only.
  const [collapsed, setCollapsed] = useState<{ search: string; ids: Set<TreeId> }>({ search: '', ids: new Set() });
  const searching = search.trim() !== '';
  const filtered = useMemo(() => (searching ? filterTree(nodes, search) : null), [nodes, search, searching]);
  const collapsedNow = collapsed.search === search ? collapsed.ids : NONE;

  const isExpanded = useCallback(
    (id: TreeId) => (filtered ? filtered.expanded.has(id) && !collapsedNow.has(id) : expanded.has(id)),
    [filtered, collapsedNow, expanded],
  );
  const toggleIn = (set: ReadonlySet<TreeId>, id: TreeId) => {
    const next = new Set(set);
    if (!next.delete(id)) next.add(id);
    return next;
  };
  const toggleExpanded = (id: TreeId) => {
    if (filtered) setCollapsed({ search, ids: toggleIn(collapsedNow, id) });
    else setExpanded((old) => toggleIn(old, id));
  };

  const shown = filtered ? filtered.nodes : nodes;
  const rows = useMemo(() => treeRows(shown, isExpanded), [shown, isExpanded]);
  const windowed = rows.length > TREE_WINDOW_FROM;

  // ---- the window: the box's scroll position and height
  const box = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(BOX_HEIGHT);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setViewport(element.clientHeight || BOX_HEIGHT);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [windowed]);
  const scrollTo = (top: number) => {
    if (box.current) box.current.scrollTop = top;
    setScrollTop(top);
  };

  // A new search starts at its first match (its ancestors above it), an emptied one at the top.
  const needle = search.trim().toLowerCase();
  useLayoutEffect(() => {
    if (!box.current) return;
    const first = needle ? rows.findIndex((row) => nodeMatches(row.node, needle)) : 0;
    scrollTo(scrollToRow(Math.max(0, first), TREE_ROW_HEIGHT, 0, box.current.clientHeight || BOX_HEIGHT));
    // Only when the search changes: expanding or collapsing keeps the place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needle, windowed]);

  // ---- focus: the focused row stays drawn; a row moved to by key is drawn, then focused
  const [focusedId, setFocusedId] = useState<TreeId | null>(null);
  const pendingFocus = useRef<TreeId | null>(null);
  const rowOf = (element: EventTarget | null) => (element instanceof Element ? element.closest<HTMLElement>('[data-tree-row]') : null);
  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    const index = rows.findIndex((row) => row.node.id === pendingFocus.current);
    pendingFocus.current = null;
    treeRef.current?.querySelector<HTMLElement>(`[data-tree-row="${index}"]`)?.focus();
  });
  const focusRow = (index: number) => {
    const row = rows[index];
    if (!row) return;
    pendingFocus.current = row.node.id;
    setFocusedId(row.node.id);
    if (windowed) scrollTo(scrollToRow(index, TREE_ROW_HEIGHT, scrollTop, viewport));
    else treeRef.current?.querySelector<HTMLElement>(`[data-tree-row="${index}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const element = rowOf(event.target);
    // Keys typed in a field of a row's actions stay the field's.
    if (!element || (event.target instanceof HTMLElement && event.target.matches('input:not([type=checkbox]), textarea, select'))) return;
    const index = Number(element.dataset.treeRow);
    const row = rows[index];
    if (!row) return;
    const onRow = event.target === element;
    switch (event.key) {
      case 'ArrowDown':
        focusRow(Math.min(index + 1, rows.length - 1));
        break;
      case 'ArrowUp':
        focusRow(Math.max(index - 1, 0));
        break;
      case 'Home':
        focusRow(0);
        break;
      case 'End':
        focusRow(rows.length - 1);
        break;
      case 'ArrowRight':
        if (row.hasChildren && !row.expanded) toggleExpanded(row.node.id);
        else if (row.expanded) focusRow(index + 1);
        break;
      case 'ArrowLeft':
        if (row.expanded) toggleExpanded(row.node.id);
        else if (row.parent >= 0) focusRow(row.parent);
        break;
      case 'Enter':
        // On the row itself: what its name does (its link), else open or close it.
        if (!onRow) return;
        if (element.querySelector('a[href]')) element.querySelector<HTMLElement>('a[href]')!.click();
        else if (row.hasChildren) toggleExpanded(row.node.id);
        break;
      case ' ':
        if (!onRow || !checkable || disabledIds.has(row.node.id)) return;
        onCheckedChange?.(toggleIn(checked, row.node.id), row.node);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const tree: TreeContext<T> = {
    baseId,
    toggleExpanded,
    checkable,
    checked,
    toggleChecked: (node) => onCheckedChange?.(toggleIn(checked, node.id), node),
    disabledIds,
    renderActions,
    renderLabel,
  };
  const item = (index: number, windowTop?: number) => <TreeItem key={rows[index]!.node.id} row={rows[index]!} index={index} tree={tree} top={windowTop} />;
  const focusHandlers = {
    onKeyDown,
    onFocus: (event: { target: EventTarget }) => {
      const element = rowOf(event.target);
      if (element) setFocusedId(rows[Number(element.dataset.treeRow)]?.node.id ?? null);
    },
    onBlur: (event: { relatedTarget: EventTarget | null }) => {
      if (!(event.relatedTarget instanceof Node && treeRef.current?.contains(event.relatedTarget))) setFocusedId(null);
    },
  };

  if (!windowed) {
    return (
      <div role="tree" aria-label={ariaLabel} ref={treeRef} className="text-sm" {...focusHandlers}>
        {rows.map((_, index) => item(index))}
      </div>
    );
  }
  const { start, end } = rowWindow(rows.length, TREE_ROW_HEIGHT, scrollTop, viewport, OVERSCAN);
  const drawn: number[] = [];
  const focusedIndex = focusedId === null ? -1 : rows.findIndex((row) => row.node.id === focusedId);
  if (focusedIndex >= 0 && focusedIndex < start) drawn.push(focusedIndex);
  for (let index = start; index < end; index++) drawn.push(index);
  if (focusedIndex >= end) drawn.push(focusedIndex);
  return (
    <div ref={box} className="max-h-112 overflow-y-auto rounded border border-slate-100" onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}>
      <div role="tree" aria-label={ariaLabel} ref={treeRef} className="relative text-sm" style={{ height: rows.length * TREE_ROW_HEIGHT }} {...focusHandlers}>
        {drawn.map((index) => item(index, index * TREE_ROW_HEIGHT))}
      </div>
    </div>
  );
}
