import type { TreeId, TreeNode } from './tree.filter';

/** One drawn line of a {@link Tree}: a node whose ancestors are all expanded, with its place for screen readers. */
export interface TreeRow<T> {
  node: TreeNode<T>;
  /** aria-level: 1 for the top nodes. */
  level: number;
  /** aria-posinset: its place among its siblings, from 1. */
  posinset: number;
  /** aria-setsize: how many siblings it has, itself included. */
  setsize: number;
  /** The row of its parent, -1 for a top node. */
  parent: number;
  hasChildren: boolean;
  expanded: boolean;
}

/** The rows of a tree as drawn, depth first: every node whose ancestors are expanded. */
export function treeRows<T>(nodes: readonly TreeNode<T>[], isExpanded: (id: TreeId) => boolean): TreeRow<T>[] {
  const rows: TreeRow<T>[] = [];
  const walk = (list: readonly TreeNode<T>[], level: number, parent: number) => {
    list.forEach((node, index) => {
      const hasChildren = (node.children?.length ?? 0) > 0;
      const expanded = hasChildren && isExpanded(node.id);
      const at = rows.length;
      rows.push({ node, level, posinset: index + 1, setsize: list.length, parent, hasChildren, expanded });
      if (expanded) walk(node.children!, level + 1, at);
    });
  };
  walk(nodes, 1, -1);
  return rows;
}

/**
 * The rows to draw, [start, end), of `count` rows of `rowHeight` px in a box scrolled to
 * `scrollTop` and `viewport` px high: those in view and `overscan` more on each side.
 */
export function rowWindow(count: number, rowHeight: number, scrollTop: number, viewport: number, overscan: number): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + viewport) / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + overscan) };
}

/** The scrollTop that brings row `index` into view, moving as little as possible (or `scrollTop` when it is in view). */
export function scrollToRow(index: number, rowHeight: number, scrollTop: number, viewport: number): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewport) return top + rowHeight - viewport;
  return scrollTop;
}
