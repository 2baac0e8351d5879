import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { queryClient } from './queryClient';
import { consoleInfoQuery } from './useConsoleInfo';
import { declarationUrl, useRemotes } from '../federation/remotes.store';

/** Set once a newer host or remote is deployed than the one running in this page. */
export const useNewVersion = create<{ available: boolean }>()(() => ({ available: false }));

const SIGN_IN_PAGES = /^\/(login|password\/recovery|users\/password\/reset)(\/|$)/;

async function remoteIsStale(entry: string, loaded: string): Promise<boolean> {
  const response = await fetch(declarationUrl(entry), { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) return false;
  const deployed = ((await response.json()) as { version?: string }).version;
  return Boolean(deployed && deployed !== loaded);
}

/**
 * After each navigation (not on sign-in pages), compares what runs here with what is
 * deployed: the host's build against environment/1/vuejsVersion, and each declared remote's
 * build against its declaration. A failed check is only logged.
 */
export function useVersionCheck() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (SIGN_IN_PAGES.test(pathname) || useNewVersion.getState().available) return;
    let cancelled = false;
    const { remotes, states } = useRemotes.getState();
    // Refreshes the query the banner and the hand-off toast read: one call, not two.
    const host = queryClient.fetchQuery({ ...consoleInfoQuery, staleTime: 0 }).then((info) => info.vueDeployedVersion !== __BUILD_VERSION__);
    const checks: Promise<boolean>[] = [host];
    for (const remote of remotes ?? []) {
      const state = states[remote.id];
      if (state?.status === 'ready') checks.push(remoteIsStale(remote.entry, state.definition.version));
    }
    Promise.allSettled(checks).then((results) => {
      for (const result of results) if (result.status === 'rejected') console.warn('[console] version check failed', result.reason);
      if (!cancelled && results.some((r) => r.status === 'fulfilled' && r.value)) useNewVersion.setState({ available: true });
    });
    return () => {
      cancelled = true;
    };
  }, [pathname]);
}
