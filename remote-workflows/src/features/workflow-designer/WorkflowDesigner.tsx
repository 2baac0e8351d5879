import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { auditSubject } from 'contracts/common';
import {
  deletionBlockers,
  hasEquipmentStatus,
  projectChangeError,
  weightSums,
  workflowEndpoints,
  WorkflowMessages as M,
  type WorkflowDetail,
} from 'contracts/workflows';
import { Alert, Button, Card, FormField, HistoryTab, Input, PageHeader, Tabs, useForm } from 'kit';
import { errorMessage, useMayCall, useUnsavedChanges } from 'shared';
import { projectOptionsQuery, workflowsQuery } from '../workflows/workflows.api';
import { workflowsRoute } from '../workflows/workflows.routes';
import { draftProblems, draftReducer, messagesOf, savePlan, type DraftProblem, type WorkflowDraft } from './designerDraft';
import { HeldEditsProvider } from './item-tabs/heldEdits';
import { customStatusesQuery } from './item-tabs/itemTabs.api';
import { PhaseBoard } from './PhaseBoard';
import type { BoardActions } from './PhaseCard';
import { ProjectPicker, type ProjectChoice } from '../parts/ProjectPicker';
import { WeightSum } from './WeightSum';
import { useSaveWorkflow } from './workflowDesigner.api';
import { workflowViewRoute } from './workflowDesigner.routes';
import { Modals, type Open } from './DesignerModals';
import { SelectedItem } from './SelectedItem';

/** A workflow's History shows its phases and items as a line diff of their JSON, not one long before → after. */
const HISTORY_DIFF_FIELDS = ['workflowData'] as const;

export interface WorkflowDesignerProps {
  /** A new workflow, a copy of one, or a saved one. */
  mode: 'new' | 'copy' | 'edit';
  /** The saved workflow and its live copies (edit), or the workflow copied (copy). */
  detail: WorkflowDetail | null;
  /** The draft it starts from: what the server holds (edit), or the start of a new one or a copy. */
  initial: WorkflowDraft;
  /** A new GUID (crypto.randomUUID; tests give their own). */
  newId?: () => string;
}

const NO_PROBLEMS: readonly DraftProblem[] = [];
const uuid = () => crypto.randomUUID();

/**
 * The workflow designer (spec 2 §2): name, projects, phases with their items, the weights
 * modals, the item panel, Save; History beside Design for a saved workflow. The draft lives
 * here, above the tabs, so History can be looked at without losing it; the draft's changes and
 * an open modal's are unsaved changes (the item panel registers its own).
 */
