import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LicenseMessages, type License } from 'contracts/licensing';
import { licensingEndpoints } from 'contracts/licensing/model';
import { Alert, Badge, Card, EmptyState, formatDay, PageHeader, PageSpinner, ProgressBar } from 'kit';
import { ApiError, errorMessage, Role, useHasRole, useMayCall } from 'shared';
import { licenseEditRoute } from './licenseEdit.routes';
import { licensesRoute } from './licenses.routes';
import { daysLeft, isExpiring, isUnlimited, usagePercent } from './license.usage';
import { licenseQuery } from './licenses.api';

function Stat({ label, used, max }: { label: string; used: number; max: number }) {
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-700">
        {label}
      </th>
      <td className="py-2 pr-4 tabular-nums">{used}</td>
      <td className="py-2 pr-4 tabular-nums">{isUnlimited(max) ? LicenseMessages.unlimited : max}</td>
      <td className="w-64 py-2">{max > 0 ? <ProgressBar value={usagePercent(used, max)} label={`${label} usage`} /> : <span className="text-slate-500">{LicenseMessages.notApplicable}</span>}</td>
    </tr>
  );
}

function Expiry({ license }: { license: License }) {
  const days = daysLeft(license.expiryDate);
  if (days === null) return <p className="text-sm text-slate-600">This licence does not expire.</p>;
  if (days < 0) return <Alert variant="danger">This licence expired on {formatDay(license.expiryDate)}.</Alert>;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      Expires on {formatDay(license.expiryDate)}
      {isExpiring(days) ? <Badge variant="warning">{days === 1 ? '1 day left' : `${days} days left`}</Badge> : null}
    </p>
  );
}

/** One licence: its details, expiry and the projects and users it allows. */
export default function LicenseViewPage() {
  const id = Number(useParams().id);
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const mayEdit = useMayCall(licensingEndpoints.updateLicense);
  const query = useQuery({ ...licenseQuery(id), enabled: Number.isInteger(id) });
  const missing = !Number.isInteger(id) || (query.error instanceof ApiError && query.error.status === 404);
  if (missing) return <EmptyState title="License not found">It does not exist, or it is not yours to see.</EmptyState>;
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <Alert variant="danger">{errorMessage(query.error, LicenseMessages.loadFailed)}</Alert>;
  const license = query.data;
  return (
    <div className="space-y-4">
      <PageHeader
        title={license.name}
        description={license.company}
        back={allLicenses ? { to: licensesRoute.to({}), label: 'Licenses' } : undefined}
        actions={
          mayEdit ? (
            <Link to={licenseEditRoute.to({ id: license.licenseId })} className="inline-flex items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-brand-700">
              Edit
            </Link>
          ) : undefined
        }
      />
      <Card title="License">
        <dl className="grid grid-cols-1 gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
          <div><dt className="text-slate-500">Id</dt><dd>{license.licenseId}</dd></div>
          <div><dt className="text-slate-500">Type</dt><dd>{license.licenseType}</dd></div>
          <div><dt className="text-slate-500">Owner</dt><dd>{license.ownerName ?? '—'}</dd></div>
          <div><dt className="text-slate-500">Active</dt><dd>{license.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>}</dd></div>
          {license.customerCode ? <div><dt className="text-slate-500">Customer code</dt><dd>{license.customerCode}</dd></div> : null}
        </dl>
        <div className="mt-4">
          <Expiry license={license} />
        </div>
      </Card>
      <Card title="Usage">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs tracking-wide text-slate-500 uppercase">
              <th className="pb-2 font-medium">
                <span className="sr-only">Seats</span>
              </th>
              <th className="pb-2 font-medium">In use</th>
              <th className="pb-2 font-medium">Maximum</th>
              <th className="pb-2 font-medium">Usage (%)</th>
            </tr>
          </thead>
          <tbody>
            <Stat label="Projects" used={license.numProjects} max={license.maxProjects} />
            <Stat label="Users" used={license.numUsers} max={license.maxUsers} />
          </tbody>
        </table>
      </Card>
    </div>
  );
}
