//! The car search.

use super::convert;
use crate::domain::filters::{self, DEFAULT_AGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, Sort};
use crate::domain::search_page::SearchPageId;
use crate::domain::search_params::{DEFAULT_LATITUDE, DEFAULT_LONGITUDE};
use crate::domain::window::{TripWindow, zone_for};
use crate::error::{CatalogError, CatalogResult};
use crate::pages::{self, Page};
use crate::state::AppState;
use crate::store::cars::{self, SearchQuery};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use upcar_proto::catalog as pb;

fn text(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

/// Validates the request into a query; nothing is read before this passes.
pub fn query(
    radius_miles: f64,
    r: &pb::SearchRequest,
    now: chrono::DateTime<chrono::Utc>,
) -> CatalogResult<(SearchQuery, TripWindow)> {
    let (latitude, longitude) = match (r.latitude, r.longitude) {
        (Some(la), Some(lo)) => (la, lo),
        // The default place of spec 000 section 4.1.
        (None, None) => (DEFAULT_LATITUDE, DEFAULT_LONGITUDE),
        _ => return Err(CatalogError::BadCoordinates),
    };
    if !(-90.0..=90.0).contains(&latitude)
        || !(-180.0..=180.0).contains(&longitude)
        || !latitude.is_finite()
        || !longitude.is_finite()
    {
        return Err(CatalogError::BadCoordinates);
    }
    let window = TripWindow::parse(
        &r.from_date,
        &r.from_time,
        &r.until_date,
        &r.until_time,
        zone_for(latitude, longitude),
        now,
    )?;
    let sort = Sort::parse(&r.sort_by).ok_or(CatalogError::BadSort)?;
    let vehicle_type = match text(&r.vehicle_type) {
        Some(t) if t != "all" => {
            Some(filters::vehicle_type(&t).ok_or(CatalogError::BadVehicleType)?.to_owned())
        }
        _ => None,
    };
    let (exact_seats, min_seats) = match (r.exact_seats, r.min_seats) {
        (Some(n), _) | (None, Some(n)) => filters::seats(n).ok_or(CatalogError::BadSeats)?,
        (None, None) => (None, None),
    };
    let transmission = match text(&r.transmission_type).map(|t| t.to_lowercase()) {
        Some(t) if t == "automatic" || t == "manual" => Some(t),
        Some(t) if t == "all" => None,
        Some(_) => return Err(CatalogError::BadTransmission),
        None => None,
    };
    if let (Some(a), Some(b)) = (r.price_min_cents, r.price_max_cents)
        && a > b
    {
        return Err(CatalogError::PriceRangeInverted);
    }
    if r.price_min_cents.is_some_and(|p| p < 0) || r.price_max_cents.is_some_and(|p| p < 0) {
        return Err(CatalogError::NegativePrice);
    }
    if let (Some(a), Some(b)) = (r.year_min, r.year_max)
        && a > b
    {
        return Err(CatalogError::YearRangeInverted);
    }
    let age = r.age.unwrap_or(DEFAULT_AGE);
    if !(16..=120).contains(&age) {
        return Err(CatalogError::AgeOutOfRange);
    }
    let limit = if r.limit <= 0 { DEFAULT_PAGE_SIZE } else { r.limit.min(MAX_PAGE_SIZE) };
    let page = r.page.max(1);
    let q = SearchQuery {
        latitude,
        longitude,
        radius_miles,
        start: window.start,
        end: window.end,
        days: i32::try_from(window.days()).unwrap_or(i32::MAX),
        weekend_start: window.starts_on_weekend(),
        age,
        vehicle_type,
        make: text(&r.make).filter(|m| m != "all"),
        model: text(&r.model).filter(|m| m != "all"),
        min_seats,
        exact_seats,
        transmission,
        price_min_cents: r.price_min_cents,
        price_max_cents: r.price_max_cents,
        year_min: r.year_min,
        year_max: r.year_max,
        sort,
        limit,
        offset: (page - 1).saturating_mul(limit),
    };
    Ok((q, window))
}

/// How far back [`Searches`] looks at the replica's searches: their mean number running at
/// once decays by e over this time.
const LOAD_WINDOW: Duration = Duration::from_millis(100);

/// The searches running in this replica, for deciding which may count their total beside
/// the page on a second connection: a search may when at most `max` run now (itself among
/// them) and fewer than `max` ran at once on average over about the last [`LOAD_WINDOW`].
/// Once searches overlap the database's cores are busy with other searches, and a second
/// statement per search only adds backends competing for them: counting beside every page
/// gave fewer searches a second at 4 clients, and counting beside whenever a search ran alone
/// for a moment gave fewer at 2 clients than never counting beside
/// (docs/perf-log/2026-11-25-search-count-beside-page.md,
/// docs/perf-log/2026-11-26-search-count-beside-overlap.md).
/// The mean tells a replica that is busy (whose search runs alone now only because the
/// others are still on their way in) from one that is not; two connections per search would
/// also halve the searches the pool serves at once.
pub struct Searches {
    load: Mutex<Load>,
    max: usize,
}

/// The searches running now, and their time-weighted mean (exponentially decaying).
struct Load {
    running: usize,
    mean: f64,
    at: Instant,
}

impl Load {
    /// No search yet, as of `at`.
    fn new(at: Instant) -> Self {
        Self { running: 0, mean: 0.0, at }
    }

    /// Brings the mean up to `now`: `running` held since the last change.
    fn advance(&mut self, now: Instant) {
        if now <= self.at {
            return;
        }
        let kept = (-(now - self.at).as_secs_f64() / LOAD_WINDOW.as_secs_f64()).exp();
        self.mean = self.mean * kept + self.running as f64 * (1.0 - kept);
        self.at = now;
    }

    /// A search comes in at `now`; whether it may count beside its page.
    fn enter(&mut self, now: Instant, max: usize) -> bool {
        self.advance(now);
        self.running += 1;
        self.running <= max && self.mean < max as f64
    }

    /// A search leaves at `now`.
    fn leave(&mut self, now: Instant) {
        self.advance(now);
        self.running = self.running.saturating_sub(1);
    }
}

/// One search's place among the running ones; leaves when dropped.
pub struct Running<'a> {
    searches: &'a Searches,
    beside: bool,
}

