//! [`OfflineDecoder`]: NHTSA's vPIC database read from a local SQLite file.
//!
//! The small tables (WMIs, the years of their VIN schemas, makes, models, body styles,
//! transmissions) are read into memory when the decoder opens; each decode then runs one query,
//! for the patterns of the VIN schemas that fit the VIN's maker and year, on a blocking thread.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::Datelike;
use rusqlite::{Connection, OpenFlags, params_from_iter};

use crate::rules::{self, Candidate, Vin};
use crate::{DecodeError, DecodedVehicle, VinDecoder};

/// Connections kept open between decodes.
const MAX_IDLE_CONNECTIONS: usize = 4;
/// SQLite's page cache per connection, in KiB (a negative `cache_size` is KiB).
const CACHE_KIB: i64 = 2048;
/// The index that makes a decode fast; the file as shipped has none on the patterns' schema.
const PATTERN_INDEX: &str =
    "CREATE INDEX IF NOT EXISTS upcar_pattern_schema ON Pattern (VinSchemaId, ElementId)";

/// Decodes VINs from a vPIC SQLite database (`vpic.lite.db`, see `scripts/vpic-data.sh`).
#[derive(Clone)]
pub struct OfflineDecoder {
    inner: Arc<Inner>,
}

struct Inner {
    path: PathBuf,
    idle: Mutex<Vec<Connection>>,
    tables: Tables,
}

impl std::fmt::Debug for OfflineDecoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OfflineDecoder").field("path", &self.inner.path).finish_non_exhaustive()
    }
}

struct WmiInfo {
    id: i64,
    /// vPIC's passenger car, MPV or light truck: position 7 tells the model year's cycle.
    car_or_light_truck: bool,
}

struct SchemaSpan {
    schema_id: i64,
    year_from: i32,
    year_to: Option<i32>,
}

struct ElementIds {
    model: i64,
    trim: i64,
    body_class: i64,
    transmission_style: i64,
    fuel_type: i64,
}

struct Tables {
    elements: ElementIds,
    wmis: HashMap<String, WmiInfo>,
    wmi_makes: HashMap<i64, Vec<i64>>,
    schemas: HashMap<i64, Vec<SchemaSpan>>,
    make_names: HashMap<i64, String>,
    model_names: HashMap<i64, String>,
    model_make: HashMap<i64, i64>,
    make_models: HashMap<i64, Vec<i64>>,
    body_classes: HashMap<i64, String>,
    transmissions: HashMap<i64, String>,
    fuel_types: HashMap<i64, String>,
    sorted_makes: Vec<String>,
}

impl OfflineDecoder {
    /// Opens the database read-only, as it is. Decoding scans the patterns table (tens of
    /// milliseconds a VIN); [`open_indexed`](Self::open_indexed) avoids that. Blocks while it
    /// reads the small tables (a fraction of a second): call it at start-up or on a blocking
    /// thread.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, DecodeError> {
        let path = path.as_ref().to_path_buf();
        let conn = open_read_only(&path)?;
        let tables = Tables::load(&conn)?;
        Ok(Self { inner: Arc::new(Inner { path, idle: Mutex::new(vec![conn]), tables }) })
    }

    /// Like [`open`](Self::open), but on a copy of the database with an index on the patterns,
    /// made in `cache_dir` on first use (the shipped file stays untouched and may be on a
    /// read-only volume). A decode then takes well under a millisecond.
    pub fn open_indexed(
        source: impl AsRef<Path>,
        cache_dir: impl AsRef<Path>,
    ) -> Result<Self, DecodeError> {
        let copy = indexed_copy(source.as_ref(), cache_dir.as_ref())?;
        Self::open(copy)
    }

    /// The file being read.
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    async fn with_connection<T, F>(&self, work: F) -> Result<T, DecodeError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection, &Tables) -> Result<T, DecodeError> + Send + 'static,
    {
        let inner = Arc::clone(&self.inner);
        tokio::task::spawn_blocking(move || {
            let idle = inner.idle.lock().ok().and_then(|mut idle| idle.pop());
            let conn = match idle {
                Some(conn) => conn,
                None => open_read_only(&inner.path)?,
            };
            let result = work(&conn, &inner.tables);
            if let Ok(mut idle) = inner.idle.lock()
                && idle.len() < MAX_IDLE_CONNECTIONS
            {
                idle.push(conn);
            }
            result
        })
        .await
        .map_err(|e| DecodeError::Task(e.to_string()))?
    }
}

