/**
 * The new project form (spec 1 §2: Project Name, Description, License, Environment, Parent
 * Project) as the screen holds it — text in the fields — with the name and description of the
 * call's own body schema, so a field says what the API would say about the same value.
 */
import * as v from 'valibot';
import { ProjectCreateBodySchema, ProjectMessages } from 'contracts/projects-sites';

/** A choice in a select: empty is none (null), otherwise the id. */
const optionalId = v.pipe(
  v.string(),
  v.transform((text) => (text === '' ? null : Number(text))),
);

export const ProjectNewFormSchema = v.object({
  name: ProjectCreateBodySchema.entries.name,
  description: ProjectCreateBodySchema.entries.description,
  licenseId: optionalId,
  environmentId: optionalId,
  parentProjectId: optionalId,
});

/**
 * The form of a super administrator, who names the licence: it starts on the spec's placeholder
 * ('Select an option...', spec 2 §9) and must be chosen — no licence is chosen for them
 * (issue 36: the first one alphabetically was preselected).
 */
export const ProjectNewWithLicenseSchema = v.object({
  ...ProjectNewFormSchema.entries,
  licenseId: v.pipe(
    v.string(),
    v.minLength(1, ProjectMessages.licenseRequired),
    v.transform((text) => Number(text)),
  ),
});

/** What the form holds: every field as text. */
export type ProjectNewValues = { name: string; description: string; licenseId: string; environmentId: string; parentProjectId: string };

export type ProjectNewOutput = v.InferOutput<typeof ProjectNewFormSchema> | v.InferOutput<typeof ProjectNewWithLicenseSchema>;

/**
 * The body of POST project: a licence only when the caller may name one (super administrators;
 * anyone else creates in their own licence), no environment or parent when none is chosen.
 */
export function createBody(output: ProjectNewOutput, namesLicense: boolean): v.InferInput<typeof ProjectCreateBodySchema> {
  return {
    name: output.name,
    description: output.description,
    ...(namesLicense && output.licenseId !== null ? { licenseId: output.licenseId } : {}),
    environmentId: output.environmentId,
    parentProjectId: output.parentProjectId,
  };
}
