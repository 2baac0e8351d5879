/** Import systems (of a project, enabled per user) and the integration reports of their runs, as the server answers them. */
import * as v from 'valibot';
import { IsoDate } from '../common/page';
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
});
export type IntegrationReport = v.InferOutput<typeof IntegrationReportSchema>;
