/** The licence screens' answers: licences, usage, the monthly users report, integrations and the internal configuration. */
import * as v from 'valibot';
import { int, list, maybeText, text, tolerant } from '../common/fields';

/** One add-on of a month of the users report, as the API answers it. */
const UsersReportAddonReplySchema = v.object({
  addOnId: int,
  name: v.string(),
  shortName: v.string(),
  /** Users holding the add-on that month. */
  users: int,
});

/** One month of the monthly users report as the API answers it: users per add-on. */
const UsersReportMonthReplySchema = v.object({
  year: int,
  /** 1 to 12. */
  month: int,
  addOns: v.array(UsersReportAddonReplySchema),
});

/** GET licenses/{licenseId}/usersreport as the API answers it. */
export const MonthlyUsersReportReplySchema = v.object({ monthlyReports: v.array(UsersReportMonthReplySchema), current: UsersReportMonthReplySchema });

/** One month of the monthly users report: users per add-on. */
const UsersReportMonthSchema = tolerant(UsersReportMonthReplySchema, {
  addOns: v.array(tolerant(UsersReportAddonReplySchema, { name: v.optional(v.string()), shortName: v.optional(v.string()) })),
});

/**
 * GET licenses/{licenseId}/usersreport: users per add-on per month (from October 2018), and
 * (ours) `current`, today's users per add-on: the selector's 'Current'.
 */
export const MonthlyUsersReportSchema = tolerant(MonthlyUsersReportReplySchema, {
  monthlyReports: v.array(UsersReportMonthSchema),
  current: v.optional(UsersReportMonthSchema),
});
export type MonthlyUsersReport = v.InferOutput<typeof MonthlyUsersReportSchema>;

/** An integration of the catalogue, or one linked to a licence. */
export const IntegrationSchema = v.looseObject({
  integrationId: int,
  integrationName: v.string(),
  imgUrl: text(),
  description: text(),
});
export type Integration = v.InferOutput<typeof IntegrationSchema>;

/** One per-project override of the internal configuration, as the API answers it. */
export const ProjectOverrideReplySchema = v.object({ type: v.string(), value: v.string() });

/** One per-project override of the internal configuration. */
export const ProjectOverrideSchema = tolerant(ProjectOverrideReplySchema);
export type ProjectOverride = v.InferOutput<typeof ProjectOverrideSchema>;

/** The internal configuration as the API answers it. */
const InternalLicenseConfigStrictSchema = v.object({
  CustomerCode: v.nullable(v.string()),
  OpportunityId: v.nullable(v.string()),
  ProjectOverrides: v.record(v.string(), v.array(ProjectOverrideReplySchema)),
});

/** A project the internal configuration may override, as the API answers it. */
const InternalConfigProjectReplySchema = v.object({ projectId: int, name: v.string() });

/** GET license/{licenseId}/intelliwave-config as the API answers it. */
export const InternalLicenseConfigServerReplySchema = v.object({
  config: InternalLicenseConfigStrictSchema,
  projects: v.array(InternalConfigProjectReplySchema),
});

/** The internal configuration (super administrators): customer code, opportunity id, overrides keyed by project id. */
export const InternalLicenseConfigSchema = tolerant(InternalLicenseConfigStrictSchema, {
  CustomerCode: maybeText(),
  OpportunityId: maybeText(),
  ProjectOverrides: v.optional(v.record(v.string(), v.array(ProjectOverrideSchema)), () => ({})),
});
export type InternalLicenseConfig = v.InferOutput<typeof InternalLicenseConfigSchema>;

/** GET license/{licenseId}/intelliwave-config: the configuration and the licence's projects it may override. */
export const InternalLicenseConfigReplySchema = tolerant(InternalLicenseConfigServerReplySchema, {
  config: InternalLicenseConfigSchema,
  projects: list(tolerant(InternalConfigProjectReplySchema)),
});
export type InternalLicenseConfigReply = v.InferOutput<typeof InternalLicenseConfigReplySchema>;

export const LicenseSchema = v.looseObject({
  licenseId: int,
  name: v.string(),
  company: v.string(),
  licenseType: v.string(),
  ownerId: v.nullable(int),
  ownerName: v.nullable(v.string()),
  environmentId: v.nullable(int),
  /** -1 (any negative) is unlimited. */
  maxProjects: int,
  maxUsers: int,
  numProjects: int,
  numUsers: int,
  isActive: v.boolean(),
  /** Milliseconds since the epoch; null never expires. */
  expiryDate: v.nullable(v.number()),
  expiryNotificationDays: v.array(int),
  ssoUrl: v.nullable(v.string()),
  customerCode: v.nullable(v.string()),
  opportunityId: v.nullable(v.string()),
});
export type License = v.InferOutput<typeof LicenseSchema>;

export const LicenseUsageSchema = v.looseObject({
  licenseId: int,
  name: v.string(),
  maxProjects: int,
  numProjects: int,
  /** Percent used; null when unlimited or not offered. */
  projectUsage: v.nullable(v.number()),
  maxUsers: int,
  numUsers: int,
  userUsage: v.nullable(v.number()),
});
export type LicenseUsage = v.InferOutput<typeof LicenseUsageSchema>;
