import { useState } from 'react';
import { PlaceAutocomplete, type SelectedPlace } from '@/components/place-autocomplete';
import { TripFields } from '@/components/trip-fields';
import { canSearch, type TripRange } from '@/lib/dates';

export type SearchDraft = { place: SelectedPlace; range: TripRange };

type Props = {
  initial: SearchDraft;
  onSearch: (d: SearchDraft) => void;
  layout: 'header' | 'modal';
  /** Long-term on mobile: the end follows the start by this many days. */
  fixedDays?: number;
};

/** Where, dates, times and Search; Search needs coordinates and until after from (spec 000 section 5). */
export function SearchForm({ initial, onSearch, layout, fixedDays }: Props) {
  const [text, setText] = useState(initial.place.formatted_address);
  const [place, setPlace] = useState<SelectedPlace>(initial.place);
  const [range, setRange] = useState<TripRange>(initial.range);
  const placeOk = text === place.formatted_address && Number.isFinite(place.lat) && Number.isFinite(place.lng);
  const ok = placeOk && canSearch(range);
  return (
    <form
      className={`search-form search-form--${layout}`}
      aria-label="Search cars"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) onSearch({ place, range });
      }}
    >
      <PlaceAutocomplete label="Where" value={text} onTextChange={setText} onSelect={setPlace} maxLabel={layout === 'modal' ? 25 : 40} id={`where-${layout}`} />
      <TripFields value={range} onChange={setRange} months={layout === 'modal' ? 2 : 1} compact={layout === 'header'} fixedDays={fixedDays} />
      <button type="submit" className="btn btn--primary" disabled={!ok} data-testid="search-submit">
        Search
      </button>
    </form>
  );
}
