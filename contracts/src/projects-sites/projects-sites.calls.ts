/** Projects, project configs and numbering, sites and labels, import systems and integration reports (contract area projects-sites). */
import * as v from 'valibot';
import { call, callFile, MessageReply, seg } from 'shared';
import { DeleteReplySchema, type IdList, SuccessReplySchema } from '../common/replies.entities';
import { type ConfigInput, ConfigSchema, MaterialStatusReplySchema } from '../licensing/configs.entities';
import { type ImportListQuery, type ImportSystemInput, ImportSystemSchema, type IntegrationReportQuery, IntegrationReportSchema } from './imports.entities';
import { DefaultStorageSchema, type DefaultStorageUpdate, DocumentNumberingResultSchema, DocumentNumberingSchema, type DocumentNumberingUpdate, type ProjectInput, type ProjectListQuery, type ProjectPageQuery, ProjectPageSchema, ProjectSchema, type ProjectUpdate, ProjectUserSchema } from './projects.entities';
import { type BarcodeLabelsQuery, BarcodeLabelsReplySchema, type BarcodeLabelsRequest, CanCopySitesSchema, SimpleSiteSchema, type SiteArchive, type SiteCopy, type SiteInput, SiteSchema, type SiteTreeInput, SiteTreeNodeSchema, type SiteUnarchive } from './sites.entities';

// ------------------------------------------------------------------ projects

/** The projects the caller may see (licence, state and text filters). */
export const getProjects = (query: ProjectListQuery = {}) => call('get', 'projects', v.array(ProjectSchema), { query });

/** A page of the project list, with its total (the list screen; GET projects serves selects). */
export const getProjectPage = (query: ProjectPageQuery = {}) => call('get', 'projects/page', ProjectPageSchema, { query });
/** Ours: every project of the list as CSV, with its filters and order (no paging). */
export const exportProjects = (query: Omit<ProjectPageQuery, 'page' | 'pageSize'> = {}) => callFile('projects.csv', { query, accept: 'text/csv' });

/** One project. */
export const getProject = (projectId: number) => call('get', `projects/${seg(projectId)}`, ProjectSchema);

/** Creates a project (an error carries Message); answers the new project. */
export const createProject = (body: ProjectInput) => call('post', 'project', ProjectSchema, { body });

/** Updates a project. */
export const updateProject = (projectId: number, body: ProjectUpdate) => call('post', `project/${seg(projectId)}`, MessageReply, { body });

/** Activates an inactive project. */
export const activateProject = (projectId: number) => call('put', `projects/${seg(projectId)}/activate`, MessageReply);

/** Deactivates a project; removes all its assigned users and API keys. */
export const deactivateProject = (projectId: number) => call('put', `projects/${seg(projectId)}/deactivate`, MessageReply);

/** The users of a project (getActive=true: active ones only). */
export const getProjectUsers = (projectId: number, query: { getActive?: boolean } = { getActive: true }) =>
  call('get', `projects/${seg(projectId)}/users`, v.array(ProjectUserSchema), { query });

/** The project's default storage location, or null. */
export const getDefaultStorage = (projectId: number) => call('get', `project/${seg(projectId)}/default-storage`, DefaultStorageSchema);

/** Sets (or clears, with null) the project's default storage location. */
export const setDefaultStorage = (projectId: number, body: DefaultStorageUpdate) =>
  call('post', `project/${seg(projectId)}/default-storage`, MessageReply, { body });

// ------------------------------------------------------------------ project configs

/** A project's configs. */
export const getProjectConfigs = (projectId: number) => call('get', `configs/${seg(projectId)}`, v.array(ConfigSchema));

/** Adds a config to a project; answers the new config. */
export const addProjectConfig = (body: ConfigInput) => call('post', 'configs', ConfigSchema, { body });

/** Updates a project config. */
export const updateProjectConfig = (body: ConfigInput) => call('put', 'configs', MessageReply, { body });

/** Deletes a project config. */
export const deleteProjectConfig = (configId: number) => call('delete', `configs/${seg(configId)}`, DeleteReplySchema);

/** The config named `configName` of each of these projects. */
export const getConfigsByName = (configName: string, projectIds: IdList) =>
  call('post', `project/${seg(configName)}/get-configs`, v.array(ConfigSchema), { body: projectIds });

/** One project's config named `configName`, or null when it has none. */
export const getProjectConfig = (projectId: number, configName: string) =>
  call('get', `project/${seg(projectId)}/${seg(configName)}/get-config`, v.nullable(ConfigSchema));

/** The material check-in/out status options (materialStatusOptions). */
export const getMaterialStatusOptions = () => call('get', 'spot/status', MaterialStatusReplySchema);

