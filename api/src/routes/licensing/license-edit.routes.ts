/**
 * Making and changing licences (contract area licensing): a new licence, its fields, its
 * product licence seat limits, its projects and its integrations. license-edit.handlers.ts
 * does them; the bodies and their messages are the licence form's (contracts licensing).
 *
 * Creating and changing a licence is for super administrators (spec 1 §6): a caller who holds
 * ACCESS_ALL_CUSTOMER_LICENCES through an API key acts in the key's licence only, so it is
 * refused these calls. A licence administrator reads their own licence's projects and
 * integrations; another licence is a 404, like one that does not exist.
 */
import { licensingEndpoints as api } from 'contracts/licensing/model';
import { MessageSchema, route } from '../../http/route';
import { entity, noLicense } from '../../http/licence-scope';

const notFoundAnswer = { 404: 'No such licence in the caller’s scope.' };
const superAdministratorsOnly =
  'Not a super administrator: ACCESS_ALL_CUSTOMER_LICENCES is needed, and an API key holding it still ' +
  'acts in its own licence only, so it never changes a licence’s terms.';

export const licenseEditSpecs = {
  createLicense: route(api.createLicense, {
    scope: noLicense('makes a new licence (super administrators only)'),
    description:
      'Required: name (unique among licences), company, environmentId (an existing environment), ' +
      'maxProjects and maxUsers (whole numbers from -1; any negative is unlimited). Optional: licenseType ' +
      '(default Standard), isActive (default true), expiryDate (milliseconds, at most 18 Jan 2038; null ' +
      'never expires), expiryNotificationDays (whole numbers from 0, kept once each in the order sent), ' +
      'ssoUrl, customerCode, opportunityId. The owner is the caller (spec 1 §2: reassign it to the ' +
      'customer’s licence administrator afterwards); a body’s ownerId is not taken. The licence is linked ' +
      'to its environment as `POST licenses/{licenseId}/environments/{environmentId}` would (the console ' +
      'makes that call next; it changes nothing then). It offers no product licence until `PUT ' +
      'licenses/{licenseId}/addons`. The answers this call decides itself (a taken name, an unknown ' +
      'environment) carry `ExceptionMessage` as well as `Message`.',
    grants: [],
    status: 201,
    answers: {
      400: 'A field breaks the licence form’s rules (the spec’s message, per field in `errors`), or the environment does not exist.',
      403: superAdministratorsOnly,
      409: 'The name is taken by another licence (`errors.name`).',
    },
  }),

  updateLicense: route(api.updateLicense, {
    scope: entity('license', 'licenseId'),
    description:
      'Send the fields that changed (the rules of `POST license/create`); fields left out stay. `ownerId` ' +
      'is a user of this licence, or null for none. A new `environmentId` is linked to the licence too. ' +
      '`ssoUrl` empty means none. The audit trail records each changed field before → after.',
    grants: [],
    response: MessageSchema,
    answers: {
      400:
        'A field breaks the licence form’s rules (the spec’s message, per field in `errors`), an environment ' +
        'that does not exist, or an owner who is not a user of the licence.',
      403: superAdministratorsOnly,
      ...notFoundAnswer,
      409: 'The name is taken by another licence (`errors.name`).',
    },
  }),

  setLicenseAddons: route(api.setLicenseAddons, {
    scope: entity('license', 'licenseId'),
    description:
      'The body is the licence’s whole offer: each product licence once, with its seat limit (-1 unlimited, ' +
      'a positive number that many users). An entry with 0 is ignored (spec 1 §5): like a product licence ' +
      'left out, it is not offered afterwards. A limit below the seats in use — users of the licence ' +
      'holding the product licence directly or through a user group, each once — is refused with 409 naming ' +
      'each such product licence with its seats in use and the new limit, and nothing changes; taking a ' +
      'product licence away that anyone holds is such a limit. Decided under the licence’s seat lock, so a ' +
      'seat given at the same moment is counted.',
    grants: [],
    response: MessageSchema,
    answers: {
      400: 'A limit that is not a whole number from -1 (the spec’s message), a product licence that does not exist, or one listed twice.',
      403: superAdministratorsOnly,
      ...notFoundAnswer,
      409: 'A limit below the seats in use: the message names the product licences (`addOns` lists them with `used` and `maxUsers`).',
    },
  }),

  getLicenseProjects: route(api.getLicenseProjects, {
    scope: entity('license', 'licenseId'),
    description:
      'The licence’s projects the caller sees (the project list’s rule, spec 1 §6: every one for a super ' +
      'administrator or an ADMINISTER_PROJECT_READ holder with a project of the licence, else those ' +
      'assigned to the caller directly or through a group), active and inactive, by name. `numberOfUsers` ' +
      'counts the users assigned directly or through a group, once each.',
    answers: notFoundAnswer,
  }),

  getIntegrations: route(api.getIntegrations, {
    scope: noLicense('the integration catalogue is the platform’s'),
    description:
      'Every integration, by name. `imgUrl` is a path on this server (empty when the stored address is ' +
      'anything else, so a card never loads an image from another host).',
  }),

  getLicenseIntegrations: route(api.getLicenseIntegrations, {
    scope: entity('license', 'licenseId'),
    description: 'The integrations linked to the licence, by name, as `GET integrations` answers them.',
    answers: notFoundAnswer,
  }),

  setLicenseIntegrations: route(api.setLicenseIntegrations, {
    scope: entity('license', 'licenseId'),
    description: 'The body is every integration id the licence has afterwards (an empty list unlinks them all); an id listed twice counts once.',
    grants: [],
    response: MessageSchema,
    answers: { 400: 'An integration that does not exist.', 403: superAdministratorsOnly, ...notFoundAnswer },
  }),
};
