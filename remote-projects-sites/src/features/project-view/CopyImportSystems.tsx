import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { ImportMessages, projectsSitesEndpoints, type ImportSystem, type Project } from 'contracts/projects-sites';
import { Alert, Badge, Button, Checkbox, Input, Spinner, useForm } from 'kit';
import { errorMessage, useMayCall, useUnsavedChanges } from 'shared';
import { projectImportsQuery, useCopyImportSystems, type ImportCopyResult } from './project.api';

/** A copy's display name (spec 1 §5: 'Please enter a display name for import system.'), bounded like any import system's. */
const copyNameField = v.pipe(v.string(), v.trim(), v.nonEmpty(ImportMessages.copyNameRequired), v.maxLength(100, ImportMessages.nameTooLong));

const nameError = (text: string) => {
  const parsed = v.safeParse(copyNameField, text);
  return parsed.success ? undefined : parsed.issues[0].message;
};

/**
 * The Copy tab's import systems (spec 1 §2): the source project's active import systems; the
 * chosen ones are created in this project, each under the name given (the source's by default).
 * One that fails (a name this project already has) fails alone and is listed as a warning.
 */
export function CopyImportSystems({ source, target }: { source: Project; target: Project }) {
  const mayRead = useMayCall(projectsSitesEndpoints.getProjectImportSystems);
  const mayCreate = useMayCall(projectsSitesEndpoints.createImportSystem);
  const mayCopy = mayRead && mayCreate;
  const imports = useQuery({ ...projectImportsQuery(source.projectId), enabled: mayCopy });
  if (!mayCopy) return <p className="text-slate-600">Copying import systems needs the role that administers import systems.</p>;
  if (imports.isPending) return <Spinner label="Loading import systems" />;
  if (imports.isError) return <Alert variant="danger">{errorMessage(imports.error, ImportMessages.projectImportsFailed)}</Alert>;
  const active = imports.data.filter((system) => system.active);
  if (active.length === 0) return <p className="text-slate-600">{`${source.name} has no active import systems.`}</p>;
  return <CopyImportsForm key={`${source.projectId}:${imports.dataUpdatedAt}`} systems={active} target={target} />;
}

/** One import system's row: whether it is copied, and the copy's name. */
interface CopyRow {
  on: boolean;
  name: string;
}

function CopyImportsForm({ systems, target }: { systems: ImportSystem[]; target: Project }) {
  const id = useId();
  const copy = useCopyImportSystems(target.projectId);
  const [results, setResults] = useState<ReadonlyMap<number, ImportCopyResult>>(new Map());
  // A row per system, in the list's order: a chosen system's copy needs a name.
  const form = useForm<{ rows: CopyRow[] }>({
    initial: { rows: systems.map((system) => ({ on: false, name: system.displayName })) },
    validate: ({ rows }) =>
      Object.fromEntries(rows.flatMap((row, index) => (row.on && nameError(row.name) ? [[`rows.${index}.name`, nameError(row.name)!]] : []))),
    onSubmit: async ({ rows }) => {
      const chosen = systems.filter((_, index) => rows[index]!.on);
      if (chosen.length === 0) return;
      const done = await copy
        .mutateAsync(chosen.map((source) => ({ source, displayName: rows[systems.indexOf(source)]!.name.trim() })))
        // The mutation's toast said why.
        .catch(() => null);
      if (!done) return;
      setResults((current) => new Map([...current, ...done.map((result) => [result.source.configId, result] as const)]));
      // What was copied is done; what failed stays chosen, to rename and copy again.
      const failed = new Set(done.filter((result) => !result.ok).map((result) => result.source.configId));
      form.reset({ rows: systems.map((system, index) => ({ on: failed.has(system.configId), name: rows[index]!.name })) });
    },
  });
  const rows = form.values.rows;
  const chosen = new Set(systems.filter((_, index) => rows[index]!.on).map((system) => system.configId));
  const picked = systems.filter((system) => chosen.has(system.configId));
  useUnsavedChanges(picked.length > 0 && !copy.isPending);

  const failures = [...results.values()].filter((result): result is ImportCopyResult & { ok: false } => !result.ok && chosen.has(result.source.configId));
  return (
    <form onSubmit={form.submit} noValidate className="space-y-3">
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {systems.map((system, index) => {
          const on = rows[index]!.on;
          const result = results.get(system.configId);
          const shownError = on ? (form.error(`rows.${index}.name`) ?? (result && !result.ok ? result.message : undefined)) : undefined;
          const nameId = `${id}-${system.configId}`;
          return (
            <li key={system.configId} className="space-y-2 px-3 py-2.5">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Checkbox label={`Copy ${system.displayName}`} checked={on} onChange={(event) => form.setValue(`rows.${index}.on`, event.target.checked)} />
                {result?.ok ? <Badge variant="success">{`Copied as ${result.displayName}`}</Badge> : null}
              </div>
              <p className="ml-6 text-xs break-all text-slate-500">
                {system.path}
                {system.description ? ` · ${system.description}` : ''}
              </p>
              {on ? (
                <div className="ml-6 max-w-sm space-y-1">
                  <label htmlFor={nameId} className="block text-xs font-medium text-slate-700">
                    {`Name of the copy of ${system.displayName}`}
                  </label>
                  <Input
                    {...form.field(`rows.${index}.name`)}
                    id={nameId}
                    maxLength={100}
                    invalid={shownError !== undefined}
                    aria-describedby={shownError !== undefined ? `${nameId}-error` : undefined}
                  />
                  {shownError !== undefined ? (
                    <p id={`${nameId}-error`} className="text-xs font-medium text-red-600">
                      {shownError}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {failures.length > 0 ? (
        <Alert variant="warning" title="Not copied">
          <ul className="list-disc pl-4">
            {failures.map((failure) => (
              <li key={failure.source.configId}>{`${failure.displayName}: ${failure.message}`}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Button type="submit" loading={form.busy} disabled={picked.length === 0 || (form.submitted && !form.isValid)}>
        Copy import systems
      </Button>
    </form>
  );
}
