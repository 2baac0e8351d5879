import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useSession } from 'shared';
import { admits, loadedPrefixes, remoteForPath, useRemotes } from '../federation/remotes.store';
import { currentSection, groupNav, groupOf, type CurrentSection, type NavItem, type NavLinkEntry } from './navigation';
import { navTarget } from 'shared/host';

export type { NavLinkEntry } from './navigation';

/** The nav entries the user's roles allow, from every remote's declaration, in their order. */
export function useNavEntries(): NavLinkEntry[] {
  const { userName, licenseId, roles } = useSession();
  const states = useRemotes((s) => s.states);
  return useMemo(
    () =>
      Object.entries(states)
        .flatMap(([remoteId, state]) => (state.status === 'ready' ? state.definition.nav.map((entry) => ({ entry, remoteId })) : []))
        .filter(({ entry }) => admits(entry.roles, roles))
        .sort((a, b) => a.entry.order - b.entry.order)
        // An entry whose pattern the session cannot fill (no licence) is left out.
        .flatMap(({ entry, remoteId }) => {
          const to = navTarget(entry.to, { licenseId, userName });
          return to ? [{ label: entry.label, to, order: entry.order, group: groupOf(entry.group), remoteId }] : [];
        }),
    [states, roles, licenseId, userName],
  );
}

/** The navigation as drawn: the entries grouped, and the section the page is in. */
export function useNavigation(): { items: NavItem[]; current: CurrentSection } {
  const entries = useNavEntries();
  const { pathname } = useLocation();
  const states = useRemotes((s) => s.states);
  const items = useMemo(() => groupNav(entries), [entries]);
  const current = useMemo(() => currentSection(entries, pathname, remoteForPath(loadedPrefixes(states), pathname)), [entries, pathname, states]);
  return { items, current };
}

/** True once remotes.json is read and every remote is loaded or known to be unavailable. */
export function useRemotesSettled(): boolean {
  return useRemotes((s) => s.remotes !== null && Object.values(s.states).every((state) => state.status !== 'loading'));
}
