/**
 * A project's sites (spec 1 §2–§5, spec 2's site calls): the key factory, the queries (the
 * project's tree, its hierarchy as tree nodes, one site, the default storage location) and the
 * mutations with the spec's toasts — 'Added site to the project', 'Site saved', 'Site hierarchy
 * saved', 'Default storage location updated' and their failures. Every change refreshes the
 * project's site queries, the one-site views and the Histories before its toast.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  archiveSite,
  canCopySites,
  copySite,
  createSites,
  getDefaultStorage,
  getProjectSites,
  getSite,
  getSiteHierarchy,
  ProjectMessages,
  setDefaultStorage,
  SiteMessages,
  siteExists,
  unarchiveSite,
  updateSite,
  updateSites,
  type Site,
  type SiteInput,
  type SiteTreeInput,
} from 'contracts/projects-sites';
import { historyKeys } from 'kit';
import { ApiError, errorMessage, Role, shownOnFields, useHasRole, useNotifyingMutation } from 'shared';
import { projectKeys } from '../projects/projects.api';

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const siteKeys = {
  all: ['projects-sites', 'sites'] as const,
  /** Everything read about one project's sites (its tree, its hierarchy). */
  project: (projectId: number) => [...siteKeys.all, 'project', projectId] as const,
  tree: (projectId: number) => [...siteKeys.project(projectId), 'tree'] as const,
  hierarchy: (projectId: number) => [...siteKeys.project(projectId), 'hierarchy'] as const,
  /** One site's view (every site: an archive reaches its children's views too). */
  ones: () => [...siteKeys.all, 'one'] as const,
  one: (siteId: number) => [...siteKeys.ones(), siteId] as const,
  /** The project's default storage location, under the project's own keys. */
  defaultStorage: (projectId: number) => [...projectKeys.one(projectId), 'default-storage'] as const,
};

/**
 * An editor starts from fresh data: while the first fetch of its mount runs over older cached
 * data it waits, so no refetch can replace what the user has begun to change.
 */
export const isRefreshingOnMount = (query: { isFetching: boolean; isFetchedAfterMount: boolean }) => query.isFetching && !query.isFetchedAfterMount;

/**
 * Whether the signed-in user sees archived sites (spec 1 §6: ADMINISTER_SITE). The API lists
 * archived sites only to them; the Sites tab's switch shows or hides them.
 */
export function useSeesArchivedSites(): boolean {
  return useHasRole(Role.ADMINISTER_SITE);
}

/**
 * The project's sites, top-level ones with their nested children. Archived ones are asked for
 * always: the server lists them only to ADMINISTER_SITE (for anyone else it ignores the flag),
 * so one query serves both, and the screens leave them out unless asked to show them (the Sites
 * tab's switch) — while a new name is still checked against them (siblings are named apart,
 * archived ones too).
 */
export const projectSitesQuery = (projectId: number) =>
  queryOptions({ queryKey: siteKeys.tree(projectId), queryFn: () => getProjectSites(projectId, { includeArchived: true }) });

/** The project's hierarchy as tree nodes, archived ones too where the server lists them (bulk entry's preview and the hierarchy editor start from it). */
export const siteHierarchyQuery = (projectId: number) =>
  queryOptions({ queryKey: siteKeys.hierarchy(projectId), queryFn: () => getSiteHierarchy(projectId, { includeArchived: true }) });

/** One site with its children; another licence's (or a missing one) fails with a 404. */
export const siteQuery = (siteId: number) => queryOptions({ queryKey: siteKeys.one(siteId), queryFn: () => getSite(siteId) });

/** The project's default storage location (null when none). */
export const defaultStorageQuery = (projectId: number) =>
  queryOptions({ queryKey: siteKeys.defaultStorage(projectId), queryFn: () => getDefaultStorage(projectId) });

/** What any change to a project's sites makes stale: its trees, every site view, the default storage location, the Histories. */
const sitesChanged = (projectId: number) => [siteKeys.project(projectId), siteKeys.ones(), siteKeys.defaultStorage(projectId), historyKeys.all] as const;

/**
 * Spec 2: 'Site add: 401 and 403 show the body, otherwise generic.' A 409 (a sibling's name,
 * 'Site with name {name} already exists') and a 400 (a rule broken) are the spec's own texts and
 * show too; anything else (a 500, no answer) is the screen's fixed text.
 */
function siteAddError(error: unknown): unknown {
  if (!(error instanceof ApiError) || [400, 401, 403, 409].includes(error.status)) return error;
  return new ApiError(error.status, undefined, error.body, error.path);
}

/**
 * Adds one site to the project (POST projects/{projectId}/sites/ with one tree): 'Added site to
 * the project', or the failure — a name its siblings have lands under the name field.
 */
export function useCreateSite(projectId: number) {
  return useNotifyingMutation({
    mutationFn: async (site: SiteInput): Promise<Site> => {
      try {
        const [created] = await createSites(projectId, [{ site, children: [] }]);
        if (!created) throw new ApiError(200, SiteMessages.saveFailed, undefined, `projects/${projectId}/sites/`);
        return created;
      } catch (error) {
        throw siteAddError(error);
      }
    },
    invalidates: sitesChanged(projectId),
    success: SiteMessages.added,
    failure: SiteMessages.saveFailed,
    shownByForm: shownOnFields('name'),
  });
}

/** Saves one site (POST site/{siteId}/update, answered { success, message }): 'Site saved' or 'Failed to save site'. */
export function useUpdateSite(projectId: number, siteId: number) {
  return useNotifyingMutation({
    mutationFn: async (site: SiteInput) => {
      const reply = await updateSite(siteId, site);
      // A refusal answered with success false is a failure with its message.
      if (!reply.success) throw new ApiError(200, reply.message ?? undefined, reply, `site/${siteId}/update`);
      return reply;
    },
    invalidates: sitesChanged(projectId),
    success: SiteMessages.saved,
    failure: SiteMessages.saveFailed,
    shownByForm: shownOnFields('name'),
  });
}

