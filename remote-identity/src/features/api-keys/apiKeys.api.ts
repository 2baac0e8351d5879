import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  ApiKeyMessages,
  ChangeMessages,
  createApiKey,
  getApiKey,
  getApiKeyAddons,
  exportApiKeys,
  getApiKeyPage,
  getApiKeyProjects,
  getApiKeyRoles,
  setApiKeyAddons,
  setApiKeyProjects,
  setApiKeyRoles,
  updateApiKey,
  UserMessages,
  type ApiKey,
  type ApiKeyPage,
  type ApiKeyInput,
  type ApiKeySort,
  type ApiKeyUpdate,
  API_KEY_SORTS,
} from 'contracts/identity';
import { saveFile, shownOnFields, useNotifyingMutation } from 'shared';
import { urlParam } from 'kit';

export const KEYS_PAGE_SIZE = 25;

/** The list's state in the URL (`?q=erp&active=active&sort=keyPrefix&dir=desc&page=1&licenseId=3`). */
export const apiKeyListParams = {
  q: urlParam.string(),
  active: urlParam.oneOf(['all', 'active'] as const, 'all'),
  sort: urlParam.oneOf<ApiKeySort>(API_KEY_SORTS, 'name'),
  dir: urlParam.oneOf(['asc', 'desc'] as const, 'asc'),
  page: urlParam.number(0),
  licenseId: urlParam.optionalNumber(),
};

export interface ApiKeyListFilter {
  filter: string;
  licenseId: number | null;
  activeOnly: boolean;
  sort: ApiKeySort;
  dir: 'asc' | 'desc';
  page: number;
}

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const apiKeyKeys = {
  all: ['identity', 'apiKeys'] as const,
  lists: () => [...apiKeyKeys.all, 'list'] as const,
  list: (f: ApiKeyListFilter) => [...apiKeyKeys.lists(), f] as const,
  one: (id: number) => [...apiKeyKeys.all, 'one', id] as const,
  addons: (id: number) => [...apiKeyKeys.one(id), 'addons'] as const,
  roles: (id: number) => [...apiKeyKeys.one(id), 'roles'] as const,
  projects: (id: number) => [...apiKeyKeys.one(id), 'projects'] as const,
};

/** The call's query for the list's filters and order (the page is the list query's). */
const queryOf = (f: Omit<ApiKeyListFilter, 'page'>) => ({
  filter: f.filter || undefined,
  licenseId: f.licenseId ?? undefined,
  activeOnly: f.activeOnly,
  sort: f.sort,
  dir: f.dir,
});

