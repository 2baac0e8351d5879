/**
 * Configs of a project, of a licence, or the licence defaults: named, each holding
 * `data.configs[]` of properties with parameters. Resource properties are the parameters
 * of the ResourceProperties config.
 */
import * as v from 'valibot';
import { requiredText } from '../auth/auth.forms';
import { idIn, int, list, MAX_ID, maybeInt, maybeText, optionalId, tolerant, wholeIn } from '../common/fields';
import { ConfigMessages } from './licensing.messages';
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

/** A config as the API answers it. */
export const ConfigReplySchema = v.object({
  /** The config's id (DELETE configs/{configId}). */
  id: int,
  /** A licence config's own id (DELETE license/{licenseId}/configs/{systemConfigId}); null for a project's. */
  systemConfigId: v.nullable(int),
  name: v.string(),
  isLicense: v.boolean(),
  licenseId: v.nullable(int),
  projectId: v.nullable(int),
  data: ConfigDataSchema,
  /**
   * Ours: counts the config's saves. An update sends the version it read and is refused (409)
   * when the config changed since, so two administrators never silently overwrite each other.
   */
  version: int,
});

export const ConfigSchema = tolerant(ConfigReplySchema, {
  systemConfigId: maybeInt(),
  isLicense: v.optional(v.boolean(), false),
  licenseId: maybeInt(),
  projectId: maybeInt(),
  version: v.optional(int, 1),
});
export type Config = v.InferOutput<typeof ConfigSchema>;

/**
 * Whose configs a screen shows: a project's (the project view's Project Config and Resource
 * Properties Config tabs) or a licence's (the licence settings). The config editors take it
 * as their mount props, whichever remote mounts them.
 */
export type ConfigOwner = { kind: 'project'; projectId: number; licenseId: number | null } | { kind: 'license'; licenseId: number };

/**
 * A parameter as the console sends it: its other fields (labels, resource types, …) are kept
 * as sent. A positiveNumber parameter is never negative (spec 1 §5: 'Value cannot be negative.').
 */
const ConfigParameterBodySchema = v.pipe(
  v.looseObject({
    name: v.pipe(v.string(), v.maxLength(200)),
    value: v.unknown(),
    inputType: v.nullish(v.pipe(v.string(), v.maxLength(50))),
  }),
  v.forward(
    v.check((parameter) => {
      if (parameter.inputType !== 'positiveNumber') return true;
      const value = typeof parameter.value === 'string' && parameter.value.trim() !== '' ? Number(parameter.value) : parameter.value;
      return !(typeof value === 'number' && value < 0);
    }, ConfigMessages.negative),
    ['value'],
  ),
);

const ConfigEntryBodySchema = v.looseObject({
  property: v.pipe(v.string(), v.maxLength(200)),
  parameters: v.optional(v.pipe(v.array(ConfigParameterBodySchema), v.maxLength(1000)), () => []),
});

const anOptionalId = optionalId();

/**
 * Body of POST configs and POST license/{licenseId}/configs: a named config of a project or of
 * a licence (never both), holding `data.configs[]`.
 */
export const ConfigBodySchema = v.pipe(
  v.object({
    id: v.optional(idIn()),
    systemConfigId: anOptionalId,
    name: v.pipe(requiredText(ConfigMessages.nameRequired), v.maxLength(100, ConfigMessages.nameTooLong)),
    isLicense: v.optional(v.boolean()),
    licenseId: anOptionalId,
    projectId: anOptionalId,
    data: v.object({ configs: v.pipe(v.array(ConfigEntryBodySchema), v.maxLength(500)) }),
    /** The version read (updates only). */
    version: v.optional(wholeIn(1, MAX_ID, 'version must be the whole number read with the config.')),
  }),
  v.check((config) => config.licenseId == null || config.projectId == null, ConfigMessages.oneOwner),
);

/** Body of PUT configs and PUT license/{licenseId}/configs: the same, naming the config it changes and the version read. */
export const ConfigUpdateBodySchema = v.pipe(
  ConfigBodySchema,
  v.check((config) => config.id !== undefined || config.systemConfigId != null, ConfigMessages.whichToUpdate),
  v.check((config) => config.version !== undefined, ConfigMessages.versionRequired),
);

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
const MaterialStatusOptionReplySchema = v.object({ state: int, name: v.string() });

/** GET spot/status as the API answers it. */
export const MaterialStatusServerReplySchema = v.object({ materialStatusOptions: v.array(MaterialStatusOptionReplySchema) });

export const MaterialStatusReplySchema = tolerant(MaterialStatusServerReplySchema, {
  materialStatusOptions: list(tolerant(MaterialStatusOptionReplySchema, { state: v.optional(v.number()), name: v.optional(v.string()) })),
});
export type MaterialStatusReply = v.InferOutput<typeof MaterialStatusReplySchema>;
