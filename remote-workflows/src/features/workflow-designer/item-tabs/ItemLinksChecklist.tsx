import { itemsInOrder, type ItemRef } from 'contracts/workflows';
import { Checkbox } from 'kit';
import type { DraftPhase } from '../designer.types';

/** A link's target, as the rules return it. */
export type Ref = { phaseId: string; itemId: string };

export const refKey = (ref: Ref) => `${ref.phaseId}/${ref.itemId}`;

/** Props of {@link ItemLinksChecklist}. */
export interface ItemLinksChecklistProps {
  /** What the list chooses ('Items this item resets'). */
  label: string;
  phases: readonly DraftPhase[];
  /** The item itself: never offered. */
  self: Ref;
  chosen: readonly Ref[];
  readOnly: boolean;
  /** The new choice, in workflow order. */
  onChange: (chosen: ItemRef[]) => void;
}

/** Keeps `refs` that name an item of the workflow, in workflow order, once each. */
export function inWorkflowOrder(phases: readonly DraftPhase[], refs: readonly Ref[]): ItemRef[] {
  const wanted = new Set(refs.map(refKey));
  return itemsInOrder(phases)
    .map(({ phase, item }) => ({ phaseId: phase.phaseId, itemId: item.itemId }))
    .filter((ref) => wanted.has(refKey(ref)));
}

/**
 * The other items of the workflow as checkboxes, one group per phase: the items an item resets
 * or completes. Links to items no longer in the workflow are listed too, so they can be removed.
 */
export function ItemLinksChecklist({ label, phases, self, chosen, readOnly, onChange }: ItemLinksChecklistProps) {
  const keys = new Set(chosen.map(refKey));
  const known = new Set(itemsInOrder(phases).map(({ phase, item }) => refKey({ phaseId: phase.phaseId, itemId: item.itemId })));
  const stale = chosen.filter((ref) => !known.has(refKey(ref)));
  const toggle = (ref: Ref, on: boolean) => {
    const rest = chosen.filter((one) => refKey(one) !== refKey(ref));
    const next = on ? [...rest, ref] : rest;
    onChange([...inWorkflowOrder(phases, next), ...next.filter((one) => !known.has(refKey(one))).map(({ phaseId, itemId }) => ({ phaseId, itemId }))]);
  };
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{label}</legend>
      {phases.map((phase) => {
        const others = phase.items.filter((item) => !(phase.phaseId === self.phaseId && item.itemId === self.itemId));
        if (others.length === 0) return null;
        return (
          <fieldset key={phase.phaseId} className="min-w-0 rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium break-all text-slate-700">{phase.phaseName}</legend>
            <div className="grid gap-x-4 gap-y-1.5 @lg:grid-cols-2">
              {others.map((item) => {
                const ref = { phaseId: phase.phaseId, itemId: item.itemId };
                return (
                  <Checkbox
                    key={item.itemId}
                    label={item.itemName}
                    aria-label={`${phase.phaseName} › ${item.itemName}`}
                    checked={keys.has(refKey(ref))}
                    disabled={readOnly}
                    onChange={(event) => toggle(ref, event.target.checked)}
                    className="break-all"
                  />
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {stale.length > 0 ? (
        <div className="space-y-1">
          {stale.map((ref) => (
            <Checkbox key={refKey(ref)} label="An item no longer in the workflow" checked disabled={readOnly} onChange={() => toggle(ref, false)} />
          ))}
        </div>
      ) : null}
      {phases.every((phase) => phase.items.every((item) => phase.phaseId === self.phaseId && item.itemId === self.itemId)) ? (
        <p className="text-sm text-slate-600">The workflow has no other items.</p>
      ) : null}
    </fieldset>
  );
}
