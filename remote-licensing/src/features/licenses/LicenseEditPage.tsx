import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Environment } from 'contracts/auth';
import type { Addon, LicenseAddon } from 'contracts/identity';
import { LicenseFieldLabels, LicenseMessages, type Integration, type License } from 'contracts/licensing';
import { Alert, Button, Card, Checkbox, EntityGate, FormField, Input, PageHeader, PageSpinner, Switch, useForm } from 'kit';
import { errorMessage, useUnsavedChanges } from 'shared';
import {
  addonCatalogueQuery,
  environmentsQuery,
  integrationCatalogueQuery,
  useSetLicenseAddons,
  useSetLicenseIntegrations,
  useUpdateLicense,
} from './licenseEdit.api';
import {
  addonField,
  addonLimitsToSave,
  BASE_ADDON_ID,
  editFormInitial,
  integrationField,
  licenseChanges,
  licenseEditFormSchema,
  type EditOutput,
} from './licenseEdit.form';
import { LicenseFields } from './LicenseFields';
import { licenseAddonsQuery, licenseIntegrationsQuery, licenseQuery } from './licenses.api';
import { integrationAnchor } from './licenseEdit.routes';
import { licenseViewRoute } from './licenses.routes';

/** The licence editor (spec 1: License edit): its fields, each product licence's max users, notification days, integrations. */
export default function LicenseEditPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const license = useQuery({ ...licenseQuery(id), enabled: valid });
  return (
    <EntityGate query={license} noun="License" valid={valid} failure={LicenseMessages.loadFailed}>
      {(found) => <EditorData license={found} />}
    </EntityGate>
  );
}

/** Waits for what the editor starts from: environments, the product licence catalogue and limits, the integrations. */
function EditorData({ license }: { license: License }) {
  const id = license.licenseId;
  const environments = useQuery(environmentsQuery());
  const catalogue = useQuery(addonCatalogueQuery());
  const limits = useQuery(licenseAddonsQuery(id));
  const integrations = useQuery(integrationCatalogueQuery());
  const linked = useQuery(licenseIntegrationsQuery(id));
  const failed = [
    [environments, LicenseMessages.environmentsFailed],
    [catalogue, LicenseMessages.addonsCatalogueFailed],
    [limits, LicenseMessages.addonsCatalogueFailed],
    [integrations, LicenseMessages.integrationsFailed],
    [linked, LicenseMessages.integrationsFailed],
  ] as const;
  const failure = failed.find(([query]) => query.isError);
  if (failure) return <Alert variant="danger">{errorMessage(failure[0].error, failure[1])}</Alert>;
  if (!environments.data || !catalogue.data || !limits.data || !integrations.data || !linked.data) return <PageSpinner />;
  return (
    <LicenseEditor
      license={license}
      environments={environments.data}
      catalogue={catalogue.data}
      limits={limits.data}
      integrations={integrations.data}
      linked={linked.data}
    />
  );
}

/** Ours: why Save is off (spec 1 §5: disabled while the form is invalid), said beside it. */
const INVALID = 'Save is available once every field is valid: see the messages above.';

type Outcome = 'saved' | 'failed' | 'skipped' | 'unchanged';
interface StepReport {
  label: string;
  outcome: Outcome;
  reason?: string;
}

/** Ours: how each step of a save that stopped part-way went. */
function stepText({ label, outcome, reason }: StepReport): string {
  if (outcome === 'saved') return `${label}: saved.`;
  if (outcome === 'unchanged') return `${label}: no changes to save.`;
  if (outcome === 'skipped') return `${label}: not saved (not attempted after the failure above).`;
  return `${label}: not saved. ${reason ?? ''}`.trim();
}

function SaveReport({ steps }: { steps: readonly StepReport[] }) {
  const someSaved = steps.some((step) => step.outcome === 'saved');
  return (
    <Alert variant="danger" title={someSaved ? 'Some changes were saved and some were not.' : 'Nothing was saved.'}>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {steps.map((step) => (
          <li key={step.label}>{stepText(step)}</li>
        ))}
      </ul>
    </Alert>
  );
}

interface EditorProps {
  license: License;
  environments: readonly Environment[];
  catalogue: readonly Addon[];
  limits: readonly LicenseAddon[];
  integrations: readonly Integration[];
  linked: readonly Integration[];
}

