import type { ReactNode } from 'react';
import { TestBanner } from '../layout/TestBanner';
import { Logo } from '../layout/Logo';

/** The frame of every sign-in page: the product's mark and one card. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-slate-100 via-white to-brand-50">
      <TestBanner />
      <main className="flex flex-1 items-start justify-center px-4 pt-[12vh]">
        <div className="w-full max-w-md">
          <div className="mb-6 flex items-center justify-center gap-3 text-slate-900">
            <Logo className="h-9 w-9" />
            <span className="text-xl font-semibold tracking-tight">SiteSense Admin</span>
          </div>
          <section className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm" aria-labelledby="auth-title">
            <h1 id="auth-title" className="text-lg font-semibold text-slate-900">
              {title}
            </h1>
            {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
            <div className="mt-6">{children}</div>
          </section>
        </div>
      </main>
    </div>
  );
}
