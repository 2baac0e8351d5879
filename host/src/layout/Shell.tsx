import { Outlet } from 'react-router-dom';
import { Header } from './Header';
import { TestBanner } from './TestBanner';
import { VersionBanner } from './VersionBanner';

/** The signed-in frame: banners, header, and the page. */
export function Shell() {
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
