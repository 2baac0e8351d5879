/**
 * The user calls (contract area identity): users, their roles and their tabs — projects,
 * password, product licences (add-ons), imports and reports — one endpoint object each: the
 * console's call functions (users.calls.ts) and the API's routes (api/src/routes/users) are
 * made from them.
 */
import * as v from 'valibot';
import { PORTAL_ROLES, Role } from 'shared/roles';
import { AuthMessages, MAX_PASSWORD_LENGTH, passwordTooLong } from '../auth/auth.messages';
import { PasswordPolicySchema } from '../auth/auth.entities';
import { anyRole, endpoint, endpointGroup, signedIn } from '../common/endpoint';
import { idIn, idList, requiredId } from '../common/fields';
import { filterQuery, flagQuery, idParam, licenseIdQuery, pageQuery, sortQuery, userNameParam } from '../common/params';
import { DeleteReplySchema, MessageReplySchema, WarningReplySchema } from '../common/replies.entities';
import { UserReportSchema } from '../licensing/reports.entities';
import { ImportSystemSchema } from '../projects-sites/imports.entities';
import { ProjectTreeNodeSchema } from '../projects-sites/projects.entities';
import { AddonSchema, UserAddonsSchema, VendorSchema } from './addons.entities';
import { UserMessages } from './identity.messages';
import { RoleGroupSchema, RoleItemSchema } from './roles.entities';
import { EndedSessionsSchema, FactorResetSchema, UserFactorsSchema, UserSessionSchema } from './sessions.entities';
import { USER_SORTS, UserPageSchema, UserPasswordStateSchema, UserSchema } from './users.entities';
import { UserCreateBodySchema, UserUpdateBodySchema } from './users.forms';
import { UserProjectLicenseSchema } from './user-projects.entities';

/** Who opens user views and lists (spec 1 §6: the portal roles). */
const portal = anyRole(...PORTAL_ROLES);
/** Who reads the role and product licence catalogues: the portal roles, and API key administrators (a key's tabs). */
const catalogueReaders = anyRole(...PORTAL_ROLES, Role.ADMINISTER_API_KEYS);
/** Who changes a user's roles and product licences (spec 1 §6: user administration or role administration). */
const accessAdmin = anyRole(Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_ROLE);
const userAdmin = anyRole(Role.ADMINISTER_USER_CREATE_UPDATE);
const reportAdmin = anyRole(Role.ADMINISTER_ASSIGNED_REPORTS);

// ------------------------------------------------------------------ queries and path parameters

/** The list's filters: a licence, active users only, a text filter, and the list's order. */
const userListFilters = {
  ...filterQuery,
  ...licenseIdQuery,
  activeOnly: flagQuery('activeOnly'),
  ...sortQuery(USER_SORTS, 'userName'),
};

/** GET users.csv: the list's filters and order, and the columns' format. */
export const UserExportQuerySchema = v.object({
  ...userListFilters,
  /** `list`: the list's columns (default); `import`: the user file's columns (user-import.entities.ts), to edit and import back. */
  format: v.optional(v.picklist(['list', 'import'], 'format must be list or import.'), 'list'),
});

/** GET users: the list's filters and order, and a zero-based page. */
export const UserListQuerySchema = v.object({ ...pageQuery, ...userListFilters });

/** POST users/{username}/copy/{copy}: the source and the new user's name. */
const CopyParams = v.object({ ...userNameParam.entries, copy: userNameParam.entries.username });

/** users/{username}/sessions/{sessionId}: a session id is a uuid (anything else is a 404). */
const SessionParams = v.object({ ...userNameParam.entries, sessionId: v.pipe(v.string(), v.uuid()) });

/** users/{username}/reports/{reportId}. */
const ReportParams = v.object({ ...userNameParam.entries, ...idParam('reportId').entries });

// ------------------------------------------------------------------ bodies

const ids = (message: string) => idList(message);

// requiredId's key reads as optional to valibot's types; its check makes it present (the
// API's handlers read it with `!`).

/** Body of POST updateRoles: the complete set of roles a user holds directly. */
export const UserRolesBodySchema = v.object({
  userId: requiredId('userId is required.'),
  roleIds: ids('roleIds must be a list of role ids.'),
});
export type UserRolesUpdate = v.InferInput<typeof UserRolesBodySchema>;

