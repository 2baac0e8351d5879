import { createElement, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useParams, useSearchParams } from 'react-router';
import { RemoteChannelMessages } from 'contracts/auth';
import { Alert, Badge, Button, PageSpinner } from 'kit';
import { PortalContainerContext } from 'shared';
import { fillPattern } from 'shared/host';
import { RoleGate } from '../guard/RoleGate';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { SectionUnavailable } from './SectionUnavailable';
import { loadedPrefixes, loadRemoteCode, loadRemoteRoutes, remoteForPath, useRemotes, type RemoteEntry } from './remotes.store';
import { reportError, reportPageView, routeTemplate } from './reports';
import { screenFor } from './screens';

function Titled({ title, children }: { title?: string; children: React.ReactNode }) {
  useEffect(() => {
    if (title) document.title = `${title} · SiteSense Admin`;
  }, [title]);
  return <>{children}</>;
}

/**
 * A remote's area: its stylesheet is scoped to [data-remote=<id>] (so its utilities never
 * override the host's or another remote's), and its dialogs render inside it.
 */
function RemoteScope({ id, pilot, children }: { id: string; pilot?: boolean; children: ReactNode }) {
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  return (
    <div data-remote={id}>
      {pilot ? <PilotMark /> : null}
      <PortalContainerContext.Provider value={portal}>{children}</PortalContainerContext.Provider>
      <div ref={setPortal} />
    </div>
  );
}

const sectionName = (id: string) => id.replace('-', ' & ');

/** Release channels: this user runs the section's pilot version. */
function PilotMark() {
  return (
    <div className="mb-2 flex justify-end">
      <Badge variant="info" title="You are among the first to get this section's new version.">
        {RemoteChannelMessages.pilotMark}
      </Badge>
    </div>
  );
}

/**
 * One declared route's screen: the remote's code is downloaded when the first of its routes is
 * drawn (after the role gate let the user in), then the screen's own module.
 */
function RemoteScreen({ remote, routeId }: { remote: RemoteEntry; routeId: string }) {
  const code = useRemotes((s) => {
    const state = s.states[remote.id];
    return state?.status === 'ready' ? state.code : undefined;
  });
  // A sign-in landing here: the screen waits for its opening data (remotes.store, startLanding).
  const held = useRemotes((s) => s.landing?.remoteId === remote.id && s.landing.routeId === routeId);
  useEffect(() => {
    if (code?.status === 'idle') void loadRemoteCode(remote);
  }, [code?.status, remote]);
  const section = sectionName(remote.id);
  if (code?.status === 'failed') return <SectionUnavailable section={section} detail={code.reason} onRetry={() => void loadRemoteCode(remote, true)} />;
  if (code?.status !== 'ready' || held) return <PageSpinner label={`Loading the ${section} section`} />;
  const route = code.definition.routes.find((r) => r.id === routeId);
  if (!route)
    return (
      <SectionUnavailable
        section={section}
        detail={`its code has no route '${routeId}' that its declaration names`}
        onRetry={() => void loadRemoteCode(remote, true)}
      />
    );
  // One component per route and attempt, kept in `screens`: the same across renders.
  return createElement(screenFor(remote.id, code.attempt, route));
}

function RemoteRoutes({ remote }: { remote: RemoteEntry }) {
  const state = useRemotes((s) => s.states[remote.id]);
  const { pathname } = useLocation();
  const section = sectionName(remote.id);
  const version = remote.version ?? (state?.status === 'ready' ? state.definition.version : undefined);
  const patterns = state?.status === 'ready' ? state.definition.routes.map((r) => r.path) : [];
  // Console health counts the section's page views per version (errors per 1,000 views).
  useEffect(() => {
    if (state?.status === 'ready') reportPageView(remote.id, version);
  }, [pathname, remote.id, version, state?.status]);
  if (!state || state.status === 'loading') return <PageSpinner label={`Loading the ${section} section`} />;
  if (state.status === 'unavailable') return <SectionUnavailable section={section} detail={state.reason} onRetry={() => void loadRemoteRoutes(remote, true)} />;
  // The routes, role gates and titles come from the declaration: a user the gate turns away
  // never downloads the section's code.
  return (
    <RemoteScope id={remote.id} pilot={remote.pilot}>
      <RemoteErrorBoundary
        section={section}
        resetKey={`${state.attempt}|${state.code.attempt}|${pathname}`}
        onRetry={() => void loadRemoteCode(remote, true)}
        onError={(error) => reportError(remote.id, version, routeTemplate(patterns, pathname), error)}
      >
        <Suspense fallback={<PageSpinner />}>
          <Routes>
            {state.definition.routes.map((route) => (
              <Route
                key={route.path}
                path={route.path}
                element={
                  <RoleGate roles={route.handle.roles}>
                    <Titled title={route.handle.title}>
                      <RemoteScreen remote={remote} routeId={route.id} />
                    </Titled>
                  </RoleGate>
                }
              />
            ))}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteScope>
  );
}

