/**
 * Integration reports (spec 1 §2 IntegrationReportList and IntegrationReportView): the list's
 * state in the URL, the paging rule, the key factory, the queries and the import file's download.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getIntegrationReport, getIntegrationReportFile, getIntegrationReports } from 'contracts/projects-sites';
import { saveFile } from 'shared';
import { urlParam } from 'kit';

/**
 * Spec 2 §9: the integration report list offers the next page once a page holds 29 rows or
 * more (the server answers 30 a page), and sends the page zero-based.
 */
export const REPORT_NEXT_PAGE_AT = 29;

/** Whether the list offers Next for a page of `rows` rows (spec 2 §9). */
export const hasNextPage = (rows: number) => rows >= REPORT_NEXT_PAGE_AT;

/** The Import File column: the last part of the report's `requestS3Key` ('imports/7/12/1004.csv' → '1004.csv'). */
export function importFileName(requestS3Key: string | null | undefined): string {
  if (!requestS3Key) return '';
  return requestS3Key.split('/').filter(Boolean).at(-1) ?? '';
}

/**
 * The list's query as run (`?projectId=2&page=1&filter=orders`): a project chosen and Run
 * Query set it; the page is zero-based, as sent.
 */
export const reportListParams = { projectId: urlParam.optionalNumber(), page: urlParam.number(0), filter: urlParam.string() };

export interface ReportListQuery {
  projectId: number;
  page: number;
  filter: string;
}

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const reportKeys = {
  all: ['projects-sites', 'integration-reports'] as const,
  list: (q: ReportListQuery) => [...reportKeys.all, 'list', q] as const,
  one: (ref: string) => [...reportKeys.all, 'one', ref] as const,
};

/** One page of a project's reports, newest first; the last page stays on screen while the next loads. */
export const reportPageQuery = (q: ReportListQuery) =>
  queryOptions({
    queryKey: reportKeys.list(q),
    queryFn: () => getIntegrationReports({ projectId: q.projectId, page: q.page, filter: q.filter || undefined }),
    placeholderData: keepPreviousData,
  });

/** One report with its report JSON and whether its file is kept (`hasFile`). */
export const reportQuery = (ref: string) => queryOptions({ queryKey: reportKeys.one(ref), queryFn: () => getIntegrationReport(ref) });

/** Saves the file the report imported, named as the server names it (else after its key). */
export async function downloadReportFile(ref: string, requestS3Key: string): Promise<void> {
  const { blob, fileName } = await getIntegrationReportFile(ref);
  saveFile(blob, fileName ?? (importFileName(requestS3Key) || 'import.csv'));
}
