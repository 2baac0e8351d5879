import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ImportMessages, projectsSitesEndpoints, type ImportSystem } from 'contracts/projects-sites';
import { Badge, Button, FormField, Input, Spinner, Switch, Textarea, useForm } from 'kit';
import { useMayCall, useUnsavedChanges } from 'shared';
import { importQuery, useUpdateImportSystem } from './imports.api';
import { editValues, ImportEditFormSchema } from './importForm';
import { PathField } from './PathField';

/**
 * The import system's Details tab: its fields, edited in place by whoever may save them (Save
 * and Cancel), read-only for anyone else. The form is keyed on the query's update time, so after
 * a save it starts again from what the server saved, and waits while a mount's first refetch runs.
 */
export function ImportDetailsTab({ configId }: { configId: number }) {
  const query = useQuery(importQuery(configId));
  const mayEdit = useMayCall(projectsSitesEndpoints.updateImportSystem);
  // Cancel starts the form again from the saved values.
  const [round, setRound] = useState(0);
  if (!query.data || (query.isFetching && !query.isFetchedAfterMount)) return <Spinner label="Loading import system" />;
  if (!mayEdit) return <ImportFacts system={query.data} />;
  return <ImportDetailsForm key={`${query.dataUpdatedAt}-${round}`} system={query.data} onCancel={() => setRound((n) => n + 1)} />;
}

const yesNo = (on: boolean, yes: string, no: string) => (on ? <Badge variant="success">{yes}</Badge> : <Badge variant="neutral">{no}</Badge>);

/** The fields, read-only. */
function ImportFacts({ system }: { system: ImportSystem }) {
  return (
    <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-slate-500">Name</dt>
        <dd className="font-medium">{system.displayName}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Project Id</dt>
        <dd>{system.projectId}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-slate-500">Path</dt>
        <dd className="font-mono text-xs break-all">{system.path}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-slate-500">Description</dt>
        <dd>{system.description || '—'}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Is Internal</dt>
        <dd>{yesNo(system.isInternal, 'Internal', 'No')}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Active</dt>
        <dd>{yesNo(system.active, 'Active', 'Inactive')}</dd>
      </div>
    </dl>
  );
}

/** The fields as a form: the spec's messages from the contract's schema; a taken name is the server's 409 under Name. */
function ImportDetailsForm({ system, onCancel }: { system: ImportSystem; onCancel: () => void }) {
  const update = useUpdateImportSystem(system.configId);
  const form = useForm({
    schema: ImportEditFormSchema,
    initial: editValues(system),
    failureMessage: ImportMessages.saveFailed,
    onSubmit: async (output) => {
      await update.mutateAsync({ ...output, projectId: system.projectId });
    },
  });
  useUnsavedChanges(form.dirty);
  // The name's message shows as it is typed, not only once the field is left.
  const name = form.liveField('displayName');
  return (
    <form onSubmit={form.submit} noValidate className="max-w-2xl space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_10rem]">
        <FormField label="Name" required error={form.error('displayName')}>
          <Input {...name} maxLength={100} autoComplete="off" />
        </FormField>
        <FormField label="Project Id" hint="An import system stays in its project.">
          <Input value={system.projectId} readOnly />
        </FormField>
      </div>
      <PathField field={form.field('path')} error={form.error('path')} />
      <FormField label="Description" error={form.error('description')}>
        <Textarea {...form.field('description')} rows={3} maxLength={1000} />
      </FormField>
      <div className="flex flex-col gap-3">
        <Switch label="Is Internal" checked={form.values.isInternal} onCheckedChange={(on) => form.setValue('isInternal', on)} />
        <Switch label="Active" checked={form.values.active} onCheckedChange={(on) => form.setValue('active', on)} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" loading={form.busy} disabled={!form.isValid || !form.dirty}>
          Save
        </Button>
        <Button variant="secondary" disabled={!form.dirty || form.busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
