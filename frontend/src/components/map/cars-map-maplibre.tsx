import { Map, Marker, NavigationControl, Popup } from 'react-map-gl/maplibre';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { makeCarsMap } from './cars-map-view';
import { offlineStyle } from './offline-style';

// With Vite the worker must be given by URL, or GeoJSON layers do not draw.
setWorkerUrl(workerUrl);

export default makeCarsMap({ Map, Marker, Popup, NavigationControl }, offlineStyle);
