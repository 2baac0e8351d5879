/**
 * The workflow designer's rules that are not one field's (spec 2 §4, §5, §9), as pure
 * functions over a workflow's phases: which item tabs an item type offers, when an item's type
 * may change, what keeps a phase or an item from being deleted, auto-complete's 'all
 * previous', auto-reset's bounds, the equipment-status options, the project rules, the weight
 * sums and spreading them evenly, and a copy's new GUIDs. The designer calls them as the user
 * edits; the API calls the same functions before it stores a workflow (WorkflowBodySchema
 * holds the per-field rules).
 */
import { WorkflowMessages as M } from './workflows.messages';

/** The parts of a workflow these rules read; the contract's Phase and WorkflowItem fit them. */
export interface RuleRef {
  phaseId: string;
  itemId: string;
}
export interface RuleItem {
  itemId: string;
  itemName: string;
  itemType?: number;
  itemWeight?: number;
  preRequisite?: RuleRef | null;
  conditionalVisibility?: readonly (RuleRef & { name?: string })[];
  triggers?: readonly { triggerType: number; siteID?: number | null }[];
  complete?: readonly RuleRef[];
  reset?: readonly RuleRef[];
  requirements?: readonly unknown[];
  itemStateFromEquipmentStatus?: readonly { progressState: number; equipmentStatusState?: number | null }[];
  production?: unknown;
  emails?: readonly string[];
}
export interface RulePhase<I extends RuleItem = RuleItem> {
  phaseId: string;
  phaseName: string;
  phaseWeight?: number;
  items: readonly I[];
}

// ------------------------------------------------------------------ item types and tabs

/** Item types (spec 2 §3). */
export const ItemType = { Incremental: 1, Progress: 2, Production: 3 } as const;
export const ITEM_TYPE_LABELS: Record<number, string> = { 1: 'Incremental', 2: 'Progress', 3: 'Production' };

/** The item tabs, in the spec's order. */
export const ITEM_TABS = ['Requirements', 'Conditional', 'Triggers', 'Auto-Reset', 'Auto-Complete', 'Equipment Status', 'Production'] as const;
export type ItemTab = (typeof ITEM_TABS)[number];

/**
 * The tabs each item type disables (the spec says types disable tabs without saying which:
 * ours, documented in the README). Production is only for a Production item, whose progress is
 * its produced quantity, so events, resets, completions and equipment states do not move it;
 * an Incremental item advances by increments, so a trigger or an equipment state (which set
 * an item done or reset) do not apply to it; a Progress item has every tab but Production.
 */
export const DISABLED_TABS: Record<number, readonly ItemTab[]> = {
  [ItemType.Incremental]: ['Triggers', 'Equipment Status', 'Production'],
  [ItemType.Progress]: ['Production'],
  [ItemType.Production]: ['Triggers', 'Auto-Reset', 'Auto-Complete', 'Equipment Status'],
};

export function disabledTabs(itemType: number | undefined): readonly ItemTab[] {
  return DISABLED_TABS[itemType ?? ItemType.Progress] ?? [];
}

/** What an item holds that its type's disabled tabs would edit: the tabs to empty before it saves. */
export function contentOfDisabledTabs(item: RuleItem): ItemTab[] {
  const held: Record<ItemTab, boolean> = {
    Requirements: (item.requirements?.length ?? 0) > 0,
    Conditional: (item.conditionalVisibility?.length ?? 0) > 0,
    Triggers: (item.triggers?.length ?? 0) > 0,
    'Auto-Reset': (item.reset?.length ?? 0) > 0,
    'Auto-Complete': (item.complete?.length ?? 0) > 0,
    'Equipment Status': (item.itemStateFromEquipmentStatus?.length ?? 0) > 0,
    Production: item.production !== null && item.production !== undefined,
  };
  return disabledTabs(item.itemType).filter((tab) => held[tab]);
}

/** An item's type cannot change while it has conditions, requirements, a trigger or an equipment mapping (spec 2 §4). */
export function typeChangeBlocked(item: RuleItem): boolean {
  return (
    (item.conditionalVisibility?.length ?? 0) > 0 ||
    (item.requirements?.length ?? 0) > 0 ||
    (item.triggers?.length ?? 0) > 0 ||
    (item.itemStateFromEquipmentStatus?.length ?? 0) > 0
  );
}

// ------------------------------------------------------------------ links

