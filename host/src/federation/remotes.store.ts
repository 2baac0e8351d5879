/**
 * The remotes: read from remotes.json (served beside the host, so a remote moves without a
 * host rebuild), each one known first by its declaration (kernel 4: remote.json beside its
 * manifest — its routes, navigation and parts as data), which the host reads at sign-in with a
 * time limit: the router, the navigation and the role gate are built from it without running any
 * of the remote's code. The code (its entry and `./routes`, then the screen) is downloaded only
 * when one of its routes is opened or one of its parts is mounted. Before any code runs, the
 * declaration must name a kernel this console serves. A remote that is down, slow, throwing or
 * built for another kernel is 'unavailable' (with the reason) and can be retried; the others are
 * unaffected. Safe mode (safe-mode.ts) keeps chosen remotes from loading at all. The federation
 * runtime (runtime.ts) loads with the first remote's code, not with the sign-in pages; the login
 * form prefetches it and the declarations while the password is typed (prefetchSignedInStart).
 */
import { getRemoteMap, type RemoteMapEntry } from 'contracts/auth';
import { hasRole, isSignedIn, KERNEL_VERSION, useSession, type RemoteDeclaration, type RemoteDefinition, type RouteAccess } from 'shared';
import { kernelIncompatible, prefixesOf, startEarly, versionOf } from 'shared/host';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { create } from 'zustand';
import { queryClient } from '../app/queryClient';
import { isUnavailable } from './offline-remote.plugin';
import { reportLoad, reportLoadFailure } from './reports';
import { screenFor } from './screens';
import type * as Runtime from './runtime';
import { isTurnedOff, readSafeMode, type SafeMode } from './safe-mode';

type RuntimeModule = typeof Runtime;

export interface RemoteEntry {
  id: string;
  /** The federation name (remote_identity). */
  name: string;
  /** URL of the remote's mf-manifest.json; its declaration (remote.json) and entry are beside it. */
  entry: string;
  /** The version the user's release channel gives (GET remotes/map); null or absent: remotes.json's address. */
  version?: string | null;
  /** The user is in this remote's pilot: its pages show a 'Pilot' mark. */
  pilot?: boolean;
}

/** What the host learnt of a remote while loading it (shown on the health page). */
export interface RemoteDetails {
  /** The build version its declaration names. */
  version?: string;
  /** The kernel range it was built for ('^4.0.0'). */
  kernel?: string;
  /** Milliseconds from the start of the load to its declaration. */
  loadMs?: number;
  /** Milliseconds from the start of the load of its code to its routes module. */
  codeMs?: number;
  /** Safe mode kept it from loading. */
  turnedOff?: boolean;
}

/** The reason a section shows while safe mode keeps its remote off. */
export const SAFE_MODE_REASON = 'turned off by safe mode';

/** The remote's code: not asked for yet, loading, loaded (its routes module), or failed with the reason. */
export type CodeState =
  | { status: 'idle'; attempt: number }
  | { status: 'loading'; attempt: number }
  | { status: 'ready'; attempt: number; definition: RemoteDefinition }
  | { status: 'failed'; attempt: number; reason: string };

export type RemoteState =
  | { status: 'loading'; attempt: number }
  /** Declared: the router and the navigation know it; `code` says whether its code is here. */
  | { status: 'ready'; attempt: number; definition: RemoteDeclaration; prefixes: string[]; details: RemoteDetails; code: CodeState }
  | { status: 'unavailable'; attempt: number; reason: string; details: RemoteDetails };

interface RemotesStore {
  /** Null until remotes.json is read. */
  remotes: RemoteEntry[] | null;
  mapError: string | null;
  states: Record<string, RemoteState>;
  /** The safe mode this start runs in (null: every remote loads). */
  safeMode: SafeMode;
  /**
   * The route a sign-in lands on while its opening data is on its way (startLanding): its screen
   * waits (LANDING_WAIT_MS at most) and then draws once, with its rows; the frame around it is
   * drawn meanwhile.
   */
  landing: { remoteId: string; routeId: string } | null;
}

