import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ProjectMessages } from 'contracts/projects-sites';
import { errorMessage, LicenseSelect, PageHeader, Role, Select, useHasRole } from 'shared';
import { projectsQuery, type ProjectState } from './projects.api';
import { ProjectsTable } from './ProjectsTable';

const STATES: { value: ProjectState; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** The project list: state filter (Active by default) and, for super administrators, a licence selector. */
export default function ProjectsPage() {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const [state, setState] = useState<ProjectState>('active');
  const [licenseId, setLicenseId] = useState<number | null>(null);
  const projects = useQuery(projectsQuery(licenseId, state));

  const toolbar = (
    <div className="flex flex-wrap items-center gap-3">
      <Select aria-label="State" className="w-36" value={state} options={STATES} onChange={(e) => setState(e.target.value as ProjectState)} />
      {allLicenses ? (
        <LicenseSelect value={licenseId} onChange={setLicenseId} />
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
