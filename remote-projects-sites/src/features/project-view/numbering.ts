/**
 * The document numbering editor's rules (spec 1 §4 auto numbering): only rows whose next number
 * changed are sent, each with the number it was read with (the server writes a row only if it
 * still has that number); rows answered `success: false` changed elsewhere and are listed in
 * the conflict dialog with what was sent and what the number is now.
 */
import * as v from 'valibot';
import { NumberingMessages, type DocumentNumbering, type DocumentNumberingResult } from 'contracts/projects-sites';

/** One row of the update's body. */
export interface NumberingChange {
  resourceType: string;
  /** The next number as read (or as last learnt from the server). */
  expectedNextNumber: number;
  newNextNumber: number;
}

/** One row the server did not write: what was sent and what it holds now. */
export interface NumberingConflict {
  resourceType: string;
  label: string;
  newNextNumber: number;
  /** Null when the server did not say. */
  actualNextNumber: number | null;
}

/** The largest next number (an int4 column). */
const MAX_NEXT_NUMBER = 2_147_483_647;

/** A next number as typed: a whole number from 0 (the API's own bound and message). */
export const nextNumberField = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,10}$/, NumberingMessages.nextNumber),
  v.transform(Number),
  v.maxValue(MAX_NEXT_NUMBER, NumberingMessages.nextNumber),
);

/** The message under a typed next number, or undefined when it is one. */
export function nextNumberError(text: string): string | undefined {
  const parsed = v.safeParse(nextNumberField, text);
  return parsed.success ? undefined : parsed.issues[0].message;
}

/** The number each row's next number is compared with: as read. */
export const baseOf = (rows: readonly DocumentNumbering[]): Record<string, number> => Object.fromEntries(rows.map((row) => [row.property, row.value]));

/** The fields' starting text: each row's next number as read. */
export const draftOf = (rows: readonly DocumentNumbering[]): Record<string, string> => Object.fromEntries(rows.map((row) => [row.property, String(row.value)]));

/** The rows to send: those whose typed number is valid and differs from their base, in the table's order. */
export function numberingChanges(
  rows: readonly DocumentNumbering[],
  base: Readonly<Record<string, number>>,
  draft: Readonly<Record<string, string>>,
): NumberingChange[] {
  const changes: NumberingChange[] = [];
  for (const row of rows) {
    const expected = base[row.property] ?? row.value;
    const parsed = v.safeParse(nextNumberField, draft[row.property] ?? String(expected));
    if (parsed.success && parsed.output !== expected) changes.push({ resourceType: row.property, expectedNextNumber: expected, newNextNumber: parsed.output });
  }
  return changes;
}

/** Whether any typed number is not a valid next number (Save stays disabled). */
export const hasInvalidNumber = (draft: Readonly<Record<string, string>>): boolean => Object.values(draft).some((text) => nextNumberError(text) !== undefined);

/** The rows the server did not write, with their labels, in the answer's order. */
export function numberingConflicts(
  results: readonly DocumentNumberingResult[],
  rows: readonly DocumentNumbering[],
  sent: readonly NumberingChange[],
): NumberingConflict[] {
  const labelOf = new Map(rows.map((row) => [row.property, row.label]));
  const sentOf = new Map(sent.map((change) => [change.resourceType, change.newNextNumber]));
  return results
    .filter((result) => !result.success)
    .map((result) => {
      const resourceType = String(result.resourceType);
      return {
        resourceType,
        label: labelOf.get(resourceType) ?? resourceType,
        newNextNumber: result.newNextNumber ?? sentOf.get(resourceType) ?? 0,
        actualNextNumber: result.actualNextNumber ?? null,
      };
    });
}

/**
 * The bases after a save: a written row's is what was written, a conflicting row's is what the
 * server holds now — so saving the same edit again (after Keep editing) overwrites knowingly.
 */
export function baseAfterSave(base: Readonly<Record<string, number>>, results: readonly DocumentNumberingResult[]): Record<string, number> {
  const next = { ...base };
  for (const result of results) {
    const resourceType = String(result.resourceType);
    if (result.success && result.newNextNumber !== undefined) next[resourceType] = result.newNextNumber;
    else if (!result.success && result.actualNextNumber != null) next[resourceType] = result.actualNextNumber;
  }
  return next;
}
