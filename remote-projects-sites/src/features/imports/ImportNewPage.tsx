import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ImportMessages, ProjectMessages } from 'contracts/projects-sites';
import { Button, buttonClass, Card, FormField, Input, PageHeader, Select, SELECT_PLACEHOLDER, Switch, Textarea, useForm } from 'kit';
import { errorMessage, Role, useHasRole, useUnsavedChanges } from 'shared';
import { importProjectsQuery, projectLabel, useCreateImportSystem } from './imports.api';
import { importsRoute } from './imports.routes';
import { createBody, ImportNewFormSchema, type ImportNewValues } from './importForm';
import { PathField } from './PathField';

/**
 * A new import system (spec 1 §2 ImportsNew): Name, Description, Path (a path in use or a new
 * one), Project (preset from `?projectId=`), Active. The spec's messages come from the contract's
 * schema; Save stays disabled while the form is invalid; a name the project already has (or an
 * inactive project) is the server's 409, shown under its field. Once saved ('Import system
 * saved.') the list opens again, on the import system's project (spec 1 §4: saved and navigates back).
 */
export default function ImportNewPage() {
  const withLicense = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const [search] = useSearchParams();
  const asked = search.get('projectId') ?? '';
  const preset = /^\d{1,9}$/.test(asked) ? asked : '';
  const navigate = useNavigate();
  const create = useCreateImportSystem();
  const projects = useQuery(importProjectsQuery());
  const initial: ImportNewValues = { displayName: '', description: '', path: '', projectId: preset, active: true };
  const form = useForm({
    schema: ImportNewFormSchema,
    initial,
    failureMessage: ImportMessages.saveFailed,
    onSubmit: async (output) => {
      await create.mutateAsync({ projectId: output.projectId, body: createBody(output) });
      navigate(`${importsRoute.to({})}?projectId=${output.projectId}`);
    },
  });
  useUnsavedChanges(form.dirty);

  // An inactive project takes no new import system (the API's rule): it is listed, but not offered.
  const options = (projects.data ?? []).map((project) => ({
    value: project.projectId,
    label: projectLabel(project, withLicense),
    disabled: !project.isActive,
  }));
  if (preset !== '' && !options.some((option) => String(option.value) === preset))
    options.unshift({ value: Number(preset), label: `Project ${preset}`, disabled: false });
  // The name's message shows as it is typed, not only once the field is left.
  const name = form.liveField('displayName');

  return (
    <div className="space-y-4">
      <PageHeader title="New import system" back={{ to: importsRoute.to({}), label: 'Imports' }} />
      <Card>
        <form onSubmit={form.submit} noValidate className="max-w-2xl space-y-4">
          <FormField label="Name" required error={form.error('displayName')}>
            <Input {...name} maxLength={100} autoComplete="off" />
          </FormField>
          <FormField label="Description" error={form.error('description')}>
            <Textarea {...form.field('description')} rows={3} maxLength={1000} />
          </FormField>
          <PathField field={form.field('path')} error={form.error('path')} />
          <FormField
            label="Project"
            required
            error={form.error('projectId') ?? (projects.isError ? errorMessage(projects.error, ProjectMessages.fetchFailed) : undefined)}
          >
            <Select {...form.field('projectId')} placeholder={SELECT_PLACEHOLDER} options={options} />
          </FormField>
          <Switch label="Active" checked={form.values.active} onCheckedChange={(on) => form.setValue('active', on)} />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" loading={form.busy} disabled={!form.isValid}>
              Save
            </Button>
            <Link to={importsRoute.to({})} className={buttonClass({ variant: 'secondary' })}>
              Cancel
            </Link>
          </div>
        </form>
      </Card>
    </div>
  );
}
