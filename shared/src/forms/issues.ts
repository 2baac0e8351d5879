import type { BaseIssue } from 'valibot';

/** Field errors keyed by dotted path ('' for the whole form), first message per field. */
export type FieldErrors = Record<string, string>;

/** Turns valibot issues into one message per field, keeping the first (most basic) one. */
export function fieldErrors(issues: readonly BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = (issue.path ?? []).map((p) => String(p.key)).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
