/**
 * Configs of projects and of licences (contract areas projects-sites and licensing), the
 * material status options and the resource types the config editors name: the routes of their
 * endpoints. What each call does is in configs.handlers.ts; the rules a config keeps are the
 * licensing model's (contracts/licensing/configs.rules.ts), the same the editors apply.
 */
import * as v from 'valibot';
import { ConfigReplySchema, MaterialStatusServerReplySchema, ResourceTypeReplySchema, licensingEndpoints as licensing } from 'contracts/licensing/model';
import { projectsSitesEndpoints as projectsSites } from 'contracts/projects-sites/model';
import { workflowEndpoints as workflows } from 'contracts/workflows/model';
import { MessageSchema, route } from '../../http/route';
import { entity, byHandler, noLicense } from '../../http/licence-scope';

/**
 * GET spot/status (spec 2 constants: Clear Status -1, Unavailable 2, Available 3). 'Do Not
 * Change Status' is the console's own choice (a parameter left null), not an option here.
 */
export const MATERIAL_STATUS_OPTIONS = [
  { state: -1, name: 'Clear Status' },
  { state: 2, name: 'Unavailable' },
  { state: 3, name: 'Available' },
];

const RULES =
  'The config is checked as the editor checks it (spec 1 §5), inside the transaction that writes and ' +
  'against the owner’s EnforceStorageLevels and ReceiptPost as saved (the owner is locked, so two saves ' +
  '— one to each — cannot together store a conflict): a positiveNumber parameter is not negative; ' +
  'EnforceStorageLevels’ minimum is not above its maximum and agrees with the ReceiptPost pick ' +
  'location’s levels; a pick location separates levels with " > " and has as many levels as ' +
  'EnforceStorageLevels allows; resource properties have names, a restricted selection has choices, and ' +
  'a name (any case) repeats only for different resource types. A problem is a 400: `Message` is the ' +
  'first, `errors` one message per place (`data.configs.N.parameters.M.value`, or `data.configs.N` for ' +
  'an entry), `problems` every one. A ResourceProperties change that adds, removes or edits a property ' +
  'requiring elevated privileges needs ACCESS_ALL_CUSTOMER_LICENCES (else 403).';
const VERSION =
  'Compare-and-set: `version` is the version read; the config is written only while it is still that ' +
  'version, and its version then goes up by one. A config changed since is a 409 (nothing written; read ' +
  'it again). The name cannot change (400). Answers the saved config with its new version.';
const DEFAULTS =
  'Root project 1 holds the project defaults: any caller of this route may read its configs, and only a ' +
  'super administrator (ACCESS_ALL_CUSTOMER_LICENCES) may change them (403 otherwise).';
const AUDIT = 'Recorded in the config’s History (`audit?subject=config:{id}`) with its name and data before and after.';

const noProject = { 404: 'No such project among those the caller sees (another licence’s project reads as missing).' };
const licenseNotFound = { 404: 'No such licence in the caller’s scope (another licence reads as missing), or no such config of the licence.' };

