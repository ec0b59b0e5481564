/**
 * The map style used without a Mapbox token: no tiles, no fonts, no network. Water, a
 * simplified outline of the contiguous United States, San Francisco Bay (the demo fleet is
 * around it) and the California border. Coordinates are [longitude, latitude], rounded to
 * about a kilometre; this is orientation, not cartography.
 */
const US: [number, number][] = [
  [-124.7, 48.4], [-123.1, 49.0], [-95.2, 49.0], [-95.2, 49.4], [-89.6, 48.0], [-84.8, 46.5],
  [-82.5, 43.0], [-79.0, 43.3], [-76.4, 44.2], [-74.7, 45.0], [-71.5, 45.0], [-69.2, 47.4],
  [-67.8, 47.1], [-67.0, 44.8], [-70.0, 43.7], [-70.6, 42.0], [-71.9, 41.3], [-73.9, 40.6],
  [-74.3, 39.5], [-75.5, 38.5], [-76.0, 37.0], [-75.5, 35.2], [-77.5, 34.5], [-79.0, 33.5],
  [-81.0, 32.0], [-81.4, 30.5], [-80.1, 26.8], [-80.4, 25.2], [-81.8, 25.9], [-82.7, 27.8],
  [-83.0, 29.2], [-84.5, 29.9], [-86.5, 30.4], [-89.5, 30.2], [-89.4, 29.0], [-91.5, 29.4],
  [-93.8, 29.7], [-95.0, 29.1], [-97.2, 27.6], [-97.2, 25.9], [-99.1, 26.4], [-101.4, 29.8],
  [-103.1, 28.9], [-104.7, 30.0], [-106.5, 31.8], [-108.2, 31.3], [-111.1, 31.3], [-114.8, 32.5],
  [-117.1, 32.5], [-117.3, 33.1], [-118.4, 33.7], [-118.5, 34.0], [-119.2, 34.1], [-120.6, 34.5],
  [-121.9, 36.6], [-122.5, 37.5], [-122.52, 37.78], [-123.0, 38.0], [-123.7, 38.9], [-124.4, 40.3],
  [-124.2, 42.0], [-124.1, 46.2], [-124.7, 48.4],
];

const BAY: [number, number][] = [
  [-122.48, 37.81], [-122.39, 37.81], [-122.38, 37.7], [-122.37, 37.62], [-122.29, 37.58],
  [-122.2, 37.51], [-122.1, 37.455], [-121.98, 37.43], [-122.05, 37.49], [-122.1, 37.55],
  [-122.15, 37.64], [-122.19, 37.7], [-122.25, 37.76], [-122.29, 37.8], [-122.31, 37.9],
  [-122.38, 37.96], [-122.42, 38.05], [-122.5, 38.02], [-122.48, 37.92], [-122.47, 37.83],
  [-122.48, 37.81],
];

const CA_BORDER: [number, number][] = [
  [-124.2, 42.0], [-120.0, 42.0], [-120.0, 39.0], [-114.6, 35.0], [-114.7, 32.7],
];

export const offlineStyle = {
  version: 8 as const,
  name: 'upcar-offline',
  sources: {
    us: { type: 'geojson' as const, data: { type: 'Feature' as const, properties: {}, geometry: { type: 'Polygon' as const, coordinates: [US] } } },
    bay: { type: 'geojson' as const, data: { type: 'Feature' as const, properties: {}, geometry: { type: 'Polygon' as const, coordinates: [BAY] } } },
    border: { type: 'geojson' as const, data: { type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: CA_BORDER } } },
  },
  layers: [
    { id: 'water', type: 'background' as const, paint: { 'background-color': '#cfe2ef' } },
    { id: 'land', type: 'fill' as const, source: 'us', paint: { 'fill-color': '#f3f1ec' } },
    { id: 'coast', type: 'line' as const, source: 'us', paint: { 'line-color': '#a9c4d6', 'line-width': 1.5 } },
    { id: 'bay', type: 'fill' as const, source: 'bay', paint: { 'fill-color': '#cfe2ef' } },
    { id: 'state-border', type: 'line' as const, source: 'border', paint: { 'line-color': '#b9b2a6', 'line-width': 1, 'line-dasharray': [3, 2] } },
  ],
};
