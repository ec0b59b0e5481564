//! The rates read model kept in memory for the search paths (`checkPrices`, the many-car
//! price and the car page's price), so pricing a page of cars makes no database round trip.
//!
//! An entry lives `ttl` at most. This process drops a car's entry as soon as an event that
//! changed its rates has committed (`RatesProjection::committed`); other replicas see the
//! change within `ttl`, on top of the event's own delivery. A load that raced with such an
//! event is not kept (the generation counter), so a stale row is never cached for a full
//! `ttl` by this process. Checkout and modifications read the database, not this cache.

use crate::error::PricingResult;
use crate::store::rates::{self, PricedCar};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};
use upcar_db::PgPool;
use uuid::Uuid;

/// Cars' rates by id, each with the instant it was read.
pub struct RatesCache {
    ttl: Duration,
    max_entries: usize,
    generation: AtomicU64,
    entries: RwLock<HashMap<Uuid, (Instant, Arc<PricedCar>)>>,
}

impl RatesCache {
    /// A cache keeping entries `ttl` at most and holding at most `max_entries` cars.
    pub fn new(ttl: Duration, max_entries: usize) -> Self {
        Self {
            ttl,
            max_entries: max_entries.max(1),
            generation: AtomicU64::new(0),
            entries: RwLock::new(HashMap::new()),
        }
    }

    /// The rates of these cars (unknown ones are absent), reading the database only for cars
    /// not held or held longer than the ttl.
    pub async fn get_many(
        &self,
        pool: &PgPool,
        ids: &[Uuid],
    ) -> PricingResult<Vec<Arc<PricedCar>>> {
        let now = Instant::now();
        let mut found = Vec::with_capacity(ids.len());
        let mut missing = Vec::new();
        {
            let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
            for id in ids {
                match entries.get(id) {
                    Some((at, car)) if now.duration_since(*at) < self.ttl => {
                        found.push(car.clone())
                    }
                    _ => missing.push(*id),
                }
            }
        }
        if missing.is_empty() {
            return Ok(found);
        }
        let generation = self.generation.load(Ordering::Acquire);
        let rows = {
            let mut c = pool.get().await?;
            rates::load(&mut c, &missing).await?
        };
        let loaded: Vec<Arc<PricedCar>> =
            rows.into_iter().map(|r| Arc::new(PricedCar::from(r))).collect();
        {
            let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
            // An event committed while this load ran: the rows may predate it; answer them
            // (as a read a moment earlier would have) but do not keep them.
            if self.generation.load(Ordering::Acquire) == generation {
                if entries.len() + loaded.len() > self.max_entries {
                    entries.retain(|_, (at, _)| now.duration_since(*at) < self.ttl);
                    if entries.len() + loaded.len() > self.max_entries {
                        entries.clear();
                    }
                }
                for car in &loaded {
                    entries.insert(car.row.car_id, (now, car.clone()));
                }
            }
        }
        found.extend(loaded);
        Ok(found)
    }

    /// Drops what is held about a car (its rates changed).
    pub fn forget(&self, car_id: Uuid) {
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        self.generation.fetch_add(1, Ordering::AcqRel);
        entries.remove(&car_id);
    }

    /// How many cars are held.
    pub fn len(&self) -> usize {
        self.entries.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Whether no car is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
