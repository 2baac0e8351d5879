/**
 * A project's site hierarchy as CSV (ours, issue 27): the export's download, the import's dry
 * run (its preview; nothing written) and the import itself, which refreshes everything a change
 * to the project's sites touches before its toast.
 */
import { exportSites, importSites, SITE_CSV_MAX_BYTES, SiteMessages, type SiteImportReply } from 'contracts/projects-sites';
import { historyKeys } from 'kit';
import { ApiError, saveFile, useNotifyingMutation } from 'shared';
import { siteSearchKeys } from '../../site-search/siteSearch.api';
import { siteKeys } from '../sites.api';

/** Downloads the project's sites as the server writes them (archived ones too when the tab shows them). */
export async function downloadSiteCsv(projectId: number, includeArchived: boolean): Promise<void> {
  const { blob, fileName } = await exportSites(projectId, { includeArchived });
  saveFile(blob, fileName ?? `project-${projectId}-sites.csv`);
}

/** A file's text as UTF-8, or why it is not sent (larger than the API takes). */
export async function readSiteFile(file: File): Promise<{ text: string } | { problem: string }> {
  if (file.size > SITE_CSV_MAX_BYTES) return { problem: SiteMessages.csvTooLarge };
  // FileReader rather than file.text(): the same in every browser and in the component tests' DOM.
  const text = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file, 'utf-8');
  });
  return { text };
}

/** The rows' problems an import answered with its 400 (the file changed under it since the dry run), if any. */
export function problemsOf(error: unknown): SiteImportReply['problems'] | undefined {
  const problems = error instanceof ApiError && error.status === 400 ? (error.body as { problems?: unknown } | undefined)?.problems : undefined;
  return Array.isArray(problems) && problems.length > 0 ? (problems as SiteImportReply['problems']) : undefined;
}

/**
 * The import's dry run: the preview of what the file does, nothing written. Its failure (a file
 * that is not a site file) is shown in the dialog, not as a toast.
 */
export function usePreviewSiteImport(projectId: number) {
  return useNotifyingMutation({
    mutationFn: (text: string) => importSites(projectId, text, { dryRun: true }),
    failure: SiteMessages.csvImportFailed,
    shownByForm: () => true,
  });
}

/**
 * Imports the file for good, all or nothing: 'Sites imported: N new, N renamed, N moved.' once
 * the tab, the site views, the search and the Histories show it. Rows refused now (the sites
 * changed since the preview) are shown in the dialog; any other failure is the toast.
 */
export function useImportSites(projectId: number) {
  return useNotifyingMutation({
    mutationFn: (text: string) => importSites(projectId, text, { dryRun: false }),
    invalidates: [siteKeys.project(projectId), siteKeys.ones(), siteSearchKeys.all, historyKeys.all],
    success: (reply) => reply.Message ?? SiteMessages.csvImported(reply.counts.created, reply.counts.renamed, reply.counts.moved),
    failure: SiteMessages.csvImportFailed,
    shownByForm: (error) => problemsOf(error) !== undefined,
  });
}
