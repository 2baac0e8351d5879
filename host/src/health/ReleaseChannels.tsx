import { useState } from 'react';
import { CHANNEL_ENTITY, RemoteChannelMessages as M, type RemotesHealth, type VersionFigures, type VersionHealth } from 'contracts/auth';
import { Alert, Badge, Button, Card, ConfirmDialog, HistoryTab, ScrollBox } from 'kit';
import { errorMessage } from 'shared';
import { usePromotePilot, useRemotesHealth, useRollBackPilot } from './channels.api';
import { PilotDialog } from './PilotDialog';

type RemoteHealth = RemotesHealth['remotes'][number];

const CHANNEL_BADGE = { stable: 'success', pilot: 'info', other: 'neutral' } as const;
const number = (value: number | null, unit = '') => (value === null ? '—' : `${value.toLocaleString('en-US')}${unit}`);

/** One window's figures, as the cells of a row. */
function FigureCells({ figures }: { figures: VersionFigures }) {
  return (
    <>
      <td className="py-2 pr-3 tabular-nums">{number(figures.users)}</td>
      <td className="py-2 pr-3 tabular-nums">{number(figures.pageViews)}</td>
      <td className="py-2 pr-3 tabular-nums">{number(figures.loads)}</td>
      <td className="py-2 pr-3 tabular-nums">{number(figures.loadFailures)}</td>
      <td className="py-2 pr-3 tabular-nums">{number(figures.errorsPer1000)}</td>
      <td className="py-2 pr-3 tabular-nums">{number(figures.medianLoadMs, ' ms')}</td>
    </>
  );
}

function VersionRows({ version }: { version: VersionHealth }) {
  return (
    <>
      {(['hour', 'day'] as const).map((window) => (
        <tr key={window} className={window === 'hour' ? 'border-t border-slate-100' : ''}>
          {window === 'hour' ? (
            <th scope="rowgroup" rowSpan={2} className="py-2 pr-3 text-left align-top font-normal">
              <span className="font-mono text-xs">{version.version}</span>{' '}
              <Badge variant={CHANNEL_BADGE[version.channel]}>{version.channel === 'other' ? 'not in a channel' : version.channel}</Badge>
            </th>
          ) : null}
          <td className="py-2 pr-3 text-slate-500">{window === 'hour' ? 'Last hour' : 'Last day'}</td>
          <FigureCells figures={version[window]} />
        </tr>
      ))}
    </>
  );
}

/**
 * A channel's History, read when opened: each pilot set, promotion and rollback (by hand or by
 * the rule) with who, when and what changed — the audit log's entries of this remote's channel.
 */
function ChannelHistory({ remoteId }: { remoteId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-2 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-slate-700">History</summary>
      {open ? (
        <div className="mt-2">
          <HistoryTab entity={CHANNEL_ENTITY} entityId={remoteId} />
        </div>
      ) : null}
    </details>
  );
}

