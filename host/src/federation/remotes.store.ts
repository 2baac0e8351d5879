/**
 * The remotes: read from remotes.json (served beside the host, so a remote moves without a
 * host rebuild), registered with the federation runtime, and each one's `./routes` loaded
 * with a time limit. Before any of a remote's code runs, its manifest must declare the
 * kernel major this console runs. A remote that is down, slow, throwing or built for another
 * kernel is 'unavailable' (with the reason) and can be retried; the others are unaffected.
 * The paths a remote owns come from its own routes, not from a central list. Safe mode
 * (safe-mode.ts) keeps chosen remotes from loading at all. The federation runtime itself
 * (runtime.ts) loads with the first remote, not with the sign-in pages.
 */
import { KERNEL_VERSION, kernelIncompatible, versionOf, prefixesOf, type RemoteDefinition } from 'shared';
import type { ComponentType } from 'react';
import { create } from 'zustand';
import { isUnavailable } from './offline-remote.plugin';
import type * as Runtime from './runtime';
import { isTurnedOff, readSafeMode, type SafeMode } from './safe-mode';

type RuntimeModule = typeof Runtime;

export interface RemoteEntry {
  id: string;
  /** The federation name (remote_identity). */
  name: string;
  /** URL of the remote's mf-manifest.json. */
  entry: string;
}

/** What the host learnt of a remote while loading it (shown on the health page). */
export interface RemoteDetails {
  /** The build version in its manifest. */
  version?: string;
  /** The kernel range it was built for ('^1.0.0'). */
  kernel?: string;
  /** Milliseconds from the start of the load to its routes. */
  loadMs?: number;
  /** Safe mode kept it from loading. */
  turnedOff?: boolean;
}

/** The reason a section shows while safe mode keeps its remote off. */
export const SAFE_MODE_REASON = 'turned off by safe mode';

export type RemoteState =
  | { status: 'loading'; attempt: number }
  | { status: 'ready'; attempt: number; definition: RemoteDefinition; prefixes: string[]; details: RemoteDetails }
  | { status: 'unavailable'; attempt: number; reason: string; details: RemoteDetails };

interface RemotesStore {
  /** Null until remotes.json is read. */
  remotes: RemoteEntry[] | null;
  mapError: string | null;
  states: Record<string, RemoteState>;
  /** The safe mode this start runs in (null: every remote loads). */
  safeMode: SafeMode;
}

export const useRemotes = create<RemotesStore>()(() => ({ remotes: null, mapError: null, states: {}, safeMode: null }));

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

interface Manifest {
  metaData?: { buildInfo?: { buildVersion?: string }; remoteEntry?: { name?: string; path?: string } };
  shared?: { name?: string; requiredVersion?: string }[];
}

/**
 * The remote's entry script, beside its manifest, with the build version in the query so a
 * redeployed remote is never served from a cache. The host registers this, not the manifest:
 * it has read the manifest already, and the runtime is built without its manifest (snapshot)
 * code, which the login page would otherwise download.
 */
export function remoteEntryUrl(manifestUrl: string, manifest: Manifest, base = globalThis.location?.href): string {
  const entry = manifest.metaData?.remoteEntry;
  const folder = entry?.path ? entry.path.replace(/\/?$/, '/') : '';
  const url = new URL(folder + (entry?.name || 'remoteEntry.js'), new URL(manifestUrl, base));
  const version = manifest.metaData?.buildInfo?.buildVersion;
  if (version) url.searchParams.set('v', version);
  return url.href;
}

/**
 * Why a remote built for `required` (its manifest's range for `shared`, ^major.minor.patch)
 * cannot run on this kernel; undefined when it can: the same major, and at least the minor
 * it was built against (a newer minor only adds). A remote that does not use the kernel runs
 * anywhere.
 */
export function kernelProblem(required: string | undefined, kernel: string = KERNEL_VERSION): string | undefined {
  if (!required) return undefined;
  const wanted = versionOf(required);
  const runs = versionOf(kernel);
  if (!wanted || !runs) return undefined;
  if (wanted[0] !== runs[0]) return kernelIncompatible(wanted[0], runs[0]);
  if (wanted[1] > runs[1] || (wanted[1] === runs[1] && wanted[2] > runs[2])) return kernelIncompatible(wanted.join('.'), runs.join('.'));
  return undefined;
}

