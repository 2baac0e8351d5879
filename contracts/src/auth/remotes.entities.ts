/**
 * Release channels (issue 42): the signed-in user's remote map, the browsers' reports, a
 * remote's registered versions and channels and the health figures, as the API answers them.
 * Only our API makes these calls, so the console reads the same schemas.
 */
import * as v from 'valibot';
import { int, MAX_ID } from '../common/fields';
import { RemoteMapEntrySchema } from './remote-map.entities';
import { RemoteChannelMessages as M } from './remotes.messages';

/** A remote's id: lower-case words joined by '-' (as its folder under /remotes/). */
export const REMOTE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A build version: what `BUILD_VERSION` holds (1.5.0, 1.5.0-pilot.2, 20261127.1505). */
export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,39}$/;

export const RemoteIdSchema = v.pipe(v.string(M.remoteId), v.regex(REMOTE_ID_PATTERN, M.remoteId), v.maxLength(40, M.remoteId));
export const RemoteVersionSchema = v.pipe(v.string(M.version), v.regex(VERSION_PATTERN, M.version));

// The map's entry is in its own module: the session's answer carries the map (issue 38), and the
// login page should not carry this module's other schemas.
export { RemoteMapEntrySchema, type RemoteMapEntry } from './remote-map.entities';

/** GET remotes/map: the signed-in user's remotes. */
export const RemoteMapSchema = v.object({ remotes: v.array(RemoteMapEntrySchema) });
export type RemoteMap = v.InferOutput<typeof RemoteMapSchema>;

