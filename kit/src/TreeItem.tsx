import type { ReactNode } from 'react';
import { Checkbox } from './Checkbox';
import { cx } from './cx';
import { ChevronIcon } from './icons';
import type { TreeId, TreeNode } from './tree.filter';
import type { TreeRow } from './tree.rows';

/** What every TreeItem needs from the Tree. */
export interface TreeContext<T> {
  baseId: string;
  toggleExpanded: (id: TreeId) => void;
  checkable: boolean;
  checked: ReadonlySet<TreeId>;
  toggleChecked: (node: TreeNode<T>) => void;
  disabledIds: ReadonlySet<TreeId>;
  renderActions?: (node: TreeNode<T>) => ReactNode;
  renderLabel?: (node: TreeNode<T>) => ReactNode;
}

/** Indentation per level, in px (as the nested groups' pl-5 was). */
const INDENT = 20;

/**
 * One row of a tree: a treeitem holding only its own line (its visible text is then its name, as
 * axe's label-content-name-mismatch asks), with its level, place among its siblings and state.
 * Positioned at `top` px when the tree draws a window of its rows; one line high either way.
 */
export function TreeItem<T>({ row, index, tree, top }: { row: TreeRow<T>; index: number; tree: TreeContext<T>; top?: number }) {
  const { node, level, hasChildren, expanded } = row;
  const disabled = tree.disabledIds.has(node.id);
  const labelId = `${tree.baseId}-${index}-label`;
  const checkboxId = `${tree.baseId}-${index}-check`;
  const name = typeof node.label === 'string' ? node.label : (node.searchText ?? '');
  const label = tree.renderLabel ? tree.renderLabel(node) : node.label;

  return (
    <div
      role="treeitem"
      tabIndex={-1}
      data-tree-row={index}
      aria-level={level}
      aria-posinset={row.posinset}
      aria-setsize={row.setsize}
      aria-expanded={hasChildren ? expanded : undefined}
      aria-labelledby={labelId}
      aria-disabled={disabled || undefined}
      style={{ paddingLeft: 4 + (level - 1) * INDENT, ...(top === undefined ? {} : { position: 'absolute', top, left: 0, right: 0 }) }}
      className="group flex h-8 items-center gap-1.5 rounded pr-1 hover:bg-slate-50 focus-visible:ring-2
          focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset"
    >
      {hasChildren ? (
        <button
          type="button"
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`.trim()}
          onClick={() => tree.toggleExpanded(node.id)}
          className="flex size-5 shrink-0 cursor-pointer items-center justify-center rounded text-slate-500 hover:bg-slate-200
              focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          <ChevronIcon className={cx('size-3.5 transition-transform', expanded && 'rotate-90')} />
        </button>
      ) : (
        <span className="size-5 shrink-0" />
      )}
      {tree.checkable && <Checkbox id={checkboxId} checked={tree.checked.has(node.id)} disabled={disabled} onChange={() => tree.toggleChecked(node)} />}
      {tree.checkable ? (
        <label
          id={labelId}
          htmlFor={checkboxId}
          className={cx('min-w-0 flex-1 truncate text-sm', disabled ? 'text-slate-400' : 'cursor-pointer text-slate-700')}
        >
          {label}
        </label>
      ) : (
        <span id={labelId} className="min-w-0 flex-1 truncate text-sm text-slate-700">
          {label}
        </span>
      )}
      {tree.renderActions && <div className="ml-auto flex shrink-0 items-center gap-1">{tree.renderActions(node)}</div>}
    </div>
  );
}