async function readManifest(entry: string): Promise<Manifest> {
  const response = await fetch(entry, { cache: 'no-cache', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`its manifest answered ${response.status}`);
  return (await response.json()) as Manifest;
}

let runtimeModule: Promise<RuntimeModule> | null = null;

/**
 * The federation runtime, loaded once, with the first remote: its download runs beside the
 * reading of remotes.json and the manifests, so it costs the signed-in shell no extra wait.
 */
function loadFederation(): Promise<RuntimeModule['federation']> {
  // A failed download (the network) is tried again by the next caller.
  const loading = (runtimeModule ??= import(/* webpackChunkName: "federation-runtime" */ './runtime'));
  loading.catch(() => {
    if (runtimeModule === loading) runtimeModule = null;
  });
  return loading.then((module) => module.federation);
}

/** Loads one remote's routes; a retry registers it again so the runtime fetches it anew. */
export async function loadRemoteRoutes(remote: RemoteEntry, retry = false): Promise<void> {
  const attempt = (useRemotes.getState().states[remote.id]?.attempt ?? 0) + 1;
  setState(remote.id, { status: 'loading', attempt });
  const started = performance.now();
  const details: RemoteDetails = {};
  try {
    const definition = await withTimeout(
      (async () => {
        const federation = loadFederation();
        federation.catch(() => undefined); // awaited below, unless the manifest fails first
        const manifest = await readManifest(remote.entry);
        details.version = manifest.metaData?.buildInfo?.buildVersion;
        details.kernel = manifest.shared?.find((s) => s.name === 'shared')?.requiredVersion;
        const problem = kernelProblem(details.kernel);
        if (problem) throw new Error(problem);
        const runtime = await federation;
        runtime.registerRemotes([{ name: remote.name, entry: remoteEntryUrl(remote.entry, manifest) }], { force: retry });
        const module = await runtime.loadRemote<{ default: RemoteDefinition }>(`${remote.name}/routes`);
        if (isUnavailable(module)) throw new Error(module.reason);
        const loaded = (module as { default?: unknown } | null)?.default;
        if (!isDefinition(loaded)) throw new Error('its routes module is not a remote definition');
        return loaded;
      })(),
      REMOTE_TIMEOUT_MS,
    );
    details.loadMs = Math.round(performance.now() - started);
    setState(remote.id, { status: 'ready', attempt, definition, prefixes: prefixesOf(definition.routes.map((r) => r.path)), details });
  } catch (error) {
    details.loadMs = Math.round(performance.now() - started);
    setState(remote.id, { status: 'unavailable', attempt, reason: error instanceof Error ? error.message : String(error), details });
  }
}

function isRemoteEntry(value: unknown): value is RemoteEntry {
  const r = value as RemoteEntry;
  return Boolean(r && typeof r.id === 'string' && typeof r.name === 'string' && typeof r.entry === 'string');
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
  const safeMode = readSafeMode();
  const on = remotes.filter((remote) => !isTurnedOff(safeMode, remote.id));
  const initial = (remote: RemoteEntry): RemoteState =>
    isTurnedOff(safeMode, remote.id) ? { status: 'unavailable', attempt: 0, reason: SAFE_MODE_REASON, details: { turnedOff: true } } : { status: 'loading', attempt: 0 };
  useRemotes.setState({ remotes, safeMode, states: Object.fromEntries(remotes.map((r) => [r.id, initial(r)])) });
  await Promise.all(on.map((remote) => loadRemoteRoutes(remote)));
}

/** Waits until remote `id` has settled (ready or unavailable); undefined when remotes.json lacks it. */
function settled(id: string): Promise<RemoteState | undefined> {
  const pick = () => {
    const { remotes, states } = useRemotes.getState();
    if (remotes && !remotes.some((r) => r.id === id)) return { done: true, state: undefined };
    const state = states[id];
    return { done: state?.status === 'ready' || state?.status === 'unavailable', state };
  };
  const now = pick();
  if (now.done) return Promise.resolve(now.state);
  return new Promise((resolve) => {
    const stop = useRemotes.subscribe(() => {
      const next = pick();
      if (next.done) {
        stop();
        resolve(next.state);
      }
    });
  });
}

/**
 * The kernel's mount loader (configureMounts): another section's exposed part, once that
 * section has loaded (so the kernel check has passed), with the same time limit and fallback.
 */
export async function loadMountedPart(remoteId: string, exposed: string): Promise<ComponentType<Record<string, unknown>>> {
  void startRemotes();
  let state = await withTimeout(settled(remoteId), REMOTE_TIMEOUT_MS);
  const remote = useRemotes.getState().remotes?.find((r) => r.id === remoteId);
  if (!remote || !state) throw new Error(`no remote '${remoteId}' in remotes.json`);
  // A section that failed to load is tried again (a part's Retry, or a part mounted after the
  // failure), unless safe mode turned it off.
  if (state.status === 'unavailable' && !state.details.turnedOff) {
    await loadRemoteRoutes(remote, true);
    state = useRemotes.getState().states[remoteId] ?? state;
  }
  if (state.status === 'unavailable') throw new Error(state.reason);
  const runtime = await loadFederation();
  const module = await withTimeout(runtime.loadRemote<{ default: ComponentType<Record<string, unknown>> }>(`${remote.name}/${exposed.replace(/^\.\//, '')}`), REMOTE_TIMEOUT_MS);
  if (isUnavailable(module)) throw new Error(module.reason);
  const part = (module as { default?: unknown } | null)?.default;
  if (typeof part !== 'function' && typeof part !== 'object') throw new Error(`${exposed} of ${remoteId} is not a component`);
  return part as ComponentType<Record<string, unknown>>;
}

/** The id of the remote owning `pathname` among those whose routes are loaded: the longest matching prefix. */
export function remoteForPath(prefixesById: Readonly<Record<string, readonly string[]>>, pathname: string): string | undefined {
  let best: { id: string; length: number } | undefined;
  for (const [id, prefixes] of Object.entries(prefixesById)) {
    for (const prefix of prefixes) {
      if ((pathname === prefix || pathname.startsWith(`${prefix}/`)) && (!best || prefix.length > best.length)) best = { id, length: prefix.length };
    }
  }
  return best?.id;
}

/** The prefixes of every remote whose routes are loaded. */
export function loadedPrefixes(states: Readonly<Record<string, RemoteState>>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(states).flatMap(([id, state]) => (state.status === 'ready' ? [[id, state.prefixes]] : [])));
}
