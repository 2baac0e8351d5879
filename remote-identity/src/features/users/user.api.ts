/**
 * One user and their tabs: query keys (under the list's, so a change refreshes both), queries
 * and the mutations with the spec's toasts.
 */
import { queryOptions } from '@tanstack/react-query';
import { AuthMessages } from 'contracts/auth';
import {
  assignUserReport,
  copyUser,
  createUser,
  endOtherUserSessions,
  endUserSession,
  getLicenseVendors,
  getUser,
  getUserAddons,
  getUserImports,
  getUserPasswordPolicy,
  getUserPasswordState,
  getUserProjects,
  getUserReports,
  getUserRoleInfo,
  getUserFactors,
  getUserSessions,
  resetUserFactors,
  setUserAddons,
  setUserImports,
  setUserPassword,
  setUserProjects,
  unassignUserReport,
  updateUser,
  updateUserRoles,
  FactorResetMessages,
  SessionMessages,
  UserMessages,
  type UserAddonsUpdate,
  type UserCreateInput,
  type UserPasswordChange,
  type UserUpdateInput,
} from 'contracts/identity';
import { getLicenseAddons, getLicenses } from 'contracts/licensing';
import { messageOf, useNotifyingMutation } from 'shared';
import { userGroupChoiceKeys, userKeys } from './users.api';

export const oneUserKeys = {
  all: userKeys.one,
  detail: (name: string) => [...oneUserKeys.all(name), 'detail'] as const,
  roles: (name: string) => [...oneUserKeys.all(name), 'roles'] as const,
  addons: (name: string) => [...oneUserKeys.all(name), 'addons'] as const,
  projects: (name: string, licenseId: number | null) => [...oneUserKeys.all(name), 'projects', licenseId] as const,
  imports: (name: string) => [...oneUserKeys.all(name), 'imports'] as const,
  reports: (name: string) => [...oneUserKeys.all(name), 'reports'] as const,
  password: (name: string) => [...oneUserKeys.all(name), 'password'] as const,
  sessions: (name: string) => [...oneUserKeys.all(name), 'sessions'] as const,
  factors: (name: string) => [...oneUserKeys.all(name), 'factors'] as const,
};

/** What the product licences tab reads of the user's licence: its offer and its vendors. */
export const licenseKeys = {
  all: ['identity', 'license'] as const,
  addons: (licenseId: number) => [...licenseKeys.all, licenseId, 'addons'] as const,
  vendors: (licenseId: number) => [...licenseKeys.all, licenseId, 'vendors'] as const,
  /** The licences a super administrator may put a new user in. */
  choices: () => [...licenseKeys.all, 'choices'] as const,
};

/**
 * An editor starts from fresh data: while the first fetch of its mount runs over older cached
 * data it waits, so no refetch can replace what the user has begun to change.
 */
export const isRefreshingOnMount = (query: { isFetching: boolean; isFetchedAfterMount: boolean }) => query.isFetching && !query.isFetchedAfterMount;

export const userQuery = (name: string) => queryOptions({ queryKey: oneUserKeys.detail(name), queryFn: () => getUser(name) });
export const userRoleInfoQuery = (name: string, userId: number) => queryOptions({ queryKey: oneUserKeys.roles(name), queryFn: () => getUserRoleInfo(userId) });
export const userAddonsQuery = (name: string) => queryOptions({ queryKey: oneUserKeys.addons(name), queryFn: () => getUserAddons(name) });
export const userProjectsQuery = (name: string, licenseId: number | null) =>
  queryOptions({ queryKey: oneUserKeys.projects(name, licenseId), queryFn: () => getUserProjects(name, licenseId === null ? {} : { licenseId }) });