#[async_trait]
impl VinDecoder for OfflineDecoder {
    async fn decode(&self, vin: &str) -> Result<Option<DecodedVehicle>, DecodeError> {
        let Some(vin) = Vin::parse(vin) else {
            return Ok(None);
        };
        let current_year = chrono::Utc::now().year();
        self.with_connection(move |conn, tables| decode(conn, tables, &vin, current_year)).await
    }

    async fn models_for_make(&self, make: &str) -> Result<Vec<String>, DecodeError> {
        Ok(self.inner.tables.models_for_make(make))
    }

    async fn makes(&self) -> Result<Vec<String>, DecodeError> {
        Ok(self.inner.tables.sorted_makes.clone())
    }
}

fn open_read_only(path: &Path) -> Result<Connection, DecodeError> {
    if !path.is_file() {
        return Err(DecodeError::Database(format!("no database file at {}", path.display())));
    }
    // `immutable=1`: the file never changes while it is read, so SQLite takes no locks and
    // writes nothing beside it. The shipped file is in WAL mode, and an ordinary read-only
    // open would create its -wal and -shm files (and fail on a read-only volume).
    let conn = Connection::open_with_flags(
        immutable_uri(path),
        OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI,
    )?;
    conn.pragma_update(None, "cache_size", -CACHE_KIB)?;
    Ok(conn)
}

/// `file:` URI of `path` with `immutable=1`; the characters a URI gives a meaning are escaped.
fn immutable_uri(path: &Path) -> String {
    let mut uri = String::from("file:");
    for c in path.to_string_lossy().chars() {
        match c {
            '%' | '?' | '#' => uri.push_str(&format!("%{:02X}", u32::from(c))),
            c => uri.push(c),
        }
    }
    uri.push_str("?immutable=1");
    uri
}

/// The indexed copy of `source` in `cache_dir`, made when missing. Its name carries the
/// source's size, so a new vPIC release (another file) gets its own copy. Written under a
/// temporary name and renamed, so a reader never sees half a copy.
fn indexed_copy(source: &Path, cache_dir: &Path) -> Result<PathBuf, DecodeError> {
    let io = |what: &str, e: std::io::Error| DecodeError::Database(format!("{what}: {e}"));
    let len = std::fs::metadata(source)
        .map_err(|e| io(&format!("reading {}", source.display()), e))?
        .len();
    let target = cache_dir.join(format!("vpic.indexed.{len}.db"));
    if target.is_file() {
        return Ok(target);
    }
    std::fs::create_dir_all(cache_dir)
        .map_err(|e| io(&format!("creating {}", cache_dir.display()), e))?;
    // Unique per process and call, so concurrent first uses do not write the same file.
    static COPIES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COPIES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = cache_dir.join(format!(".vpic.indexed.{len}.{}.{n}.tmp", std::process::id()));
    let built = (|| {
        std::fs::copy(source, &tmp).map_err(|e| io("copying the database", e))?;
        let conn = Connection::open(&tmp)?;
        // A plain rollback-journal file, so it is read like any other (the source is in WAL).
        conn.pragma_update(None, "journal_mode", "DELETE")?;
        conn.execute_batch(PATTERN_INDEX)?;
        conn.close().map_err(|(_, e)| DecodeError::from(e))?;
        std::fs::rename(&tmp, &target).map_err(|e| io("renaming the indexed copy", e))
    })();
    if built.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    built.map(|()| target)
}

