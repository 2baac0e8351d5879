import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { LicenseMessages } from 'contracts/licensing';
import { Alert, Button, Card, PageHeader, PageSpinner, useForm } from 'kit';
import { errorMessage, notify, useUnsavedChanges } from 'shared';
import { environmentsQuery, useCreateLicense, useLinkEnvironment } from './licenseEdit.api';
import { LicenseNewFormSchema } from './licenseEdit.form';
import { licenseEditRoute } from './licenseEdit.routes';
import { LicenseFields } from './LicenseFields';
import { licensesRoute } from './licenses.routes';

/** Ours: why Create is off (spec 1 §5: disabled while the form is invalid), said beside it. */
const INCOMPLETE = 'Create is available once every required field (*) is filled in and valid.';

/** Ours: the licence exists, but the environment link (the second step of spec 1 §4) failed. */
const linkFailed = (reason: string) => `The license was created, but linking it to its environment failed: ${reason}`;

/** A new licence (spec 1: License new): created, linked to its environment, then opened in the editor. */
export default function LicenseNewPage() {
  const environments = useQuery(environmentsQuery());
  const navigate = useNavigate();
  const create = useCreateLicense();
  const link = useLinkEnvironment();
  const hintId = useId();
  const form = useForm({
    schema: LicenseNewFormSchema,
    initial: { name: '', company: '', environmentId: '', maxProjects: '', maxUsers: '', isActive: true, expiryDate: '' },
    failureMessage: LicenseMessages.createFailed,
    onSubmit: async (body) => {
      const license = await create.mutateAsync(body);
      try {
        await link.mutateAsync({ licenseId: license.licenseId, environmentId: body.environmentId });
      } catch (error) {
        // The licence is made: its editor opens all the same, with what went wrong said.
        notify.warning(linkFailed(errorMessage(error, LicenseMessages.createFailed)));
      }
      navigate(licenseEditRoute.to({ id: license.licenseId }));
    },
  });
  useUnsavedChanges(form.dirty);

  return (
    <div className="space-y-4">
      <PageHeader title="New license" back={{ to: licensesRoute.to({}), label: 'Licenses' }} />
      <Alert variant="warning">{LicenseMessages.creationWarning}</Alert>
      {environments.isPending ? (
        <PageSpinner />
      ) : environments.isError ? (
        <Alert variant="danger">{errorMessage(environments.error, LicenseMessages.environmentsFailed)}</Alert>
      ) : (
        <Card>
          <form onSubmit={form.submit} noValidate className="max-w-2xl space-y-4">
            <LicenseFields form={form} environments={environments.data} />
            {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
            {/* Spec 1 §5: disabled while the form is invalid, as the editor's Save. */}
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Button type="submit" loading={form.busy} disabled={!form.isValid} aria-describedby={form.isValid ? undefined : hintId}>
                Create
              </Button>
              {form.isValid ? null : (
                <p id={hintId} className="min-w-0 flex-1 basis-64 text-sm text-slate-600">
                  {INCOMPLETE}
                </p>
              )}
            </div>
          </form>
        </Card>
      )}
    </div>
  );
}
