import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, type Dispatch } from 'react';
import { WorkflowMessages as M } from 'contracts/workflows';
import { Button, cx, Input } from 'kit';
import type { DraftPhase } from './designer.types';
import { DEFAULT_PHASE_COLOR, messagesIn, type DraftAction } from './designerDraft';
import { PhaseItems } from './PhaseItems';
import { SortHandle } from '../parts/sortable';
import { WeightField } from './WeightField';
import { WeightSum } from './WeightSum';

/** What the cards do, through the page: stable functions, so a memoised card is not redrawn for them. */
export interface BoardActions {
  dispatch: Dispatch<DraftAction>;
  /** Opens the item's panel. */
  select(phaseId: string, itemId: string): void;
  /** Opens the item properties modal for an item, or for a new item of the phase (null). */
  editItem(phaseId: string, itemId: string | null): void;
  /** Deletes an item, unless other items link to it (then says who). */
  deleteItem(phaseId: string, itemId: string): void;
  /** Deletes a phase, unless other items link into it (then says who). */
  deletePhase(phaseId: string): void;
  /** Opens the phase's item weights modal. */
  itemWeights(phaseId: string): void;
}

export interface PhaseCardProps {
  phase: DraftPhase;
  /** Its place in the workflow, from 1. */
  position: number;
  count: number;
  /** The sum of its items' weights, live. */
  itemSum: number;
  selectedItemId: string | null;
  /** The save rules' messages about the phase and its items (problemsOfPhase), '' for none. */
  problems: string;
  actions: BoardActions;
  readOnly: boolean;
}

type PhasePatch = Extract<DraftAction, { type: 'updatePhase' }>['patch'];

/** The name a control's label uses for a phase: its name, or its place while it has none. */
export const phaseLabel = (phase: DraftPhase, position: number) => phase.phaseName.trim() || `${position} (no name)`;

/**
 * One phase (spec 2 §2): its handle, colour picker, name and weight, its items' weight sum, its
 * items (reordered within the phase), Add Item, Item weights and Delete.
 */
export const PhaseCard = memo(function PhaseCard({ phase, position, count, itemSum, selectedItemId, problems, actions, readOnly }: PhaseCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: phase.phaseId,
    disabled: readOnly,
    data: { name: phase.phaseName },
  });
  const label = phaseLabel(phase, position);
  const nameErrors = messagesIn(problems, `phase:${phase.phaseId}`);
  const update = (patch: PhasePatch) => actions.dispatch({ type: 'updatePhase', phaseId: phase.phaseId, patch });
  const errorId = `phase-${phase.phaseId}-problems`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, borderLeftColor: phase.color || DEFAULT_PHASE_COLOR }}
      className={cx('rounded-md border border-l-8 border-slate-200 bg-white shadow-xs', isDragging && 'relative z-10 shadow-lg')}
    >
      <section aria-label={`Phase ${label}`} className="space-y-3 p-3">
        <div className="flex flex-wrap items-start gap-2">
          <SortHandle
            label={`Move phase ${label}, position ${position} of ${count}`}
            attributes={attributes}
            listeners={listeners}
            setRef={setActivatorNodeRef}
            disabled={readOnly}
          />
          <input
            type="color"
            aria-label={`Phase ${position} colour`}
            value={/^#[0-9a-f]{6}$/i.test(phase.color) ? phase.color : DEFAULT_PHASE_COLOR}
            disabled={readOnly}
            onChange={(event) => update({ color: event.target.value.toUpperCase() })}
            className="h-7 w-9 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5 focus-visible:ring-2
                focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-not-allowed"
          />
          <div className="min-w-40 flex-1 basis-48">
            <Input
              aria-label={`Phase ${position} name`}
              value={phase.phaseName}
              maxLength={200}
              disabled={readOnly}
              invalid={nameErrors.length > 0}
              aria-describedby={nameErrors.length > 0 ? errorId : undefined}
              onChange={(event) => update({ phaseName: event.target.value })}
            />
          </div>
          <WeightField
            label={`Phase ${position} weight`}
            value={phase.phaseWeight}
            min={M.phaseWeightMin}
            max={M.phaseWeightMax}
            disabled={readOnly}
            onChange={(phaseWeight) => update({ phaseWeight })}
          />
          <div className="flex flex-wrap items-center gap-1.5 pt-0.5">
            <WeightSum sum={itemSum} what="Items" empty={phase.items.length === 0} />
            <Button variant="secondary" size="sm" disabled={readOnly || phase.items.length === 0} onClick={() => actions.itemWeights(phase.phaseId)}>
              Item weights<span className="sr-only">{` of phase ${label}`}</span>
            </Button>
            <Button variant="ghost" size="sm" disabled={readOnly} onClick={() => actions.deletePhase(phase.phaseId)}>
              Delete<span className="sr-only">{` phase ${label}`}</span>
            </Button>
          </div>
        </div>
        {nameErrors.length > 0 ? (
          <ul id={errorId} className="space-y-0.5 text-xs font-medium text-red-600">
            {nameErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
        <PhaseItems
          position={position}
          phase={phase}
          phaseLabel={label}
          selectedItemId={selectedItemId}
          problems={problems}
          actions={actions}
          readOnly={readOnly}
        />
        <Button variant="secondary" size="sm" disabled={readOnly} onClick={() => actions.editItem(phase.phaseId, null)}>
          Add Item<span className="sr-only">{` to phase ${label}`}</span>
        </Button>
      </section>
    </li>
  );
});
