/**
 * The projects-sites calls (contract area projects-sites), one endpoint object each: projects,
 * project configs and numbering, sites and labels, import systems and integration reports. The
 * console's call functions (projects-sites.calls.ts) and the API's routes are made from them.
 *
 * Access (spec 1 §6): project routes — and so the project view's tabs (sites, configs,
 * numbering) — accept any portal role; editing, activating and deactivating a project needs
 * ADMINISTER_PROJECT_UPDATE or a super administrator; import systems and integration reports
 * need ADMINISTER_IMPORT_SYSTEM_DETAILS.
 */
import * as v from 'valibot';
import { PORTAL_ROLES, Role } from 'shared/roles';
import { requiredText } from '../auth/auth.forms';
import { anyRole, endpoint, endpointGroup } from '../common/endpoint';
import { idIn, int, optionalId, visibleName } from '../common/fields';
import { filterQuery, flagQuery, idParam, licenseIdQuery, pageQuery, sortQuery, wholeNumber } from '../common/params';
import { DeleteReplySchema, MessageReplySchema, SuccessReplySchema } from '../common/replies.entities';
import { ConfigBodySchema, ConfigSchema, ConfigUpdateBodySchema, MaterialStatusReplySchema } from '../licensing/configs.entities';
import { ImportSystemSchema, IntegrationReportSchema } from './imports.entities';
import { ImportMessages, NumberingMessages, SiteMessages } from './projects-sites.messages';
import {
  DefaultStorageSchema,
  DocumentNumberingResultSchema,
  DocumentNumberingSchema,
  PROJECT_SORTS,
  ProjectIdsBodySchema,
  ProjectPageSchema,
  ProjectSchema,
  ProjectUserSchema,
} from './projects.entities';
import { projectDescriptionSchema, projectNameSchema } from './projects.forms';
import { BarcodeLabelsReplySchema, CanCopySitesSchema, SimpleSiteSchema, SiteSchema, SiteTreeNodeSchema } from './sites.entities';
import { SITE_NAME_MAX, SiteBodySchema, siteNameSchema, SiteTreesBodySchema } from './sites.forms';

/** Project routes and the project view's tabs (spec 1 §6: any one of the portal roles). */
const portal = anyRole(...PORTAL_ROLES);
/** Editing, activating or deactivating a project (spec 1 §6: ADMINISTER_PROJECT_UPDATE; super administrators may edit projects). */
const projectEditors = anyRole(Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_PROJECT_UPDATE);
/** Import systems and integration reports (spec 1 §6). */
const importAdmins = anyRole(Role.ADMINISTER_IMPORT_SYSTEM_DETAILS);
/** Unarchiving a site (spec 1 §6: ADMINISTER_SITE sees archived sites, so only its holders reach one to unarchive). */
const siteAdmins = anyRole(Role.ADMINISTER_SITE);
/**
 * What the project view and the workflow editor both read: a named config of several projects
 * (the editor reads each selected project's custom equipment statuses, spec 2 §5) and a
 * project's sites (a Geo trigger names one).
 */
const namedConfigReaders = anyRole(...PORTAL_ROLES, Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW);

const projectIdParam = idParam('projectId');
const siteIdParam = idParam('siteId');
const configIdParam = idParam('configId');
/** A config's name in a path (ResourceProperties, DocumentNameAutoNumbering, CustomSiteBarcode, …). */
const configName = v.pipe(v.string(), v.nonEmpty(), v.maxLength(100));

// ------------------------------------------------------------------ queries

/** GET projects' filters: a licence, the state and a text filter. */
export const ProjectListQuerySchema = v.object({
  ...licenseIdQuery,
  state: v.optional(v.picklist(['all', 'active', 'inactive'], 'state must be all, active or inactive.'), 'all'),
  ...filterQuery,
});
const ProjectSortQuery = sortQuery(PROJECT_SORTS, 'projectId');

const projectIdQuery = { projectId: v.optional(wholeNumber(ImportMessages.projectId)) };

/**
 * The sites tab's Show Archived Sites: archived sites are listed too, for a caller with
 * ADMINISTER_SITE (spec 1 §6); for anyone else the flag is ignored and only active sites are listed.
 */
export const SiteListQuerySchema = v.object({ includeArchived: flagQuery('includeArchived') });

/** GET projects/{projectId}/sites/{siteName}: among the children of `parentId`, or the top-level sites when absent. */
export const SiteByNameQuerySchema = v.object({ parentId: v.optional(wholeNumber('parentId must be a site id.')) });

