/**
 * What a user may do and reach (contract area identity): the role catalogue and a user's
 * roles, the product licences (add-ons) with their vendors and seats, and a user's projects.
 * The definitions; user-access.handlers.ts does them.
 */
import * as v from 'valibot';
import {
  AddonSchema,
  LicenseAddonSchema,
  RoleGroupSchema,
  RoleItemSchema,
  UserAddonsSchema,
  UserMessages,
  UserProjectLicenseSchema,
  VendorSchema,
} from 'contracts/identity/model';
import { PORTAL_ROLES, Role } from 'shared/roles';
import { idParam, licenseIdQuery, userNameParam } from '../../http/params';
import { anyRole, MessageSchema, route, signedIn } from '../../http/route';

const int = v.pipe(v.number(), v.integer());

/** A required id whose absence answers `message` (a plain v.number would answer valibot's own 'Invalid key'). */
const requiredId = (message: string) =>
  v.pipe(
    // The null default makes valibot run the check for a missing key too (it skips an optional key's pipe otherwise).
    v.optional(v.nullable(v.number(message)), null),
    v.check((value) => typeof value === 'number' && Number.isInteger(value), message),
    v.transform((value) => value as number),
  );
const ids = (message: string) => v.pipe(v.array(int, message), v.maxLength(5000, message));

/** Who changes a user's roles and product licences (spec 1 §6: user administration or role administration). */
export const ACCESS_ADMIN_ROLES = [Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_ROLE] as const;

// requiredId's key reads as optional to valibot's types; its check makes it present. The
// handlers read these bodies through the aliases below.
export const UserRolesBodySchema = v.object({
  userId: requiredId('userId is required.'),
  roleIds: ids('roleIds must be a list of role ids.'),
});

export const UserAddonsBodySchema = v.pipe(
  v.array(v.object({ addOnId: int, vendorIds: v.optional(ids('vendorIds must be a list of vendor ids.'), []) }), 'Send the list of product licenses.'),
  v.maxLength(100),
);

export const UserProjectsBodySchema = v.object({
  licenseId: requiredId(UserMessages.licenseIdRequired),
  projectIds: v.optional(ids('projectIds must be a list of project ids.'), []),
});

/** A role as one user holds it: directly, and through which of their groups (beyond the spec: why they have it). */
const HeldRoleSchema = v.object({
  ...RoleItemSchema.entries,
  direct: v.boolean(),
  userGroups: v.array(v.string()),
});
const HeldRoleGroupSchema = v.object({ ...RoleGroupSchema.entries, roles: v.array(HeldRoleSchema) });

export const UserProjectNodeSchema = v.object({
  projectId: int,
  name: v.string(),
  description: v.string(),
  licenseId: v.nullable(int),
  parentProjectId: v.nullable(int),
  isActive: v.boolean(),
  assignedTo: v.boolean(),
  /** Assigned through one of the user's groups: shown, changed on the group. */
  fromUserGroup: v.boolean(),
  children: v.array(v.any()),
});

