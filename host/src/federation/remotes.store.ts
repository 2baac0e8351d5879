/**
 * The remotes: read from remotes.json (served beside the host, so a remote moves without a
 * host rebuild), registered with the federation runtime, and each one's `./routes` loaded
 * with a time limit. A remote that is down, slow or throwing is 'unavailable' and can be
 * retried; the others are unaffected.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteDefinition } from 'shared';
import { create } from 'zustand';
import { isUnavailable } from './offline-remote.plugin';

export interface RemoteEntry {
  id: string;
  /** The federation name (remote_identity). */
  name: string;
  /** URL of the remote's mf-manifest.json. */
  entry: string;
  /** The paths the remote owns ('/users', '/user', …). */
  prefixes: string[];
}

export type RemoteState =
  | { status: 'loading'; attempt: number }
  | { status: 'ready'; attempt: number; definition: RemoteDefinition }
  | { status: 'unavailable'; attempt: number; reason: string };

interface RemotesStore {
  /** Null until remotes.json is read. */
  remotes: RemoteEntry[] | null;
  mapError: string | null;
  states: Record<string, RemoteState>;
}

export const useRemotes = create<RemotesStore>()(() => ({ remotes: null, mapError: null, states: {} }));

/** How long a remote may take before it counts as unavailable. */
export const REMOTE_TIMEOUT_MS = 8000;

const setState = (id: string, state: RemoteState) => useRemotes.setState((s) => ({ states: { ...s.states, [id]: state } }));

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} seconds`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

function isDefinition(value: unknown): value is RemoteDefinition {
  const d = value as RemoteDefinition | undefined;
  return Boolean(d && typeof d.id === 'string' && Array.isArray(d.routes) && Array.isArray(d.nav));
}

/** Loads one remote's routes; a retry registers it again so the runtime fetches it anew. */
export async function loadRemoteRoutes(remote: RemoteEntry, retry = false): Promise<void> {
  const attempt = (useRemotes.getState().states[remote.id]?.attempt ?? 0) + 1;
  setState(remote.id, { status: 'loading', attempt });
  try {
    if (retry) registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
    const module = await withTimeout(loadRemote<{ default: RemoteDefinition }>(`${remote.name}/routes`), REMOTE_TIMEOUT_MS);
    if (isUnavailable(module)) throw new Error(module.reason);
    const definition = (module as { default?: unknown } | null)?.default;
    if (!isDefinition(definition)) throw new Error('its routes module is not a remote definition');
    setState(remote.id, { status: 'ready', attempt, definition });
  } catch (error) {
    setState(remote.id, { status: 'unavailable', attempt, reason: error instanceof Error ? error.message : String(error) });
  }
}

function isRemoteEntry(value: unknown): value is RemoteEntry {
  const r = value as RemoteEntry;
  return Boolean(r && typeof r.id === 'string' && typeof r.name === 'string' && typeof r.entry === 'string' && Array.isArray(r.prefixes));
}

let started: Promise<void> | null = null;

/**
 * Reads remotes.json, registers every remote and starts loading their routes; once. The
 * signed-in shell calls it: the sign-in pages need no remote.
 */
export function startRemotes(mapUrl = '/remotes.json'): Promise<void> {
  started ??= readMapAndLoad(mapUrl);
  return started;
}

async function readMapAndLoad(mapUrl: string): Promise<void> {
  let remotes: RemoteEntry[];
  try {
    const response = await fetch(mapUrl, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${mapUrl} answered ${response.status}`);
    const map = (await response.json()) as { remotes?: unknown[] };
    remotes = (map.remotes ?? []).filter(isRemoteEntry);
  } catch (error) {
    useRemotes.setState({ remotes: [], mapError: error instanceof Error ? error.message : String(error) });
    return;
  }
  registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
  useRemotes.setState({ remotes, states: Object.fromEntries(remotes.map((r) => [r.id, { status: 'loading', attempt: 0 } as RemoteState])) });
  await Promise.all(remotes.map((remote) => loadRemoteRoutes(remote)));
}

/** The remote owning `pathname`: the one with the longest matching prefix. */
export function remoteForPath(remotes: readonly RemoteEntry[], pathname: string): RemoteEntry | undefined {
  let best: { remote: RemoteEntry; length: number } | undefined;
  for (const remote of remotes) {
    for (const prefix of remote.prefixes) {
      if ((pathname === prefix || pathname.startsWith(`${prefix}/`)) && (!best || prefix.length > best.length)) best = { remote, length: prefix.length };
    }
  }
  return best?.remote;
}
