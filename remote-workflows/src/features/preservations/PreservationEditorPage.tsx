import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { auditSubject } from 'contracts/common';
import { PreservationMessages, type Preservation } from 'contracts/workflows';
import { workflowEndpoints } from 'contracts/workflows/model';
import { ProjectMessages } from 'contracts/projects-sites';
import { Alert, Button, Card, FormField, HistoryTab, Input, PageHeader, PageSpinner, Tabs, useForm } from 'kit';
import { errorMessage, useMayCall, useUnsavedChanges } from 'shared';
import { ProjectPicker } from '../parts/ProjectPicker';
import { copiesOf, draftErrors, draftOf, newDraft, newStep, type PreservationDraft } from './preservationDraft';
import { projectOptionsQuery } from '../workflows/workflows.api';
import { preservationsQuery, useSavePreservation } from './preservations.api';
import { preservationsRoute, preservationViewRoute } from './preservations.routes';
import { StepList } from './StepList';

const newId = () => crypto.randomUUID();

/** A plan's History shows its steps as a line diff of their JSON, not one long before → after. */
const HISTORY_DIFF_FIELDS = ['preservationSteps'] as const;

/**
 * A preservation plan (spec 2: /preservations/new, /preservations/:id, /preservation/:projectId/:id/view):
 * the editor, and for a saved plan its History. Another licence's plan is not found, like a
 * missing one; a user without projects is told to get one assigned first.
 */
export default function PreservationEditorPage() {
  const params = useParams();
  const isNew = params.id === 'new';
  const id = Number(params.id);
  const list = useQuery({ ...preservationsQuery(), enabled: !isNew });
  const projects = useQuery(projectOptionsQuery());

  if (projects.isSuccess && projects.data.length === 0) return <Alert variant="warning">{PreservationMessages.noProjectAccess}</Alert>;
  if (isNew) return <PreservationEditor key="new" copies={null} />;
  if (list.isError) return <Alert variant="danger">{errorMessage(list.error, PreservationMessages.fetchFailed)}</Alert>;
  if (!list.data) return <PageSpinner />;
  const found = list.data.find((preservation) => preservation.id === id);
  if (!Number.isInteger(id) || !found) {
    return (
      <div className="space-y-4">
        <PageHeader title="Preservation not found" back={{ to: preservationsRoute.to({}), label: 'Preservations' }} />
        <Alert variant="warning">No such preservation among the projects you see.</Alert>
      </div>
    );
  }
  const copies = list.data.filter((preservation) => preservation.preservationRelatedKey === found.preservationRelatedKey);
  // Keyed on the data's time: after a save the editor starts again from what the server holds.
  return <PreservationEditor key={`${found.preservationRelatedKey}-${list.dataUpdatedAt}`} copies={copies} selectedId={found.id} />;
}

function PreservationEditor({ copies, selectedId }: { copies: Preservation[] | null; selectedId?: number }) {
  const navigate = useNavigate();
  const isNew = copies === null;
  const start = useMemo(() => (copies ? draftOf(copies, newId) : newDraft(newId())), [copies]);
  const projects = useQuery(projectOptionsQuery());
  const save = useSavePreservation(isNew);
  const mayEdit = useMayCall(workflowEndpoints.updatePreservations);
  // Save is a button, not a form's submit: the editor's element is where a refused Save looks for the field to focus.
  const root = useRef<HTMLDivElement>(null);
  const form = useForm<PreservationDraft>({
    root,
    initial: start,
    validate: draftErrors,
    // A failed save is the mutation's toast; the draft stays unsaved.
    onSubmit: async (draft) => {
      const saved = await save.mutateAsync(copiesOf(draft));
      if (saved && saved[0]) navigate(preservationViewRoute.to({ projectId: saved[0].projectId, id: saved[0].id }), { replace: true });
    },
  });
  const draft = form.values;
  const readOnly = !mayEdit || save.isPending;
  useUnsavedChanges(form.dirty);

  const toggleProject = (projectId: number, on: boolean) => {
    form.setValue('projectIds', on ? [...draft.projectIds, projectId] : draft.projectIds.filter((p) => p !== projectId));
    form.touch('projectIds');
  };

  const editor = (
    <div ref={root} className="space-y-6">
      <FormField label="Preservation Name" required error={form.error('name')}>
        <Input {...form.field('name')} disabled={readOnly} />
      </FormField>
      <ProjectPicker
        choices={projects.data ?? []}
        chosen={draft.projectIds}
        onToggle={toggleProject}
        disabled={readOnly}
        loading={projects.isPending}
        error={projects.isError ? errorMessage(projects.error, ProjectMessages.loadFailed) : form.error('projectIds')}
      />
      <StepList list="initial" title="Initial steps" form={form} onAdd={() => form.rows('initial').append(newStep('initial', newId()))} readOnly={readOnly} />
      <StepList
        list="recurring"
        title="Recurring steps"
        form={form}
        onAdd={() => form.rows('recurring').append(newStep('recurring', newId()))}
        readOnly={readOnly}
      />
      {form.error('steps') && <Alert variant="warning">{form.error('steps')}</Alert>}
      {mayEdit && (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={!form.dirty || save.isPending} onClick={() => form.reset()}>
            Cancel
          </Button>
          <Button onClick={() => void form.submit()} loading={save.isPending} disabled={!form.dirty || (form.submitted && !form.isValid)}>
            Save
          </Button>
        </div>
      )}
    </div>
  );

  return (
    <div className="space-y-4">
      <PageHeader
        title={isNew ? 'New Preservation' : start.name}
        description={isNew ? 'A preservation plan: initial and recurring steps with intervals.' : 'Preservation plan'}
        back={{ to: preservationsRoute.to({}), label: 'Preservations' }}
      />
      <Card>
        {isNew || selectedId === undefined ? (
          editor
        ) : (
          <Tabs
            hashSync
            // The draft lives above the tabs: looking at History loses nothing.
            guardUnsaved={false}
            tabs={[
              { id: 'details', label: 'Details', content: editor },
              { id: 'history', label: 'History', content: <HistoryTab subject={auditSubject('preservation', selectedId)} diffFields={HISTORY_DIFF_FIELDS} /> },
            ]}
          />
        )}
      </Card>
    </div>
  );
}
