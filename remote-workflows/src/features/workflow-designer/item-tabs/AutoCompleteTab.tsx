import { allPreviousCompletable } from 'contracts/workflows';
import { Button } from 'kit';
import { useId } from 'react';
import { inWorkflowOrder, ItemLinksChecklist, refKey, type Ref } from './ItemLinksChecklist';
import type { ItemTabProps } from './itemTabs.types';

/**
 * The Auto-Complete tab (spec 2 §4): the items this item completes when it is completed,
 * chosen among the others; 'All previous' adds every earlier item that has no requirements
 * and no conditions. Written into the draft as the user edits.
 */
export function AutoCompleteTab({ phases, phaseId, item, readOnly, onChange }: ItemTabProps) {
  const hintId = useId();
  const self = { phaseId, itemId: item.itemId };
  const chosen = new Set(item.complete.map(refKey));
  const previous = allPreviousCompletable(phases, self);
  const missing = previous.filter((ref) => !chosen.has(refKey(ref)));
  const write = (complete: Ref[]) => onChange({ ...item, complete });

  return (
    <div className="space-y-4">
      {readOnly ? null : (
        <div className="space-y-1">
          <Button
            variant="secondary"
            aria-describedby={hintId}
            disabled={missing.length === 0}
            onClick={() => write(inWorkflowOrder(phases, [...item.complete, ...missing]))}
          >
            All previous
          </Button>
          <p id={hintId} className="text-xs text-slate-600">
            Adds every earlier item that has no requirements and no conditions.
          </p>
        </div>
      )}
      <ItemLinksChecklist label="Items this item completes" phases={phases} self={self} chosen={item.complete} readOnly={readOnly} onChange={write} />
    </div>
  );
}
