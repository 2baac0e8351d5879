import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { cx } from 'kit';
import { sectionLink, useSession } from 'shared';
import { logOutEverywhere } from '../auth/logout';
import { Logo } from './Logo';
import { NavTree } from './NavTree';
import { useNavigation } from './useNavEntries';

const focusRing = 'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

/** The signed-in user: a link to their own profile, for every signed-in user (spec 1 §1: 'their own account profile using the links across the top'). */
function Me({ userName, className }: { userName: string | null; className: string }) {
  if (!userName) return null;
  return (
    <NavLink to={sectionLink('identity', 'profile')} title="Your profile" className={cx('rounded-sm underline-offset-2 hover:underline', focusRing, className)}>
      {userName}
    </NavLink>
  );
}

/**
 * The header: the console's name, the user and Log Out. From 1024 px the sections are in the
 * side navigation (SideNav); below, they move with the user and Log Out into a menu behind
 * one button, in the same groups, so none scrolls away. Escape or following a link closes it.
 */
export function Header() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const userName = useSession((s) => s.userName);
  const { items, current } = useNavigation();
  // The menu is open on the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const logOut = () => void logOutEverywhere(navigate);

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open]);

  return (
    <header className="border-b border-slate-800 bg-slate-900 text-slate-100">
      <div className="flex h-14 items-center gap-4 px-4">
        <NavLink to="/" className={cx('flex items-center gap-2 rounded-md font-semibold tracking-tight text-white', focusRing)}>
          <Logo className="h-7 w-7" />
          SiteSense Admin
        </NavLink>
        <span className="ml-auto hidden text-sm text-slate-300 lg:inline" aria-label="Signed in as">
          <Me userName={userName} className="hover:text-white" />
        </span>
        <button
          type="button"
          className={cx(
            'hidden rounded-md px-3 py-1.5 text-sm font-medium text-slate-200 transition hover:bg-slate-800 hover:text-white lg:inline-block',
            focusRing,
          )}
          onClick={logOut}
        >
          Log Out
        </button>
        <button
          ref={menuButton}
          type="button"
          className={cx(
            'ml-auto rounded-md px-3 py-1.5 text-sm font-medium text-slate-200 transition hover:bg-slate-800 hover:text-white lg:hidden',
            focusRing,
          )}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          Menu
        </button>
      </div>
      {open ? (
        <div id={menuId} className="border-t border-slate-200 bg-white px-4 pb-3 text-slate-900 shadow-md lg:hidden">
          {items.length > 0 ? (
            <nav aria-label="Main" className="pt-3">
              <NavTree items={items} current={current} />
            </nav>
          ) : null}
          <div className="mt-3 flex items-center justify-between border-t border-slate-200 pt-3">
            <span className="text-sm text-slate-600" aria-label="Signed in as">
              <Me userName={userName} className="font-medium text-slate-800" />
            </span>
            <button
              type="button"
              className={cx('rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 transition hover:bg-slate-100', focusRing)}
              onClick={logOut}
            >
              Log Out
            </button>
          </div>
        </div>
      ) : null}
    </header>
  );
}
