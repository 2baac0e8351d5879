/** Preservation (maintenance) plans: initial and recurring steps with intervals; copies share preservationRelatedKey. */
import * as v from 'valibot';
import { guid, int, list, maybeText, text } from '../common/fields';
import { ResourceTypeSchema } from '../licensing/resource-types.entities';

/** A step; type 0 is an initial step; intervalUnit 0 days, 1 hours. */
export const PreservationStepSchema = v.looseObject({
  id: v.nullish(v.union([int, v.string()])),
  name: v.string(),
  type: int,
  interval: v.optional(v.number(), 0),
  intervalUnit: v.optional(int, 0),
  phaseName: maybeText(),
  fields: v.optional(v.unknown()),
});
export type PreservationStep = v.InferOutput<typeof PreservationStepSchema>;

export const PreservationSchema = v.looseObject({
  id: int,
  name: v.string(),
  projectId: int,
  projectName: text(),
  preservationRelatedKey: guid,
  preservationSteps: list(PreservationStepSchema),
});
export type Preservation = v.InferOutput<typeof PreservationSchema>;

/** POST preservation/getAll: `{ success, data }`. */
export const PreservationListReplySchema = v.looseObject({
  success: v.boolean(),
  data: list(PreservationSchema),
  message: maybeText(),
});
export type PreservationListReply = v.InferOutput<typeof PreservationListReplySchema>;

/** A preservation's resource types in a project (the Resource Preservation Config tab). */
export const PreservationResourceTypesSchema = v.looseObject({
  preservationId: int,
  name: v.optional(v.string()),
  projectId: v.optional(int),
  resourceTypes: list(ResourceTypeSchema),
  /** Ours: the key its copies share, so a copy to another project finds the preservation there. */
  preservationRelatedKey: v.optional(v.string()),
});
export type PreservationResourceTypes = v.InferOutput<typeof PreservationResourceTypesSchema>;
