import type { Site } from 'contracts/projects-sites';
import { fromLonLat } from 'ol/proj';
import {
  appearanceOf,
  DEFAULT_APPEARANCE,
  DEFAULT_CENTER,
  mapCenter,
  holdsOtherLocation,
  inputColor,
  mayDrawZone,
  nearestZone,
  rgba,
  sameZone,
  searchZones,
  stepOpacity,
  zoneFeature,
  zoneOf,
  zoneOfGeometry,
  zonesOfSites,
  zoneStyle,
  zoneStyleParts,
  type ZonePolygon,
} from './siteMap.zone';

const square: ZonePolygon = {
  type: 'Polygon',
  coordinates: [
    [
      [151.2, -33.86],
      [151.21, -33.86],
      [151.21, -33.87],
      [151.2, -33.87],
      [151.2, -33.86],
    ],
  ],
};

function site(siteId: number, name: string, extra: Partial<Site> = {}): Site {
  return {
    siteId,
    name,
    active: true,
    parentId: null,
    projectId: 1,
    depth: 1,
    siteClass: 'site',
    siteType: {},
    properties: { overlays: [], userProperties: {} },
    children: [],
    ...extra,
  };
}

describe('mapCenter', () => {
  it('opens where the server’s setting says (latitude and longitude, turned to the map’s longitude, latitude), else on the console’s default', () => {
    expect(mapCenter({ lat: 48.8566, lon: 2.3522 })).toEqual([2.3522, 48.8566]);
    expect(mapCenter(null)).toBe(DEFAULT_CENTER);
    expect(mapCenter(undefined)).toEqual([151.2108, -33.8609]);
  });
});

describe('mayDrawZone', () => {
  it('allows a GeoZone down to depth 3 only (spec 1 §5)', () => {
    expect([1, 2, 3, 4, 5].map(mayDrawZone)).toEqual([true, true, true, false, false]);
  });
});

describe('zoneOf', () => {
  it('reads a GeoJSON Polygon, or a Feature holding one', () => {
    expect(zoneOf(square)).toEqual(square);
    expect(zoneOf({ type: 'Feature', properties: {}, geometry: square })).toEqual(square);
  });

  it('drops altitudes', () => {
    const high = { type: 'Polygon', coordinates: [square.coordinates[0]!.map(([x, y]) => [x, y, 12])] };
    expect(zoneOf(high)).toEqual(square);
  });

  it('reads nothing else as a zone', () => {
    for (const location of [
      null,
      undefined,
      'x',
      { type: 'Point', coordinates: [1, 2] },
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 100],
            [2, 2],
            [0, 0],
          ],
        ],
      },
      { type: 'Polygon', coordinates: [] },
    ])
      expect(zoneOf(location)).toBeNull();
    expect(holdsOtherLocation({ type: 'Point', coordinates: [1, 2] })).toBe(true);
    expect(holdsOtherLocation(null)).toBe(false);
    expect(holdsOtherLocation(square)).toBe(false);
  });
});

describe('zone features', () => {
  it('draws in web mercator and writes back the same longitudes and latitudes', () => {
    const feature = zoneFeature(square);
    const [x, y] = feature.getGeometry()!.getCoordinates()[0]![0]!;
    // EPSG:3857 metres, not degrees.
    const [east, north] = fromLonLat([151.2, -33.86]);
    expect(x).toBeCloseTo(east!, 3);
    expect(y).toBeCloseTo(north!, 3);
    expect(Math.round(x!)).toBe(16831507);
    const back = zoneOfGeometry(feature.getGeometry()!);
    expect(back.type).toBe('Polygon');
    expect(sameZone(back, square)).toBe(true);
    expect(back.coordinates[0]![1]).toEqual([151.21, -33.86]);
  });

  it('tells a moved vertex from the saved zone', () => {
    const feature = zoneFeature(square);
    const geometry = feature.getGeometry()!;
    const ring = geometry.getCoordinates()[0]!;
    ring[1] = [ring[1]![0]! + 50, ring[1]![1]!];
    geometry.setCoordinates([ring]);
    expect(sameZone(zoneOfGeometry(geometry), square)).toBe(false);
    expect(sameZone(null, null)).toBe(true);
    expect(sameZone(square, null)).toBe(false);
  });
});

describe('the zone’s look', () => {
  it('takes the site’s colours and opacities, or the defaults', () => {
    expect(appearanceOf({ siteColor: '#ABC', borderColor: '#1e3a8a', siteOpacity: 0.44, borderOpacity: 0 })).toEqual({
      siteColor: '#aabbcc',
      borderColor: '#1e3a8a',
      siteOpacity: 0.4,
      borderOpacity: 0,
    });
    expect(appearanceOf({ siteColor: null, borderColor: 'red', siteOpacity: null, borderOpacity: undefined })).toEqual(DEFAULT_APPEARANCE);
  });

  it('keeps opacities from 0 to 1 in steps of 0.1 (spec 1 §9)', () => {
    expect([-1, 0, 0.05, 0.26, 0.7, 1, 3, Number.NaN].map(stepOpacity)).toEqual([0, 0, 0.1, 0.3, 0.7, 1, 1, 1]);
  });

  it('draws the fill and the border from the colours and opacities', () => {
    expect(inputColor(' #FF0000 ')).toBe('#ff0000');
    expect(inputColor('blue')).toBeNull();
    expect(rgba('#ff8000', 0.5)).toBe('rgba(255, 128, 0, 0.5)');
    const appearance = { siteColor: '#ff0000', borderColor: '#0000ff', siteOpacity: 0.3, borderOpacity: 0.8 };
    expect(zoneStyleParts(appearance)).toEqual({ fill: 'rgba(255, 0, 0, 0.3)', stroke: 'rgba(0, 0, 255, 0.8)', width: 3 });
    const style = zoneStyle(appearance);
    expect(style.getFill()!.getColor()).toBe('rgba(255, 0, 0, 0.3)');
    expect(style.getStroke()!.getColor()).toBe('rgba(0, 0, 255, 0.8)');
  });
});

describe('the project’s zones', () => {
  const tree = [
    site(1, 'North Yard', {
      location: square,
      children: [
        site(2, 'Laydown Area', {
          parentId: 1,
          depth: 2,
          location: { type: 'Feature', geometry: square },
          children: [site(3, 'Bin 4', { parentId: 2, depth: 3 })],
        }),
        site(4, 'Old Yard', { parentId: 1, depth: 2, active: false, location: square }),
      ],
    }),
    site(5, 'South Yard'),
  ];

  it('lists the active sites with a zone but the one being edited, with their paths', () => {
    expect(zonesOfSites(tree, 1).map((zone) => [zone.siteId, zone.path])).toEqual([[2, 'North Yard > Laydown Area']]);
    expect(zonesOfSites(tree, 3).map((zone) => zone.name)).toEqual(['North Yard', 'Laydown Area']);
  });

  it('searches them by name in any case', () => {
    const zones = zonesOfSites(tree, 3);
    expect(searchZones(zones, 'yard').map((zone) => zone.siteId)).toEqual([1]);
    expect(searchZones(zones, '  LAYDOWN ').map((zone) => zone.siteId)).toEqual([2]);
    expect(searchZones(zones, '')).toEqual([]);
    expect(searchZones(zones, 'a', 1)).toHaveLength(1);
  });

  it('opens a site without a zone on its nearest ancestor’s', () => {
    const bin = tree[0]!.children[0]!.children[0]!;
    expect(nearestZone([tree[0]!, tree[0]!.children[0]!, bin])).toEqual(square);
    expect(nearestZone([tree[1]!])).toBeNull();
  });
});
