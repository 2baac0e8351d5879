/**
 * The kernel's own texts: what the host and every remote show around sections and the
 * session, whatever the area. Each area's messages live in its contract (contracts/<area>).
 */
export const KernelMessages = {
  sessionExpired: 'Session expired. Please login again.',
  insufficientPermissions: 'Insufficient permissions to access the page.',
  newVersion: 'There is a new version of the product available',
  unexpected: 'Something went wrong. Please try again.',
  sectionUnavailable: 'This section is unavailable right now.',
  partUnavailable: 'This part is unavailable right now.',
  retry: 'Retry',
  reload: 'Reload',
  notApplicable: 'N/A',
  // Ours (the spec is silent): leaving an editor with unsaved changes.
  unsavedTitle: 'Discard unsaved changes?',
  unsavedQuestion: 'You have changes here that are not saved. Leave them, and they are lost.',
  unsavedDiscard: 'Discard changes',
  unsavedStay: 'Stay',
} as const;

/** Template (ours): a remote built for another kernel major than the console runs. */
export function kernelIncompatible(builtFor: number | string, runs: number | string): string {
  return `built for console kernel ${builtFor}, this console runs ${runs}`;
}
