/** Reports, their assignment to users, report groups and licence shortcuts. */
import * as v from 'valibot';
import { int, maybeInt, maybeText, tolerant } from '../common/fields';

/** A report of the catalogue as the API answers it. */
export const ReportReplySchema = v.object({ reportId: int, reportPath: v.string(), reportName: v.string(), active: v.boolean() });

export const ReportSchema = tolerant(ReportReplySchema, { active: v.optional(v.boolean(), true), assigned: v.optional(v.boolean()) });
export type Report = v.InferOutput<typeof ReportSchema>;

/** A report as it stands for one user: by hand (`assigned`) or from a report group (`autoAssigned`, `reason`). */
export const UserReportSchema = v.looseObject({
  ...ReportSchema.entries,
  assigned: v.optional(v.boolean(), false),
  autoAssigned: v.optional(v.boolean(), false),
  reason: maybeText(),
});
export type UserReport = v.InferOutput<typeof UserReportSchema>;

/** A report group as the API answers it, with the names its list shows. */
export const ReportGroupReplySchema = v.object({
  reportGroupId: int,
  reportId: int,
  roleId: int,
  licenseId: v.nullable(int),
  projectId: v.nullable(int),
  reportName: v.string(),
  reportPath: v.string(),
  roleName: v.string(),
  licenseName: v.nullable(v.string()),
  projectName: v.nullable(v.string()),
});

/** A report group: a report given to holders of a role, optionally within a licence and a project; names for the list's columns. */
export const ReportGroupSchema = tolerant(ReportGroupReplySchema, {
  licenseId: maybeInt(),
  projectId: maybeInt(),
  reportName: maybeText(),
  reportPath: maybeText(),
  roleName: maybeText(),
  licenseName: maybeText(),
  projectName: maybeText(),
});
export type ReportGroup = v.InferOutput<typeof ReportGroupSchema>;

/** The dashboard shortcut types (spec 1 §3); a basic shortcut has none. */
export const SHORTCUT_TYPES = [
  'needs',
  'forecast',
  'orders',
  'shipments',
  'delivery',
  'receipts',
  'uosds',
  'storage',
  'inventory',
  'transfers',
  'request',
  'issuing',
  'picks',
  'returns',
  'preservation',
  'cableschedule',
  'sensors',
  'tools',
] as const;

/**
 * A licence's report shortcut; `id` is the report id. Basic shortcuts have an order and
 * no type; dashboard ones a type (needs, forecast, orders, …, tools) and no order;
 * unassigned ones neither.
 */
/** A report as the shortcuts screen lists it, as the API answers it: its shortcut's type (dashboard) or order (basic), or neither (unassigned). */
export const ShortcutReplySchema = v.object({ id: int, type: v.nullable(v.string()), order: v.nullable(int), reportName: v.string(), reportPath: v.string() });

export const ShortcutSchema = tolerant(ShortcutReplySchema, {
  type: v.nullish(v.string()),
  order: v.nullish(int),
  reportName: v.optional(v.string()),
  reportPath: v.optional(v.string()),
});
export type Shortcut = v.InferOutput<typeof ShortcutSchema>;
