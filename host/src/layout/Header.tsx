import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { cx } from 'kit';
import { sectionLink, useSession } from 'shared';
import { logOutEverywhere } from '../auth/logout';
import { Logo } from './Logo';
import { useNavEntries, type NavLinkEntry } from './useNavEntries';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cx('rounded-md px-2.5 py-1.5 font-medium whitespace-nowrap transition', isActive ? 'bg-slate-700 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white');

const buttonClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-200 transition hover:bg-slate-800 hover:text-white focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

function Links({ entries }: { entries: NavLinkEntry[] }) {
  return entries.map((entry) => (
    <NavLink key={`${entry.label}-${entry.to}`} to={entry.to} className={linkClass}>
      {entry.label}
    </NavLink>
  ));
}

/** The signed-in user: a link to their own profile, for every signed-in user (spec 1 §1: 'their own account profile using the links across the top'). */
function Me({ userName }: { userName: string | null }) {
  if (!userName) return null;
  return (
    <NavLink to={sectionLink('identity', 'profile')} title="Your profile" className="underline-offset-2 hover:text-white hover:underline">
      {userName}
    </NavLink>
  );
}

/**
 * The header: the remotes' links the user's roles allow, the user, and Log Out. Below 768 px
 * the links, the user and Log Out move into a menu behind one button, so none scrolls away.
 */
export function Header() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const userName = useSession((s) => s.userName);
  const entries = useNavEntries();
  // The menu is open on the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const menuId = useId();
  const logOut = () => void logOutEverywhere(navigate);

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOn(null);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open]);

  return (
    <header className="border-b border-slate-800 bg-slate-900 text-slate-100">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
        <NavLink to="/" className="flex items-center gap-2 font-semibold tracking-tight text-white">
          <Logo className="h-7 w-7" />
          SiteSense Admin
        </NavLink>
        <nav aria-label="Main" className="hidden min-w-0 flex-1 items-center gap-0.5 overflow-x-auto text-sm xl:flex">
          <Links entries={entries} />
        </nav>
        <span className="hidden text-sm text-slate-400 xl:inline" aria-label="Signed in as">
          <Me userName={userName} />
        </span>
        <button type="button" className={cx(buttonClass, 'hidden xl:inline-block')} onClick={logOut}>
          Log Out
        </button>
        <button type="button" className={cx(buttonClass, 'ml-auto xl:hidden')} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
          Menu
        </button>
      </div>
      {open ? (
        <div id={menuId} className="border-t border-slate-800 px-4 pb-3 xl:hidden">
          <nav aria-label="Main" className="flex flex-col gap-1 pt-2 text-sm">
            <Links entries={entries} />
          </nav>
          <div className="mt-2 flex items-center justify-between border-t border-slate-800 pt-2">
            <span className="text-sm text-slate-400" aria-label="Signed in as">
              <Me userName={userName} />
            </span>
            <button type="button" className={buttonClass} onClick={logOut}>
              Log Out
            </button>
          </div>
        </div>
      ) : null}
    </header>
  );
}
