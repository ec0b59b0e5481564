import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, MultiLineString, Point } from 'geojson';
import countiesUrl from 'us-atlas/counties-10m.json?url';
import countriesUrl from 'world-atlas/countries-110m.json?url';
import { PLACES } from './offline-places';

/**
 * The geography drawn without a map token, from data shipped with the app (no tile server):
 * the US Census Bureau's cartographic boundaries at 1:10,000,000 (`us-atlas`: the nation's land
 * clipped to the shoreline, state and county lines) and Natural Earth's countries at 1:110m
 * (`world-atlas`: Canada, Mexico and the rest of the world around them), both public domain,
 * packaged under the ISC licence. The files are static assets of the app fetched by the map's
 * own chunk at first use, so the first-load JavaScript does not carry them.
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
  /** Place names, `rank` 1 (largest) to 4. */
  places: FeatureCollection<Point, { name: string; rank: number }>;
};

/** Natural Earth's numeric code of the United States. */
const USA = '840';

type UsTopology = Topology<{ nation: GeometryCollection; states: GeometryCollection; counties: GeometryCollection }>;
type WorldTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

const asCollection = (f: Feature | FeatureCollection): FeatureCollection => (f.type === 'FeatureCollection' ? f : { type: 'FeatureCollection', features: [f] });

/** Turns the two TopoJSON files into the map's GeoJSON. */
export function toGeography(us: UsTopology, world: WorldTopology): Geography {
  const countries = asCollection(feature(world, world.objects.countries));
  const stateOf = (id: unknown) => String(id).padStart(5, '0').slice(0, 2);
  return {
    world: { type: 'FeatureCollection', features: countries.features.filter((f) => String(f.id) !== USA) },
    nation: asCollection(feature(us, us.objects.nation)),
    states: { type: 'Feature', properties: {}, geometry: mesh(us, us.objects.states, (a, b) => a !== b) },
    counties: { type: 'Feature', properties: {}, geometry: mesh(us, us.objects.counties, (a, b) => a !== b && stateOf(a.id) === stateOf(b.id)) },
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
  ])
    .then(([us, world]) => toGeography(us as UsTopology, world as WorldTopology))
    .catch((err: unknown) => {
      loading = null;
      throw err;
    });
  return loading;
}