// ------------------------------------------------------------------ bodies

/** Body of POST project: the new project form (spec 1 §5). */
export const ProjectCreateBodySchema = v.object({
  name: projectNameSchema,
  description: projectDescriptionSchema,
  /** Only with ACCESS_ALL_CUSTOMER_LICENCES; otherwise the caller's licence. */
  licenseId: optionalId('licenseId must be a licence id.'),
  environmentId: optionalId('environmentId must be an environment id.'),
  parentProjectId: optionalId('parentProjectId must be a project id.'),
});

/** Body of POST project/{projectId}: the fields that changed, each as the form checks it. */
export const ProjectUpdateBodySchema = v.partial(ProjectCreateBodySchema);

/** Body of POST project/{projectId}/default-storage: a site of the project, or null to clear it. */
export const DefaultStorageBodySchema = v.object({
  siteId: v.nullable(idIn('siteId must be a site id or null.')),
});

const nextNumber = v.pipe(
  v.number(NumberingMessages.nextNumber),
  v.integer(NumberingMessages.nextNumber),
  v.minValue(0, NumberingMessages.nextNumber),
  v.maxValue(2_147_483_647, NumberingMessages.nextNumber),
);

/** Body of POST {projectId}/CentralLogin/autonumbering/update: only the changed rows, with the number read (optimistic concurrency). */
export const DocumentNumberingBodySchema = v.pipe(
  v.array(
    v.object({ resourceType: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)), expectedNextNumber: nextNumber, newNextNumber: nextNumber }),
    'Send a list of { resourceType, expectedNextNumber, newNextNumber }.',
  ),
  v.maxLength(500),
);

/** Body of POST site/{siteId}/copy: where the copy goes, and whether archived counterparts there are unarchived. */
export const SiteCopyBodySchema = v.object({
  site: v.object({
    projectId: idIn('projectId must be a project id.'),
    parentId: optionalId('parentId must be a site id.'),
    name: v.optional(siteNameSchema),
  }),
  unarchiveExisting: v.optional(v.boolean('unarchiveExisting must be true or false.'), false),
});

const siteId = idIn('siteId must be a site id.');

/** Body of POST site/archive (its children are archived too). */
export const SiteArchiveBodySchema = v.object({ siteId });

/** Body of POST site/unarchive, optionally with the child sites. */
export const SiteUnarchiveBodySchema = v.object({ siteId, includeChildren: v.optional(v.boolean('includeChildren must be true or false.'), false) });

/** Body of POST list/labels (the spec's PascalCase names): ZPL for a label printer (mobile) or a PDF ('site barcodes.pdf'). */
export const BarcodeLabelsBodySchema = v.object({
  Zpl: v.boolean('Zpl must be true or false.'),
  Sorting: v.picklist(['active', 'alphaAsc', 'alphaDesc'], SiteMessages.labelsSorting),
  /** Dots per millimetre. */
  Dpmm: v.picklist([6, 8, 12, 24], SiteMessages.labelsDpmm),
  Size: v.optional(v.pipe(v.string(), v.maxLength(50))),
  Barcodes: v.pipe(
    v.array(
      v.object({
        Name: v.pipe(v.string(), v.nonEmpty(), v.maxLength(2000)),
        Qty: v.pipe(
          v.number(SiteMessages.labelsQty),
          v.integer(SiteMessages.labelsQty),
          v.minValue(1, SiteMessages.labelsQty),
          v.maxValue(1000, SiteMessages.labelsQty),
        ),
      }),
      SiteMessages.labelsNone,
    ),
    v.nonEmpty(SiteMessages.labelsNone),
    v.maxLength(10_000),
  ),
  /** 2147483647 on mobile; none on desktop. */
  MaxZplSize: v.optional(v.nullable(v.pipe(int, v.minValue(1), v.maxValue(2_147_483_647)))),
});

/** Body of POST projects/{projectId}/imports and PUT imports/{configId}: the import form (spec 1 §5). */
export const ImportSystemBodySchema = v.object({
  displayName: v.pipe(requiredText(ImportMessages.nameRequired), v.maxLength(100, ImportMessages.nameTooLong), visibleName(ImportMessages.nameInvisible)),
  path: v.pipe(requiredText(ImportMessages.pathRequired), v.maxLength(500, ImportMessages.pathTooLong), visibleName(ImportMessages.pathInvisible)),
  description: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(1000, ImportMessages.descriptionTooLong), visibleName(ImportMessages.descriptionInvisible)),
    '',
  ),
  active: v.optional(v.boolean('active must be true or false.'), true),
  isInternal: v.optional(v.boolean('isInternal must be true or false.')),
  /** The project is the path's on create, and does not change on update. */
  projectId: v.optional(idIn(ImportMessages.projectId)),
});

