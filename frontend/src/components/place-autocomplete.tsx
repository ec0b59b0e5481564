import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { MIN_CHARS, usePlaceSuggestions, type Place } from '@/api/get-place-suggestions';
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
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={placeholder ?? 'City, airport, address or hotel'}
        value={value}
        onChange={(e) => {
          onTextChange(e.target.value);
          setTyped(true);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
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
