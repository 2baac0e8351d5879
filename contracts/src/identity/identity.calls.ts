/** Users, their tabs, user groups, roles and API keys (contract area identity). */
import * as v from 'valibot';
import { call, callFile, callWithStatus, MessageReply, seg } from 'shared';
import { PasswordPolicySchema } from '../auth/auth.entities';
import { AuditPageSchema, type AuditQuery } from '../common/audit.entities';
import { DeleteReplySchema, type IdList, WarningReplySchema } from '../common/replies.entities';
import { UserReportSchema } from '../licensing/reports.entities';
import { ImportSystemSchema } from '../projects-sites/imports.entities';
import { ProjectTreeNodeSchema } from '../projects-sites/projects.entities';
import { AddonSchema, UserAddonsSchema, type UserAddonsUpdate, VendorSchema } from './addons.entities';
import { ApiKeyAddonSchema, type ApiKeyInput, type ApiKeyListQuery, ApiKeyPageSchema, type ApiKeyPageQuery, ApiKeyProjectSchema, ApiKeySchema, type ApiKeyUpdate, CreatedApiKeySchema } from './api-keys.entities';
import { RoleGroupSchema, RoleItemSchema, type UserRolesUpdate } from './roles.entities';
import { GroupChangePreviewSchema, type UserGroupAddonsUpdate, type UserGroupCreate, type UserGroupDetailsUpdate, UserGroupMembershipSchema, UserGroupPageSchema, type UserGroupPageQuery, type UserGroupProjectsUpdate, type UserGroupRolesUpdate, UserGroupSchema, type UserGroupUsersRemove, type UserGroupUsersUpdate } from './user-groups.entities';
import { type UserImportsUpdate, type UserListQuery, UserPageSchema, type UserPasswordChange, UserPasswordStateSchema, type UserProjectsUpdate, type UserReportsUpdate, UserSchema } from './users.entities';
import type { UserCreateInput, UserUpdateInput } from './users.forms';
import { UserProjectLicenseSchema } from './user-projects.entities';

// ------------------------------------------------------------------ users

/** One page of users (licence filter, active only, text filter; `page` zero-based). */
export const getUsers = (query: UserListQuery = {}) => call('get', 'users', UserPageSchema, { query });

/** Every user the list's filters keep, as CSV in the list's order (our addition to the contract). */
export const exportUsers = (query: Omit<UserListQuery, 'page' | 'pageSize'> = {}) => callFile('users.csv', { query, accept: 'text/csv' });

/** One user. */
export const getUser = (userName: string) => call('get', `users/${seg(userName)}`, UserSchema);

/** Updates a user; also the list's isApproved / isLockedOut toggles (send only that flag). */
export const updateUser = (userName: string, body: UserUpdateInput) => call('put', `users/${seg(userName)}`, MessageReply, { body });

/** Creates a user named `userName`; answers the new user. */
export const createUser = (userName: string, body: UserCreateInput) => call('post', `users/${seg(userName)}`, UserSchema, { body });

/** Duplicates user `userName` as a new user named `copy`; status 210 carries a warning body (read it with `messageOf`). */
export const copyUser = (userName: string, copy: string, body: UserCreateInput) =>
  callWithStatus('post', `users/${seg(userName)}/copy/${seg(copy)}`, WarningReplySchema, { body });

// ------------------------------------------------------------------ roles

/** The role catalogue: every role, in role groups. */
export const getRoleCatalogue = () => call('get', 'roles', v.array(RoleGroupSchema));

/** A user's own roles. */
export const getUserRoles = (userId: number) => call('get', `user/${seg(userId)}/roles`, v.array(RoleItemSchema));

/** The role groups a user may be given, each role with appliedToUser and whether a user group grants it. */
export const getUserRoleInfo = (userId: number) => call('get', `user/${seg(userId)}/roleInfo`, v.array(RoleGroupSchema));

/** Sets a user's own roles (the whole set). */
export const updateUserRoles = (body: UserRolesUpdate) => call('post', 'updateRoles', MessageReply, { body });

/** Role groups with their roles' details for a user. */
export const getUserRoleGroupDetails = (userName: string) => call('get', `role-groups/${seg(userName)}/details`, v.array(RoleGroupSchema));

// ------------------------------------------------------------------ a user's projects, password, add-ons, imports, reports

/** The projects tree of a licence (the user's by default) with the user's assignments. */
export const getUserProjects = (userName: string, query: { licenseId?: number } = {}) => call('get', `users/${seg(userName)}/projects`, v.array(ProjectTreeNodeSchema), { query });

/** Ours: the licences whose projects the caller may give the user (their own first), each with how many of its projects the user holds. */
export const getUserProjectLicenses = (userName: string) => call('get', `users/${seg(userName)}/projectLicenses`, v.array(UserProjectLicenseSchema));

/** Sets a user's projects; licenseId is required ('LicenseId is required.'). */
export const setUserProjects = (userName: string, body: UserProjectsUpdate) => call('post', `users/${seg(userName)}/projects`, MessageReply, { body });