impl Searches {
    pub fn new(max: usize) -> Self {
        Self { load: Mutex::new(Load::new(Instant::now())), max }
    }

    /// Counts a search in; whether it may count beside its page follows from those running
    /// now and lately.
    pub fn enter(&self) -> Running<'_> {
        let mut load = self.load.lock().unwrap_or_else(|e| e.into_inner());
        let beside = load.enter(Instant::now(), self.max);
        Running { searches: self, beside }
    }
}

impl Running<'_> {
    /// The second connection for the total, when this search may have one and one is free.
    pub async fn spare(&self, pool: &cars::SearchPool) -> Option<cars::SearchConn> {
        if self.beside { pool.spare().await } else { None }
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        let mut load = self.searches.load.lock().unwrap_or_else(|e| e.into_inner());
        load.leave(Instant::now());
    }
}

/// The search, and how long its store call took (checking out its connections and the
/// statements: what `loadgen search sql` measures alone), for the `server-timing` metadata.
pub async fn search(
    state: &AppState,
    r: pb::SearchRequest,
) -> CatalogResult<(pb::SearchReply, Duration)> {
    let now = state.clock.now();
    let (q, window) = query(state.radius_miles, &r, now)?;
    let started = Instant::now();
    let running = state.searches.enter();
    let (conn, mut spare) =
        tokio::join!(state.search_pool.get(), running.spare(&state.search_pool));
    let mut conn = conn?;
    let (rows, count) = cars::search(&mut conn, spare.as_mut(), &q).await?;
    drop((conn, spare, running));
    let store = started.elapsed();
    let message = if count == 0 {
        format!(
            "No cars available within {} miles for these dates. Try other dates or a nearby place.",
            state.radius_miles
        )
    } else {
        String::new()
    };
    let request_id = SearchPageId::new(window.start, window.end, q.age, now).encode();
    state.pages.keep(Page {
        request_id: request_id.clone(),
        car_ids: rows.iter().map(|r| r.car.id.to_string()).collect(),
    });
    let reply = pb::SearchReply {
        count,
        message,
        cars: rows.into_iter().map(|r| convert::card(r.car, r.distance_miles)).collect(),
        is_long_term_rental: window.is_long_term(),
        request_id,
        page: r.page.max(1),
        limit: q.limit,
        start_time: window.start.to_rfc3339(),
        end_time: window.end.to_rfc3339(),
    };
    Ok((reply, store))
}

