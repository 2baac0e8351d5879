/**
 * The site forms (spec 1 §5), one schema for the screens and the API: a site's name is
 * trimmed, required, at most 50 characters and free of \ / | : ; " ' ` , > < & $ %; siblings
 * cannot share a name. The site editor, bulk entry and the hierarchy editor send these.
 */
import * as v from 'valibot';
import { requiredText } from '../auth/auth.forms';
import { freeJson, idIn, optionalId, visibleName } from '../common/fields';
import { SiteMessages } from './projects-sites.messages';
import { SITE_CLASSES } from './sites.entities';

/** The longest site name (spec 1 §9). */
/** The most sites one body creates or saves. */
export const MAX_SITES_PER_BODY = 10_000;

/** A site's geometry: a GeoJSON polygon or a feature collection nests 6 to 8 levels; 200,000 characters is thousands of points. */
export const SITE_LOCATION_LIMITS = { depth: 12, chars: 200_000 };

export const SITE_NAME_MAX = 50;

/** The characters a site name cannot hold (spec 1 §5). */
export const SITE_NAME_FORBIDDEN = /[\\/|:;"'`,><&$%]/;

/** A site's name: trimmed, required, no special (or invisible) characters, at most 50 characters. */
export const siteNameSchema = v.pipe(
  requiredText(SiteMessages.nameBlank),
  v.check((name) => !SITE_NAME_FORBIDDEN.test(name), SiteMessages.specialCharacters),
  visibleName(SiteMessages.specialCharacters),
  v.maxLength(SITE_NAME_MAX, SiteMessages.tooLong),
);

const opacity = v.nullable(v.pipe(v.number(SiteMessages.opacity), v.minValue(0, SiteMessages.opacity), v.maxValue(1, SiteMessages.opacity)));
const color = v.nullable(v.pipe(v.string(SiteMessages.colorTooLong), v.trim(), v.maxLength(50, SiteMessages.colorTooLong)));

/** Overlays (name and link) and free key/value properties, as the site editor sends them. */
export const SitePropertiesBodySchema = v.object({
  overlays: v.optional(
    v.pipe(
      v.array(
        v.object({
          url: v.pipe(v.string(SiteMessages.overlays), v.trim(), v.maxLength(2000, SiteMessages.overlays)),
          name: v.pipe(v.string(SiteMessages.overlays), v.trim(), v.maxLength(200, SiteMessages.overlays)),
        }),
        SiteMessages.overlays,
      ),
      v.maxLength(100, SiteMessages.overlays),
    ),
  ),
  userProperties: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.maxLength(200, SiteMessages.userProperties)),
        v.object({
          value: v.pipe(v.string(SiteMessages.userProperties), v.maxLength(2000, SiteMessages.userProperties)),
          type: v.pipe(v.string(SiteMessages.userProperties), v.maxLength(50, SiteMessages.userProperties)),
        }),
        SiteMessages.userProperties,
      ),
      v.check((properties) => Object.keys(properties).length <= 200, SiteMessages.userProperties),
    ),
  ),
});

/** A site as the editors send it: no siteId for a new one. */
export const SiteBodySchema = v.object({
  siteId: v.optional(idIn('siteId must be a site id.')),
  name: siteNameSchema,
  active: v.optional(v.boolean('active must be true or false.')),
  parentId: optionalId('parentId must be a site id.'),
  projectId: v.optional(idIn('projectId must be a project id.')),
  siteClass: v.optional(v.picklist(SITE_CLASSES, SiteMessages.siteClass)),
  siteType: v.optional(
    v.object({
      receivable: v.optional(v.boolean()),
      issuable: v.optional(v.boolean()),
      quarantine: v.optional(v.boolean()),
      locked: v.optional(v.boolean()),
      toolsAndEquipment: v.optional(v.boolean()),
    }),
  ),
  siteColor: v.optional(color),
  borderColor: v.optional(color),
  borderOpacity: v.optional(opacity),
  siteOpacity: v.optional(opacity),
  /** Geometry or coordinates (GeoJSON-like); drawn only at depth 3 or less. */
  location: v.optional(freeJson(SITE_LOCATION_LIMITS, SiteMessages.locationTooLarge)),
  properties: v.optional(SitePropertiesBodySchema),
});
export type SiteInput = v.InferInput<typeof SiteBodySchema>;
type SiteBody = v.InferOutput<typeof SiteBodySchema>;

/** A tree of sites to create or save (bulk entry, hierarchy editor); existing ones carry their siteId. */
export type SiteTreeInput = { site: SiteInput; children?: SiteTreeInput[] };
export type SiteTreeBody = { site: SiteBody; children?: SiteTreeBody[] };

/** True when no two of these sites share a name, trimmed and in any case (spec 1 §5; the database holds the same rule). */
function namesDiffer(nodes: readonly { site: { name: string } }[]): boolean {
  const names = nodes.map((node) => node.site.name.trim().toLocaleLowerCase('en-US'));
  return new Set(names).size === names.length;
}

/** A site's children, siblings named apart ('Site sibling names must be unique.'). */
const SiteChildrenBodySchema: v.GenericSchema<SiteTreeInput[] | undefined, SiteTreeBody[] | undefined> = v.optional(
  v.pipe(
    v.array(v.lazy(() => SiteTreeBodySchema)),
    v.maxLength(MAX_SITES_PER_BODY, `Send at most ${MAX_SITES_PER_BODY} sites at once.`),
    v.check((children) => namesDiffer(children), SiteMessages.siblingNamesUnique),
  ),
);

/** One site with its children. */
export const SiteTreeBodySchema: v.GenericSchema<SiteTreeInput, SiteTreeBody> = v.object({ site: SiteBodySchema, children: SiteChildrenBodySchema });

const countSites = (trees: readonly SiteTreeBody[]): number => trees.reduce((sum, tree) => sum + 1 + countSites(tree.children ?? []), 0);

/**
 * Body of POST and PUT projects/{projectId}/sites/: site trees, siblings named apart (top-level
 * trees are siblings when they share a parent), at most 10,000 sites.
 */
export const SiteTreesBodySchema = v.pipe(
  v.array(SiteTreeBodySchema, 'Send a list of site trees.'),
  v.maxLength(MAX_SITES_PER_BODY, `Send at most ${MAX_SITES_PER_BODY} sites at once.`),
  v.check((trees) => countSites(trees) <= MAX_SITES_PER_BODY, `Send at most ${MAX_SITES_PER_BODY} sites at once.`),
  v.check((trees) => {
    const byParent = new Map<number | null, SiteTreeBody[]>();
    for (const tree of trees) {
      const parent = tree.site.parentId ?? null;
      const siblings = byParent.get(parent) ?? [];
      siblings.push(tree);
      byParent.set(parent, siblings);
    }
    return [...byParent.values()].every((siblings) => namesDiffer(siblings));
  }, SiteMessages.siblingNamesUnique),
);
