/**
 * Import systems (contract area projects-sites; issue 25): the routes of their endpoints
 * (contracts/projects-sites: projects-sites.endpoints.ts, and imports.endpoints.ts for the list's
 * page and CSV, ours). What each call does is in imports.handlers.ts; which projects' import
 * systems a caller reaches is imports.service.ts.
 */
import * as v from 'valibot';
import {
  ImportProjectReplySchema,
  ImportSystemReplySchema,
  ImportSystemUpdateReplySchema,
  importListEndpoints,
  projectsSitesEndpoints as api,
} from 'contracts/projects-sites/model';
import { pageReply } from '../../http/params';
import { route } from '../../http/route';
import { entity, byHandler, noLicense } from '../../http/licence-scope';

const reach =
  'A caller reaches the import systems of every project of their licence (every licence’s with ' +
  'ACCESS_ALL_CUSTOMER_LICENCES; an API key only its own projects’); anything else answers 404, exactly ' +
  'like a missing one.';
const noProject = { 404: 'No such project within the caller’s reach.' };
const noImport = { 404: 'No such import system within the caller’s reach.' };
const listQuery =
  '`projectId` narrows the list to one project (a project out of reach answers 404); `filter` matches ' +
  'the name, path, description or project id, ignoring case. `sort` is one of projectId (default), ' +
  'displayName, path, description, active, and `dir` asc (default) or desc; ties go by name, then by ' +
  'config id.';
const bodyRules =
  'The name and the path are trimmed and required, with the spec’s messages (`Please enter a name for ' +
  'the import system.`, `Please enter a path for the import system.`); a name has at most 100 ' +
  'characters, a path 500, a description 1000. A name another import system of the project already has ' +
  '(exactly, once trimmed) is a 409 with `Project already contains an import system with this name. ' +
  'Please select a different name.` under `errors.displayName`; the database’s unique constraint ' +
  'decides, so of two saves at the same moment one wins and the other is refused.';

export const importSpecs = {
  getImportSystems: route(api.getImportSystems, {
    scope: byHandler('the query’s project, else every project the caller sees'),
    description: `Ordered by project id, then name (ignoring case); \`projectId\` narrows the list to one project (out of reach: 404). ${reach}`,
    response: v.array(ImportSystemReplySchema),
    answers: noProject,
  }),

  // Registered before `imports/{configId}`, which would otherwise take 'paths' and 'page' for an id.
  getImportPaths: route(api.getImportPaths, {
    scope: noLicense('the platform’s import paths'),
    description:
      `The distinct paths of the import systems the caller reaches (active or not), sorted ignoring case: ` +
      `what the path field offers, besides adding a new one. ${reach}`,
  }),

  getImportProjects: route(importListEndpoints.getImportProjects, {
    scope: byHandler('every project of the caller’s licence (every licence’s for a super administrator; an API key its own projects)'),
    description:
      `The project selects of the import and integration report screens: every project whose import systems ` +
      `and reports the caller reaches, active or not, by name (ignoring case), then id. An administrator of ` +
      `import systems reaches every project of their licence, whether or not it is assigned to them (GET ` +
      `projects answers only those). ${reach}`,
    response: v.array(ImportProjectReplySchema),
  }),

  getImportSystemPage: route(importListEndpoints.getImportSystemPage, {
    scope: byHandler('the query’s project, else every project the caller sees'),
    description:
      `The Imports list (columns Project Id, Name, Path, Description, Active), paged on the server. ${reach} ` +
      `${listQuery} \`page\` is zero-based (default 0), \`pageSize\` 1 to 200 (default 25).`,
    response: pageReply(ImportSystemReplySchema),
    answers: noProject,
  }),

  exportImportSystems: route(importListEndpoints.exportImportSystems, {
    scope: byHandler('the query’s project, else every project the caller sees'),
    description:
      `Takes the query of \`GET imports/page\` without paging. Columns: Project Id, Name, Path, ` +
      `Description, Active. Cells that a spreadsheet would run as a formula start with an apostrophe. ${reach}`,
    answers: noProject,
  }),

  getImportSystem: route(api.getImportSystem, {
    scope: entity('import-system', 'configId'),
    description: reach,
    response: ImportSystemReplySchema,
    answers: noImport,
  }),

  getProjectImportSystems: route(api.getProjectImportSystems, {
    scope: entity('project', 'projectId'),
    description: `The project’s import systems by name (ignoring case), active or not. ${reach}`,
    response: v.array(ImportSystemReplySchema),
    answers: noProject,
  }),

  createImportSystem: route(api.createImportSystem, {
    scope: entity('project', 'projectId'),
    description:
      `In the project of the path; a \`projectId\` in the body, when sent, must be that project. ${bodyRules} ` +
      `\`active\` is true and \`isInternal\` false unless sent. A project that is not active takes no new ` +
      `import system (409 under \`errors.projectId\`): it has no users or API keys left to run it. Recorded ` +
      `in the audit trail.`,
    grants: [],
    response: ImportSystemReplySchema,
    status: 201,
    answers: {
      400: 'A field breaks its rule (the spec’s messages), or the body names another project.',
      ...noProject,
      409: 'The project already has an import system with this name, or is not active.',
    },
  }),

  updateImportSystem: route(api.updateImportSystem, {
    scope: entity('import-system', 'configId'),
    description:
      `Sends the whole form (a description left out becomes empty, \`active\` left out true); \`isInternal\` ` +
      `left out stays as it is. The project never changes: a \`projectId\` other than the import system’s ` +
      `is a 400. ${bodyRules} An import system of an inactive project can still be changed (deactivated, ` +
      `described). Answers \`Import system saved.\` with the saved import system. Recorded in the audit ` +
      `trail.`,
    grants: [],
    response: ImportSystemUpdateReplySchema,
    answers: {
      400: 'A field breaks its rule (the spec’s messages), or the body names another project.',
      ...noImport,
      409: 'Another import system of the project has this name.',
    },
  }),
};
