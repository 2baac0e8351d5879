import { useQuery } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import { ProjectMessages, projectsSitesEndpoints, type Site } from 'contracts/projects-sites';
import { FormField, Select, type SelectOption } from 'kit';
import { errorMessage, useMayCall } from 'shared';
import { defaultStorageQuery, useSetDefaultStorage } from './sites.api';
import { countSites, flattenSites, PATH_SEPARATOR, sitePath } from './siteTree';

/**
 * Past this many sites the select's options are made only once it is used (focused, pressed or
 * typed in): a native select of 10,000 options costs a second of layout (issue 38), paid by every
 * opening of the Sites tab though the list is seldom opened. Until then it holds None and the
 * saved choice, at a fixed width, so it neither jumps nor lays out the long list.
 */
export const STORAGE_OPTIONS_ON_USE = 1000;

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
  const large = useMemo(() => countSites(sites) > STORAGE_OPTIONS_ON_USE, [sites]);
  const [used, setUsed] = useState(false);
  const listed = !large || used;
  const options = useMemo(
    () => (listed ? flattenSites(sites).map(({ site, names }) => ({ value: site.siteId, label: names.join(PATH_SEPARATOR) })) : []),
    [sites, listed],
  );
  const current = storage.data ?? null;
  // Before the options are made, the saved choice alone, named as its option would be.
  const currentOption = (): SelectOption[] => {
    if (!current) return [];
    const path = sitePath(sites, current.siteId);
    return [{ value: current.siteId, label: path ? path.map((site) => site.name).join(PATH_SEPARATOR) : current.siteHierarchy || `Site ${current.siteId}` }];
  };
  const shown = !listed
    ? currentOption()
    : current && !options.some((option) => option.value === current.siteId)
      ? [{ value: current.siteId, label: current.siteHierarchy || `Site ${current.siteId}` }, ...options]
      : options;
  // While the choice is saved it is shown; then the saved one (the same, or the old one if it failed).
  const value = save.isPending ? String(save.variables ?? '') : String(current?.siteId ?? '');
  const use = listed ? undefined : () => setUsed(true);
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
        // No fixed width for a short list: a fixed one is also a minimum, and a long path would
        // widen a phone's page. A long one has a width of its own (not from its longest option).
        className="max-w-full"
        style={large ? { width: '28rem' } : undefined}
        onFocus={use}
        onPointerDown={use}
        onKeyDown={use}
        onChange={(event) => save.mutate(event.target.value === '' ? null : Number(event.target.value))}
      />
    </FormField>
  );
});
