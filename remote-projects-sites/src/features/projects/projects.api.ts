import { queryOptions } from '@tanstack/react-query';
import { getLicenses, getProjects } from 'shared';

export type ProjectState = 'all' | 'active' | 'inactive';

export const projectKeys = {
  all: ['projects-sites', 'projects'] as const,
  list: (licenseId: number | null, state: ProjectState) => [...projectKeys.all, 'list', { licenseId, state }] as const,
  licences: ['projects-sites', 'licences'] as const,
};

export const projectsQuery = (licenseId: number | null, state: ProjectState) =>
  queryOptions({ queryKey: projectKeys.list(licenseId, state), queryFn: () => getProjects({ licenseId: licenseId ?? undefined, state }) });

export const licenceOptionsQuery = () => queryOptions({ queryKey: projectKeys.licences, queryFn: getLicenses, staleTime: 5 * 60_000 });
