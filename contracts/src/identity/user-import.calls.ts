/** Users from a CSV file (ours, issue 39), derived from their endpoints. */
import { callOf } from '../common/call';
import { userImportEndpoints } from './user-import.endpoints';

export const getUserImportTemplate = callOf(userImportEndpoints.getUserImportTemplate);
export const previewUserImport = callOf(userImportEndpoints.previewUserImport);
export const importUsers = callOf(userImportEndpoints.importUsers);
