import type { PartProps } from 'contracts/parts';
import { useQuery } from '@tanstack/react-query';
import { ConfigMessages, licensingEndpoints, RESOURCE_PROPERTIES_CONFIG, type Config, type ConfigOwner } from 'contracts/licensing';
import { projectsSitesEndpoints } from 'contracts/projects-sites';
import { Alert, Button, EmptyState, Spinner } from 'kit';
import { errorMessage, Role, useHasRole, useMayCall } from 'shared';
import '../../styles.css';
import { ConfigHistory } from './ConfigHistory';
import { defaultConfigsQuery, isRefreshingOnMount, ownerConfigsQuery, resourceTypesQuery, textsOf, useAddConfig, useSaveConfig } from './configs.api';
import { ResourcePropertiesEditor } from './ResourcePropertiesEditor';
import { PartScope } from './PartScope';
import { useConflictNotice } from './useConflictNotice';

/** The props of the exposed part './ResourcePropertiesPanel' (the licence settings mount it with RemoteMount). */
export type ResourcePropertiesPanelProps = PartProps<'projects-sites', './ResourcePropertiesPanel'>;

/**
 * The resource properties of a project (the project view's Resource Properties Config tab,
 * spec 1 §2) or of a licence (the licence settings' ConfigsResource, mounted from here): the
 * owner's ResourceProperties config in its editor, or, without one, 'Add Resource Properties
 * Config', which adds it from the defaults. Fetches and saves by itself.
 */
export default function ResourcePropertiesPanel({ owner }: ResourcePropertiesPanelProps) {
  return (
    <PartScope>
      <OwnerResourceProperties owner={owner} />
    </PartScope>
  );
}

function OwnerResourceProperties({ owner }: ResourcePropertiesPanelProps) {
  const configs = useQuery(ownerConfigsQuery(owner));
  const editable = useMayCall(owner.kind === 'project' ? projectsSitesEndpoints.updateProjectConfig : licensingEndpoints.updateLicenseConfig);
  if (configs.isPending || isRefreshingOnMount(configs)) return <Spinner label="Loading resource properties" />;
  if (configs.isError) return <Alert variant="danger">{errorMessage(configs.error, textsOf(owner).fetchFailed)}</Alert>;
  const config = configs.data.find((candidate) => candidate.name === RESOURCE_PROPERTIES_CONFIG);
  if (!config) return <AddResourceProperties owner={owner} editable={editable} />;
  return <ResourcePropertiesTab owner={owner} config={config} editable={editable} fetchedAt={configs.dataUpdatedAt} />;
}

/** Without a ResourceProperties config: the spec's button, which adds the default's. */
function AddResourceProperties({ owner, editable }: { owner: ConfigOwner; editable: boolean }) {
  const defaults = useQuery({ ...defaultConfigsQuery(owner.kind), enabled: editable });
  const add = useAddConfig(owner);
  const fallback = defaults.data?.find((config) => config.name === RESOURCE_PROPERTIES_CONFIG);
  return (
    <EmptyState
      title="No resource properties yet"
      action={
        editable ? (
          <Button
            loading={add.isPending || defaults.isPending}
            onClick={() => void add.mutateAsync({ name: RESOURCE_PROPERTIES_CONFIG, data: fallback?.data ?? { configs: [] } }).catch(() => undefined)}
          >
            Add Resource Properties Config
          </Button>
        ) : undefined
      }
    >
      {`Resource properties are the fields ${textsOf(owner).noun} adds to its resources (a heat number, a paint system).`}
    </EmptyState>
  );
}

function ResourcePropertiesTab({ owner, config, editable, fetchedAt }: { owner: ConfigOwner; config: Config; editable: boolean; fetchedAt: number }) {
  const superAdministrator = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const types = useQuery(resourceTypesQuery());
  const conflict = useConflictNotice();
  const save = useSaveConfig(owner, conflict.onError);
  return (
    <div className="space-y-4">
      {types.isError ? <Alert variant="warning">{errorMessage(types.error, ConfigMessages.resourceTypesFailed)}</Alert> : null}
      {conflict.alert}
      <ResourcePropertiesEditor
        key={`${config.id}:${fetchedAt}`}
        config={config}
        types={types.data ?? []}
        editable={editable}
        mayElevate={superAdministrator}
        saving={save.isPending}
        onSave={(data) => save.mutateAsync({ config, data }).then(conflict.clear)}
      />
      <ConfigHistory configId={config.id} />
    </div>
  );
}
