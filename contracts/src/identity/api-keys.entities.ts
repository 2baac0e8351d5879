/** API keys. The secret (`apiKey`) is only in the create answer; lists show `keyPrefix`. */
import * as v from 'valibot';
import { AddonDataSchema } from './addons.entities';
import { int, list, maybeDate, text, tolerant } from '../common/fields';
import { pageOf } from '../common/page';

/** An add-on of a key as the API answers it, with the add-on's data (name, colour, category) for the badges. */
export const ApiKeyAddonReplySchema = v.object({
  addOnId: int,
  addonData: v.object({ name: v.string(), shortName: v.string(), color: v.string(), category: v.nullable(v.string()) }),
});

/** An add-on of a key, with the add-on's data (name, colour, category) for the badges. */
export const ApiKeyAddonSchema = tolerant(ApiKeyAddonReplySchema, {
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

/** A project of the key's licence as GET apikeys/{id}/projects answers it, for the tree. */
export const ApiKeyProjectReplySchema = v.object({
  apiKeyId: int,
  projectId: int,
  name: v.string(),
  description: v.string(),
  parentProjectId: v.nullable(int),
  isActive: v.boolean(),
  assignedTo: v.boolean(),
});

/** A project a key holds, as a key's answer lists it. */
export const ApiKeyAssignedProjectReplySchema = v.object({ apiKeyId: int, projectId: int, name: v.string(), assignedTo: v.boolean() });

/** A project of a key. */
export const ApiKeyProjectSchema = tolerant(ApiKeyProjectReplySchema, {
  apiKeyId: v.optional(int),
  name: v.optional(v.string()),
  /** Assigned to this key (the spec names the field only). */
  assignedTo: v.optional(v.boolean(), true),
  /** Ours: GET apikeys/{id}/projects lists the licence's projects with these, for the tree. */
  description: v.optional(v.string(), ''),
  parentProjectId: v.nullish(int),
  isActive: v.optional(v.boolean(), true),
});
export type ApiKeyProject = v.InferOutput<typeof ApiKeyProjectSchema>;

/** A key as the API's lists and views answer it: never its secret or hash. */
export const ApiKeyReplySchema = v.object({
  apiKeyId: int,
  keyPrefix: v.string(),
  name: v.string(),
  description: v.string(),
  licenseId: int,
  licenseName: v.string(),
  isActive: v.boolean(),
  allProjects: v.boolean(),
  createdDate: v.string(),
  updatedDate: v.string(),
  /** Ours: when the key last authenticated a call. */
  lastUsedDate: v.nullable(v.string()),
  keyAddons: v.array(ApiKeyAddonReplySchema),
  projects: v.array(ApiKeyAssignedProjectReplySchema),
  roleIds: v.array(int),
});

/** POST apikeys as the API answers it: the new key with its secret, shown once. */
export const CreatedApiKeyReplySchema = v.object({ ...ApiKeyReplySchema.entries, apiKey: v.string() });

export const ApiKeySchema = tolerant(ApiKeyReplySchema, {
  description: text(),
  licenseName: v.nullish(v.string()),
  createdDate: maybeDate(),
  updatedDate: maybeDate(),
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
