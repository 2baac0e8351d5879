import { itemsAfter, itemsBefore, resetBounds } from 'contracts/workflows';
import { Checkbox } from 'kit';
import { inWorkflowOrder, ItemLinksChecklist, refKey, type Ref } from './ItemLinksChecklist';
import type { ItemTabProps } from './itemTabs.types';

/**
 * The Auto-Reset tab (spec 2 §4): the items this item resets when it is reset, chosen among
 * the others, with 'All before' (disabled for the first item) and 'All after' (disabled for
 * the last) to tick or clear every earlier or later item at once. Written into the draft as
 * the user edits.
 */
export function AutoResetTab({ phases, phaseId, item, readOnly, onChange }: ItemTabProps) {
  const self = { phaseId, itemId: item.itemId };
  const bounds = resetBounds(phases, self);
  const chosen = new Set(item.reset.map(refKey));
  const before = itemsBefore(phases, self);
  const after = itemsAfter(phases, self);
  const all = (refs: readonly Ref[]) => refs.length > 0 && refs.every((ref) => chosen.has(refKey(ref)));

  const write = (reset: Ref[]) => onChange({ ...item, reset });
  const setAll = (refs: readonly Ref[], on: boolean) => {
    const them = new Set(refs.map(refKey));
    const rest = item.reset.filter((ref) => !them.has(refKey(ref)));
    write(on ? inWorkflowOrder(phases, [...rest, ...refs]) : rest);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Checkbox
          label="All before"
          checked={all(before)}
          disabled={readOnly || !bounds.allBefore}
          onChange={(event) => setAll(before, event.target.checked)}
        />
        <Checkbox label="All after" checked={all(after)} disabled={readOnly || !bounds.allAfter} onChange={(event) => setAll(after, event.target.checked)} />
      </div>
      <ItemLinksChecklist label="Items this item resets" phases={phases} self={self} chosen={item.reset} readOnly={readOnly} onChange={write} />
    </div>
  );
}
