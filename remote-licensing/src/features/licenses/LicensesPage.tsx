import { useQuery } from '@tanstack/react-query';
import { LicenseMessages } from 'contracts/licensing';
import { PageHeader } from 'kit';
import { errorMessage } from 'shared';
import { licensesQuery } from './licenses.api';
import { LicensesTable } from './LicensesTable';

/** The licence list (super administrators). */
export default function LicensesPage() {
  const licenses = useQuery(licensesQuery());
  return (
    <div className="space-y-4">
      <PageHeader title="Licenses" description="Customer licences: seats, usage and expiry." />
      <LicensesTable
        licenses={licenses.data ?? []}
        loading={licenses.isPending}
        error={licenses.isError ? errorMessage(licenses.error, LicenseMessages.loadFailed) : undefined}
      />
    </div>
  );
}
