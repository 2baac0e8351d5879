import type { KeyboardEvent, MouseEvent } from 'react';
import { type IntegrationReport } from 'contracts/projects-sites';
import { Button, formatDate, ScrollBox, Spinner } from 'kit';
import { hasNextPage, importFileName } from './integrationReports.api';

/** Props of {@link IntegrationReportsTable}. */
export interface IntegrationReportsTableProps {
  /** The page's rows, as the server answered them (newest first). */
  rows: IntegrationReport[];
  /** Zero-based, as sent; shown one-based. */
  page: number;
  loading: boolean;
  /** A failure to load, shown in place of the rows. */
  error?: string;
  onPageChange(page: number): void;
  /** Opens the report (its view). */
  onRowClick(report: IntegrationReport): void;
}

const HEADERS = ['Creation Date', 'Import Name', 'Import File', 'User'];

/** A click on a row opens it, unless it selects text. */
const clicked = (event: MouseEvent, open: () => void) => {
  if (window.getSelection()?.toString()) return;
  event.preventDefault();
  open();
};

/**
 * One page of a project's integration reports (spec 1 §2 IntegrationReportList): Creation Date,
 * Import Name, Import File (the last part of `requestS3Key`) and User; a row opens the report.
 * The server tells no total, so the pager is the spec's: the page number, Previous, and Next once
 * a page holds 29 rows or more (spec 2 §9).
 */
export function IntegrationReportsTable({ rows, page, loading, error, onPageChange, onRowClick }: IntegrationReportsTableProps) {
  const openByKey = (event: KeyboardEvent, report: IntegrationReport) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(report);
  };
  return (
    <div className="overflow-hidden rounded-md border border-slate-200 bg-white">
      <ScrollBox label="Integration reports">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Integration reports</caption>
          <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
            <tr>
              {HEADERS.map((header) => (
                <th key={header} scope="col" className="h-9 border-b border-slate-200 px-3 align-middle whitespace-nowrap">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {error ? (
              <tr>
                <td colSpan={HEADERS.length} className="px-3 py-10 text-center font-medium text-red-700" role="alert">
                  {error}
                </td>
              </tr>
            ) : loading || rows.length === 0 ? (
              <tr>
                <td colSpan={HEADERS.length} className="px-3 py-10 text-center text-slate-500">
                  {loading ? (
                    <Spinner label="Loading integration reports" />
                  ) : page > 0 ? (
                    'No more integration reports.'
                  ) : (
                    'No integration reports for this project.'
                  )}
                </td>
              </tr>
            ) : (
              rows.map((report) => (
                <tr
                  key={report.integrationReference}
                  tabIndex={0}
                  onClick={(event) => clicked(event, () => onRowClick(report))}
                  onKeyDown={(event) => openByKey(event, report)}
                  className="cursor-pointer border-b border-slate-100 last:border-b-0 hover:bg-slate-50 focus-visible:bg-slate-50
                      focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
                >
                  <td className="px-3 py-2 align-middle whitespace-nowrap text-slate-700">{formatDate(report.createTime)}</td>
                  <td className="px-3 py-2 align-middle text-slate-700 max-sm:whitespace-nowrap">{report.displayName}</td>
                  <td className="px-3 py-2 align-middle font-mono text-xs whitespace-nowrap text-slate-700">{importFileName(report.requestS3Key)}</td>
                  <td className="px-3 py-2 align-middle whitespace-nowrap text-slate-700">{report.userName}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollBox>
      <div className="flex items-center justify-end gap-2 border-t border-slate-200 px-3 py-2 text-sm text-slate-600">
        <span aria-live="polite">{`Page ${page + 1}`}</span>
        <Button variant="secondary" size="sm" disabled={loading || page <= 0} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={loading || Boolean(error) || !hasNextPage(rows.length)} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
