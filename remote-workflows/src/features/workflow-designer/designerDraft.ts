/**
 * The designer's draft and what the page does to it, as pure functions (the page holds the
 * draft as React state through `draftReducer`): phases and items added, changed, reordered and
 * deleted; weights set; the draft a new workflow, a saved one or a copy starts from; and the
 * bodies one save sends. The rules themselves are the area's (contracts/workflows
 * workflows.rules.ts, workflows.forms.ts); this file only applies them to the draft.
 */
import * as v from 'valibot';
import {
  copyPhases,
  MAX_ITEM_EMAILS,
  WorkflowMessages as M,
  WorkflowDataSchema,
  WorkflowsBulkBodySchema,
  type WorkflowCopy,
  type WorkflowDetail,
  type WorkflowInput,
} from 'contracts/workflows';
import type { DraftItem, DraftPhase } from './designer.types';

/** The default colour of a new phase (spec 2 §9). */
export const DEFAULT_PHASE_COLOR = '#FCC400';

/** What the designer edits: the workflow's name, its projects, its related key and its phases. */
export interface WorkflowDraft {
  name: string;
  projectIds: number[];
  /** The GUID the copies across projects share (a new one for a new workflow or a copy). */
  relatedKey: string;
  phases: DraftPhase[];
}

/** A new phase (spec 2 §9: colour #FCC400, weight 0, no items). */
export function newPhase(phaseName: string, phaseId: string): DraftPhase {
  return { phaseId, phaseName, color: DEFAULT_PHASE_COLOR, phaseWeight: 0, items: [], new: true };
}

/** A new item (spec 2 §9: type 2 Progress, weight 0, empty lists, equipment progress state 0). */
export function newItem(itemName: string, itemId: string, extra: Partial<DraftItem> = {}): DraftItem {
  return {
    itemId,
    itemName,
    itemType: 2,
    itemWeight: 0,
    preRequisite: null,
    conditionalVisibility: [],
    triggers: [],
    complete: [],
    reset: [],
    requirements: [],
    itemStateFromEquipmentStatus: [],
    equipmentStatus: { progressState: 0, equipmentStatusState: null },
    production: null,
    emails: [],
    ...extra,
  };
}

/** A saved workflow's phases, typed (the list's `workflowData` is loose). */
export function phasesOf(workflowData: unknown): DraftPhase[] {
  const parsed = v.safeParse(WorkflowDataSchema, workflowData);
  return parsed.success ? parsed.output.phases : [];
}

/** The draft of a new workflow: no name, no project, no phase, a new related key. */
export function emptyDraft(newId: () => string): WorkflowDraft {
  return { name: '', projectIds: [], relatedKey: newId(), phases: [] };
}

/** The draft of a saved workflow: its name, the projects of its live copies, its phases. */
export function savedDraft(detail: WorkflowDetail): WorkflowDraft {
  const { workflow, copies } = detail;
  const projectIds = [...new Set([workflow.projectId, ...copies.map((copy) => copy.projectId)])];
  return { name: workflow.name, projectIds, relatedKey: workflow.workflowRelatedKey, phases: phasesOf(workflow.workflowData) };
}

/**
 * The draft of a copy (spec 2 §4): the name kept (the user changes it), no project chosen, a
 * new related key, every phase and item a new GUID, e-mails cleared and links re-mapped.
 */
export function copyDraft(detail: WorkflowDetail, newId: () => string): WorkflowDraft {
  return { name: detail.workflow.name, projectIds: [], relatedKey: newId(), phases: copyPhases(phasesOf(detail.workflow.workflowData), newId) };
}

/** Moves the entry at `from` to `to`. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

/** Everything the page does to the draft. */
export type DraftAction =
  | { type: 'name'; name: string }
  | { type: 'projects'; projectIds: number[] }
  | { type: 'addPhase'; phase: DraftPhase }
  | { type: 'updatePhase'; phaseId: string; patch: Partial<Pick<DraftPhase, 'phaseName' | 'color' | 'phaseWeight'>> }
  | { type: 'removePhase'; phaseId: string }
  | { type: 'movePhase'; from: number; to: number }
  | { type: 'phaseWeights'; weights: Record<string, number> }
  | { type: 'addItem'; phaseId: string; item: DraftItem }
  | { type: 'replaceItem'; phaseId: string; item: DraftItem }
  | { type: 'removeItem'; phaseId: string; itemId: string }
  | { type: 'moveItem'; phaseId: string; from: number; to: number }
  | { type: 'itemWeights'; phaseId: string; weights: Record<string, number> }
  | { type: 'reset'; draft: WorkflowDraft };