export const configSpecs = {
  getProjectConfigs: route(projectsSites.getProjectConfigs, {
    scope: entity('project', 'projectId', { orNone: true }),
    description: `A project’s configs, by name. ${DEFAULTS}`,
    response: v.array(ConfigReplySchema),
    answers: noProject,
  }),

  addProjectConfig: route(projectsSites.addProjectConfig, {
    scope: byHandler('the body’s projectId or licenseId: in the caller’s scope (404); the defaults for super administrators only'),
    description:
      `\`projectId\` names the project (required; a \`licenseId\` is a 400); \`name\` is one of root ` +
      `project 1’s configs (the defaults, else 400) that the project does not have yet (409 when it does, ` +
      `also when two adds race). ${RULES} ${AUDIT}`,
    grants: [],
    response: ConfigReplySchema,
    status: 201,
    answers: {
      400: 'No project named, another owner named, a name that is not a default, or a config that breaks a rule.',
      403: 'The defaults or an elevated resource property, for a caller who is not a super administrator.',
      409: 'The project already has this config.',
      ...noProject,
    },
  }),

  updateProjectConfig: route(projectsSites.updateProjectConfig, {
    scope: byHandler('the config’s project or licence: in the caller’s scope (404); the defaults for super administrators only'),
    description: `\`id\` names the config; a \`projectId\` sent must be its project’s. ${VERSION} ${RULES} ${DEFAULTS} ${AUDIT}`,
    grants: [],
    response: ConfigReplySchema,
    answers: {
      400: 'No version or id, another owner, another name, or a config that breaks a rule.',
      403: 'The defaults or an elevated resource property, for a caller who is not a super administrator.',
      404: 'No such project config among the projects the caller sees.',
      409: 'The config changed since it was read.',
    },
  }),

  deleteProjectConfig: route(projectsSites.deleteProjectConfig, {
    scope: entity('config', 'configId', { orNone: true }),
    description:
      `Removes a project config; recorded in its History and in the project’s. Removing a ` +
      `ResourceProperties config holding a property that requires elevated privileges needs a super ` +
      `administrator. ${DEFAULTS}`,
    grants: [],
    response: MessageSchema,
    answers: {
      403: 'The defaults or an elevated resource property, for a caller who is not a super administrator.',
      404: 'No such project config among the projects the caller sees.',
    },
  }),

  getConfigsByName: route(projectsSites.getConfigsByName, {
    scope: byHandler('the body’s projects: only those the caller sees are answered'),
    description:
      'The config named `configName` of each listed project that has one, by project id. Projects the ' +
      'caller does not see are left out without an error; root project 1 (the defaults) is readable by ' +
      'every caller of this route. A POST that only reads (the contract’s method).',
    grants: [],
    response: v.array(ConfigReplySchema),
  }),

  getProjectConfig: route(projectsSites.getProjectConfig, {
    scope: entity('project', 'projectId', { orNone: true }),
    description: `The project’s config named \`configName\`, or null when it has none. ${DEFAULTS}`,
    response: v.nullable(ConfigReplySchema),
    answers: noProject,
  }),

  getMaterialStatusOptions: route(projectsSites.getMaterialStatusOptions, {
    scope: noLicense('the platform’s material statuses'),
    description:
      'The statuses a material may take when checked in or out (the MaterialCheckInOut config’s ' +
      'CheckInStatus and CheckOutStatus), fixed (spec 2 constants): Clear Status (-1), Unavailable (2), ' +
      'Available (3). A parameter left null is "Do Not Change Status".',
    response: MaterialStatusServerReplySchema,
  }),

  getDefaultLicenseConfigs: route(licensing.getDefaultLicenseConfigs, {
    scope: noLicense('the default licence configs, the same for every licence'),
    description: 'The default licence configs, by name: what a licence may add (their data is the starting point). `systemConfigId` is each one’s own id.',
    response: v.array(ConfigReplySchema),
  }),

  getLicenseConfigs: route(licensing.getLicenseConfigs, {
    scope: entity('license', 'licenseId'),
    description: 'A licence’s configs, by name. `systemConfigId` is a licence config’s own id (its `id` too): DELETE and PUT name it.',
    response: v.array(ConfigReplySchema),
    answers: licenseNotFound,
  }),

  addLicenseConfig: route(licensing.addLicenseConfig, {
    scope: entity('license', 'licenseId'),
    description:
      `The path names the licence (a body \`licenseId\` that differs, or any \`projectId\`, is a 400); ` +
      `\`name\` is one of the default licence configs (else 400) that the licence does not have yet (409 ` +
      `when it does, also when two adds race). The new config’s \`systemConfigId\` is its own id. ${RULES} ${AUDIT}`,
    grants: [],
    response: ConfigReplySchema,
    status: 201,
    answers: {
      400: 'Another owner named, a name that is not a default, or a config that breaks a rule.',
      403: 'An elevated resource property, for a caller who is not a super administrator.',
      409: 'The licence already has this config.',
      ...licenseNotFound,
    },
  }),

  updateLicenseConfig: route(licensing.updateLicenseConfig, {
    scope: entity('license', 'licenseId'),
    description:
      `\`systemConfigId\` (or \`id\`: the same number) names the licence’s config; a body \`licenseId\` ` +
      `that differs from the path’s, or any \`projectId\`, is a 400. ${VERSION} ${RULES} ${AUDIT}`,
    grants: [],
    response: ConfigReplySchema,
    answers: {
      400: 'No version or id, another owner, another name, or a config that breaks a rule.',
      403: 'An elevated resource property, for a caller who is not a super administrator.',
      409: 'The config changed since it was read.',
      ...licenseNotFound,
    },
  }),

  deleteLicenseConfig: route(licensing.deleteLicenseConfig, {
    scope: entity('license', 'licenseId'),
    description:
      'Removes the licence’s config whose `systemConfigId` (its own id) the path names; recorded in its ' +
      'History and in the licence’s. Removing a ResourceProperties config holding a property that requires ' +
      'elevated privileges needs a super administrator.',
    grants: [],
    response: MessageSchema,
    answers: { 403: 'An elevated resource property, for a caller who is not a super administrator.', ...licenseNotFound },
  }),

  getResourceTypes: route(workflows.getResourceTypes, {
    scope: noLicense('the platform’s resource types'),
    description: 'Every resource type, by type number (707 is Adjustment): what resource properties, workflows and preservations name.',
    response: v.array(ResourceTypeReplySchema),
  }),
};