export const useRemotes = create<RemotesStore>()(() => ({ remotes: null, mapError: null, states: {}, safeMode: null, landing: null }));

/** How long a sign-in's landing screen waits at most for its opening data before drawing without it. */
export const LANDING_WAIT_MS = 300;

/** How long a remote may take before it counts as unavailable. */
export const REMOTE_TIMEOUT_MS = 8000;

const setState = (id: string, state: RemoteState) => useRemotes.setState((s) => ({ states: { ...s.states, [id]: state } }));
/** Changes the code state of a declared remote (a remote no longer declared is left alone). */
const setCode = (id: string, code: CodeState) =>
  useRemotes.setState((s) => {
    const state = s.states[id];
    return state?.status === 'ready' ? { states: { ...s.states, [id]: { ...state, code } } } : {};
  });

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

function isDeclaration(value: unknown): value is RemoteDeclaration {
  const d = value as RemoteDeclaration | undefined;
  return Boolean(
    d &&
    typeof d.id === 'string' &&
    typeof d.kernel === 'string' &&
    Array.isArray(d.routes) &&
    Array.isArray(d.nav) &&
    d.federation &&
    typeof d.federation.entry === 'string',
  );
}

/** The declaration beside a remote's manifest: remote.json in the same folder. */
export function declarationUrl(manifestUrl: string, base = globalThis.location?.href): string {
  return new URL('remote.json', new URL(manifestUrl, base)).href;
}

/**
 * The remote's entry script, beside its declaration, with the build version in the query so a
 * redeployed remote is never served from a cache.
 */
export function remoteEntryUrl(manifestUrl: string, declaration: Pick<RemoteDeclaration, 'version' | 'federation'>, base = globalThis.location?.href): string {
  const url = new URL(declaration.federation.entry || 'remoteEntry.js', new URL(manifestUrl, base));
  if (declaration.version) url.searchParams.set('v', declaration.version);
  return url.href;
}

/**
 * Why a remote built for `required` (its declaration's kernel range, ^major.minor.patch)
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

async function readJson(url: string, what: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-cache', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`its ${what} answered ${response.status}`);
  return response.json();
}

let runtimeModule: Promise<RuntimeModule> | null = null;

/**
 * The federation runtime, loaded once, with the first remote's code (or prefetched while the
 * password is typed): a failed download (the network) is tried again by the next caller.
 */
function loadFederation(): Promise<RuntimeModule['federation']> {
  const loading = (runtimeModule ??= import(/* webpackChunkName: "federation-runtime" */ './runtime'));
  loading.catch(() => {
    if (runtimeModule === loading) runtimeModule = null;
  });
  return loading.then((module) => module.federation);
}

/** Reads one remote's declaration; a retry reads it anew. Its code is not loaded here. */
export async function loadRemoteRoutes(remote: RemoteEntry, retry = false): Promise<void> {
  const current = useRemotes.getState().states[remote.id];
  // A declared remote whose code failed: Retry loads the code again.
  if (retry && current?.status === 'ready') {
    await loadRemoteCode(remote, true);
    return;
  }
  const attempt = (current?.attempt ?? 0) + 1;
  setState(remote.id, { status: 'loading', attempt });
  const started = performance.now();
  const details: RemoteDetails = {};
  try {
    const declaration = await withTimeout(
      (async () => {
        const read = await readJson(declarationUrl(remote.entry), 'declaration (remote.json)');
        if (!isDeclaration(read)) throw new Error('its remote.json is not a remote declaration');
        if (read.id !== remote.id) throw new Error(`its remote.json declares '${read.id}'`);
        details.version = read.version;
        details.kernel = read.kernel;
        // The kernel check, before any of the remote's code is fetched.
        const problem = kernelProblem(read.kernel);
        if (problem) throw new Error(problem);
        return read;
      })(),
      REMOTE_TIMEOUT_MS,
    );
    details.loadMs = Math.round(performance.now() - started);
    setState(remote.id, {
      status: 'ready',
      attempt,
      definition: declaration,
      prefixes: prefixesOf(declaration.routes.map((r) => r.path)),
      details,
      code: { status: 'idle', attempt: 0 },
    });
  } catch (error) {
    details.loadMs = Math.round(performance.now() - started);
    const reason = error instanceof Error ? error.message : String(error);
    setState(remote.id, { status: 'unavailable', attempt, reason, details });
    reportLoadFailure(remote.id, remote.version ?? details.version, reason);
  }
}