/** The document numbering of a project (one row per document type). */
export const getDocumentNumbering = (projectId: number) => call('post', `${seg(projectId)}/CentralLogin/autonumbering`, v.array(DocumentNumberingSchema));

/** Sets next numbers of changed rows; each row answers success (false: changed elsewhere). */
export const updateDocumentNumbering = (projectId: number, body: DocumentNumberingUpdate) =>
  call('post', `${seg(projectId)}/CentralLogin/autonumbering/update`, v.array(DocumentNumberingResultSchema), { body });

// ------------------------------------------------------------------ sites

/** A project's sites: the top-level ones with their nested children. */
export const getProjectSites = (projectId: number) => call('get', `project/${seg(projectId)}/sites`, v.array(SiteSchema));

/** One site with its children. */
export const getSite = (siteId: number) => call('get', `site/${seg(siteId)}`, SiteSchema);

/** One site without children. */
export const getSimpleSite = (siteId: number) => call('get', `site/simpleSite/${seg(siteId)}`, SimpleSiteSchema);

/** A project's site hierarchy as tree nodes (site and children), for the hierarchy editor. */
export const getSiteHierarchy = (projectId: number) => call('get', `projects/${seg(projectId)}/sites/hierarchy`, v.array(SiteTreeNodeSchema));

/** A project's site by name, or null (to refuse a duplicate). */
export const getSiteByName = (projectId: number, siteName: string) =>
  call('get', `projects/${seg(projectId)}/sites/${seg(siteName)}`, v.nullable(SiteSchema));

/** Creates sites in a project, a single one or a tree; answers the created sites. */
export const createSites = (projectId: number, body: SiteTreeInput[]) => call('post', `projects/${seg(projectId)}/sites/`, v.array(SiteSchema), { body });

/** Saves site trees of a project: existing sites (with siteId) updated, new ones created. */
export const updateSites = (projectId: number, body: SiteTreeInput[]) => call('put', `projects/${seg(projectId)}/sites/`, MessageReply, { body });

/** Updates one site (reply success, message). */
export const updateSite = (siteId: number, body: SiteInput) => call('post', `site/${seg(siteId)}/update`, SuccessReplySchema, { body });

/** Copies a site (and its children) into a project, unarchiving archived counterparts when allowed. */
export const copySite = (siteId: number, body: SiteCopy) => call('post', `site/${seg(siteId)}/copy`, MessageReply, { body });

/** Whether a site can be copied into a project (canCopy, isActive, askUnarchivePermission). */
export const canCopySites = (projectId: number, siteId: number) => call('get', `site/${seg(projectId)}/${seg(siteId)}/canCopySites`, CanCopySitesSchema);

/** Archives a site and its children. */
export const archiveSite = (body: SiteArchive) => call('post', 'site/archive', MessageReply, { body });

/** Unarchives a site, optionally with its child sites. */
export const unarchiveSite = (body: SiteUnarchive) => call('post', 'site/unarchive', MessageReply, { body });

/** Produces barcode labels (ZPL or PDF; base64 with asBase64); reply Success, Error. */
export const getBarcodeLabels = (body: BarcodeLabelsRequest, query: BarcodeLabelsQuery = {}) =>
  call('post', 'list/labels', BarcodeLabelsReplySchema, { body, query });

// ------------------------------------------------------------------ import systems and integration reports

/** Import systems (optionally of one project). */
export const getImportSystems = (query: ImportListQuery = {}) => call('get', 'imports', v.array(ImportSystemSchema), { query });

/** One import system. */
export const getImportSystem = (configId: number) => call('get', `imports/${seg(configId)}`, ImportSystemSchema);

/** The import paths in use (offered in the path field). */
export const getImportPaths = () => call('get', 'imports/paths', v.array(v.string()));

/** A project's import systems. */
export const getProjectImportSystems = (projectId: number) => call('get', `projects/${seg(projectId)}/imports`, v.array(ImportSystemSchema));

/** Creates an import system in a project (a duplicate name in the project is refused); answers it. */
export const createImportSystem = (projectId: number, body: ImportSystemInput) =>
  call('post', `projects/${seg(projectId)}/imports`, ImportSystemSchema, { body });

/** Updates an import system. */
export const updateImportSystem = (configId: number, body: ImportSystemInput) => call('put', `imports/${seg(configId)}`, MessageReply, { body });

/** Integration reports (project, zero-based page, filter). */
export const getIntegrationReports = (query: IntegrationReportQuery = {}) => call('get', 'imports/report', v.array(IntegrationReportSchema), { query });

/** One integration report with its report JSON. */
export const getIntegrationReport = (integrationRef: string) => call('get', `imports/report/${seg(integrationRef)}`, IntegrationReportSchema);
