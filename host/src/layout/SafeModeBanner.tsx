import { Link } from 'react-router';
import { useRemotes } from '../federation/remotes.store';
import { writeSafeMode } from '../federation/safe-mode';
import { HEALTH_PATH } from '../health/health.path';

/** Says that safe mode keeps sections off, with the way out. */
export function SafeModeBanner() {
  const safeMode = useRemotes((s) => s.safeMode);
  if (safeMode === null) return null;
  const leave = () => {
    writeSafeMode(null);
    window.location.assign(window.location.pathname);
  };
  return (
    <section aria-label="Safe mode">
      <div role="status" className="flex flex-wrap items-center justify-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
        <span>Safe mode: {safeMode === 'all' ? 'no section is loaded' : `${safeMode.join(', ')} ${safeMode.length === 1 ? 'is' : 'are'} not loaded`}.</span>
        <Link to={HEALTH_PATH} className="font-medium underline">
          Console health
        </Link>
        <button type="button" className="font-medium underline" onClick={leave}>
          Leave safe mode
        </button>
      </div>
    </section>
  );
}