/** One page of the key list; the last page stays on screen while the next loads. */
export const apiKeyPageQuery = (f: ApiKeyListFilter) =>
  queryOptions({
    queryKey: apiKeyKeys.list(f),
    queryFn: () => getApiKeyPage({ ...queryOf(f), page: f.page, pageSize: KEYS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
/** Downloads every key the list's filters and order select, as the server streams it (never a secret). */
export async function downloadApiKeys(f: Omit<ApiKeyListFilter, 'page'>): Promise<void> {
  const { blob, fileName } = await exportApiKeys(queryOf(f));
  saveFile(blob, fileName ?? 'api-keys.csv');
}
export const apiKeyQuery = (id: number) => queryOptions({ queryKey: apiKeyKeys.one(id), queryFn: () => getApiKey(id) });
export const apiKeyAddonsQuery = (id: number) => queryOptions({ queryKey: apiKeyKeys.addons(id), queryFn: () => getApiKeyAddons(id) });
export const apiKeyRolesQuery = (id: number) => queryOptions({ queryKey: apiKeyKeys.roles(id), queryFn: () => getApiKeyRoles(id) });
export const apiKeyProjectsQuery = (id: number) => queryOptions({ queryKey: apiKeyKeys.projects(id), queryFn: () => getApiKeyProjects(id) });

export function useCreateApiKey() {
  return useNotifyingMutation({
    mutationFn: (body: ApiKeyInput) => createApiKey(body),
    invalidates: [apiKeyKeys.all],
    success: ApiKeyMessages.added,
    failure: ApiKeyMessages.addFailed,
    // A taken name (409) or a broken rule (400) is shown under its field by the form.
    shownByForm: shownOnFields('name', 'description', 'licenseId'),
  });
}

/** Changes a key's details; the spec answers 'API key successfully added.' after an update too. */
export function useUpdateApiKey(id: number, success: string | ((vars: ApiKeyUpdate) => string) = ApiKeyMessages.added) {
  return useNotifyingMutation({
    mutationFn: (body: ApiKeyUpdate) => updateApiKey(id, body),
    invalidates: [apiKeyKeys.all],
    success: (_reply, vars) => (typeof success === 'function' ? success(vars) : success),
    failure: ApiKeyMessages.updateFailed,
    shownByForm: shownOnFields('name', 'description'),
  });
}

/**
 * The list's Active badge (spec 1 §2): flips isActive of the clicked key at once on the list,
 * takes it back if the save fails (with the server's message), and once saved its toast offers
 * Undo (which flips it back the same way; its own toast offers no Undo again).
 */
export function useToggleApiKey() {
  const client = useQueryClient();
  const setActive = (apiKeyId: number, isActive: boolean) =>
    client.setQueriesData<ApiKeyPage>({ queryKey: apiKeyKeys.lists() }, (page) =>
      page ? { ...page, items: page.items.map((item) => (item.apiKeyId === apiKeyId ? { ...item, isActive } : item)) } : page,
    );
  const toggle = useNotifyingMutation({
    mutationFn: ({ key, isActive }: ApiKeyToggle) => updateApiKey(key.apiKeyId, { isActive }),
    optimistic: { apply: ({ key, isActive }) => setActive(key.apiKeyId, isActive), revert: ({ key, isActive }) => setActive(key.apiKeyId, !isActive) },
    // The key's view is read again; the lists are only marked stale, so the row stays in sight
    // (under Active only too) with its Undo, and the next visit to a list reads it afresh.
    invalidates: (_reply, { key }) => [apiKeyKeys.one(key.apiKeyId)],
    marksStale: [apiKeyKeys.lists()],
    success: (_reply, { isActive }) => (isActive ? ApiKeyMessages.activated : ApiKeyMessages.deactivated),
    successAction: (_reply, change) =>
      change.undo ? undefined : { label: ChangeMessages.undo, onClick: () => toggle.mutate({ ...change, isActive: !change.isActive, undo: true }) },
    failure: ApiKeyMessages.updateFailed,
  });
  return toggle;
}

interface ApiKeyToggle {
  key: ApiKey;
  isActive: boolean;
  /** The change undoes the previous one: its toast offers no Undo again. */
  undo?: boolean;
}

export function useSetApiKeyAddons(id: number) {
  return useNotifyingMutation({
    mutationFn: (ids: number[]) => setApiKeyAddons(id, ids),
    invalidates: [apiKeyKeys.one(id), apiKeyKeys.all],
    success: UserMessages.addonsUpdated,
    failure: UserMessages.addonsUpdateFailed,
  });
}

export function useSetApiKeyRoles(id: number) {
  return useNotifyingMutation({
    mutationFn: (ids: number[]) => setApiKeyRoles(id, ids),
    invalidates: [apiKeyKeys.roles(id), apiKeyKeys.one(id)],
    success: UserMessages.rolesUpdated,
    failure: UserMessages.rolesUpdateFailed,
  });
}

export function useSetApiKeyProjects(id: number) {
  return useNotifyingMutation({
    mutationFn: (ids: number[]) => setApiKeyProjects(id, ids),
    invalidates: [apiKeyKeys.projects(id), apiKeyKeys.one(id)],
    success: UserMessages.projectsUpdated,
    failure: UserMessages.projectsUpdateFailed,
  });
}
