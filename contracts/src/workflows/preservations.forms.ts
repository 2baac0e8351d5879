/**
 * The preservation editor's save rules (spec 2 §5), one schema for the screen and the API: a
 * name, at least one step and at least one project; every step named, with an interval of 0
 * or more in days (0) or hours (1).
 */
import * as v from 'valibot';
import { requiredText } from '../auth/auth.forms';
import { freeJson, idIn, visibleName } from '../common/fields';
import { PreservationMessages as M, WorkflowMessages } from './workflows.messages';
import { guidSchema } from './workflows.forms';

/** The highest step type: 0 is the initial step, the others recur (spec 2 §3); kept far from the column's limit. */
export const STEP_TYPE_MAX = 999;
/** The longest interval, in days or hours: about 270 years in days. */
export const STEP_INTERVAL_MAX = 100_000;
/** A step's free-form fields: what a form of a few dozen fields needs. */
export const STEP_FIELDS_LIMITS = { depth: 8, chars: 20_000 };

const PreservationStepBodySchema = v.object({
  id: v.optional(v.nullable(v.union([idIn(), v.pipe(v.string(), v.maxLength(100))]))),
  name: v.pipe(requiredText(M.stepNameRequired), v.maxLength(200, WorkflowMessages.textTooLong), visibleName(WorkflowMessages.textInvisible)),
  /** 0 is an initial step; the others recur. */
  type: v.pipe(v.number(M.stepType), v.integer(M.stepType), v.minValue(0, M.stepType), v.maxValue(STEP_TYPE_MAX, M.stepType)),
  interval: v.optional(v.pipe(v.number(M.negativeInterval), v.minValue(0, M.negativeInterval), v.maxValue(STEP_INTERVAL_MAX, M.intervalTooLong)), 0),
  /** 0 days, 1 hours. */
  intervalUnit: v.optional(v.picklist([0, 1], M.intervalUnit), 0),
  phaseName: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200, WorkflowMessages.textTooLong), visibleName(WorkflowMessages.textInvisible)))),
  fields: v.optional(freeJson(STEP_FIELDS_LIMITS, M.stepFieldsTooLarge)),
});

/** A preservation as the editor saves it: one project's copy (no id for a new one). */
export const PreservationBodySchema = v.object({
  id: v.optional(idIn()),
  name: v.pipe(requiredText(M.nameRequired), v.maxLength(200, M.nameTooLong), visibleName(M.nameInvisible)),
  projectId: idIn('projectId must be a project id.'),
  /** Links the copies of one preservation across projects. */
  preservationRelatedKey: guidSchema,
  preservationSteps: v.pipe(v.array(PreservationStepBodySchema, M.stepsRequired), v.nonEmpty(M.stepsRequired), v.maxLength(500)),
});
export type PreservationInput = v.InferInput<typeof PreservationBodySchema>;

/** The messages the save rules give a preservation, by field path (`name`, `preservationSteps.0.interval`): the editor shows them as the API would. */
export function preservationErrors(input: unknown): Record<string, string> {
  const result = v.safeParse(PreservationBodySchema, input);
  const errors: Record<string, string> = {};
  // The first message of each field, as a form shows one.
  for (const issue of result.issues ?? []) errors[v.getDotPath(issue) ?? ''] ??= issue.message;
  return errors;
}
