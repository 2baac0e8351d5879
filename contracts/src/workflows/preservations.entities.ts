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

/** A preservation as the console sends it (POST and PUT {projectId}/preservation/bulk); no id for a new one. */
export const PreservationInputSchema = v.object({
  id: v.optional(int),
  name: v.string(),
  projectId: int,
  preservationRelatedKey: guid,
  preservationSteps: v.array(
    v.object({
      id: v.optional(v.nullable(v.union([int, v.string()]))),
      name: v.string(),
      type: int,
      interval: v.number(),
      intervalUnit: int,
      phaseName: v.optional(v.nullable(v.string())),
      fields: v.optional(v.unknown()),
    }),
  ),
});
export type PreservationInput = v.InferOutput<typeof PreservationInputSchema>;

/** A preservation's resource types in a project (the Resource Preservation Config tab). */
export const PreservationResourceTypesSchema = v.looseObject({
  preservationId: int,
  name: v.optional(v.string()),
  projectId: v.optional(int),
  resourceTypes: list(ResourceTypeSchema),
});
export type PreservationResourceTypes = v.InferOutput<typeof PreservationResourceTypesSchema>;

/** Body of POST {projectId}/Resource/resourcetype/preservation (the spec's PascalCase names). */
export const PreservationResourceTypesInputSchema = v.object({ PreservationId: v.array(int), ResourceTypes: v.array(int) });
export type PreservationResourceTypesInput = v.InferOutput<typeof PreservationResourceTypesInputSchema>;

/** Body of POST {projectId}/Resource/resourcetype/preservations/delete. */
export const PreservationResourceTypeRemoveSchema = v.object({ PreservationId: int, ResourceType: int });
export type PreservationResourceTypeRemove = v.InferOutput<typeof PreservationResourceTypeRemoveSchema>;