export const userAccessSpecs = {
  getRoleCatalogue: route({
    method: 'GET',
    path: 'roles',
    area: 'identity',
    summary: 'The role catalogue: every role in its role group, groups in catalogue order; `addOnId` is the product whose holders may be given the group’s roles.',
    access: anyRole(...PORTAL_ROLES, Role.ADMINISTER_API_KEYS),
    response: v.array(RoleGroupSchema),
  }),

  getUserRoles: route({
    method: 'GET',
    path: 'user/{userId}/roles',
    area: 'identity',
    summary: 'The roles a user holds, directly or through user groups (`fromUserGroup`, and `userGroups` naming them).',
    access: signedIn,
    params: idParam('userId'),
    response: v.array(HeldRoleSchema),
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  getUserRoleInfo: route({
    method: 'GET',
    path: 'user/{userId}/roleInfo',
    area: 'identity',
    summary: 'The role groups a user may be given — those of the product licences they hold — each role with `appliedToUser`, `direct`, `fromUserGroup` and the `userGroups` that grant it; and every role the user holds, whatever its product.',
    description:
      'Every role the user holds, directly or through a user group, is in the answer, so none is out of sight. A role held without the product licence of its role group (a product licence removed some other way, or data from elsewhere) comes in its group with only the held roles, the group marked `missingProduct` with the product licence’s name: it can be removed, and saving other roles keeps it, but it cannot be given again until the user holds that product licence. A user without product licences may be given no role: the answer holds only what they hold, empty when nothing (the console says ‘Assign a Product to modify roles.’).',
    access: signedIn,
    params: idParam('userId'),
    response: v.array(HeldRoleGroupSchema),
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  getUserRoleGroupDetails: route({
    method: 'GET',
    path: 'role-groups/{username}/details',
    area: 'identity',
    summary: 'As `GET user/{userId}/roleInfo`, for a user named by user name.',
    access: signedIn,
    params: userNameParam,
    response: v.array(HeldRoleGroupSchema),
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  updateUserRoles: route({
    method: 'POST',
    path: 'updateRoles',
    area: 'identity',
    summary: 'Sets the roles a user holds directly (the whole set).',
    description:
      'Roles a user group grants stay while the user is in the group, whether the list names them or not, and are never stored on the user. Every role added must belong to a role group of a product licence the user holds; a role the user already holds without its product licence may stay in the list (or be left out, which removes it). A caller who is not a super administrator can only give roles they hold themselves (removing any is allowed).',
    access: anyRole(...ACCESS_ADMIN_ROLES),
    grants: ['roles'],
    body: UserRolesBodySchema,
    response: MessageSchema,
    answers: { 400: 'An unknown role, or an added one whose product licence the user does not hold (the message names them).', 403: 'A role the caller may not give or remove (the privilege ceiling: an administrative role they do not hold, ACCESS_ALL_CUSTOMER_LICENCES unless a super administrator, a product role without role administration).', 404: 'No such user in the caller’s scope.' },
  }),

  getAddons: route({
    method: 'GET',
    path: 'addons',
    area: 'identity',
    summary: 'The product licence (add-on) catalogue; `addonData.category` VENDOR marks those assigned with vendors.',
    access: anyRole(...PORTAL_ROLES, Role.ADMINISTER_API_KEYS),
    response: v.array(AddonSchema),
  }),

  getLicenseAddons: route({
    method: 'GET',
    path: 'licenses/{licenseId}/addons',
    area: 'licensing',
    summary: 'The product licences a licence offers: seat limit (`maxUsers`, negative unlimited) and seats in use (`numUsers`: users holding it directly or through a group).',
    access: anyRole(...PORTAL_ROLES, Role.ADMINISTER_API_KEYS),
    params: idParam('licenseId'),
    response: v.array(LicenseAddonSchema),
    answers: { 404: 'No such licence in the caller’s scope.' },
  }),

  getLicenseVendors: route({
    method: 'GET',
    path: 'license/{licenseId}/vendors',
    area: 'identity',
    summary: 'The vendors of a licence, by name.',
    access: anyRole(...PORTAL_ROLES, Role.ADMINISTER_API_KEYS),
    params: idParam('licenseId'),
    response: v.array(VendorSchema),
    answers: { 404: 'No such licence in the caller’s scope.' },
  }),

  getUserAddons: route({
    method: 'GET',
    path: 'users/{username}/addons',
    area: 'identity',
    summary: 'The product licences a user holds (`fromUserGroup` when a group grants it: not removable on the user) and the vendors chosen under vendor add-ons.',
    access: signedIn,
    params: userNameParam,
    response: UserAddonsSchema,
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  setUserAddons: route({
    method: 'PUT',
    path: 'users/{username}/addons',
    area: 'identity',
    summary: 'Sets the product licences a user holds directly, with vendors for vendor add-ons.',
    description:
      'Each add-on must be offered by the user’s licence. A vendor add-on needs at least one of the licence’s vendors; vendor and non-vendor add-ons are not held together (group-granted ones included). Group-granted add-ons stay whatever the list says. When a seat limit would be passed nothing changes and the answer is 210 with the spec’s message naming the add-ons. Roles of a product licence the user no longer holds are removed; with no product licence left, all of the user’s own roles are.',
    access: anyRole(...ACCESS_ADMIN_ROLES),
    grants: [],
    params: userNameParam,
    body: UserAddonsBodySchema,
    response: MessageSchema,
    answers: { 210: 'Nothing changed: a seat limit would be passed (the message names the add-ons).', 400: 'An add-on the licence does not offer, a vendor rule broken (the spec’s message).', 404: 'No such user in the caller’s scope.' },
  }),

  getUserProjects: route({
    method: 'GET',
    path: 'users/{username}/projects',
    area: 'identity',
    summary: 'The project tree of a licence (the user’s by default) as far as the caller sees it (spec 1 §6), each project with `assignedTo` (the user’s own assignment) and `fromUserGroup`.',
    access: anyRole(...PORTAL_ROLES),
    params: userNameParam,
    query: v.object(licenseIdQuery),
    response: v.array(UserProjectNodeSchema),
    answers: { 404: 'No such user, or licence, in the caller’s scope.' },
  }),

  getUserProjectLicenses: route({
    method: 'GET',
    path: 'users/{username}/projectLicenses',
    area: 'identity',
    summary: 'The licences whose projects the caller may give the user — the user’s own first (`own`), then, for a super administrator, every other — each with `projectCount`: how many of its projects (those the caller sees) the user holds, directly or through a user group.',
    description: 'What the projects tab’s licence select shows (‘Old Mill Renovation (1)’), so projects held in another licence are never out of sight.',
    access: anyRole(...PORTAL_ROLES),
    params: userNameParam,
    response: v.array(UserProjectLicenseSchema),
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  setUserProjects: route({
    method: 'POST',
    path: 'users/{username}/projects',
    area: 'identity',
    summary: 'Sets the user’s own project assignments within one licence (`licenseId` is required: ‘LicenseId is required.’).',
    description:
      'Only projects of that licence the caller sees may be named; assignments the caller cannot see, and those of other licences, stay: saving one licence’s projects never touches another’s. Projects of a licence other than the user’s own (only a super administrator reaches one) may be given only to a user who holds ACCESS_OTHER_PROJECTS, directly or through a user group (spec 1 §6, ‘other project access’); without it the answer is 400 naming the user and the role. Removing them is always allowed, and a user who loses the role keeps what they hold until it is removed.',
    access: anyRole(Role.ADMINISTER_USER_CREATE_UPDATE),
    grants: ['projects'],
    params: userNameParam,
    body: UserProjectsBodySchema,
    response: MessageSchema,
    answers: { 400: '‘LicenseId is required.’, a project that is not one of the licence’s projects the caller sees, or another licence’s project for a user without ACCESS_OTHER_PROJECTS.', 404: 'No such user, or licence, in the caller’s scope.' },
  }),
};
