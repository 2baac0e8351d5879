import { useQuery } from '@tanstack/react-query';
import { memo, useMemo } from 'react';
import { ProjectMessages, projectsSitesEndpoints, type Site } from 'contracts/projects-sites';
import { FormField, Select } from 'kit';
import { errorMessage, useMayCall } from 'shared';
import { defaultStorageQuery, useSetDefaultStorage } from './sites.api';
import { flattenSites, PATH_SEPARATOR } from './siteTree';

/**
 * The project's default storage location (spec 1 §2: a select of the project's sites, SiteId
 * and SiteHierarchy 'A > B > C'), saved as soon as it is chosen ('Default storage location
 * updated' / 'Unable to update default storage location'). Only active sites are offered; one
 * saved earlier that is no longer offered stays shown as it is. Read-only for who may not set it.
 */
// Memoised: a project of thousands of sites has as many options, not redrawn as the filter is typed.
export const DefaultStorageSelect = memo(function DefaultStorageSelect({ projectId, sites }: { projectId: number; sites: readonly Site[] }) {
  const storage = useQuery(defaultStorageQuery(projectId));
  const mayChange = useMayCall(projectsSitesEndpoints.setDefaultStorage);
  const save = useSetDefaultStorage(projectId);
  const options = useMemo(() => flattenSites(sites).map(({ site, names }) => ({ value: site.siteId, label: names.join(PATH_SEPARATOR) })), [sites]);
  const current = storage.data ?? null;
  const shown = current && !options.some((option) => option.value === current.siteId) ? [{ value: current.siteId, label: current.siteHierarchy || `Site ${current.siteId}` }, ...options] : options;
  // While the choice is saved it is shown; then the saved one (the same, or the old one if it failed).
  const value = save.isPending ? String(save.variables ?? '') : String(current?.siteId ?? '');
  return (
    <FormField
      label="Default storage location"
      error={storage.isError ? errorMessage(storage.error, ProjectMessages.defaultStorageFailed) : undefined}
      hint={mayChange ? undefined : 'Set by who may update the project.'}
      className="max-w-full min-w-0 space-y-1"
    >
      <Select
        value={value}
        options={[{ value: '', label: storage.isPending ? 'Loading…' : 'None' }, ...shown]}
        disabled={!mayChange || storage.isPending || storage.isError || save.isPending}
        // No fixed width: a fixed one is also a minimum, and a long path would widen a phone's page.
        className="max-w-full"
        onChange={(event) => save.mutate(event.target.value === '' ? null : Number(event.target.value))}
      />
    </FormField>
  );
});