/** Archives a site and, in the same transaction on the server, all its descendants (spec 1 §4). */
export function useArchiveSite(projectId: number) {
  return useNotifyingMutation({
    mutationFn: (siteId: number) => archiveSite({ siteId }),
    invalidates: sitesChanged(projectId),
    success: SiteMessages.archived,
    failure: SiteMessages.archiveFailed,
  });
}

/** Unarchives a site, with its child sites when asked ('Unarchive site and child sites'). */
export function useUnarchiveSite(projectId: number) {
  return useNotifyingMutation({
    mutationFn: (vars: { siteId: number; includeChildren: boolean }) => unarchiveSite(vars),
    invalidates: sitesChanged(projectId),
    success: SiteMessages.unarchived,
    failure: SiteMessages.unarchiveFailed,
  });
}

/**
 * Bulk entry: creates the preview's new sites in ONE call (POST projects/{projectId}/sites/;
 * the server creates all of them or none). The toast names the count; a failure is the
 * server's text ('Site with name {name} already exists') or 'Failed to add site tree'.
 */
export function useCreateSiteTrees(projectId: number) {
  return useNotifyingMutation({
    mutationFn: (vars: { trees: SiteTreeInput[]; count: number }) => createSites(projectId, vars.trees),
    invalidates: sitesChanged(projectId),
    success: (_created, vars) => (vars.count === 1 ? SiteMessages.added : SiteMessages.addedMany(vars.count)),
    failure: SiteMessages.treeFailed,
  });
}

/**
 * The hierarchy editor's save: the edited tree in one call (PUT projects/{projectId}/sites/:
 * existing sites updated, new ones created). On failure the tree is read again either way, so
 * the editor shows what did save (spec 2: 'Some/all hierarchies failed to save. Please try again.').
 */
export function useSaveHierarchy(projectId: number) {
  const client = useQueryClient();
  return useNotifyingMutation({
    mutationFn: async (trees: SiteTreeInput[]) => {
      try {
        return await updateSites(projectId, trees);
      } catch (error) {
        // Read the tree again before the failure shows: the editor then shows what did save.
        await client.invalidateQueries({ queryKey: siteKeys.project(projectId) });
        throw error;
      }
    },
    invalidates: sitesChanged(projectId),
    success: SiteMessages.hierarchySaved,
    failure: SiteMessages.hierarchiesFailed,
  });
}

/** The project's default storage location, saved at once when chosen ('Default storage location updated'). */
export function useSetDefaultStorage(projectId: number) {
  return useNotifyingMutation({
    mutationFn: (siteId: number | null) => setDefaultStorage(projectId, { siteId }),
    invalidates: [siteKeys.defaultStorage(projectId), historyKeys.all],
    success: ProjectMessages.defaultStorageUpdated,
    failure: ProjectMessages.defaultStorageUpdateFailed,
  });
}

/** Whether one of the Copy tab's chosen sites can be copied into the target, asked before copying. */
export interface SiteCopyCheck {
  site: Site;
  canCopy: boolean;
  /** The target holds an archived counterpart: copying unarchives it, so the user is asked first. */
  askUnarchivePermission: boolean;
  /** Why it cannot be checked or copied. */
  problem?: string;
}

/** Asks GET site/{projectId}/{siteId}/canCopySites for each chosen site, one by one; a failure is that site's problem. */
export async function checkSiteCopies(targetProjectId: number, sites: readonly Site[]): Promise<SiteCopyCheck[]> {
  const checks: SiteCopyCheck[] = [];
  for (const site of sites) {
    try {
      const answer = await canCopySites(targetProjectId, site.siteId);
      // Not copyable: the target holds an active site of that name (isActive), or the source is not active.
      const problem = answer.canCopy ? undefined : answer.isActive ? siteExists(site.name) : SiteMessages.cannotCopy;
      checks.push({ site, canCopy: answer.canCopy, askUnarchivePermission: answer.askUnarchivePermission, problem });
    } catch (error) {
      checks.push({ site, canCopy: false, askUnarchivePermission: false, problem: errorMessage(error, SiteMessages.copyFailed) });
    }
  }
  return checks;
}

/** One site copied, or why not. */
export type SiteCopyResult = { site: Site } & ({ ok: true } | { ok: false; message: string });

/**
 * Copies sites (and their children) into the target project one by one (POST site/{siteId}/copy,
 * unarchiving an archived counterpart once the user allowed it): each may fail alone, which
 * the Copy tab lists as a warning. The target's sites are read again.
 */
export function useCopySites(targetProjectId: number) {
  return useNotifyingMutation({
    mutationFn: async (items: readonly { site: Site; unarchiveExisting: boolean }[]): Promise<SiteCopyResult[]> => {
      const results: SiteCopyResult[] = [];
      for (const { site, unarchiveExisting } of items) {
        try {
          await copySite(site.siteId, { site: { projectId: targetProjectId }, unarchiveExisting });
          results.push({ site, ok: true });
        } catch (error) {
          results.push({ site, ok: false, message: errorMessage(error, SiteMessages.copyFailed) });
        }
      }
      return results;
    },
    invalidates: (results) => (results.some((result) => result.ok) ? sitesChanged(targetProjectId) : []),
    success: (results) => (results.some((result) => result.ok) ? SiteMessages.copied : undefined),
    failure: SiteMessages.copyFailed,
  });
}
