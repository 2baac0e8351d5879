import { useConsoleInfo } from '../app/useConsoleInfo';

const LABELS = { development: 'Development', uat: 'UAT' } as const;

/** Shown on every page of a development or UAT console, so nobody mistakes it for production. */
export function TestBanner() {
  const { data } = useConsoleInfo();
  const env = data?.appEnv;
  if (env !== 'development' && env !== 'uat') return null;
  return (
    // A landmark of its own, so every part of the page is in one (axe 'region').
    <section aria-label="Environment">
      <div role="note" className="bg-accent-400 px-4 py-1 text-center text-xs font-semibold tracking-wide text-slate-900 uppercase">
        {LABELS[env]} environment — for testing only
      </div>
    </section>
  );
}
