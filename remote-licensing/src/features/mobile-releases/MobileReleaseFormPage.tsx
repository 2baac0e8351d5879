import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { MobileReleaseBodySchema, MobileReleaseMessages, type MobileRelease } from 'contracts/licensing';
import { Button, Card, Checkbox, EntityGate, FormField, Input, PageHeader, useForm } from 'kit';
import { useUnsavedChanges } from 'shared';
import { releaseQuery, useCreateRelease, useUpdateRelease } from './mobileReleases.api';
import { mobileReleasesRoute, mobileReleaseViewRoute } from './mobileReleases.routes';

/** A new release (/mobile/new) or one to edit (/mobile/:id/edit) (spec 1: mobile release new and edit). */
export default function MobileReleaseFormPage() {
  const raw = useParams().id;
  const id = Number(raw);
  const query = useQuery({ ...releaseQuery(id), enabled: raw !== undefined && Number.isInteger(id) });
  if (raw === undefined) return <ReleaseForm />;
  return (
    <EntityGate query={query} noun="Mobile release" valid={Number.isInteger(id)} failure={MobileReleaseMessages.loadFailed}>
      {(release) => <ReleaseForm release={release} />}
    </EntityGate>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/** The release's fields, validated with the schema the API validates with. */
function ReleaseForm({ release }: { release?: MobileRelease }) {
  const navigate = useNavigate();
  const create = useCreateRelease();
  const update = useUpdateRelease(release?.id ?? 0);
  const form = useForm({
    schema: MobileReleaseBodySchema,
    initial: {
      version: release?.version ?? '',
      couchUrl: release?.couchUrl ?? '',
      releaseDate: release?.releaseDate ?? today(),
      active: release?.active ?? true,
      current: release?.current ?? false,
    },
    onSubmit: async (body) => {
      const saved = release ? await update.mutateAsync(body) : await create.mutateAsync(body);
      navigate(mobileReleaseViewRoute.to({ id: saved.id }));
    },
  });
  useUnsavedChanges(form.dirty);
  const back = release
    ? { to: mobileReleaseViewRoute.to({ id: release.id }), label: `Release ${release.version}` }
    : { to: mobileReleasesRoute.to({}), label: 'Mobile releases' };
  return (
    <div className="space-y-4">
      <PageHeader title={release ? `Edit release ${release.version}` : 'New mobile release'} back={back} />
      <Card>
        <form onSubmit={form.submit} noValidate className="max-w-lg space-y-4">
          <FormField label="Version" required error={form.error('version')}>
            <Input {...form.field('version')} maxLength={50} placeholder="3.15.0" />
          </FormField>
          <FormField label="Couch URL" required error={form.error('couchUrl')}>
            <Input {...form.field('couchUrl')} type="url" inputMode="url" maxLength={500} placeholder="https://sync.example.com/db" />
          </FormField>
          <FormField label="Release date" required error={form.error('releaseDate')}>
            <Input {...form.field('releaseDate')} type="date" className="w-auto" />
          </FormField>
          <div className="flex flex-col gap-2">
            <Checkbox label="Active" checked={form.values.active} onChange={(e) => form.setValue('active', e.target.checked)} />
            <Checkbox label="Current" checked={form.values.current} onChange={(e) => form.setValue('current', e.target.checked)} />
            {form.values.current && !release?.current ? <p className="text-xs text-slate-600">{MobileReleaseMessages.currentNote}</p> : null}
          </div>
          <Button type="submit" loading={form.busy}>
            {release ? 'Save release' : 'Add release'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
