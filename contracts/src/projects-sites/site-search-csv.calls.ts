/** The site search and the site hierarchy's CSV (ours, issue 27), derived from their endpoints. */
import { callOf } from '../common/call';
import { siteSearchCsvEndpoints } from './site-search-csv.endpoints';

export const searchSites = callOf(siteSearchCsvEndpoints.searchSites);
export const exportSites = callOf(siteSearchCsvEndpoints.exportSites);
export const importSites = callOf(siteSearchCsvEndpoints.importSites);
