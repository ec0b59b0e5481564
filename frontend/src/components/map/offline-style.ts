import { ROADS_ATTRIBUTION, type Geography } from './offline-geography';

/**
 * The map style used without a Mapbox token: no tiles, no fonts, no network beyond the app's own
 * files. Water is the background; land, coastlines, state and county lines, major roads and
 * place names come from `offline-geography.ts`, loaded after the map (its sources start empty).
 * The roads are drawn up to zoom 10 and fade out from zoom 8: traced from a map whose pixel is
 * about 2 km, they lie within 2-4 km of the real road, which reads right on a state or region
 * but would mislead on a street-level view. Place names are
 * images drawn on a canvas with the system font (`place-labels.ts`), since MapLibre needs glyph
 * files for text, which would be a font server or megabytes of glyphs shipped with the app.
 */
const EMPTY = { type: 'FeatureCollection' as const, features: [] };
const source = () => ({ type: 'geojson' as const, data: EMPTY });

export const WATER = '#b9d7ea';
export const LAND = '#f3f1ec';

/** The layers that draw geography (what the browser test counts). */
export const GEOGRAPHY_LAYERS = ['world-land', 'us-land', 'coastline', 'county-lines', 'state-lines', 'roads', 'places-1', 'places-2', 'places-3', 'places-4'];

/** The roads' last zoom (the layer is hidden from there on). */
export const ROADS_MAX_ZOOM = 10;

/** Place names by rank: the largest from zoom 3, the smallest towns from zoom 9. */
const PLACE_MIN_ZOOM = { 1: 3, 2: 5, 3: 7, 4: 9 } as const;

export const offlineStyle = {
  version: 8 as const,
  name: 'upcar-offline',
  sources: {
    world: source(),
    nation: source(),
    states: source(),
    counties: source(),
    roads: { ...source(), attribution: ROADS_ATTRIBUTION },
    places: source(),
  },
  layers: [
    { id: 'water', type: 'background' as const, paint: { 'background-color': WATER } },
    { id: 'world-land', type: 'fill' as const, source: 'world', paint: { 'fill-color': LAND } },
    { id: 'us-land', type: 'fill' as const, source: 'nation', paint: { 'fill-color': LAND } },
    { id: 'coastline', type: 'line' as const, source: 'nation', paint: { 'line-color': '#8fb3cc', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 12, 1.6] } },
    { id: 'county-lines', type: 'line' as const, source: 'counties', minzoom: 5, paint: { 'line-color': '#cfc8bb', 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.4, 12, 1.2], 'line-dasharray': [2, 2] } },
    { id: 'state-lines', type: 'line' as const, source: 'states', paint: { 'line-color': '#a79f92', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.8, 12, 2] } },
    {
      id: 'roads',
      type: 'line' as const,
      source: 'roads',
      maxzoom: ROADS_MAX_ZOOM,
      layout: { 'line-join': 'round' as const, 'line-cap': 'round' as const },
      paint: {
        'line-color': '#d9785f',
        'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 6, 1.3, 9, 2.2],
        'line-opacity': ['interpolate', ['linear'], ['zoom'], 8, 0.9, ROADS_MAX_ZOOM, 0],
      },
    },
    ...([1, 2, 3, 4] as const).map((rank) => ({
      id: `places-${rank}`,
      type: 'symbol' as const,
      source: 'places',
      minzoom: PLACE_MIN_ZOOM[rank],
      filter: ['==', ['get', 'rank'], rank],
      layout: { 'icon-image': ['concat', 'place:', ['get', 'name']], 'icon-anchor': 'left' as const, 'icon-allow-overlap': false, 'icon-padding': 4 },
    })),
  ],
};

/** Source data of each source, once the geography has loaded. */
export function geographyData(g: Geography): Record<keyof typeof offlineStyle.sources, unknown> {
  return { world: g.world, nation: g.nation, states: g.states, counties: g.counties, roads: g.roads, places: g.places };
}
