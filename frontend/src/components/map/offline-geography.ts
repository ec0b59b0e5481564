import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, MultiLineString, Point } from 'geojson';
import countiesUrl from 'us-atlas/counties-10m.json?url';
import countriesUrl from 'world-atlas/countries-110m.json?url';
import roadsUrl from './data/us-major-roads.json?url';
import { PLACES } from './offline-places';

/**
 * The geography drawn without a map token, from data shipped with the app (no tile server):
 * the US Census Bureau's cartographic boundaries at 1:10,000,000 (`us-atlas`: the nation's land
 * clipped to the shoreline, state and county lines) and Natural Earth's countries at 1:110m
 * (`world-atlas`: Canada, Mexico and the rest of the world around them), both public domain,
 * packaged under the ISC licence; and the major roads (`data/us-major-roads.json`, the Interstates
 * and freeways traced from OpenStreetMap's map at zoom 6 by `scripts/map-roads.sh`, (c)
 * OpenStreetMap contributors, ODbL, credited in the map's attribution). The files are static
 * assets of the app fetched by the map's own chunk at first use, so the first-load JavaScript
 * does not carry them.
 */
export type Geography = {
  /** Land outside the US (Natural Earth, the US left out: the Census outline is finer). */
  world: FeatureCollection;
  /** The US land, clipped to the shoreline (bays and lakes are water). */
  nation: FeatureCollection;
  /** Lines between states. */
  states: Feature<MultiLineString>;
  /** Lines between counties of the same state. */
  counties: Feature<MultiLineString>;
  /** Major roads (within a pixel or two of OpenStreetMap's zoom-6 map: about 2-4 km). */
  roads: Feature<MultiLineString>;
  /** Place names, `rank` 1 (largest) to 4. */
  places: FeatureCollection<Point, { name: string; rank: number }>;
};

/** Natural Earth's numeric code of the United States. */
const USA = '840';

type UsTopology = Topology<{ nation: GeometryCollection; states: GeometryCollection; counties: GeometryCollection }>;
type WorldTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
/** The roads file: each line a flat list of longitude, latitude pairs. */
export type RoadsFile = { attribution: string; license: string; lines: number[][] };

/** Credit for the roads, shown by the map's attribution control. */
export const ROADS_ATTRIBUTION = 'Roads \u00a9 OpenStreetMap contributors (ODbL)';

const asCollection = (f: Feature | FeatureCollection): FeatureCollection => (f.type === 'FeatureCollection' ? f : { type: 'FeatureCollection', features: [f] });

/** The flat lines of the roads file as one MultiLineString (malformed lines left out). */
export function toRoads(file: RoadsFile): Feature<MultiLineString> {
  const lines = file.lines
    .filter((l) => l.length >= 4 && l.length % 2 === 0)
    .map((l) => Array.from({ length: l.length / 2 }, (_, i) => [l[2 * i], l[2 * i + 1]]));
  return { type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: lines } };
}

/** Turns the two TopoJSON files and the roads into the map's GeoJSON. */
export function toGeography(us: UsTopology, world: WorldTopology, roads: RoadsFile): Geography {
  const countries = asCollection(feature(world, world.objects.countries));
  const stateOf = (id: unknown) => String(id).padStart(5, '0').slice(0, 2);
  return {
    world: { type: 'FeatureCollection', features: countries.features.filter((f) => String(f.id) !== USA) },
    nation: asCollection(feature(us, us.objects.nation)),
    states: { type: 'Feature', properties: {}, geometry: mesh(us, us.objects.states, (a, b) => a !== b) },
    counties: { type: 'Feature', properties: {}, geometry: mesh(us, us.objects.counties, (a, b) => a !== b && stateOf(a.id) === stateOf(b.id)) },
    roads: toRoads(roads),
    places: {
      type: 'FeatureCollection',
      features: PLACES.map(([name, lng, lat, rank]) => ({ type: 'Feature', properties: { name, rank }, geometry: { type: 'Point', coordinates: [lng, lat] } })),
    },
  };
}

let loading: Promise<Geography> | null = null;

/** Fetches the shipped files once (the same origin) and converts them. */
export function loadGeography(): Promise<Geography> {
  loading ??= Promise.all([
    fetch(countiesUrl).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`counties ${r.status}`)))),
    fetch(countriesUrl).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`countries ${r.status}`)))),
    fetch(roadsUrl).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`roads ${r.status}`)))),
  ])
    .then(([us, world, roads]) => toGeography(us as UsTopology, world as WorldTopology, roads as RoadsFile))
    .catch((err: unknown) => {
      loading = null;
      throw err;
    });
  return loading;
}
