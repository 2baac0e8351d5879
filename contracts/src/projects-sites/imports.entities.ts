/** Import systems (of a project, enabled per user) and the integration reports of their runs, as the server answers them. */
import * as v from 'valibot';
import { IsoDate, pageOf } from '../common/page';
import { flag, guid, int, maybeInt, maybeText, text } from '../common/fields';

export const ImportSystemSchema = v.looseObject({
  configId: int,
  displayName: v.string(),
  path: v.string(),
  description: text(),
  active: v.boolean(),
  /** For one user (GET users/{username}/imports): imports are enabled for them. */
  enabled: v.optional(v.boolean()),
  isInternal: flag(),
  projectId: int,
});
export type ImportSystem = v.InferOutput<typeof ImportSystemSchema>;

/** The columns the import list sorts by (GET imports/page, GET imports.csv): the screen's, Project Id, Name, Path, Description, Active. */
export const IMPORT_SORTS = ['projectId', 'displayName', 'path', 'description', 'active'] as const;
export type ImportSort = (typeof IMPORT_SORTS)[number];

/** A page of the import list (ours: GET imports/page). */
export const ImportSystemPageSchema = pageOf(ImportSystemSchema);
export type ImportSystemPage = v.InferOutput<typeof ImportSystemPageSchema>;

/** An integration report; lists may leave `reportJson` out. */
export const IntegrationReportSchema = v.looseObject({
  integrationReference: guid,
  createTime: IsoDate,
  displayName: v.string(),
  requestS3Key: text(),
  userName: text(),
  requestProjectId: int,
  requestImportId: maybeInt(),
  dataLink: maybeText(),
  apiKeyName: maybeText(),
  reportJson: v.optional(v.unknown()),
  /** Ours (one report): where the data view opens, the platform's address of `dataLink`; null when none is known. */
  dataViewUrl: maybeText(),
});
export type IntegrationReport = v.InferOutput<typeof IntegrationReportSchema>;
