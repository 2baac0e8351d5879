import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useMemo } from 'react';
import type { DraftPhase } from './designer.types';
import { problemsOfPhase, type DraftProblem } from './designerDraft';
import { PhaseCard, type BoardActions } from './PhaseCard';
import { BoardWindowProvider, useBoardDragging } from './boardWindow';
import { sortAnnouncements, sortInstructions, useSortSensors, VERTICAL_ONLY } from '../parts/sortable';

export interface PhaseBoardProps {
  phases: readonly DraftPhase[];
  /** The item whose panel is open. */
  selected: { phaseId: string; itemId: string } | null;
  /** Each phase's item weight sum (weightSums). */
  itemSums: Record<string, number>;
  /** The save rules' messages, after a first Save (none before). */
  problems: readonly DraftProblem[];
  actions: BoardActions;
  readOnly: boolean;
}

/**
 * The phases as cards, in order, reordered by dragging a card's handle or from the keyboard
 * (dnd-kit's sortable list, its moves announced: 'Phase Test moved to position 1 of 3'). Each
 * card is memoised: a keystroke in one phase redraws that phase only. Every card is drawn; a
 * card's items only near the screen (PhaseItems).
 */
export function PhaseBoard(props: PhaseBoardProps) {
  return (
    <BoardWindowProvider>
      <Phases {...props} />
    </BoardWindowProvider>
  );
}

function Phases({ phases, selected, itemSums, problems, actions, readOnly }: PhaseBoardProps) {
  const drag = useBoardDragging();
  const sensors = useSortSensors();
  // What the list's contexts are given stays the same object while the order does: a keystroke
  // in one phase must not draw every card (and its items) again through dnd-kit's contexts.
  const order = phases.map((phase) => phase.phaseId).join('\n');
  const ids = useMemo(() => (order === '' ? [] : order.split('\n')), [order]);
  // Names come with each card's sortable data: the texts do not change as phases are renamed.
  const accessibility = useMemo(() => ({ announcements: sortAnnouncements('phase', null), screenReaderInstructions: sortInstructions('phase') }), []);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    drag.end();
    if (!over || active.id === over.id) return;
    const from = phases.findIndex((phase) => phase.phaseId === active.id);
    const to = phases.findIndex((phase) => phase.phaseId === over.id);
    if (from >= 0 && to >= 0) actions.dispatch({ type: 'movePhase', from, to });
  };
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
        <ol aria-label="Phases" className="space-y-3">
          {phases.map((phase, index) => (
            <PhaseCard
              key={phase.phaseId}
              phase={phase}
              position={index + 1}
              count={phases.length}
              itemSum={itemSums[phase.phaseId] ?? 0}
              selectedItemId={selected?.phaseId === phase.phaseId ? selected.itemId : null}
              problems={problemsOfPhase(problems, phase.phaseId)}
              actions={actions}
              readOnly={readOnly}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
