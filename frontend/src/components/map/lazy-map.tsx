import { Component, lazy, Suspense, type ReactNode } from 'react';
import { env } from '@/config/env';
import type { CarsMapProps } from './types';

// The map library is a chunk of its own, fetched only when a map is on screen.
const CarsMapImpl = lazy(() => (env.mapboxToken ? import('./cars-map-mapbox') : import('./cars-map-maplibre')));

class MapBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(err: unknown) {
    console.warn('map failed', err);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function CarsMap(props: CarsMapProps) {
  const placeholder = <div className={`map map--loading ${props.className ?? ''}`} aria-label="Map loading" role="img" />;
  return (
    <MapBoundary fallback={<div className={`map map--failed ${props.className ?? ''}`} role="note">The map could not be shown on this device.</div>}>
      <Suspense fallback={placeholder}>
        <CarsMapImpl {...props} />
      </Suspense>
    </MapBoundary>
  );
}