/** The password policy that applies to a user (their licence's UserPassword config). */
export const getUserPasswordPolicy = (userName: string) => call('get', `users/${seg(userName)}/password/config`, PasswordPolicySchema);

/** The password state of a user (SSO, must update, last change, lockout). */
export const getUserPasswordState = (userName: string) => call('get', `users/${seg(userName)}/password`, UserPasswordStateSchema);

/** Sets a user's password by hand, e-mails a generated one (auto), or e-mails a reset link. */
export const setUserPassword = (userName: string, body: UserPasswordChange) => call('put', `users/${seg(userName)}/password`, MessageReply, { body });

/** The product licence (add-on) catalogue. */
export const getAddons = () => call('get', 'addons', v.array(AddonSchema));

/** A user's add-ons and vendors. */
export const getUserAddons = (userName: string) => call('get', `users/${seg(userName)}/addons`, UserAddonsSchema);

/** Sets a user's add-ons; status 210 with a message when seat limits would be exceeded. */
export const setUserAddons = (userName: string, body: UserAddonsUpdate) =>
  callWithStatus('put', `users/${seg(userName)}/addons`, WarningReplySchema, { body });

/** The vendors of a licence. */
export const getLicenseVendors = (licenseId: number) => call('get', `license/${seg(licenseId)}/vendors`, v.array(VendorSchema));

/** The import systems a user may use, with `enabled`. */
export const getUserImports = (userName: string) => call('get', `users/${seg(userName)}/imports`, v.array(ImportSystemSchema));

/** Enables or disables import systems for a user. */
export const setUserImports = (userName: string, body: UserImportsUpdate) => call('post', `users/${seg(userName)}/imports`, MessageReply, { body });

/** A user's reports (reportPath, assigned, autoAssigned, reason). */
export const getUserReports = (userName: string) => call('get', `user/${seg(userName)}/reports`, v.array(UserReportSchema));

/** Assigns a report to a user. */
export const assignUserReport = (userName: string, reportId: number) => call('post', `users/${seg(userName)}/reports/${seg(reportId)}`, MessageReply);

/** Updates a user's report assignments. */
export const updateUserReports = (userName: string, body: UserReportsUpdate) => call('patch', `users/${seg(userName)}/reports`, MessageReply, { body });

/** Unassigns a report from a user. */
export const unassignUserReport = (userName: string, reportId: number) => call('delete', `users/${seg(userName)}/reports/${seg(reportId)}`, DeleteReplySchema);

// ------------------------------------------------------------------ user groups

/** A licence's user groups, whether the user is a member of each, and what each grants. */
export const getUserGroupInfo = (userId: number, query: { licenseId?: number } = {}) =>
  call('get', `user/${seg(userId)}/userGroupInfo`, v.array(UserGroupMembershipSchema), { query });

/** Creates a user group (LicenseId, Name, RoleIds, ProjectIds, AddOnIds); answers the new group. */
export const createUserGroup = (body: UserGroupCreate) => call('post', 'userGroup/create', UserGroupSchema, { body });

/** User groups, optionally of one licence. */
export const getUserGroups = (query: { licenseId?: number } = {}) => call('get', 'userGroup/getAll', v.array(UserGroupSchema), { query });
/** Ours: a page of the user group list, paged, filtered and sorted on the server. */
export const getUserGroupPage = (query: UserGroupPageQuery = {}) => call('get', 'userGroup/page', UserGroupPageSchema, { query });
/** Ours: every user group of the list as CSV, with its filter and order (no paging). */
export const exportUserGroups = (query: Omit<UserGroupPageQuery, 'page' | 'pageSize'> = {}) => callFile('userGroups.csv', { query, accept: 'text/csv' });

/** The user groups a user belongs to. */
export const getUserGroupsOfUser = (query: { userId: number }) => call('get', 'userGroup/getByUserId', v.array(UserGroupSchema), { query });

/** One user group. */
export const getUserGroup = (userGroupId: number) => call('get', `userGroup/${seg(userGroupId)}/getById`, UserGroupSchema);

/** The projects tree with a user group's assignments. */
export const getUserGroupProjects = (query: { userGroupId: number }) => call('get', 'userGroup/getProjects', v.array(ProjectTreeNodeSchema), { query });

/** The role groups a user group may be given, each role with appliedToUser. */
export const getUserGroupRoleInfo = (userGroupId: number) => call('get', `userGroup/${seg(userGroupId)}/roleInfo`, v.array(RoleGroupSchema));

/** Removes users from a user group, or from all their groups (bulk unassign). */
export const removeUsersFromUserGroups = (body: UserGroupUsersRemove) => call('post', 'userGroup/deleteUsersByUserGroup', MessageReply, { body });

/** Ours (beyond the spec): what the bulk unassign would take from each user, and how seats would move, without changing anything. */
export const previewRemoveUsersFromUserGroups = (body: UserGroupUsersRemove) =>
  call('post', 'userGroup/deleteUsersByUserGroup', GroupChangePreviewSchema, { body, query: { preview: true } });

