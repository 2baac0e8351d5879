/**
 * The messages the API would answer for a draft item, by path: the tabs validate the item
 * through the contract's ItemBodySchema (the body the bulk save checks) instead of repeating
 * its rules, and show each message under its field.
 */
import * as v from 'valibot';
import { ItemBodySchema } from 'contracts/workflows';
import { fieldErrors, type FieldErrors } from 'shared';
import type { DraftItem } from '../designer.types';

const check = (item: unknown): FieldErrors => {
  const result = v.safeParse(ItemBodySchema, item);
  return result.success ? {} : fieldErrors(result.issues);
};

// A private-use character: no name a user types starts with it.
const STAND_IN = '\u{E000}';
const standInName = (name: string | undefined, index: number) => ((name ?? '').trim() === '' ? `${STAND_IN}${index}` : name);
// A status number no project has.
const STAND_IN_STATUS = 1_000_000;
const standInId = (id: string, index: number) => (id === '' ? `00000000-0000-4000-8000-${String(index).padStart(12, '0')}` : id);

/**
 * The item with every blank name, conditional target and equipment status filled with a
 * distinct stand-in: a row's other checks (a Geo trigger's site, a Default production's
 * quantity and UOM) and a list's own rules (at least 2 conditions, unique names, states and
 * statuses) run only once the rows are valid, so they are checked again on this copy and shown
 * at once instead of one after the other.
 */
function withStandIns(item: DraftItem): DraftItem {
  return {
    ...item,
    requirements: item.requirements.map((row, i) => ({ ...row, name: standInName(row.name, i)! })),
    triggers: item.triggers.map((row, i) => ({ ...row, triggerName: standInName(row.triggerName, i)! })),
    conditionalVisibility: item.conditionalVisibility.map((row, i) => ({
      ...row,
      name: standInName(row.name, i)!,
      phaseId: standInId(row.phaseId, i),
      itemId: standInId(row.itemId, i),
    })),
    production: item.production ? { ...item.production, name: standInName(item.production.name, 0)! } : item.production,
    itemStateFromEquipmentStatus: item.itemStateFromEquipmentStatus.map((row, i) => ({
      ...row,
      equipmentStatusState: row.equipmentStatusState ?? STAND_IN_STATUS + i,
    })),
  };
}

/** Every message for the item by dotted path ('requirements.0.name', 'conditionalVisibility'); the first check's message wins. */
export function itemErrors(item: DraftItem): FieldErrors {
  return { ...check(withStandIns(item)), ...check(item) };
}

/** The messages under `prefix` ('triggers'), relative to it ('0.triggerName'; '' for the list itself). */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === prefix) out[''] = message;
    else if (path.startsWith(`${prefix}.`)) out[path.slice(prefix.length + 1)] = message;
  }
  return out;
}

/** The messages at `prefix` ('triggers') and under it, by their full paths: what one tab's form shows. */
export function errorsOf(errors: FieldErrors, prefix: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => path === prefix || path.startsWith(`${prefix}.`)));
}

/** The rows whose `value` repeats another row's: where a list's 'must be unique' message goes. */
export function repeatedRows<T>(rows: readonly T[], value: (row: T) => unknown): Set<number> {
  const seen = new Map<string, number[]>();
  rows.forEach((row, index) => {
    const key = JSON.stringify(value(row));
    seen.set(key, [...(seen.get(key) ?? []), index]);
  });
  return new Set([...seen.values()].filter((indexes) => indexes.length > 1).flat());
}

/** Whether two values hold the same data (a held edit against the item's own). */
export function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
