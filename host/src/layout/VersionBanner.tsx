import { AuthMessages } from 'contracts/auth';
import { Button } from 'kit';
import { KernelMessages } from 'shared';
import { useNewVersion } from '../app/useVersionCheck';

/** 'There is a new version of the product available', with Reload. */
export function VersionBanner() {
  const available = useNewVersion((s) => s.available);
  if (!available) return null;
  return (
    <section aria-label="New version">
      <div role="alert" className="flex items-center justify-center gap-4 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
        <span>{AuthMessages.newVersion}</span>
        <Button size="sm" onClick={() => window.location.reload()}>
          {KernelMessages.reload}
        </Button>
      </div>
    </section>
  );
}
