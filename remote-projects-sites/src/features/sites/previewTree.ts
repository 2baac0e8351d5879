/**
 * What bulk entry's preview and the CSV import's preview share: the site tree as the change
 * leaves it, with only the branches holding a change unless every site is asked for, and the
 * branches to open up to those changes.
 */
import type { ReactNode } from 'react';
import type { TreeNode } from 'kit';

/** More changes than this: a preview opens only the top level (bulk entry) or nothing (import), not every branch. */
export const EXPAND_LIMIT = 300;

interface PreviewSite<N> {
  name: string;
  children: readonly N[];
}

/** The preview's nodes (ids are their place in the tree): the branches for which `keep` holds, or every one with `all`. */
export function previewNodes<N extends PreviewSite<N>>(
  nodes: readonly N[],
  all: boolean,
  keep: (node: N) => boolean,
  label: (node: N) => ReactNode,
  path = '',
): TreeNode<N>[] {
  return nodes
    .filter((node) => all || keep(node))
    .map((node, index) => {
      const id = path === '' ? String(index) : `${path}.${index}`;
      return { id, data: node, searchText: node.name, label: label(node), children: previewNodes(node.children, all, keep, label, id) };
    });
}

/** The ids of the nodes with a child for which `keep` holds (to open them down to it). */
export function branchesToOpen<N>(nodes: readonly TreeNode<N>[], keep: (node: N) => boolean, into: string[] = []): string[] {
  for (const node of nodes) {
    if (node.children?.some((child) => keep(child.data!))) {
      into.push(String(node.id));
      branchesToOpen(node.children, keep, into);
    }
  }
  return into;
}