const key = (ref: RuleRef) => `${ref.phaseId}/${ref.itemId}`;

/** Every link an item makes: its prerequisite, conditions, auto-completes and auto-resets. */
export function linksOf(item: RuleItem): { kind: 'prerequisite' | 'conditional' | 'complete' | 'reset'; target: RuleRef }[] {
  return [
    ...(item.preRequisite ? [{ kind: 'prerequisite' as const, target: item.preRequisite }] : []),
    ...(item.conditionalVisibility ?? []).map((target) => ({ kind: 'conditional' as const, target })),
    ...(item.complete ?? []).map((target) => ({ kind: 'complete' as const, target })),
    ...(item.reset ?? []).map((target) => ({ kind: 'reset' as const, target })),
  ];
}

const LINK_WORDS = { prerequisite: 'prerequisite', conditional: 'conditional target', complete: 'auto-complete target', reset: 'auto-reset target' } as const;

/**
 * Why a phase (no itemId) or an item cannot be deleted: each item outside it that names it (or,
 * for a phase, one of its items) as a prerequisite, a conditional target, or the target of a
 * reset or complete (spec 2 §5). Empty: it can be deleted.
 */
export function deletionBlockers(phases: readonly RulePhase[], target: { phaseId: string; itemId?: string }): string[] {
  const inTarget = (ref: RuleRef) => ref.phaseId === target.phaseId && (target.itemId === undefined || ref.itemId === target.itemId);
  const reasons: string[] = [];
  for (const phase of phases) {
    for (const item of phase.items) {
      if (inTarget({ phaseId: phase.phaseId, itemId: item.itemId })) continue;
      for (const link of linksOf(item)) {
        if (!inTarget(link.target)) continue;
        const named = target.itemId === undefined ? itemName(phases, link.target) : 'It';
        reasons.push(`${named} is the ${LINK_WORDS[link.kind]} of ${phase.phaseName} › ${item.itemName}.`);
      }
    }
  }
  return [...new Set(reasons)];
}

function itemName(phases: readonly RulePhase[], ref: RuleRef): string {
  const phase = phases.find((p) => p.phaseId === ref.phaseId);
  return phase?.items.find((i) => i.itemId === ref.itemId)?.itemName ?? 'An item';
}

/** The workflow's items in order, each with its phase: the order prerequisites, resets and completes read. */
export function itemsInOrder<I extends RuleItem>(phases: readonly RulePhase<I>[]): { phase: RulePhase<I>; item: I; index: number }[] {
  let index = 0;
  return phases.flatMap((phase) => phase.items.map((item) => ({ phase, item, index: index++ })));
}

/** Auto-reset's bounds (spec 2 §4): 'All before' is disabled for the first item, 'All after' for the last. */
export function resetBounds(phases: readonly RulePhase[], ref: RuleRef): { allBefore: boolean; allAfter: boolean } {
  const all = itemsInOrder(phases);
  const at = all.findIndex(({ phase, item }) => phase.phaseId === ref.phaseId && item.itemId === ref.itemId);
  return { allBefore: at > 0, allAfter: at >= 0 && at < all.length - 1 };
}

/** The items before (or after) this one, in workflow order. */
export function itemsBefore(phases: readonly RulePhase[], ref: RuleRef): RuleRef[] {
  const all = itemsInOrder(phases).map(({ phase, item }) => ({ phaseId: phase.phaseId, itemId: item.itemId }));
  const at = all.findIndex((r) => key(r) === key(ref));
  return at < 0 ? [] : all.slice(0, at);
}
export function itemsAfter(phases: readonly RulePhase[], ref: RuleRef): RuleRef[] {
  const all = itemsInOrder(phases).map(({ phase, item }) => ({ phaseId: phase.phaseId, itemId: item.itemId }));
  const at = all.findIndex((r) => key(r) === key(ref));
  return at < 0 ? [] : all.slice(at + 1);
}

/** Auto-complete's 'all previous' (spec 2 §4): every earlier item that has no requirements and no conditions. */
export function allPreviousCompletable(phases: readonly RulePhase[], ref: RuleRef): RuleRef[] {
  const before = new Set(itemsBefore(phases, ref).map(key));
  return itemsInOrder(phases)
    .filter(({ phase, item }) => before.has(key({ phaseId: phase.phaseId, itemId: item.itemId })))
    .filter(({ item }) => (item.requirements?.length ?? 0) === 0 && (item.conditionalVisibility?.length ?? 0) === 0)
    .map(({ phase, item }) => ({ phaseId: phase.phaseId, itemId: item.itemId }));
}