fn decode(
    conn: &Connection,
    tables: &Tables,
    vin: &Vin,
    current_year: i32,
) -> Result<Option<DecodedVehicle>, DecodeError> {
    let Some(wmi) = tables.wmis.get(&vin.wmi()) else {
        return Ok(None);
    };
    let Some(reading) = rules::model_year(vin, wmi.car_or_light_truck, current_year) else {
        return Ok(None);
    };
    let spans = tables.schemas.get(&wmi.id).map(Vec::as_slice).unwrap_or_default();
    let covering = |year: i32| -> Vec<&SchemaSpan> {
        spans
            .iter()
            .filter(|s| s.year_from <= year && s.year_to.is_none_or(|to| year <= to))
            .collect()
    };
    let Some((year, schemas)) = rules::year_candidates(reading, current_year)
        .into_iter()
        .map(|year| (year, covering(year)))
        .find(|(_, schemas)| !schemas.is_empty())
    else {
        return Ok(None);
    };

    let e = &tables.elements;
    let elements = [e.model, e.trim, e.body_class, e.transmission_style, e.fuel_type];
    let year_from: HashMap<i64, i32> = schemas.iter().map(|s| (s.schema_id, s.year_from)).collect();
    let sql = format!(
        "SELECT VinSchemaId, Keys, ElementId, AttributeId, COALESCE(UpdatedOn, CreatedOn, '') \
         FROM Pattern WHERE VinSchemaId IN ({}) AND ElementId IN ({})",
        vec!["?"; year_from.len()].join(", "),
        vec!["?"; elements.len()].join(", ")
    );
    let params = year_from.keys().copied().chain(elements);
    let descriptor = vin.descriptor();
    let mut found: HashMap<i64, Vec<Candidate>> = HashMap::new();
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query(params_from_iter(params))?;
    while let Some(row) = rows.next()? {
        let key: String = row.get(1)?;
        if !rules::key_matches(&key, &descriptor) {
            continue;
        }
        let schema_id: i64 = row.get(0)?;
        found.entry(row.get(2)?).or_default().push(Candidate {
            schema_year_from: year_from.get(&schema_id).copied().unwrap_or_default(),
            changed_on: row.get(4)?,
            key,
            attribute: row.get(3)?,
        });
    }

    let value = |element: i64| -> Option<&str> {
        found.get(&element).and_then(|c| rules::best_candidate(c)).map(|c| c.attribute.trim())
    };
    let lookup = |table: &HashMap<i64, String>, element: i64| -> Option<String> {
        let id: i64 = value(element)?.parse().ok()?;
        table.get(&id).cloned()
    };

    let Some(model_id) = value(e.model).and_then(|v| v.parse::<i64>().ok()) else {
        return Ok(None);
    };
    let Some(model) = tables.model_names.get(&model_id) else {
        return Ok(None);
    };
    let make_id =
        tables.model_make.get(&model_id).copied().or_else(|| match tables.wmi_makes.get(&wmi.id) {
            Some(makes) if makes.len() == 1 => makes.first().copied(),
            _ => None,
        });
    let Some(make) = make_id.and_then(|id| tables.make_names.get(&id)) else {
        return Ok(None);
    };
    let style = lookup(&tables.body_classes, e.body_class)
        .map_or("sedan", |body| rules::style_for_body_class(&body));
    // The lite database carries no transmission patterns (corgi leaves them out); an
    // electric vehicle's single-speed drive is an automatic all the same.
    let transmission = lookup(&tables.transmissions, e.transmission_style)
        .and_then(|t| rules::transmission_for_style(&t))
        .or_else(|| {
            lookup(&tables.fuel_types, e.fuel_type)
                .filter(|fuel| fuel.eq_ignore_ascii_case("electric"))
                .map(|_| "automatic")
        });
    Ok(Some(DecodedVehicle {
        make: make.clone(),
        model: model.clone(),
        trim: value(e.trim).unwrap_or_default().to_owned(),
        style: style.to_owned(),
        car_year: year,
        transmission_type: transmission.map(str::to_owned),
    }))
}

