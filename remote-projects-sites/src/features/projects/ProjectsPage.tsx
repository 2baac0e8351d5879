import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ProjectMessages, projectsSitesEndpoints } from 'contracts/projects-sites';
import { DataTableFilter, ExportCsvButton, LicenseSelect, PageHeader, Select, serverPaged, useUrlSearch, useUrlState } from 'kit';
import { errorMessage, Role, useHasRole, useMayCall } from 'shared';
import { projectViewRoute } from '../project-view/projectView.routes';
import { downloadProjects, projectListParams, projectsQuery, type ProjectState } from './projects.api';
import { projectNewRoute } from './projects.routes';
import { ProjectsTable } from './ProjectsTable';

const STATES: { value: ProjectState; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/**
 * The project list, paged on the server: a search over name, description and id, the state
 * filter (Active by default) and, for super administrators, a licence selector. Search,
 * state, sort, page and licence live in the URL, so Back, reload and a shared link restore it.
 * Export CSV downloads every project they select, in their order. A row opens the project;
 * Add Project is offered to whoever may create one.
 */
export default function ProjectsPage() {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const [params, setParams] = useUrlState(projectListParams);
  const [search, setSearch] = useUrlSearch(params.q, (q) => setParams({ q, page: 0 }, { replace: true }));
  const filter = { filter: params.q, licenseId: allLicenses ? params.licenseId : null, state: params.state, sort: params.sort, dir: params.dir };
  const projects = useQuery(projectsQuery({ ...filter, page: params.page }));
  const mayAdd = useMayCall(projectsSitesEndpoints.createProject);
  const navigate = useNavigate();

  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      <DataTableFilter label="State">
        <Select className="w-36" value={params.state} options={STATES} onChange={(e) => setParams({ state: e.target.value as ProjectState, page: 0 })} />
      </DataTableFilter>
      {allLicenses ? (
        <DataTableFilter label="License">
          <LicenseSelect value={params.licenseId} onChange={(id) => setParams({ licenseId: id, page: 0 })} />
        </DataTableFilter>
      ) : null}
      <ExportCsvButton download={() => downloadProjects(filter)} failure={ProjectMessages.exportFailed} />
    </div>
  );
  return (
    <div className="space-y-4">
      <PageHeader
        title="Projects"
        description="Projects and their site hierarchies."
        actions={
          mayAdd ? (
            <Link
              to={projectNewRoute.to({})}
              className="inline-flex h-9 items-center rounded-md bg-brand-600 px-3.5 text-sm font-medium text-white shadow-sm
                  hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500
                  focus-visible:ring-offset-1 focus-visible:outline-none"
            >
              Add Project
            </Link>
          ) : undefined
        }
      />
      <ProjectsTable
        page={projects.data}
        loading={projects.isPending}
        error={projects.isError ? errorMessage(projects.error, ProjectMessages.fetchFailed) : undefined}
        paging={serverPaged(projects.data, params, setParams)}
        search={search}
        onSearch={setSearch}
        toolbar={toolbar}
        onRowClick={(project) => navigate(projectViewRoute.to({ id: project.projectId }))}
      />
    </div>
  );
}
