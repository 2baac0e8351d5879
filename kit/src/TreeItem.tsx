import type { ReactNode } from 'react';
import { Checkbox } from './Checkbox';
import { cx } from './cx';
import { ChevronIcon } from './icons';
import type { TreeId, TreeNode } from './tree.filter';

/** What every TreeItem needs from the Tree. */
export interface TreeContext<T> {
  baseId: string;
  isExpanded: (id: TreeId) => boolean;
  toggleExpanded: (id: TreeId) => void;
  checkable: boolean;
  checked: ReadonlySet<TreeId>;
  toggleChecked: (node: TreeNode<T>) => void;
  disabledIds: ReadonlySet<TreeId>;
  renderActions?: (node: TreeNode<T>) => ReactNode;
}

/** One treeitem and, when expanded, its children. */
export function TreeItem<T>({ node, path, level, tree }: { node: TreeNode<T>; path: string; level: number; tree: TreeContext<T> }) {
  const hasChildren = (node.children?.length ?? 0) > 0;
  const expanded = hasChildren && tree.isExpanded(node.id);
  const disabled = tree.disabledIds.has(node.id);
  const labelId = `${tree.baseId}-${path}-label`;
  const checkboxId = `${tree.baseId}-${path}-check`;
  const groupId = `${tree.baseId}-${path}-group`;
  const name = typeof node.label === 'string' ? node.label : (node.searchText ?? '');

  return (
    // The treeitem holds only its own row and owns its children's group (aria-owns): its visible
    // text is then its name, as axe's label-content-name-mismatch asks, with the children still its own.
    <li role="none">
      <div
        role="treeitem"
        aria-level={level}
        aria-expanded={hasChildren ? expanded : undefined}
        aria-labelledby={labelId}
        aria-disabled={disabled || undefined}
        aria-owns={expanded ? groupId : undefined}
        className="group flex min-h-8 items-center gap-1.5 rounded px-1 hover:bg-slate-50"
      >
        {hasChildren ? (
          <button
            type="button"
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`.trim()}
            onClick={() => tree.toggleExpanded(node.id)}
            className="flex size-5 shrink-0 cursor-pointer items-center justify-center rounded text-slate-500 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <ChevronIcon className={cx('size-3.5 transition-transform', expanded && 'rotate-90')} />
          </button>
        ) : (
          <span className="size-5 shrink-0" />
        )}
        {tree.checkable && (
          <Checkbox id={checkboxId} checked={tree.checked.has(node.id)} disabled={disabled} onChange={() => tree.toggleChecked(node)} />
        )}
        {tree.checkable ? (
          <label id={labelId} htmlFor={checkboxId} className={cx('min-w-0 flex-1 truncate text-sm', disabled ? 'text-slate-400' : 'cursor-pointer text-slate-700')}>
            {node.label}
          </label>
        ) : (
          <span id={labelId} className="min-w-0 flex-1 truncate text-sm text-slate-700">
            {node.label}
          </span>
        )}
        {tree.renderActions && <div className="ml-auto flex shrink-0 items-center gap-1">{tree.renderActions(node)}</div>}
      </div>
      {expanded && (
        <ul role="group" id={groupId} className="pl-5">
          {node.children?.map((child, index) => (
            <TreeItem key={child.id} node={child} path={`${path}-${index}`} level={level + 1} tree={tree} />
          ))}
        </ul>
      )}
    </li>
  );
}
