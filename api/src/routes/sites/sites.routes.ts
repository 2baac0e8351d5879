/**
 * Sites (contract area projects-sites): a project's site trees, one site, the hierarchy editor's
 * save, bulk entry, archive and unarchive, copy between projects, and barcode labels — the
 * routes of their endpoints. What each call does is in sites.handlers.ts; the rules are the
 * model's (contracts/projects-sites: siteNameSchema, the site bodies) and sites.plan.ts's.
 */
import * as v from 'valibot';
import {
  BarcodeLabelsServerReplySchema,
  CanCopySitesReplySchema,
  HierarchyNodeReplySchema,
  SimpleSiteReplySchema,
  SiteCopyReplySchema,
  SiteReplySchema,
  SiteUpdateReplySchema,
  projectsSitesEndpoints as api,
} from 'contracts/projects-sites/model';
import { MessageSchema, route } from '../../http/route';
import { entity, byHandler } from '../../http/licence-scope';

const ARCHIVED =
  'Archived sites are listed only with `includeArchived=true` and only for a caller holding ' +
  'ADMINISTER_SITE (spec 1 §6: see archived sites); for anyone else the flag is ignored. The children ' +
  'of an archived site are archived too, so the active sites form whole trees.';
const SCOPE = 'The project must be one the caller sees (another licence’s, or one not assigned, reads as missing: 404).';
const SITE_SCOPE =
  'The site’s project must be one the caller sees; an archived site is seen only by a caller holding ' +
  'ADMINISTER_SITE. Otherwise 404, exactly as for a missing site, and nothing changes.';
const NAMES =
  'Names follow spec 1 §5 (the body’s schema: required, none of \\ / | : ; " \' ` , > < & $ %, at most ' +
  '50 characters, trimmed). Siblings are named apart, trimmed and in any case, among the sites sent and ' +
  'the project’s sites (archived ones too): a repeat within the body is a 400 (`Site sibling names must ' +
  'be unique.`), a name a sibling in the project has is a 409 `Site with name {name} already exists`; a ' +
  'unique index holds the same rule, so of two concurrent saves of one name under one parent exactly ' +
  'one succeeds.';
const FIELDS =
  'A site’s fields are set when sent: `siteClass` only for a site with a parent (spec 1 §2: the class ' +
  'checkboxes; sent for a top-level site it is ignored, a new top-level site is `site`), `siteType`, ' +
  "the colours ('' clears one), the opacities (0 to 1), `properties` (`overlays` and `userProperties`, " +
  'each replaced when sent) and `location`, the GeoZone: null, or a GeoJSON geometry (an object of at ' +
  'most 100 KB), only at depth 3 or less (else 400 `GeoZones are unavailable for sites deeper than 3 ' +
  'layers.`). `active` is ignored: site/archive and site/unarchive change it.';
const TREES =
  'The body is a list of trees `{ site, children }`. A tree’s `site.parentId` places it: a site of the ' +
  'project (400 otherwise, and for an archived one: nothing active goes under an archived site), or ' +
  'null/absent for the top level; a child’s place is its tree’s (its own parentId is ignored). ' +
  '`site.projectId`, when sent, must be the path’s (400). Depth is the parent’s + 1 (top level 1).';
const HISTORY = 'Each site created or changed has its History (`audit?subject=site:{siteId}`): one entry per site, with what it was before and after.';
const noProject = { 404: 'No such project among those the caller sees (another licence’s project reads as missing).' };
const noSite = { 404: 'No such site among the projects the caller sees, or an archived one for a caller without ADMINISTER_SITE.' };

