import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
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

/**
 * The map chunk is large (the WebGL library): it is fetched once the browser is idle after the
 * first paint, so it never competes with the page's own content (LCP).
 */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => setIdle(true), { timeout: 1500 });
      return () => window.cancelIdleCallback?.(id);
    }
    const t = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(t);
  }, []);
  return idle;
}

export function CarsMap(props: CarsMapProps) {
  const idle = useIdle();
  const placeholder = <div className={`map map--loading ${props.className ?? ''}`} aria-label="Map loading" role="img" />;
  if (!idle) return placeholder;
  return (
    <MapBoundary fallback={<div className={`map map--failed ${props.className ?? ''}`} role="note">The map could not be shown on this device.</div>}>
      <Suspense fallback={placeholder}>
        <CarsMapImpl {...props} />
      </Suspense>
    </MapBoundary>
  );
}
