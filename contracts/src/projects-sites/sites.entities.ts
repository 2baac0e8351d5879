/** Sites (nested under a project) and their trees as the server answers them, and the barcode labels' answer. */
import * as v from 'valibot';
import { int, maybeInt, maybeText, tolerant } from '../common/fields';

/** The site classes the spec names. */
export const SITE_CLASSES = ['area', 'warehouse', 'bin', 'muster', 'site'] as const;

/** A site's type flags as the API answers them (each only when set). */
export const SiteTypeFlagsReplySchema = v.object({
  receivable: v.optional(v.boolean()),
  issuable: v.optional(v.boolean()),
  quarantine: v.optional(v.boolean()),
  locked: v.optional(v.boolean()),
  toolsAndEquipment: v.optional(v.boolean()),
});
export const SiteTypeFlagsSchema = tolerant(SiteTypeFlagsReplySchema);
export type SiteTypeFlags = v.InferOutput<typeof SiteTypeFlagsSchema>;

/** A site's overlays and user properties as the API answers them. */
export const SitePropertiesReplySchema = v.looseObject({
  overlays: v.array(v.object({ url: v.string(), name: v.string() })),
  userProperties: v.record(v.string(), v.object({ value: v.string(), type: v.string() })),
});
export const SitePropertiesSchema = tolerant(SitePropertiesReplySchema, {
  overlays: v.optional(v.array(v.looseObject({ url: v.string(), name: v.string() })), () => []),
  userProperties: v.optional(v.record(v.string(), v.looseObject({ value: v.string(), type: v.string() })), () => ({})),
});
export type SiteProperties = v.InferOutput<typeof SitePropertiesSchema>;

/** A site as the API answers it, without children. */
export const SimpleSiteReplySchema = v.object({
  siteId: int,
  name: v.string(),
  active: v.boolean(),
  parentId: v.nullable(int),
  projectId: int,
  /** 1 for a top-level site, its parent's + 1 below. */
  depth: int,
  /** area, warehouse, bin, muster or site (text, so a new class never breaks the console). */
  siteClass: v.string(),
  siteType: SiteTypeFlagsReplySchema,
  siteColor: v.nullable(v.string()),
  borderColor: v.nullable(v.string()),
  borderOpacity: v.nullable(v.number()),
  siteOpacity: v.nullable(v.number()),
  /** The GeoZone: a GeoJSON geometry, or null. */
  location: v.unknown(),
  properties: SitePropertiesReplySchema,
});
type SiteReply = v.InferInput<typeof SimpleSiteReplySchema> & { children: SiteReply[] };
/** A site with its children as the API answers it, each level by name (numbers by value: Bin 2 before Bin 10). */
export const SiteReplySchema: v.GenericSchema<SiteReply> = v.object({ ...SimpleSiteReplySchema.entries, children: v.array(v.lazy(() => SiteReplySchema)) });

/** GET site/simpleSite/{siteId}: a site without children. */
export const SimpleSiteSchema = tolerant(SimpleSiteReplySchema, {
  parentId: maybeInt(),
  depth: v.optional(int, 0),
  siteClass: v.optional(v.string(), 'site'),
  siteType: v.optional(SiteTypeFlagsSchema, () => ({})),
  siteColor: maybeText(),
  borderColor: maybeText(),
  borderOpacity: v.nullish(v.number()),
  siteOpacity: v.nullish(v.number()),
  /** Geometry or coordinates (GeoJSON-like); drawn only at depth 3 or less. */
  location: v.nullish(v.unknown()),
  properties: v.optional(SitePropertiesSchema, () => ({ overlays: [], userProperties: {} })),
});
export type SimpleSite = v.InferOutput<typeof SimpleSiteSchema>;

/** A site with its nested children. */
export type Site = SimpleSite & { children: Site[] };

export const SiteSchema: v.GenericSchema<unknown, Site> = v.looseObject({
  ...SimpleSiteSchema.entries,
  children: v.optional(v.array(v.lazy(() => SiteSchema)), () => []),
});

/** A hierarchy node's site as the API answers it: the fields the trees and the hierarchy editor show (no drawing, no properties). */
export const HierarchySiteReplySchema = v.pick(SimpleSiteReplySchema, ['siteId', 'name', 'active', 'parentId', 'projectId', 'depth', 'siteClass', 'siteType']);
type HierarchyNodeReply = { site: v.InferInput<typeof HierarchySiteReplySchema>; children: HierarchyNodeReply[] };
/** A node of a site tree as the API answers it. */
export const HierarchyNodeReplySchema: v.GenericSchema<HierarchyNodeReply> = v.object({
  site: HierarchySiteReplySchema,
  children: v.array(v.lazy(() => HierarchyNodeReplySchema)),
});

/** A node of a site tree: the site and its child nodes. */
export type SiteTreeNode = { site: SimpleSite; children: SiteTreeNode[]; [key: string]: unknown };

export const SiteTreeNodeSchema: v.GenericSchema<unknown, SiteTreeNode> = v.looseObject({
  site: SimpleSiteSchema,
  children: v.optional(v.array(v.lazy(() => SiteTreeNodeSchema)), () => []),
});

/** GET site/{projectId}/{siteId}/canCopySites as the API answers it. */
export const CanCopySitesReplySchema = v.object({ canCopy: v.boolean(), isActive: v.boolean(), askUnarchivePermission: v.boolean() });

/** GET site/{projectId}/{siteId}/canCopySites. */
export const CanCopySitesSchema = tolerant(CanCopySitesReplySchema, { askUnarchivePermission: v.optional(v.boolean(), false) });
export type CanCopySites = v.InferOutput<typeof CanCopySitesSchema>;

/** Answer of POST list/labels as the API answers it. */
export const BarcodeLabelsServerReplySchema = v.object({ Success: v.boolean(), Error: v.nullable(v.string()), Data: v.nullable(v.string()) });

/** Answer of POST list/labels; `Data` holds the labels (base64 when asked). */
export const BarcodeLabelsReplySchema = tolerant(BarcodeLabelsServerReplySchema, { Error: maybeText(), Data: maybeText() });
export type BarcodeLabelsReply = v.InferOutput<typeof BarcodeLabelsReplySchema>;

/** PUT site/{siteId}'s answer as the API answers it (the spec's `{ success, message }`). */
export const SiteUpdateReplySchema = v.object({ success: v.literal(true), message: v.string() });

/** The copy's answer as the API answers it: the copied site's id. */
export const SiteCopyReplySchema = v.object({ Message: v.string(), siteId: int });
