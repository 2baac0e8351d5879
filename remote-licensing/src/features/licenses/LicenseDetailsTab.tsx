import { LicenseMessages, type License } from 'contracts/licensing';
import { Alert, Badge, formatDay, ProgressBar, ScrollBox } from 'kit';
import { daysLeft, isExpiring, isUnlimited, usagePercent } from './license.usage';

function Stat({ label, used, max }: { label: string; used: number; max: number }) {
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-700">
        {label}
      </th>
      <td className="py-2 pr-4 tabular-nums">{used}</td>
      <td className="py-2 pr-4 tabular-nums">{isUnlimited(max) ? LicenseMessages.unlimited : max}</td>
      {/* Spec 1: a bar only when the maximum is above 0; the unlimited-usage bar says 'N/A'. */}
      <td className="w-40 py-2 sm:w-64">
        <ProgressBar value={max > 0 ? usagePercent(used, max) : null} label={`${label} usage`} />
      </td>
    </tr>
  );
}

function Expiry({ license }: { license: License }) {
  const days = daysLeft(license.expiryDate);
  if (days === null) return <p className="text-sm text-slate-600">This licence does not expire.</p>;
  if (days < 0) return <Alert variant="danger">This licence expired on {formatDay(license.expiryDate)}.</Alert>;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      Expires on {formatDay(license.expiryDate)}
      {isExpiring(days) ? <Badge variant="warning">{days === 1 ? '1 day left' : `${days} days left`}</Badge> : null}
    </p>
  );
}

/** The licence's details, its expiry, and the projects and users it allows (the stats table). */
export function LicenseDetailsTab({ license }: { license: License }) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="license-details" className="space-y-4">
        <h2 id="license-details" className="sr-only">
          License
        </h2>
        <dl className="grid grid-cols-1 gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Id</dt>
            <dd>{license.licenseId}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Type</dt>
            <dd>{license.licenseType}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Owner</dt>
            <dd>{license.ownerName ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Active</dt>
            <dd>{license.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>}</dd>
          </div>
          {license.customerCode ? (
            <div>
              <dt className="text-slate-500">Customer code</dt>
              <dd>{license.customerCode}</dd>
            </div>
          ) : null}
        </dl>
        <Expiry license={license} />
      </section>
      <section aria-labelledby="license-usage">
        <h2 id="license-usage" className="mb-2 text-sm font-semibold text-slate-900">
          Usage
        </h2>
        {/* On a phone the table scrolls in its own box rather than squeezing its headers together. */}
        <ScrollBox label="Usage">
          <table className="w-full min-w-[22rem] text-sm">
            <thead>
              <tr className="text-left text-xs tracking-wide text-slate-500 uppercase">
                <th className="pr-4 pb-2 font-medium">
                  <span className="sr-only">Seats</span>
                </th>
                <th className="pr-4 pb-2 font-medium whitespace-nowrap">In use</th>
                <th className="pr-4 pb-2 font-medium whitespace-nowrap">Maximum</th>
                <th className="pb-2 font-medium whitespace-nowrap">Usage (%)</th>
              </tr>
            </thead>
            <tbody>
              <Stat label="Projects" used={license.numProjects} max={license.maxProjects} />
              <Stat label="Users" used={license.numUsers} max={license.maxUsers} />
            </tbody>
          </table>
        </ScrollBox>
      </section>
    </div>
  );
}
