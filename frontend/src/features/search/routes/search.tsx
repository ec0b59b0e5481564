import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CarsMap } from '@/components/map/lazy-map';
import { centreOr, type MapMarker } from '@/components/map/types';
import { CardSkeleton } from '@/components/skeleton';
import { Modal } from '@/components/modal';
import { formatDisplayDate } from '@/lib/dates';
import { logSearch } from '@/lib/activity';
import { carUrl } from '@/lib/links';
import { money } from '@/lib/format';
import { useIsMobile } from '@/lib/use-debounced';
import { useSearchCars } from '../api/search-cars';
import { useCheckPrices } from '../api/check-prices';
import { FilterBar } from '../components/filter-bar';
import { ResultCard, priceLabel } from '../components/result-card';
import { SearchForm, type SearchDraft } from '../components/search-form';
import { BottomSheet } from '../components/bottom-sheet';
import { activeFilterCount, parseSearchParams, SEARCH_MAP, toSearchParams, type Filters, type SearchState } from '../lib/search-state';

export default function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const mobile = useIsMobile();
  const { state, reset } = useMemo(() => parseSearchParams(params), [params]);
  const [hovered, setHovered] = useState<string | null>(null);
  const [modal, setModal] = useState<'search' | 'filters' | null>(null);
  const [sheetFull, setSheetFull] = useState(false);

  useEffect(() => {
    // Past or missing dates are replaced in the address bar (spec 000 section 4.1).
    if (reset || !params.get('fromDate')) setParams(toSearchParams(state), { replace: true });
  }, [reset]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    document.title = `Cars near ${state.address || 'you'} | Upcar`;
  }, [state.address]);

  const go = (next: SearchState) => setParams(toSearchParams(next));
  const search = useSearchCars(state);
  const cars = useMemo(() => search.data?.data ?? [], [search.data]);
  const longTerm = Boolean(search.data?.isLongTermRental);
  // One `search` event per answered search (its request id), not per render or price poll.
  const requestId = search.data?.requestId;
  useEffect(() => {
    if (!requestId || !search.data) return;
    logSearch({
      address: state.address,
      latitude: state.latitude,
      longitude: state.longitude,
      startDate: state.range.fromDate,
      startTime: state.range.fromTime,
      endDate: state.range.untilDate,
      endTime: state.range.untilTime,
      page: state.page,
      filters: activeFilterCount(state.filters),
      results: search.data.count,
    });
  }, [requestId]); // eslint-disable-line react-hooks/exhaustive-deps
  const ids = useMemo(() => cars.map((c) => c._id), [cars]);
  const prices = useCheckPrices(ids, search.data?.requestId ?? '');

  const onSearch = (d: SearchDraft) => {
    setModal(null);
    go({ ...state, page: 1, latitude: d.place.lat, longitude: d.place.lng, address: d.place.formatted_address, range: d.range });
  };
  const onFilters = (f: Filters) => go({ ...state, page: 1, filters: f });
  const place = { latitude: state.latitude, longitude: state.longitude, address: state.address };

  const markers: MapMarker[] = cars.map((c) => ({
    id: c._id,
    lat: c.latitude,
    lng: c.longitude,
    label: priceLabel(c, prices.byCar.get(c._id), longTerm),
    popup: (
      <a href={carUrl(c._id, state.range, place)} target="_blank" rel="noopener" className="map-popup">
        <img src={c.primaryPhotoUrl} alt="" width={200} height={120} />
        <strong>
          {c.carYear} {c.make} {c.model}
        </strong>
        <span>{prices.byCar.get(c._id) ? `${money(prices.byCar.get(c._id)!.finalPriceBeforeTax)} total` : `${money(c.dailyPrice)}/day`}</span>
      </a>
    ),
  }));

  const totalPages = search.data ? Math.max(1, Math.ceil(search.data.count / Math.max(1, search.data.limit || cars.length || 1))) : 1;
  const list = (
    <div className="results" aria-busy={search.isPending}>
      {search.isPending ? (
        <>
          <p className="sr-only" role="status">
            Loading cars
          </p>
          <ul className="results__list" aria-hidden="true">
            {Array.from({ length: 20 }, (_, i) => (
              <li key={i}>
                <CardSkeleton testId="search-skeleton" />
              </li>
            ))}
          </ul>
        </>
      ) : cars.length === 0 ? (
        <div className="empty" role="status" data-testid="empty-state">
          <h2>No cars found</h2>
          <p>{search.data?.count === 0 && search.data.message ? search.data.message : 'No cars available for your search.'}</p>
        </div>
      ) : (
        <>
          <p className="results__count" role="status">
            {search.data!.count} {search.data!.count === 1 ? 'car' : 'cars'} available
            {longTerm && ' · monthly prices'}
          </p>
          {prices.error && <p className="results__note">{prices.error}</p>}
          <ul className="results__list" data-testid="results-list">
            {cars.map((c, i) => (
              <ResultCard key={c._id} car={c} range={state.range} price={prices.byCar.get(c._id)} priceLoading={prices.isLoading} longTerm={longTerm} mobile={mobile} onHover={setHovered} eager={i < 2} />
            ))}
          </ul>
          {totalPages > 1 && (
            <nav className="pager" aria-label="Result pages">
              <button type="button" className="btn btn--outline btn--sm" disabled={state.page <= 1} onClick={() => go({ ...state, page: state.page - 1 })}>
                Previous
              </button>
              <span>
                Page {state.page} of {totalPages}
              </span>
              <button type="button" className="btn btn--outline btn--sm" disabled={state.page >= totalPages} onClick={() => go({ ...state, page: state.page + 1 })}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );

  const map = (
    <CarsMap
      center={centreOr({ lat: state.latitude, lng: state.longitude }, SEARCH_MAP.fallback)}
      zoom={SEARCH_MAP.zoom}
      markers={markers}
      highlightedId={hovered}
      searched={{ lat: state.latitude, lng: state.longitude }}
      onSearchHere={(c) => go({ ...state, page: 1, latitude: Number(c.lat.toFixed(5)), longitude: Number(c.lng.toFixed(5)), address: 'Map area' })}
      className="search__map"
      ariaLabel="Map of search results"
    />
  );
  const draft: SearchDraft = { place: { formatted_address: state.address, lat: state.latitude, lng: state.longitude }, range: state.range };
  const filterCount = activeFilterCount(state.filters);

  if (mobile) {
    return (
      <main id="main" className="search search--mobile">
        <h1 className="sr-only">Search results</h1>
        <div className="compact-bar">
          <Link to="/" className="icon-btn" aria-label="Back to home">
            ‹
          </Link>
          <button type="button" className="compact-bar__summary" onClick={() => setModal('search')} data-testid="change-search">
            <span className="sr-only">Change place and dates: </span>
            <strong>{state.address || 'Where?'}</strong>
            <span>
              {formatDisplayDate(state.range.fromDate)} {state.range.fromTime} – {formatDisplayDate(state.range.untilDate)} {state.range.untilTime}
            </span>
          </button>
          <button type="button" className="btn btn--outline btn--sm" onClick={() => setModal('filters')}>
            Filters{filterCount ? ` (${filterCount})` : ''}
          </button>
        </div>
        <div className="search__map-wrap">{map}</div>
        <BottomSheet title={search.data ? `${search.data.count} cars` : 'Cars'} expanded={sheetFull} onExpandedChange={setSheetFull}>
          {list}
        </BottomSheet>
        {sheetFull && (
          <button type="button" className="btn btn--primary map-btn" onClick={() => setSheetFull(false)}>
            Map
          </button>
        )}
        {modal === 'search' && (
          <Modal title="Search" onClose={() => setModal(null)} size="lg">
            <SearchForm initial={draft} onSearch={onSearch} layout="modal" />
          </Modal>
        )}
        {modal === 'filters' && (
          <Modal title="Filters" onClose={() => setModal(null)} size="lg">
            <FilterBar value={state.filters} onChange={onFilters} layout="panel" />
          </Modal>
        )}
      </main>
    );
  }

  return (
    <main id="main" className="search search--desktop">
      <h1 className="sr-only">Search results</h1>
      <div className="search__header">
        <SearchForm key={params.toString()} initial={draft} onSearch={onSearch} layout="header" />
        <FilterBar value={state.filters} onChange={onFilters} />
      </div>
      <div className="search__body">
        <section className="search__list" aria-label="Results">
          {list}
        </section>
        <section className="search__map-pane" aria-label="Map">
          {map}
        </section>
      </div>
    </main>
  );
}
