/** The user calls (contract area identity): users, their roles and their tabs, derived from their endpoints. */
import { callOf } from '../common/call';
import { userEndpoints } from './users.endpoints';

// ------------------------------------------------------------------ users

export const getUsers = callOf(userEndpoints.getUsers);
/** Ours: every user the list's filters keep, as CSV in the list's order. */
export const exportUsers = callOf(userEndpoints.exportUsers);
export const getUser = callOf(userEndpoints.getUser);
/** Also the list's isApproved / isLockedOut toggles (send only that flag). */
export const updateUser = callOf(userEndpoints.updateUser);
export const createUser = callOf(userEndpoints.createUser);
/** Status 210 carries a warning body (read it with `messageOf`): the copy was made without product licences. */
export const copyUser = callOf(userEndpoints.copyUser);

// ------------------------------------------------------------------ roles

export const getRoleCatalogue = callOf(userEndpoints.getRoleCatalogue);
export const getUserRoles = callOf(userEndpoints.getUserRoles);
export const getUserRoleInfo = callOf(userEndpoints.getUserRoleInfo);
export const updateUserRoles = callOf(userEndpoints.updateUserRoles);
export const getUserRoleGroupDetails = callOf(userEndpoints.getUserRoleGroupDetails);

// ------------------------------------------------------------------ a user's projects, password, add-ons, imports, reports

export const getUserProjects = callOf(userEndpoints.getUserProjects);
/** Ours: the licences whose projects the caller may give the user (their own first), each with how many of its projects the user holds. */
export const getUserProjectLicenses = callOf(userEndpoints.getUserProjectLicenses);
export const setUserProjects = callOf(userEndpoints.setUserProjects);
export const getUserPasswordPolicy = callOf(userEndpoints.getUserPasswordPolicy);
export const getUserPasswordState = callOf(userEndpoints.getUserPasswordState);
export const setUserPassword = callOf(userEndpoints.setUserPassword);
export const getAddons = callOf(userEndpoints.getAddons);
export const getUserAddons = callOf(userEndpoints.getUserAddons);
/** Status 210 with a message when seat limits would be exceeded (nothing changed). */
export const setUserAddons = callOf(userEndpoints.setUserAddons);
export const getLicenseVendors = callOf(userEndpoints.getLicenseVendors);
export const getUserImports = callOf(userEndpoints.getUserImports);
export const setUserImports = callOf(userEndpoints.setUserImports);
export const getUserReports = callOf(userEndpoints.getUserReports);
export const assignUserReport = callOf(userEndpoints.assignUserReport);
export const updateUserReports = callOf(userEndpoints.updateUserReports);
export const unassignUserReport = callOf(userEndpoints.unassignUserReport);

// ------------------------------------------------------------------ a user's sessions (ours)

export const getUserSessions = callOf(userEndpoints.getUserSessions);
export const endUserSession = callOf(userEndpoints.endUserSession);
export const endOtherUserSessions = callOf(userEndpoints.endOtherUserSessions);
export const getUserFactors = callOf(userEndpoints.getUserFactors);
export const resetUserFactors = callOf(userEndpoints.resetUserFactors);
