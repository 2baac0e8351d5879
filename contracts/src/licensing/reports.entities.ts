/** Reports, their assignment to users, report groups and licence shortcuts. */
import * as v from 'valibot';
import { int, maybeInt, maybeText } from '../common/fields';

export const ReportSchema = v.looseObject({
  reportId: int,
  reportPath: v.string(),
  reportName: v.string(),
  active: v.optional(v.boolean(), true),
  assigned: v.optional(v.boolean()),
});
export type Report = v.InferOutput<typeof ReportSchema>;

/** A report as it stands for one user: by hand (`assigned`) or from a report group (`autoAssigned`, `reason`). */
export const UserReportSchema = v.looseObject({
  ...ReportSchema.entries,
  assigned: v.optional(v.boolean(), false),
  autoAssigned: v.optional(v.boolean(), false),
  reason: maybeText(),
});
export type UserReport = v.InferOutput<typeof UserReportSchema>;

/** A report group: a report given to holders of a role, optionally within a licence and a project. */
export const ReportGroupSchema = v.looseObject({
  reportGroupId: int,
  reportId: int,
  roleId: int,
  licenseId: maybeInt(),
  projectId: maybeInt(),
  /** Names for the list's columns. */
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
export const ShortcutSchema = v.looseObject({
  id: int,
  type: v.nullish(v.string()),
  order: v.nullish(int),
  reportName: v.optional(v.string()),
  reportPath: v.optional(v.string()),
});
export type Shortcut = v.InferOutput<typeof ShortcutSchema>;
