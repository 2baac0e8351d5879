import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LicenseMessages } from 'contracts/licensing';
import { licensingEndpoints } from 'contracts/licensing/model';
import { Alert, EmptyState, Spinner } from 'kit';
import { errorMessage, useMayCall } from 'shared';
import { licenseEditRoute } from './licenseEdit.routes';
import { licenseIntegrationsQuery } from './licenses.api';

/**
 * The licence's integrations as cards (spec 1: name, image, Setup): the images are served by our
 * own host (/integrations/*.svg). Setup opens the licence editor, where they are chosen, for
 * whoever may change them (super administrators).
 */
export function LicenseIntegrationsTab({ licenseId }: { licenseId: number }) {
  const integrations = useQuery(licenseIntegrationsQuery(licenseId));
  const maySetUp = useMayCall(licensingEndpoints.setLicenseIntegrations);
  const setup = maySetUp ? (
    <Link to={licenseEditRoute.to({ id: licenseId })} className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50">
      Setup
    </Link>
  ) : null;
  if (integrations.isPending) return <div className="flex justify-center py-10"><Spinner /></div>;
  if (integrations.isError) return <Alert variant="danger">{errorMessage(integrations.error, LicenseMessages.integrationsFailed)}</Alert>;
  if (integrations.data.length === 0) return <EmptyState title="No integrations" action={setup}>This license has no integrations.</EmptyState>;
  return (
    <div className="space-y-3">
      {setup ? <div className="flex justify-end">{setup}</div> : null}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Integrations">
        {integrations.data.map((integration) => (
          <li key={integration.integrationId} className="flex gap-3 rounded-md border border-slate-200 bg-white p-3">
            {integration.imgUrl ? <img src={integration.imgUrl} alt="" className="h-10 w-10 shrink-0 object-contain" loading="lazy" /> : null}
            <div className="min-w-0">
              <h2 className="text-sm font-semibold break-words text-slate-900">{integration.integrationName}</h2>
              {integration.description ? <p className="mt-1 text-sm break-words text-slate-600">{integration.description}</p> : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
