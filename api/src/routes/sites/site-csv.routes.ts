/**
 * A project's site hierarchy as CSV (ours, issue 27, beyond the spec): the routes of its
 * endpoints (contracts/projects-sites/site-search-csv.endpoints.ts). What each call does is in
 * site-csv.handlers.ts; what a file does to the sites is site-csv.plan.ts.
 */
import { SITE_CSV_MAX_ROWS, SiteImportServerReplySchema, siteSearchCsvEndpoints as api } from 'contracts/projects-sites/model';
import { route } from '../../http/route';
import { entity } from '../../http/licence-scope';

const SCOPE = 'The project must be one the caller sees (another licence’s, or one not assigned, reads as missing: 404).';
const COLUMNS =
  'Columns: `siteId`, `parentId` (empty at the top level), `path` (the names from the top-level site ' +
  'down, joined by ‘ > ’), `name`, `active` (true or false) and `siteClass`; one row per site, parents ' +
  'before children, each level by name (numbers by value). UTF-8 with a byte-order mark; cells a ' +
  'spreadsheet would run as a formula start with an apostrophe.';

export const siteCsvSpecs = {
  exportSites: route(api.exportSites, {
    scope: entity('project', 'projectId'),
    description:
      `The project’s sites as CSV, to edit in a spreadsheet and import back with POST ` +
      `projects/{projectId}/sites/import. ${COLUMNS} Archived sites are in it only with ` +
      `\`includeArchived=true\` and only for a caller holding ADMINISTER_SITE (spec 1 §6). ${SCOPE}`,
    answers: { 404: 'No such project among those the caller sees.' },
  }),

  importSites: route(api.importSites, {
    scope: entity('project', 'projectId'),
    description: [
      `Imports a site file as GET projects/{projectId}/sites.csv writes it (the body is its text, ` +
        `\`text/csv\`, at most 2 MB and ${SITE_CSV_MAX_ROWS.toLocaleString('en-US')} rows): a header row ` +
        `naming the columns (any order and case; \`name\` or \`path\` at least), then one row per site.`,
      'A row with a `siteId` (a site of this project; an archived one only for ADMINISTER_SITE) renames its ' +
        'site to the row’s `name` and moves it when the row places it elsewhere; a row without one creates a ' +
        'site (active, with its `siteClass` below the top level). A row’s place is its `parentId` when given ' +
        '(a site of the project); otherwise its `path` without the last level — found among the rows’ paths ' +
        'as written, then the project’s sites, then the sites as the file leaves them (a parent renamed in ' +
        'the same file) —, the top level for a path of one level; an existing site’s row with neither stays ' +
        'where it is. The name is `name`, or the path’s last level when empty.',
      'Every name is checked by the site rules (spec 1 §5: required, none of \\ / | : ; " \' ` , > < & $ %, ' +
        'at most 50 characters, trimmed), siblings named apart in any case, and every move as the hierarchy ' +
        'save checks it (not under itself, nothing active under an archived site, a GeoZone at depth 3 or ' +
        'less).',
      'Nothing is deleted: a site without a row stays as it is, and `notInFile` counts them. An import ' +
        'changes names and places only: `active` and `siteClass` of an existing site are noted (`notes`) when ' +
        'the row differs, never applied.',
      '`dryRun=true` answers the preview and writes nothing: `tree`, the project’s sites as the file leaves ' +
        'them, each with `renamedFrom` and `movedFrom` when so, `siteId` null for a new one, and its `line`; ' +
        '`counts`; `problems`, each with its line (a row with a problem adds nothing to the preview). ' +
        '`dryRun=false` writes it in one transaction under the project’s lock — all or nothing: any problem ' +
        'is a 400 with `problems` and nothing changes — and each site created, renamed or moved has its ' +
        'History (`audit?subject=site:{siteId}`). Exporting and importing the file unchanged changes nothing.',
      SCOPE,
    ].join('\n\n'),
    grants: [],
    response: SiteImportServerReplySchema,
    answers: {
      400:
        'A file that is not a site file (no header, an unknown column, an unclosed quote, more than 10,000 ' +
        'rows or 2 MB), or, with dryRun=false, rows with problems (`problems`; nothing imported).',
      404: 'No such project among those the caller sees.',
      409: 'A site was saved with a name the file gives at the same moment (nothing imported).',
      415: 'A body sent as another type than text/csv (or text/plain).',
    },
  }),
};