// ------------------------------------------------------------------ endpoints

export const projectsSitesEndpoints = endpointGroup('projects-sites', {
  getProjects: endpoint({
    method: 'GET',
    path: 'projects',
    summary: 'Projects the caller may see, by id: all for a super administrator, else per the project-read and assignment rules.',
    // The workflow and preservation screens choose among the user's projects too (spec 2 §2), and
    // so do the import system and integration report screens (ADMINISTER_IMPORT_SYSTEM_DETAILS):
    // each sees the projects the spec's visibility gives them (domain/project-visibility.ts), no more.
    access: anyRole(...PORTAL_ROLES, Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW, Role.ADMINISTER_PRESERVATION, Role.ADMINISTER_IMPORT_SYSTEM_DETAILS),
    query: ProjectListQuerySchema,
    reply: v.array(ProjectSchema),
  }),

  getProjectPage: endpoint({
    method: 'GET',
    path: 'projects/page',
    summary: 'A page of the project list, with its total: the projects GET projects answers, paged and sorted on the server.',
    access: portal,
    query: v.object({ ...ProjectListQuerySchema.entries, ...pageQuery, ...ProjectSortQuery }),
    reply: ProjectPageSchema,
  }),

  exportProjects: endpoint({
    method: 'GET',
    path: 'projects.csv',
    summary: 'Every project of the list as CSV: the same filters, order and columns as the screen, streamed.',
    access: portal,
    query: v.object({ ...ProjectListQuerySchema.entries, ...ProjectSortQuery }),
    reply: v.unknown(),
    replyKind: 'file',
  }),

  getProject: endpoint({
    method: 'GET',
    path: 'projects/{projectId}',
    summary: 'One project.',
    access: portal,
    params: projectIdParam,
    reply: ProjectSchema,
  }),

  createProject: endpoint({
    method: 'POST',
    path: 'project',
    summary: 'Creates a project; answers the new project (an error carries Message).',
    access: projectEditors,
    body: ProjectCreateBodySchema,
    reply: ProjectSchema,
  }),

  updateProject: endpoint({
    method: 'POST',
    path: 'project/{projectId}',
    summary: 'Updates a project’s name, description, licence, environment or parent (those sent).',
    access: projectEditors,
    params: projectIdParam,
    body: ProjectUpdateBodySchema,
    reply: MessageReplySchema,
  }),

  activateProject: endpoint({
    method: 'PUT',
    path: 'projects/{projectId}/activate',
    summary: 'Activates an inactive project.',
    access: projectEditors,
    params: projectIdParam,
    reply: MessageReplySchema,
  }),

  deactivateProject: endpoint({
    method: 'PUT',
    path: 'projects/{projectId}/deactivate',
    summary: 'Deactivates a project; removes all its assigned users and API keys (not reversible).',
    access: projectEditors,
    params: projectIdParam,
    reply: MessageReplySchema,
  }),

  getProjectUsers: endpoint({
    method: 'GET',
    path: 'projects/{projectId}/users',
    summary: 'The users of a project (getActive=true: active ones only).',
    access: portal,
    params: projectIdParam,
    query: v.object({ getActive: flagQuery('getActive') }),
    reply: v.array(ProjectUserSchema),
  }),

  getDefaultStorage: endpoint({
    method: 'GET',
    path: 'project/{projectId}/default-storage',
    summary: 'The project’s default storage location, or null.',
    access: portal,
    params: projectIdParam,
    reply: DefaultStorageSchema,
  }),

  setDefaultStorage: endpoint({
    method: 'POST',
    path: 'project/{projectId}/default-storage',
    summary: 'Sets (or clears, with null) the project’s default storage location.',
    access: projectEditors,
    params: projectIdParam,
    body: DefaultStorageBodySchema,
    reply: MessageReplySchema,
  }),

  getProjectConfigs: endpoint({
    method: 'GET',
    path: 'configs/{projectId}',
    summary: 'A project’s configs.',
    access: portal,
    params: projectIdParam,
    reply: v.array(ConfigSchema),
  }),

  addProjectConfig: endpoint({
    method: 'POST',
    path: 'configs',
    summary: 'Adds a config to a project; answers the new config.',
    access: portal,
    body: ConfigBodySchema,
    reply: ConfigSchema,
  }),

  updateProjectConfig: endpoint({
    method: 'PUT',
    path: 'configs',
    summary: 'Updates a project config if it is still at the version sent (else 409); answers the saved config.',
    access: portal,
    body: ConfigUpdateBodySchema,
    reply: ConfigSchema,
  }),

  deleteProjectConfig: endpoint({
    method: 'DELETE',
    path: 'configs/{configId}',
    summary: 'Deletes a project config.',
    access: portal,
    params: configIdParam,
    reply: DeleteReplySchema,
  }),

  getConfigsByName: endpoint({
    method: 'POST',
    path: 'project/{configName}/get-configs',
    summary: 'The config named `configName` of each of these projects (the body lists project ids).',
    access: namedConfigReaders,
    params: v.object({ configName }),
    body: ProjectIdsBodySchema,
    reply: v.array(ConfigSchema),
  }),

  getProjectConfig: endpoint({
    method: 'GET',
    path: 'project/{projectId}/{configName}/get-config',
    summary: 'One project’s config named `configName`, or null when it has none.',
    access: namedConfigReaders,
    params: v.object({ ...projectIdParam.entries, configName }),
    reply: v.nullable(ConfigSchema),
  }),

  getMaterialStatusOptions: endpoint({
    method: 'GET',
    path: 'spot/status',
    summary: 'The material check-in/out status options (materialStatusOptions).',
    access: portal,
    reply: MaterialStatusReplySchema,
  }),

  getDocumentNumbering: endpoint({
    method: 'POST',
    path: '{projectId}/CentralLogin/autonumbering',
    summary: 'The document numbering of a project (one row per document type).',
    access: portal,
    params: projectIdParam,
    reply: v.array(DocumentNumberingSchema),
  }),

  updateDocumentNumbering: endpoint({
    method: 'POST',
    path: '{projectId}/CentralLogin/autonumbering/update',
    summary: 'Sets next numbers of changed rows; each row answers success (false: changed elsewhere).',
    access: projectEditors,
    params: projectIdParam,
    body: DocumentNumberingBodySchema,
    reply: v.array(DocumentNumberingResultSchema),
  }),

  getProjectSites: endpoint({
    method: 'GET',
    path: 'project/{projectId}/sites',
    summary: 'A project’s sites: the top-level ones with their nested children (archived ones too with includeArchived=true, for ADMINISTER_SITE).',
    // The workflow designer's Geo triggers choose one of the project's sites.
    access: namedConfigReaders,
    params: projectIdParam,
    query: SiteListQuerySchema,
    reply: v.array(SiteSchema),
  }),

  getSite: endpoint({
    method: 'GET',
    path: 'site/{siteId}',
    summary: 'One site with its children.',
    access: portal,
    params: siteIdParam,
    reply: SiteSchema,
  }),

  getSimpleSite: endpoint({
    method: 'GET',
    path: 'site/simpleSite/{siteId}',
    summary: 'One site without children.',
    access: portal,
    params: siteIdParam,
    reply: SimpleSiteSchema,
  }),

  getSiteHierarchy: endpoint({
    method: 'GET',
    path: 'projects/{projectId}/sites/hierarchy',
    summary:
      'A project’s site hierarchy as tree nodes (site and children), for the hierarchy editor (archived ' +
      'sites too with includeArchived=true, for ADMINISTER_SITE).',
    access: portal,
    params: projectIdParam,
    query: SiteListQuerySchema,
    reply: v.array(SiteTreeNodeSchema),
  }),

  getSiteByName: endpoint({
    method: 'GET',
    path: 'projects/{projectId}/sites/{siteName}',
    summary: 'A project’s site by name in any case, among the top-level sites or the children of parentId, or null (to refuse a duplicate).',
    access: portal,
    params: v.object({ ...projectIdParam.entries, siteName: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(SITE_NAME_MAX)) }),
    query: SiteByNameQuerySchema,
    reply: v.nullable(SiteSchema),
  }),

  createSites: endpoint({
    method: 'POST',
    path: 'projects/{projectId}/sites/',
    summary: 'Creates sites in a project, a single one or a tree; answers the created sites.',
    access: portal,
    params: projectIdParam,
    body: SiteTreesBodySchema,
    reply: v.array(SiteSchema),
  }),

  updateSites: endpoint({
    method: 'PUT',
    path: 'projects/{projectId}/sites/',
    summary: 'Saves site trees of a project: existing sites (with siteId) updated, new ones created.',
    access: portal,
    params: projectIdParam,
    body: SiteTreesBodySchema,
    reply: MessageReplySchema,
  }),

  updateSite: endpoint({
    method: 'POST',
    path: 'site/{siteId}/update',
    summary: 'Updates one site (reply success, message).',
    access: portal,
    params: siteIdParam,
    body: SiteBodySchema,
    reply: SuccessReplySchema,
  }),

  copySite: endpoint({
    method: 'POST',
    path: 'site/{siteId}/copy',
    summary: 'Copies a site (and its children) into a project, unarchiving archived counterparts when allowed.',
    access: portal,
    params: siteIdParam,
    body: SiteCopyBodySchema,
    reply: MessageReplySchema,
  }),

  canCopySites: endpoint({
    method: 'GET',
    path: 'site/{projectId}/{siteId}/canCopySites',
    summary: 'Whether a site can be copied into a project (canCopy, isActive, askUnarchivePermission).',
    access: portal,
    params: v.object({ ...projectIdParam.entries, ...siteIdParam.entries }),
    reply: CanCopySitesSchema,
  }),

  archiveSite: endpoint({
    method: 'POST',
    path: 'site/archive',
    summary: 'Archives a site and its children.',
    access: portal,
    body: SiteArchiveBodySchema,
    reply: MessageReplySchema,
  }),

  unarchiveSite: endpoint({
    method: 'POST',
    path: 'site/unarchive',
    summary: 'Unarchives a site, optionally with its child sites (ADMINISTER_SITE).',
    access: siteAdmins,
    body: SiteUnarchiveBodySchema,
    reply: MessageReplySchema,
  }),

  getBarcodeLabels: endpoint({
    method: 'POST',
    path: 'list/labels',
    summary: 'Produces barcode labels (ZPL or PDF; base64 with asBase64); reply Success, Error.',
    access: portal,
    query: v.object({ asBase64: flagQuery('asBase64') }),
    body: BarcodeLabelsBodySchema,
    reply: BarcodeLabelsReplySchema,
  }),

  getImportSystems: endpoint({
    method: 'GET',
    path: 'imports',
    summary: 'Import systems (optionally of one project).',
    access: importAdmins,
    query: v.object(projectIdQuery),
    reply: v.array(ImportSystemSchema),
  }),

  getImportSystem: endpoint({
    method: 'GET',
    path: 'imports/{configId}',
    summary: 'One import system.',
    access: importAdmins,
    params: configIdParam,
    reply: ImportSystemSchema,
  }),

  getImportPaths: endpoint({
    method: 'GET',
    path: 'imports/paths',
    summary: 'The import paths in use (offered in the path field).',
    access: importAdmins,
    reply: v.array(v.string()),
  }),

  getProjectImportSystems: endpoint({
    method: 'GET',
    path: 'projects/{projectId}/imports',
    summary: 'A project’s import systems.',
    access: importAdmins,
    params: projectIdParam,
    reply: v.array(ImportSystemSchema),
  }),

  createImportSystem: endpoint({
    method: 'POST',
    path: 'projects/{projectId}/imports',
    summary: 'Creates an import system in a project (a duplicate name in the project is refused); answers it.',
    access: importAdmins,
    params: projectIdParam,
    body: ImportSystemBodySchema,
    reply: ImportSystemSchema,
  }),

  updateImportSystem: endpoint({
    method: 'PUT',
    path: 'imports/{configId}',
    summary: 'Updates an import system.',
    access: importAdmins,
    params: configIdParam,
    body: ImportSystemBodySchema,
    reply: MessageReplySchema,
  }),

  getIntegrationReports: endpoint({
    method: 'GET',
    path: 'imports/report',
    summary: 'Integration reports (project, zero-based page, filter).',
    access: importAdmins,
    query: v.object({ ...projectIdQuery, page: pageQuery.page, ...filterQuery }),
    reply: v.array(IntegrationReportSchema),
  }),

  getIntegrationReport: endpoint({
    method: 'GET',
    path: 'imports/report/{integrationRef}',
    summary: 'One integration report with its report JSON.',
    access: importAdmins,
    params: v.object({ integrationRef: v.pipe(v.string(), v.uuid(ImportMessages.reportRef)) }),
    reply: IntegrationReportSchema,
  }),
});
