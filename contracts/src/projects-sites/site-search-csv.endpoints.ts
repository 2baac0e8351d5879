/**
 * Sites beyond the contract (ours, issue 27), one endpoint object each: the header's site search
 * across every project the caller sees (the spec's header names Sites, its route table has no
 * site list), and a project's site hierarchy as CSV — exported, and imported back keeping site
 * ids, with a dry run that previews it.
 *
 * Access (spec 1 §6): any portal role, as the project routes and the site calls (which the
 * import makes: creating and saving site trees).
 */
import * as v from 'valibot';
import { PORTAL_ROLES } from 'shared/roles';
import { ParamMessages } from '../common/common.messages';
import { anyRole, endpoint, endpointGroup } from '../common/endpoint';
import { idParam, pageQuery } from '../common/params';
import { SiteListQuerySchema } from './projects-sites.endpoints';
import { SiteMessages } from './projects-sites.messages';
import { SITE_CSV_MAX_BYTES, SiteImportReplySchema } from './site-csv.entities';
import { SiteSearchPageSchema } from './site-search.entities';

const portal = anyRole(...PORTAL_ROLES);

/** GET sites/search: `q`, at least 2 characters of a site's name (trimmed), and the page. */
export const SiteSearchQuerySchema = v.object({
  // Optional in form only: an absent q is '' and answers the same message as a short one.
  q: v.optional(
    v.pipe(v.string(SiteMessages.searchTooShort), v.trim(), v.minLength(2, SiteMessages.searchTooShort), v.maxLength(50, SiteMessages.searchTooLong)),
    '',
  ),
  ...pageQuery,
});

/** POST projects/{projectId}/sites/import: `dryRun` is required, so nothing is written by a call that forgot it. */
export const SiteImportQuerySchema = v.object(
  {
    dryRun: v.pipe(
      v.picklist(['true', 'false'], ParamMessages.flag('dryRun')),
      v.transform((value) => value === 'true'),
    ),
  },
  // The object's message is a missing key's: an absent dryRun says the same as a wrong one.
  ParamMessages.flag('dryRun'),
);

/** The import's body: the CSV text, at most 2 MB. */
export const SiteCsvBodySchema = v.pipe(v.string(SiteMessages.csvNotText), v.maxBytes(SITE_CSV_MAX_BYTES, SiteMessages.csvTooLarge));

export const siteSearchCsvEndpoints = endpointGroup('projects-sites', {
  searchSites: endpoint({
    method: 'GET',
    path: 'sites/search',
    summary: 'Sites of every project the caller sees whose name holds `q` (any case), with their path and project; paged, by name then path.',
    access: portal,
    query: SiteSearchQuerySchema,
    reply: SiteSearchPageSchema,
  }),

  exportSites: endpoint({
    method: 'GET',
    path: 'projects/{projectId}/sites.csv',
    summary: 'A project’s site hierarchy as CSV: one row per site (siteId, parentId, path, name, active, siteClass), parents before children.',
    access: portal,
    params: idParam('projectId'),
    query: SiteListQuerySchema,
    reply: v.unknown(),
    replyKind: 'file',
  }),

  importSites: endpoint({
    method: 'POST',
    path: 'projects/{projectId}/sites/import',
    summary:
      'Imports a site file (as exported): rows with a siteId rename or move their site, rows without one ' +
      'create a site; nothing is deleted. dryRun=true previews it.',
    access: portal,
    params: idParam('projectId'),
    query: SiteImportQuerySchema,
    body: SiteCsvBodySchema,
    bodyType: 'text/csv',
    reply: SiteImportReplySchema,
  }),
});
