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
} as const;

/** Template (ours): a remote built for another kernel major than the console runs. */
export function kernelIncompatible(builtFor: number | string, runs: number | string): string {
  return `built for console kernel ${builtFor}, this console runs ${runs}`;
}
