/**
 * The site map's rules and conversions, without React (spec 1 §2 site view, §5 site drawing, §9):
 * where a GeoZone may be drawn, the map's default view, a site's zone read from and written to
 * its `location` (a GeoJSON Polygon in EPSG:4326, drawn in EPSG:3857), the zone's look from the
 * site's colours and opacities, and the project's other zones the search offers.
 */
import type { SimpleSite, Site } from 'contracts/projects-sites';
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type Polygon from 'ol/geom/Polygon';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { flattenSites, PATH_SEPARATOR } from '../siteTree';

/** The deepest a site may hold a GeoZone (spec 1 §5: 'Site drawing: allowed only when depth is at most 3'; top level is 1). */
export const GEOZONE_MAX_DEPTH = 3;

/** Whether a site at `depth` may have its GeoZone drawn (spec 1 §9). */
export const mayDrawZone = (depth: number): boolean => depth <= GEOZONE_MAX_DEPTH;

/**
 * Where the map opens when neither the site nor one of its ancestors has a zone (spec 1 §9: 'Map
 * default zoom 14 with a default centre') and the server names no centre (the platform's API;
 * ours answers its MAP_DEFAULT_CENTER setting): longitude and latitude of Sydney's Circular
 * Quay, by the demo's Harbour Bridge project. A site's own zone always wins.
 */
export const DEFAULT_CENTER: readonly [lon: number, lat: number] = [151.2108, -33.8609];

/** The default centre as the map takes it (longitude, latitude): the server's setting, else {@link DEFAULT_CENTER}. */
export function mapCenter(setting: { lat: number; lon: number } | null | undefined): readonly [lon: number, lat: number] {
  return setting ? [setting.lon, setting.lat] : DEFAULT_CENTER;
}

/** The map's zoom at the default centre (spec 1 §9). */
export const DEFAULT_ZOOM = 14;

/** A GeoZone as the site's `location` holds it: a GeoJSON Polygon, longitude and latitude (EPSG:4326). */
export interface ZonePolygon {
  type: 'Polygon';
  coordinates: number[][][];
}

/** Coordinates are kept to 7 decimals (about a centimetre): a drawn zone reads back the same. */
const DECIMALS = 7;

/** GeoJSON in longitude/latitude, features on the web map (spec: EPSG:4326 data, EPSG:3857 drawn). */
const geoJson = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

const isPosition = (value: unknown): value is number[] =>
  Array.isArray(value) &&
  value.length >= 2 &&
  value.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
  Math.abs(value[0] as number) <= 180 &&
  Math.abs(value[1] as number) <= 90;

/** A ring of at least three distinct points (at least four positions: GeoJSON closes it with the first). */
const isRing = (value: unknown): value is number[][] =>
  Array.isArray(value) && value.length >= 4 && value.every(isPosition) && new Set(value.map((position: number[]) => `${position[0]},${position[1]}`)).size >= 3;

/**
 * The site's zone from its `location`: a GeoJSON Polygon, or a Feature holding one; null when
 * the site has none or holds something else (a point, coordinates of another form).
 */
export function zoneOf(location: unknown): ZonePolygon | null {
  if (typeof location !== 'object' || location === null) return null;
  const geometry = (location as { type?: unknown }).type === 'Feature' ? (location as { geometry?: unknown }).geometry : location;
  if (typeof geometry !== 'object' || geometry === null) return null;
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (type !== 'Polygon' || !Array.isArray(coordinates) || coordinates.length === 0 || !coordinates.every(isRing)) return null;
  return { type: 'Polygon', coordinates: coordinates.map((ring: number[][]) => ring.map((position) => position.slice(0, 2))) };
}

/** True when the site holds a location that is not a zone the map can draw (it is left as it is). */
export const holdsOtherLocation = (location: unknown): boolean => location !== null && location !== undefined && zoneOf(location) === null;

/** The zone as a feature on the map (EPSG:3857). */
export function zoneFeature(zone: ZonePolygon): Feature<Polygon> {
  return new Feature(geoJson.readGeometry(zone) as Polygon);
}

/** The zone a drawn or edited polygon stands for, back in longitude and latitude. */
export function zoneOfGeometry(geometry: Polygon): ZonePolygon {
  const written = geoJson.writeGeometryObject(geometry, { decimals: DECIMALS }) as { coordinates: number[][][] };
  return { type: 'Polygon', coordinates: written.coordinates };
}

/** Whether two zones (or none) are the same, to the stored precision. */
export function sameZone(a: ZonePolygon | null, b: ZonePolygon | null): boolean {
  if (a === null || b === null) return a === b;
  const round = (zone: ZonePolygon) => zone.coordinates.map((ring) => ring.map((position) => position.map((n) => Number(n.toFixed(DECIMALS)))));
  return JSON.stringify(round(a)) === JSON.stringify(round(b));
}

