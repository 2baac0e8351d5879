import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PageSpinner, PortalContainerContext, type RemoteRoute } from 'shared';
import { RoleGate } from '../guard/RoleGate';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { SectionUnavailable } from './SectionUnavailable';
import { loadRemoteRoutes, remoteForPath, useRemotes, type RemoteEntry } from './remotes.store';

// React.lazy keeps a failed import for good: a retry (a new attempt) makes a new lazy component.
const screens = new Map<string, LazyExoticComponent<ComponentType>>();
function screenFor(remoteId: string, attempt: number, route: RemoteRoute) {
  const key = `${remoteId}|${attempt}|${route.path}`;
  let screen = screens.get(key);
  if (!screen) {
    screen = lazy(route.lazy);
    screens.set(key, screen);
  }
  return screen;
}

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
function RemoteScope({ id, children }: { id: string; children: ReactNode }) {
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  return (
    <div data-remote={id}>
      <PortalContainerContext.Provider value={portal}>{children}</PortalContainerContext.Provider>
      <div ref={setPortal} />
    </div>
  );
}

function RemoteRoutes({ remote }: { remote: RemoteEntry }) {
  const state = useRemotes((s) => s.states[remote.id]);
  const { pathname } = useLocation();
  const section = remote.id.replace('-', ' & ');
  if (!state || state.status === 'loading') return <PageSpinner label={`Loading the ${section} section`} />;
  if (state.status === 'unavailable') return <SectionUnavailable section={section} detail={state.reason} onRetry={() => void loadRemoteRoutes(remote, true)} />;
  return (
    <RemoteScope id={remote.id}>
      <RemoteErrorBoundary section={section} resetKey={`${state.attempt}|${pathname}`} onRetry={() => void loadRemoteRoutes(remote, true)}>
        <Suspense fallback={<PageSpinner />}>
          <Routes>
            {state.definition.routes.map((route) => {
              const Screen = screenFor(remote.id, state.attempt, route);
              return (
                <Route
                  key={route.path}
                  path={route.path}
                  element={
                    <RoleGate roles={route.handle?.roles}>
                      <Titled title={route.handle?.title}>
                        <Screen />
                      </Titled>
                    </RoleGate>
                  }
                />
              );
            })}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteScope>
  );
}

/** Every path not the host's own: the remote owning it renders it, or Home when none does. */
export function RemoteSwitch() {
  const remotes = useRemotes((s) => s.remotes);
  const { pathname } = useLocation();
  if (!remotes) return <PageSpinner />;
  const remote = remoteForPath(remotes, pathname);
  return remote ? <RemoteRoutes key={remote.id} remote={remote} /> : <Navigate to="/" replace />;
}