/** What a browser reports of a remote version. */
export const REPORT_KINDS = ['load', 'load-failure', 'error', 'page-view'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The most characters of a message or stack kept. */
export const REPORT_TEXT_CHARS = 2048;

export const RemoteReportSchema = v.object({
  remote: RemoteIdSchema,
  version: RemoteVersionSchema,
  kind: v.picklist(REPORT_KINDS, M.reportsBody),
  /** The route's template (`/workflow/:id`): the client never sends a path with ids. */
  route: v.optional(v.pipe(v.string(M.reportsBody), v.maxLength(200, M.reportsBody))),
  /** Trimmed by the server to REPORT_TEXT_CHARS. */
  message: v.optional(v.pipe(v.string(M.reportsBody), v.maxLength(20_000, M.reportsBody))),
  stack: v.optional(v.pipe(v.string(M.reportsBody), v.maxLength(20_000, M.reportsBody))),
  /** A load's time, in milliseconds. */
  loadMs: v.optional(v.pipe(v.number(M.reportsBody), v.integer(M.reportsBody), v.minValue(0, M.reportsBody), v.maxValue(600_000, M.reportsBody))),
  /** Page views: how many this report counts (batched). */
  count: v.optional(v.pipe(v.number(M.reportsBody), v.integer(M.reportsBody), v.minValue(1, M.reportsBody), v.maxValue(1000, M.reportsBody))),
});
export type RemoteReport = v.InferOutput<typeof RemoteReportSchema>;

/** POST remotes/reports: a batch of at most 50 reports. */
export const RemoteReportsBodySchema = v.object({
  reports: v.pipe(v.array(RemoteReportSchema, M.reportsBody), v.minLength(1, M.reportsBody), v.maxLength(50, M.reportsBody)),
});

/** POST remotes/{remoteId}/versions: a build to register. */
export const RegisterRemoteVersionBodySchema = v.object({
  version: RemoteVersionSchema,
  entry: v.pipe(
    v.string(M.entry),
    v.maxLength(500, M.entry),
    v.regex(/^(\/remotes\/[a-z0-9-]+\/|https:\/\/|http:\/\/(localhost|127\.0\.0\.1)[:/])\S*mf-manifest\.json$/, M.entry),
  ),
  kernel: v.pipe(v.string(M.kernel), v.regex(/^\^?\d+\.\d+\.\d+$/, M.kernel)),
});

/** A registered version. */
export const RemoteVersionReplySchema = v.object({
  remoteId: v.string(),
  version: v.string(),
  entry: v.string(),
  kernel: v.string(),
  registeredAt: v.string(),
  registeredBy: v.nullable(v.string()),
});
export type RemoteVersionReply = v.InferOutput<typeof RemoteVersionReplySchema>;

/** PUT remotes/{remoteId}/pilot: the pilot, its audience and its automatic rollback rule. */
export const PilotBodySchema = v.object({
  version: RemoteVersionSchema,
  licenseIds: v.optional(
    v.pipe(
      v.array(v.pipe(v.number(M.licenseIds), v.integer(M.licenseIds), v.minValue(1, M.licenseIds), v.maxValue(MAX_ID, M.licenseIds)), M.licenseIds),
      v.maxLength(500, M.licenseIds),
    ),
    () => [],
  ),
  percent: v.optional(v.pipe(v.number(M.percent), v.integer(M.percent), v.minValue(0, M.percent), v.maxValue(100, M.percent)), 0),
  rollback: v.optional(
    v.nullable(
      v.object({
        factor: v.pipe(v.number(M.rollbackFactor), v.minValue(1, M.rollbackFactor), v.maxValue(100, M.rollbackFactor)),
        minViews: v.pipe(
          v.number(M.rollbackMinViews),
          v.integer(M.rollbackMinViews),
          v.minValue(1, M.rollbackMinViews),
          v.maxValue(1_000_000, M.rollbackMinViews),
        ),
      }),
    ),
    null,
  ),
});

/** POST remotes/{remoteId}/promote and …/rollback: the pilot version the caller saw (a stale page is refused). */
export const ChannelActionBodySchema = v.object({ version: RemoteVersionSchema });

/** A remote's channels. */
export const RemoteChannelSchema = v.object({
  remoteId: v.string(),
  /** null: the address remotes.json names. */
  stableVersion: v.nullable(v.string()),
  pilotVersion: v.nullable(v.string()),
  /** The pilot's licences by id (kept for API clients; `pilotLicenses` names them). */
  pilotLicenseIds: v.array(int),
  /** The pilot's licences with their names, in the order of `pilotLicenseIds` ('#id' for a licence removed since). */
  pilotLicenses: v.array(v.object({ licenseId: int, name: v.string() })),
  pilotPercent: int,
  rollback: v.nullable(v.object({ factor: v.number(), minViews: int })),
  /** The last automatic rollback: when, which version, why. */
  autoRolledBack: v.nullable(v.object({ at: v.string(), version: v.string(), reason: v.string() })),
});
export type RemoteChannel = v.InferOutput<typeof RemoteChannelSchema>;

/** A version's figures over a window (the last hour or day). */
export const VersionFiguresSchema = v.object({
  users: int,
  pageViews: int,
  loads: int,
  loadFailures: int,
  errors: int,
  /** Errors per 1,000 page views; null without page views. */
  errorsPer1000: v.nullable(v.number()),
  medianLoadMs: v.nullable(v.number()),
});
export type VersionFigures = v.InferOutput<typeof VersionFiguresSchema>;

/** One version of a remote on the health page: stable, pilot, or another that still reported. */
export const VersionHealthSchema = v.object({
  version: v.string(),
  channel: v.picklist(['stable', 'pilot', 'other']),
  entry: v.nullable(v.string()),
  hour: VersionFiguresSchema,
  day: VersionFiguresSchema,
  /** The latest errors' messages (newest first, at most 5). */
  lastErrors: v.array(v.object({ at: v.string(), message: v.string(), route: v.nullable(v.string()) })),
});
export type VersionHealth = v.InferOutput<typeof VersionHealthSchema>;

/** GET remotes/health: per remote, its channels, registered versions and each version's figures. */
export const RemotesHealthSchema = v.object({
  remotes: v.array(
    v.object({
      remoteId: v.string(),
      channel: v.nullable(RemoteChannelSchema),
      versions: v.array(VersionHealthSchema),
      registered: v.array(RemoteVersionReplySchema),
    }),
  ),
});
export type RemotesHealth = v.InferOutput<typeof RemotesHealthSchema>;

/** The audit log's entity of a release channel's changes (its id the remote's): a channel's History reads them. */
export const CHANNEL_ENTITY = 'remote-channel';
