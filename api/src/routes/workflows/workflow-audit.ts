/**
 * What a workflow's History entry stores (issue 38): its fields, and of its phases only what
 * changed — phases and items added or removed (whole), and of those kept, the ones renamed,
 * moved or with a field changed (their id and name, the fields that changed, `position` when it
 * moved). Before and after hold the same phases and items, so History's JSON diff of them shows
 * the change alone. A new workflow stores its outline (phase and item names). Past a size
 * (WORKFLOW_DIFF_LIMIT), less detail: items by id, name and the names of the fields that
 * changed; then per phase how many items were added, removed and changed; then those counts for
 * the whole workflow. An entry stays small whatever the workflow's size (a 20 × 25 workflow
 * stored several hundred KB twice before), so a History page of 20 entries stays under 100 KB.
 * Entries written before this keep their whole before and after; History shows them as before.
 */
import type { workflows } from '../../db/schema';

type WorkflowRow = typeof workflows.$inferSelect;

type Json = Record<string, unknown>;

/** The most JSON characters an entry's phases take, before and after together (a History reply carries them twice). */
export const WORKFLOW_DIFF_LIMIT = 1_500;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const phasesOf = (data: unknown): Json[] => (isRecord(data) && Array.isArray(data.phases) ? data.phases.filter(isRecord) : []);
const itemsOf = (phase: Json): Json[] => (Array.isArray(phase.items) ? phase.items.filter(isRecord) : []);
const idOf = (entry: Json, key: string, index: number) => (typeof entry[key] === 'string' ? (entry[key] as string) : `#${index}`);

/** The fields of a kept entry (a phase without its items, an item) that differ, with `position` when it moved. */
function changedFields(before: Json, after: Json, beforeAt: number, afterAt: number, skip: readonly string[]) {
  const b: Json = {};
  const a: Json = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (skip.includes(field) || same(before[field], after[field])) continue;
    if (field in before) b[field] = before[field];
    if (field in after) a[field] = after[field];
  }
  if (beforeAt !== afterAt) {
    b.position = beforeAt + 1;
    a.position = afterAt + 1;
  }
  return { b, a, changed: Object.keys(b).length + Object.keys(a).length > 0 };
}

/** Before and after of a list matched by id: each entry added, removed or changed, in after's order (removed ones last). */
function matched(before: Json[], after: Json[], key: string) {
  const was = new Map(before.map((entry, index) => [idOf(entry, key, index), { entry, index }]));
  const is = new Map(after.map((entry, index) => [idOf(entry, key, index), { entry, index }]));
  const pairs: { id: string; before?: { entry: Json; index: number }; after?: { entry: Json; index: number } }[] = [];
  for (const [id, now] of is) pairs.push({ id, before: was.get(id), after: now });
  for (const [id, then] of was) if (!is.has(id)) pairs.push({ id, before: then });
  return pairs;
}

interface PhasesDiff {
  before: Json[];
  after: Json[];
}

/** What changed among the phases, whole items or (`brief`) items as id, name and the names of their changed fields. */
function phasesDiff(beforeData: unknown, afterData: unknown, brief: boolean): PhasesDiff {
  const diff: PhasesDiff = { before: [], after: [] };
  const itemBrief = (item: Json, fields?: string[]) => ({ itemId: item.itemId, itemName: item.itemName, ...(fields ? { changed: fields } : {}) });
  for (const pair of matched(phasesOf(beforeData), phasesOf(afterData), 'phaseId')) {
    if (!pair.before || !pair.after) {
      // Added or removed: whole (brief: its name and its items' names).
      const phase = (pair.after ?? pair.before)!.entry;
      const shown = brief ? { phaseId: phase.phaseId, phaseName: phase.phaseName, items: itemsOf(phase).map((item) => itemBrief(item)) } : phase;
      (pair.after ? diff.after : diff.before).push(shown);
      continue;
    }
    const then = pair.before.entry;
    const now = pair.after.entry;
    const own = changedFields(then, now, pair.before.index, pair.after.index, ['items', 'phaseId']);
    const items: { b: Json[]; a: Json[] } = { b: [], a: [] };
    for (const item of matched(itemsOf(then), itemsOf(now), 'itemId')) {
      if (!item.before || !item.after) {
        const whole = (item.after ?? item.before)!.entry;
        (item.after ? items.a : items.b).push(brief ? itemBrief(whole) : whole);
        continue;
      }
      const fields = changedFields(item.before.entry, item.after.entry, item.before.index, item.after.index, ['itemId']);
      if (!fields.changed) continue;
      const names = [...new Set([...Object.keys(fields.b), ...Object.keys(fields.a)])].sort();
      items.b.push(brief ? itemBrief(item.before.entry, names) : { itemId: item.before.entry.itemId, itemName: item.before.entry.itemName, ...fields.b });
      items.a.push(brief ? itemBrief(item.after.entry, names) : { itemId: item.after.entry.itemId, itemName: item.after.entry.itemName, ...fields.a });
    }
    if (!own.changed && items.b.length === 0 && items.a.length === 0) continue;
    const named = (phase: Json) => ({ phaseId: phase.phaseId, phaseName: phase.phaseName });
    diff.before.push({ ...named(then), ...own.b, ...(items.b.length ? { items: items.b } : {}) });
    diff.after.push({ ...named(now), ...own.a, ...(items.a.length ? { items: items.a } : {}) });
  }
  return diff;
}

