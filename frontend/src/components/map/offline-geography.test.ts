import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { toGeography, toRoads, type RoadsFile } from './offline-geography';
import { GEOGRAPHY_LAYERS, ROADS_MAX_ZOOM, geographyData, offlineStyle } from './offline-style';
import { PLACES } from './offline-places';
import roadsJson from './data/us-major-roads.json';

const require = createRequire(import.meta.url);
const read = (file: string) => JSON.parse(readFileSync(require.resolve(file), 'utf8'));

describe('the map without a token', () => {
  const roadsFile: RoadsFile = roadsJson;
  const g = toGeography(read('us-atlas/counties-10m.json'), read('world-atlas/countries-110m.json'), roadsFile);

  it('draws the US land, the world around it without the US, and state and county lines', () => {
    expect(g.nation.features.length).toBeGreaterThan(0);
    expect(g.world.features.length).toBeGreaterThan(150);
    expect(g.world.features.some((f) => f.id === '840')).toBe(false);
    expect(g.world.features.some((f) => f.id === '124')).toBe(true); // Canada
    expect(g.states.geometry.type).toBe('MultiLineString');
    expect(g.states.geometry.coordinates.length).toBeGreaterThan(50);
    expect(g.counties.geometry.coordinates.length).toBeGreaterThan(1000);
  });

  it('has land at Fremont and water in the middle of San Francisco Bay and the Pacific', () => {
    const inside = (pt: [number, number]) => g.nation.features.some((f) => contains(f.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon, pt));
    expect(inside([-121.9886, 37.5485])).toBe(true); // Fremont
    expect(inside([-118.2437, 34.0522])).toBe(true); // Los Angeles
    expect(inside([-122.2, 37.6])).toBe(false); // the bay off Hayward
    expect(inside([-124, 36])).toBe(false); // the ocean
  });

  it('names places with a rank for each zoom band', () => {
    expect(g.places.features).toHaveLength(PLACES.length);
    const fremont = g.places.features.find((f) => f.properties.name === 'Fremont');
    expect(fremont?.geometry.coordinates).toEqual([-121.9886, 37.5485]);
    expect(new Set(PLACES.map((p) => p[0])).size).toBe(PLACES.length); // names are image ids
    for (const [, lng, lat, rank] of PLACES) {
      expect(lng).toBeGreaterThan(-180);
      expect(lng).toBeLessThan(-60);
      expect(lat).toBeGreaterThan(18);
      expect(lat).toBeLessThan(72);
      expect([1, 2, 3, 4]).toContain(rank);
    }
  });

  it('draws the Interstates where they run and none across open water or empty desert', () => {
    const lines = g.roads.geometry.coordinates;
    expect(lines.length).toBeGreaterThan(3000);
    for (const line of lines) {
      expect(line.length).toBeGreaterThanOrEqual(2);
      for (const [lng, lat] of line) {
        expect(lng).toBeGreaterThan(-171);
        expect(lng).toBeLessThan(-66);
        expect(lat).toBeGreaterThan(18);
        expect(lat).toBeLessThan(72);
      }
    }
    // Within 5 km of a point on the road: I-80 south of Kearney NE, I-70 at Salina KS, I-10 at
    // Fort Stockton TX, I-90 at Sioux Falls SD, I-5 at Lost Hills CA.
    for (const [name, pt] of [
      ['I-80', [-99.08, 40.66]],
      ['I-70', [-97.6, 38.87]],
      ['I-10', [-102.88, 30.89]],
      ['I-90', [-96.73, 43.61]],
      ['I-5', [-119.69, 35.62]],
    ] as const)
      expect(kmToNearest(lines, pt as unknown as [number, number]), name).toBeLessThan(5);
    // Far from any: the middle of Lake Michigan, the Great Basin south of Tonopah.
    expect(kmToNearest(lines, [-87.0, 43.5])).toBeGreaterThan(30);
    expect(kmToNearest(lines, [-116.5, 37.6])).toBeGreaterThan(30);
  });

  it('credits OpenStreetMap for the roads and draws them only where their precision holds', () => {
    expect(roadsFile.attribution).toBe('\u00a9 OpenStreetMap contributors');
    expect(roadsFile.license).toBe('ODbL-1.0');
    expect((offlineStyle.sources.roads as { attribution?: string }).attribution).toMatch(/OpenStreetMap contributors/);
    const layer = offlineStyle.layers.find((l) => l.id === 'roads') as { maxzoom?: number } | undefined;
    expect(layer?.maxzoom).toBe(ROADS_MAX_ZOOM);
    expect(ROADS_MAX_ZOOM).toBeLessThanOrEqual(10);
  });

  it('leaves out malformed road lines', () => {
    const roads = toRoads({ attribution: '', license: '', lines: [[-120, 37, -121, 38], [-120, 37, -121], [-120, 37]] });
    expect(roads.geometry.coordinates).toEqual([[[-120, 37], [-121, 38]]]);
  });

  it('fills every source of the style, and the counted layers exist', () => {
    expect(Object.keys(geographyData(g)).sort()).toEqual(Object.keys(offlineStyle.sources).sort());
    const ids = offlineStyle.layers.map((l) => l.id);
    for (const l of GEOGRAPHY_LAYERS) expect(ids).toContain(l);
    // Nothing from the network: no tiles, glyphs or sprites.
    expect(JSON.stringify(offlineStyle)).not.toMatch(/https?:|glyphs|sprite/);
  });
});

/** Kilometres from a point to the nearest of the lines (flat-earth segments, enough here). */
function kmToNearest(lines: number[][][], [x, y]: [number, number]): number {
  const k = Math.cos((y * Math.PI) / 180);
  let best = Infinity;
  for (const line of lines)
    for (let i = 1; i < line.length; i++) {
      const ax = (line[i - 1][0] - x) * k;
      const ay = line[i - 1][1] - y;
      const bx = (line[i][0] - x) * k;
      const by = line[i][1] - y;
      const dx = bx - ax;
      const dy = by - ay;
      const len = dx * dx + dy * dy;
      const t = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
      best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
    }
  return best * 111.2;
}

/** Even-odd point in polygon, enough for a test. */
function contains(geom: GeoJSON.Polygon | GeoJSON.MultiPolygon, [x, y]: [number, number]): boolean {
  const polys = geom.type === 'Polygon' ? [geom.coordinates] : geom.coordinates;
  let hit = false;
  for (const rings of polys)
    for (const ring of rings)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
      }
  return hit;
}
