import { useQuery } from '@tanstack/react-query';
import { Alert, errorMessage, LicenceMessages, PageHeader } from 'shared';
import { licencesQuery } from './licences.api';
import { LicencesTable } from './LicencesTable';

/** The licence list (super administrators). */
export default function LicencesPage() {
  const licences = useQuery(licencesQuery());
  return (
    <div className="space-y-4">
      <PageHeader title="Licenses" description="Customer licences: seats, usage and expiry." />
      {licences.isError ? <Alert variant="danger">{errorMessage(licences.error, LicenceMessages.loadFailed)}</Alert> : null}
      <LicencesTable licences={licences.data ?? []} loading={licences.isPending} />
    </div>
  );
}
