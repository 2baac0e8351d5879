import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { exportProjects, getProjectPage, getProjects, PROJECT_SORTS, type ProjectSort } from 'contracts/projects-sites';
import { saveFile } from 'shared';
import { urlParam } from 'kit';

export type ProjectState = 'all' | 'active' | 'inactive';

/** The spec's generic page size. */
export const PROJECTS_PAGE_SIZE = 20;

/** The list's state in the URL (`?q=tower&state=all&sort=name&dir=desc&page=2&licenseId=3`). */
export const projectListParams = {
  q: urlParam.string(),
  state: urlParam.oneOf<ProjectState>(['all', 'active', 'inactive'], 'active'),
  sort: urlParam.oneOf<ProjectSort>(PROJECT_SORTS, 'projectId'),
  dir: urlParam.oneOf(['asc', 'desc'] as const, 'asc'),
  page: urlParam.number(0),
  licenseId: urlParam.optionalNumber(),
};

export interface ProjectListFilter {
  filter: string;
  licenseId: number | null;
  state: ProjectState;
  sort: ProjectSort;
  dir: 'asc' | 'desc';
  page: number;
}

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const projectKeys = {
  all: ['projects-sites', 'projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (f: ProjectListFilter) => [...projectKeys.lists(), f] as const,
  /** Every project of one licence the caller sees (the parent project and copy source selects). */
  ofLicense: (licenseId: number) => [...projectKeys.all, 'license', licenseId] as const,
  /** One project and its tabs (the project view's keys are under it). */
  one: (projectId: number) => [...projectKeys.all, 'one', projectId] as const,
};

/** The call's query for the list's filters and order (the page is the list query's). */
const queryOf = (f: Omit<ProjectListFilter, 'page'>) => ({
  filter: f.filter || undefined,
  licenseId: f.licenseId ?? undefined,
  state: f.state,
  sort: f.sort,
  dir: f.dir,
});

/** One page of the project list; the last page stays on screen while the next loads. */
export const projectsQuery = (f: ProjectListFilter) =>
  queryOptions({
    queryKey: projectKeys.list(f),
    queryFn: () => getProjectPage({ ...queryOf(f), page: f.page, pageSize: PROJECTS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

/** Downloads every project the list's filters and order select, as the server streams it. */
export async function downloadProjects(f: Omit<ProjectListFilter, 'page'>): Promise<void> {
  const { blob, fileName } = await exportProjects(queryOf(f));
  saveFile(blob, fileName ?? 'projects.csv');
}

/** Every project of licence `licenseId` the caller sees, active or not, by name: the options of a project select. */
export const licenseProjectsQuery = (licenseId: number) =>
  queryOptions({
    queryKey: projectKeys.ofLicense(licenseId),
    queryFn: async () => (await getProjects({ licenseId, state: 'all' })).sort((a, b) => a.name.localeCompare(b.name)),
    staleTime: 60_000,
  });
