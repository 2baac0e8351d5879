import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { getRemoteMap } from 'contracts/auth';
import { isSignedIn } from 'shared';
import { queryClient } from './queryClient';
import { consoleInfoQuery } from './useConsoleInfo';
import { declarationUrl, useRemotes, type RemoteEntry } from '../federation/remotes.store';

/** Set once a newer host or remote is deployed than the one running in this page; `sections` names the remotes whose version changed. */
export const useNewVersion = create<{ available: boolean; sections: string[] }>()(() => ({ available: false, sections: [] }));

/** How long after a navigation the check starts (then at the browser's next idle moment). */
const AFTER_NAVIGATION_MS = 1000;

const SIGN_IN_PAGES = /^\/(login|password\/recovery|users\/password\/reset)(\/|$)/;

async function remoteIsStale(entry: string, loaded: string): Promise<boolean> {
  const response = await fetch(declarationUrl(entry), { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) return false;
  const deployed = ((await response.json()) as { version?: string }).version;
  return Boolean(deployed && deployed !== loaded);
}

/**
 * The remotes whose address the user's release channel gives changed since this page read it
 * (a promotion, a rollback, a pilot given or ended): their ids.
 */
export async function movedRemotes(
  inUse: readonly RemoteEntry[],
  read: () => Promise<{ remotes: { id: string; entry: string; version: string | null }[] }> = getRemoteMap,
): Promise<string[]> {
  const { remotes } = await read();
  const same = (a: string, b: string) => new URL(a, 'http://x').href === new URL(b, 'http://x').href;
  return inUse
    .filter((remote) => {
      const now = remotes.find((r) => r.id === remote.id);
      if (!now) return false;
      // A remote on a channel moved when the channel gives another address, or none any more (remotes.json's again).
      if (remote.version) return now.version === null ? true : !same(now.entry, remote.entry);
      // A remote on remotes.json's address moved when a channel now gives it a version.
      return now.version !== null && !same(now.entry, remote.entry);
    })
    .map((remote) => remote.id);
}

/**
 * A second after each navigation, at idle (not on sign-in pages), compares what runs here with what is
 * deployed: the host's build against environment/1/vuejsVersion, each declared remote's
 * build against its declaration, and each remote's address against the user's release
 * channels (GET remotes/map). A failed check is only logged.
 */
export function useVersionCheck() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (SIGN_IN_PAGES.test(pathname) || useNewVersion.getState().available) return;
    let cancelled = false;
    // Once the page the user opened has drawn (a second later, at idle): the check never competes
    // with a first screen's code and data for the network or the server (issue 38).
    let idle: number | undefined;
    const timer = setTimeout(() => {
      idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(check, { timeout: 2000 }) : undefined;
      if (idle === undefined) check();
    }, AFTER_NAVIGATION_MS);
    function check() {
      if (cancelled) return;
      const { remotes, states } = useRemotes.getState();
      // Refreshes the query the banner and the hand-off toast read: one call, not two.
      const host = queryClient
        .fetchQuery({ ...consoleInfoQuery, staleTime: 0 })
        .then((info) => (info.vueDeployedVersion !== __BUILD_VERSION__ ? ['host'] : []));
      const checks: Promise<string[]>[] = [host];
      for (const remote of remotes ?? []) {
        const state = states[remote.id];
        if (state?.status === 'ready') checks.push(remoteIsStale(remote.entry, state.definition.version).then((stale) => (stale ? [remote.id] : [])));
      }
      if (remotes?.length && isSignedIn()) checks.push(movedRemotes(remotes));
      Promise.allSettled(checks).then((results) => {
        for (const result of results) if (result.status === 'rejected') console.warn('[console] version check failed', result.reason);
        const changed = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
        if (!cancelled && changed.length) useNewVersion.setState({ available: true, sections: [...new Set(changed.filter((id) => id !== 'host'))] });
      });
    }
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [pathname]);
}
