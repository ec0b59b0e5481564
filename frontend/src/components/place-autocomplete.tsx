import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { MIN_CHARS, usePlaceSuggestions } from '@/api/get-place-suggestions';
import type { Place } from '@/api/types';
import { reverseGeocodeQueryOptions } from '@/api/geocode';
import { useDebounced } from '@/lib/use-debounced';
import { truncate } from '@/lib/format';

export type SelectedPlace = { formatted_address: string; lat: number; lng: number };

type Props = {
  label: string;
  value: string;
  onTextChange: (text: string) => void;
  onSelect: (place: SelectedPlace) => void;
  placeholder?: string;
  /** 40 characters, 25 in the mobile modal (spec 000 section 5). */
  maxLabel?: number;
  debounceMs?: number;
  id?: string;
  hideLabel?: boolean;
};

const GROUPS = ['City', 'Airport', 'Hotel', 'Address'];
const CURRENT_LABEL = 'Use current location';

/** The browser's position, or null when unsupported, denied or too slow. */
function currentPosition(): Promise<{ lat: number; lng: number } | null> {
  const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geo) return Promise.resolve(null);
  return new Promise((resolve) =>
    geo.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      () => resolve(null),
      { timeout: 10_000, maximumAge: 5 * 60_000 },
    ),
  );
}

/**
 * Place autocomplete: from 3 characters, debounced by 1 s, grouped City / Airport / Hotel /
 * Address; a failure clears the suggestions. ARIA combobox with arrow keys and Enter.
 */
export function PlaceAutocomplete({ label, value, onTextChange, onSelect, placeholder, maxLabel = 40, debounceMs = 1000, id, hideLabel }: Props) {
  const autoId = useId();
  const inputId = id ?? `place-${autoId}`;
  const listId = `${inputId}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState(false);
  const debounced = useDebounced(value, debounceMs);
  const query = usePlaceSuggestions(typed ? debounced : '');
  const wrap = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const [locating, setLocating] = useState(false);
  const hasGeo = typeof navigator !== 'undefined' && Boolean(navigator.geolocation);

  const enough = value.trim().length >= MIN_CHARS;
  const groups = useMemo(() => {
    if (!enough || query.isError || !query.data) return [];
    const gs = query.data.groups?.length ? query.data.groups : [{ group: 'City', items: query.data.data ?? [] }];
    return GROUPS.map((g) => gs.find((x) => x.group === g)).filter((g): g is { group: string; items: Place[] } => Boolean(g && g.items.length));
  }, [enough, query.data, query.isError]);
  const flat = groups.flatMap((g) => g.items);

  useEffect(() => {
    const onDoc = (e: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, []);

  const choose = (p: Place) => {
    onSelect({ formatted_address: p.formatted_address || p.text, lat: p.lat, lng: p.lng });
    onTextChange(p.formatted_address || p.text);
    setTyped(false);
    setOpen(false);
    setActive(-1);
  };

  /** "Current Location" (spec 000): the browser's position, named by reverse geocoding.
   * Unsupported, denied or a failed geocoder is logged only, as the spec says. */
  const chooseCurrent = async () => {
    setOpen(false);
    setActive(-1);
    setLocating(true);
    try {
      const at = await currentPosition();
      if (!at) {
        console.warn('current location unavailable');
        return;
      }
      let name = 'Current location';
      try {
        const r = await queryClient.fetchQuery(reverseGeocodeQueryOptions(at.lat, at.lng));
        const p = r.results[0];
        if (p) name = p.formatted_address || p.text;
      } catch (e) {
        console.warn('reverse geocoding failed', e);
      }
      onSelect({ formatted_address: name, lat: at.lat, lng: at.lng });
      onTextChange(name);
      setTyped(false);
    } finally {
      setLocating(false);
    }
  };

  // Offered until the guest has typed enough for suggestions (a prefilled place included).
  const showCurrent = open && hasGeo && !(typed && enough);
  const showList = open && enough && flat.length > 0;
  let index = -1;
  return (
    <div className="place-ac" ref={wrap}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'field__label'}>
        {label}
      </label>
      <input
        id={inputId}
        className="input"
        role="combobox"
        aria-expanded={showList || showCurrent}
        aria-busy={locating || undefined}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={locating ? 'Finding your location…' : (placeholder ?? 'City, airport, address or hotel')}
        value={value}
        onChange={(e) => {
          onTextChange(e.target.value);
          setTyped(true);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (showCurrent) {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              setActive(0);
            } else if (e.key === 'Enter' && active === 0) {
              e.preventDefault();
              void chooseCurrent();
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
            return;
          }
          if (!showList) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => (a + 1) % flat.length);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (a <= 0 ? flat.length - 1 : a - 1));
          } else if (e.key === 'Enter' && active >= 0) {
            e.preventDefault();
            choose(flat[active]);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {showCurrent && (
        <ul id={listId} className="place-ac__list" role="listbox" aria-label="Suggestions">
          <li
            id={`${listId}-0`}
            role="option"
            aria-selected={active === 0}
            className={`place-ac__item place-ac__item--current ${active === 0 ? 'is-active' : ''}`}
            onMouseDown={(e) => {
              e.preventDefault();
              void chooseCurrent();
            }}
          >
            {CURRENT_LABEL}
          </li>
        </ul>
      )}
      {locating && (
        <span className="sr-only" role="status">
          Finding your location…
        </span>
      )}
      {showList && (
        <ul id={listId} className="place-ac__list" role="listbox" aria-label="Suggestions">
          {groups.map((g) => (
            <li key={g.group} role="presentation">
              <div className="place-ac__group" role="presentation">
                {g.group}
              </div>
              <ul role="group" aria-label={g.group}>
                {g.items.map((p) => {
                  index += 1;
                  const i = index;
                  return (
                    <li
                      key={p.placeId}
                      id={`${listId}-${i}`}
                      role="option"
                      aria-selected={i === active}
                      className={`place-ac__item ${i === active ? 'is-active' : ''}`}
                      onMouseDown={(e) => {
                        e.preventDefault();
                        choose(p);
                      }}
                      title={p.formatted_address}
                    >
                      {truncate(p.text || p.formatted_address, maxLabel)}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
