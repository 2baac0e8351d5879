import { WorkflowMessages as M } from 'contracts/workflows';
import { Button } from 'kit';

/** Props of {@link HeldActions}. */
export interface HeldActionsProps {
  /** What the buttons apply ('triggers'), for their names. */
  noun: string;
  /** Whether the tab holds edits the item does not have yet. */
  dirty: boolean;
  readOnly: boolean;
  onUpdate: () => void;
  onDiscard: () => void;
}

/**
 * Update and Discard of a tab whose edits are held until applied (Triggers, Production,
 * Equipment Status: spec 2 §2), with the note that says so.
 */
export function HeldActions({ noun, dirty, readOnly, onUpdate, onDiscard }: HeldActionsProps) {
  if (readOnly) return null;
  return (
    <div className="space-y-2 border-t border-slate-200 pt-3">
      <p className="text-xs text-slate-600">{M.heldUntilUpdate}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onUpdate} disabled={!dirty} aria-label={`Update ${noun}`}>
          Update
        </Button>
        <Button variant="secondary" onClick={onDiscard} disabled={!dirty} aria-label={`Discard ${noun} changes`}>
          Discard
        </Button>
      </div>
    </div>
  );
}
