import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { preloadToasts } from 'shared/host';
import { useVersionCheck } from '../app/useVersionCheck';
import { startRemotes, syncUserMap } from '../federation/remotes.store';
import { Header } from './Header';
import { SafeModeBanner } from './SafeModeBanner';
import { SideNav } from './SideNav';
import { TestBanner } from './TestBanner';
import { useFocusAfterNavigation } from './useFocusAfterNavigation';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import { VersionBanner } from './VersionBanner';

/** The page's main region: Skip to content's target. */
const MAIN_ID = 'main';

/** The signed-in frame: banners, header, the side navigation (from 1024 px) and the page. */
export function Shell() {
  // After each signed-in navigation: is a newer host or section deployed (the signed-in frame
  // owns it, so the login page does not carry it).
  useVersionCheck();
  // Where a navigation that lost the focus puts it: Skip to content, the page's first stop.
  const skipLink = useRef<HTMLAnchorElement>(null);
  useFocusAfterNavigation(skipLink);
  // The sections and the toasts' outlet load once signed in (the sign-in pages need neither).
  useEffect(() => {
    void startRemotes();
    // The user's release channels (GET remotes/map), in parallel: they replace remotes.json's addresses.
    void syncUserMap();
    preloadToasts();
  }, []);
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      {/* Shown while it has the keyboard's focus (not after a pointer's click moved the focus here). */}
      <a
        ref={skipLink}
        href={`#${MAIN_ID}`}
        className="sr-only focus-visible:not-sr-only focus-visible:absolute focus-visible:top-2 focus-visible:left-2 focus-visible:z-50
            focus-visible:rounded-md focus-visible:bg-white focus-visible:px-3 focus-visible:py-2 focus-visible:text-sm
            focus-visible:font-medium focus-visible:text-brand-700 focus-visible:shadow"
      >
        Skip to content
      </a>
      <TestBanner />
      <VersionBanner />
      <SafeModeBanner />
      <Header />
      <div className="flex flex-1">
        <SideNav />
        {/* min-w-0: the page shrinks beside the navigation instead of pushing the window wider. */}
        <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-7xl min-w-0 flex-1 px-4 py-6 focus:outline-none">
          <Outlet />
        </main>
      </div>
      <UnsavedChangesGuard />
    </div>
  );
}
