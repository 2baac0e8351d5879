import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getHealth } from 'contracts/auth';
import { Alert, Badge, Button, Card, PageHeader, ScrollBox, Switch } from 'kit';
import { errorMessage, KERNEL_VERSION } from 'shared';
import {
  loadRemoteCode,
  loadRemoteRoutes,
  SAFE_MODE_REASON,
  useRemotes,
  type RemoteDetails,
  type RemoteEntry,
  type RemoteState,
} from '../federation/remotes.store';
import { isTurnedOff, writeSafeMode, type SafeMode } from '../federation/safe-mode';
import { ReleaseChannels } from './ReleaseChannels';

const apiHealthQuery = { queryKey: ['host', 'health'] as const, queryFn: () => getHealth(), staleTime: 0 };

const DATABASES: Record<string, string> = { pglite: 'embedded PostgreSQL (PGlite)', postgres: 'PostgreSQL server' };

function StateBadge({ state }: { state: RemoteState | undefined }) {
  if (!state || state.status === 'loading') return <Badge variant="neutral">Loading</Badge>;
  if (state.status === 'ready') {
    if (state.code.status === 'failed') return <Badge variant="danger">Code failed</Badge>;
    return state.code.status === 'ready' ? <Badge variant="success">Loaded</Badge> : <Badge variant="neutral">Declared (code loads when opened)</Badge>;
  }
  if (state.details.turnedOff) return <Badge variant="warning">Off (safe mode)</Badge>;
  if (/^built for console kernel/.test(state.reason)) return <Badge variant="danger">Incompatible kernel</Badge>;
  return <Badge variant="danger">Failed</Badge>;
}

/** The declaration's load time, and the code's once it was loaded. */
function loadTimes(details: RemoteDetails | undefined): string {
  if (details?.loadMs === undefined) return '—';
  return details.codeMs === undefined ? `${details.loadMs} ms (declaration)` : `${details.loadMs} ms + ${details.codeMs} ms (code)`;
}

/** Restarts the console in `mode`: the remotes load once, at start. */
function restartIn(mode: SafeMode) {
  writeSafeMode(mode);
  window.location.assign(window.location.pathname);
}

/** What the page shows of one remote, and its switch: the same in a table row and on a phone's card. */
function remoteRowParts(remote: RemoteEntry, state: RemoteState | undefined, safeMode: SafeMode) {
  const details = state && state.status !== 'loading' ? state.details : undefined;
  const off = isTurnedOff(safeMode, remote.id);
  const toggle = (load: boolean) => {
    const ids = useRemotes.getState().remotes?.map((r) => r.id) ?? [];
    const offNow = ids.filter((id) => isTurnedOff(safeMode, id) && id !== remote.id);
    const next = load ? offNow : [...offNow, remote.id];
    restartIn(next.length ? next : null);
  };
  const failure =
    state?.status === 'unavailable'
      ? state.reason !== SAFE_MODE_REASON
        ? state.reason
        : null
      : state?.status === 'ready' && state.code.status === 'failed'
        ? state.code.reason
        : null;
  const reason = failure ? <p className="mt-1 text-xs text-red-700">{failure}</p> : null;
  const controls = (
    <div className="flex items-center gap-2">
      <Switch label={`Load ${remote.id}`} checked={!off} onCheckedChange={toggle} />
      {(state?.status === 'unavailable' || (state?.status === 'ready' && state.code.status === 'failed')) && !off ? (
        <Button size="sm" variant="secondary" onClick={() => void loadRemoteRoutes(remote, true)}>
          Retry
        </Button>
      ) : null}
    </div>
  );
  return { details, reason, controls };
}

type RowProps = { remote: RemoteEntry; state: RemoteState | undefined; safeMode: SafeMode };

function RemoteRow({ remote, state, safeMode }: RowProps) {
  const { details, reason, controls } = remoteRowParts(remote, state, safeMode);
  return (
    <tr className="border-t border-slate-100 align-top">
      <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-800">
        {remote.id}
      </th>
      <td className="py-2 pr-4">
        <StateBadge state={state} />
        {reason}
      </td>
      <td className="py-2 pr-4 font-mono text-xs">
        {details?.version ?? '—'}
        {remote.pilot ? (
          <Badge variant="info" className="ml-1">
            Pilot
          </Badge>
        ) : null}
      </td>
      <td className="py-2 pr-4 font-mono text-xs">{details?.kernel ?? '—'}</td>
      <td className="py-2 pr-4 tabular-nums">{loadTimes(details)}</td>
      <td className="py-2 pr-4 font-mono text-xs break-all">{remote.entry}</td>
      <td className="py-2">{controls}</td>
    </tr>
  );
}

