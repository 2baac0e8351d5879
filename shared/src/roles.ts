/**
 * Role names the console and the API check by name. The full catalogue (about 150
 * permissions in groups) is served by `GET roles`; these are the ones that gate screens
 * and calls. The browser only hides; the server decides.
 */
export const Role = {
  ACCESS_ALL_CUSTOMER_LICENCES: 'ACCESS_ALL_CUSTOMER_LICENCES',
  ACCESS_MY_CUSTOMER_LICENCE: 'ACCESS_MY_CUSTOMER_LICENCE',
  MENU_ADMIN_TOOL_ACCESS: 'MENU_ADMIN_TOOL_ACCESS',
  ADMINISTER_PROJECT_READ: 'ADMINISTER_PROJECT_READ',
  ADMINISTER_PROJECT_UPDATE: 'ADMINISTER_PROJECT_UPDATE',
  ADMINISTER_SITE: 'ADMINISTER_SITE',
  ADMINISTER_USER_CREATE_UPDATE: 'ADMINISTER_USER_CREATE_UPDATE',
  ADMINISTER_API_KEYS: 'ADMINISTER_API_KEYS',
  ADMINISTER_ROLE: 'ADMINISTER_ROLE',
  ADMINISTER_IMPORT_SYSTEM_USER: 'ADMINISTER_IMPORT_SYSTEM_USER',
  ADMINISTER_IMPORT_SYSTEM_DETAILS: 'ADMINISTER_IMPORT_SYSTEM_DETAILS',
  ADMINISTER_ASSIGNED_REPORTS: 'ADMINISTER_ASSIGNED_REPORTS',
  ACCESS_OTHER_PROJECTS: 'ACCESS_OTHER_PROJECTS',
  ADMINISTER_WORKFLOW: 'ADMINISTER_WORKFLOW',
  EDIT_WORKFLOW: 'EDIT_WORKFLOW',
  ADMINISTER_PRESERVATION: 'ADMINISTER_PRESERVATION',
} as const;

/** A role name the console checks. */
export type RoleName = (typeof Role)[keyof typeof Role];

/** Any role name from the catalogue; the named ones above are a subset. */
export type AnyRoleName = RoleName | (string & {});

/** True when `roles` holds at least one of `anyOf` (an empty `anyOf` is always true). */
export function hasRole(roles: readonly string[] | undefined, ...anyOf: readonly AnyRoleName[]): boolean {
  if (anyOf.length === 0) return true;
  if (!roles || roles.length === 0) return false;
  return anyOf.some((role) => roles.includes(role));
}

/** Route access shared by the user, user-group, project and user-view routes (spec 1 §6). */
export const PORTAL_ROLES: readonly RoleName[] = [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ACCESS_MY_CUSTOMER_LICENCE, Role.MENU_ADMIN_TOOL_ACCESS];

/** API keys are managed with either of these (spec 1 §6). */
export const API_KEY_ROLES: readonly RoleName[] = [Role.ADMINISTER_API_KEYS, Role.ADMINISTER_USER_CREATE_UPDATE];
