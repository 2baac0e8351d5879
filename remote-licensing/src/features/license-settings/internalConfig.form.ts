/**
 * The internal configuration form (spec 1 §3: CustomerCode, OpportunityId, ProjectOverrides keyed
 * by project id, each a type and a value) as the screen holds it: text fields, and one row per
 * override (a project, a type, a value) whose fields are named after the row's key. It parses
 * into the body of POST license/{licenseId}/intelliwave-config and ends in the endpoint's own
 * schema, so a field says what the API would say about the same value.
 */
import * as v from 'valibot';
import { InternalLicenseConfigBodySchema, LicenseMessages, type InternalLicenseConfig } from 'contracts/licensing';

export type FormValues = Record<string, string>;
export type RowPart = 'project' | 'type' | 'value';

/** The form field of one part of override row `key`. */
export const rowField = (part: RowPart, key: string) => `${part}_${key}`;

const text = (values: FormValues, name: string) => values[name] ?? '';

/** The form's starting values and rows: one row per stored override, in the stored order. */
export function formStart(config: InternalLicenseConfig): { values: FormValues; rowKeys: string[] } {
  const values: FormValues = { CustomerCode: config.CustomerCode ?? '', OpportunityId: config.OpportunityId ?? '' };
  const rowKeys: string[] = [];
  for (const [projectId, overrides] of Object.entries(config.ProjectOverrides ?? {})) {
    for (const override of overrides) {
      const key = `r${rowKeys.length}`;
      rowKeys.push(key);
      values[rowField('project', key)] = projectId;
      values[rowField('type', key)] = override.type;
      values[rowField('value', key)] = override.value;
    }
  }
  return { values, rowKeys };
}

/** The overrides of the rows, by project id in the rows' order (types trimmed). */
function overridesOf(values: FormValues, rowKeys: readonly string[]): Record<string, { type: string; value: string }[]> {
  const out: Record<string, { type: string; value: string }[]> = {};
  for (const key of rowKeys) {
    const project = text(values, rowField('project', key));
    (out[project] ??= []).push({ type: text(values, rowField('type', key)).trim(), value: text(values, rowField('value', key)) });
  }
  return out;
}

/** Whether row `key`'s type is given by an earlier row of the same project. */
function repeatsType(values: FormValues, rowKeys: readonly string[], key: string): boolean {
  const project = text(values, rowField('project', key));
  const type = text(values, rowField('type', key)).trim();
  if (!project || !type) return false;
  const earlier = rowKeys.slice(0, rowKeys.indexOf(key));
  return earlier.some((other) => text(values, rowField('project', other)) === project && text(values, rowField('type', other)).trim() === type);
}

/** The form's schema for the rows `rowKeys`: each row's project and type required, one type once per project. */
export function internalConfigFormSchema(rowKeys: readonly string[]) {
  const rowEntries = Object.fromEntries(
    rowKeys.flatMap((key) => [
      [rowField('project', key), v.pipe(v.optional(v.string(), ''), v.nonEmpty(LicenseMessages.overrideProjectRequired))],
      [
        rowField('type', key),
        v.pipe(v.optional(v.string(), ''), v.trim(), v.nonEmpty(LicenseMessages.overrideTypeRequired), v.maxLength(200, LicenseMessages.overrideTypeTooLong)),
      ],
      [rowField('value', key), v.pipe(v.optional(v.string(), ''), v.maxLength(2000, LicenseMessages.overrideValueTooLong))],
    ]),
  );
  return v.pipe(
    v.looseObject({ CustomerCode: v.optional(v.string(), ''), OpportunityId: v.optional(v.string(), ''), ...rowEntries }),
    // A type given twice for one project: said under the later row's type.
    v.rawCheck<FormValues>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const values = dataset.value;
      for (const key of rowKeys) {
        if (!repeatsType(values, rowKeys, key)) continue;
        const field = rowField('type', key);
        addIssue({
          message: LicenseMessages.overrideTypeRepeated(text(values, field).trim()),
          path: [{ type: 'object', origin: 'value', input: values, key: field, value: values[field] }],
        });
      }
    }),
    v.transform((values: FormValues) => ({
      CustomerCode: text(values, 'CustomerCode').trim() || null,
      OpportunityId: text(values, 'OpportunityId').trim() || null,
      ProjectOverrides: overridesOf(values, rowKeys),
    })),
    InternalLicenseConfigBodySchema,
  );
}

/**
 * What the form would save, as text: the form differs from the stored configuration when this
 * does. A project's overrides are compared by type (the server answers them in that order).
 */
export function formSnapshot(values: FormValues, rowKeys: readonly string[]): string {
  const overrides = Object.entries(overridesOf(values, rowKeys)).map(([projectId, list]) => [
    projectId,
    [...list].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
  ]);
  return JSON.stringify([text(values, 'CustomerCode').trim(), text(values, 'OpportunityId').trim(), overrides]);
}

/** The stored configuration in the same form as {@link formSnapshot}. */
export function configSnapshot(config: InternalLicenseConfig): string {
  const { values, rowKeys } = formStart(config);
  return formSnapshot(values, rowKeys);
}
