/**
 * The configs of an owner — a project (the project view's Project Config and Resource
 * Properties Config tabs) or a licence (the licence settings, which mount this remote's
 * panels) — and their defaults: keys, queries and the mutations with the spec's toasts. The
 * owner's kind picks the calls and the texts (spec 2: 'Config saved.' for a project,
 * 'License configuration updated.' for a licence, …). After any failed change the owner's
 * configs are read again before the failure is shown (spec 2: 'On a failed licence-config
 * change the licence configs are re-fetched'; ours for projects too), so the screen never
 * shows what was not saved, and a 409 shows the version saved meanwhile.
 */
import { queryOptions, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  addLicenseConfig,
  ConfigMessages,
  deleteLicenseConfig,
  getDefaultLicenseConfigs,
  getLicenseConfigs,
  LicenseMessages,
  updateLicenseConfig,
  type Config,
  type ConfigData,
  type ConfigOwner,
} from 'contracts/licensing';
import { addProjectConfig, deleteProjectConfig, getMaterialStatusOptions, getProjectConfigs, updateProjectConfig } from 'contracts/projects-sites';
import { getResourceTypes } from 'contracts/workflows';
import { historyKeys } from 'kit';
import { ApiError, errorMessage, useNotifyingMutation } from 'shared';

/** Spec 1 §9 and spec 2: project 1, the root, supplies the default project configs. */
export const DEFAULTS_PROJECT_ID = 1;

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const configKeys = {
  all: ['projects-sites', 'configs'] as const,
  owner: (owner: ConfigOwner) =>
    owner.kind === 'project' ? ([...configKeys.all, 'project', owner.projectId] as const) : ([...configKeys.all, 'license', owner.licenseId] as const),
  defaults: (kind: ConfigOwner['kind']) => [...configKeys.all, 'defaults', kind] as const,
  materialStatus: () => [...configKeys.all, 'material-status'] as const,
  resourceTypes: () => [...configKeys.all, 'resource-types'] as const,
};

/** The texts of an owner's kind (spec 2's success and failure toasts; ours for the empty states). */
export interface OwnerTexts {
  added: string;
  saved: string;
  removed: string;
  addFailed: string;
  notSaved: string;
  notRemoved: string;
  fetchFailed: string;
  empty: string;
  /** What the owner is called in sentences ('this project'). */
  noun: string;
}

const PROJECT_TEXTS: OwnerTexts = {
  added: ConfigMessages.added,
  saved: ConfigMessages.saved,
  removed: ConfigMessages.deleted,
  addFailed: ConfigMessages.addFailed,
  notSaved: ConfigMessages.notSaved,
  notRemoved: ConfigMessages.notDeleted,
  fetchFailed: ConfigMessages.fetchFailed,
  empty: ConfigMessages.noProjectConfigs,
  noun: 'this project',
};

const LICENSE_TEXTS: OwnerTexts = {
  added: ConfigMessages.licenseAdded,
  saved: ConfigMessages.licenseUpdated,
  removed: ConfigMessages.licenseRemoved,
  addFailed: ConfigMessages.addFailed,
  notSaved: ConfigMessages.notSaved,
  notRemoved: ConfigMessages.notRemoved,
  fetchFailed: ConfigMessages.licenseFetchFailed,
  empty: ConfigMessages.noLicenseConfigs,
  noun: 'this license',
};

export const textsOf = (owner: ConfigOwner): OwnerTexts => (owner.kind === 'project' ? PROJECT_TEXTS : LICENSE_TEXTS);

/** An editor starts from fresh data: while the first fetch of its mount runs over older cached data it waits. */
export const isRefreshingOnMount = (query: { isFetching: boolean; isFetchedAfterMount: boolean }) => query.isFetching && !query.isFetchedAfterMount;

/** The owner's configs (GET configs/{projectId} or GET license/{licenseId}/configs). */
export const ownerConfigsQuery = (owner: ConfigOwner) =>
  queryOptions({
    queryKey: configKeys.owner(owner),
    queryFn: (): Promise<Config[]> => (owner.kind === 'project' ? getProjectConfigs(owner.projectId) : getLicenseConfigs(owner.licenseId)),
  });

/** The configs an owner of this kind may add: project 1's for a project, GET license/default/configs for a licence. */
export const defaultConfigsQuery = (kind: ConfigOwner['kind']) =>
  queryOptions({
    queryKey: configKeys.defaults(kind),
    queryFn: (): Promise<Config[]> => (kind === 'project' ? getProjectConfigs(DEFAULTS_PROJECT_ID) : getDefaultLicenseConfigs()),
    staleTime: 60_000,
  });

/** GET spot/status: the options of a materialStatus parameter. */
export const materialStatusQuery = () =>
  queryOptions({ queryKey: configKeys.materialStatus(), queryFn: async () => (await getMaterialStatusOptions()).materialStatusOptions, staleTime: 5 * 60_000 });

/** GET Resource/resourceTypesMetaData: the resource types a resource property may name. */
export const resourceTypesQuery = () => queryOptions({ queryKey: configKeys.resourceTypes(), queryFn: () => getResourceTypes(), staleTime: 5 * 60_000 });

// ------------------------------------------------------------------ calls by owner

