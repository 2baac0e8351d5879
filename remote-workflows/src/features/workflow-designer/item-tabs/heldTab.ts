import { WorkflowMessages as M } from 'contracts/workflows';
import type { Form } from 'kit';
import { notify } from 'shared';

/**
 * After a held tab's Update (Triggers, Production, Equipment Status: spec 2 §2) wrote its edits
 * into the item: the tab holds nothing any more, its form starts again, and the user is told
 * to save the workflow to confirm.
 */
export function heldTabApplied(form: Pick<Form<object>, 'reset'>, onHold: (value: undefined) => void): void {
  form.reset();
  onHold(undefined);
  notify.success(M.updatedSaveToConfirm);
}

/** A held tab's Discard: its edits go, and its form forgets their messages. */
export function heldTabDiscarded(form: Pick<Form<object>, 'reset'>, onHold: (value: undefined) => void): void {
  form.reset();
  onHold(undefined);
}