export const userImportsQuery = (name: string) => queryOptions({ queryKey: oneUserKeys.imports(name), queryFn: () => getUserImports(name) });
export const userReportsQuery = (name: string) => queryOptions({ queryKey: oneUserKeys.reports(name), queryFn: () => getUserReports(name) });
export const userSessionsQuery = (name: string) => queryOptions({ queryKey: oneUserKeys.sessions(name), queryFn: () => getUserSessions(name) });
export const userFactorsQuery = (name: string) => queryOptions({ queryKey: oneUserKeys.factors(name), queryFn: () => getUserFactors(name) });
export const passwordStateQuery = (name: string) => queryOptions({ queryKey: oneUserKeys.password(name), queryFn: () => getUserPasswordState(name) });
export const passwordPolicyQuery = (name: string) =>
  queryOptions({ queryKey: [...oneUserKeys.password(name), 'policy'], queryFn: () => getUserPasswordPolicy(name), staleTime: 60_000 });
export const licenseAddonsQuery = (licenseId: number) => queryOptions({ queryKey: licenseKeys.addons(licenseId), queryFn: () => getLicenseAddons(licenseId) });
export const licenseVendorsQuery = (licenseId: number) =>
  queryOptions({ queryKey: licenseKeys.vendors(licenseId), queryFn: () => getLicenseVendors(licenseId), staleTime: 60_000 });
/** The licences a super administrator may put a new user in. */
export const licenseChoicesQuery = queryOptions({ queryKey: licenseKeys.choices(), queryFn: getLicenses, staleTime: 5 * 60_000 });

/** What a new user's form sends: the new user's name and details. */
export interface NewUserInput {
  userName: string;
  body: UserCreateInput;
}

/** Creates a user; the form shows a failure itself (on the fields, or above them). */
export function useCreateUser() {
  return useNotifyingMutation({
    mutationFn: ({ userName, body }: NewUserInput) => createUser(userName, body),
    invalidates: [userKeys.lists()],
    success: UserMessages.created,
    failure: UserMessages.createFailed,
    shownByForm: () => true,
  });
}

/**
 * Copies user `source` (its projects, groups, roles and product licences); a 210 (seats ran
 * out) is the server's warning, and the copy is made without product licences. The form
 * shows a failure itself.
 */
export function useCopyUser(source: string) {
  return useNotifyingMutation({
    mutationFn: ({ userName, body }: NewUserInput) => copyUser(source, userName, body),
    // The copy joins the source's groups (their member counts) and takes product licence seats.
    invalidates: [userKeys.lists(), userGroupChoiceKeys.all, licenseKeys.all],
    success: UserMessages.created,
    warningOf: (reply) => (reply.status === 210 ? (messageOf(reply.body) ?? UserMessages.created) : undefined),
    failure: UserMessages.createFailed,
    shownByForm: () => true,
  });
}

/** Sets the user's own roles (the whole set). */
export function useUpdateRoles(name: string, userId: number) {
  return useNotifyingMutation({
    mutationFn: (roleIds: number[]) => updateUserRoles({ userId, roleIds }),
    invalidates: [oneUserKeys.roles(name)],
    success: UserMessages.rolesUpdated,
    failure: UserMessages.rolesUpdateFailed,
  });
}

/** Sets the user's add-ons; a 210 (seats would run out) is the server's warning, and nothing changed. */
export function useSetAddons(name: string, licenseId: number) {
  return useNotifyingMutation({
    mutationFn: (body: UserAddonsUpdate) => setUserAddons(name, body),
    invalidates: [oneUserKeys.all(name), userKeys.lists(), licenseKeys.addons(licenseId)],
    success: UserMessages.addonsUpdated,
    warningOf: (reply) => (reply.status === 210 ? messageOf(reply.body) : undefined),
    failure: UserMessages.addonsUpdateFailed,
  });
}

export function useSetProjects(name: string) {
  return useNotifyingMutation({
    mutationFn: (body: { licenseId: number; projectIds: number[] }) => setUserProjects(name, body),
    invalidates: [[...oneUserKeys.all(name), 'projects'], oneUserKeys.imports(name)],
    success: UserMessages.projectsUpdated,
    failure: UserMessages.projectsUpdateFailed,
  });
}

