import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type * as MapLib from 'react-map-gl/maplibre';
import { movedAway, nudgePin, validCoordinates, type CarsMapProps, type LatLng } from './types';

type Lib = Pick<typeof MapLib, 'Map' | 'Marker' | 'Popup' | 'NavigationControl' | 'ScaleControl'>;

/**
 * The map of cars, written once against react-map-gl's shared API and bound to MapLibre or
 * Mapbox by the two entry files. Price markers are DOM buttons (keyboard and screen readers
 * reach them, and no font or sprite needs the network).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OnMapLoad = (map: any) => void;

/**
 * `streetsUntil`: the last zoom the style draws streets at (the offline style's roads stop at
 * zoom 10; Mapbox's streets go on). Closer in, a map given an `address` says it plainly over the
 * map, so a street-level view is never an empty square.
 */
export function makeCarsMap(lib: Lib, mapStyle: unknown, extra: Record<string, unknown> = {}, onMapLoad?: OnMapLoad, streetsUntil = Infinity) {
  const { Map, Marker, Popup, NavigationControl, ScaleControl } = lib;
  return function CarsMapView({ center, zoom = 13, markers, highlightedId, searched, onSearchHere, className = '', ariaLabel = 'Map of cars', pin, onPinChange, pinLabel = 'Location pin', address }: CarsMapProps) {
    const [view, setView] = useState<LatLng>(center);
    const [shownZoom, setShownZoom] = useState(zoom);
    const [open, setOpen] = useState<string | null>(null);
    const [loaded, setLoaded] = useState(false);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const mapRef = useRef<any>(null);

    // A new search recentres the map.
    useEffect(() => {
      setView(center);
      mapRef.current?.jumpTo?.({ center: [center.lng, center.lat] });
    }, [center.lat, center.lng]); // eslint-disable-line react-hooks/exhaustive-deps

    const valid = useMemo(
      () =>
        markers.filter((m) => {
          const ok = validCoordinates(m.lat, m.lng);
          if (!ok) console.warn('car skipped on the map: invalid coordinates', m.id, m.lat, m.lng);
          return ok;
        }),
      [markers],
    );
    const openMarker = valid.find((m) => m.id === open);
    const showSearchHere = Boolean(searched && onSearchHere && movedAway(view, searched));
    const onMoveEnd = useCallback((e: { viewState: { latitude: number; longitude: number; zoom: number } }) => {
      setView({ lat: e.viewState.latitude, lng: e.viewState.longitude });
      setShownZoom(e.viewState.zoom);
    }, []);

    return (
      <div className={`map ${className}`} data-testid="cars-map" data-loaded={loaded ? 'true' : 'false'} data-center={`${view.lat.toFixed(4)},${view.lng.toFixed(4)}`} data-zoom={Number(shownZoom.toFixed(2))}>
        <Map
          ref={mapRef}
          initialViewState={{ latitude: center.lat, longitude: center.lng, zoom }}
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          mapStyle={mapStyle as any}
          style={{ width: '100%', height: '100%' }}
          onMoveEnd={onMoveEnd}
          onLoad={(e: { target: unknown }) => {
            setLoaded(true);
            onMapLoad?.(e.target);
          }}
          onClick={onPinChange ? (e: { lngLat: { lat: number; lng: number } }) => onPinChange({ lat: e.lngLat.lat, lng: e.lngLat.lng }) : undefined}
          attributionControl={false}
          aria-label={ariaLabel}
          {...extra}
        >
          <NavigationControl position="top-right" showCompass={false} />
          <ScaleControl position="bottom-left" unit="imperial" />
          {valid.map((m) => {
            const hot = m.id === highlightedId || m.id === open;
            return (
              <Marker key={m.id} latitude={m.lat} longitude={m.lng} anchor="bottom" style={{ zIndex: hot ? 10 : 1 }}>
                <button
                  type="button"
                  className={`price-marker ${hot ? 'price-marker--hot' : ''}`}
                  data-testid="price-marker"
                  data-car-id={m.id}
                  data-highlighted={m.id === highlightedId ? 'true' : 'false'}
                  aria-label={`${m.label}, show details`}
                  onClick={(e) => {
                    e.stopPropagation();
                    setOpen(m.id);
                  }}
                >
                  {m.label}
                </button>
              </Marker>
            );
          })}
          {pin && onPinChange && validCoordinates(pin.lat, pin.lng) && (
            <Marker
              latitude={pin.lat}
              longitude={pin.lng}
              anchor="bottom"
              draggable
              onDragEnd={(e: { lngLat: { lat: number; lng: number } }) => onPinChange({ lat: e.lngLat.lat, lng: e.lngLat.lng })}
              style={{ zIndex: 20 }}
            >
              <button
                type="button"
                className="map-pin"
                data-testid="map-pin"
                data-lat={pin.lat.toFixed(6)}
                data-lng={pin.lng.toFixed(6)}
                aria-label={`${pinLabel}: drag it, click the map, or use the arrow keys to move it`}
                onClick={(e) => e.stopPropagation()}
                onKeyDown={(e) => {
                  const next = nudgePin(pin, e.key);
                  if (!next) return;
                  e.preventDefault();
                  onPinChange(next);
                }}
              >
                <svg viewBox="0 0 24 32" width="30" height="40" aria-hidden="true">
                  <path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="currentColor" />
                  <circle cx="12" cy="12" r="4.5" fill="#fff" />
                </svg>
              </button>
            </Marker>
          )}
          {openMarker && openMarker.popup && (
            <Popup latitude={openMarker.lat} longitude={openMarker.lng} anchor="top" onClose={() => setOpen(null)} closeOnClick={false} maxWidth="260px">
              <div data-testid="map-popup">{openMarker.popup}</div>
            </Popup>
          )}
        </Map>
        {address && shownZoom > streetsUntil && (
          <p className="map__address" data-testid="map-address">
            <strong>{address}</strong>
            <span>Streets are not drawn this close in; zoom out to see the roads around it.</span>
          </p>
        )}
        {showSearchHere && (
          <button type="button" className="btn btn--primary map__search-here" onClick={() => onSearchHere?.(view)} data-testid="search-here">
            Search Here
          </button>
        )}
      </div>
    );
  };
}