/** Body of PUT users/{username}/addons: the add-ons to hold, with vendors for vendor add-ons. */
export const UserAddonsBodySchema = v.pipe(
  v.array(
    v.object({ addOnId: idIn('addOnId must be a product license id.'), vendorIds: v.optional(ids('vendorIds must be a list of vendor ids.'), []) }),
    'Send the list of product licenses.',
  ),
  v.maxLength(100),
);
export type UserAddonsUpdate = v.InferInput<typeof UserAddonsBodySchema>;

/** Body of POST users/{username}/projects: one licence's projects ('LicenseId is required.'). */
export const UserProjectsBodySchema = v.object({
  licenseId: requiredId(UserMessages.licenseIdRequired),
  projectIds: v.optional(ids('projectIds must be a list of project ids.'), []),
});
export type UserProjectsUpdate = v.InferInput<typeof UserProjectsBodySchema>;

/** Body of POST users/{username}/imports: which import systems are enabled for the user. */
export const UserImportsBodySchema = v.pipe(
  v.array(v.object({ configId: idIn('configId must be an import system id.'), enabled: v.boolean() }), 'Send a list of { configId, enabled }.'),
  v.maxLength(1000),
);
export type UserImportsUpdate = v.InferInput<typeof UserImportsBodySchema>;

/** Body of PATCH users/{username}/reports: hand assignments to change. */
export const UserReportsBodySchema = v.pipe(
  v.array(v.object({ reportId: idIn('reportId must be a report id.'), assigned: v.boolean() }), 'Send a list of { reportId, assigned }.'),
  v.maxLength(1000),
);
export type UserReportsUpdate = v.InferInput<typeof UserReportsBodySchema>;

/** Body of PUT users/{username}/password: set by hand, e-mail a generated one, or e-mail a reset link. */
export const UserPasswordChangeSchema = v.variant(
  'mode',
  [
    v.object({
      mode: v.literal('manual'),
      // The policy is checked once the user's is known; this only spares it a megabyte (four times the longest in UTF-16 units, so the message holds).
      password: v.optional(v.pipe(v.string(AuthMessages.resetPasswordRequired), v.maxLength(4 * MAX_PASSWORD_LENGTH, passwordTooLong())), ''),
      /** Required when users change their own password: a borrowed session cannot take over the account. */
      currentPassword: v.optional(v.pipe(v.string(), v.maxLength(1024)), ''),
    }),
    v.object({ mode: v.literal('auto') }),
    v.object({ mode: v.literal('link') }),
  ],
  'Choose how to set the password: manual, auto or link.',
);
export type UserPasswordChange = v.InferInput<typeof UserPasswordChangeSchema>;

