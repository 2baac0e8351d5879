/**
 * The import system form (spec 1 §2 ImportsNew and ImportsView; §5: name required, path
 * required, project required) as the screens hold it — text in the fields, switches as
 * booleans — with the name, path and description rules of the call's own body schema, so a
 * field says what the API would say about the same value.
 */
import * as v from 'valibot';
import { ImportSystemBodySchema, type ImportSystem } from 'contracts/projects-sites';
import type { ImportSystemBody } from './imports.api';

/**
 * Spec 1 §5 says a project is required but gives no text; the contract's catalogue has none for
 * the form (ImportMessages.reportProjectRequired is the report list's), so the form says this.
 */
export const PROJECT_REQUIRED = 'Please select a project for the import system.';

const { displayName, path } = ImportSystemBodySchema.entries;
/** The description's rule without the body's default (the form always holds text). */
const description = ImportSystemBodySchema.entries.description.wrapped;

/** A new import system: its project is chosen in the form (the call's path names it). */
export const ImportNewFormSchema = v.object({
  displayName,
  description,
  path,
  projectId: v.pipe(v.string(), v.nonEmpty(PROJECT_REQUIRED), v.transform(Number)),
  active: v.boolean(),
});
export type ImportNewValues = { displayName: string; description: string; path: string; projectId: string; active: boolean };

/** An import system's fields as its view edits them: the project never changes. */
export const ImportEditFormSchema = v.object({ displayName, path, description, isInternal: v.boolean(), active: v.boolean() });
export type ImportEditValues = { displayName: string; path: string; description: string; isInternal: boolean; active: boolean };

/** What the view's form starts from: the import system as saved. */
export const editValues = (system: ImportSystem): ImportEditValues => ({
  displayName: system.displayName,
  path: system.path,
  description: system.description,
  isInternal: system.isInternal,
  active: system.active,
});

/** The body of POST projects/{projectId}/imports for the new form's output. */
export const createBody = (output: v.InferOutput<typeof ImportNewFormSchema>): ImportSystemBody => ({
  displayName: output.displayName,
  description: output.description,
  path: output.path,
  active: output.active,
});