/** One remote: its channels, the rule, each version's figures, and Start a pilot (or Change pilot) / Promote / Roll back. */
function RemoteChannelCard({ remote }: { remote: RemoteHealth }) {
  const [asking, setAsking] = useState<'promote' | 'rollback' | null>(null);
  // Each opening of the pilot dialog starts from the channel as it is then (its key).
  const [pilotDialog, setPilotDialog] = useState({ open: false, opening: 0 });
  const promote = usePromotePilot();
  const rollBack = useRollBackPilot();
  const channel = remote.channel;
  const pilot = channel?.pilotVersion ?? null;
  const pilotFigures = remote.versions.find((v) => v.channel === 'pilot');
  const stableFigures = remote.versions.find((v) => v.channel === 'stable');
  const busy = promote.isPending || rollBack.isPending;
  const confirm = async () => {
    if (!pilot || !asking) return;
    await (asking === 'promote' ? promote : rollBack).mutateAsync({ remoteId: remote.remoteId, version: pilot }).catch(() => undefined);
    setAsking(null);
  };
  const audience =
    channel && pilot
      ? [
          channel.pilotLicenses.length ? `licences ${channel.pilotLicenses.map((license) => license.name).join(', ')}` : null,
          channel.pilotPercent ? `${channel.pilotPercent}% of users` : null,
        ]
          .filter(Boolean)
          .join(' and ')
      : null;
  const errors = remote.versions.flatMap((v) => v.lastErrors.map((e) => ({ ...e, version: v.version }))).slice(0, 5);
  return (
    <section aria-labelledby={`channel-${remote.remoteId}`} className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`channel-${remote.remoteId}`} className="font-medium text-slate-800">
          {remote.remoteId}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setPilotDialog(({ opening }) => ({ open: true, opening: opening + 1 }))}>
            {pilot ? 'Change pilot' : 'Start a pilot'}
          </Button>
          {pilot ? (
            <>
              <Button size="sm" onClick={() => setAsking('promote')}>
                Promote {pilot}
              </Button>
              <Button size="sm" variant="danger" onClick={() => setAsking('rollback')}>
                Roll back {pilot}
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Stable</dt>
        <dd className="font-mono text-xs">{channel?.stableVersion ?? 'as remotes.json names it'}</dd>
        <dt className="text-slate-500">Pilot</dt>
        <dd>
          {pilot ? (
            <>
              <span className="font-mono text-xs">{pilot}</span> for {audience}
            </>
          ) : (
            'none'
          )}
        </dd>
        {pilot ? (
          <>
            <dt className="text-slate-500">Rollback rule</dt>
            <dd>
              {channel?.rollback
                ? `roll back by itself above ${channel.rollback.factor} × the stable version's errors per 1,000 page ` +
                  `views, after at least ${channel.rollback.minViews.toLocaleString('en-US')} pilot views`
                : 'none: roll back by hand'}
            </dd>
          </>
        ) : null}
      </dl>
      {channel?.autoRolledBack ? (
        <Alert variant="warning" className="mt-2">
          {M.autoRolledBack(channel.autoRolledBack.version, channel.autoRolledBack.reason)} ({new Date(channel.autoRolledBack.at).toLocaleString('en-GB')})
        </Alert>
      ) : null}
      {remote.versions.length ? (
        <ScrollBox label={`${remote.remoteId} versions`} className="mt-3">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">{remote.remoteId}: each version's figures, stable beside pilot</caption>
            <thead>
              <tr className="text-left text-xs tracking-wide text-slate-500 uppercase">
                <th className="pb-2 font-medium">Version</th>
                <th className="pb-2 font-medium">Window</th>
                <th className="pb-2 font-medium">Users</th>
                <th className="pb-2 font-medium">Page views</th>
                <th className="pb-2 font-medium">Loads</th>
                <th className="pb-2 font-medium">Load failures</th>
                <th className="pb-2 font-medium">Errors per 1,000 views</th>
                <th className="pb-2 font-medium">Median load</th>
              </tr>
            </thead>
            <tbody>
              {remote.versions.map((version) => (
                <VersionRows key={version.version} version={version} />
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : (
        <p className="mt-2 text-sm text-slate-500">No reports in the last day.</p>
      )}
      {errors.length ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-700">Latest errors</summary>
          <ul className="mt-1 space-y-1">
            {errors.map((e, i) => (
              <li key={i} className="break-words">
                <span className="font-mono text-xs">{e.version}</span> {e.route ? <span className="text-slate-500">{e.route}</span> : null}: {e.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <ChannelHistory remoteId={remote.remoteId} />
      <PilotDialog
        key={pilotDialog.opening}
        remote={remote}
        open={pilotDialog.open}
        onClose={() => setPilotDialog(({ opening }) => ({ open: false, opening }))}
      />
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'promote' ? 'Promote the pilot' : 'Roll back the pilot'}
        message={
          pilot
            ? asking === 'promote'
              ? M.promoteQuestion(remote.remoteId, pilot, stableFigures?.day.users ?? 0)
              : M.rollbackQuestion(remote.remoteId, pilot, pilotFigures?.day.users ?? 0)
            : ''
        }
        confirmLabel={asking === 'promote' ? 'Promote' : 'Roll back'}
        variant={asking === 'rollback' ? 'danger' : 'primary'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}

/**
 * Release channels (issue 42): per remote, its stable and pilot versions with what browsers
 * reported of each over the last hour and day, the automatic rollback rule and its firing,
 * Start a pilot (or Change pilot) in a dialog, and Promote / Roll back with a confirmation
 * naming the users affected.
 */
export function ReleaseChannels() {
  const health = useRemotesHealth();
  return (
    <Card title="Release channels">
      {health.isError ? <Alert variant="danger">{errorMessage(health.error, 'The release channels could not be read.')}</Alert> : null}
      {health.isPending ? <p className="text-sm text-slate-500">Loading…</p> : null}
      {health.data && health.data.remotes.length === 0 ? (
        <p className="text-sm text-slate-700">
          No remote has a registered build or reports yet: every section is served as remotes.json names it. See ‘Releasing a section’ in the README.
        </p>
      ) : null}
      <div className="space-y-3">
        {health.data?.remotes.map((remote) => (
          <RemoteChannelCard key={remote.remoteId} remote={remote} />
        ))}
      </div>
    </Card>
  );
}