/** How a zone is drawn: the site's colours and opacities (spec 1 §3; opacities 0 to 1 in steps of 0.1, §9). */
export interface ZoneAppearance {
  /** '#rrggbb' */
  siteColor: string;
  /** '#rrggbb' */
  borderColor: string;
  siteOpacity: number;
  borderOpacity: number;
}

/** What a site without colours or opacities is drawn with (the Properties tab's colour input shows the same blue). */
export const DEFAULT_APPEARANCE: ZoneAppearance = { siteColor: '#3b82f6', borderColor: '#1e3a8a', siteOpacity: 0.4, borderOpacity: 1 };

/** A colour a colour input can hold ('#rrggbb', lower case), or null for anything else. */
export function inputColor(color: string | null | undefined): string | null {
  const text = color?.trim().toLowerCase() ?? '';
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : null;
}

/** An opacity on the sliders' scale: 0 to 1 in steps of 0.1 (spec 1 §9). */
export function stepOpacity(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.round(Math.min(1, Math.max(0, value)) * 10) / 10;
}

/** The site's saved look, with the defaults where it has none. */
export function appearanceOf(site: Pick<SimpleSite, 'siteColor' | 'borderColor' | 'siteOpacity' | 'borderOpacity'>): ZoneAppearance {
  return {
    siteColor: inputColor(site.siteColor) ?? DEFAULT_APPEARANCE.siteColor,
    borderColor: inputColor(site.borderColor) ?? DEFAULT_APPEARANCE.borderColor,
    siteOpacity: typeof site.siteOpacity === 'number' ? stepOpacity(site.siteOpacity) : DEFAULT_APPEARANCE.siteOpacity,
    borderOpacity: typeof site.borderOpacity === 'number' ? stepOpacity(site.borderOpacity) : DEFAULT_APPEARANCE.borderOpacity,
  };
}

export const sameAppearance = (a: ZoneAppearance, b: ZoneAppearance): boolean =>
  a.siteColor === b.siteColor && a.borderColor === b.borderColor && a.siteOpacity === b.siteOpacity && a.borderOpacity === b.borderOpacity;

/** '#rrggbb' and an opacity as a CSS colour the canvas draws. */
export function rgba(color: string, opacity: number): string {
  const hex = inputColor(color) ?? '#000000';
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${stepOpacity(opacity)})`;
}

/** The fill and border the site's zone is drawn with. */
export function zoneStyleParts(appearance: ZoneAppearance): { fill: string; stroke: string; width: number } {
  return { fill: rgba(appearance.siteColor, appearance.siteOpacity), stroke: rgba(appearance.borderColor, appearance.borderOpacity), width: 3 };
}

/** The site's zone style on the map. */
export function zoneStyle(appearance: ZoneAppearance): Style {
  const parts = zoneStyleParts(appearance);
  return new Style({ fill: new Fill({ color: parts.fill }), stroke: new Stroke({ color: parts.stroke, width: parts.width }) });
}

/** Another site's zone, drawn faintly for context and named (read-only). */
export function contextStyle(name: string): Style {
  return new Style({
    fill: new Fill({ color: 'rgba(100, 116, 139, 0.12)' }),
    stroke: new Stroke({ color: 'rgba(71, 85, 105, 0.7)', width: 1.5, lineDash: [6, 4] }),
    text: new Text({
      text: name,
      font: '12px sans-serif',
      fill: new Fill({ color: '#334155' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
      overflow: true,
    }),
  });
}

/** A site of the project with a zone: what the map shows for context and the search offers. */
export interface SiteZone {
  siteId: number;
  name: string;
  /** 'Site 1 > Area A' */
  path: string;
  zone: ZonePolygon;
}

/** The project's active sites with a zone, in the tree's order, but `exceptSiteId` (the site being edited). */
export function zonesOfSites(sites: readonly Site[], exceptSiteId: number): SiteZone[] {
  const out: SiteZone[] = [];
  for (const { site, names } of flattenSites(sites)) {
    if (!site.active || site.siteId === exceptSiteId) continue;
    const zone = zoneOf(site.location);
    if (zone) out.push({ siteId: site.siteId, name: site.name, path: names.join(PATH_SEPARATOR), zone });
  }
  return out;
}

/** The zones whose site's name holds `query` (any case), the first `max` of them. */
export function searchZones(zones: readonly SiteZone[], query: string, max = 8): SiteZone[] {
  const needle = query.trim().toLocaleLowerCase('en-US');
  if (!needle) return [];
  return zones.filter((zone) => zone.name.toLocaleLowerCase('en-US').includes(needle)).slice(0, max);
}

/** The nearest ancestor's zone (the map opens on it when the site has none yet), from the site's path top-down. */
export function nearestZone(path: readonly Pick<SimpleSite, 'location'>[]): ZonePolygon | null {
  for (let i = path.length - 1; i >= 0; i--) {
    const zone = zoneOf(path[i]!.location);
    if (zone) return zone;
  }
  return null;
}
