import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useMemo } from 'react';
import { ITEM_TYPE_LABELS } from 'contracts/workflows';
import { Badge, Button, cx } from 'kit';
import type { DraftItem, DraftPhase } from './designer.types';
import { messagesIn } from './designerDraft';
import type { BoardActions } from './PhaseCard';
import { sortAnnouncements, sortInstructions, SortHandle, useSortSensors, VERTICAL_ONLY } from '../parts/sortable';
import { formatWeight } from './WeightSum';
import { useBoardDragging } from './boardWindow';

/** The name a control's label uses for an item: its name, or its place while it has none. */
export const itemLabel = (item: DraftItem, position: number) => item.itemName.trim() || `${position} (no name)`;

/** Props of {@link ItemList}. */
export interface ItemListProps {
  phase: DraftPhase;
  phaseLabel: string;
  selectedItemId: string | null;
  problems: string;
  actions: BoardActions;
  readOnly: boolean;
}

/** A phase's items, reordered within the phase by dragging or from the keyboard (its own sortable list). */
export function ItemList({ phase, phaseLabel, selectedItemId, problems, actions, readOnly }: ItemListProps) {
  const sensors = useSortSensors();
  const drag = useBoardDragging();
  const ids = useMemo(() => phase.items.map((item) => item.itemId), [phase.items]);
  const accessibility = useMemo(
    () => ({ announcements: sortAnnouncements('item', null, ` in phase ${phaseLabel}`), screenReaderInstructions: sortInstructions('item') }),
    [phaseLabel],
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    drag.end();
    if (!over || active.id === over.id) return;
    const from = phase.items.findIndex((item) => item.itemId === active.id);
    const to = phase.items.findIndex((item) => item.itemId === over.id);
    if (from >= 0 && to >= 0) actions.dispatch({ type: 'moveItem', phaseId: phase.phaseId, from, to });
  };
  if (phase.items.length === 0) return <p className="text-sm text-slate-500">No items yet.</p>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={VERTICAL_ONLY}
      onDragStart={drag.start}
      onDragCancel={drag.end}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={readOnly}>
        <ol aria-label={`Items of phase ${phaseLabel}`} className="divide-y divide-slate-100 rounded border border-slate-200">
          {phase.items.map((item, index) => (
            <ItemRow
              key={item.itemId}
              item={item}
              phaseId={phase.phaseId}
              position={index + 1}
              count={phase.items.length}
              selected={item.itemId === selectedItemId}
              problems={messagesIn(problems, `item:${phase.phaseId}/${item.itemId}`).join('\n')}
              actions={actions}
              readOnly={readOnly}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface ItemRowProps {
  item: DraftItem;
  phaseId: string;
  position: number;
  count: number;
  selected: boolean;
  /** The save rules' messages about the item, one per line ('' for none). */
  problems: string;
  actions: BoardActions;
  readOnly: boolean;
}

/** One item: its handle, its name (opens its panel), type and weight, Properties and Delete. */
const ItemRow = memo(function ItemRow({ item, phaseId, position, count, selected, problems, actions, readOnly }: ItemRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.itemId,
    disabled: readOnly,
    data: { name: item.itemName },
  });
  const label = itemLabel(item, position);
  const messages = problems === '' ? [] : problems.split('\n');
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cx('px-2 py-1.5', selected ? 'bg-brand-50' : 'bg-white', isDragging && 'relative z-10 shadow-md')}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <SortHandle
          label={`Move item ${label}, position ${position} of ${count}`}
          attributes={attributes}
          listeners={listeners}
          setRef={setActivatorNodeRef}
          disabled={readOnly}
        />
        <button
          type="button"
          aria-pressed={selected}
          onClick={() => actions.select(phaseId, item.itemId)}
          className={cx(
            'min-w-0 flex-1 basis-32 cursor-pointer truncate rounded px-1 py-0.5 text-left text-sm font-medium ' +
              'hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
            messages.length > 0 ? 'text-red-700' : selected ? 'text-brand-800' : 'text-slate-800',
          )}
        >
          {item.itemName.trim() || <span className="text-slate-500 italic">{`Item ${position} (no name)`}</span>}
        </button>
        <Badge variant="neutral">{ITEM_TYPE_LABELS[item.itemType] ?? `Type ${item.itemType}`}</Badge>
        <span className="w-20 text-right text-xs text-slate-600 tabular-nums">{`Weight ${formatWeight(item.itemWeight)}`}</span>
        <span className="flex shrink-0 gap-1">
          <Button variant="ghost" size="sm" disabled={readOnly} onClick={() => actions.editItem(phaseId, item.itemId)}>
            Properties<span className="sr-only">{` of item ${label}`}</span>
          </Button>
          <Button variant="ghost" size="sm" disabled={readOnly} onClick={() => actions.deleteItem(phaseId, item.itemId)}>
            Delete<span className="sr-only">{` item ${label}`}</span>
          </Button>
        </span>
      </div>
      {messages.length > 0 ? (
        <ul className="mt-1 space-y-0.5 pl-9 text-xs font-medium text-red-600">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
});
