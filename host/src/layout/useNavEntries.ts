import { hasRole, useSession, type NavEntry } from 'shared';
import { useRemotes } from '../federation/remotes.store';

export interface NavLinkEntry {
  label: string;
  to: string;
}

/** The header links the user's roles allow, from every loaded remote, in their order. */
export function useNavEntries(): NavLinkEntry[] {
  const { userName, licenseId, roles } = useSession();
  const states = useRemotes((s) => s.states);
  return Object.values(states)
    .flatMap((state) => (state.status === 'ready' ? state.definition.nav : []))
    .filter((entry: NavEntry) => entry.roles === 'signedIn' || hasRole(roles ?? [], ...entry.roles))
    .sort((a, b) => a.order - b.order)
    .map((entry) => ({ label: entry.label, to: typeof entry.to === 'function' ? entry.to({ licenseId, userName }) : entry.to }));
}

/** True once remotes.json is read and every remote is loaded or known to be unavailable. */
export function useRemotesSettled(): boolean {
  return useRemotes((s) => s.remotes !== null && Object.values(s.states).every((state) => state.status !== 'loading'));
}