/** How many phases and items a diff added, removed and changed. */
interface Counts {
  added: number;
  removed: number;
  changed: number;
}

/** Per phase (or, `whole`, for the workflow), how many items were added, removed and changed: the least detail an entry keeps. */
function countsOf(diff: PhasesDiff, whole: boolean): { before: Json[]; after: Json[] } | { before: Json; after: Json } {
  const idsOf = (phases: Json[]) => new Set(phases.map((phase) => phase.phaseId));
  const kept = [...idsOf(diff.after)].filter((id) => idsOf(diff.before).has(id));
  const itemCounts = (phaseId: unknown): Counts => {
    const list = (phases: Json[]) => (phases.find((phase) => phase.phaseId === phaseId)?.items as Json[] | undefined) ?? [];
    const was = new Set(list(diff.before).map((item) => item.itemId));
    const is = new Set(list(diff.after).map((item) => item.itemId));
    return {
      added: [...is].filter((id) => !was.has(id)).length,
      removed: [...was].filter((id) => !is.has(id)).length,
      changed: [...is].filter((id) => was.has(id)).length,
    };
  };
  if (whole) {
    const items = kept
      .map(itemCounts)
      .reduce((sum, n) => ({ added: sum.added + n.added, removed: sum.removed + n.removed, changed: sum.changed + n.changed }), {
        added: 0,
        removed: 0,
        changed: 0,
      });
    const phases = { added: diff.after.length - kept.length, removed: diff.before.length - kept.length, changed: kept.length };
    return { before: {}, after: { phases, items } };
  }
  const side = (phases: Json[], counted: boolean) =>
    phases.map((phase) => ({
      phaseName: phase.phaseName,
      ...('position' in phase ? { position: phase.position } : {}),
      ...(counted && kept.includes(phase.phaseId) ? { items: itemCounts(phase.phaseId) } : {}),
      ...(kept.includes(phase.phaseId) ? {} : { whole: true }),
    }));
  return { before: side(diff.before, false), after: side(diff.after, true) };
}

/** A new workflow's phases as History stores them: names and item names, or (past the size) each phase's item count. */
function outline(data: unknown): Json[] {
  const named = phasesOf(data).map((phase) => ({ phaseName: phase.phaseName, items: itemsOf(phase).map((item) => item.itemName) }));
  if (JSON.stringify(named).length <= WORKFLOW_DIFF_LIMIT) return named;
  return named.map((phase) => ({ phaseName: phase.phaseName, items: phase.items.length }));
}

/** A workflow's fields as History shows them (not its phases, nor its project's name). */
function fieldsOf(row: Pick<WorkflowRow, 'name' | 'workflowType' | 'projectId' | 'workflowRelatedKey' | 'isDecommissioned' | 'decommissionDateTime'>) {
  return {
    name: row.name,
    workflowType: row.workflowType,
    projectId: row.projectId,
    workflowRelatedKey: row.workflowRelatedKey,
    isDecommissioned: row.isDecommissioned,
    decommissionDateTime: row.decommissionDateTime,
  };
}

const fits = (value: unknown) => JSON.stringify(value).length <= WORKFLOW_DIFF_LIMIT;

/**
 * A workflow change's History entry values: its fields before and after, and `workflowData`
 * holding only what changed of its phases (nothing: no `workflowData` at all), in as much
 * detail as WORKFLOW_DIFF_LIMIT allows; a new workflow (no `before`) with its outline.
 */
export function workflowAuditValues(before: WorkflowRow | null | undefined, after: WorkflowRow): { before: Json | null; after: Json } {
  if (!before) return { before: null, after: { ...fieldsOf(after), workflowData: { phases: outline(after.workflowData) } } };
  const full = phasesDiff(before.workflowData, after.workflowData, false);
  if (full.before.length + full.after.length === 0) return { before: fieldsOf(before), after: fieldsOf(after) };
  let shown: { before: unknown; after: unknown } = full;
  if (!fits(shown)) shown = phasesDiff(before.workflowData, after.workflowData, true);
  if (!fits(shown)) shown = countsOf(full, false);
  if (!fits(shown)) shown = countsOf(full, true);
  const data = (side: unknown) => (Array.isArray(side) ? { phases: side } : side);
  return { before: { ...fieldsOf(before), workflowData: data(shown.before) }, after: { ...fieldsOf(after), workflowData: data(shown.after) } };
}