export function WorkflowDesigner({ mode, detail, initial, newId = uuid }: WorkflowDesignerProps) {
  const navigate = useNavigate();
  const [draft, dispatch] = useReducer(draftReducer, initial);
  const [selected, setSelected] = useState<{ phaseId: string; itemId: string } | null>(null);
  const [open, setOpen] = useState<Open | null>(null);
  const [projectError, setProjectError] = useState<ReactNode>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const save = useSaveWorkflow(mode !== 'edit');
  const maySave = useMayCall(workflowEndpoints.saveWorkflowsBulk);
  // An archived workflow (GET workflows/{id} answers those too) is shown, not changed.
  const archived = mode === 'edit' && detail?.workflow.isDecommissioned === true;
  const readOnly = !maySave || save.isPending || archived;
  useUnsavedChanges(draft !== initial && !save.isPending && !save.isSuccess);

  const projects = useQuery(projectOptionsQuery());
  const copies = useMemo(() => (mode === 'edit' && detail ? detail.copies : []), [mode, detail]);
  const ownProjectId = mode === 'edit' && detail ? detail.workflow.projectId : null;
  // Every workflow the user sees: the copies' archive errors (a project whose copy cannot be archived stays).
  const workflows = useQuery({ ...workflowsQuery(null), enabled: copies.length > 0 });
  const equipment = useMemo(() => hasEquipmentStatus(draft.phases), [draft.phases]);
  const statuses = useQuery({ ...customStatusesQuery(draft.projectIds), enabled: equipment && draft.projectIds.length > 1 });
  const statusesDiffer = equipment && draft.projectIds.length > 1 && statuses.data?.agree === false;

  const choices = useMemo((): ProjectChoice[] => {
    const names = new Map<number, string>((projects.data ?? []).map((project) => [project.projectId, project.name]));
    for (const copy of copies) if (!names.has(copy.projectId)) names.set(copy.projectId, copy.projectName);
    for (const projectId of draft.projectIds) if (!names.has(projectId)) names.set(projectId, `Project ${projectId}`);
    return [...names.entries()].map(([projectId, name]) => ({ projectId, name }));
  }, [projects.data, copies, draft.projectIds]);
  const projectName = (projectId: number) => choices.find((choice) => choice.projectId === projectId)?.name ?? `Project ${projectId}`;

  // Every problem of the draft as it is; shown (the summary, the fields, the cards) once Save was tried.
  const found = useMemo((): readonly DraftProblem[] => {
    const own = draftProblems(draft, savePlan(draft, copies, ownProjectId));
    return statusesDiffer ? [...own, { target: 'projects', where: 'Projects', message: M.differingEquipmentStatuses }] : own;
  }, [draft, copies, ownProjectId, statusesDiffer]);
  // The one form hook holds the submit: the draft (a reducer's, above the tabs) is its values, the problems its messages.
  const form = useForm<WorkflowDraft>({
    initial,
    values: draft,
    validate: () => Object.fromEntries(found.map((problem) => [problem.target, problem.message])),
    onSubmit: () => {
      const plan = savePlan(draft, copies, ownProjectId);
      const reaches = copies.length > 1 || plan.archive.length > 0 || copies.some((copy) => copy.resourceTypes.length > 0);
      if (mode === 'edit' && reaches) return setOpen({ kind: 'reach' });
      return runSave();
    },
  });
  const problems = form.submitted ? found : NO_PROBLEMS;
  const sums = useMemo(() => weightSums(draft.phases), [draft.phases]);

  // The cards' actions read the draft as it is when they run: stable functions, so no card redraws for them.
  const current = useRef(draft);
  useLayoutEffect(() => {
    current.current = draft;
  });
  const actions = useMemo(
    (): BoardActions => ({
      dispatch,
      select: (phaseId, itemId) => setSelected({ phaseId, itemId }),
      editItem: (phaseId, itemId) => setOpen({ kind: 'item', phaseId, itemId }),
      itemWeights: (phaseId) => setOpen({ kind: 'itemWeights', phaseId }),
      deleteItem: (phaseId, itemId) => {
        const phases = current.current.phases;
        const reasons = deletionBlockers(phases, { phaseId, itemId });
        const name = phases.find((phase) => phase.phaseId === phaseId)?.items.find((item) => item.itemId === itemId)?.itemName ?? '';
        if (reasons.length > 0) return setOpen({ kind: 'blocked', title: `Item ${name} cannot be deleted`, reasons });
        dispatch({ type: 'removeItem', phaseId, itemId });
        setSelected((now) => (now?.itemId === itemId ? null : now));
      },
      deletePhase: (phaseId) => {
        const phases = current.current.phases;
        const reasons = deletionBlockers(phases, { phaseId });
        const phase = phases.find((one) => one.phaseId === phaseId);
        if (reasons.length > 0) return setOpen({ kind: 'blocked', title: `Phase ${phase?.phaseName ?? ''} cannot be deleted`, reasons });
        if ((phase?.items.length ?? 0) > 0) return setOpen({ kind: 'deletePhase', phaseId });
        dispatch({ type: 'removePhase', phaseId });
      },
    }),
    [],
  );

  /** Ticks or unticks a project, unless a project rule refuses it (spec 2 §5). */
  const toggleProject = (projectId: number, on: boolean) => {
    const before = draft.projectIds;
    const after = on ? [...before, projectId] : before.filter((id) => id !== projectId);
    const refused = projectChangeError(draft.phases, before, after);
    if (refused) return setProjectError(refused);
    const copy = on ? undefined : copies.find((one) => one.projectId === projectId);
    const reasons = copy ? archiveErrorsOf(copy.workflowId) : [];
    if (reasons.length > 0)
      return setProjectError(
        <>
          <p>{M.projectRemovalBlocked(projectName(projectId))}</p>
          <ul className="list-disc pl-5 font-normal">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>,
      );
    setProjectError(null);
    dispatch({ type: 'projects', projectIds: after });
  };
  /** Why a saved copy cannot be archived: from the copies read with the workflow (resource types following it), and the list when loaded. */
  const archiveErrorsOf = (workflowId: number): string[] => {
    const copy = detail?.copies.find((one) => one.workflowId === workflowId);
    return [
      ...new Set([
        ...(copy && copy.resourceTypes.length > 0
          ? [
              M.followedByResourceTypes(
                copy.resourceTypes.map((type) => type.typeName),
                copy.projectName,
              ),
            ]
          : []),
        ...(workflowId === detail?.workflow.workflowId ? detail.workflow.archiveErrors : []),
        ...(workflows.data?.find((workflow) => workflow.workflowId === workflowId)?.archiveErrors ?? []),
      ]),
    ];
  };

  /** Save (spec 2 §4, §5): every message first; then, for a workflow projects use, where the change reaches; then one bulk call. */
  const onSave = () => {
    // The summary is drawn with the submit's render: focus it next.
    if (found.length > 0) requestAnimationFrame(() => summary.current?.focus());
    void form.submit();
  };
  const runSave = async () => {
    setOpen(null);
    setFailure(null);
    const plan = savePlan(draft, copies, ownProjectId);
    try {
      const saved = await save.mutateAsync(plan);
      const shown = saved.find((workflow) => workflow.projectId === plan.projectId) ?? saved[0];
      if (shown) navigate(workflowViewRoute.to({ projectId: shown.projectId, id: shown.workflowId }), { replace: mode === 'edit' });
    } catch (error) {
      setFailure(errorMessage(error, M.saveFailed));
    }
  };

  const design = (
    <div className="space-y-5">
      {archived ? <Alert variant="info">This workflow is archived: it can be looked at, not changed.</Alert> : null}
      {failure !== null ? (
        <Alert variant="danger" title={M.saveFailed} onClose={() => setFailure(null)}>
          {failure === M.saveFailed ? '' : `${failure} `}Nothing was saved; your changes are still here.
        </Alert>
      ) : null}
      {problems.length > 0 ? (
        <div ref={summary} tabIndex={-1} className="focus:outline-none">
          <Alert variant="danger" title="The workflow cannot be saved yet:">
            <ul className="list-disc space-y-0.5 pl-5">
              {problems.map((problem) => (
                <li key={`${problem.target}\n${problem.message}`}>
                  {problem.where === 'Workflow' || problem.where === 'Projects' ? problem.message : `${problem.where}: ${problem.message}`}
                </li>
              ))}
            </ul>
          </Alert>
        </div>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="Workflow name" required error={messagesOf(problems, 'name')[0]}>
          <Input value={draft.name} maxLength={220} disabled={readOnly} onChange={(event) => dispatch({ type: 'name', name: event.target.value })} />
        </FormField>
        <ProjectPicker
          choices={choices}
          chosen={draft.projectIds}
          onToggle={toggleProject}
          disabled={readOnly}
          loading={projects.isPending}
          error={
            projectError ??
            (statusesDiffer ? M.differingEquipmentStatuses : undefined) ??
            (projects.data?.length === 0 ? M.noProjectAccess : undefined) ??
            (projects.isError ? errorMessage(projects.error, 'Could not load projects') : undefined) ??
            messagesOf(problems, 'projects')[0]
          }
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
        <h2 className="mr-auto text-base font-semibold text-slate-900">Phases</h2>
        <span aria-live="polite">
          <WeightSum sum={sums.phases} what="Phases" empty={draft.phases.length === 0} />
        </span>
        <Button variant="secondary" size="sm" disabled={readOnly || draft.phases.length === 0} onClick={() => setOpen({ kind: 'phaseWeights' })}>
          Phase weights
        </Button>
        <Button size="sm" disabled={readOnly} onClick={() => setOpen({ kind: 'addPhase' })}>
          Add Phase
        </Button>
      </div>
      {messagesOf(problems, 'phases').map((message) => (
        <p key={message} className="text-sm font-medium text-red-600">
          {message}
        </p>
      ))}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <div className="min-w-0">
          {draft.phases.length === 0 ? (
            <p className="rounded border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">No phases yet: Add Phase to start.</p>
          ) : (
            <PhaseBoard phases={draft.phases} selected={selected} itemSums={sums.items} problems={problems} actions={actions} readOnly={readOnly} />
          )}
        </div>
        <SelectedItem draft={draft} selected={selected} onClose={() => setSelected(null)} dispatch={dispatch} readOnly={readOnly} />
      </div>
      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
        <Button loading={save.isPending} disabled={!maySave || archived} onClick={onSave}>
          Save
        </Button>
        <Button variant="secondary" onClick={() => navigate(workflowsRoute.to({}))}>
          Cancel
        </Button>
      </div>
    </div>
  );

  return (
    // The item panel's held edits (before Update) live here, above the tabs and the panel: choosing another item, closing
    // the panel or looking at History loses none, and while any are held the page has unsaved changes.
    <HeldEditsProvider phases={draft.phases} readOnly={readOnly}>
      <div className="space-y-4">
        <PageHeader
          title={mode === 'edit' ? 'Edit Workflow' : 'Add New Workflow'}
          description={mode === 'copy' ? `A copy of ${detail?.workflow.name ?? 'a workflow'}` : undefined}
          back={{ to: workflowsRoute.to({}), label: 'Workflows' }}
        />
        <Card>
          <Tabs
            hashSync
            // The draft lives above the tabs: looking at History loses nothing.
            guardUnsaved={false}
            tabs={[
              { id: 'design', label: 'Design', content: design },
              // Ours: every change to the workflow (audit subject workflow:N).
              {
                id: 'history',
                label: 'History',
                content: detail ? <HistoryTab subject={auditSubject('workflow', detail.workflow.workflowId)} diffFields={HISTORY_DIFF_FIELDS} /> : null,
                hidden: mode !== 'edit',
              },
            ]}
          />
        </Card>
        <Modals
          open={open}
          draft={draft}
          dispatch={dispatch}
          newId={newId}
          onClose={() => setOpen(null)}
          copies={copies}
          projectName={projectName}
          onContinue={() => void runSave()}
          ownProjectId={ownProjectId}
          onSelect={setSelected}
        />
      </div>
    </HeldEditsProvider>
  );
}
