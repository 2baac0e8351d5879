import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import * as v from 'valibot';
import { nameKey } from 'contracts/common';
import { copyPhaseInto, WorkflowMessages as M } from 'contracts/workflows';
import { Alert, Button, Dialog, FormField, Input, Select, SELECT_PLACEHOLDER, useForm } from 'kit';
import { errorMessage, useUnsavedChanges } from 'shared';
import type { DraftPhase } from './designer.types';
import { newPhase } from './designerDraft';
import { existingPhases, existingPhasesQuery } from './workflowDesigner.api';

export interface AddPhaseDialogProps {
  /** The workflow's phases now: a new name must differ from theirs, an existing phase must not be there. */
  phases: readonly DraftPhase[];
  /** The workflow's related key: its own copies' phases are not 'existing phases'. */
  relatedKey: string;
  newId: () => string;
  onAdd(phase: DraftPhase): void;
  onClose(): void;
}

/** Chosen phase: an existing phase is named by its index in the offered list. */
type Values = { kind: string; phaseName: string; existing: string };

/** The message when 'existing' is chosen without a phase (ours). */
const CHOOSE_PHASE = 'Choose a phase.';

function addPhaseSchema(names: ReadonlySet<string>) {
  return v.pipe(
    v.object({ kind: v.string(), phaseName: v.pipe(v.string(), v.trim()), existing: v.string() }),
    v.forward(
      v.check((values) => values.kind !== 'new' || values.phaseName !== '', M.phaseNameRequired),
      ['phaseName'],
    ),
    v.forward(
      v.check((values) => values.kind !== 'new' || !names.has(nameKey(values.phaseName)), M.phaseNameUnique),
      ['phaseName'],
    ),
    v.forward(
      v.check((values) => values.kind !== 'existing' || values.existing !== '', CHOOSE_PHASE),
      ['existing'],
    ),
  );
}

/**
 * Add Phase (spec 2 §2): a new phase (a name, unique in the workflow; colour #FCC400, weight 0)
 * or an existing phase not yet in the workflow — a phase of another workflow the user sees,
 * copied with new GUIDs (its links outside the phase dropped).
 */
export function AddPhaseDialog({ phases, relatedKey, newId, onAdd, onClose }: AddPhaseDialogProps) {
  const formId = useId();
  // The workflow's phase names as uniqueness compares them: trimmed and in any case (as the save's rule).
  const names = useMemo(() => new Set(phases.map((phase) => nameKey(phase.phaseName))), [phases]);
  const workflows = useQuery(existingPhasesQuery(relatedKey));
  const offered = useMemo(
    () => existingPhases(workflows.data ?? [], relatedKey).filter((entry) => !names.has(nameKey(entry.phase.phaseName))),
    [workflows.data, relatedKey, names],
  );
  const form = useForm({
    schema: addPhaseSchema(names),
    initial: { kind: 'new', phaseName: '', existing: '' } satisfies Values,
    onSubmit: (values) => {
      const chosen = values.kind === 'existing' ? offered[Number(values.existing)] : undefined;
      onAdd(chosen ? { ...copyPhaseInto(chosen.phase, newId), new: true } : newPhase(values.phaseName, newId()));
    },
  });
  useUnsavedChanges(form.dirty);
  const kind = form.values.kind;
  const radio = (value: string, label: string) => (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
      <input
        type="radio"
        name={`${formId}-kind`}
        value={value}
        checked={kind === value}
        onChange={() => form.setValue('kind', value)}
        className="size-4 accent-brand-600"
      />
      {label}
    </label>
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Add Phase"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Add phase
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={form.submit} noValidate className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Phase</legend>
          <div className="flex flex-wrap gap-4">
            {radio('new', 'New phase')}
            {radio('existing', 'Existing phase')}
          </div>
        </fieldset>
        {kind === 'new' ? (
          <FormField label="Phase name" required error={form.error('phaseName')} hint="Colour #FCC400 and weight 0 to start with.">
            <Input {...form.field('phaseName')} maxLength={220} autoFocus />
          </FormField>
        ) : workflows.isError ? (
          <Alert variant="danger">{errorMessage(workflows.error, M.fetchFailed)}</Alert>
        ) : (
          <FormField
            label="Existing phase"
            required
            error={form.error('existing')}
            hint={
              workflows.isPending
                ? 'Loading the phases of your other workflows…'
                : offered.length === 0
                  ? 'Your other workflows have no phase this workflow does not hold already.'
                  : 'A copy is added, with its items; links to items outside it are left out.'
            }
          >
            <Select
              {...form.field('existing')}
              className="w-full"
              placeholder={SELECT_PLACEHOLDER}
              disabled={workflows.isPending || offered.length === 0}
              options={offered.map((entry, index) => ({
                value: index,
                label: `${entry.phase.phaseName} (${entry.phase.items.length} items, from ${entry.workflowName})`,
              }))}
            />
          </FormField>
        )}
      </form>
    </Dialog>
  );
}