/** The targets a conditional-visibility row may still pick: any item but this one and those already used by the other rows. */
export function conditionalTargets(phases: readonly RulePhase[], ref: RuleRef, usedByOthers: readonly RuleRef[]): RuleRef[] {
  const used = new Set([key(ref), ...usedByOthers.map(key)]);
  return itemsInOrder(phases)
    .map(({ phase, item }) => ({ phaseId: phase.phaseId, itemId: item.itemId }))
    .filter((r) => !used.has(key(r)));
}

// ------------------------------------------------------------------ equipment status

/** Progress states an equipment status may set (spec 2 §3). */
export const PROGRESS_STATES = [
  { value: 0, label: 'Progress' },
  { value: 1, label: 'Reset' },
] as const;

/** At most 2 equipment mappings per item (spec 2 §9). */
export const MAX_EQUIPMENT_MAPPINGS = 2;

/**
 * The equipment statuses an item may map (spec 2 §3, §9): Unavailable (2), Available (3), then
 * the projects' custom statuses numbered from 3 plus their position (the first is 4).
 */
export function equipmentStatusOptions(customStatuses: readonly string[]): { value: number; label: string }[] {
  return [{ value: 2, label: 'Unavailable' }, { value: 3, label: 'Available' }, ...customStatuses.map((label, index) => ({ value: 3 + index + 1, label }))];
}

/** Whether the projects' custom equipment statuses agree (spec 2 §5: differing ones cannot be combined when an item maps a status). */
export function customStatusesAgree(perProject: readonly (readonly string[])[]): boolean {
  const first = JSON.stringify(perProject[0] ?? []);
  return perProject.every((statuses) => JSON.stringify(statuses) === first);
}

/** The project config that names a project's custom equipment statuses, and its parameter holding the list. */
export const CUSTOM_EQUIPMENT_STATUS_CONFIG = 'CustomEquipmentStatus';
export const CUSTOM_EQUIPMENT_STATUS_PARAMETER = 'Statuses';

/**
 * A project's custom equipment statuses, in order, from its CustomEquipmentStatus config's data
 * (parameter 'Statuses', a list of names; an entry given as `{ name }` counts by its name). A
 * project without the config (null) has none.
 */
export function customEquipmentStatuses(
  data: { configs?: readonly { parameters?: readonly { name: string; value?: unknown }[] }[] } | null | undefined,
): string[] {
  const value = (data?.configs ?? [])
    .flatMap((entry) => entry.parameters ?? [])
    .find((parameter) => parameter.name === CUSTOM_EQUIPMENT_STATUS_PARAMETER)?.value;
  if (!Array.isArray(value)) return [];
  return value.flatMap((status: unknown) =>
    typeof status === 'string'
      ? [status]
      : typeof status === 'object' && status !== null && typeof (status as { name?: unknown }).name === 'string'
        ? [(status as { name: string }).name]
        : [],
  );
}

// ------------------------------------------------------------------ projects

const GEO = 1;

export function hasGeoTrigger(phases: readonly RulePhase[]): boolean {
  return phases.some((phase) => phase.items.some((item) => (item.triggers ?? []).some((trigger) => trigger.triggerType === GEO)));
}

/** An item of type 3 (Production): such a workflow is no option for a resource type (spec 2 §5). */
export function hasProductionItem(phases: readonly { items?: readonly { itemType?: number }[] }[]): boolean {
  return phases.some((phase) => (phase.items ?? []).some((item) => item.itemType === ItemType.Production));
}

export function hasEquipmentStatus(phases: readonly RulePhase[]): boolean {
  return phases.some((phase) => phase.items.some((item) => (item.itemStateFromEquipmentStatus?.length ?? 0) > 0));
}

/** The sites an item's Geo triggers name. */
export function geoTriggerSites(phases: readonly RulePhase[]): number[] {
  return [
    ...new Set(phases.flatMap((phase) => phase.items.flatMap((item) => (item.triggers ?? []).filter((t) => t.triggerType === GEO).map((t) => t.siteID ?? 0)))),
  ];
}

/**
 * Whether the project selection may change from `before` to `after` (spec 2 §5): a Geo trigger
 * blocks adding projects, an equipment status blocks removing the final one. The message, or
 * null when it may.
 */
