/**
 * The answers of the calls around sign-in (contract area host) as the API answers them, and the
 * console's tolerant reading of each; and the answers of the few routes the console never calls
 * (the probes, the API reference, the demo outbox), documented in the API's OpenAPI document.
 */
import * as v from 'valibot';
import { int, tolerant } from '../common/fields';

/** GET health as the API answers it when the database answers. */
export const HealthReplySchema = v.object({ status: v.literal('ok'), version: v.string(), database: v.picklist(['pglite', 'postgres']) });

/** GET health as the console reads it. */
export const HealthSchema = tolerant(HealthReplySchema, { status: v.string(), version: v.optional(v.string()), database: v.string() });

/** The probes' answer when all is well (health/live, health/ready): nothing but ok and the version. */
export const HealthProbeReplySchema = v.object({ status: v.literal('ok'), version: v.string() });

/** The deployed console version and what the console shows by it, as the API answers it. */
export const DeployedVersionReplySchema = v.object({
  vueDeployedVersion: v.string(),
  appEnv: v.picklist(['production', 'uat', 'development']),
  productName: v.string(),
  mapTileUrl: v.nullable(v.string()),
  mapDefaultCenter: v.object({ lat: v.number(), lon: v.number() }),
});

/** The deployed console version as the console reads it (the platform's API sends only the version). */
export const DeployedVersionSchema = tolerant(DeployedVersionReplySchema, {
  appEnv: v.optional(v.picklist(['production', 'uat', 'development']), 'production'),
  productName: v.optional(v.string(), 'SiteSense'),
  /** The site map's base-map tiles (an XYZ URL template with {z}, {x}, {y}); null: a plain background. */
  mapTileUrl: v.optional(v.nullable(v.string()), null),
  /** Where the site map opens for a site without a zone (our MAP_DEFAULT_CENTER); null or absent (the platform's API): the console's own default. */
  mapDefaultCenter: v.optional(v.nullable(v.object({ lat: v.number(), lon: v.number() })), null),
});

/** An environment as the API answers it. */
export const EnvironmentReplySchema = v.object({ environmentId: v.number(), name: v.string(), serverUrl: v.string(), label: v.nullable(v.string()) });

/** An environment as the console reads it. */
export const EnvironmentSchema = tolerant(EnvironmentReplySchema, { environmentId: int });
export type Environment = v.InferOutput<typeof EnvironmentSchema>;

/** POST license/getSessionGuid as the API answers it. */
export const SessionGuidReplySchema = v.object({ sessionGuid: v.string() });

/** The API's OpenAPI document (GET openapi.json), as far as it is described. */
export const OpenApiDocumentSchema = v.looseObject({
  openapi: v.string(),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  paths: v.record(v.string(), v.unknown()),
});

/** The demo outbox (GET dev/outbox): mail the demo server would have sent. */
export const OutboxReplySchema = v.array(v.object({ id: v.number(), to: v.string(), subject: v.string(), text: v.string(), sentAt: v.string() }));
