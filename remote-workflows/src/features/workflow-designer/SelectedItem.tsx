import { useCallback, useEffect, useRef } from 'react';
import { Button } from 'kit';
import type { DraftItem } from './designer.types';
import type { WorkflowDraft } from './designerDraft';
import ItemPanel from './item-tabs/ItemPanel';
import type { BoardActions } from './PhaseCard';

/** The selected item's panel beside the board (below it on a narrow screen), or how to open one. */
export function SelectedItem({
  draft,
  selected,
  onClose,
  dispatch,
  readOnly,
}: {
  draft: WorkflowDraft;
  selected: { phaseId: string; itemId: string } | null;
  onClose(): void;
  dispatch: BoardActions['dispatch'];
  readOnly: boolean;
}) {
  const phaseId = selected?.phaseId ?? '';
  const onChange = useCallback((item: DraftItem) => dispatch({ type: 'replaceItem', phaseId, item }), [dispatch, phaseId]);
  const phase = draft.phases.find((one) => one.phaseId === selected?.phaseId);
  const item = phase?.items.find((one) => one.itemId === selected?.itemId);
  // Below the board (a narrow screen), the panel of the item just chosen is brought into sight.
  const panel = useRef<HTMLElement>(null);
  const shownKey = phase && item ? `${phase.phaseId}/${item.itemId}` : null;
  useEffect(() => {
    if (shownKey !== null && window.matchMedia?.('(max-width: 1023px)').matches) panel.current?.scrollIntoView({ block: 'start' });
  }, [shownKey]);
  if (!phase || !item)
    return (
      <p className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-500 lg:sticky lg:top-4">
        Choose an item’s name to see its type, requirements, conditions, triggers, resets, completions, equipment statuses and production.
      </p>
    );
  return (
    // A region, not an aside: a complementary landmark belongs at the top level, not inside the page's main.
    <section ref={panel} aria-label="Item details" className="min-w-0 scroll-mt-4 space-y-2 rounded border border-slate-200 p-3 lg:sticky lg:top-4">
      <div className="flex items-center gap-2">
        <p className="mr-auto min-w-0 truncate text-xs text-slate-500">{`An item of phase ${phase.phaseName.trim() || 'without a name'}`}</p>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close<span className="sr-only"> item details</span>
        </Button>
      </div>
      <ItemPanel
        key={`${phase.phaseId}/${item.itemId}`}
        phases={draft.phases}
        phaseId={phase.phaseId}
        item={item}
        projectIds={draft.projectIds}
        onChange={onChange}
        readOnly={readOnly}
      />
    </section>
  );
}
