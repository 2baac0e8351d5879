/**
 * Answers of the contract's calls, as valibot schemas shared by the console (which parses
 * every answer) and the API (which documents them). Objects are loose: a field the server
 * adds later does not break an older console.
 */
import * as v from 'valibot';

const int = v.pipe(v.number(), v.integer());
const nullableText = v.nullable(v.string());
/** A date as the server sends it: ISO text. */
export const IsoDate = v.string();

// ------------------------------------------------------------------ sign-in

export const SessionReplySchema = v.looseObject({
  type: v.picklist(['password', 'email', 'sso']),
  token: v.string(),
  exp: int,
  sessionId: v.string(),
  userId: int,
  userName: v.string(),
  licenseId: int,
  roles: v.array(v.string()),
  mustUpdatePassword: v.boolean(),
  isSsoUser: v.boolean(),
  userHasNoProjects: v.boolean(),
  ssoUrl: nullableText,
});

/** A login that needs the e-mailed code: `token` names the challenge. */
export const TwoFactorReplySchema = v.looseObject({ type: v.literal('email'), token: v.string(), userName: v.string() });

export const LoginReplySchema = v.union([SessionReplySchema, TwoFactorReplySchema]);
export type LoginReply = v.InferOutput<typeof LoginReplySchema>;

export const PasswordPolicySchema = v.looseObject({
  RequiredLength: int,
  RequiredUppercase: int,
  RequiredLowercase: int,
  RequiredDigits: int,
  RequiredSpecialCharacters: int,
  MaxFailedAccessAttempts: int,
});

export const EnvironmentSchema = v.looseObject({ environmentId: int, name: v.string(), serverUrl: v.string(), label: nullableText });
export type Environment = v.InferOutput<typeof EnvironmentSchema>;

// ------------------------------------------------------------------ lists of the first screens

export const AddonBadgeSchema = v.looseObject({ addOnId: int, name: v.string(), shortName: v.string(), color: v.string() });

export const UserListItemSchema = v.looseObject({
  userId: int,
  userName: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  fullName: v.string(),
  email: v.string(),
  licenseId: int,
  licenseName: v.string(),
  companyName: v.string(),
  position: v.string(),
  isApproved: v.boolean(),
  isLockedOut: v.boolean(),
  isSsoUser: v.boolean(),
  addons: v.array(AddonBadgeSchema),
});
export type UserListItem = v.InferOutput<typeof UserListItemSchema>;

/** A page of a server-paged list; `page` is zero-based. */
export function pageOf<S extends v.GenericSchema>(item: S) {
  return v.looseObject({ items: v.array(item), total: int, page: int, pageSize: int });
}

export const UserPageSchema = pageOf(UserListItemSchema);
export type UserPage = v.InferOutput<typeof UserPageSchema>;

export const LicenseSchema = v.looseObject({
  licenseId: int,
  name: v.string(),
  company: v.string(),
  licenseType: v.string(),
  ownerId: v.nullable(int),
  ownerName: nullableText,
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
  ssoUrl: nullableText,
  customerCode: nullableText,
  opportunityId: nullableText,
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

export const ProjectSchema = v.looseObject({
  projectId: int,
  name: v.string(),
  description: v.string(),
  licenseId: v.nullable(int),
  licenseName: nullableText,
  environmentId: v.nullable(int),
  parentProjectId: v.nullable(int),
  rootProjectId: v.nullable(int),
  isActive: v.boolean(),
  numberOfUsers: int,
});
export type Project = v.InferOutput<typeof ProjectSchema>;

export const WorkflowSchema = v.looseObject({
  workflowId: int,
  name: v.string(),
  workflowType: v.string(),
  projectId: int,
  projectName: v.string(),
  workflowRelatedKey: v.string(),
  isDecommissioned: v.boolean(),
  decommissionDateTime: v.nullable(IsoDate),
  archiveErrors: v.array(v.string()),
  workflowData: v.looseObject({ phases: v.array(v.unknown()) }),
});
export type Workflow = v.InferOutput<typeof WorkflowSchema>;