/** Sets a user group's add-ons; 210 with the seat-limit message when members would pass a limit (nothing changed). */
export const setUserGroupAddons = (body: UserGroupAddonsUpdate) => callWithStatus('post', 'userGroup/update/addOns', WarningReplySchema, { body });

/** Sets a user group's projects. */
export const setUserGroupProjects = (body: UserGroupProjectsUpdate) => callWithStatus('post', 'userGroup/update/projects', WarningReplySchema, { body });

/** Renames a user group (unique in the licence). */
export const updateUserGroupDetails = (body: UserGroupDetailsUpdate) => call('post', 'userGroup/update/details', MessageReply, { body });

/** Sets a user group's roles. */
export const setUserGroupRoles = (body: UserGroupRolesUpdate) => callWithStatus('post', 'userGroup/update/roles', WarningReplySchema, { body });

/** Sets a user group's members (only users of the group's licence); 210 when seats would run out. */
export const setUserGroupUsers = (body: UserGroupUsersUpdate) => callWithStatus('post', 'userGroup/update/users', WarningReplySchema, { body });

/**
 * Ours (beyond the spec): what a group change would do — users gaining and losing roles,
 * projects and product licences, and seats — without changing anything (`?preview=true` on
 * the change's own call). `Message` is set when the change would be refused for seats.
 */
export const previewUserGroupChange = (change: 'users' | 'addOns' | 'projects' | 'roles' | 'userUserGroup', body: UserGroupUsersUpdate | UserGroupAddonsUpdate | UserGroupProjectsUpdate | UserGroupRolesUpdate) =>
  call('post', `userGroup/update/${change}`, GroupChangePreviewSchema, { body, query: { preview: true } });

/** Adds users to a user group (bulk assign from the user list); status 210 with a message when seat limits would be exceeded. */
export const assignUsersToUserGroup = (body: UserGroupUsersUpdate) =>
  callWithStatus('post', 'userGroup/update/userUserGroup', WarningReplySchema, { body });

// ------------------------------------------------------------------ API keys

/** API keys (licence filter for super administrators, active only, text filter). */
export const getApiKeys = (query: ApiKeyListQuery = {}) => call('get', 'apikeys', v.array(ApiKeySchema), { query });
/** Ours: a page of the API key list, paged, filtered and sorted on the server. */
export const getApiKeyPage = (query: ApiKeyPageQuery = {}) => call('get', 'apikeys/page', ApiKeyPageSchema, { query });
/** Ours: every API key of the list as CSV, with its filters and order (no paging); never a secret. */
export const exportApiKeys = (query: Omit<ApiKeyPageQuery, 'page' | 'pageSize'> = {}) => callFile('apikeys.csv', { query, accept: 'text/csv' });

/** One API key (never the secret). */
export const getApiKey = (apiKeyId: number) => call('get', `apikeys/${seg(apiKeyId)}`, ApiKeySchema);

/** Creates an API key; the answer holds the secret, once. */
export const createApiKey = (body: ApiKeyInput) => call('post', 'apikeys', CreatedApiKeySchema, { body });

/** Updates an API key (name, description, isActive, allProjects). */
export const updateApiKey = (apiKeyId: number, body: ApiKeyUpdate) => call('put', `apikeys/${seg(apiKeyId)}`, MessageReply, { body });

/** An API key's add-ons. */
export const getApiKeyAddons = (apiKeyId: number) => call('get', `apikeys/${seg(apiKeyId)}/addons`, v.array(ApiKeyAddonSchema));

/** Sets an API key's add-ons (add-on ids). */
export const setApiKeyAddons = (apiKeyId: number, addOnIds: IdList) => call('put', `apikeys/${seg(apiKeyId)}/addons`, MessageReply, { body: addOnIds });

/** The role groups an API key may be given, each role with appliedToUser. */
export const getApiKeyRoles = (apiKeyId: number) => call('get', `apikeys/${seg(apiKeyId)}/roles`, v.array(RoleGroupSchema));

/** Sets an API key's roles (role ids). */
export const setApiKeyRoles = (apiKeyId: number, roleIds: IdList) => call('put', `apikeys/${seg(apiKeyId)}/roles`, MessageReply, { body: roleIds });

/** An API key's projects. */
export const getApiKeyProjects = (apiKeyId: number) => call('get', `apikeys/${seg(apiKeyId)}/projects`, v.array(ApiKeyProjectSchema));

/** Sets an API key's projects (project ids). */
export const setApiKeyProjects = (apiKeyId: number, projectIds: IdList) => call('put', `apikeys/${seg(apiKeyId)}/projects`, MessageReply, { body: projectIds });

// ------------------------------------------------------------------ the audit trail (ours)

/** Ours: a page of the audit trail, newest first: a view's History (`subject`) or the audit log page. */
export const getAuditPage = (query: AuditQuery = {}) => call('get', 'audit', AuditPageSchema, { query });
/** Ours: the audit trail's entries the filters keep, as CSV, newest first. */
export const exportAudit = (query: Omit<AuditQuery, 'page' | 'pageSize'> = {}) => callFile('audit.csv', { query, accept: 'text/csv' });
