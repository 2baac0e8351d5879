import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { LicenseMessages, type Integration } from 'contracts/licensing';
import { licensingEndpoints } from 'contracts/licensing/model';
import { Alert, buttonClass, EmptyState, Spinner } from 'kit';
import { errorMessage, useMayCall } from 'shared';
import { integrationAnchor, licenseEditRoute } from './licenseEdit.routes';
import { licenseIntegrationsQuery } from './licenses.api';

/** The first letters of an integration's first two words ('Microsoft Power BI' → 'MP'): what a card shows without an image. */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/** The integration's image (ours: served by this server, `imgUrl`); its initials when it has none or it fails to load. */
function IntegrationImage({ integration }: { integration: Integration }) {
  const [failed, setFailed] = useState(false);
  if (integration.imgUrl && !failed) {
    return (
      <img
        src={integration.imgUrl}
        alt={`${integration.integrationName} logo`}
        className="size-12 shrink-0 rounded-md object-contain"
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-md bg-slate-100 text-sm font-semibold text-slate-600">
      {initialsOf(integration.integrationName)}
    </span>
  );
}

/**
 * The licence's integrations as cards (spec 1: name, image, Setup button): each with its image
 * (served by our own host, /integrations/*.svg; the initials only when it has none), its
 * description, and — for whoever may change them (super administrators) — its own Setup, which
 * opens the licence's edit screen at that integration (spec 1: an edit screen per licence).
 */
export function LicenseIntegrationsTab({ licenseId }: { licenseId: number }) {
  const integrations = useQuery(licenseIntegrationsQuery(licenseId));
  const maySetUp = useMayCall(licensingEndpoints.setLicenseIntegrations);
  const editor = licenseEditRoute.to({ id: licenseId });
  if (integrations.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  if (integrations.isError) return <Alert variant="danger">{errorMessage(integrations.error, LicenseMessages.integrationsFailed)}</Alert>;
  if (integrations.data.length === 0) {
    const chooseSome = maySetUp ? (
      <Link to={editor} className={buttonClass({ variant: 'secondary' })}>
        Setup
      </Link>
    ) : null;
    return (
      <EmptyState title="No integrations" action={chooseSome}>
        This license has no integrations.
      </EmptyState>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Integrations">
      {integrations.data.map((integration) => (
        <li key={integration.integrationId} className="flex flex-col gap-3 rounded-md border border-slate-200 bg-white p-3">
          <div className="flex min-w-0 gap-3">
            <IntegrationImage integration={integration} />
            <div className="min-w-0">
              <h2 className="text-sm font-semibold break-words text-slate-900">{integration.integrationName}</h2>
              {integration.description ? <p className="mt-1 text-sm break-words text-slate-600">{integration.description}</p> : null}
            </div>
          </div>
          {maySetUp ? (
            <div className="mt-auto flex justify-end">
              <Link to={`${editor}#${integrationAnchor(integration.integrationId)}`} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                Setup<span className="sr-only">{` ${integration.integrationName}`}</span>
              </Link>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
