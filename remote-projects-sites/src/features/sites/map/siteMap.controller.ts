/**
 * The OpenLayers map of the site view's Map tab, without React: a base layer (XYZ tiles from the
 * MAP_TILE_URL setting, or a plain background with a graticule: nothing loaded from another
 * host), the project's other zones drawn faintly and read-only, and the site's zone with Draw
 * (when it has none) and Modify (drag a vertex). The tab drives it through its methods and hears
 * of changes through the callbacks.
 */
import type { EventsKey } from 'ol/events';
import type { Extent } from 'ol/extent';
import type Feature from 'ol/Feature';
import type Polygon from 'ol/geom/Polygon';
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import Draw, { type DrawEvent } from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import Graticule from 'ol/layer/Graticule';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import { Stroke } from 'ol/style';
import View from 'ol/View';
import {
  contextStyle,
  DEFAULT_ZOOM,
  zoneFeature,
  zoneOf,
  zoneOfGeometry,
  zoneStyle,
  type SiteZone,
  type ZoneAppearance,
  type ZonePolygon,
} from './siteMap.zone';

/** Where the map looks: kept when the tab starts again from the saved site (Cancel, Save). */
export interface MapViewState {
  center: number[];
  zoom: number;
}

/** What the map starts with and whom it tells. */
export interface SiteMapOptions {
  target: HTMLElement;
  /** XYZ template ({z}, {x}, {y}); null: a plain background. */
  tileUrl: string | null;
  /** Where the map opens without a zone (longitude, latitude), at zoom 14. */
  center: readonly [lon: number, lat: number];
  zone: ZonePolygon | null;
  appearance: ZoneAppearance;
  /** The project's other zones (read-only context). */
  context: readonly SiteZone[];
  /** Opened on when the site has no zone: its nearest ancestor's. */
  fallback: ZonePolygon | null;
  /** The view of the map this one replaces, if any. */
  view: MapViewState | null;
  editable: boolean;
  onZoneChange(zone: ZonePolygon | null): void;
  onDrawingChange(drawing: boolean): void;
  /** A zone finished with fewer than three points: it is not kept, drawing goes on. */
  onZoneRejected(): void;
}

const FIT_PADDING = [40, 40, 40, 40];
const FIT_MAX_ZOOM = 19;

/** The site view's map; `dispose()` when the tab goes. */
export class SiteMap {
  private readonly map: OlMap;
  private readonly zoneSource = new VectorSource<Feature<Polygon>>();
  private readonly contextSource = new VectorSource<Feature<Polygon>>();
  private readonly zoneLayer: VectorLayer<VectorSource<Feature<Polygon>>>;
  private readonly modify: Modify | null;
  private draw: Draw | null = null;
  private readonly keys: EventsKey[] = [];

  constructor(private readonly options: SiteMapOptions) {
    this.zoneLayer = new VectorLayer({ source: this.zoneSource, style: zoneStyle(options.appearance) });
    const base = options.tileUrl
      ? new TileLayer({ source: new XYZ({ url: options.tileUrl, maxZoom: 19 }) })
      : new Graticule({ strokeStyle: new Stroke({ color: 'rgba(100, 116, 139, 0.25)', width: 1 }), showLabels: false, wrapX: false });
    this.map = new OlMap({
      target: options.target,
      layers: [base, new VectorLayer({ source: this.contextSource }), this.zoneLayer],
      controls: defaultControls({ attribution: Boolean(options.tileUrl), rotate: false }).extend([new ScaleLine()]),
      view: new View({ center: fromLonLat([...options.center]), zoom: DEFAULT_ZOOM, maxZoom: 21 }),
    });
    this.setContext(options.context);
    if (options.zone) this.zoneSource.addFeature(zoneFeature(options.zone));
    this.modify = options.editable ? new Modify({ source: this.zoneSource }) : null;
    if (this.modify) {
      this.map.addInteraction(this.modify);
      this.keys.push(this.modify.on('modifyend', () => this.zoneChanged()));
    }
    this.openView(options);
  }

