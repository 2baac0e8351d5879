/** The user group calls (contract area identity), derived from their endpoints. */
import { callOf } from '../common/call';
import { userGroupEndpoints } from './user-groups.endpoints';

export const getUserGroupInfo = callOf(userGroupEndpoints.getUserGroupInfo);
export const createUserGroup = callOf(userGroupEndpoints.createUserGroup);
export const getUserGroups = callOf(userGroupEndpoints.getUserGroups);
/** Ours: a page of the user group list, paged, filtered and sorted on the server. */
export const getUserGroupPage = callOf(userGroupEndpoints.getUserGroupPage);
/** Ours: every user group of the list as CSV, with its filter and order (no paging). */
export const exportUserGroups = callOf(userGroupEndpoints.exportUserGroups);
export const getUserGroupsOfUser = callOf(userGroupEndpoints.getUserGroupsOfUser);
export const getUserGroup = callOf(userGroupEndpoints.getUserGroup);
export const getUserGroupProjects = callOf(userGroupEndpoints.getUserGroupProjects);
export const getUserGroupRoleInfo = callOf(userGroupEndpoints.getUserGroupRoleInfo);
export const updateUserGroupDetails = callOf(userGroupEndpoints.updateUserGroupDetails);

// ------------------------------------------------------------------ changes that reach members
// Each answers its status: 210 with the spec's seat-limit message when members would pass a
// limit (nothing changed). Its preview (ours, beyond the spec) sends the same body with
// `?preview=true` and answers what the change would do; `Message` is set when it would be refused.

export const setUserGroupUsers = callOf(userGroupEndpoints.setUserGroupUsers);
export const previewSetUserGroupUsers = callOf(userGroupEndpoints.previewSetUserGroupUsers);
export const setUserGroupAddons = callOf(userGroupEndpoints.setUserGroupAddons);
export const previewSetUserGroupAddons = callOf(userGroupEndpoints.previewSetUserGroupAddons);
export const setUserGroupProjects = callOf(userGroupEndpoints.setUserGroupProjects);
export const previewSetUserGroupProjects = callOf(userGroupEndpoints.previewSetUserGroupProjects);
export const setUserGroupRoles = callOf(userGroupEndpoints.setUserGroupRoles);
export const previewSetUserGroupRoles = callOf(userGroupEndpoints.previewSetUserGroupRoles);
/** The user list's bulk assign. */
export const assignUsersToUserGroup = callOf(userGroupEndpoints.assignUsersToUserGroup);
export const previewAssignUsersToUserGroup = callOf(userGroupEndpoints.previewAssignUsersToUserGroup);
/** The user list's bulk unassign (answers `{ Message }`, never 210). */
export const removeUsersFromUserGroups = callOf(userGroupEndpoints.removeUsersFromUserGroups);
export const previewRemoveUsersFromUserGroups = callOf(userGroupEndpoints.previewRemoveUsersFromUserGroups);
