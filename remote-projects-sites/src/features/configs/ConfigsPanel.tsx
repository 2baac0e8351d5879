import type { PartProps } from 'contracts/parts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ConfigMessages, licensingEndpoints, type Config, type ConfigOwner } from 'contracts/licensing';
import { projectsSitesEndpoints } from 'contracts/projects-sites';
import { Alert, Button, EmptyState, FormField, Select, SELECT_PLACEHOLDER, Spinner, Tabs } from 'kit';
import { errorMessage, useMayCall } from 'shared';
import '../../styles.css';
import { customIntegrationNames, editableConfigs, newDefaults, relatedOf } from './configDraft';
import { defaultConfigsQuery, isRefreshingOnMount, ownerConfigsQuery, textsOf, useAddConfig } from './configs.api';
import { ConfigTab } from './ConfigTab';
import { PartScope } from './PartScope';

/** The props of the exposed part './ConfigsPanel' (the licence settings mount it with RemoteMount). */
export type ConfigsPanelProps = PartProps<'projects-sites', './ConfigsPanel'>;

/**
 * The configs of a project (the project view's Project Config tab, spec 1 §2) or of a licence
 * (the licence settings' configuration, which remote-licensing mounts from here): every config
 * but ResourceProperties, one tab each with its editor; the Add Config dropdown of the defaults
 * the owner does not have ('No new configurations' when none); for a project, the notice naming
 * its configs that need custom integration logic (spec 2). Fetches and saves by itself.
 */
export default function ConfigsPanel({ owner }: ConfigsPanelProps) {
  return (
    <PartScope>
      <OwnerConfigs owner={owner} />
    </PartScope>
  );
}

const tabId = (config: Config) => `config-${config.id}`;

function OwnerConfigs({ owner }: ConfigsPanelProps) {
  const texts = textsOf(owner);
  const configs = useQuery(ownerConfigsQuery(owner));
  const defaults = useQuery(defaultConfigsQuery(owner.kind));
  const editable = useMayCall(owner.kind === 'project' ? projectsSitesEndpoints.updateProjectConfig : licensingEndpoints.updateLicenseConfig);
  const [tab, setTab] = useState<string>();
  if (configs.isPending || isRefreshingOnMount(configs)) return <Spinner label="Loading configs" />;
  if (configs.isError) return <Alert variant="danger">{errorMessage(configs.error, texts.fetchFailed)}</Alert>;

  const listed = editableConfigs(configs.data);
  const related = relatedOf(configs.data);
  const custom = owner.kind === 'project' ? customIntegrationNames(listed) : [];
  return (
    <div className="space-y-4">
      {custom.length > 0 ? (
        <Alert variant="info" title={ConfigMessages.customIntegration}>
          <ul className="list-disc pl-4">
            {custom.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {editable ? <AddConfig owner={owner} defaults={defaults} owned={configs.data} onAdded={(config) => setTab(tabId(config))} /> : null}
      {listed.length === 0 ? (
        <EmptyState title={texts.empty} />
      ) : (
        <Tabs
          value={tab}
          onValueChange={setTab}
          tabs={listed.map((config) => ({
            id: tabId(config),
            label: config.name,
            content: (
              // Keyed: another config's tab starts with its own state (History closed, no notice).
              <ConfigTab
                key={config.id}
                owner={owner}
                config={config}
                related={related}
                defaultConfig={defaults.data?.find((candidate) => candidate.name === config.name)}
                editable={editable}
                fetchedAt={configs.dataUpdatedAt}
              />
            ),
          }))}
        />
      )}
    </div>
  );
}

/** The Add Config dropdown (spec 1 §2): the defaults the owner does not have; adding sends the default's data. */
function AddConfig({
  owner,
  defaults,
  owned,
  onAdded,
}: {
  owner: ConfigOwner;
  defaults: UseQueryResult<Config[]>;
  owned: Config[];
  onAdded(config: Config): void;
}) {
  const add = useAddConfig(owner);
  const [name, setName] = useState('');
  if (defaults.isPending) return <Spinner label="Loading the default configs" />;
  if (defaults.isError) return <Alert variant="danger">{errorMessage(defaults.error, textsOf(owner).fetchFailed)}</Alert>;
  const choices = newDefaults(defaults.data, owned);
  const chosen = choices.find((config) => config.name === name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || add.isPending) return;
    add.mutateAsync(chosen).then(
      (config) => {
        setName('');
        onAdded(config);
      },
      () => undefined,
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <FormField label="Add Config">
        <Select
          value={chosen ? name : ''}
          className="w-64"
          disabled={choices.length === 0}
          placeholder={choices.length === 0 ? ConfigMessages.noNewConfigs : SELECT_PLACEHOLDER}
          options={choices.map((config) => ({ value: config.name, label: config.name }))}
          onChange={(event) => setName(event.target.value)}
        />
      </FormField>
      <Button type="submit" loading={add.isPending} disabled={!chosen}>
        Add
      </Button>
    </form>
  );
}