  /** The view kept, else the site's zone, else its nearest ancestor's, else the default centre at zoom 14. */
  private openView({ view, zone, fallback, target }: SiteMapOptions) {
    if (view) {
      this.map.getView().setCenter(view.center);
      this.map.getView().setZoom(view.zoom);
      return;
    }
    const shown = zone ?? fallback;
    if (shown) this.fit(zoneFeature(shown).getGeometry()!.getExtent(), [target.clientWidth, target.clientHeight]);
  }

  private fit(extent: Extent, size?: number[]) {
    const known = size && size[0]! > 0 && size[1]! > 0 ? size : this.map.getSize();
    this.map.getView().fit(extent, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, size: known });
  }

  private zoneChanged() {
    const geometry = this.zoneSource.getFeatures()[0]?.getGeometry();
    this.options.onZoneChange(geometry ? zoneOfGeometry(geometry) : null);
  }

  /** Where the map looks now. */
  viewState(): MapViewState | null {
    const view = this.map.getView();
    const center = view.getCenter();
    const zoom = view.getZoom();
    return center && zoom !== undefined ? { center, zoom } : null;
  }

  /** Draws the zone with these colours and opacities. */
  setAppearance(appearance: ZoneAppearance) {
    this.zoneLayer.setStyle(zoneStyle(appearance));
  }

  /** The project's other zones, named. */
  setContext(zones: readonly SiteZone[]) {
    this.contextSource.clear(true);
    this.contextSource.addFeatures(
      zones.map((zone) => {
        const feature = zoneFeature(zone.zone);
        feature.setStyle(contextStyle(zone.name));
        return feature;
      }),
    );
  }

  /** Starts drawing the zone: each click adds a point, a double-click (or clicking the first point) finishes. */
  startDrawing() {
    if (!this.options.editable || this.draw || this.zoneSource.getFeatures().length > 0) return;
    const draw = new Draw({ type: 'Polygon', style: this.zoneLayer.getStyle() ?? undefined });
    draw.on('drawend', (event: DrawEvent) => this.drawn(event.feature as Feature<Polygon>));
    this.draw = draw;
    this.map.addInteraction(draw);
    this.options.onDrawingChange(true);
  }

  private drawn(feature: Feature<Polygon>) {
    const geometry = feature.getGeometry();
    const zone = geometry ? zoneOf(zoneOfGeometry(geometry)) : null;
    // Draw has no source: only a real polygon becomes the zone; anything less, and drawing goes on.
    if (!zone) {
      this.options.onZoneRejected();
      return;
    }
    this.zoneSource.addFeature(feature);
    this.endDrawing();
    this.options.onZoneChange(zone);
  }

  private endDrawing() {
    if (!this.draw) return;
    this.map.removeInteraction(this.draw);
    this.draw.dispose();
    this.draw = null;
    this.options.onDrawingChange(false);
  }

  /** Adds a point where the map's centre is (drawing from the keyboard: pan with the arrow keys, then add). */
  addPointAtCentre() {
    const center = this.map.getView().getCenter();
    if (this.draw && center) this.draw.appendCoordinates([center]);
  }

  /** Takes back the last point drawn. */
  removeLastPoint() {
    this.draw?.removeLastPoint();
  }

  /** Finishes the zone being drawn (as a double-click does). */
  finishDrawing() {
    this.draw?.finishDrawing();
  }

  /** Stops drawing, dropping the points drawn so far. */
  stopDrawing() {
    this.draw?.abortDrawing();
    this.endDrawing();
  }

  /** Removes the zone: it may be drawn again. */
  clearZone() {
    if (!this.options.editable) return;
    this.zoneSource.clear();
    this.options.onZoneChange(null);
  }

  /** Centres the map on a zone, zoomed to show all of it. */
  centreOn(zone: ZonePolygon) {
    this.fit(zoneFeature(zone).getGeometry()!.getExtent());
  }

  dispose() {
    unByKey(this.keys);
    this.draw?.dispose();
    this.map.setTarget(undefined);
    this.map.dispose();
  }
}
