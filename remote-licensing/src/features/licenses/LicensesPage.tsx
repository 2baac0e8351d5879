import { useQuery } from '@tanstack/react-query';
import { LicenseMessages } from 'contracts/licensing';
import { licensingEndpoints } from 'contracts/licensing/model';
import { PageHeader } from 'kit';
import { errorMessage, useMayCall } from 'shared';
import { Link } from 'react-router';
import { reportGroupsRoute } from '../report-groups/reportGroups.routes';
import { licenseNewRoute } from './licenseEdit.routes';
import { licensesQuery } from './licenses.api';
import { LicensesTable } from './LicensesTable';

/** The licence list (super administrators). */
export default function LicensesPage() {
  const licenses = useQuery(licensesQuery());
  const mayCreate = useMayCall(licensingEndpoints.createLicense);
  return (
    <div className="space-y-4">
      <PageHeader
        title="Licenses"
        description="Customer licences: seats, usage and expiry."
        actions={
          <>
            {/* The spec's header has no Reports link: report groups (super administrators) are reached from here. */}
            <Link
              to={reportGroupsRoute.to({})}
              className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium
                  whitespace-nowrap text-slate-700 shadow-sm hover:bg-slate-50"
            >
              Report groups
            </Link>
            {mayCreate ? (
              <Link
                to={licenseNewRoute.to({})}
                className="inline-flex items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium whitespace-nowrap text-white
                    shadow-sm hover:bg-brand-700"
              >
                Add License
              </Link>
            ) : null}
          </>
        }
      />
      <LicensesTable
        licenses={licenses.data ?? []}
        loading={licenses.isPending}
        error={licenses.isError ? errorMessage(licenses.error, LicenseMessages.loadFailed) : undefined}
      />
    </div>
  );
}