/// A search page by its request id: the window and age from the id, the cars (when asked)
/// from the kept page.
pub async fn page(state: &AppState, r: pb::SearchPageRequest) -> CatalogResult<pb::SearchPage> {
    let ttl = chrono::Duration::seconds(
        i64::try_from(state.cache.search_page_ttl_seconds).unwrap_or(i64::MAX / 1000),
    );
    let id = SearchPageId::parse(&r.request_id)
        .filter(|p| p.is_live(state.clock.now(), ttl))
        .ok_or(CatalogError::SearchExpired)?;
    let car_ids = if r.with_cars {
        kept_cars(state, &id, r.request_id.trim()).await.ok_or(CatalogError::SearchExpired)?
    } else {
        Vec::new()
    };
    Ok(pb::SearchPage {
        start_time: id.start.to_rfc3339(),
        end_time: id.end.to_rfc3339(),
        age: id.age,
        car_ids,
    })
}

/// The cars of a kept page. A page searched a moment ago may still be in the writer's queue
/// (the search answers without waiting for it), so a fresh id waits a little for its page.
async fn kept_cars(state: &AppState, id: &SearchPageId, request_id: &str) -> Option<Vec<String>> {
    const ATTEMPTS: u32 = 10;
    for attempt in 1..=ATTEMPTS {
        if let Some(ids) = pages::cars_of(state, request_id).await {
            return Some(ids);
        }
        let fresh = id
            .searched_at()
            .is_some_and(|at| state.clock.now() - at < chrono::Duration::seconds(2));
        if !fresh || attempt == ATTEMPTS {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_counts_beside_only_while_searches_do_not_overlap_now_or_lately() {
        let t0 = Instant::now();
        let ms = |n: u64| t0 + Duration::from_millis(n);
        let mut load = Load::new(t0);
        // Alone, with a quiet past: beside. A second one at once: after its page.
        assert!(load.enter(ms(0), 1));
        assert!(!load.enter(ms(0), 1));
        // Two at once for 200 ms leave a mean of 2(1 - e^-2), about 1.73: a search alone
        // right after still counts after its page.
        load.leave(ms(200));
        load.leave(ms(200));
        assert!((load.mean - 2.0 * (1.0 - (-2.0f64).exp())).abs() < 1e-9, "{}", load.mean);
        assert!(!load.enter(ms(200), 1));
        load.leave(ms(201));
        // After about 55 ms of quiet the mean is below one again.
        assert!(!load.enter(ms(240), 1));
        load.leave(ms(240));
        assert!(load.enter(ms(300), 1));
        load.leave(ms(301));
        // One search after another, each 1 ms with 1 ms between: never overlapping, beside.
        let mut at = 1000;
        for _ in 0..200 {
            assert!(load.enter(ms(at), 1));
            load.leave(ms(at + 1));
            at += 2;
        }
        assert!(load.mean < 1.0);
        // A limit of 0 never counts beside.
        assert!(!Load::new(t0).enter(ms(0), 0));
    }
}