/** Changes one phase, keeping every other phase (and so every other card) the same object. */
const onPhase = (draft: WorkflowDraft, phaseId: string, change: (phase: DraftPhase) => DraftPhase): WorkflowDraft => ({
  ...draft,
  phases: draft.phases.map((phase) => (phase.phaseId === phaseId ? change(phase) : phase)),
});

/** The draft after `action`: a new object for what changed, the same ones for the rest (the cards redraw only what changed). */
export function draftReducer(draft: WorkflowDraft, action: DraftAction): WorkflowDraft {
  switch (action.type) {
    case 'name':
      return { ...draft, name: action.name };
    case 'projects':
      return { ...draft, projectIds: action.projectIds };
    case 'addPhase':
      return { ...draft, phases: [...draft.phases, action.phase] };
    case 'updatePhase':
      return onPhase(draft, action.phaseId, (phase) => ({ ...phase, ...action.patch }));
    case 'removePhase':
      return { ...draft, phases: draft.phases.filter((phase) => phase.phaseId !== action.phaseId) };
    case 'movePhase':
      return { ...draft, phases: move(draft.phases, action.from, action.to) };
    case 'phaseWeights':
      return {
        ...draft,
        phases: draft.phases.map((phase) =>
          action.weights[phase.phaseId] === undefined || action.weights[phase.phaseId] === phase.phaseWeight
            ? phase
            : { ...phase, phaseWeight: action.weights[phase.phaseId]! },
        ),
      };
    case 'addItem':
      return onPhase(draft, action.phaseId, (phase) => ({ ...phase, items: [...phase.items, action.item] }));
    case 'replaceItem':
      return onPhase(draft, action.phaseId, (phase) => ({
        ...phase,
        items: phase.items.map((item) => (item.itemId === action.item.itemId ? action.item : item)),
      }));
    case 'removeItem':
      return onPhase(draft, action.phaseId, (phase) => ({ ...phase, items: phase.items.filter((item) => item.itemId !== action.itemId) }));
    case 'moveItem':
      return onPhase(draft, action.phaseId, (phase) => ({ ...phase, items: move(phase.items, action.from, action.to) }));
    case 'itemWeights':
      return onPhase(draft, action.phaseId, (phase) => ({
        ...phase,
        items: phase.items.map((item) =>
          action.weights[item.itemId] === undefined || action.weights[item.itemId] === item.itemWeight
            ? item
            : { ...item, itemWeight: action.weights[item.itemId]! },
        ),
      }));
    case 'reset':
      return action.draft;
  }
}

/** What one save sends: the copies (one per chosen project) and the copies to archive first (the projects taken off). */
export interface SavePlan {
  /** The project of the call's path: the page's own when it is still chosen, else the first chosen. */
  projectId: number;
  bodies: WorkflowInput[];
  /** The live copies of the projects taken off, archived in the same transaction before the rest is saved. */
  archive: number[];
}

/**
 * The save of `draft` (spec 2 §4): a body per chosen project — its live copy's workflowId, or
 * 0 for a project new to the workflow — and the copies of the projects taken off, to archive.
 */
export function savePlan(draft: WorkflowDraft, copies: readonly Pick<WorkflowCopy, 'workflowId' | 'projectId'>[], ownProjectId: number | null): SavePlan {
  const phases = draft.phases.map(({ new: _new, ...phase }) => phase);
  const bodies = draft.projectIds.map((projectId): WorkflowInput => ({
    workflowId: copies.find((copy) => copy.projectId === projectId)?.workflowId ?? 0,
    name: draft.name,
    workflowType: 'progress',
    projectId,
    workflowRelatedKey: draft.relatedKey,
    workflowData: { phases: phases as WorkflowInput['workflowData']['phases'] },
  }));
  const archive = copies.filter((copy) => !draft.projectIds.includes(copy.projectId)).map((copy) => copy.workflowId);
  const projectId = ownProjectId !== null && draft.projectIds.includes(ownProjectId) ? ownProjectId : (draft.projectIds[0] ?? 0);
  return { projectId, bodies, archive };
}

/** One thing the save rules refuse: what it is about, where that is for the summary, and the message. */
export interface DraftProblem {
  /** `name`, `projects`, `phases` (the phases together), `phase:<phaseId>`, `item:<phaseId>/<itemId>` or `workflow`. */
  target: string;
  /** Where it is, for the summary: 'Workflow', 'Phase Install', 'Phase Install › Item Mount'. */
  where: string;
  message: string;
}

