import { queryOptions } from '@tanstack/react-query';
import { getProjects } from 'contracts/projects-sites';

export type ProjectState = 'all' | 'active' | 'inactive';

export const projectKeys = {
  all: ['projects-sites', 'projects'] as const,
  list: (licenseId: number | null, state: ProjectState) => [...projectKeys.all, 'list', { licenseId, state }] as const,
};

export const projectsQuery = (licenseId: number | null, state: ProjectState) =>
  queryOptions({ queryKey: projectKeys.list(licenseId, state), queryFn: () => getProjects({ licenseId: licenseId ?? undefined, state }) });
