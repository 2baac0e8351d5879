import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LicenseMessages, type InternalLicenseConfigReply } from 'contracts/licensing';
import { Alert, Button, FormField, Input, Select, SELECT_PLACEHOLDER, Spinner, type SelectOption, useForm } from 'kit';
import * as v from 'valibot';
import { errorMessage, fieldErrors, useUnsavedChanges } from 'shared';
import { configSnapshot, formSnapshot, formStart, internalConfigFormSchema, rowField, type FormValues } from './internalConfig.form';
import { internalConfigQuery, useSaveInternalConfig } from './licenseSettings.api';

/**
 * The internal configuration (spec 1: LicenseInternalConfiguration, #intelliwavesettings; super
 * administrators only): customer code, opportunity id and per-project overrides, each a project
 * of the licence, a type and a value. Saved as a whole.
 */
export function LicenseInternalConfiguration({ licenseId }: { licenseId: number }) {
  const query = useQuery(internalConfigQuery(licenseId));
  if (query.isPending) return <Spinner label="Loading the internal configuration" />;
  if (query.isError) return <Alert variant="danger">{errorMessage(query.error, LicenseMessages.internalConfigLoadFailed)}</Alert>;
  return <InternalConfigForm licenseId={licenseId} reply={query.data} />;
}

/** The form; Save is on once something differs from what is stored and every field is valid. */
export function InternalConfigForm({ licenseId, reply }: { licenseId: number; reply: InternalLicenseConfigReply }) {
  const [start] = useState(() => formStart(reply.config));
  const [rowKeys, setRowKeys] = useState(start.rowKeys);
  const nextKey = useRef(start.rowKeys.length);
  // After Add override the new row's project select takes focus; after a removal, Add override.
  const focusNext = useRef<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const schema = useMemo(() => internalConfigFormSchema(rowKeys), [rowKeys]);
  const save = useSaveInternalConfig(licenseId);
  const form = useForm({
    schema,
    initial: start.values,
    failureMessage: LicenseMessages.internalConfigSaveFailed,
    onSubmit: async (body) => {
      await save.mutateAsync(body);
    },
  });
  // Compared with what is stored now (read again after a save), so a saved form is clean again.
  const dirty = !form.busy && formSnapshot(form.values, rowKeys) !== configSnapshot(reply.config);
  useUnsavedChanges(dirty);

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === 'add') addButton.current?.focus();
    else document.getElementById(target)?.focus();
  });

  const values = form.values as FormValues;
  const known = new Map(reply.projects.map((project) => [String(project.projectId), project.name]));
  const projectOptions: SelectOption[] = [
    ...reply.projects.map((project) => ({ value: String(project.projectId), label: `${project.name} (${project.projectId})` })),
    // An override stored for a project the licence no longer lists stays choosable as it is.
    ...[...new Set(rowKeys.map((key) => values[rowField('project', key)] ?? ''))]
      .filter((id) => id !== '' && !known.has(id))
      .map((id) => ({ value: id, label: `Project ${id}` })),
  ];
  const idOf = (key: string) => `override-${key}-project`;

  const addRow = () => {
    const key = `n${nextKey.current++}`;
    for (const part of ['project', 'type', 'value'] as const) form.setValue(rowField(part, key), '');
    setRowKeys((keys) => [...keys, key]);
    focusNext.current = idOf(key);
  };
  const removeRow = (key: string) => {
    setRowKeys((keys) => keys.filter((k) => k !== key));
    focusNext.current = 'add';
  };
  // A message that belongs to no field (too many overrides for one project) is said above Save.
  const fieldNames = new Set([
    'CustomerCode',
    'OpportunityId',
    ...rowKeys.flatMap((key) => [rowField('project', key), rowField('type', key), rowField('value', key)]),
  ]);
  const parsed = v.safeParse(schema, form.values);
  const otherErrors = parsed.success ? [] : Object.entries(fieldErrors(parsed.issues)).filter(([name]) => !fieldNames.has(name));

  return (
    <form onSubmit={form.submit} noValidate className="max-w-3xl space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Customer code" error={form.error('CustomerCode')}>
          <Input {...form.field('CustomerCode')} maxLength={100} autoComplete="off" />
        </FormField>
        <FormField label="Opportunity id" error={form.error('OpportunityId')}>
          <Input {...form.field('OpportunityId')} maxLength={100} autoComplete="off" />
        </FormField>
      </div>

      <section aria-labelledby="project-overrides-heading" className="space-y-3">
        <div>
          <h2 id="project-overrides-heading" className="text-base font-semibold text-slate-900">
            Project overrides
          </h2>
          <p className="text-sm text-slate-600">A type and a value for one project of the license; a project may have several, each type once.</p>
        </div>
        {rowKeys.length === 0 ? <p className="text-sm text-slate-500">No project overrides.</p> : null}
        {rowKeys.map((key, index) => (
          <fieldset
            key={key}
            className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
          >
            <legend className="px-1 text-xs font-medium text-slate-500">{`Override ${index + 1}`}</legend>
            <FormField label="Project" required error={form.error(rowField('project', key))} id={idOf(key)}>
              <Select {...form.field(rowField('project', key))} className="w-full" placeholder={SELECT_PLACEHOLDER} options={projectOptions} />
            </FormField>
            <FormField label="Type" required error={form.error(rowField('type', key))}>
              <Input {...form.field(rowField('type', key))} maxLength={200} autoComplete="off" />
            </FormField>
            <FormField label="Value" error={form.error(rowField('value', key))}>
              <Input {...form.field(rowField('value', key))} maxLength={2000} autoComplete="off" />
            </FormField>
            <Button variant="secondary" className="sm:mt-6" aria-label={`Remove override ${index + 1}`} onClick={() => removeRow(key)}>
              Remove
            </Button>
          </fieldset>
        ))}
        <Button ref={addButton} variant="secondary" onClick={addRow}>
          Add override
        </Button>
      </section>

      {otherErrors.length > 0 ? (
        <Alert variant="danger">
          {otherErrors.map(([name, message]) => (
            <p key={name}>{message}</p>
          ))}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <Button
          type="submit"
          loading={form.busy}
          disabled={!dirty || !form.isValid}
          aria-describedby={dirty && !form.isValid ? 'internal-config-invalid' : undefined}
        >
          Save
        </Button>
        {dirty && !form.isValid ? (
          <p id="internal-config-invalid" className="text-xs text-slate-600">
            Every override needs a project and a type, each type once per project.
          </p>
        ) : null}
      </div>
    </form>
  );
}