/** The entry each remote is registered with: registered once, and again (forced) when it changes or after a failure. */
const registeredEntries = new Map<string, string>();

/** Registers a declared remote's entry with the runtime; `force` after a failure, so the runtime fetches it anew. */
async function registered(remote: RemoteEntry, declaration: RemoteDeclaration, force: boolean): Promise<RuntimeModule['federation']> {
  const runtime = await loadFederation();
  const entry = remoteEntryUrl(remote.entry, declaration);
  if (force || registeredEntries.get(remote.id) !== entry) {
    runtime.registerRemotes([{ name: declaration.federation.name || remote.name, entry }], { force: registeredEntries.has(remote.id) });
    registeredEntries.set(remote.id, entry);
  }
  return runtime;
}

const codeLoads = new Map<string, Promise<void>>();

/**
 * Downloads a declared remote's code — its entry and `./routes` module, whose routes load each
 * screen — once, when one of its routes is opened; a retry downloads it anew.
 */
export async function loadRemoteCode(remote: RemoteEntry, retry = false): Promise<void> {
  // The user's map may move this remote to another version: its code waits for the map.
  await mapSync;
  const current = useRemotes.getState().remotes?.find((r) => r.id === remote.id) ?? remote;
  return loadCode(current, retry);
}

function loadCode(remote: RemoteEntry, retry: boolean): Promise<void> {
  const state = useRemotes.getState().states[remote.id];
  if (state?.status !== 'ready') return Promise.resolve();
  if (!retry && (state.code.status === 'ready' || state.code.status === 'loading')) return codeLoads.get(remote.id) ?? Promise.resolve();
  const attempt = state.code.attempt + 1;
  setCode(remote.id, { status: 'loading', attempt });
  const started = performance.now();
  const load = (async () => {
    try {
      const definition = await withTimeout(
        (async () => {
          const runtime = await registered(remote, state.definition, attempt > 1);
          const module = await runtime.loadRemote<{ default: RemoteDefinition }>(`${state.definition.federation.name || remote.name}/routes`);
          if (isUnavailable(module)) throw new Error(module.reason);
          const loaded = (module as { default?: unknown } | null)?.default;
          if (!isDefinition(loaded)) throw new Error('its routes module is not a remote definition');
          if (loaded.id !== remote.id) throw new Error(`its routes module defines '${loaded.id}'`);
          return loaded;
        })(),
        REMOTE_TIMEOUT_MS,
      );
      const codeMs = Math.round(performance.now() - started);
      useRemotes.setState((s) => {
        const now = s.states[remote.id];
        if (now?.status !== 'ready') return {};
        return { states: { ...s.states, [remote.id]: { ...now, details: { ...now.details, codeMs }, code: { status: 'ready', attempt, definition } } } };
      });
      reportLoad(remote.id, remote.version ?? state.definition.version, (state.details.loadMs ?? 0) + codeMs);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      setCode(remote.id, { status: 'failed', attempt, reason });
      reportLoadFailure(remote.id, remote.version ?? state.definition.version, reason);
    }
  })();
  codeLoads.set(remote.id, load);
  return load;
}

