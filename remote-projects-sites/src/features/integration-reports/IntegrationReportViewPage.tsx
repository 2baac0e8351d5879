import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ImportMessages, type IntegrationReport } from 'contracts/projects-sites';
import { Button, Card, EntityGate, formatDate, PageHeader } from 'kit';
import { errorMessage, notify } from 'shared';
import { importViewRoute } from '../imports/imports.routes';
import { downloadReportFile, importFileName, reportQuery } from './integrationReports.api';
import { integrationReportsRoute } from './integrationReports.routes';

/** A reference the server could know: a GUID (anything else is not found, without a call). */
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The report as GET imports/report/{integrationRef} answers it: with `hasFile` and `dataViewUrl` (ours). */
type ReportView = IntegrationReport & { hasFile?: unknown };

/**
 * One integration report (spec 1 §2 IntegrationReportView, param ref): creation date, project
 * id, user, the import name as a link to its import system, the import file's download (when
 * the file is kept), the data view link, the API key name, the report JSON (collapsible) and
 * Back to the list as it was.
 */
export default function IntegrationReportViewPage() {
  const ref = useParams().ref ?? '';
  const valid = GUID.test(ref);
  const query = useQuery({ ...reportQuery(ref), enabled: valid });
  return (
    <EntityGate query={query} noun="Integration report" valid={valid} failure={ImportMessages.reportFailed}>
      {(report) => <ReportDetails report={report} />}
    </EntityGate>
  );
}

/** The data view's address: an http(s) one only (a path would be this console's, and open Home). */
const safeLink = (link: string | null | undefined) => (link && /^https?:\/\//i.test(link) ? link : null);

/** The host a link opens on, to name it. */
const hostOf = (link: string) => {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
};

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function ReportDetails({ report }: { report: ReportView }) {
  const listSearch = (useLocation().state as { listSearch?: unknown } | null)?.listSearch;
  // Back keeps the list's query when the list opened this report; otherwise the report's project.
  const back = `${integrationReportsRoute.to({})}${typeof listSearch === 'string' && listSearch.startsWith('?') ? listSearch : `?projectId=${report.requestProjectId}`}`;
  const fileName = importFileName(report.requestS3Key);
  // Our API answers where the platform shows the data; the platform's own API may send an address as dataLink.
  const dataView = safeLink(report.dataViewUrl) ?? safeLink(report.dataLink);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadReportFile(report.integrationReference, report.requestS3Key);
    } catch (error) {
      notify.error(errorMessage(error, ImportMessages.reportFailed));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title={report.displayName || 'Integration report'}
        description={`Integration report ${report.integrationReference}`}
        back={{ to: back, label: 'Back' }}
      />
      <Card>
        <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
          <Fact label="Creation Date">{formatDate(report.createTime, 'long')}</Fact>
          <Fact label="Project Id">{report.requestProjectId}</Fact>
          <Fact label="User">{report.userName || '—'}</Fact>
          <Fact label="API Key Name">{report.apiKeyName || '—'}</Fact>
          <Fact label="Import Name">
            {report.requestImportId ? (
              <Link to={importViewRoute.to({ id: report.requestImportId })} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {report.displayName}
              </Link>
            ) : (
              report.displayName
            )}
          </Fact>
          <Fact label="Import File">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-xs break-all">{fileName || '—'}</span>
              {report.hasFile === true ? (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={downloading}
                  onClick={() => void download()}
                  aria-label={`Download ${fileName || 'the import file'}`}
                >
                  Download
                </Button>
              ) : (
                <span className="text-xs text-slate-500">The file is not kept.</span>
              )}
            </span>
          </Fact>
          <Fact label="Data View" wide>
            {dataView ? (
              <a href={dataView} target="_blank" rel="noopener noreferrer" className="font-medium break-all text-brand-700 underline-offset-2 hover:underline">
                {`Open the data view on ${hostOf(dataView)}`}
                <span className="sr-only"> (opens in a new tab)</span>
                <span aria-hidden="true"> ↗</span>
              </a>
            ) : report.dataLink ? (
              // A platform path with no platform server to open it on: shown, never a link to this console's Home.
              <span className="flex flex-col gap-0.5">
                <span className="font-mono text-xs break-all">{report.dataLink}</span>
                <span className="text-xs text-slate-600">{ImportMessages.dataViewElsewhere}</span>
              </span>
            ) : (
              '—'
            )}
          </Fact>
        </dl>
      </Card>
      <Card>
        <details>
          <summary className="cursor-pointer text-sm font-medium text-slate-800 select-none">Report JSON</summary>
          <pre
            className="mt-3 max-h-[32rem] overflow-auto rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-800"
            role="region"
            tabIndex={0}
            aria-label="Report JSON"
          >
            {JSON.stringify(report.reportJson ?? null, null, 2)}
          </pre>
        </details>
      </Card>
    </div>
  );
}
