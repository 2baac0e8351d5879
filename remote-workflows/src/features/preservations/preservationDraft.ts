/**
 * The preservation editor's draft (spec 2 §2, §3): a name, projects, the initial steps and the
 * recurring steps, each list in its order. It is made from a plan's copies across projects and
 * turned back into them for the save; the rules are the model's (PreservationBodySchema).
 */
import { preservationErrors, PreservationMessages, type Preservation, type PreservationInput } from 'contracts/workflows';

/** Type 0 is an initial step (spec 2 §3); a new recurring step takes 1. */
export const INITIAL_STEP = 0;
const RECURRING_STEP = 1;

export interface DraftStep {
  /** The list's key: the step's id, or one made for a new step. */
  key: string;
  id?: number | string | null;
  name: string;
  type: number;
  interval: number;
  /** 0 days, 1 hours. */
  intervalUnit: 0 | 1;
  phaseName?: string | null;
  fields?: unknown;
}

export interface PreservationDraft {
  name: string;
  projectIds: number[];
  initial: DraftStep[];
  recurring: DraftStep[];
  relatedKey: string;
  /** The saved copy of each project, by project id: kept on save, the others are new. */
  copies: Record<number, number>;
}

export type StepList = 'initial' | 'recurring';

/** A new draft: an empty name, no project and no steps (spec 2 §2). */
export const newDraft = (relatedKey: string): PreservationDraft => ({ name: '', projectIds: [], initial: [], recurring: [], relatedKey, copies: {} });

/** The draft of a saved plan: its copies share the name, the key and the steps (the first copy's). */
export function draftOf(copies: readonly Preservation[], newKey: () => string): PreservationDraft {
  const first = copies[0]!;
  const steps = first.preservationSteps.map((step, index) => ({
    key: step.id !== null && step.id !== undefined ? String(step.id) : `${newKey()}-${index}`,
    id: step.id,
    name: step.name,
    type: step.type,
    interval: step.interval ?? 0,
    intervalUnit: (step.intervalUnit === 1 ? 1 : 0) as 0 | 1,
    phaseName: step.phaseName,
    fields: step.fields,
  }));
  return {
    name: first.name,
    projectIds: copies.map((copy) => copy.projectId),
    initial: steps.filter((step) => step.type === INITIAL_STEP),
    recurring: steps.filter((step) => step.type !== INITIAL_STEP),
    relatedKey: first.preservationRelatedKey,
    copies: Object.fromEntries(copies.map((copy) => [copy.projectId, copy.id])),
  };
}

/** A new step of a list: interval 0 in days (spec 2 §9). */
export const newStep = (list: StepList, key: string): DraftStep => ({
  key,
  name: '',
  type: list === 'initial' ? INITIAL_STEP : RECURRING_STEP,
  interval: 0,
  intervalUnit: 0,
});

/** The copies the save sends, one per project (a project's saved copy keeps its id). */
export function copiesOf(draft: PreservationDraft): PreservationInput[] {
  const steps = [...draft.initial, ...draft.recurring].map(({ key: _key, ...step }) => ({
    ...step,
    id: step.id ?? undefined,
    phaseName: step.phaseName ?? undefined,
  }));
  return draft.projectIds.map((projectId) => ({
    ...(draft.copies[projectId] !== undefined ? { id: draft.copies[projectId] } : {}),
    name: draft.name,
    projectId,
    preservationRelatedKey: draft.relatedKey,
    preservationSteps: steps,
  }));
}

/**
 * The draft's messages by field (`name`, `projectIds`, `steps`, `initial.0.name`,
 * `recurring.1.interval`): empty when it may be saved (spec 2 §5).
 */
export function draftErrors(draft: PreservationDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const steps = [...draft.initial, ...draft.recurring];
  const placeOf = (index: number) => (index < draft.initial.length ? `initial.${index}` : `recurring.${index - draft.initial.length}`);
  const found = preservationErrors({
    name: draft.name,
    projectId: 0,
    preservationRelatedKey: draft.relatedKey,
    preservationSteps: steps.map(({ key: _key, ...step }) => ({ ...step, id: step.id ?? undefined })),
  });
  for (const [path, message] of Object.entries(found)) {
    const step = /^preservationSteps\.(\d+)\.(\w+)$/.exec(path);
    if (step) errors[`${placeOf(Number(step[1]))}.${step[2]}`] = message;
    else if (path === 'preservationSteps') errors.steps = message;
    else if (path === 'name') errors.name = message;
  }
  if (draft.projectIds.length === 0) errors.projectIds = PreservationMessages.projectsRequired;
  return errors;
}

/** Moves a step within its list (drag or keyboard). */
export function moveStep(steps: readonly DraftStep[], from: string, to: string): DraftStep[] {
  const a = steps.findIndex((step) => step.key === from);
  const b = steps.findIndex((step) => step.key === to);
  if (a < 0 || b < 0 || a === b) return [...steps];
  const next = [...steps];
  const [moved] = next.splice(a, 1);
  next.splice(b, 0, moved!);
  return next;
}
