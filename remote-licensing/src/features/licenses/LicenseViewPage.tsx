import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { auditSubject } from 'contracts/common';
import { LicenseMessages, type License } from 'contracts/licensing';
import { licensingEndpoints } from 'contracts/licensing/model';
import { buttonClass, Card, EntityGate, HistoryTab, PageHeader, Tabs } from 'kit';
import { Role, useHasRole, useMayCall } from 'shared';
import { licenseSettingsRoute } from '../license-settings/licenseSettings.routes';
import { LicenseAddonsTab } from './LicenseAddonsTab';
import { LicenseDetailsTab } from './LicenseDetailsTab';
import { LicenseDirectoryTab } from './LicenseDirectoryTab';
import { licenseEditRoute } from './licenseEdit.routes';
import { LicenseIntegrationsTab } from './LicenseIntegrationsTab';
import { licensesRoute } from './licenses.routes';
import { LicenseUsersReportTab } from './LicenseUsersReportTab';
import { licenseQuery } from './licenses.api';

/** One licence (/license/:id/view, spec 1: LicenseIdView); another licence's answers 404, shown as not found. */
export default function LicenseViewPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id);
  const query = useQuery({ ...licenseQuery(id), enabled: valid });
  return (
    <EntityGate query={query} noun="License" valid={valid} failure={LicenseMessages.loadFailed}>
      {(license) => <LicenseView license={license} />}
    </EntityGate>
  );
}

/** The licence's tabs; the tab is in the URL's hash. */
function LicenseView({ license }: { license: License }) {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const mayEdit = useMayCall(licensingEndpoints.updateLicense);
  // Spec 1: the licence's settings (configuration, shortcuts) are for either licence role.
  const maySettings = useMayCall(licensingEndpoints.getReportShortcuts);
  // Spec 1: the monthly users report is for super administrators.
  const mayReport = useMayCall(licensingEndpoints.getUsersReport);
  return (
    <div className="space-y-4">
      <PageHeader
        title={license.name}
        description={license.company}
        back={allLicenses ? { to: licensesRoute.to({}), label: 'Licenses' } : undefined}
        actions={
          mayEdit || maySettings ? (
            <>
              {maySettings ? (
                <Link to={licenseSettingsRoute.to({ id: license.licenseId })} className={buttonClass({ variant: 'secondary' })}>
                  Settings
                </Link>
              ) : null}
              {mayEdit ? (
                <Link to={licenseEditRoute.to({ id: license.licenseId })} className={buttonClass()}>
                  Edit
                </Link>
              ) : null}
            </>
          ) : undefined
        }
      />
      <Card>
        <Tabs
          hashSync
          tabs={[
            { id: 'details', label: 'Details', content: <LicenseDetailsTab license={license} /> },
            { id: 'addons', label: 'Product Licenses', content: <LicenseAddonsTab licenseId={license.licenseId} /> },
            {
              id: 'users-report',
              label: 'Users Report',
              content: <LicenseUsersReportTab licenseId={license.licenseId} licenseName={license.name} />,
              hidden: !mayReport,
            },
            { id: 'integrations', label: 'Integrations', content: <LicenseIntegrationsTab licenseId={license.licenseId} /> },
            // Ours (issue 39): connecting a directory through SCIM, for either licence role (licence and super administrators).
            { id: 'directory', label: 'Directory (SCIM)', content: <LicenseDirectoryTab />, hidden: !maySettings },
            // Ours: every change to the licence (the API lets whoever may read the licence read its history).
            { id: 'history', label: 'History', content: <HistoryTab subject={auditSubject('license', license.licenseId)} /> },
          ]}
        />
      </Card>
    </div>
  );
}
