import { AuthMessages, RemoteChannelMessages } from 'contracts/auth';
import { Button } from 'kit';
import { KernelMessages } from 'shared';
import { useNewVersion } from '../app/useVersionCheck';

/** 'There is a new version of the product available', with Reload; the sections whose version changed beside it. */
export function VersionBanner() {
  const { available, sections } = useNewVersion();
  if (!available) return null;
  return (
    <section aria-label="New version">
      <div
        role="alert"
        className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
      >
        <span>{AuthMessages.newVersion}</span>
        {sections.length ? <span className="font-medium">{RemoteChannelMessages.sectionChanged(sections.map((id) => id.replace('-', ' & ')))}</span> : null}
        <Button size="sm" onClick={() => window.location.reload()}>
          {KernelMessages.reload}
        </Button>
      </div>
    </section>
  );
}
