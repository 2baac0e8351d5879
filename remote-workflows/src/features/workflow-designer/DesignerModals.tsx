import { WorkflowMessages as M, type WorkflowDetail } from 'contracts/workflows';
import { Button, ConfirmDialog, Dialog } from 'kit';
import { AddPhaseDialog } from './AddPhaseDialog';
import { savePlan, type WorkflowDraft } from './designerDraft';
import { ItemPropertiesDialog } from './ItemPropertiesDialog';
import type { BoardActions } from './PhaseCard';
import { SaveReachDialog } from './SaveReachDialog';
import { WeightsDialog } from './WeightsDialog';

/** The modal open now, if any. */
export type Open =
  | { kind: 'addPhase' }
  | { kind: 'phaseWeights' }
  | { kind: 'itemWeights'; phaseId: string }
  | { kind: 'item'; phaseId: string; itemId: string | null }
  | { kind: 'blocked'; title: string; reasons: string[] }
  | { kind: 'deletePhase'; phaseId: string }
  | { kind: 'reach' };

/** The modal open now: Add Phase, the weights modals, an item's properties, a refused delete, a phase delete, where a save reaches. */
export function Modals({
  open,
  draft,
  dispatch,
  newId,
  onClose,
  copies,
  projectName,
  onContinue,
  ownProjectId,
  onSelect,
}: {
  open: Open | null;
  draft: WorkflowDraft;
  dispatch: BoardActions['dispatch'];
  newId: () => string;
  onClose(): void;
  copies: WorkflowDetail['copies'];
  projectName(projectId: number): string;
  onContinue(): void;
  ownProjectId: number | null;
  onSelect(selected: { phaseId: string; itemId: string }): void;
}) {
  if (!open) return null;
  switch (open.kind) {
    case 'addPhase':
      return (
        <AddPhaseDialog
          phases={draft.phases}
          relatedKey={draft.relatedKey}
          newId={newId}
          onClose={onClose}
          onAdd={(phase) => {
            dispatch({ type: 'addPhase', phase });
            onClose();
          }}
        />
      );
    case 'phaseWeights':
      return (
        <WeightsDialog
          title="Phase weights"
          what="Phases"
          rows={draft.phases.map((phase, index) => ({ id: phase.phaseId, label: phase.phaseName.trim() || `Phase ${index + 1}`, weight: phase.phaseWeight }))}
          min={M.phaseWeightMin}
          max={M.phaseWeightMax}
          onClose={onClose}
          onApply={(weights) => {
            dispatch({ type: 'phaseWeights', weights });
            onClose();
          }}
        />
      );
    case 'itemWeights': {
      const phase = draft.phases.find((one) => one.phaseId === open.phaseId);
      if (!phase) return null;
      return (
        <WeightsDialog
          title={`Item weights of ${phase.phaseName.trim() || 'the phase'}`}
          what="Items"
          rows={phase.items.map((item, index) => ({ id: item.itemId, label: item.itemName.trim() || `Item ${index + 1}`, weight: item.itemWeight }))}
          min={M.itemWeightMin}
          max={M.itemWeightMax}
          onClose={onClose}
          onApply={(weights) => {
            dispatch({ type: 'itemWeights', phaseId: phase.phaseId, weights });
            onClose();
          }}
        />
      );
    }
    case 'item': {
      const phase = draft.phases.find((one) => one.phaseId === open.phaseId);
      if (!phase) return null;
      const item = open.itemId === null ? null : (phase.items.find((one) => one.itemId === open.itemId) ?? null);
      return (
        <ItemPropertiesDialog
          phase={phase}
          item={item}
          newId={newId}
          onClose={onClose}
          onApply={(applied) => {
            dispatch(item ? { type: 'replaceItem', phaseId: phase.phaseId, item: applied } : { type: 'addItem', phaseId: phase.phaseId, item: applied });
            if (!item) onSelect({ phaseId: phase.phaseId, itemId: applied.itemId });
            onClose();
          }}
        />
      );
    }
    case 'blocked':
      return (
        <Dialog
          open
          onOpenChange={(next) => !next && onClose()}
          title={open.title}
          description={M.deleteBlocked}
          size="sm"
          footer={<Button onClick={onClose}>OK</Button>}
        >
          <ul className="list-disc space-y-1 pl-5">
            {open.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </Dialog>
      );
    case 'deletePhase': {
      const phase = draft.phases.find((one) => one.phaseId === open.phaseId);
      return (
        <ConfirmDialog
          open
          title="Delete phase"
          message={`Delete phase ${phase?.phaseName ?? ''} and its ${phase?.items.length ?? 0} items? Nothing is saved until you save the workflow.`}
          confirmLabel="Delete"
          variant="danger"
          onCancel={onClose}
          onConfirm={() => {
            dispatch({ type: 'removePhase', phaseId: open.phaseId });
            onClose();
          }}
        />
      );
    }
    case 'reach':
      return (
        <SaveReachDialog copies={copies} plan={savePlan(draft, copies, ownProjectId)} projectName={projectName} onCancel={onClose} onContinue={onContinue} />
      );
  }
}
