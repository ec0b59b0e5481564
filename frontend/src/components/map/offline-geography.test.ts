import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { toGeography } from './offline-geography';
import { GEOGRAPHY_LAYERS, geographyData, offlineStyle } from './offline-style';
import { PLACES } from './offline-places';

const require = createRequire(import.meta.url);
const read = (file: string) => JSON.parse(readFileSync(require.resolve(file), 'utf8'));

describe('the map without a token', () => {
  const g = toGeography(read('us-atlas/counties-10m.json'), read('world-atlas/countries-110m.json'));

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

  it('fills every source of the style, and the counted layers exist', () => {
    expect(Object.keys(geographyData(g)).sort()).toEqual(Object.keys(offlineStyle.sources).sort());
    const ids = offlineStyle.layers.map((l) => l.id);
    for (const l of GEOGRAPHY_LAYERS) expect(ids).toContain(l);
    // Nothing from the network: no tiles, glyphs or sprites.
    expect(JSON.stringify(offlineStyle)).not.toMatch(/https?:|glyphs|sprite/);
  });
});

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
