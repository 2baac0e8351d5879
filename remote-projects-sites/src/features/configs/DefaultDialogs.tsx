import type { Config } from 'contracts/licensing';
import { Button, Dialog, JsonDiff } from 'kit';
import { sameData } from './configDraft';

/**
 * Ours, beyond the spec: a project config against the default of the same name (project 1's),
 * as a line diff of their JSON.
 */
export function CompareDialog({ config, defaultConfig, open, onClose }: { config: Config; defaultConfig: Config; open: boolean; onClose(): void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      size="lg"
      title={`Compare ${config.name} with the default`}
      description="Lines marked - are the default’s (project 1); lines marked + are this project’s, as saved."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <JsonDiff
        before={defaultConfig.data}
        after={config.data}
        beforeLabel="Default"
        afterLabel="This project"
        label={`${config.name}: the default against this project`}
      />
    </Dialog>
  );
}

/**
 * Ours, beyond the spec: what resetting a project config to the default changes (the same
 * diff, the other way round), and the confirmation that saves the default's data with the
 * config's version read (a change made since is refused like any other save).
 */
export function ResetDialog({
  config,
  defaultConfig,
  open,
  busy,
  onReset,
  onClose,
}: {
  config: Config;
  defaultConfig: Config;
  open: boolean;
  busy: boolean;
  onReset(): void;
  onClose(): void;
}) {
  const same = sameData(config.data, defaultConfig.data);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      dismissible={!busy}
      size="lg"
      title={`Reset ${config.name} to the default?`}
      description={
        same ? 'This config is the same as the default: there is nothing to reset.' : 'Lines marked - go; lines marked + come from the default (project 1).'
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onReset} loading={busy} disabled={same}>
            Reset to default
          </Button>
        </>
      }
    >
      <JsonDiff
        before={config.data}
        after={defaultConfig.data}
        beforeLabel="This project now"
        afterLabel="The default"
        label={`${config.name}: what the reset changes`}
      />
    </Dialog>
  );
}
