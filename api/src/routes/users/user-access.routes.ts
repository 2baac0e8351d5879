/**
 * What a user may do and reach (contract area identity): the role catalogue and a user's
 * roles, the product licences (add-ons) with their vendors and seats, and a user's projects.
 * The definitions; user-access.handlers.ts does them.
 */
import * as v from 'valibot';
import { HeldRoleGroupReplySchema, HeldRoleReplySchema, userEndpoints as api } from 'contracts/identity/model';
import { ProjectTreeNodeReplySchema } from 'contracts/projects-sites/model';
import { licensingEndpoints } from 'contracts/licensing/model';
import { MessageSchema, route } from '../../http/route';
import { entity, byHandler, noLicense } from '../../http/licence-scope';

export const userAccessSpecs = {
  getRoleCatalogue: route(api.getRoleCatalogue, { scope: noLicense('the role catalogue is the platform’s, the same for every licence') }),

  getUserRoles: route(api.getUserRoles, {
    scope: entity('user', 'userId'),
    response: v.array(HeldRoleReplySchema),
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  getUserRoleInfo: route(api.getUserRoleInfo, {
    scope: entity('user', 'userId'),
    description:
      'Every role the user holds, directly or through a user group, is in the answer, so none is out of ' +
      'sight. A role held without the product licence of its role group (a product licence removed some ' +
      'other way, or data from elsewhere) comes in its group with only the held roles, the group marked ' +
      '`missingProduct` with the product licence’s name: it can be removed, and saving other roles keeps ' +
      'it, but it cannot be given again until the user holds that product licence. A user without product ' +
      'licences may be given no role: the answer holds only what they hold, empty when nothing (the console ' +
      'says ‘Assign a Product to modify roles.’).',
    response: v.array(HeldRoleGroupReplySchema),
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  getUserRoleGroupDetails: route(api.getUserRoleGroupDetails, {
    scope: entity('userName', 'username'),
    response: v.array(HeldRoleGroupReplySchema),
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  updateUserRoles: route(api.updateUserRoles, {
    scope: byHandler('the body’s userId: its user must be in the caller’s scope (404)'),
    description:
      'Roles a user group grants stay while the user is in the group, whether the list names them or not, ' +
      'and are never stored on the user. Every role added must belong to a role group of a product licence ' +
      'the user holds; a role the user already holds without its product licence may stay in the list (or ' +
      'be left out, which removes it). A caller who is not a super administrator can only give roles they ' +
      'hold themselves (removing any is allowed).',
    grants: ['roles'],
    response: MessageSchema,
    answers: {
      400: 'An unknown role, or an added one whose product licence the user does not hold (the message names them).',
      403:
        'A role the caller may not give or remove (the privilege ceiling: an administrative role they do not ' +
        'hold, ACCESS_ALL_CUSTOMER_LICENCES unless a super administrator, a product role without role ' +
        'administration).',
      404: 'No such user in the caller’s scope.',
    },
  }),

  getAddons: route(api.getAddons, { scope: noLicense('the product catalogue is the platform’s') }),

  // A licensing call, served here beside the user's product licences it offers.
  getLicenseAddons: route(licensingEndpoints.getLicenseAddons, {
    scope: entity('license', 'licenseId'),
    answers: { 404: 'No such licence in the caller’s scope.' },
  }),

  getLicenseVendors: route(api.getLicenseVendors, {
    scope: entity('license', 'licenseId'),
    answers: { 404: 'No such licence in the caller’s scope.' },
  }),

  getUserAddons: route(api.getUserAddons, {
    scope: entity('userName', 'username'),
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  setUserAddons: route(api.setUserAddons, {
    scope: entity('userName', 'username'),
    description:
      'Each add-on must be offered by the user’s licence. A vendor add-on needs at least one of the ' +
      'licence’s vendors; vendor and non-vendor add-ons are not held together (group-granted ones ' +
      'included). Group-granted add-ons stay whatever the list says. When a seat limit would be passed ' +
      'nothing changes and the answer is 210 with the spec’s message naming the add-ons. Roles of a product ' +
      'licence the user no longer holds are removed; with no product licence left, all of the user’s own ' +
      'roles are.',
    grants: [],
    response: MessageSchema,
    answers: {
      210: 'Nothing changed: a seat limit would be passed (the message names the add-ons).',
      400: 'An add-on the licence does not offer, a vendor rule broken (the spec’s message).',
      404: 'No such user in the caller’s scope.',
    },
  }),

  getUserProjects: route(api.getUserProjects, {
    scope: entity('userName', 'username'),
    response: v.array(ProjectTreeNodeReplySchema),
    answers: { 404: 'No such user, or licence, in the caller’s scope.' },
  }),

  getUserProjectLicenses: route(api.getUserProjectLicenses, {
    scope: entity('userName', 'username'),
    description: 'What the projects tab’s licence select shows (‘Old Mill Renovation (1)’), so projects held in another licence are never out of sight.',
    answers: { 404: 'No such user in the caller’s scope.' },
  }),

  setUserProjects: route(api.setUserProjects, {
    scope: entity('userName', 'username'),
    description:
      'Only projects of that licence the caller sees may be named; assignments the caller cannot see, and ' +
      'those of other licences, stay: saving one licence’s projects never touches another’s. Projects of a ' +
      'licence other than the user’s own (only a super administrator reaches one) may be given only to a ' +
      'user who holds ACCESS_OTHER_PROJECTS, directly or through a user group (spec 1 §6, ‘other project ' +
      'access’); without it the answer is 400 naming the user and the role. Removing them is always ' +
      'allowed, and a user who loses the role keeps what they hold until it is removed.',
    grants: ['projects'],
    response: MessageSchema,
    answers: {
      400:
        '‘LicenseId is required.’, a project that is not one of the licence’s projects the caller sees, or ' +
        'another licence’s project for a user without ACCESS_OTHER_PROJECTS.',
      404: 'No such user, or licence, in the caller’s scope.',
    },
  }),
};
