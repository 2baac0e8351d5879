import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { NumberingMessages, projectsSitesEndpoints, type DocumentNumbering } from 'contracts/projects-sites';
import { Alert, dataKey, Button, EmptyState, Input, Spinner, useForm } from 'kit';
import { errorMessage, useMayCall, useUnsavedChanges } from 'shared';
import { NumberingConflictDialog } from './NumberingConflictDialog';
import { baseAfterSave, baseOf, draftOf, nextNumberError, numberingChanges, numberingConflicts, type NumberingConflict } from './numbering';
import { isRefreshingOnMount, numberingQuery, useUpdateNumbering } from './project.api';

/**
 * The Document Numbering tab (spec 1 §2): Document Type, Prefix and Next Number per document
 * type. Whoever may update numbering edits the next numbers; only changed rows are sent, and a
 * row changed elsewhere since it was read opens the conflict dialog. Read-only otherwise.
 */
export function DocumentNumberingTab({ projectId }: { projectId: number }) {
  const numbering = useQuery(numberingQuery(projectId));
  const editable = useMayCall(projectsSitesEndpoints.updateDocumentNumbering);
  if (numbering.isPending || isRefreshingOnMount(numbering)) return <Spinner label="Loading document numbering" />;
  if (numbering.isError) return <Alert variant="danger">{errorMessage(numbering.error, NumberingMessages.fetchFailed)}</Alert>;
  if (numbering.data.length === 0) return <EmptyState title="No document numbering">This project numbers no document types yet.</EmptyState>;
  return (
    // Keyed on the fetch: after a reload the editor starts again from what the server holds.
    <NumberingEditor
      key={dataKey(numbering.data)}
      projectId={projectId}
      rows={numbering.data}
      editable={editable}
      onRefresh={async () => void (await numbering.refetch())}
    />
  );
}

interface EditorProps {
  projectId: number;
  rows: DocumentNumbering[];
  editable: boolean;
  onRefresh(): Promise<void>;
}

function NumberingEditor({ projectId, rows, editable, onRefresh }: EditorProps) {
  const id = useId();
  const [base, setBase] = useState(() => baseOf(rows));
  const [conflicts, setConflicts] = useState<NumberingConflict[]>([]);
  const [asking, setAsking] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const save = useUpdateNumbering(projectId);
  // The next numbers by document type; a number's message shows as it is typed (liveField).
  const form = useForm<Record<string, string>>({
    initial: draftOf(rows),
    validate: (draft) =>
      Object.fromEntries(Object.entries(draft).flatMap(([property, text]) => (nextNumberError(text) ? [[property, nextNumberError(text)!]] : []))),
    onSubmit: async (draft) => {
      const sent = numberingChanges(rows, base, draft);
      if (sent.length === 0) return;
      // The mutation's toast says why a save failed.
      const results = await save.mutateAsync(sent).catch(() => null);
      if (!results) return;
      const failed = numberingConflicts(results, rows, sent);
      if (failed.length === 0) return; // the numbers are read again: the editor starts over
      setBase((current) => baseAfterSave(current, results));
      setConflicts(failed);
      setAsking(true);
    },
  });
  const draft = form.values;

  const changes = numberingChanges(rows, base, draft);
  const dirty = rows.some((row) => draft[row.property] !== String(base[row.property]));
  useUnsavedChanges(editable && dirty && !save.isPending);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await onRefresh();
    } finally {
      setRefreshing(false);
    }
  };

  const changedElsewhere = new Map(conflicts.map((conflict) => [conflict.resourceType, conflict.actualNextNumber]));
  return (
    <form onSubmit={form.submit} noValidate className="space-y-4">
      <div className="overflow-x-auto">
        <table className="w-full max-w-3xl min-w-[18rem] text-left text-sm">
          <caption className="sr-only">Document numbering</caption>
          <thead className="border-b border-slate-200 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Document Type
              </th>
              <th scope="col" className="py-2 pr-3">
                Prefix
              </th>
              <th scope="col" className="py-2">
                Next Number
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => {
              const error = editable ? form.error(row.property) : undefined;
              const elsewhere = changedElsewhere.get(row.property);
              const noteId = `${id}-${row.property}-note`;
              return (
                <tr key={row.property}>
                  <th scope="row" className="py-2 pr-3 align-top font-medium text-slate-900">
                    <span className="inline-block pt-2">{row.label}</span>
                  </th>
                  <td className="py-2 pr-3 align-top text-slate-600">
                    <span className="inline-block pt-2">{row.prefix || '—'}</span>
                  </td>
                  <td className="py-2 align-top">
                    {editable ? (
                      <div className="space-y-1">
                        <Input
                          {...form.liveField(row.property)}
                          aria-label={`Next Number for ${row.label}`}
                          inputMode="numeric"
                          className="w-32"
                          invalid={error !== undefined}
                          aria-describedby={error !== undefined || elsewhere !== undefined ? noteId : undefined}
                        />
                        {error !== undefined ? (
                          <p id={noteId} role="alert" className="text-xs font-medium text-red-600">
                            {error}
                          </p>
                        ) : elsewhere !== undefined ? (
                          <p id={noteId} className="text-xs text-amber-800">{`Changed elsewhere to ${elsewhere ?? '—'}`}</p>
                        ) : null}
                      </div>
                    ) : (
                      <span className="inline-block pt-2 tabular-nums">{row.value}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {editable ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" loading={save.isPending} disabled={changes.length === 0 || !form.isValid}>
            Save
          </Button>
          <Button
            variant="secondary"
            onClick={() => form.reset(Object.fromEntries(rows.map((row) => [row.property, String(base[row.property] ?? row.value)])))}
            disabled={!dirty || save.isPending}
          >
            Discard changes
          </Button>
        </div>
      ) : null}
      <NumberingConflictDialog
        conflicts={conflicts}
        open={asking}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
        onKeepEditing={() => setAsking(false)}
      />
    </form>
  );
}
