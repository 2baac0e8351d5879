import { useQuery } from '@tanstack/react-query';
import { ProjectMessages } from 'contracts/projects-sites';
import { errorMessage, LicenseSelect, PageHeader, Role, Select, urlParam, useHasRole, useUrlState } from 'shared';
import { projectsQuery, type ProjectState } from './projects.api';
import { ProjectsTable } from './ProjectsTable';

const STATES: { value: ProjectState; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** The list's state filter and licence, kept in the URL (`?state=all&licenseId=3`). */
const projectListParams = {
  state: urlParam.oneOf<ProjectState>(['all', 'active', 'inactive'], 'active'),
  licenseId: urlParam.optionalNumber(),
};

/** The project list: state filter (Active by default) and, for super administrators, a licence selector. */
export default function ProjectsPage() {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const [{ state, licenseId }, setParams] = useUrlState(projectListParams);
  const projects = useQuery(projectsQuery(allLicenses ? licenseId : null, state));

  const toolbar = (
    <div className="flex flex-wrap items-center gap-3">
      <Select aria-label="State" className="w-36" value={state} options={STATES} onChange={(e) => setParams({ state: e.target.value as ProjectState })} />
      {allLicenses ? (
        <LicenseSelect value={licenseId} onChange={(id) => setParams({ licenseId: id })} />
      ) : null}
    </div>
  );
  return (
    <div className="space-y-4">
      <PageHeader title="Projects" description="Projects and their site hierarchies." />
      <ProjectsTable
        projects={projects.data ?? []}
        loading={projects.isPending}
        error={projects.isError ? errorMessage(projects.error, ProjectMessages.fetchFailed) : undefined}
        toolbar={toolbar}
      />
    </div>
  );
}
