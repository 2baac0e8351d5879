/** Import systems (of a project, enabled per user) and the integration reports of their runs, as the server answers them. */
import * as v from 'valibot';
import { IsoDate, pageOf } from '../common/page';
import { flag, guid, int, maybeInt, maybeText, text, tolerant } from '../common/fields';

/** An import system as the API answers it (spec 1 §3; `enabled` is only for one user's imports). */
export const ImportSystemReplySchema = v.object({
  configId: int,
  projectId: int,
  displayName: v.string(),
  path: v.string(),
  description: v.string(),
  active: v.boolean(),
  isInternal: v.boolean(),
});

/**
 * A project the import screens offer (GET imports/projects): one whose import systems and
 * integration reports the caller reaches — every project of their licence (issue 36: an
 * import-only administrator's project selects were empty, GET projects answering only the
 * projects assigned to them).
 */
export const ImportProjectReplySchema = v.object({ projectId: int, name: v.string(), licenseId: int, licenseName: v.string(), isActive: v.boolean() });
export const ImportProjectSchema = tolerant(ImportProjectReplySchema);
export type ImportProject = v.InferOutput<typeof ImportProjectSchema>;

/** PUT imports/{configId}'s answer: the import system as saved, with `Message`. */
export const ImportSystemUpdateReplySchema = v.object({ Message: v.string(), ...ImportSystemReplySchema.entries });

export const ImportSystemSchema = tolerant(ImportSystemReplySchema, {
  description: text(),
  /** For one user (GET users/{username}/imports): imports are enabled for them. */
  enabled: v.optional(v.boolean()),
  isInternal: flag(),
});
export type ImportSystem = v.InferOutput<typeof ImportSystemSchema>;

/** The columns the import list sorts by (GET imports/page, GET imports.csv): the screen's, Project Id, Name, Path, Description, Active. */
export const IMPORT_SORTS = ['projectId', 'displayName', 'path', 'description', 'active'] as const;
export type ImportSort = (typeof IMPORT_SORTS)[number];

/** GET users/{username}/imports as the API answers it: the import systems of the user's projects, each with `enabled` and its project's name. */
export const UserImportSystemReplySchema = v.object({ ...ImportSystemSchema.entries, enabled: v.boolean(), projectName: v.string() });

/** A page of the import list (ours: GET imports/page). */
export const ImportSystemPageSchema = pageOf(ImportSystemSchema);
export type ImportSystemPage = v.InferOutput<typeof ImportSystemPageSchema>;

/** An integration report as a list shows it (spec 1 §3), without its report JSON, as the API answers it. */
export const IntegrationReportRowReplySchema = v.object({
  integrationReference: guid,
  createTime: IsoDate,
  displayName: v.string(),
  requestS3Key: v.string(),
  userName: v.string(),
  requestProjectId: int,
  requestImportId: v.nullable(int),
  dataLink: v.nullable(v.string()),
  apiKeyName: v.nullable(v.string()),
});

/** One integration report as the API answers it: the row with its report JSON, whether its file is kept, and where the data view opens. */
export const IntegrationReportReplySchema = v.object({
  ...IntegrationReportRowReplySchema.entries,
  reportJson: v.unknown(),
  hasFile: v.boolean(),
  dataViewUrl: v.nullable(v.string()),
});

/** An integration report; lists may leave `reportJson` out. */
export const IntegrationReportSchema = tolerant(IntegrationReportRowReplySchema, {
  requestS3Key: text(),
  userName: text(),
  requestImportId: maybeInt(),
  dataLink: maybeText(),
  apiKeyName: maybeText(),
  reportJson: v.optional(v.unknown()),
  /** Ours (one report): where the data view opens, the platform's address of `dataLink`; null when none is known. */
  dataViewUrl: maybeText(),
});
export type IntegrationReport = v.InferOutput<typeof IntegrationReportSchema>;
