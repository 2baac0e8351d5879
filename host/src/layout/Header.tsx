import { NavLink, useNavigate } from 'react-router-dom';
import { cx, hasRole, useSession, type NavEntry } from 'shared';
import { logOutEverywhere } from '../auth/logout';
import { useRemotes } from '../federation/remotes.store';
import { Logo } from './Logo';

/** The header: the remotes' links the user's roles allow, the user, and Log Out. */
export function Header() {
  const navigate = useNavigate();
  const { userName, licenseId, roles } = useSession();
  const states = useRemotes((s) => s.states);
  const entries: NavEntry[] = Object.values(states)
    .flatMap((state) => (state.status === 'ready' ? state.definition.nav : []))
    .filter((entry) => entry.roles === 'signedIn' || hasRole(roles ?? [], ...entry.roles))
    .sort((a, b) => a.order - b.order);

  return (
    <header className="border-b border-slate-800 bg-slate-900 text-slate-100">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-4">
        <NavLink to="/" className="flex items-center gap-2 font-semibold tracking-tight text-white">
          <Logo className="h-7 w-7" />
          SiteSense Admin
        </NavLink>
        <nav aria-label="Main" className="flex flex-1 items-center gap-1 overflow-x-auto text-sm">
          {entries.map((entry) => {
            const to = typeof entry.to === 'function' ? entry.to({ licenseId, userName }) : entry.to;
            return (
              <NavLink
                key={`${entry.label}-${to}`}
                to={to}
                className={({ isActive }) =>
                  cx('rounded-md px-3 py-1.5 font-medium whitespace-nowrap transition', isActive ? 'bg-slate-700 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white')
                }
              >
                {entry.label}
              </NavLink>
            );
          })}
        </nav>
        <span className="hidden text-sm text-slate-400 sm:inline" aria-label="Signed in as">
          {userName}
        </span>
        <button
          type="button"
          className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-200 transition hover:bg-slate-800 hover:text-white focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          onClick={() => void logOutEverywhere(navigate)}
        >
          Log Out
        </button>
      </div>
    </header>
  );
}
