import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { EnvironmentMessages } from 'contracts/auth';
import { getLicenses, LicenseMessages } from 'contracts/licensing';
import { ProjectMessages } from 'contracts/projects-sites';
import { Button, buttonClass, Card, FormField, Input, licenseOptionsKey, PageHeader, Select, SELECT_PLACEHOLDER, Textarea, useForm } from 'kit';
import { errorMessage, Role, useHasRole, useSession, useUnsavedChanges } from 'shared';
import { projectViewRoute } from '../project-view/projectView.routes';
import { licenseEnvironmentsQuery, useCreateProject } from './projectNew.api';
import { createBody, ProjectNewFormSchema, ProjectNewWithLicenseSchema, type ProjectNewValues } from './projectNew.form';
import { licenseProjectsQuery } from './projects.api';
import { projectsRoute } from './projects.routes';

/**
 * A new project (spec 1: /projects/new): Project Name (at least 4 characters), Description,
 * License (super administrators only, chosen from the placeholder 'Select an option...'; anyone
 * else creates in their own licence), Environment
 * and Parent Project of that licence. Save stays disabled while the form is invalid; once
 * added ('Project added'), the project's view opens.
 */
export default function ProjectNewPage() {
  const namesLicense = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const ownLicenseId = useSession((s) => s.licenseId);
  const navigate = useNavigate();
  const create = useCreateProject();
  // A super administrator starts on the placeholder and chooses; anyone else creates in their own licence.
  const initial: ProjectNewValues = {
    name: '',
    description: '',
    licenseId: namesLicense || ownLicenseId === null ? '' : String(ownLicenseId),
    environmentId: '',
    parentProjectId: '',
  };
  const form = useForm({
    schema: namesLicense ? ProjectNewWithLicenseSchema : ProjectNewFormSchema,
    initial,
    failureMessage: ProjectMessages.addFailed,
    onSubmit: async (output) => {
      const project = await create.mutateAsync(createBody(output, namesLicense));
      navigate(projectViewRoute.to({ id: project.projectId }));
    },
  });
  useUnsavedChanges(form.dirty);

  // No licence chosen yet: no environments or parents to offer.
  const licenseId = form.values.licenseId === '' ? (namesLicense ? null : ownLicenseId) : Number(form.values.licenseId);
  const licenses = useQuery({ queryKey: licenseOptionsKey, queryFn: () => getLicenses(), staleTime: 5 * 60_000, enabled: namesLicense });
  const environments = useQuery({ ...licenseEnvironmentsQuery(licenseId ?? 0), enabled: licenseId !== null });
  const parents = useQuery({ ...licenseProjectsQuery(licenseId ?? 0), enabled: licenseId !== null });

  // The environment and the parent belong to the licence: another licence starts them again.
  const chooseLicense = (value: string) => {
    form.setValue('licenseId', value);
    form.setValue('environmentId', '');
    form.setValue('parentProjectId', '');
  };

  return (
    <div className="space-y-4">
      <PageHeader title="New project" back={{ to: projectsRoute.to({}), label: 'Projects' }} />
      <Card>
        <form onSubmit={form.submit} noValidate className="max-w-2xl space-y-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="Project Name" required error={form.error('name')} className="space-y-1 sm:col-span-2">
              <Input {...form.field('name')} maxLength={100} autoComplete="off" />
            </FormField>
            <FormField label="Description" required error={form.error('description')} className="space-y-1 sm:col-span-2">
              <Textarea {...form.field('description')} rows={3} maxLength={1000} />
            </FormField>
            {namesLicense ? (
              <FormField
                label="License"
                required
                error={form.error('licenseId') ?? (licenses.isError ? errorMessage(licenses.error, LicenseMessages.loadFailed) : undefined)}
              >
                <Select
                  {...form.field('licenseId')}
                  placeholder={SELECT_PLACEHOLDER}
                  onChange={(event) => chooseLicense(event.target.value)}
                  options={(licenses.data ?? []).map((license) => ({ value: license.licenseId, label: license.name }))}
                />
              </FormField>
            ) : null}
            <FormField
              label="Environment"
              error={form.error('environmentId') ?? (environments.isError ? errorMessage(environments.error, EnvironmentMessages.fetchFailed) : undefined)}
            >
              <Select
                {...form.field('environmentId')}
                placeholder={SELECT_PLACEHOLDER}
                options={(environments.data ?? []).map((environment) => ({ value: environment.environmentId, label: environment.name }))}
              />
            </FormField>
            <FormField
              label="Parent Project"
              error={form.error('parentProjectId') ?? (parents.isError ? errorMessage(parents.error, ProjectMessages.fetchFailed) : undefined)}
            >
              <Select
                {...form.field('parentProjectId')}
                placeholder="None"
                options={(parents.data ?? []).map((project) => ({
                  value: project.projectId,
                  label: project.isActive ? project.name : `${project.name} (inactive)`,
                }))}
              />
            </FormField>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" loading={form.busy} disabled={!form.isValid}>
              Save
            </Button>
            <Link to={projectsRoute.to({})} className={buttonClass({ variant: 'secondary' })}>
              Cancel
            </Link>
          </div>
        </form>
      </Card>
    </div>
  );
}