export const userEndpoints = endpointGroup('identity', {
  // ---------------------------------------------------------------- users

  getUsers: endpoint({
    method: 'GET',
    path: 'users',
    summary: 'A page of users, sorted by user name: every licence’s for a super administrator, the caller’s licence’s for anyone else.',
    access: portal,
    query: UserListQuerySchema,
    reply: UserPageSchema,
  }),

  exportUsers: endpoint({
    method: 'GET',
    path: 'users.csv',
    summary: 'Every user of the list as CSV: the same filters, order and columns as the screen, streamed.',
    access: portal,
    query: UserExportQuerySchema,
    reply: v.unknown(),
    replyKind: 'file',
  }),

  getUser: endpoint({
    method: 'GET',
    path: 'users/{username}',
    summary: 'One user: the form’s fields, states and dates, the add-ons held (directly or through a group) and the vendors chosen.',
    access: signedIn,
    params: userNameParam,
    reply: UserSchema,
  }),

  updateUser: endpoint({
    method: 'PUT',
    path: 'users/{username}',
    summary: 'Changes a user’s details and flags; the list’s Active and Locked toggles send one flag.',
    access: signedIn,
    params: userNameParam,
    body: UserUpdateBodySchema,
    reply: MessageReplySchema,
  }),

  createUser: endpoint({
    method: 'POST',
    path: 'users/{username}',
    summary: 'Creates the user `username` from the user form; answers the new user (201).',
    access: userAdmin,
    params: userNameParam,
    body: UserCreateBodySchema,
    reply: UserSchema,
  }),

  copyUser: endpoint({
    method: 'POST',
    path: 'users/{username}/copy/{copy}',
    summary:
      'Duplicates `username` as a new user `copy` in the same licence: details from the body; projects, ' +
      'user groups, roles, product licences (with vendors), imports and reports from the source.',
    access: userAdmin,
    params: CopyParams,
    body: UserCreateBodySchema,
    reply: WarningReplySchema,
    replyKind: 'status',
  }),

  // ---------------------------------------------------------------- roles

  getRoleCatalogue: endpoint({
    method: 'GET',
    path: 'roles',
    summary:
      'The role catalogue: every role in its role group, groups in catalogue order; `addOnId` is the product whose holders may be given the group’s roles.',
    access: catalogueReaders,
    reply: v.array(RoleGroupSchema),
  }),

  getUserRoles: endpoint({
    method: 'GET',
    path: 'user/{userId}/roles',
    summary: 'The roles a user holds, directly or through user groups (`fromUserGroup`, and `userGroups` naming them).',
    access: signedIn,
    params: idParam('userId'),
    reply: v.array(RoleItemSchema),
  }),

  getUserRoleInfo: endpoint({
    method: 'GET',
    path: 'user/{userId}/roleInfo',
    summary:
      'The role groups a user may be given — those of the product licences they hold — each role with ' +
      '`appliedToUser`, `direct`, `fromUserGroup` and the `userGroups` that grant it; and every role the ' +
      'user holds, whatever its product.',
    access: signedIn,
    params: idParam('userId'),
    reply: v.array(RoleGroupSchema),
  }),

  updateUserRoles: endpoint({
    method: 'POST',
    path: 'updateRoles',
    summary: 'Sets the roles a user holds directly (the whole set).',
    access: accessAdmin,
    body: UserRolesBodySchema,
    reply: MessageReplySchema,
  }),

  getUserRoleGroupDetails: endpoint({
    method: 'GET',
    path: 'role-groups/{username}/details',
    summary: 'As `GET user/{userId}/roleInfo`, for a user named by user name.',
    access: signedIn,
    params: userNameParam,
    reply: v.array(RoleGroupSchema),
  }),

  // ---------------------------------------------------------------- a user's projects, password, add-ons, imports, reports

  getUserProjects: endpoint({
    method: 'GET',
    path: 'users/{username}/projects',
    summary:
      'The project tree of a licence (the user’s by default) as far as the caller sees it (spec 1 §6), each ' +
      'project with `assignedTo` (the user’s own assignment) and `fromUserGroup`.',
    access: portal,
    params: userNameParam,
    query: v.object(licenseIdQuery),
    reply: v.array(ProjectTreeNodeSchema),
  }),

  getUserProjectLicenses: endpoint({
    method: 'GET',
    path: 'users/{username}/projectLicenses',
    summary:
      'The licences whose projects the caller may give the user — the user’s own first (`own`), then, for a ' +
      'super administrator, every other — each with `projectCount`: how many of its projects (those the ' +
      'caller sees) the user holds, directly or through a user group.',
    access: portal,
    params: userNameParam,
    reply: v.array(UserProjectLicenseSchema),
  }),

  setUserProjects: endpoint({
    method: 'POST',
    path: 'users/{username}/projects',
    summary: 'Sets the user’s own project assignments within one licence (`licenseId` is required: ‘LicenseId is required.’).',
    access: userAdmin,
    params: userNameParam,
    body: UserProjectsBodySchema,
    reply: MessageReplySchema,
  }),

  getUserPasswordPolicy: endpoint({
    method: 'GET',
    path: 'users/{username}/password/config',
    summary: 'The password policy that applies to a user (their licence’s UserPassword config, else the default).',
    access: signedIn,
    params: userNameParam,
    reply: PasswordPolicySchema,
  }),

  getUserPasswordState: endpoint({
    method: 'GET',
    path: 'users/{username}/password',
    summary: 'Password state of a user: SSO, must update, last change, lockout.',
    access: signedIn,
    params: userNameParam,
    reply: UserPasswordStateSchema,
  }),

  setUserPassword: endpoint({
    method: 'PUT',
    path: 'users/{username}/password',
    summary: 'Set a password by hand (mode manual), e-mail a generated one (auto), or e-mail a reset link (link).',
    access: signedIn,
    params: userNameParam,
    body: UserPasswordChangeSchema,
    reply: MessageReplySchema,
  }),

  getAddons: endpoint({
    method: 'GET',
    path: 'addons',
    summary: 'The product licence (add-on) catalogue; `addonData.category` VENDOR marks those assigned with vendors.',
    access: catalogueReaders,
    reply: v.array(AddonSchema),
  }),

  getUserAddons: endpoint({
    method: 'GET',
    path: 'users/{username}/addons',
    summary:
      'The product licences a user holds (`fromUserGroup` when a group grants it: not removable on the user) and the vendors chosen under vendor add-ons.',
    access: signedIn,
    params: userNameParam,
    reply: UserAddonsSchema,
  }),

  setUserAddons: endpoint({
    method: 'PUT',
    path: 'users/{username}/addons',
    summary: 'Sets the product licences a user holds directly, with vendors for vendor add-ons.',
    access: accessAdmin,
    params: userNameParam,
    body: UserAddonsBodySchema,
    reply: WarningReplySchema,
    replyKind: 'status',
  }),

  getLicenseVendors: endpoint({
    method: 'GET',
    path: 'license/{licenseId}/vendors',
    summary: 'The vendors of a licence, by name.',
    access: catalogueReaders,
    params: idParam('licenseId'),
    reply: v.array(VendorSchema),
  }),

  getUserImports: endpoint({
    method: 'GET',
    path: 'users/{username}/imports',
    summary: 'The active import systems of the user’s projects (assigned directly or through a group), each with `enabled` for this user.',
    access: portal,
    params: userNameParam,
    reply: v.array(ImportSystemSchema),
  }),

  setUserImports: endpoint({
    method: 'POST',
    path: 'users/{username}/imports',
    summary: 'Enables or disables import systems for a user (only those `GET users/{username}/imports` lists).',
    access: anyRole(Role.ADMINISTER_IMPORT_SYSTEM_USER),
    params: userNameParam,
    body: UserImportsBodySchema,
    reply: MessageReplySchema,
  }),

  getUserReports: endpoint({
    method: 'GET',
    path: 'user/{username}/reports',
    summary:
      'Every active report as it stands for a user: `assigned` (by hand or automatically), `autoAssigned` ' +
      '(a report group gives it through a role the user holds), `reason` (which).',
    access: signedIn,
    params: userNameParam,
    reply: v.array(UserReportSchema),
  }),

  assignUserReport: endpoint({
    method: 'POST',
    path: 'users/{username}/reports/{reportId}',
    summary: 'Assigns a report to a user by hand.',
    access: reportAdmin,
    params: ReportParams,
    reply: MessageReplySchema,
  }),

  updateUserReports: endpoint({
    method: 'PATCH',
    path: 'users/{username}/reports',
    summary: 'Assigns and unassigns reports by hand, several at once.',
    access: reportAdmin,
    params: userNameParam,
    body: UserReportsBodySchema,
    reply: MessageReplySchema,
  }),

  unassignUserReport: endpoint({
    method: 'DELETE',
    path: 'users/{username}/reports/{reportId}',
    summary: 'Unassigns a report assigned by hand.',
    access: reportAdmin,
    params: ReportParams,
    reply: DeleteReplySchema,
  }),

  // ---------------------------------------------------------------- sessions (ours, issue 40)

  getUserSessions: endpoint({
    method: 'GET',
    path: 'users/{username}/sessions',
    summary:
      'The user’s live sessions (neither signed out nor expired), most recently active first: browser and ' +
      'system from the User-Agent, IP address, signed in, last active, how, and which is the caller’s own.',
    access: signedIn,
    params: userNameParam,
    reply: v.array(UserSessionSchema),
  }),

  endUserSession: endpoint({
    method: 'DELETE',
    path: 'users/{username}/sessions/{sessionId}',
    summary: 'Signs one of the user’s sessions out: its next request, on any server, is refused as ended.',
    access: signedIn,
    params: SessionParams,
    reply: DeleteReplySchema,
  }),

  endOtherUserSessions: endpoint({
    method: 'POST',
    path: 'users/{username}/sessions/end-others',
    summary: 'Signs out every live session of the user except the caller’s own (Sign out everywhere else).',
    access: signedIn,
    params: userNameParam,
    reply: EndedSessionsSchema,
  }),

  getUserFactors: endpoint({
    method: 'GET',
    path: 'users/{username}/factors',
    summary:
      'The user’s second factors as an administrator sees them: authenticator app set up, recovery codes ' +
      'left, e-mailed code, passkeys (names and dates), and whether the licence requires one of them. Never ' +
      'a secret, a code or a key.',
    access: portal,
    params: userNameParam,
    reply: UserFactorsSchema,
  }),

  resetUserFactors: endpoint({
    method: 'DELETE',
    path: 'users/{username}/factors',
    summary:
      'Removes the user’s authenticator app, recovery codes and passkeys and signs out all their sessions ' +
      '(a lost phone or security key); the user is told by e-mail.',
    access: userAdmin,
    params: userNameParam,
    reply: FactorResetSchema,
  }),
});
