import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { startRemotes } from '../federation/remotes.store';
import { Header } from './Header';
import { TestBanner } from './TestBanner';
import { VersionBanner } from './VersionBanner';

/** The signed-in frame: banners, header, and the page. */
export function Shell() {
  useEffect(() => void startRemotes(), []);
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <TestBanner />
      <VersionBanner />
      <Header />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
