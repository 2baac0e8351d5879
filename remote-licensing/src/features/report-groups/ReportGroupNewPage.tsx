import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { useNavigate } from 'react-router';
import { ReportGroupBodySchema, ReportMessages } from 'contracts/licensing';
import { Alert, Button, Card, FormField, LicenseSelect, PageHeader, Select, SELECT_PLACEHOLDER, type SelectOption, useForm } from 'kit';
import { errorMessage, useUnsavedChanges } from 'shared';
import { licenseProjectsQuery, reportsQuery, roleCatalogueQuery, useCreateReportGroup } from './reportGroups.api';
import { reportGroupsRoute } from './reportGroups.routes';
import { ALL_LICENSES, ALL_PROJECTS } from './ReportGroupsTable';

/** A select's value as the body's id: '' is none (null). */
const idOf = (value: string) => (value === '' ? null : Number(value));

/** The form's values (select values are strings), read by the endpoint's own body schema and its messages. */
const NewReportGroupSchema = v.pipe(
  v.object({ reportId: v.string(), roleId: v.string(), licenseId: v.string(), projectId: v.string() }),
  v.transform((values): v.InferInput<typeof ReportGroupBodySchema> => ({
    reportId: idOf(values.reportId),
    roleId: idOf(values.roleId),
    licenseId: idOf(values.licenseId),
    projectId: idOf(values.projectId),
  })),
  ReportGroupBodySchema,
);

type Values = { reportId: string; roleId: string; licenseId: string; projectId: string };
const INITIAL: Values = { reportId: '', roleId: '', licenseId: '', projectId: '' };

/**
 * A new report group (spec 1: ReportGroupNew — Report, Role, License, Project). The report and
 * the role are required; no licence means every licence, no project every project of the
 * licence; the projects offered are the chosen licence's. Back to the list once saved.
 */
export default function ReportGroupNewPage() {
  const navigate = useNavigate();
  const create = useCreateReportGroup();
  const reports = useQuery(reportsQuery());
  const roles = useQuery(roleCatalogueQuery());
  const form = useForm({
    schema: NewReportGroupSchema,
    initial: INITIAL,
    onSubmit: async (body) => {
      await create.mutateAsync(body);
      navigate(reportGroupsRoute.to({}));
    },
  });
  useUnsavedChanges(form.dirty);
  const licenseId = idOf(form.values.licenseId);
  const projects = useQuery({ ...licenseProjectsQuery(licenseId ?? 0), enabled: licenseId !== null });

  const reportOptions: SelectOption[] = (reports.data ?? []).map((report) => ({
    value: report.reportId,
    label: report.active === false ? `${report.reportName} (inactive)` : report.reportName,
  }));
  const roleOptions: SelectOption[] = (roles.data ?? []).flatMap((group) =>
    group.roles.map((role) => ({ value: role.roleId, label: `${role.friendlyName || role.name} — ${group.name}` })),
  );
  const projectOptions: SelectOption[] = (projects.data ?? []).map((project) => ({ value: project.projectId, label: project.name }));
  const loadFailure = reports.isError
    ? errorMessage(reports.error, ReportMessages.reportsLoadFailed)
    : roles.isError
      ? errorMessage(roles.error, ReportMessages.rolesLoadFailed)
      : projects.isError
        ? errorMessage(projects.error, ReportMessages.projectsLoadFailed)
        : null;

  return (
    <div className="space-y-4">
      <PageHeader
        title="New report group"
        description="The report is given to every holder of the role, in the licence and project chosen (or in all of them)."
        back={{ to: reportGroupsRoute.to({}), label: 'Report groups' }}
      />
      <Card>
        <form onSubmit={form.submit} noValidate className="max-w-lg space-y-4">
          {loadFailure ? <Alert variant="danger">{loadFailure}</Alert> : null}
          <FormField label="Report" required error={form.error('reportId')}>
            <Select {...form.field('reportId')} className="w-full" placeholder={SELECT_PLACEHOLDER} options={reportOptions} disabled={reports.isPending} />
          </FormField>
          <FormField label="Role" required error={form.error('roleId')}>
            <Select {...form.field('roleId')} className="w-full" placeholder={SELECT_PLACEHOLDER} options={roleOptions} disabled={roles.isPending} />
          </FormField>
          <FormField label="License" error={form.error('licenseId')} hint="None: the report group applies in every license.">
            <LicenseSelect
              value={licenseId}
              allLabel={ALL_LICENSES}
              className="w-full"
              onChange={(id) => {
                form.setValue('licenseId', id === null ? '' : String(id));
                // The projects offered are the licence's: a project of another one no longer fits.
                form.setValue('projectId', '');
              }}
            />
          </FormField>
          <FormField label="Project" error={form.error('projectId')} hint={licenseId === null ? 'Choose a license to pick one of its projects.' : undefined}>
            <Select
              {...form.field('projectId')}
              className="w-full"
              placeholder={ALL_PROJECTS}
              options={projectOptions}
              disabled={licenseId === null || projects.isPending}
            />
          </FormField>
          <Button type="submit" loading={form.busy}>
            Add report group
          </Button>
        </form>
      </Card>
    </div>
  );
}