function isRemoteEntry(value: unknown): value is RemoteEntry {
  const r = value as RemoteEntry;
  return Boolean(r && typeof r.id === 'string' && typeof r.name === 'string' && typeof r.entry === 'string');
}

let started: Promise<void> | null = null;

/** The user whose map the remotes follow (null: remotes.json's addresses only). */
let mapUser: string | null = null;
/** Settles once the user's map is applied (or failed): a remote's code waits for it. */
let mapSync: Promise<void> = Promise.resolve();

const signedInUser = (): string | null => {
  const session = useSession.getState();
  return isSignedIn(session) ? `${session.userId ?? session.userName}` : null;
};

/** The signed-in user's map (GET remotes/map); null when it cannot be read (remotes.json's addresses stay). */
async function fetchUserMap(): Promise<RemoteMapEntry[] | null> {
  try {
    return (await getRemoteMap()).remotes;
  } catch (error) {
    console.warn('[console] the remote map could not be read; remotes.json is used', error);
    return null;
  }
}

const fromMap = (entry: RemoteMapEntry): RemoteEntry => ({ id: entry.id, name: entry.name, entry: entry.entry, version: entry.version, pilot: entry.pilot });

/**
 * remotes.json's remotes, each replaced by the user's map where a release channel gives it a
 * version (and the map's other channel remotes added). A remote without a channel keeps the
 * address this page read from remotes.json, exactly as before channels.
 */
export function mergeMaps(file: readonly RemoteEntry[], user: readonly RemoteMapEntry[] | null): RemoteEntry[] {
  if (!user) return [...file];
  const channelled = user.filter((entry) => entry.version !== null);
  const merged = file.map((remote) => {
    const mine = channelled.find((entry) => entry.id === remote.id);
    return mine ? fromMap(mine) : remote;
  });
  for (const entry of channelled) if (!merged.some((remote) => remote.id === entry.id)) merged.push(fromMap(entry));
  return merged;
}

/**
 * Once signed in: the user's map (release channels) replaces remotes.json's addresses for this
 * page. When the remotes were read before sign-in (the login form's prefetch), a remote the map
 * moves is declared again from its new address — before any of its code loads, which waits for
 * the map. Called with the session's answer (its map), and by the signed-in shell; a no-op when
 * the start already read this user's map.
 */
export function syncUserMap(given?: readonly RemoteMapEntry[]): Promise<void> {
  const user = signedInUser();
  if (!user || user === mapUser) return mapSync;
  mapUser = user;
  mapSync = (async () => {
    // The session's answer carries the map (issue 38); a session restored from storage asks for it.
    const [map] = await Promise.all([given ? [...given] : fetchUserMap(), startRemotes()]);
    if (!map) return;
    const before = useRemotes.getState().remotes ?? [];
    const after = mergeMaps(before, map);
    useRemotes.setState({ remotes: after });
    const { safeMode } = useRemotes.getState();
    const moved = after.filter((remote) => before.find((b) => b.id === remote.id)?.entry !== remote.entry && !isTurnedOff(safeMode, remote.id));
    // Two versions of one section cannot share a page (their chunks share one global): a section
    // whose code ran while the sign-in was answered, now moved, loads the page again at the landing.
    if (earlyLanding && moved.some((remote) => ranEarly.has(remote.id))) {
      window.location.replace(earlyLanding);
      return;
    }
    await Promise.all(moved.map((remote) => loadRemoteRoutes(remote)));
  })();
  return mapSync;
}

/**
 * Reads remotes.json and every remote's declaration; once. The signed-in shell calls it, and
 * the login form while the password is typed: no remote's code is loaded here.
 */
export function startRemotes(mapUrl = '/remotes.json'): Promise<void> {
  started ??= readMapAndLoad(mapUrl);
  return started;
}

/**
 * What every signed-in start needs, fetched while the password is typed (the login form calls
 * it once, at idle priority): the remotes' declarations and the federation runtime — never a
 * remote's code or screens. A failure is left for the signed-in start to meet again.
 */
