import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PlaceAutocomplete, type SelectedPlace } from '@/components/place-autocomplete';
import { TripFields } from '@/components/trip-fields';
import { useSession } from '@/lib/auth';
import { canSearchHome, defaultRange, normaliseRange, type TripRange } from '@/lib/dates';
import { DEFAULT_PLACE, searchUrl } from '@/lib/links';
import { useIsMobile } from '@/lib/use-debounced';
import { useAiSearchParams } from '../api/get-ai-search-params';

function homePlace(user: ReturnType<typeof useSession>): SelectedPlace {
  // A signed-in guest's last home location prefills the address (spec 000 section 6).
  const last = user?.user.homeLocation?.at(-1);
  if (last && typeof last.latitude === 'number' && typeof last.longitude === 'number') {
    const a = last.address ?? {};
    return { formatted_address: [a.street, a.city, a.state].filter(Boolean).join(', '), lat: last.latitude, lng: last.longitude };
  }
  return DEFAULT_PLACE;
}

/** "Premium Experience. Delivered.": regular search and AI (free text) search. */
export function SearchHero() {
  const navigate = useNavigate();
  const session = useSession();
  const mobile = useIsMobile();
  const [mode, setMode] = useState<'regular' | 'ai'>('regular');
  const initialPlace = homePlace(session);
  const [place, setPlace] = useState<SelectedPlace>(initialPlace);
  const [text, setText] = useState(initialPlace.formatted_address);
  const [range, setRange] = useState<TripRange>(() => defaultRange());
  const [prompt, setPrompt] = useState('');
  const ai = useAiSearchParams();
  const placeChosen = text.trim() === '' || text === place.formatted_address;
  const ok = canSearchHome(range) && placeChosen;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!ok) return;
    const p = text.trim() === '' ? DEFAULT_PLACE : place;
    navigate(searchUrl({ ...range, latitude: p.lat, longitude: p.lng, address: p.formatted_address }));
  };

  const submitAi = (e: React.FormEvent) => {
    e.preventDefault();
    if (!prompt.trim()) return;
    ai.mutate(prompt.trim(), {
      onSuccess: (r) => {
        const { range: nr } = normaliseRange(r);
        navigate(searchUrl({ ...nr, latitude: r.latitude, longitude: r.longitude, address: r.location }));
      },
      onError: (err) => console.warn('AI search failed', err),
    });
  };

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <h1 id="hero-title" className="hero__title">
          Premium Experience. Delivered.
        </h1>
        <p className="hero__lead">Cars from verified professionals, brought to your door.</p>
        <div className="tabs" role="tablist" aria-label="Search mode">
          <button type="button" role="tab" aria-selected={mode === 'regular'} className={`tab ${mode === 'regular' ? 'is-active' : ''}`} onClick={() => setMode('regular')}>
            Search
          </button>
          <button type="button" role="tab" aria-selected={mode === 'ai'} className={`tab ${mode === 'ai' ? 'is-active' : ''}`} onClick={() => setMode('ai')}>
            AI search
          </button>
        </div>
        {mode === 'regular' ? (
          <form className="hero__form" onSubmit={submit} aria-label="Search cars">
            <PlaceAutocomplete label="Where" value={text} onTextChange={setText} onSelect={setPlace} id="hero-where" />
            <TripFields value={range} onChange={setRange} months={mobile ? 2 : 1} />
            <button type="submit" className="btn btn--primary hero__submit" disabled={!ok}>
              Search
            </button>
          </form>
        ) : (
          <form className="hero__form hero__form--ai" onSubmit={submitAi} aria-label="Describe your trip">
            <div className="field hero__ai">
              <label htmlFor="hero-ai" className="field__label">
                Describe your trip
              </label>
              <input id="hero-ai" className="input" placeholder="An SUV in San Francisco next Friday to Sunday" value={prompt} onChange={(e) => setPrompt(e.target.value)} />
            </div>
            <button type="submit" className="btn btn--primary hero__submit" disabled={!prompt.trim() || ai.isPending}>
              {ai.isPending ? 'Thinking...' : 'Search'}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