impl Tables {
    fn load(conn: &Connection) -> Result<Self, DecodeError> {
        let element = |name: &str| -> Result<i64, DecodeError> {
            conn.query_row("SELECT Id FROM Element WHERE Name = ?", [name], |r| r.get(0))
                .map_err(|e| DecodeError::Database(format!("element {name}: {e}")))
        };
        let elements = ElementIds {
            model: element("Model")?,
            trim: element("Trim")?,
            body_class: element("Body Class")?,
            transmission_style: element("Transmission Style")?,
            fuel_type: element("Fuel Type - Primary")?,
        };

        let mut wmis = HashMap::new();
        let mut stmt = conn.prepare("SELECT Id, Wmi, VehicleTypeId, TruckTypeId FROM Wmi")?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            let code: String = r.get(1)?;
            let vehicle_type: Option<i64> = r.get(2)?;
            let truck_type: Option<i64> = r.get(3)?;
            // vPIC's vehicle types: 2 passenger car, 7 MPV, 3 truck (truck type 1: light).
            let car_or_light_truck = matches!(vehicle_type, Some(2 | 7))
                || (vehicle_type == Some(3) && truck_type == Some(1));
            wmis.entry(code.trim().to_ascii_uppercase())
                .or_insert(WmiInfo { id: r.get(0)?, car_or_light_truck });
        }

        let mut schemas: HashMap<i64, Vec<SchemaSpan>> = HashMap::new();
        let mut stmt =
            conn.prepare("SELECT WmiId, VinSchemaId, YearFrom, YearTo FROM Wmi_VinSchema")?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            schemas.entry(r.get(0)?).or_default().push(SchemaSpan {
                schema_id: r.get(1)?,
                year_from: r.get(2)?,
                year_to: r.get(3)?,
            });
        }

        let mut wmi_makes: HashMap<i64, Vec<i64>> = HashMap::new();
        for (wmi, make) in pairs(conn, "SELECT WmiId, MakeId FROM Wmi_Make")? {
            wmi_makes.entry(wmi).or_default().push(make);
        }
        let mut model_make = HashMap::new();
        let mut make_models: HashMap<i64, Vec<i64>> = HashMap::new();
        for (make, model) in pairs(conn, "SELECT MakeId, ModelId FROM Make_Model")? {
            model_make.entry(model).or_insert(make);
            make_models.entry(make).or_default().push(model);
        }

        let make_names = names(conn, "Make")?;
        let mut sorted_makes: Vec<String> = make_names.values().cloned().collect();
        sort_names(&mut sorted_makes);
        Ok(Self {
            elements,
            wmis,
            wmi_makes,
            schemas,
            model_names: names(conn, "Model")?,
            make_names,
            model_make,
            make_models,
            body_classes: names(conn, "BodyStyle")?,
            transmissions: names(conn, "Transmission")?,
            fuel_types: names(conn, "FuelType")?,
            sorted_makes,
        })
    }

    fn models_for_make(&self, make: &str) -> Vec<String> {
        let make = make.trim();
        let mut models: Vec<String> = self
            .make_names
            .iter()
            .filter(|(_, name)| name.trim().eq_ignore_ascii_case(make))
            .filter_map(|(id, _)| self.make_models.get(id))
            .flatten()
            .filter_map(|model| self.model_names.get(model).cloned())
            .collect();
        sort_names(&mut models);
        models
    }
}

/// Sorted case-insensitively, duplicates (same name, any case) removed.
fn sort_names(names: &mut Vec<String>) {
    names.sort_by_cached_key(|n| (n.to_lowercase(), n.clone()));
    names.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
}

fn pairs(conn: &Connection, sql: &str) -> Result<Vec<(i64, i64)>, DecodeError> {
    let mut stmt = conn.prepare(sql)?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A lookup table (`Id`, `Name`) as a map; `table` is a name written in this module.
fn names(conn: &Connection, table: &str) -> Result<HashMap<i64, String>, DecodeError> {
    let mut stmt = conn.prepare(&format!("SELECT Id, Name FROM {table}"))?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get::<_, String>(1)?.trim().to_owned())))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