export function prefetchSignedInStart(): void {
  void startRemotes();
  loadFederation().catch(() => undefined);
}

async function readMapAndLoad(mapUrl: string): Promise<void> {
  let remotes: RemoteEntry[];
  // Signed in already (a page opened in a session): remotes.json and the user's map at once.
  const user = signedInUser();
  const userMap = user ? fetchUserMap() : Promise.resolve(null);
  if (user) {
    mapUser = user;
    mapSync = userMap.then(() => undefined);
  }
  try {
    const [response, mine] = await Promise.all([fetch(mapUrl, { cache: 'no-store', headers: { accept: 'application/json' } }), userMap]);
    if (!response.ok) throw new Error(`${mapUrl} answered ${response.status}`);
    const map = (await response.json()) as { remotes?: unknown[] };
    remotes = mergeMaps((map.remotes ?? []).filter(isRemoteEntry), mine);
  } catch (error) {
    const mine = await userMap;
    if (mine?.length) {
      remotes = mine.map(fromMap);
    } else {
      useRemotes.setState({ remotes: [], mapError: error instanceof Error ? error.message : String(error) });
      return;
    }
  }
  const safeMode = readSafeMode();
  const on = remotes.filter((remote) => !isTurnedOff(safeMode, remote.id));
  const initial = (remote: RemoteEntry): RemoteState =>
    isTurnedOff(safeMode, remote.id)
      ? { status: 'unavailable', attempt: 0, reason: SAFE_MODE_REASON, details: { turnedOff: true } }
      : { status: 'loading', attempt: 0 };
  useRemotes.setState({ remotes, safeMode, states: Object.fromEntries(remotes.map((r) => [r.id, initial(r)])) });
  await Promise.all(on.map((remote) => loadRemoteRoutes(remote)));
}

/** Whether roles `roles` may open what `access` guards (a route or a nav entry of a declaration). */
export function admits(access: RouteAccess, roles: readonly string[] | null | undefined): boolean {
  return access === 'signedIn' || hasRole(roles ?? [], ...access);
}

/** The declared remote owning `pathname` and the route of its declaration matching it (none for the host's own pages). */
function declaredRoute(pathname: string) {
  const { remotes, states } = useRemotes.getState();
  const id = remoteForPath(loadedPrefixes(states), pathname);
  const remote = remotes?.find((r) => r.id === id);
  const state = id ? states[id] : undefined;
  if (!remote || state?.status !== 'ready') return undefined;
  return { remote, declaration: state.definition, route: state.definition.routes.find((r) => matchPath({ path: r.path, end: true }, pathname)) };
}

const preloaded = new Set<string>();
/** The sections whose code runLandingCode ran before the user's map was known, and the page it was for. */
const ranEarly = new Set<string>();
let earlyLanding: string | undefined;

/**
 * While the sign-in is answered the page has nothing else to do, so the landing section's code
 * and the route's screen module run then, from the address this page read (remotes.json's;
 * their declaration passed the kernel check), rather than after the answer, on the way to the
 * first screen (issue 38). When the user's map moves the section to another version (a release
 * channel's pilot), two versions of one section cannot share a page: the page loads again at
 * the landing (syncUserMap), a cost only a pilot's user pays, once. Nothing is drawn
 * and no call is made here: the role gate still decides.
 */
function runLandingCode(landing: NonNullable<ReturnType<typeof declaredRoute>>, href: string): void {
  const { remote, route } = landing;
  ranEarly.add(remote.id);
  earlyLanding = href;
  void loadCode(remote, false).then(() => runScreen(remote.id, route?.id));
}

/** The code of route `routeId` once its section's code is in (undefined when it is not), with the code's attempt. */
function routeCode(remoteId: string, routeId: string | undefined) {
  const state = useRemotes.getState().states[remoteId];
  if (state?.status !== 'ready' || state.code.status !== 'ready') return undefined;
  const route = state.code.definition.routes.find((r) => r.id === routeId);
  return route ? { route, attempt: state.code.attempt } : undefined;
}

