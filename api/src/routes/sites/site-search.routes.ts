/**
 * The header's site search (ours, issue 27: the spec's header names Sites and its route table has
 * no site list): the route of its endpoint (contracts/projects-sites/site-search-csv.endpoints.ts).
 * What it does is in site-search.handlers.ts.
 */
import { SiteSearchItemReplySchema, siteSearchCsvEndpoints as api } from 'contracts/projects-sites/model';
import { pageReply } from '../../http/params';
import { route } from '../../http/route';
import { byHandler } from '../../http/licence-scope';

export const siteSearchSpecs = {
  searchSites: route(api.searchSites, {
    scope: byHandler('only sites of the projects the caller sees (domain/project-visibility.ts)'),
    description:
      'The sites of every project the caller sees (as GET projects lists them) whose name holds `q`, in any ' +
      'case; `q` is trimmed and has 2 to 50 characters (400 `Type at least 2 characters to search sites.` ' +
      'otherwise). Each site comes with its `path` — the names from its top-level site down to it, joined ' +
      'by ‘ > ’ — and its project. Archived sites are listed (with `active: false`) only to a caller ' +
      'holding ADMINISTER_SITE (spec 1 §6). Sorted by name, then path (both in any case), then id; `page` ' +
      'is zero-based (default 0), `pageSize` 1 to 200 (default 25). A trigram index on the name serves the ' +
      'search (migration 0016).',
    response: pageReply(SiteSearchItemReplySchema),
  }),
};