export const siteSpecs = {
  getProjectSites: route(api.getProjectSites, {
    scope: entity('project', 'projectId'),
    description: `The project’s top-level sites, each with its children nested, each level by name. ${ARCHIVED} ${SCOPE}`,
    response: v.array(SiteReplySchema),
    answers: noProject,
  }),

  getSite: route(api.getSite, {
    scope: entity('site', 'siteId'),
    description: `One site with its children nested (archived children too for a caller holding ADMINISTER_SITE). ${SITE_SCOPE}`,
    response: SiteReplySchema,
    answers: noSite,
  }),

  getSimpleSite: route(api.getSimpleSite, {
    scope: entity('site', 'siteId'),
    description: `One site without its children. ${SITE_SCOPE}`,
    response: SimpleSiteReplySchema,
    answers: noSite,
  }),

  // Before projects/{projectId}/sites/{siteName}, which would otherwise take 'hierarchy' for a name.
  getSiteHierarchy: route(api.getSiteHierarchy, {
    scope: entity('project', 'projectId'),
    description:
      `The project’s site hierarchy as nodes \`{ site, children }\`, each level by name; a node’s site ` +
      `carries its id, name, state, place, class and types (the drawing and properties are in GET ` +
      `site/{siteId}). ${ARCHIVED} ${SCOPE}`,
    response: v.array(HierarchyNodeReplySchema),
    answers: noProject,
  }),

  getSiteByName: route(api.getSiteByName, {
    scope: entity('project', 'projectId'),
    description:
      `The site named \`siteName\` (trimmed, in any case: as siblings are compared) among the project’s ` +
      `top-level sites, or among the children of \`parentId\` (a site of the project, else 400); null when ` +
      `there is none. It finds an archived site too, whoever asks: the name is taken either way. Answers ` +
      `the site without its children. ${SCOPE}`,
    response: v.nullable(SimpleSiteReplySchema),
    answers: { 400: 'parentId is not a site of the project.', ...noProject },
  }),

  createSites: route(api.createSites, {
    scope: entity('project', 'projectId'),
    description:
      `Creates site trees — one site, or bulk entry’s lines merged into the project’s tree — all in one ` +
      `transaction: every site is created or none is. The sites are new (a \`siteId\` is a 400; existing ` +
      `ones are saved with PUT). ${TREES} ${NAMES} ${FIELDS} Answers the created trees with their ids. ${HISTORY} ` +
      `${SCOPE}`,
    grants: [],
    response: v.array(SiteReplySchema),
    status: 201,
    answers: {
      400: 'A name, parent, field or location the rules refuse (nothing created).',
      409: 'A sibling in the project has the name (nothing created).',
      ...noProject,
    },
  }),

  updateSites: route(api.updateSites, {
    scope: entity('project', 'projectId'),
    description:
      `Saves the hierarchy editor’s trees in one transaction, all or nothing: a site with \`siteId\` (a ` +
      `site of the project, each at most once; an archived one only for ADMINISTER_SITE) is renamed, moved ` +
      `where the tree puts it and given the fields sent — a root without \`parentId\` stays where it is —; ` +
      `a site without one is created. A site cannot move under itself or one of its own sites (400); a site ` +
      `holding a GeoZone cannot end up deeper than 3. ${TREES} ${NAMES} ${FIELDS} ${HISTORY} ${SCOPE}`,
    grants: [],
    response: MessageSchema,
    answers: { 400: 'A name, parent, move, field or location the rules refuse (nothing saved).', 409: 'A sibling has the name (nothing saved).', ...noProject },
  }),

  updateSite: route(api.updateSite, {
    scope: entity('site', 'siteId'),
    description:
      `Saves one site’s name and fields (the site editor, the map). A \`siteId\` or \`projectId\` sent must ` +
      `be the site’s (400), and a \`parentId\` sent its parent: a site moves in the hierarchy editor (400 ` +
      `otherwise). ${NAMES} ${FIELDS} ${HISTORY} ${SITE_SCOPE}`,
    grants: [],
    response: SiteUpdateReplySchema,
    answers: { 400: 'A name, field or location the rules refuse, or a move.', 409: 'A sibling has the name.', ...noSite },
  }),

  copySite: route(api.copySite, {
    scope: entity('site', 'siteId'),
    description:
      'Copies an active site and its active descendants (the project view’s Copy of active sites) into ' +
      '`site.projectId` — a project the caller sees, of the source’s licence (400 otherwise) — under ' +
      '`site.parentId` (a site of it; absent or null: the top level), named `site.name` (the source’s when ' +
      'absent); all in one transaction. Each site is merged by name, in any case, with the one at the same ' +
      'place: a missing one is created with the source’s class, types, colours, opacities, properties and ' +
      'GeoZone (dropped deeper than 3); an archived one is unarchived when `unarchiveExisting` is true and ' +
      'the copy continues below it — when false, a 409 with `Some of the sites you are copying are ' +
      'archived. Continuing will unarchive the site.` and `askUnarchivePermission: true`, nothing written; ' +
      'an active one below the copied site is kept and the copy continues below it. The copied site itself ' +
      'must not exist active there (409 `Site with name {name} already exists`; GET canCopySites tells ' +
      'beforehand). Answers the copy’s `siteId` in the target. Each site created or unarchived has its ' +
      'History.',
    grants: [],
    response: SiteCopyReplySchema,
    answers: {
      400: 'An archived source, a project of another licence, or a parent that is not an active site of the target.',
      404: 'No such site or target project among those the caller sees.',
      409: 'The site exists active at that place, or archived counterparts and unarchiveExisting false.',
    },
  }),

  canCopySites: route(api.canCopySites, {
    scope: entity('site', 'siteId'),
    description:
      'Whether the site (path `siteId`, the source) can be copied to the top level of the project (path ' +
      '`projectId`, the target; of the source’s licence, else 400): `isActive` — the target has an active ' +
      'site of that name (any case) at its top level; `canCopy` — the source is active and `isActive` is ' +
      'false; `askUnarchivePermission` — the target has it archived, so POST site/{siteId}/copy needs ' +
      '`unarchiveExisting: true`.',
    response: CanCopySitesReplySchema,
    answers: { 400: 'The projects are of different licences.', 404: 'No such site or project among those the caller sees.' },
  }),

  archiveSite: route(api.archiveSite, {
    scope: byHandler('the body’s siteId: its project in the caller’s scope (404)'),
    description:
      'Archives the site and every site below it, in one statement (spec 1 §4: archiving a site archives ' +
      'its children). Each site archived has a History entry; the site’s own lists the child sites archived ' +
      'with it. When the project’s default storage location is among them, it is cleared (it must be an ' +
      'active site), in the project’s History. Any portal role that sees the project may archive.',
    grants: [],
    response: MessageSchema,
    answers: noSite,
  }),

  unarchiveSite: route(api.unarchiveSite, {
    scope: byHandler('the body’s siteId: its project in the caller’s scope (404)'),
    description:
      'Unarchives the site, and with `includeChildren` every site below it (the site editor’s ‘Unarchive ' +
      'site and child sites’). A site whose parent is archived is refused (400 `The parent site is ' +
      'archived: unarchive it first.`), so nothing active stands under an archived site. Needs ' +
      'ADMINISTER_SITE: only its holders see archived sites. Each site unarchived has a History entry.',
    grants: [],
    response: MessageSchema,
    answers: { 400: 'The parent site is archived.', ...noSite },
  }),

  getBarcodeLabels: route(api.getBarcodeLabels, {
    scope: byHandler('the body’s sites: each in a project the caller sees (404)'),
    description:
      'One label per barcode sent, each printed `Qty` times, in the order `Sorting` asks: `alphaAsc` or ' +
      '`alphaDesc` by name (numbers by value, any case), `active` as sent (the console lists the sites as ' +
      'its tab shows them, active first; a label carries only a name, which does not identify a site). With ' +
      '`Zpl: true`, `Data` is ZPL text for a label printer: per label `^XA … ^XZ` with the name as text ' +
      '(`^FB`, up to two lines, UTF-8 by `^CI28`) and as a barcode: Code 128 (`^BC`) for a name in ' +
      'printable ASCII, else a QR code of its UTF-8 (`^BQ`, level Q), sized by `Dpmm` (6, 8, 12 or 24 dots ' +
      'per mm) for a label of `Size` inches (`WxH`, default `4x2`), `^PQ` copies; when its UTF-8 size ' +
      'exceeds `MaxZplSize`, `Success` is false with `Error` and no data. With `Zpl: false`, `Data` is a ' +
      'PDF (‘site barcodes.pdf’), always base64: a grid of 2 × 8 labels per page (`Size`: `A4`, the ' +
      'default, or `Letter`), each a scannable barcode image of the name made by bwip-js (Code 128, or a ' +
      'square QR code of its UTF-8 for a name beyond ASCII, such as ‘Bâtiment A’) with the name under it in ' +
      'Helvetica; at most 10,000 labels. A name with a letter Helvetica cannot print (beyond the Latin ' +
      'letters and their accents, WinAnsi) answers `Success` false with an `Error` naming the site and what ' +
      'to do (print ZPL, or rename it). `asBase64=true` makes the ZPL base64 too. Changes nothing.',
    grants: [],
    response: BarcodeLabelsServerReplySchema,
    answers: { 400: 'A body the schema refuses (sorting, dpmm, quantities, no barcodes) or a size that is not WxH inches (ZPL) or A4/Letter (PDF).' },
  }),
};
