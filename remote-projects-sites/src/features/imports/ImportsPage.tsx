import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ImportMessages, ProjectMessages, projectsSitesEndpoints } from 'contracts/projects-sites';
import { Alert, ExportCsvButton, PageHeader, Select, serverPaged, useUrlSearch, useUrlState } from 'kit';
import { errorMessage, Role, useHasRole, useMayCall } from 'shared';
import { downloadImports, importListParams, importPageQuery, importProjectsQuery, projectLabel } from './imports.api';
import { importNewRoute, importViewRoute } from './imports.routes';
import { ImportsTable } from './ImportsTable';

/**
 * The import list (spec 1 §2 ImportsList), paged on the server: a project filter (the caller's
 * projects, All projects first), a search over name, path, description and project id; the
 * search, project, sort and page live in the URL. Export CSV downloads every import system they
 * select, in their order. A row opens the import system; Add Import System is offered to
 * whoever may create one, for the project filtered on when there is one.
 */
export default function ImportsPage() {
  const withLicense = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const [params, setParams] = useUrlState(importListParams);
  const [search, setSearch] = useUrlSearch(params.q, (q) => setParams({ q, page: 0 }, { replace: true }));
  const filter = { filter: params.q, projectId: params.projectId, sort: params.sort, dir: params.dir };
  const imports = useQuery(importPageQuery({ ...filter, page: params.page }));
  const projects = useQuery(importProjectsQuery());
  const mayAdd = useMayCall(projectsSitesEndpoints.createImportSystem);
  const navigate = useNavigate();

  const options = (projects.data ?? []).map((project) => ({ value: project.projectId, label: projectLabel(project, withLicense) }));
  // A project in the URL that the select does not list (yet, or not at all) still shows as chosen.
  if (params.projectId !== null && !options.some((option) => option.value === params.projectId))
    options.unshift({ value: params.projectId, label: `Project ${params.projectId}` });

  const toolbar = (
    <div className="flex w-full flex-wrap items-center gap-3 sm:w-auto">
      <Select
        aria-label="Project"
        // Full width on a phone, a fixed width beside the search otherwise: a long project name
        // (a super administrator's carry their licence's) is cut in the closed select, never the page.
        className="w-full sm:w-72"
        placeholder="All projects"
        value={params.projectId ?? ''}
        options={options}
        onChange={(event) => setParams({ projectId: event.target.value === '' ? null : Number(event.target.value), page: 0 })}
      />
      <ExportCsvButton download={() => downloadImports(filter)} failure={ImportMessages.fetchFailed} />
    </div>
  );
  return (
    <div className="space-y-4">
      <PageHeader
        title="Imports"
        description="Import systems: where each project's data imports come from."
        actions={
          mayAdd ? (
            <Link
              to={`${importNewRoute.to({})}${params.projectId === null ? '' : `?projectId=${params.projectId}`}`}
              className="inline-flex h-9 items-center rounded-md bg-brand-600 px-3.5 text-sm font-medium text-white shadow-sm
                  hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500
                  focus-visible:ring-offset-1 focus-visible:outline-none"
            >
              Add Import System
            </Link>
          ) : undefined
        }
      />
      {projects.isError ? <Alert variant="warning">{errorMessage(projects.error, ProjectMessages.fetchFailed)}</Alert> : null}
      <ImportsTable
        page={imports.data}
        loading={imports.isPending}
        error={imports.isError ? errorMessage(imports.error, ImportMessages.fetchFailed) : undefined}
        paging={serverPaged(imports.data, params, setParams)}
        search={search}
        onSearch={setSearch}
        toolbar={toolbar}
        onRowClick={(system) => navigate(importViewRoute.to({ id: system.configId }))}
      />
    </div>
  );
}
