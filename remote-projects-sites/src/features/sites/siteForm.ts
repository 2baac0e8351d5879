/**
 * The site form (spec 1 §2 'Site edit and new', §5 site names) as the screen holds it — text in
 * the fields, flags as booleans, the key/value properties and the overlays as JSON text so the
 * one form hook tracks them like any field — and the body it sends. The name's rules are the
 * contract's (siteNameSchema, and repeatedSiblingNames against the parent's other children:
 * 'Siblings can't have the same name.'), checked as it is typed and before any save.
 */
import * as v from 'valibot';
import { repeatedSiblingNames, SITE_CLASSES, siteNameSchema, SiteMessages, type SimpleSite, type SiteInput } from 'contracts/projects-sites';

/** The site types (spec 1 §3), with the labels the form shows. */
export const SITE_TYPES = [
  { key: 'receivable', label: 'Receivable' },
  { key: 'issuable', label: 'Issuable' },
  { key: 'quarantine', label: 'Quarantine' },
  { key: 'locked', label: 'Locked' },
  { key: 'toolsAndEquipment', label: 'Tools and Equipment' },
] as const;
export type SiteTypeKey = (typeof SITE_TYPES)[number]['key'];

/** A class's label ('area' → 'Area'). */
export const classLabel = (siteClass: string) => siteClass.charAt(0).toUpperCase() + siteClass.slice(1);

/** One free key/value property as the form lists it. */
export interface PropertyRow {
  key: string;
  value: string;
  type: string;
}

/** One overlay (name and link). */
export interface OverlayRow {
  name: string;
  url: string;
}

/** The most properties and overlays a site holds (the body's bounds). */
export const MAX_PROPERTIES = 200;
export const MAX_OVERLAYS = 100;

export type SiteFormValues = {
  name: string;
  /** '' for a top-level site. */
  parentId: string;
  siteClass: string;
  receivable: boolean;
  issuable: boolean;
  quarantine: boolean;
  locked: boolean;
  toolsAndEquipment: boolean;
  /** PropertyRow[] as JSON. */
  properties: string;
  /** OverlayRow[] as JSON. */
  overlays: string;
};

/** The form's starting values: an existing site's, or a new one's under `parentId`. */
export function initialSiteValues(site?: SimpleSite, parentId: number | null = site?.parentId ?? null): SiteFormValues {
  const types = site?.siteType ?? {};
  const rows: PropertyRow[] = Object.entries(site?.properties.userProperties ?? {}).map(([key, property]) => ({
    key,
    value: property.value,
    type: property.type,
  }));
  const overlays: OverlayRow[] = (site?.properties.overlays ?? []).map((overlay) => ({ name: overlay.name, url: overlay.url }));
  return {
    name: site?.name ?? '',
    parentId: parentId === null ? '' : String(parentId),
    siteClass: site?.siteClass ?? 'site',
    receivable: types.receivable ?? false,
    issuable: types.issuable ?? false,
    quarantine: types.quarantine ?? false,
    locked: types.locked ?? false,
    toolsAndEquipment: types.toolsAndEquipment ?? false,
    properties: JSON.stringify(rows),
    overlays: JSON.stringify(overlays),
  };
}

export const readRows = (json: string): PropertyRow[] => JSON.parse(json) as PropertyRow[];
export const readOverlays = (json: string): OverlayRow[] => JSON.parse(json) as OverlayRow[];

const flag = v.boolean();
const blank = (text: string) => text.trim() === '';

/**
 * The form's schema. `namesUnder(parentId)` gives the names of the sites already under that
 * parent (the top level for null), the edited site itself left out.
 */
export function siteFormSchema(namesUnder: (parentId: number | null) => readonly string[]) {
  return v.pipe(
    v.object({
      name: siteNameSchema,
      parentId: v.pipe(
        v.string(),
        v.transform((text) => (text === '' ? null : Number(text))),
      ),
      siteClass: v.string(),
      receivable: flag,
      issuable: flag,
      quarantine: flag,
      locked: flag,
      toolsAndEquipment: flag,
      properties: v.pipe(
        v.string(),
        v.transform(readRows),
        v.check((rows) => rows.every((row) => !blank(row.key)), SiteMessages.propertyNameBlank),
        v.check((rows) => new Set(rows.map((row) => row.key.trim())).size === rows.length, SiteMessages.propertyNamesRepeat),
      ),
      overlays: v.pipe(
        v.string(),
        v.transform(readOverlays),
        v.check((rows) => rows.every((row) => !blank(row.name) && !blank(row.url)), SiteMessages.overlayIncomplete),
      ),
    }),
    // Spec 1 §5: siblings cannot share a name (any case), checked before save.
    v.forward(
      v.partialCheck(
        [['name'], ['parentId']],
        (input) => repeatedSiblingNames([...namesUnder(input.parentId), input.name]).length === 0,
        SiteMessages.siblingsSameName,
      ),
      ['name'],
    ),
  );
}
export type SiteFormOutput = v.InferOutput<ReturnType<typeof siteFormSchema>>;

const isClass = (text: string): text is (typeof SITE_CLASSES)[number] => (SITE_CLASSES as readonly string[]).includes(text);

/**
 * The body the form sends (POST projects/{projectId}/sites/ for a new site, POST
 * site/{siteId}/update for an edit). The class is sent only for a site with a parent (spec 1 §2);
 * an edit leaves the parent as it is. The drawing — location, colours and opacities — is the Map
 * tab's (the GeoZone editor), so this form neither shows nor sends it.
 */
export function siteBody(output: SiteFormOutput, target: { projectId: number; siteId?: number; hasParent: boolean }): SiteInput {
  const userProperties = Object.fromEntries(output.properties.map((row) => [row.key.trim(), { value: row.value, type: row.type || 'string' }]));
  return {
    ...(target.siteId === undefined ? { parentId: output.parentId } : { siteId: target.siteId }),
    name: output.name,
    projectId: target.projectId,
    ...(target.hasParent && isClass(output.siteClass) ? { siteClass: output.siteClass } : {}),
    siteType: {
      receivable: output.receivable,
      issuable: output.issuable,
      quarantine: output.quarantine,
      locked: output.locked,
      toolsAndEquipment: output.toolsAndEquipment,
    },
    properties: { overlays: output.overlays.map((overlay) => ({ name: overlay.name.trim(), url: overlay.url.trim() })), userProperties },
  };
}
