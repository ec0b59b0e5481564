import { Map, Marker, NavigationControl, Popup, ScaleControl } from 'react-map-gl/mapbox';
import 'mapbox-gl/dist/mapbox-gl.css';
import { env } from '@/config/env';
import { makeCarsMap } from './cars-map-view';

// Mapbox's styles carry their own attribution (Mapbox, OpenStreetMap), which its terms ask to show.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export default makeCarsMap({ Map, Marker, Popup, NavigationControl, ScaleControl } as any, 'mapbox://styles/mapbox/streets-v12', { mapboxAccessToken: env.mapboxToken, attributionControl: true });
