/**
 * Import systems (spec 1 §2: ImportsList, ImportsNew, ImportsView): the list's state in the URL,
 * the key factory, the queries (a page of the list, one import system, the paths in use, the
 * projects the selects offer), the CSV export and the mutations with the spec's toasts
 * ('Import system saved.', 'Failed to save import system.').
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  createImportSystem,
  exportImportSystems,
  getImportPaths,
  getImportSystem,
  getImportProjects,
  getImportSystemPage,
  IMPORT_SORTS,
  ImportMessages,
  updateImportSystem,
  type ImportSort,
  type ImportSystemBodySchema,
  type ImportProject,
} from 'contracts/projects-sites';
import { historyKeys, urlParam } from 'kit';
import type * as v from 'valibot';
import { saveFile, shownOnFields, useNotifyingMutation } from 'shared';
import { projectKeys } from '../projects/projects.api';

/** The spec's generic page size (spec 2 §9: 20). */
export const IMPORTS_PAGE_SIZE = 20;

/** The list's state in the URL (`?q=orders&projectId=2&sort=displayName&dir=desc&page=1`). */
export const importListParams = {
  q: urlParam.string(),
  projectId: urlParam.optionalNumber(),
  sort: urlParam.oneOf<ImportSort>(IMPORT_SORTS, 'projectId'),
  dir: urlParam.oneOf(['asc', 'desc'] as const, 'asc'),
  page: urlParam.number(0),
};

export interface ImportListFilter {
  filter: string;
  projectId: number | null;
  sort: ImportSort;
  dir: 'asc' | 'desc';
  page: number;
}

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const importKeys = {
  all: ['projects-sites', 'imports'] as const,
  lists: () => [...importKeys.all, 'list'] as const,
  list: (f: ImportListFilter) => [...importKeys.lists(), f] as const,
  one: (configId: number) => [...importKeys.all, 'one', configId] as const,
  paths: () => [...importKeys.all, 'paths'] as const,
  /** The projects the import screens' selects offer (the list's filter, the new form, the report list). */
  projects: () => [...importKeys.all, 'projects'] as const,
};

/** The call's query for the list's filters and order (the page is the list query's). */
const queryOf = (f: Omit<ImportListFilter, 'page'>) => ({ filter: f.filter || undefined, projectId: f.projectId ?? undefined, sort: f.sort, dir: f.dir });

/** One page of the import list; the last page stays on screen while the next loads. */
export const importPageQuery = (f: ImportListFilter) =>
  queryOptions({
    queryKey: importKeys.list(f),
    queryFn: () => getImportSystemPage({ ...queryOf(f), page: f.page, pageSize: IMPORTS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

/** Downloads every import system the list's filters and order select, as the server streams it. */
export async function downloadImports(f: Omit<ImportListFilter, 'page'>): Promise<void> {
  const { blob, fileName } = await exportImportSystems(queryOf(f));
  saveFile(blob, fileName ?? 'imports.csv');
}

/** One import system; another licence's (or a missing one) fails with a 404. */
export const importQuery = (configId: number) => queryOptions({ queryKey: importKeys.one(configId), queryFn: () => getImportSystem(configId) });

/** The paths in use, offered in the path field (spec 1 §2: Path with add-new tag). */
export const importPathsQuery = () => queryOptions({ queryKey: importKeys.paths(), queryFn: () => getImportPaths(), staleTime: 60_000 });

/**
 * The projects the import screens offer, active or not, by name: those whose import systems and
 * reports the caller reaches (every project of their licence), not only the ones assigned to
 * them, so an import-only administrator's selects are not empty.
 */
export const importProjectsQuery = () =>
  queryOptions({
    queryKey: importKeys.projects(),
    queryFn: async () => (await getImportProjects()).sort((a, b) => a.name.localeCompare(b.name) || a.projectId - b.projectId),
    staleTime: 60_000,
  });

/**
 * A project as a select names it: its name, its licence's for a super administrator (two
 * licences may name projects alike), and whether it is inactive.
 */
export function projectLabel(project: Pick<ImportProject, 'name' | 'licenseName' | 'isActive'>, withLicense: boolean): string {
  const name = withLicense && project.licenseName ? `${project.name} — ${project.licenseName}` : project.name;
  return project.isActive ? name : `${name} (inactive)`;
}

/** The body of POST projects/{projectId}/imports and PUT imports/{configId}. */
export type ImportSystemBody = v.InferInput<typeof ImportSystemBodySchema>;

/**
 * What a saved import system makes stale: the import screens (list, the one, paths), its
 * project's screens (the Copy tab's import systems) and every History.
 */
const importChanged = [importKeys.all, projectKeys.all, historyKeys.all] as const;

/** A taken name (409), an inactive project (409) or a rule the server checks (400) is shown under its field. */
const shownByForm = shownOnFields('displayName', 'path', 'description', 'projectId', 'active', 'isInternal');

/** Creates an import system in a project (spec 1 §4: a name the project already has is refused). */
export function useCreateImportSystem() {
  return useNotifyingMutation({
    mutationFn: ({ projectId, body }: { projectId: number; body: ImportSystemBody }) => createImportSystem(projectId, body),
    invalidates: importChanged,
    success: ImportMessages.saved,
    failure: ImportMessages.saveFailed,
    shownByForm,
  });
}

/** Saves an import system's fields (its project never changes). */
export function useUpdateImportSystem(configId: number) {
  return useNotifyingMutation({
    mutationFn: (body: ImportSystemBody) => updateImportSystem(configId, body),
    invalidates: importChanged,
    success: ImportMessages.saved,
    failure: ImportMessages.saveFailed,
    shownByForm,
  });
}
