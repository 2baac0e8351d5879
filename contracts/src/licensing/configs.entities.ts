/**
 * Configs of a project, of a licence, or the licence defaults: named, each holding
 * `data.configs[]` of properties with parameters. Resource properties are the parameters
 * of the ResourceProperties config.
 */
import * as v from 'valibot';
import { int, list, maybeInt, maybeText } from '../common/fields';
import { ResourceTypeSchema } from './resource-types.entities';

export const ConfigParameterSchema = v.looseObject({
  name: v.string(),
  /** Number, text, flag or list, by `inputType`. */
  value: v.unknown(),
  bool: v.optional(v.boolean()),
  label_name: maybeText(),
  label_type: maybeText(),
  resourceTypes: v.optional(v.array(ResourceTypeSchema)),
  required: v.optional(v.boolean()),
  /** e.g. positiveNumber, text, bool, list. */
  inputType: maybeText(),
});
export type ConfigParameter = v.InferOutput<typeof ConfigParameterSchema>;

export const ConfigEntrySchema = v.looseObject({ property: v.string(), parameters: list(ConfigParameterSchema) });
export type ConfigEntry = v.InferOutput<typeof ConfigEntrySchema>;

export const ConfigDataSchema = v.looseObject({ configs: list(ConfigEntrySchema) });
export type ConfigData = v.InferOutput<typeof ConfigDataSchema>;

export const ConfigSchema = v.looseObject({
  /** The config's id (DELETE configs/{configId}). */
  id: int,
  /** The licence config's id (DELETE license/{licenseId}/configs/{systemConfigId}). */
  systemConfigId: maybeInt(),
  name: v.string(),
  isLicense: v.optional(v.boolean(), false),
  licenseId: maybeInt(),
  projectId: maybeInt(),
  data: ConfigDataSchema,
});
export type Config = v.InferOutput<typeof ConfigSchema>;

/** Body of POST/PUT configs and license/{licenseId}/configs; `id` (or `systemConfigId`) names the one to update. */
export const ConfigInputSchema = v.object({
  id: v.optional(int),
  systemConfigId: v.optional(v.nullable(int)),
  name: v.string(),
  isLicense: v.optional(v.boolean()),
  licenseId: v.optional(v.nullable(int)),
  projectId: v.optional(v.nullable(int)),
  data: ConfigDataSchema,
});
export type ConfigInput = v.InferOutput<typeof ConfigInputSchema>;

/**
 * A resource property, read from a ResourceProperties parameter (its `name` may hold a JSON
 * blob with type, selection and requiresElevated). Some need elevated privileges to edit.
 */
export const ResourcePropertySchema = v.looseObject({
  label_name: v.string(),
  name: v.string(),
  type: v.optional(v.picklist(['default', 'selection']), 'default'),
  selection: list(v.string()),
  requiresElevated: v.optional(v.boolean(), false),
  resourceTypes: list(ResourceTypeSchema),
});
export type ResourceProperty = v.InferOutput<typeof ResourcePropertySchema>;

/** GET spot/status: the check-in/out status options (Clear Status -1, Unavailable 2, Available 3, custom from 3). */
export const MaterialStatusReplySchema = v.looseObject({
  materialStatusOptions: list(v.looseObject({ state: v.optional(v.number()), name: v.optional(v.string()) })),
});
export type MaterialStatusReply = v.InferOutput<typeof MaterialStatusReplySchema>;
