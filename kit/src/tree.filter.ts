import type { ReactNode } from 'react';

/** A node of a {@link Tree}. */
export interface TreeNode<T = unknown> {
  id: string | number;
  label: ReactNode;
  /** What the node stands for, handed back in callbacks. */
  data?: T;
  children?: TreeNode<T>[];
  /** Text the search matches when the label is not a plain string (or in addition to it). */
  searchText?: string;
}

export type TreeId = string | number;

/** True when the node's string label or searchText contains `query` (already lower-cased). */
export function nodeMatches(node: TreeNode<unknown>, query: string): boolean {
  const texts = [typeof node.label === 'string' ? node.label : undefined, node.searchText];
  return texts.some((text) => text !== undefined && text.toLowerCase().includes(query));
}

/** The nodes that match `query` and their ancestors, and the ids to show expanded (those with shown children). */
export function filterTree<T>(nodes: TreeNode<T>[], query: string): { nodes: TreeNode<T>[]; expanded: Set<TreeId> } {
  const expanded = new Set<TreeId>();
  const needle = query.trim().toLowerCase();
  const walk = (list: TreeNode<T>[]): TreeNode<T>[] =>
    list.flatMap((node) => {
      const children = node.children ? walk(node.children) : [];
      if (children.length > 0) expanded.add(node.id);
      if (children.length === 0 && !nodeMatches(node, needle)) return [];
      return [{ ...node, children }];
    });
  return { nodes: walk(nodes), expanded };
}

/** Every id that has children (for "expand all"). */
export function parentIds<T>(nodes: TreeNode<T>[], into = new Set<TreeId>()): Set<TreeId> {
  for (const node of nodes) {
    if (node.children?.length) {
      into.add(node.id);
      parentIds(node.children, into);
    }
  }
  return into;
}
