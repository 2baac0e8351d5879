/** Sites (nested under a project), the bodies that create and change them, and barcode labels. */
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

/** Overlays and free key/value properties as the console sends them. */
export const SitePropertiesInputSchema = v.object({
  overlays: v.optional(v.array(v.object({ url: v.string(), name: v.string() }))),
  userProperties: v.optional(v.record(v.string(), v.object({ value: v.string(), type: v.string() }))),
});
export type SitePropertiesInput = v.InferOutput<typeof SitePropertiesInputSchema>;

/** A site as the console sends it: no siteId for a new one. */
export const SiteInputSchema = v.object({
  siteId: v.optional(int),
  name: v.string(),
  active: v.optional(v.boolean()),
  parentId: v.optional(v.nullable(int)),
  projectId: v.optional(int),
  siteClass: v.optional(v.string()),
  siteType: v.optional(SiteTypeFlagsSchema),
  siteColor: v.optional(v.nullable(v.string())),
  borderColor: v.optional(v.nullable(v.string())),
  borderOpacity: v.optional(v.nullable(v.number())),
  siteOpacity: v.optional(v.nullable(v.number())),
  location: v.optional(v.unknown()),
  properties: v.optional(SitePropertiesInputSchema),
});
export type SiteInput = v.InferOutput<typeof SiteInputSchema>;

/** A tree of sites to create or save (bulk entry, hierarchy editor); existing ones carry their siteId. */
export type SiteTreeInput = { site: SiteInput; children?: SiteTreeInput[] };

export const SiteTreeInputSchema: v.GenericSchema<SiteTreeInput> = v.object({
  site: SiteInputSchema,
  children: v.optional(v.array(v.lazy(() => SiteTreeInputSchema))),
});

/** Body of POST site/{siteId}/copy: where the copy goes, and whether archived counterparts there are unarchived. */
export const SiteCopySchema = v.object({
  site: v.object({ projectId: int, parentId: v.optional(v.nullable(int)), name: v.optional(v.string()) }),
  unarchiveExisting: v.boolean(),
});
export type SiteCopy = v.InferOutput<typeof SiteCopySchema>;

/** GET site/{projectId}/{siteId}/canCopySites. */
export const CanCopySitesSchema = v.looseObject({
  canCopy: v.boolean(),
  isActive: v.boolean(),
  askUnarchivePermission: v.optional(v.boolean(), false),
});
export type CanCopySites = v.InferOutput<typeof CanCopySitesSchema>;

/** Body of POST site/archive (children are archived too). */
export const SiteArchiveSchema = v.object({ siteId: int });
export type SiteArchive = v.InferOutput<typeof SiteArchiveSchema>;

/** Body of POST site/unarchive, optionally with the child sites. */
export const SiteUnarchiveSchema = v.object({ siteId: int, includeChildren: v.boolean() });
export type SiteUnarchive = v.InferOutput<typeof SiteUnarchiveSchema>;

/** Body of POST list/labels (the spec's PascalCase names). */
export const BarcodeLabelsRequestSchema = v.object({
  /** true: ZPL for a label printer (mobile); false: a PDF ('site barcodes.pdf'). */
  Zpl: v.boolean(),
  /** active, alphaAsc or alphaDesc. */
  Sorting: v.string(),
  /** Dots per millimetre: 6, 8, 12 or 24. */
  Dpmm: int,
  Size: v.optional(v.string()),
  Barcodes: v.array(v.object({ Name: v.string(), Qty: int })),
  /** 2147483647 on mobile; none on desktop. */
  MaxZplSize: v.optional(v.nullable(int)),
});
export type BarcodeLabelsRequest = v.InferOutput<typeof BarcodeLabelsRequestSchema>;

/** Query of POST list/labels. */
export type BarcodeLabelsQuery = { asBase64?: boolean };

/** Answer of POST list/labels; `Data` holds the labels (base64 when asked). */
export const BarcodeLabelsReplySchema = v.looseObject({
  Success: v.boolean(),
  Error: maybeText(),
  Data: maybeText(),
});
export type BarcodeLabelsReply = v.InferOutput<typeof BarcodeLabelsReplySchema>;
