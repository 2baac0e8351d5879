import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Alert, Badge, Card, EmptyState, errorMessage, formatDay, LicenceMessages, PageHeader, PageSpinner, ProgressBar, Role, useHasRole, paths, type License } from 'shared';
import { daysLeft, isExpiring, isUnlimited, usagePercent } from './licence.usage';
import { licencesQuery } from './licences.api';

function Stat({ label, used, max }: { label: string; used: number; max: number }) {
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-700">
        {label}
      </th>
      <td className="py-2 pr-4 tabular-nums">{used}</td>
      <td className="py-2 pr-4 tabular-nums">{isUnlimited(max) ? LicenceMessages.unlimited : max}</td>
      <td className="w-64 py-2">{max > 0 ? <ProgressBar value={usagePercent(used, max)} /> : <span className="text-slate-500">{LicenceMessages.notApplicable}</span>}</td>
    </tr>
  );
}

function Expiry({ licence }: { licence: License }) {
  const days = daysLeft(licence.expiryDate);
  if (days === null) return <p className="text-sm text-slate-600">This licence does not expire.</p>;
  if (days < 0) return <Alert variant="danger">This licence expired on {formatDay(licence.expiryDate)}.</Alert>;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      Expires on {formatDay(licence.expiryDate)}
      {isExpiring(days) ? <Badge variant="warning">{days === 1 ? '1 day left' : `${days} days left`}</Badge> : null}
    </p>
  );
}

/** One licence: its details, expiry and the projects and users it allows. */
export default function LicenceViewPage() {
  const id = Number(useParams().id);
  const allLicences = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const licences = useQuery(licencesQuery());
  if (licences.isPending) return <PageSpinner />;
  if (licences.isError) return <Alert variant="danger">{errorMessage(licences.error, LicenceMessages.loadFailed)}</Alert>;
  const licence = licences.data.find((l) => l.licenseId === id);
  if (!licence) return <EmptyState title="License not found">It does not exist, or it is not yours to see.</EmptyState>;
  return (
    <div className="space-y-4">
      <PageHeader
        title={licence.name}
        description={licence.company}
        back={allLicences ? { to: paths.licensing.licences(), label: 'Licenses' } : undefined}
      />
      <Card title="License">
        <dl className="grid grid-cols-1 gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
          <div><dt className="text-slate-500">Id</dt><dd>{licence.licenseId}</dd></div>
          <div><dt className="text-slate-500">Type</dt><dd>{licence.licenseType}</dd></div>
          <div><dt className="text-slate-500">Owner</dt><dd>{licence.ownerName ?? '—'}</dd></div>
          <div><dt className="text-slate-500">Active</dt><dd>{licence.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>}</dd></div>
          {licence.customerCode ? <div><dt className="text-slate-500">Customer code</dt><dd>{licence.customerCode}</dd></div> : null}
        </dl>
        <div className="mt-4">
          <Expiry licence={licence} />
        </div>
      </Card>
      <Card title="Usage">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs tracking-wide text-slate-500 uppercase">
              <th className="pb-2 font-medium" />
              <th className="pb-2 font-medium">In use</th>
              <th className="pb-2 font-medium">Maximum</th>
              <th className="pb-2 font-medium">Usage (%)</th>
            </tr>
          </thead>
          <tbody>
            <Stat label="Projects" used={licence.numProjects} max={licence.maxProjects} />
            <Stat label="Users" used={licence.numUsers} max={licence.maxUsers} />
          </tbody>
        </table>
      </Card>
    </div>
  );
}