export function useSetImports(name: string) {
  return useNotifyingMutation({
    mutationFn: (body: { configId: number; enabled: boolean }[]) => setUserImports(name, body),
    invalidates: [oneUserKeys.imports(name)],
    success: UserMessages.importsSaved,
    failure: UserMessages.importsSaveFailed,
  });
}

export function useToggleReport(name: string) {
  return useNotifyingMutation({
    mutationFn: ({ reportId, assigned }: { reportId: number; assigned: boolean }) =>
      assigned ? assignUserReport(name, reportId) : unassignUserReport(name, reportId),
    invalidates: [oneUserKeys.reports(name)],
    success: (_reply, vars) => (vars.assigned ? UserMessages.reportAssigned : UserMessages.reportUnassigned),
    failure: UserMessages.reportUpdateFailed,
  });
}

/** Saves a user's details (the details tab, the profile); the form shows a failure itself. */
export function useUpdateUser(name: string) {
  return useNotifyingMutation({
    mutationFn: (details: UserUpdateInput) => updateUser(name, details),
    invalidates: [oneUserKeys.detail(name), userKeys.lists()],
    success: UserMessages.saved,
    failure: UserMessages.saveFailed,
    shownByForm: () => true,
  });
}

/**
 * Saves the signed-in user's own details (the profile): the same save; the API's updateUser
 * keeps what only user administrators may change.
 */
export function useUpdateOwnDetails(name: string) {
  return useUpdateUser(name);
}

/** Sets a password by hand (the password tab's form, which shows a failure itself). */
export function useSetPassword(name: string) {
  return useNotifyingMutation({
    mutationFn: (change: UserPasswordChange) => setUserPassword(name, change),
    invalidates: [oneUserKeys.password(name)],
    success: AuthMessages.passwordUpdated,
    failure: AuthMessages.resetFailed,
    shownByForm: () => true,
  });
}

/** Auto Reset (a generated password e-mailed) or Email Link (a reset link); `onDone` after either answer. */
export function useSendPassword(name: string, onDone: () => void) {
  return useNotifyingMutation({
    mutationFn: (mode: 'auto' | 'link') => setUserPassword(name, { mode }),
    invalidates: [oneUserKeys.password(name)],
    success: (reply, mode) => reply.Message ?? (mode === 'auto' ? AuthMessages.passwordAutoReset : AuthMessages.emailSent),
    failure: AuthMessages.resetFailed,
    onSuccess: onDone,
    onError: onDone,
  });
}

/** Signs out one session of the user; the list refreshes. */
export function useEndSession(name: string, onDone: () => void) {
  return useNotifyingMutation({
    mutationFn: (sessionId: string) => endUserSession(name, sessionId),
    invalidates: [oneUserKeys.sessions(name)],
    success: () => SessionMessages.ended,
    failure: SessionMessages.endFailed,
    onSuccess: onDone,
    onError: onDone,
  });
}

/** Signs out every session of the user but the caller's own. */
export function useEndOtherSessions(name: string, onDone: () => void) {
  return useNotifyingMutation({
    mutationFn: () => endOtherUserSessions(name),
    invalidates: [oneUserKeys.sessions(name)],
    success: (reply) => SessionMessages.endedOthers(reply.ended),
    failure: SessionMessages.endFailed,
    onSuccess: onDone,
    onError: onDone,
  });
}

/** Removes the user's authenticator app, recovery codes and passkeys and signs out their sessions (an administrator, issue 40). */
export function useResetFactors(name: string, onDone: () => void) {
  return useNotifyingMutation({
    mutationFn: () => resetUserFactors(name),
    invalidates: [oneUserKeys.factors(name), oneUserKeys.sessions(name)],
    success: (reply) => reply.Message ?? FactorResetMessages.done(name, reply.ended),
    failure: FactorResetMessages.failed,
    onSuccess: onDone,
    onError: onDone,
  });
}