export function projectChangeError(phases: readonly RulePhase[], before: readonly number[], after: readonly number[]): string | null {
  const added = after.some((id) => !before.includes(id));
  if (added && hasGeoTrigger(phases) && after.length > 1) return M.geoTriggerBlocksProjects;
  if (after.length === 0 && before.length > 0 && hasEquipmentStatus(phases)) return M.equipmentStatusBlocksRemoval;
  return null;
}

// ------------------------------------------------------------------ weights

/** How far a sum of weights may be from 100 (spec 2 §9). */
export const WEIGHT_SUM_TOLERANCE = 0.0001;

export function weightSum(weights: readonly (number | undefined)[]): number {
  return weights.reduce<number>((sum, weight) => sum + (weight ?? 0), 0);
}

export function sumsTo100(weights: readonly (number | undefined)[]): boolean {
  return Math.abs(weightSum(weights) - 100) <= WEIGHT_SUM_TOLERANCE;
}

/** `count` weights of 4 decimals that sum to exactly 100 (the last takes the rounding): 'spread evenly'. */
export function spreadEvenly(count: number): number[] {
  if (count <= 0) return [];
  const each = Math.floor((100 / count) * 10_000) / 10_000;
  const last = Math.round((100 - each * (count - 1)) * 10_000) / 10_000;
  return [...Array.from({ length: count - 1 }, () => each), last];
}

/** The phase sum and each phase's item sum, as the designer shows them live. */
export function weightSums(phases: readonly RulePhase[]): { phases: number; items: Record<string, number> } {
  return {
    phases: weightSum(phases.map((phase) => phase.phaseWeight)),
    items: Object.fromEntries(phases.map((phase) => [phase.phaseId, weightSum(phase.items.map((item) => item.itemWeight))])),
  };
}

// ------------------------------------------------------------------ copy

/**
 * A copy of a workflow's phases (spec 2 §4): every phase and item gets a new GUID, item
 * e-mails are cleared, and every internal link (prerequisites, conditions, resets, completes)
 * points to the copied item. `newId` makes a GUID (crypto.randomUUID).
 */
export function copyPhases<P extends RulePhase>(phases: readonly P[], newId: () => string): P[] {
  const phaseIds = new Map(phases.map((phase) => [phase.phaseId, newId()]));
  const itemIds = new Map(phases.flatMap((phase) => phase.items.map((item) => [key({ phaseId: phase.phaseId, itemId: item.itemId }), newId()] as const)));
  const remap = <R extends RuleRef>(ref: R): R => {
    const itemId = itemIds.get(key(ref));
    const phaseId = phaseIds.get(ref.phaseId);
    return itemId && phaseId ? { ...ref, phaseId, itemId } : ref;
  };
  return phases.map((phase) => ({
    ...phase,
    phaseId: phaseIds.get(phase.phaseId)!,
    items: phase.items.map((item) => ({
      ...item,
      itemId: itemIds.get(key({ phaseId: phase.phaseId, itemId: item.itemId }))!,
      preRequisite: item.preRequisite ? remap(item.preRequisite) : item.preRequisite,
      conditionalVisibility: (item.conditionalVisibility ?? []).map(remap),
      complete: (item.complete ?? []).map(remap),
      reset: (item.reset ?? []).map(remap),
      emails: [],
    })),
  }));
}

/**
 * An existing phase added to another workflow ('existing phases not yet in the workflow'):
 * copied with new GUIDs; links to items outside the phase are dropped, since they point into
 * the other workflow.
 */
export function copyPhaseInto<P extends RulePhase>(phase: P, newId: () => string): P {
  const [copy] = copyPhases([phase], newId);
  const ids = new Set(copy!.items.map((item) => item.itemId));
  const inside = (ref: RuleRef) => ref.phaseId === copy!.phaseId && ids.has(ref.itemId);
  return {
    ...copy!,
    items: copy!.items.map((item) => {
      // Conditional visibility needs at least 2 entries: fewer left inside the phase are dropped.
      const conditions = (item.conditionalVisibility ?? []).filter(inside);
      return {
        ...item,
        preRequisite: item.preRequisite && inside(item.preRequisite) ? item.preRequisite : null,
        conditionalVisibility: conditions.length >= 2 ? conditions : [],
        complete: (item.complete ?? []).filter(inside),
        reset: (item.reset ?? []).filter(inside),
      };
    }),
  };
}
