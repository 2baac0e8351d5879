import { useState } from 'react';
import { WorkflowMessages as M } from 'contracts/workflows';
import { notify } from 'shared';

/**
 * When a tab shows a field's message: once the field was left (blur), or for every field once
 * the user tried to apply the tab (Update), like the kernel's form hook shows them on blur
 * and submit.
 */
export function useShownErrors() {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [all, setAll] = useState(false);
  return {
    /** Marks the field at `path` ('0.triggerName') as left. */
    touch: (path: string) => setTouched((before) => (before.has(path) ? before : new Set(before).add(path))),
    /** Shows every field's message. */
    showAll: () => setAll(true),
    /** Forgets what was left (the rows changed places, or the edits were applied or dropped). */
    reset: () => {
      setAll(false);
      setTouched(new Set());
    },
    /** The message for `path` if it is to be shown now. */
    shown: (errors: Readonly<Record<string, string>>, path: string): string | undefined => (all || touched.has(path) ? errors[path] : undefined),
  };
}

/**
 * A held tab's Update and Discard (Triggers, Production, Equipment Status): Update applies the
 * tab's edits to the item — unless they are refused, when every message shows —, drops them
 * from the held edits and says 'updated, save workflow to confirm'; Discard drops them.
 */
export function heldTabActions(shownErrors: Pick<ReturnType<typeof useShownErrors>, 'showAll' | 'reset'>, onHold: (value: undefined) => void) {
  return {
    update(refused: boolean, apply: () => void) {
      if (refused) {
        shownErrors.showAll();
        return;
      }
      apply();
      onHold(undefined);
      shownErrors.reset();
      notify.success(M.updatedSaveToConfirm);
    },
    discard() {
      shownErrors.reset();
      onHold(undefined);
    },
  };
}
