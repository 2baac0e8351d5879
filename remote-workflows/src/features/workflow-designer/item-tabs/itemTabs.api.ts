import { queryOptions } from '@tanstack/react-query';
import type { Config } from 'contracts/licensing';
import { getConfigsByName, getProjectSites, type Site } from 'contracts/projects-sites';
import { CUSTOM_EQUIPMENT_STATUS_CONFIG, customEquipmentStatuses, customStatusesAgree } from 'contracts/workflows';

export const itemTabKeys = {
  all: ['workflows', 'item-tabs'] as const,
  sites: (projectId: number) => [...itemTabKeys.all, 'sites', projectId] as const,
  customStatuses: (projectIds: readonly number[]) => [...itemTabKeys.all, 'custom-statuses', [...projectIds].sort((a, b) => a - b)] as const,
};

/** A site a Geo trigger may name: its id and its path from the top ('Yard › Bay 2'). */
export interface SiteChoice {
  siteId: number;
  path: string;
}

/** The active sites of a project's tree, each with its path, in path order. */
export function siteChoices(sites: readonly Site[], above: readonly string[] = []): SiteChoice[] {
  const out: SiteChoice[] = [];
  for (const site of sites) {
    if (!site.active) continue;
    const path = [...above, site.name];
    out.push({ siteId: site.siteId, path: path.join(' › ') });
    out.push(...siteChoices(site.children, path));
  }
  return above.length === 0 ? out.sort((a, b) => a.path.localeCompare(b.path)) : out;
}

/** The sites of the workflow's one project, for its Geo triggers (GET project/{projectId}/sites). */
export const projectSitesQuery = (projectId: number) =>
  queryOptions({ queryKey: itemTabKeys.sites(projectId), queryFn: async () => siteChoices(await getProjectSites(projectId)), staleTime: 60_000 });

/** The chosen projects' custom equipment statuses: each project's list, whether they agree, and the list the options use. */
export interface CustomStatuses {
  perProject: string[][];
  agree: boolean;
  statuses: string[];
}

/**
 * Each chosen project's custom statuses, read by the area's rule (customEquipmentStatuses): its
 * own CustomEquipmentStatus config's, none without one — as the API checks a save.
 */
export function customStatusesOf(configs: readonly Config[], projectIds: readonly number[]): CustomStatuses {
  const perProject = projectIds.map((projectId) => customEquipmentStatuses(configs.find((config) => config.projectId === projectId)?.data));
  const agree = customStatusesAgree(perProject);
  return { perProject, agree, statuses: agree ? (perProject[0] ?? []) : [] };
}

/** The custom equipment statuses of the chosen projects (POST project/CustomEquipmentStatus/get-configs). */
export const customStatusesQuery = (projectIds: readonly number[]) =>
  queryOptions({
    queryKey: itemTabKeys.customStatuses(projectIds),
    queryFn: async () =>
      projectIds.length === 0
        ? customStatusesOf([], [])
        : customStatusesOf(await getConfigsByName(CUSTOM_EQUIPMENT_STATUS_CONFIG, [...projectIds]), projectIds),
    staleTime: 60_000,
  });