function LicenseEditor({ license, environments, catalogue, limits, integrations, linked }: EditorProps) {
  const id = license.licenseId;
  const navigate = useNavigate();
  const client = useQueryClient();
  const setAddons = useSetLicenseAddons(id);
  const update = useUpdateLicense(id);
  const setIntegrations = useSetLicenseIntegrations(id);
  const [report, setReport] = useState<StepReport[] | null>(null);
  const hintId = useId();
  const { hash } = useLocation();
  // Opened from an integration card's Setup (#integration-4): that integration's box, in sight and focused.
  useEffect(() => {
    const box = hash.startsWith('#integration-') ? document.getElementById(hash.slice(1)) : null;
    if (!box) return;
    box.scrollIntoView({ block: 'center' });
    box.focus({ preventScroll: true });
  }, [hash]);

  const addons = useMemo(() => [...catalogue].sort((a, b) => a.addOnId - b.addOnId), [catalogue]);
  const addOnIds = useMemo(() => addons.map((addon) => addon.addOnId), [addons]);
  const integrationIds = useMemo(() => integrations.map((integration) => integration.integrationId), [integrations]);
  const schema = useMemo(() => licenseEditFormSchema(addOnIds, integrationIds), [addOnIds, integrationIds]);
  const [initial] = useState(() => editFormInitial(license, addOnIds, limits, integrationIds, new Set(linked.map((integration) => integration.integrationId))));
  const inUse = new Map(limits.map((addon) => [addon.addOnId, addon.numUsers]));

  const form = useForm({
    schema,
    initial: initial as typeof initial & {
      name: string;
      company: string;
      environmentId: string;
      maxProjects: string;
      maxUsers: string;
      isActive: boolean;
      expiryDate: string;
    },
    failureMessage: LicenseMessages.updateFailed,
    onSubmit: async (output) => {
      const values = output as EditOutput;
      // Against what is stored now: after a save that stopped part-way, the saved steps are not sent again.
      const storedLicense = client.getQueryData(licenseQuery(id).queryKey) ?? license;
      const storedLimits = client.getQueryData(licenseAddonsQuery(id).queryKey) ?? limits;
      const addonBody = addonLimitsToSave(addOnIds, storedLimits, values);
      const changes = licenseChanges(storedLicense, values);
      const integrationBody = integrationIds.filter((integrationId) => values[integrationField(integrationId)] === true);
      // Spec 1 §4: the product licences if changed, then the licence if changed, then the integrations, then the view.
      const steps = [
        { label: 'Product license limits', run: addonBody ? () => setAddons.mutateAsync(addonBody) : null, failure: LicenseMessages.addonsUpdateFailed },
        { label: 'License details', run: Object.keys(changes).length ? () => update.mutateAsync(changes) : null, failure: LicenseMessages.updateFailed },
        { label: 'Integrations', run: () => setIntegrations.mutateAsync(integrationBody), failure: LicenseMessages.integrationsSaveFailed },
      ];
      const done: StepReport[] = [];
      setReport(null);
      for (const [index, step] of steps.entries()) {
        if (!step.run) {
          done.push({ label: step.label, outcome: 'unchanged' });
          continue;
        }
        try {
          await step.run();
          done.push({ label: step.label, outcome: 'saved' });
        } catch (error) {
          done.push({ label: step.label, outcome: 'failed', reason: errorMessage(error, step.failure) });
          for (const later of steps.slice(index + 1)) done.push({ label: later.label, outcome: later.run ? 'skipped' : 'unchanged' });
          setReport(done);
          // The form stays as typed (and guarded): what was not saved is still to save.
          throw error;
        }
      }
      navigate(licenseViewRoute.to({ id }));
    },
  });
  useUnsavedChanges(form.dirty);

  return (
    <div className="space-y-4">
      <PageHeader title={`Edit ${license.name}`} description={license.company} back={{ to: licenseViewRoute.to({ id }), label: license.name }} />
      <form onSubmit={form.submit} noValidate className="space-y-4">
        <Card title="License">
          <div className="max-w-2xl space-y-4">
            <LicenseFields form={form} environments={environments} />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <FormField label={LicenseFieldLabels.licenseType} error={form.error('licenseType')}>
                <Input {...form.field('licenseType')} maxLength={100} />
              </FormField>
              <FormField
                label={LicenseFieldLabels.expiryNotificationDays}
                hint="Days before expiry on which the owner is told."
                error={form.error('expiryNotificationDays')}
              >
                <Input {...form.field('expiryNotificationDays')} placeholder="5, 10, 30" inputMode="numeric" />
              </FormField>
            </div>
          </div>
        </Card>
        <Card title="Product licenses">
          <p className="mb-3 text-slate-600">Max users per product license: -1 (or Unlimited) for no limit, 0 when the license does not offer it.</p>
          <ul className="divide-y divide-slate-100">
            {addons.map((addon) => {
              const name = addonField(addon.addOnId);
              const value = String(form.values[name] ?? '');
              return (
                <li key={addon.addOnId} className="flex flex-wrap items-start gap-x-6 gap-y-2 py-3">
                  <FormField
                    className="w-full space-y-1 sm:w-48"
                    label={
                      <>
                        {addon.name}
                        <span className="sr-only"> max users</span>
                      </>
                    }
                    hint={`${inUse.get(addon.addOnId) ?? 0} in use`}
                    error={form.error(name)}
                  >
                    <Input {...form.field(name)} inputMode="numeric" className="w-32" />
                  </FormField>
                  {addon.addOnId === BASE_ADDON_ID ? null : (
                    <div className="sm:pt-7">
                      <Switch
                        checked={value.trim() === '-1'}
                        onCheckedChange={(on) => form.setValue(name, on ? '-1' : '0')}
                        label={
                          <>
                            <span className="sr-only">{addon.name} </span>Unlimited
                          </>
                        }
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </Card>
        <Card title="Integrations">
          {integrations.length === 0 ? (
            <p className="text-slate-600">No integrations are available.</p>
          ) : (
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {integrations.map((integration) => {
                const name = integrationField(integration.integrationId);
                return (
                  <Checkbox
                    key={name}
                    id={integrationAnchor(integration.integrationId)}
                    name={name}
                    label={integration.integrationName}
                    checked={form.values[name] === true}
                    onChange={(e) => form.setValue(name, e.target.checked)}
                  />
                );
              })}
            </div>
          )}
        </Card>
        {report ? <SaveReport steps={report} /> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={form.busy} disabled={!form.isValid} aria-describedby={form.isValid ? undefined : hintId}>
            Save
          </Button>
          {form.isValid ? null : (
            <p id={hintId} className="min-w-0 flex-1 basis-64 text-sm text-slate-600">
              {INVALID}
            </p>
          )}
        </div>
      </form>
    </div>
  );
}
