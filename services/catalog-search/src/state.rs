//! What every handler shares.

use crate::domain::search_params::InMemoryGazetteer;
use crate::error::CatalogResult;
use upcar_db::{PgPool, PooledConn};

/// Shared handles and settings.
pub struct AppState {
    pub pool: PgPool,
    /// Connections whose sessions steer the planner for searches (`store::cars::SearchPool`).
    pub search_pool: crate::store::cars::SearchPool,
    pub radius_miles: f64,
    /// The shipped gazetteer, for the search phrase parser.
    pub gazetteer: InMemoryGazetteer,
    /// Hot reads (car pages, the makes list).
    pub redis: deadpool_redis::Pool,
    pub cache: crate::cache::CacheSettings,
    /// Keeps each search page's cars for prices by request id.
    pub pages: crate::pages::PageWriter,
    /// The searches running now (which of them count their total beside the page).
    pub searches: crate::api::search::Searches,
    /// The time handlers read (tests move it).
    pub clock: upcar_clock::Clock,
    /// Car page views on their way to the outbox (`catalog.car_viewed`).
    pub views: crate::views::CarViews,
}

impl AppState {
    /// A pooled connection.
    pub async fn conn(&self) -> CatalogResult<PooledConn> {
        Ok(self.pool.get().await?)
    }
}