/** One remote on a phone: its name and state, the facts as a list, and its switch in reach. */
function RemoteCard({ remote, state, safeMode }: RowProps) {
  const { details, reason, controls } = remoteRowParts(remote, state, safeMode);
  const facts: [string, string, string?][] = [
    ['Version', details?.version ?? '—', 'font-mono'],
    ['Kernel', details?.kernel ?? '—', 'font-mono'],
    ['Load time', loadTimes(details), 'tabular-nums'],
    ['Loaded from', remote.entry, 'font-mono break-all'],
  ];
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium text-slate-800">{remote.id}</h3>
        <StateBadge state={state} />
      </div>
      {reason}
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
        {facts.map(([term, value, look]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500">{term}</dt>
            <dd className={look}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3">{controls}</div>
    </li>
  );
}

/**
 * Console health (super administrators): each remote's state, version, kernel, load time and
 * address, the host's and the API's versions and the database; and safe mode, to start the
 * console without some or all remotes when a release is broken.
 */
export function HealthPage() {
  const { remotes, states, safeMode, mapError } = useRemotes();
  const api = useQuery(apiHealthQuery);
  // A diagnosis: every declared section's code is fetched here (elsewhere it loads with its first page), so a broken build shows now.
  const declared = (remotes ?? [])
    .filter((remote) => states[remote.id]?.status === 'ready')
    .map((remote) => remote.id)
    .join(',');
  useEffect(() => {
    for (const remote of useRemotes.getState().remotes ?? []) void loadRemoteCode(remote);
  }, [declared]);
  return (
    <div className="space-y-4">
      <PageHeader
        title="Console health"
        description={
          "Where each section was loaded from, how it went, and safe mode. Every section's code is fetched on " +
          "this page; elsewhere it loads with the section's first page."
        }
      />
      {mapError ? <Alert variant="danger">remotes.json could not be read: {mapError}</Alert> : null}
      <Card title="Console">
        <dl className="grid grid-cols-1 gap-x-8 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-slate-500">Host version</dt>
            <dd className="font-mono text-xs">{__BUILD_VERSION__}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Kernel</dt>
            <dd className="font-mono text-xs">{KERNEL_VERSION}</dd>
          </div>
          <div>
            <dt className="text-slate-500">API version</dt>
            <dd className="font-mono text-xs">{api.data?.version ?? (api.isError ? errorMessage(api.error, 'The API does not answer.') : '…')}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Database</dt>
            <dd>{api.data ? (DATABASES[api.data.database] ?? api.data.database) : api.isError ? 'not answering' : '…'}</dd>
          </div>
        </dl>
      </Card>
      <Card title="Sections">
        {/* A phone gets one card per section, its switch in reach; wider screens the table. */}
        <ul aria-label="Sections" className="space-y-3 md:hidden">
          {(remotes ?? []).map((remote) => (
            <RemoteCard key={remote.id} remote={remote} state={states[remote.id]} safeMode={safeMode} />
          ))}
        </ul>
        <ScrollBox label="Sections" className="hidden md:block">
          <table className="w-full text-sm">
            <caption className="sr-only">Sections</caption>
            <thead>
              <tr className="text-left text-xs tracking-wide text-slate-500 uppercase">
                <th className="pb-2 font-medium">Remote</th>
                <th className="pb-2 font-medium">State</th>
                <th className="pb-2 font-medium">Version</th>
                <th className="pb-2 font-medium">Kernel</th>
                <th className="pb-2 font-medium">Load time</th>
                <th className="pb-2 font-medium">Loaded from</th>
                <th className="pb-2 font-medium">On next start</th>
              </tr>
            </thead>
            <tbody>
              {(remotes ?? []).map((remote) => (
                <RemoteRow key={remote.id} remote={remote} state={states[remote.id]} safeMode={safeMode} />
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </Card>
      <ReleaseChannels />
      <Card title="Safe mode">
        <p className="text-sm text-slate-700">
          {safeMode === null
            ? 'Off: every section loads. Start without any section to diagnose a broken release; the choice holds for this browser tab.'
            : `On: ` +
              `${safeMode === 'all' ? 'no section loads' : `${safeMode.join(', ')} ${safeMode.length === 1 ? 'does' : 'do'} not load`}. ` +
              `It holds for this browser tab.`}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {safeMode === null ? (
            <Button variant="secondary" onClick={() => restartIn('all')}>
              Start without any section
            </Button>
          ) : (
            <Button onClick={() => restartIn(null)}>Leave safe mode</Button>
          )}
        </div>
        <p className="mt-3 text-xs text-slate-500">
          The same from any address: <code>?safe-mode</code> (no section), <code>?safe-mode=identity,workflows</code> (those two), <code>?safe-mode=off</code>.
        </p>
      </Card>
    </div>
  );
}
