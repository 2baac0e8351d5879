/** API keys. The secret (`apiKey`) is only in the create answer; lists show `keyPrefix`. */
import * as v from 'valibot';
import { AddonDataSchema } from './addons.entities';
import { int, list, maybeDate, text } from '../common/fields';
import { pageOf } from '../common/page';

/** An add-on of a key, with the add-on's data (name, colour, category) for the badges. */
export const ApiKeyAddonSchema = v.looseObject({
  addOnId: int,
  addonData: v.nullish(
    v.looseObject({
      ...AddonDataSchema.entries,
      name: v.optional(v.string()),
      shortName: v.optional(v.string()),
      color: v.optional(v.string()),
    }),
  ),
});
export type ApiKeyAddon = v.InferOutput<typeof ApiKeyAddonSchema>;

/** A project of a key. */
export const ApiKeyProjectSchema = v.looseObject({
  apiKeyId: v.optional(int),
  projectId: int,
  name: v.optional(v.string()),
  /** Assigned to this key (the spec names the field only). */
  assignedTo: v.optional(v.boolean(), true),
  /** Ours: GET apikeys/{id}/projects lists the licence's projects with these, for the tree. */
  description: v.optional(v.string(), ''),
  parentProjectId: v.nullish(int),
  isActive: v.optional(v.boolean(), true),
});
export type ApiKeyProject = v.InferOutput<typeof ApiKeyProjectSchema>;

export const ApiKeySchema = v.looseObject({
  apiKeyId: int,
  keyPrefix: v.string(),
  name: v.string(),
  description: text(),
  licenseId: int,
  licenseName: v.nullish(v.string()),
  isActive: v.boolean(),
  allProjects: v.boolean(),
  createdDate: maybeDate(),
  updatedDate: maybeDate(),
  /** Ours: when the key last authenticated a call. */
  lastUsedDate: maybeDate(),
  keyAddons: list(ApiKeyAddonSchema),
  projects: list(ApiKeyProjectSchema),
  roleIds: list(int),
});
export type ApiKey = v.InferOutput<typeof ApiKeySchema>;

/** POST apikeys: the new key with its secret, shown once. */
export const CreatedApiKeySchema = v.looseObject({ ...ApiKeySchema.entries, apiKey: v.string() });
export type CreatedApiKey = v.InferOutput<typeof CreatedApiKeySchema>;

/** The columns the API key list sorts by (on the server). */
export const API_KEY_SORTS = ['name', 'keyPrefix', 'licenseName', 'isActive'] as const;
export type ApiKeySort = (typeof API_KEY_SORTS)[number];

export const ApiKeyPageSchema = pageOf(ApiKeySchema);
export type ApiKeyPage = v.InferOutput<typeof ApiKeyPageSchema>;