/**
 * Every message the bulk body's schema gives the draft's save (spec 2 §5), each once, naming
 * the phase or item it is about. Without a chosen project the phases are still checked (as
 * one copy of project 0), so the summary lists everything at once.
 */
export function draftProblems(draft: WorkflowDraft, plan: SavePlan): DraftProblem[] {
  const bodies = plan.bodies.length > 0 ? plan.bodies : [{ ...savePlan({ ...draft, projectIds: [0] }, [], null).bodies[0]! }];
  const problems: DraftProblem[] = [];
  const seen = new Set<string>();
  const add = (problem: DraftProblem) => {
    const key = `${problem.target}\n${problem.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push(problem);
  };
  if (plan.bodies.length === 0) {
    const projects = v.safeParse(WorkflowsBulkBodySchema, []);
    if (!projects.success) add({ target: 'projects', where: 'Projects', message: projects.issues[0].message });
  }
  const result = v.safeParse(WorkflowsBulkBodySchema, bodies);
  if (result.success) return problems;
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((step) => step.key as string | number);
    add(locate(draft, plan.bodies.length > 0 ? path : [0, ...path.slice(1)], issue.message));
  }
  return problems;
}

/** Names the place of an issue at `path` (`[copy, 'workflowData', 'phases', p, 'items', i, field…]`). */
function locate(draft: WorkflowDraft, path: readonly (string | number)[], message: string): DraftProblem {
  const [, section, , phaseIndex, itemsKey, itemIndex] = path;
  if (path.length <= 1) return { target: 'workflow', where: 'Workflow', message };
  if (section === 'name') return { target: 'name', where: 'Workflow', message };
  if (section !== 'workflowData' || typeof phaseIndex !== 'number') return { target: path[2] === 'phases' ? 'phases' : 'workflow', where: 'Workflow', message };
  const phase = draft.phases[phaseIndex];
  if (!phase) return { target: 'workflow', where: 'Workflow', message };
  const phaseWhere = `Phase ${phase.phaseName.trim() || `${phaseIndex + 1} (no name)`}`;
  if (itemsKey !== 'items' || typeof itemIndex !== 'number') return { target: `phase:${phase.phaseId}`, where: phaseWhere, message };
  const item = phase.items[itemIndex];
  if (!item) return { target: `phase:${phase.phaseId}`, where: phaseWhere, message };
  return { target: `item:${phase.phaseId}/${item.itemId}`, where: `${phaseWhere} › Item ${item.itemName.trim() || `${itemIndex + 1} (no name)`}`, message };
}

/** The messages about one target. */
export function messagesOf(problems: readonly DraftProblem[], target: string): string[] {
  return problems.filter((problem) => problem.target === target).map((problem) => problem.message);
}

/**
 * The messages about a phase and its items, as text (`[[target, message], …]`): a card compares
 * it by value, so it redraws only when its own messages change.
 */
export function problemsOfPhase(problems: readonly DraftProblem[], phaseId: string): string {
  const own = problems.filter((problem) => problem.target === `phase:${phaseId}` || problem.target.startsWith(`item:${phaseId}/`));
  return own.length === 0 ? '' : JSON.stringify(own.map((problem) => [problem.target, problem.message]));
}

/** The messages of `problemsOfPhase`'s text about one target. */
export function messagesIn(phaseProblems: string, target: string): string[] {
  if (phaseProblems === '') return [];
  return (JSON.parse(phaseProblems) as [string, string][]).filter(([about]) => about === target).map(([, message]) => message);
}

/**
 * The message of a weight typed as `text` (spec 2 §5: 0 to 100; the modals' messages), or null
 * when it is one. Blank or not a number counts as below 0.
 */
export function weightError(text: string, min: string, max: string): string | null {
  const weight = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(weight) || weight < 0) return min;
  if (weight > 100) return max;
  return null;
}

const EmailSchema = v.pipe(v.string(), v.maxLength(254), v.email());

/**
 * Why `tag` cannot join an item's notification e-mails (spec 1 §5's e-mail tags: a valid
 * address, not there already, at most 10), or null when it can.
 */
export function emailTagError(tag: string, emails: readonly string[]): string | null {
  if (!v.is(EmailSchema, tag)) return M.emailInvalid;
  if (emails.some((email) => email.toLowerCase() === tag.toLowerCase())) return M.emailDuplicate;
  if (emails.length >= MAX_ITEM_EMAILS) return M.emailLimit;
  return null;
}
