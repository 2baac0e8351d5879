/**
 * Projects, project configs and numbering, sites and labels, import systems and integration reports
 * (contract area projects-sites), derived from their endpoints.
 */
import { callOf } from '../common/call';
import { projectsSitesEndpoints } from './projects-sites.endpoints';

export const getProjects = callOf(projectsSitesEndpoints.getProjects);
export const getProjectPage = callOf(projectsSitesEndpoints.getProjectPage);
export const exportProjects = callOf(projectsSitesEndpoints.exportProjects);
export const getProject = callOf(projectsSitesEndpoints.getProject);
export const createProject = callOf(projectsSitesEndpoints.createProject);
export const updateProject = callOf(projectsSitesEndpoints.updateProject);
export const activateProject = callOf(projectsSitesEndpoints.activateProject);
export const deactivateProject = callOf(projectsSitesEndpoints.deactivateProject);
export const getProjectUsers = callOf(projectsSitesEndpoints.getProjectUsers);
export const getDefaultStorage = callOf(projectsSitesEndpoints.getDefaultStorage);
export const setDefaultStorage = callOf(projectsSitesEndpoints.setDefaultStorage);
export const getProjectConfigs = callOf(projectsSitesEndpoints.getProjectConfigs);
export const addProjectConfig = callOf(projectsSitesEndpoints.addProjectConfig);
export const updateProjectConfig = callOf(projectsSitesEndpoints.updateProjectConfig);
export const deleteProjectConfig = callOf(projectsSitesEndpoints.deleteProjectConfig);
export const getConfigsByName = callOf(projectsSitesEndpoints.getConfigsByName);
export const getProjectConfig = callOf(projectsSitesEndpoints.getProjectConfig);
export const getMaterialStatusOptions = callOf(projectsSitesEndpoints.getMaterialStatusOptions);
export const getDocumentNumbering = callOf(projectsSitesEndpoints.getDocumentNumbering);
export const updateDocumentNumbering = callOf(projectsSitesEndpoints.updateDocumentNumbering);
export const getProjectSites = callOf(projectsSitesEndpoints.getProjectSites);
export const getSite = callOf(projectsSitesEndpoints.getSite);
export const getSimpleSite = callOf(projectsSitesEndpoints.getSimpleSite);
export const getSiteHierarchy = callOf(projectsSitesEndpoints.getSiteHierarchy);
export const getSiteByName = callOf(projectsSitesEndpoints.getSiteByName);
export const createSites = callOf(projectsSitesEndpoints.createSites);
export const updateSites = callOf(projectsSitesEndpoints.updateSites);
export const updateSite = callOf(projectsSitesEndpoints.updateSite);
export const copySite = callOf(projectsSitesEndpoints.copySite);
export const canCopySites = callOf(projectsSitesEndpoints.canCopySites);
export const archiveSite = callOf(projectsSitesEndpoints.archiveSite);
export const unarchiveSite = callOf(projectsSitesEndpoints.unarchiveSite);
export const getBarcodeLabels = callOf(projectsSitesEndpoints.getBarcodeLabels);
export const getImportSystems = callOf(projectsSitesEndpoints.getImportSystems);
export const getImportSystem = callOf(projectsSitesEndpoints.getImportSystem);
export const getImportPaths = callOf(projectsSitesEndpoints.getImportPaths);
export const getProjectImportSystems = callOf(projectsSitesEndpoints.getProjectImportSystems);
export const createImportSystem = callOf(projectsSitesEndpoints.createImportSystem);
export const updateImportSystem = callOf(projectsSitesEndpoints.updateImportSystem);
export const getIntegrationReports = callOf(projectsSitesEndpoints.getIntegrationReports);
export const getIntegrationReport = callOf(projectsSitesEndpoints.getIntegrationReport);
