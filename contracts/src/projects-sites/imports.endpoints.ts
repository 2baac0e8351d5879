/**
 * The import list's added calls (ours, beyond the contract: issue 25 asks for the Imports list
 * paged on the server, its state in the URL, with a CSV export), one endpoint object each, made
 * like `projects/page` and `projects.csv`; and an integration report's import file. The contract's own import and integration report
 * calls are in projects-sites.endpoints.ts.
 *
 * Access (spec 1 §6): ADMINISTER_IMPORT_SYSTEM_DETAILS, as for every import system call.
 */
import * as v from 'valibot';
import { Role } from 'shared/roles';
import { anyRole, endpoint, endpointGroup } from '../common/endpoint';
import { filterQuery, pageQuery, sortQuery, wholeNumber } from '../common/params';
import { IMPORT_SORTS, ImportProjectSchema, ImportSystemPageSchema } from './imports.entities';
import { ImportMessages } from './projects-sites.messages';

/** Import systems and integration reports (spec 1 §6). */
const importAdmins = anyRole(Role.ADMINISTER_IMPORT_SYSTEM_DETAILS);

/** The import list's filters: the screen's project filter and a text filter. */
export const ImportListQuerySchema = v.object({
  projectId: v.optional(wholeNumber(ImportMessages.projectId)),
  ...filterQuery,
});
const ImportSortQuery = sortQuery(IMPORT_SORTS, 'projectId');

export const importListEndpoints = endpointGroup('projects-sites', {
  getImportProjects: endpoint({
    method: 'GET',
    path: 'imports/projects',
    summary: 'The projects the import screens offer: those whose import systems and integration reports the caller reaches, by name.',
    access: importAdmins,
    reply: v.array(ImportProjectSchema),
  }),

  getImportSystemPage: endpoint({
    method: 'GET',
    path: 'imports/page',
    summary: 'A page of the import list, with its total: the import systems GET imports answers, filtered, paged and sorted on the server.',
    access: importAdmins,
    query: v.object({ ...ImportListQuerySchema.entries, ...pageQuery, ...ImportSortQuery }),
    reply: ImportSystemPageSchema,
  }),

  exportImportSystems: endpoint({
    method: 'GET',
    path: 'imports.csv',
    summary: 'Every import system of the list as CSV: the same filters, order and columns as the screen, streamed.',
    access: importAdmins,
    query: v.object({ ...ImportListQuerySchema.entries, ...ImportSortQuery }),
    reply: v.unknown(),
    replyKind: 'file',
  }),

  getIntegrationReportFile: endpoint({
    method: 'GET',
    path: 'imports/report/{integrationRef}/file',
    summary: 'The file an integration report imported (the report view’s import file download).',
    access: importAdmins,
    params: v.object({ integrationRef: v.pipe(v.string(), v.uuid(ImportMessages.reportRef)) }),
    reply: v.unknown(),
    replyKind: 'file',
  }),
});