/** Adds a config named like a default, with the default's data (the API takes a default's name). */
function addConfig(owner: ConfigOwner, name: string, data: ConfigData): Promise<Config> {
  if (owner.kind === 'project') return addProjectConfig({ name, projectId: owner.projectId, data });
  return addLicenseConfig(owner.licenseId, { name, isLicense: true, licenseId: owner.licenseId, data });
}

/** Saves a config's data with the version read (compare-and-set: a change made since is a 409). */
function updateConfig(owner: ConfigOwner, config: Config, data: ConfigData): Promise<Config> {
  if (owner.kind === 'project') return updateProjectConfig({ id: config.id, name: config.name, projectId: owner.projectId, data, version: config.version });
  return updateLicenseConfig(owner.licenseId, {
    id: config.id,
    systemConfigId: config.systemConfigId ?? config.id,
    name: config.name,
    isLicense: true,
    licenseId: owner.licenseId,
    data,
    version: config.version,
  });
}

function deleteConfig(owner: ConfigOwner, config: Config) {
  if (owner.kind === 'project') return deleteProjectConfig(config.id);
  return deleteLicenseConfig(owner.licenseId, config.systemConfigId ?? config.id);
}

/** Whether a failure is the compare-and-set refusal: the config changed since it was read. */
export const isChangedSince = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * A change of the owner's configs: on success the configs and the Histories are read again
 * before the toast; on failure the configs are read again before the failure's toast.
 */
function useOwnerChange<TData, TVars>(
  owner: ConfigOwner,
  options: {
    run(vars: TVars): Promise<TData>;
    success: string | ((data: TData, vars: TVars) => string | undefined);
    failure: string;
    onError?(error: unknown): void;
  },
) {
  const client = useQueryClient();
  const key: QueryKey = configKeys.owner(owner);
  return useNotifyingMutation<TData, TVars>({
    mutationFn: async (vars) => {
      try {
        return await options.run(vars);
      } catch (error) {
        await client.invalidateQueries({ queryKey: key });
        throw error;
      }
    },
    invalidates: [key, historyKeys.all],
    success: options.success,
    failure: options.failure,
    onError: options.onError,
  });
}

/** Adds one of the defaults to the owner, sending the default's data. */
export function useAddConfig(owner: ConfigOwner) {
  const texts = textsOf(owner);
  return useOwnerChange(owner, {
    run: (config: Pick<Config, 'name' | 'data'>) => addConfig(owner, config.name, config.data),
    success: texts.added,
    failure: texts.addFailed,
  });
}

/** What a save sends: the config read (its id and version) and the new data; `reset` when it is the default's data. */
export interface ConfigSave {
  config: Config;
  data: ConfigData;
  reset?: boolean;
}

/** Saves a config's data (a reset to the default says so: ConfigMessages.resetToDefault). */
export function useSaveConfig(owner: ConfigOwner, onError?: (error: unknown) => void) {
  const texts = textsOf(owner);
  return useOwnerChange(owner, {
    run: ({ config, data }: ConfigSave) => updateConfig(owner, config, data),
    success: (_saved, { reset }) => (reset ? ConfigMessages.resetToDefault : texts.saved),
    failure: texts.notSaved,
    onError,
  });
}

/** Removes a config from the owner. */
export function useDeleteConfig(owner: ConfigOwner) {
  const texts = textsOf(owner);
  return useOwnerChange(owner, { run: (config: Config) => deleteConfig(owner, config), success: texts.removed, failure: texts.notRemoved });
}

/** One config of the Copy tab: copied (added or overwritten), or why not. */
export type ConfigCopyResult = { name: string } & ({ ok: true } | { ok: false; message: string });

/** A config to copy into the target project: the source's, and the target's of the same name when it has one (overwritten). */
export interface ConfigCopy {
  source: Config;
  existing?: Config;
}

/**
 * Copies configs into a project one by one (spec 1 §2, Copy): a new name is added (POST
 * configs), an existing one overwritten with the target's version (PUT configs). Each may fail
 * alone; the tab lists those as warnings. The target's configs are read again either way.
 */
export function useCopyConfigs(projectId: number) {
  const owner: ConfigOwner = { kind: 'project', projectId, licenseId: null };
  const client = useQueryClient();
  return useNotifyingMutation({
    mutationFn: async (items: ConfigCopy[]): Promise<ConfigCopyResult[]> => {
      const results: ConfigCopyResult[] = [];
      for (const { source, existing } of items) {
        try {
          if (existing) await updateConfig(owner, existing, source.data);
          else await addConfig(owner, source.name, source.data);
          results.push({ name: source.name, ok: true });
        } catch (error) {
          results.push({ name: source.name, ok: false, message: errorMessage(error, existing ? ConfigMessages.notSaved : ConfigMessages.addFailed) });
        }
      }
      if (results.every((result) => !result.ok)) await client.invalidateQueries({ queryKey: configKeys.owner(owner) });
      return results;
    },
    invalidates: (results) => (results.some((result) => result.ok) ? [configKeys.owner(owner), historyKeys.all] : []),
    success: (results) => (results.some((result) => result.ok) ? LicenseMessages.updatedConfigs : undefined),
    failure: LicenseMessages.configsUpdateFailed,
  });
}
