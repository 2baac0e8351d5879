import { useId } from 'react';
import { RemoteChannelMessages as M, type RemotesHealth } from 'contracts/auth';
import { Button, Checkbox, Dialog, FormField, formatDay, Input, Select, useForm } from 'kit';
import { confirmDiscard, useUnsavedChanges } from 'shared';
import { useSetPilot } from './channels.api';
import { LicenseChecklist } from './LicenseChecklist';
import { PilotFormSchema, pilotValuesOf } from './pilot.form';

type RemoteHealth = RemotesHealth['remotes'][number];

export interface PilotDialogProps {
  remote: RemoteHealth;
  open: boolean;
  onClose(): void;
}

/**
 * Start a pilot, or change the running one (issue 42): a registered version other than the
 * stable one, the licences and/or the share of users who get it, and an optional automatic
 * rollback rule. Without such a version it says how to publish one. It closes once the pilot
 * is set; a refusal about a field shows under it. Mount it afresh (a key) for each opening.
 */
export function PilotDialog({ remote, open, onClose }: PilotDialogProps) {
  const formId = useId();
  const setPilot = useSetPilot();
  const channel = remote.channel;
  const running = channel?.pilotVersion ?? null;
  const versions = remote.registered.filter((build) => build.version !== channel?.stableVersion);
  const form = useForm({
    schema: PilotFormSchema,
    initial: pilotValuesOf(channel),
    onSubmit: async (body) => {
      await setPilot.mutateAsync({ remoteId: remote.remoteId, body });
      onClose();
    },
  });
  useUnsavedChanges(open && form.dirty);
  const close = async () => {
    if (!form.dirty || (await confirmDiscard())) onClose();
  };
  const none = versions.length === 0;
  const action = running ? 'Change the pilot' : 'Start the pilot';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !form.busy && void close()}
      title={running ? `Change the pilot of ${remote.remoteId}` : `Start a pilot of ${remote.remoteId}`}
      description={none ? undefined : 'Its users get the version at their next navigation; everyone else keeps the stable version.'}
      dismissible={!form.busy}
      footer={
        none ? (
          <Button variant="secondary" onClick={onClose}>
            OK
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => void close()} disabled={form.busy}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={form.busy}>
              {action}
            </Button>
          </>
        )
      }
    >
      {none ? (
        <p className="py-2 break-words">{M.noBuildToPilot(remote.remoteId)}</p>
      ) : (
        <form id={formId} onSubmit={form.submit} noValidate className="space-y-4 py-1">
          <FormField
            label="Version"
            required
            error={form.error('version')}
            hint="Builds registered with npm run release, newest first, with the day each was registered."
          >
            <Select
              {...form.field('version')}
              className="w-full"
              placeholder="Choose a version"
              options={versions.map((build) => ({
                value: build.version,
                label: build.version === running ? `${build.version} (the pilot now)` : `${build.version} (${formatDay(build.registeredAt)})`,
              }))}
            />
          </FormField>
          <LicenseChecklist
            value={form.values.licenseIds}
            onChange={(licenseIds) => form.setValue('licenseIds', licenseIds)}
            onBlur={() => form.touch('licenseIds')}
            error={form.error('licenseIds')}
            disabled={form.busy}
          />
          <FormField
            label="Share of users (%)"
            error={form.error('percent')}
            hint="Users of any licence, chosen by a fixed draw; 0 gives the pilot to the chosen licences only."
          >
            <Input {...form.field('percent')} type="number" inputMode="numeric" min={0} max={100} step={1} className="w-28" />
          </FormField>
          <fieldset className="min-w-0 space-y-3">
            <legend className="sr-only">Automatic rollback</legend>
            <Checkbox
              label="Roll back by itself when the pilot’s errors rise"
              checked={form.values.withRule}
              onChange={(event) => form.setValue('withRule', event.target.checked)}
            />
            {form.values.withRule ? (
              <div className="grid gap-3 pl-6 sm:grid-cols-2">
                <FormField label="Factor" error={form.error('rollback.factor')} hint="Above this many times the stable version’s errors per 1,000 page views.">
                  <Input {...form.field('rollback.factor')} type="number" inputMode="decimal" min={1} max={100} step="any" className="w-28" />
                </FormField>
                <FormField label="Least page views" error={form.error('rollback.minViews')} hint="Of the pilot, before the rule is applied.">
                  <Input {...form.field('rollback.minViews')} type="number" inputMode="numeric" min={1} step={1} className="w-28" />
                </FormField>
              </div>
            ) : null}
          </fieldset>
        </form>
      )}
    </Dialog>
  );
}