/**
 * Until every remote has settled, a path no loaded remote owns may belong to one still
 * loading (spinner) or to one that failed (its fallback, with Retry): the paths a remote
 * owns are known only from its own routes.
 */
function Unclaimed({ remotes }: { remotes: readonly RemoteEntry[] }) {
  const states = useRemotes((s) => s.states);
  if (remotes.some((r) => states[r.id]?.status !== 'ready' && states[r.id]?.status !== 'unavailable'))
    return <PageSpinner label="Loading the console's sections" />;
  const down = remotes.filter((r) => states[r.id]?.status === 'unavailable');
  if (down.length === 0) return <Navigate to="/" replace />;
  const off = down.filter((r) => {
    const state = states[r.id];
    return state?.status === 'unavailable' && state.details.turnedOff;
  });
  if (off.length === down.length) {
    return (
      <div className="mx-auto max-w-2xl py-12">
        <h1 className="mb-4 text-2xl font-semibold tracking-tight text-slate-900 capitalize">{off.map((r) => sectionName(r.id)).join(', ')}</h1>
        <Alert variant="info" action={<Button onClick={() => off.forEach((r) => void loadRemoteRoutes(r, true))}>Load it now</Button>}>
          This page belongs to a section that safe mode keeps off ({off.map((r) => r.id).join(', ')}).
        </Alert>
      </div>
    );
  }
  const reasons = down.map((r) => {
    const state = states[r.id];
    return `${sectionName(r.id)}: ${state?.status === 'unavailable' ? state.reason : ''}`;
  });
  return (
    <SectionUnavailable
      section={down.map((r) => sectionName(r.id)).join(', ')}
      detail={reasons.join('; ')}
      onRetry={() => down.forEach((r) => void loadRemoteRoutes(r, true))}
    />
  );
}

/** Every path not the host's own: the remote owning it renders it, or Home when none does. */
export function RemoteSwitch() {
  const remotes = useRemotes((s) => s.remotes);
  const states = useRemotes((s) => s.states);
  const { pathname } = useLocation();
  if (!remotes) return <PageSpinner />;
  const id = remoteForPath(loadedPrefixes(states), pathname);
  const remote = remotes.find((r) => r.id === id);
  return remote ? <RemoteRoutes key={remote.id} remote={remote} /> : <Unclaimed remotes={remotes} />;
}

/**
 * /to/<remote>/<route>?params#hash: a link into another section by route id (kernel sectionLink),
 * resolved here from that remote's own routes once they are loaded; the hash (a tab) is kept.
 */
export function SectionLinkRedirect() {
  const { remoteId = '', routeId = '' } = useParams();
  const [search] = useSearchParams();
  // The hash goes along: it names a view's tab (sectionLink(…) + '#workflows').
  const { hash } = useLocation();
  const remotes = useRemotes((s) => s.remotes);
  const state = useRemotes((s) => s.states[remoteId]);
  const remote = remotes?.find((r) => r.id === remoteId);
  if (!remotes || (remote && (!state || state.status === 'loading'))) return <PageSpinner />;
  if (!remote || !state || state.status === 'loading') return <Navigate to="/" replace />;
  if (state.status === 'unavailable')
    return <SectionUnavailable section={sectionName(remote.id)} detail={state.reason} onRetry={() => void loadRemoteRoutes(remote, true)} />;
  const route = state.definition.routes.find((r) => r.id === routeId);
  let href = '/';
  try {
    if (route) href = fillPattern(route.path, Object.fromEntries(search));
  } catch {
    href = '/';
  }
  return <Navigate to={href === '/' ? href : `${href}${hash}`} replace />;
}
