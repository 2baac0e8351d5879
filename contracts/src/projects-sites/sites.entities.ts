/** Sites (nested under a project) and their trees as the server answers them, and the barcode labels' answer. */
import * as v from 'valibot';
import { int, maybeInt, maybeText } from '../common/fields';

/** The site classes the spec names. */
export const SITE_CLASSES = ['area', 'warehouse', 'bin', 'muster', 'site'] as const;

export const SiteTypeFlagsSchema = v.looseObject({
  receivable: v.optional(v.boolean()),
  issuable: v.optional(v.boolean()),
  quarantine: v.optional(v.boolean()),
  locked: v.optional(v.boolean()),
  toolsAndEquipment: v.optional(v.boolean()),
});
export type SiteTypeFlags = v.InferOutput<typeof SiteTypeFlagsSchema>;

export const SitePropertiesSchema = v.looseObject({
  overlays: v.optional(v.array(v.looseObject({ url: v.string(), name: v.string() })), () => []),
  userProperties: v.optional(v.record(v.string(), v.looseObject({ value: v.string(), type: v.string() })), () => ({})),
});
export type SiteProperties = v.InferOutput<typeof SitePropertiesSchema>;

/** The fields of a site without its children. */
const siteFields = {
  siteId: int,
  name: v.string(),
  active: v.boolean(),
  parentId: maybeInt(),
  projectId: int,
  depth: v.optional(int, 0),
  /** area, warehouse, bin, muster or site (text, so a new class never breaks the console). */
  siteClass: v.optional(v.string(), 'site'),
  siteType: v.optional(SiteTypeFlagsSchema, () => ({})),
  siteColor: maybeText(),
  borderColor: maybeText(),
  borderOpacity: v.nullish(v.number()),
  siteOpacity: v.nullish(v.number()),
  /** Geometry or coordinates (GeoJSON-like); drawn only at depth 3 or less. */
  location: v.nullish(v.unknown()),
  properties: v.optional(SitePropertiesSchema, () => ({ overlays: [], userProperties: {} })),
};

/** GET site/simpleSite/{siteId}: a site without children. */
export const SimpleSiteSchema = v.looseObject(siteFields);
export type SimpleSite = v.InferOutput<typeof SimpleSiteSchema>;

/** A site with its nested children. */
export type Site = SimpleSite & { children: Site[] };

export const SiteSchema: v.GenericSchema<unknown, Site> = v.looseObject({
  ...siteFields,
  children: v.optional(v.array(v.lazy(() => SiteSchema)), () => []),
});

/** A node of a site tree: the site and its child nodes. */
export type SiteTreeNode = { site: SimpleSite; children: SiteTreeNode[]; [key: string]: unknown };

export const SiteTreeNodeSchema: v.GenericSchema<unknown, SiteTreeNode> = v.looseObject({
  site: SimpleSiteSchema,
  children: v.optional(v.array(v.lazy(() => SiteTreeNodeSchema)), () => []),
});

/** GET site/{projectId}/{siteId}/canCopySites. */
export const CanCopySitesSchema = v.looseObject({
  canCopy: v.boolean(),
  isActive: v.boolean(),
  askUnarchivePermission: v.optional(v.boolean(), false),
});
export type CanCopySites = v.InferOutput<typeof CanCopySitesSchema>;

/** Answer of POST list/labels; `Data` holds the labels (base64 when asked). */
export const BarcodeLabelsReplySchema = v.looseObject({
  Success: v.boolean(),
  Error: maybeText(),
  Data: maybeText(),
});
export type BarcodeLabelsReply = v.InferOutput<typeof BarcodeLabelsReplySchema>;
