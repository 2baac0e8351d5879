/**
 * Unsaved changes: an editor that holds changes not yet saved says so (useUnsavedChanges),
 * and the console asks before anything would throw them away: another tab of the page
 * (Tabs), another page (the host's Shell blocks the navigation), a reload or closing the
 * browser tab (the browser's own question). One store for the host and every remote: the
 * kernel is a singleton.
 */
import { useEffect, useId } from 'react';
import { create } from 'zustand';

interface UnsavedState {
  /** The editors holding unsaved changes now. */
  editors: ReadonlySet<string>;
  /** The open question, answered by the dialog. */
  asking: ((discard: boolean) => void) | null;
}

const useUnsaved = create<UnsavedState>()(() => ({ editors: new Set(), asking: null }));

function mark(id: string, dirty: boolean) {
  useUnsaved.setState((state) => {
    if (state.editors.has(id) === dirty) return state;
    const editors = new Set(state.editors);
    if (dirty) editors.add(id);
    else editors.delete(id);
    return { editors };
  });
}

/** Marks this editor as holding unsaved changes while `dirty`; unmounting clears it. */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    mark(id, dirty);
    return () => mark(id, false);
  }, [id, dirty]);
}

/** Whether some editor on the page holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return useUnsaved.getState().editors.size > 0;
}

/**
 * Asks whether to discard the unsaved changes (UnsavedChangesDialog shows the question):
 * true to go on and lose them, false to stay. True at once when nothing is unsaved.
 */
export function confirmDiscard(): Promise<boolean> {
  if (!hasUnsavedChanges()) return Promise.resolve(true);
  // A second question replaces the first, which counts as 'stay'.
  useUnsaved.getState().asking?.(false);
  return new Promise((resolve) => {
    let stop = () => {};
    const answer = (discard: boolean) => {
      stop();
      useUnsaved.setState((state) => (state.asking === answer ? { asking: null } : state));
      resolve(discard);
    };
    useUnsaved.setState({ asking: answer });
    // Nothing left to lose (the saved state arrived while asking): go on without an answer.
    stop = useUnsaved.subscribe((state) => {
      if (state.asking === answer && state.editors.size === 0) answer(true);
    });
  });
}

/**
 * The question confirmDiscard asks, for the one dialog that draws it (the kit's
 * UnsavedChangesDialog, which the host draws once): whether it is open, and how to answer.
 */
export function useDiscardQuestion(): { open: boolean; answer(discard: boolean): void } {
  const asking = useUnsaved((state) => state.asking);
  return { open: asking !== null, answer: (discard) => asking?.(discard) };
}
