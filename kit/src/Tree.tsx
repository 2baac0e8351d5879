import { useId, useMemo, useState, type ReactNode } from 'react';
import { filterTree, parentIds, type TreeId, type TreeNode } from './tree.filter';
import { TreeItem, type TreeContext } from './TreeItem';

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
  /** Nodes whose checkbox cannot be changed. */
  disabledIds?: ReadonlySet<TreeId>;
  /** The tree's accessible name. */
  'aria-label'?: string;
}

const NONE: ReadonlySet<TreeId> = new Set();

/** A hierarchy (role="tree") with expandable nodes, optional checkboxes and search. */
export function Tree<T>({
  nodes,
  checkable = false,
  checked = NONE,
  onCheckedChange,
  defaultExpanded = 'none',
  search = '',
  renderActions,
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

  const toggleIn = (set: ReadonlySet<TreeId>, id: TreeId) => {
    const next = new Set(set);
    if (!next.delete(id)) next.add(id);
    return next;
  };

  const tree: TreeContext<T> = {
    baseId,
    isExpanded: (id) => (filtered ? filtered.expanded.has(id) && !collapsedNow.has(id) : expanded.has(id)),
    toggleExpanded: (id) => {
      if (filtered) setCollapsed({ search, ids: toggleIn(collapsedNow, id) });
      else setExpanded((old) => toggleIn(old, id));
    },
    checkable,
    checked,
    toggleChecked: (node) => onCheckedChange?.(toggleIn(checked, node.id), node),
    disabledIds,
    renderActions,
  };

  const shown = filtered ? filtered.nodes : nodes;
  return (
    <ul role="tree" aria-label={ariaLabel} className="text-sm">
      {shown.map((node, index) => (
        <TreeItem key={node.id} node={node} path={String(index)} level={1} tree={tree} />
      ))}
    </ul>
  );
}
