import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ImportMessages, ProjectMessages } from 'contracts/projects-sites';
import { Alert, Button, EmptyState, FormField, Input, PageHeader, Select, SELECT_PLACEHOLDER, type SelectOption, useUrlState } from 'kit';
import { errorMessage, Role, useHasRole } from 'shared';
import { importProjectsQuery, projectLabel } from '../imports/imports.api';
import { reportListParams, reportPageQuery } from './integrationReports.api';
import { integrationReportViewRoute } from './integrationReports.routes';
import { IntegrationReportsTable } from './IntegrationReportsTable';

/**
 * The integration report list (spec 1 §2 IntegrationReportList): choose a project (and a
 * filter), Run Query, then page with Previous and Next. The query as run — projectId, page and
 * filter — lives in the URL, so Back from a report, reload and a shared link show the same page;
 * the select and filter are a draft until Run Query. A row opens the report.
 */
export default function IntegrationReportsPage() {
  const withLicense = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const [params, setParams] = useUrlState(reportListParams);
  const projects = useQuery(importProjectsQuery());
  const ran = params.projectId === null ? null : { projectId: params.projectId, page: params.page, filter: params.filter };
  const reports = useQuery({ ...reportPageQuery(ran ?? { projectId: 0, page: 0, filter: '' }), enabled: ran !== null });
  const navigate = useNavigate();
  const { search } = useLocation();

  const options = (projects.data ?? []).map((project) => ({ value: project.projectId, label: projectLabel(project, withLicense) }));
  if (params.projectId !== null && !options.some((option) => option.value === params.projectId))
    options.unshift({ value: params.projectId, label: `Project ${params.projectId}` });

  const run = (next: { projectId: number; filter: string }) => {
    // Running the same query again reads it afresh.
    if (ran && next.projectId === ran.projectId && next.filter === ran.filter && ran.page === 0) void reports.refetch();
    else setParams({ ...next, page: 0 });
  };

  return (
    <div className="space-y-4">
      <PageHeader title="Integration reports" description="What each run of a project's imports read, imported and refused." />
      <QueryForm
        // The draft starts again from the query as run when the URL changes it (Back, a link).
        key={`${params.projectId}:${params.filter}`}
        ran={ran}
        options={options}
        running={reports.isFetching && !reports.isPlaceholderData}
        onRun={run}
      />
      {projects.isError ? <Alert variant="warning">{errorMessage(projects.error, ProjectMessages.fetchFailed)}</Alert> : null}
      {ran === null ? (
        <EmptyState title="No query run yet">{ImportMessages.reportProjectRequired}</EmptyState>
      ) : (
        <IntegrationReportsTable
          rows={reports.data ?? []}
          page={ran.page}
          loading={reports.isPending}
          error={reports.isError ? errorMessage(reports.error, ImportMessages.reportsFailed) : undefined}
          onPageChange={(page) => setParams({ page })}
          onRowClick={(report) => navigate(integrationReportViewRoute.to({ ref: report.integrationReference }), { state: { listSearch: search } })}
        />
      )}
    </div>
  );
}

/**
 * The query's draft: a project and a filter, run by Run Query (spec 1 §2: the list loads for
 * the chosen project only then).
 */
function QueryForm({
  ran,
  options,
  running,
  onRun,
}: {
  ran: { projectId: number; filter: string } | null;
  options: SelectOption[];
  running: boolean;
  onRun(query: { projectId: number; filter: string }): void;
}) {
  const [projectId, setProjectId] = useState(ran === null ? '' : String(ran.projectId));
  const [filter, setFilter] = useState(ran?.filter ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (projectId !== '') onRun({ projectId: Number(projectId), filter: filter.trim() });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 rounded-md border border-slate-200 bg-white p-3">
      <FormField label="Project" className="w-full space-y-1 sm:w-72">
        <Select
          className="w-full"
          placeholder={SELECT_PLACEHOLDER}
          value={projectId}
          options={options}
          onChange={(event) => setProjectId(event.target.value)}
        />
      </FormField>
      <FormField label="Filter" className="w-full space-y-1 sm:w-56">
        <Input type="search" value={filter} maxLength={200} placeholder="Import name, file or user" onChange={(event) => setFilter(event.target.value)} />
      </FormField>
      <Button type="submit" disabled={projectId === ''} loading={running}>
        Run Query
      </Button>
    </form>
  );
}
