/**
 * One project and its tabs: query keys (under the project list's, so a change refreshes the
 * list too), queries, and the mutations with the spec's toasts (spec 2: 'Project info saved',
 * 'Project activated', 'Project deactivated', 'Document numbering updated.' and their failures).
 */
import { queryOptions } from '@tanstack/react-query';
import {
  activateProject,
  createImportSystem,
  deactivateProject,
  getDocumentNumbering,
  getProject,
  getProjectImportSystems,
  ImportMessages,
  NumberingMessages,
  ProjectMessages,
  updateDocumentNumbering,
  updateProject,
  type DocumentNumberingResult,
  type ImportSystem,
} from 'contracts/projects-sites';
import { historyKeys } from 'kit';
import { ApiError, errorMessage, shownOnFields, useNotifyingMutation } from 'shared';
import { projectKeys } from '../projects/projects.api';
import type { NumberingChange } from './numbering';

export const oneProjectKeys = {
  all: projectKeys.one,
  detail: (projectId: number) => [...oneProjectKeys.all(projectId), 'detail'] as const,
  numbering: (projectId: number) => [...oneProjectKeys.all(projectId), 'numbering'] as const,
  imports: (projectId: number) => [...oneProjectKeys.all(projectId), 'imports'] as const,
};

/**
 * An editor starts from fresh data: while the first fetch of its mount runs over older cached
 * data it waits, so no refetch can replace what the user has begun to change.
 */
export const isRefreshingOnMount = (query: { isFetching: boolean; isFetchedAfterMount: boolean }) => query.isFetching && !query.isFetchedAfterMount;

/** One project with its number of users; another licence's (or one the caller may not see) fails with a 404. */
export const projectQuery = (projectId: number) => queryOptions({ queryKey: oneProjectKeys.detail(projectId), queryFn: () => getProject(projectId) });

/** The project's document numbering: one row per document type, `value` the next number. */
export const numberingQuery = (projectId: number) =>
  queryOptions({ queryKey: oneProjectKeys.numbering(projectId), queryFn: () => getDocumentNumbering(projectId) });

/** A project's import systems (the copy tab's source). */
export const projectImportsQuery = (projectId: number) =>
  queryOptions({ queryKey: oneProjectKeys.imports(projectId), queryFn: () => getProjectImportSystems(projectId) });

/** What a change to the project itself makes stale: its view, every list and select that names it, its History. */
const projectChanged = (projectId: number) =>
  [oneProjectKeys.detail(projectId), projectKeys.lists(), [...projectKeys.all, 'license'], historyKeys.all] as const;

/** Saves the project's changed name and description; a taken name is shown under the name. */
export function useUpdateProject(projectId: number) {
  return useNotifyingMutation({
    mutationFn: (body: Parameters<typeof updateProject>[1]) => updateProject(projectId, body),
    invalidates: projectChanged(projectId),
    success: ProjectMessages.infoSaved,
    failure: ProjectMessages.saveFailed,
    shownByForm: shownOnFields('name', 'description'),
  });
}

/** Activates the project (the licence's project limit is the server's 409, shown as the toast). */
export function useActivateProject(projectId: number) {
  return useNotifyingMutation({
    mutationFn: () => activateProject(projectId),
    invalidates: projectChanged(projectId),
    success: ProjectMessages.activated,
    failure: ProjectMessages.reactivateFailed,
  });
}

/** Deactivates the project: the server removes it from every user, group and API key in the same transaction. */
export function useDeactivateProject(projectId: number) {
  return useNotifyingMutation({
    mutationFn: () => deactivateProject(projectId),
    invalidates: projectChanged(projectId),
    success: ProjectMessages.deactivated,
    failure: ProjectMessages.deactivateFailed,
  });
}

/**
 * Saves the changed next numbers (compare-and-set per row). All written: the toast, and the
 * numbers are read again. Some changed elsewhere: no toast and no reload — the tab asks whether
 * to refresh (the rows that were written are in the History either way).
 */
export function useUpdateNumbering(projectId: number) {
  return useNotifyingMutation({
    mutationFn: (changes: NumberingChange[]) => updateDocumentNumbering(projectId, changes),
    invalidates: (results: DocumentNumberingResult[]) =>
      results.every((row) => row.success) ? [oneProjectKeys.numbering(projectId), historyKeys.all] : [historyKeys.all],
    success: (results) => (results.every((row) => row.success) ? NumberingMessages.updated : undefined),
    failure: NumberingMessages.setFailed,
  });
}

/** One import system copied, or why not. */
export type ImportCopyResult = { source: ImportSystem; displayName: string } & ({ ok: true } | { ok: false; message: string });

/**
 * Copies import systems into the project one by one (POST projects/{projectId}/imports): each
 * may fail alone (a name the project already has), which the tab lists as a warning.
 */
export function useCopyImportSystems(projectId: number) {
  return useNotifyingMutation({
    mutationFn: async (items: { source: ImportSystem; displayName: string }[]): Promise<ImportCopyResult[]> => {
      const results: ImportCopyResult[] = [];
      for (const { source, displayName } of items) {
        try {
          await createImportSystem(projectId, { displayName, path: source.path, description: source.description, active: source.active });
          results.push({ source, displayName, ok: true });
        } catch (error) {
          // A name the project already has: the spec's message for a copy (spec 1 §5), not the form's.
          const taken = error instanceof ApiError && error.status === 409 && 'displayName' in error.fieldErrors;
          results.push({ source, displayName, ok: false, message: taken ? ImportMessages.copyDuplicateName : errorMessage(error, ImportMessages.saveFailed) });
        }
      }
      return results;
    },
    invalidates: (results) => (results.some((result) => result.ok) ? [oneProjectKeys.imports(projectId), historyKeys.all] : []),
    success: (results) => (results.some((result) => result.ok) ? ImportMessages.importsSaved : undefined),
    failure: ImportMessages.saveImportsFailed,
  });
}
