/** The import list's added calls (ours: the list paged on the server and its CSV export), derived from their endpoints. */
import { callOf } from '../common/call';
import { importListEndpoints } from './imports.endpoints';

export const getImportProjects = callOf(importListEndpoints.getImportProjects);
export const getImportSystemPage = callOf(importListEndpoints.getImportSystemPage);
export const exportImportSystems = callOf(importListEndpoints.exportImportSystems);
export const getIntegrationReportFile = callOf(importListEndpoints.getIntegrationReportFile);
