import { useId, useState } from 'react';
import type { Config, ConfigOwner, RelatedConfigs } from 'contracts/licensing';
import { Button, ConfirmDialog } from 'kit';
import { Role, useHasRole } from 'shared';
import { ConfigEditor } from './ConfigEditor';
import { ConfigHistory } from './ConfigHistory';
import { textsOf, useDeleteConfig, useSaveConfig } from './configs.api';
import { CompareDialog, ResetDialog } from './DefaultDialogs';
import { useConflictNotice } from './useConflictNotice';

/** Props of {@link ConfigTab}. */
export interface ConfigTabProps {
  owner: ConfigOwner;
  config: Config;
  related: RelatedConfigs;
  /** The default of the same name (a project's: project 1's), for Compare and Reset. */
  defaultConfig: Config | undefined;
  editable: boolean;
  /** When the owner's configs were fetched: the editor starts again from each fetch. */
  fetchedAt: number;
}

/**
 * One config's tab: its editor, and for a project 'Compare with default' and 'Reset to
 * default' (ours, previewed as a diff of the JSON), Delete after a confirmation, and its History.
 */
export function ConfigTab({ owner, config, related, defaultConfig, editable, fetchedAt }: ConfigTabProps) {
  const headingId = useId();
  const texts = textsOf(owner);
  const superAdministrator = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const conflict = useConflictNotice();
  const save = useSaveConfig(owner, conflict.onError);
  const remove = useDeleteConfig(owner);
  const [dialog, setDialog] = useState<'compare' | 'reset' | 'delete' | null>(null);
  const close = () => setDialog(null);
  const comparable = owner.kind === 'project' && defaultConfig !== undefined;

  const saveData = (data: Config['data'], reset = false) => save.mutateAsync({ config, data, reset }).then(conflict.clear);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold break-all text-slate-900">
          {config.name}
        </h2>
        <div className="flex flex-wrap gap-2">
          {comparable ? (
            <Button variant="secondary" size="sm" onClick={() => setDialog('compare')}>
              Compare with default
            </Button>
          ) : null}
          {comparable && editable ? (
            <Button variant="secondary" size="sm" onClick={() => setDialog('reset')}>
              Reset to default
            </Button>
          ) : null}
          {editable ? (
            <Button variant="secondary" size="sm" onClick={() => setDialog('delete')}>
              Delete
            </Button>
          ) : null}
        </div>
      </div>
      {conflict.alert}
      <ConfigEditor
        key={`${config.id}:${fetchedAt}`}
        config={config}
        related={related}
        editable={editable}
        jsonView={superAdministrator}
        saving={save.isPending}
        onSave={(data) => saveData(data)}
      />
      <ConfigHistory configId={config.id} />
      {comparable ? (
        <>
          <CompareDialog config={config} defaultConfig={defaultConfig} open={dialog === 'compare'} onClose={close} />
          <ResetDialog
            config={config}
            defaultConfig={defaultConfig}
            open={dialog === 'reset'}
            busy={save.isPending}
            onClose={close}
            onReset={() => void saveData(defaultConfig.data, true).then(close, close)}
          />
        </>
      ) : null}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete ${config.name}?`}
        message={`The config ${config.name} is removed from ${texts.noun}.`}
        confirmLabel="Delete"
        variant="danger"
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() => void remove.mutateAsync(config).then(close, close)}
      />
    </section>
  );
}