/** Runs the screen module of route `routeId` once its section's code is in (drawn later, the screen draws at once); returns the route's code. */
function runScreen(remoteId: string, routeId: string | undefined) {
  const code = routeCode(remoteId, routeId);
  if (code) void screenFor(remoteId, code.attempt, code.route).preload();
  return code?.route;
}

/**
 * Preloads what opening `pathname` downloads from the remote owning it — its entry and the
 * route's files (its declaration's `assets`) — all at once, while the sign-in is being answered
 * (issue 38): without it each file is asked for only when the one before has run; and runs the
 * section's code meanwhile (runLandingCode). A landing the declarations do not know (the host's
 * own pages) preloads nothing.
 */
export function preloadLanding(href: string): void {
  if (typeof document === 'undefined') return;
  const landing = declaredRoute(new URL(href, window.location.origin).pathname);
  if (!landing) return;
  const entry = remoteEntryUrl(landing.remote.entry, landing.declaration);
  const urls = [entry, ...(landing.route?.assets ?? []).map((file) => new URL(file, entry).href)];
  for (const url of urls) {
    if (preloaded.has(url)) continue;
    preloaded.add(url);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'script');
    link.href = url;
    document.head.appendChild(link);
  }
  runLandingCode(landing, href);
}

/**
 * Starts the screen a sign-in lands on, with the session's answer (issue 38), for a user the
 * route admits: its section's code and its screen's module (their files were preloaded on the
 * click on Login), and the GETs its route declares (`first`) — only for a landing without a
 * query string or a hash, since they are the screen's opening calls; the screen's identical calls take
 * their answers (the API client's early calls). The code waits for the user's map as always.
 * Once the code is in, the route's `prefetch` puts its opening queries in the console's
 * QueryClient, and the screen is held until they have settled (`landing`). Resolves when they
 * have (at once for a landing it starts nothing); never rejects: a failure is the screen's to show.
 */
export function startLanding(landing: string): Promise<void> {
  const url = new URL(landing, 'http://console');
  const found = declaredRoute(url.pathname);
  const session = useSession.getState();
  if (!found?.route || !isSignedIn(session) || !admits(found.route.handle.roles, session.roles)) return Promise.resolve();
  const { remote, route } = found;
  // A query string asks for another list, a hash for another of the screen's tabs (/users#groups).
  const opening = !url.search && !url.hash;
  if (opening) for (const first of route.handle.first ?? []) startEarly(first.path, first.query);
  const landed = loadRemoteCode(remote)
    .then(async () => {
      const code = runScreen(remote.id, route.id);
      if (opening) await code?.prefetch?.(queryClient);
    })
    .catch(() => undefined);
  // A screen with opening calls waits for them (the frame draws meanwhile): it arrives about as
  // soon as the screen would be ready to draw, which then draws once, with its rows, instead of a
  // spinner and a second draw.
  if (opening && route.handle.first?.length) {
    const held = { remoteId: remote.id, routeId: route.id };
    const release = () => {
      if (useRemotes.getState().landing === held) useRemotes.setState({ landing: null });
    };
    useRemotes.setState({ landing: held });
    void landed.then(release);
    setTimeout(release, LANDING_WAIT_MS);
  }
  return landed;
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
  await mapSync;
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
  if (state.status !== 'ready') throw new Error(`remote '${remoteId}' is not declared`);
  if (!state.definition.parts.includes(exposed)) throw new Error(`${remoteId} does not declare the part ${exposed}`);
  const runtime = await registered(remote, state.definition, false);
  const module = await withTimeout(
    runtime.loadRemote<{ default: ComponentType<Record<string, unknown>> }>(
      `${state.definition.federation.name || remote.name}/${exposed.replace(/^\.\//, '')}`,
    ),
    REMOTE_TIMEOUT_MS,
  );
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
