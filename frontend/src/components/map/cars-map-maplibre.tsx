import { Map, Marker, NavigationControl, Popup, ScaleControl } from 'react-map-gl/maplibre';
import { setWorkerUrl, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { makeCarsMap } from './cars-map-view';
import { loadGeography } from './offline-geography';
import { GEOGRAPHY_LAYERS, geographyData, offlineStyle, ROADS_MAX_ZOOM } from './offline-style';
import { drawPlaceLabel } from './place-labels';

// With Vite the worker must be given by URL, or GeoJSON layers do not draw.
setWorkerUrl(workerUrl);

/**
 * Fills the offline style's sources once the map is up. The map's element says how many
 * geography features it drew and in which layers (`data-geo-features`, `data-geo-layers`, after
 * each move), which the browser tests read.
 */
export function drawGeography(map: MapLibreMap): void {
  const holder = map.getContainer().closest<HTMLElement>('[data-testid="cars-map"]');
  loadGeography()
    .then((g) => {
      const ratio = Math.min(2, Math.ceil(window.devicePixelRatio || 1));
      for (const f of g.places.features) {
        const id = `place:${f.properties.name}`;
        if (map.hasImage(id)) continue;
        const img = drawPlaceLabel(f.properties.name, f.properties.rank, ratio);
        if (img) map.addImage(id, img, { pixelRatio: ratio });
      }
      const data = geographyData(g);
      for (const [id, value] of Object.entries(data)) (map.getSource(id) as GeoJSONSource | undefined)?.setData(value as GeoJSON.GeoJSON);
      const count = () => {
        if (!holder) return;
        const drawn = map.queryRenderedFeatures({ layers: GEOGRAPHY_LAYERS.filter((l) => map.getLayer(l)) });
        holder.dataset.geoFeatures = String(drawn.length);
        holder.dataset.geoLayers = [...new Set(drawn.map((f) => f.layer.id))].sort().join(' ');
      };
      map.once('idle', count);
      map.on('moveend', () => map.once('idle', count));
    })
    .catch((err: unknown) => console.warn('map geography not loaded', err));
}

// The attribution control credits the sources that carry one (the roads' OpenStreetMap data).
export default makeCarsMap({ Map, Marker, Popup, NavigationControl, ScaleControl }, offlineStyle, { attributionControl: { compact: true } }, drawGeography, ROADS_MAX_ZOOM);
