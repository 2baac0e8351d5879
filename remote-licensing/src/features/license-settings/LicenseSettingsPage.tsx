import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LicenseMessages, type ConfigOwner, type License } from 'contracts/licensing';
import { licensingEndpoints } from 'contracts/licensing/model';
import { Card, EntityGate, PageHeader, RemoteMount, Tabs } from 'kit';
import { useMayCall } from 'shared';
import { licenseQuery } from '../licenses/licenses.api';
import { licenseViewRoute } from '../licenses/licenses.routes';
import { LicenseInternalConfiguration } from './LicenseInternalConfiguration';
import { ReportShortcuts } from './ReportShortcuts';
import { LicenseSecondFactor } from './LicenseSecondFactor';

/**
 * A licence's settings (/license/:id/settings, spec 1: License settings); another licence's
 * answers 404, shown as not found, as the licence view does.
 */
export default function LicenseSettingsPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...licenseQuery(id), enabled: valid });
  return (
    <EntityGate query={query} noun="License" valid={valid} failure={LicenseMessages.loadFailed}>
      {(license) => <LicenseSettings license={license} />}
    </EntityGate>
  );
}

/**
 * The tabs, in the URL's hash as the spec names them: #configuration (the licence's configs and
 * resource properties, whose editors remote-projects-sites owns and this screen mounts),
 * #shortcuts and, for super administrators, #intelliwavesettings. An unknown hash (or the
 * internal tab's, for a licence administrator) opens #configuration.
 */
function LicenseSettings({ license }: { license: License }) {
  const licenseId = license.licenseId;
  // Spec 1 §6: a super administrator sees the internal settings tab (the call is theirs only).
  const mayInternal = useMayCall(licensingEndpoints.getInternalLicenseConfig);
  const owner: ConfigOwner = { kind: 'license', licenseId };
  return (
    <div className="space-y-4">
      <PageHeader title={license.name} description="License settings" back={{ to: licenseViewRoute.to({ id: licenseId }), label: 'License' }} />
      <Card>
        <Tabs
          hashSync
          tabs={[
            {
              id: 'configuration',
              label: 'Configuration',
              content: (
                <div className="space-y-8">
                  {/* LicenseConfigs: each section fails alone (the mount shows why, with Retry). */}
                  <section aria-labelledby="license-configuration-heading" className="space-y-3">
                    <h2 id="license-configuration-heading" className="text-base font-semibold text-slate-900">
                      License configuration
                    </h2>
                    <RemoteMount remote="projects-sites" exposed="./ConfigsPanel" label="the license configuration" props={{ owner }} />
                  </section>
                  {/* ConfigsResource */}
                  <section aria-labelledby="resource-properties-heading" className="space-y-3">
                    <h2 id="resource-properties-heading" className="text-base font-semibold text-slate-900">
                      Resource properties
                    </h2>
                    <RemoteMount remote="projects-sites" exposed="./ResourcePropertiesPanel" label="the resource properties" props={{ owner }} />
                  </section>
                  {/* The resource-type-to-workflow mapping and its usage statistics, owned by remote-workflows. */}
                  <section aria-labelledby="resource-workflows-heading" className="space-y-3">
                    <h2 id="resource-workflows-heading" className="text-base font-semibold text-slate-900">
                      Resource type workflows
                    </h2>
                    <RemoteMount remote="workflows" exposed="./LicenseResourceWorkflows" label="the resource type workflows" props={{ licenseId }} />
                  </section>
                </div>
              ),
            },
            { id: 'shortcuts', label: 'Report Shortcuts', content: <ReportShortcuts licenseId={licenseId} /> },
            { id: 'security', label: 'Sign-in security', content: <LicenseSecondFactor licenseId={licenseId} /> },
            {
              id: 'intelliwavesettings',
              label: 'Internal configuration',
              hidden: !mayInternal,
              content: <LicenseInternalConfiguration licenseId={licenseId} />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
