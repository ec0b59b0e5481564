//! The gazetteer shipped with the service: US cities, airports and hotels read from the CSV
//! files in `data/places/` (with the `csv` crate, into typed rows), and the in-memory lookup
//! the phrase parser asks.

use std::collections::HashMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::places::{Place, PlaceKind, PlaceLookup};

/// The bundled gazetteer files.
pub const CITIES_CSV: &str = include_str!("../../../data/places/cities.csv");
pub const AIRPORTS_CSV: &str = include_str!("../../../data/places/airports.csv");
pub const HOTELS_CSV: &str = include_str!("../../../data/places/hotels.csv");

/// A row of `cities.csv`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct CityRecord {
    pub name: String,
    pub state: String,
    pub state_code: String,
    pub latitude: f64,
    pub longitude: f64,
    pub population: u64,
}

/// A row of `airports.csv`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct AirportRecord {
    pub iata: String,
    pub name: String,
    pub city: String,
    pub state_code: String,
    pub latitude: f64,
    pub longitude: f64,
}

/// A row of `hotels.csv`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct HotelRecord {
    pub name: String,
    pub city: String,
    pub state_code: String,
    pub latitude: f64,
    pub longitude: f64,
}

/// A gazetteer file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file} line {line}: {reason}")]
pub struct DataError {
    pub file: &'static str,
    pub line: usize,
    pub reason: String,
}

/// A row of one of the files: its file, its header, and what must hold beyond the types of
/// its fields.
trait Row: DeserializeOwned {
    const FILE: &'static str;
    const HEADER: &'static [&'static str];
    /// Why the row is unusable, if it is.
    fn problem(&self) -> Option<String>;
}

impl Row for CityRecord {
    const FILE: &'static str = "cities.csv";
    const HEADER: &'static [&'static str] =
        &["name", "state", "state_code", "latitude", "longitude", "population"];
    fn problem(&self) -> Option<String> {
        empty(&[&self.name, &self.state, &self.state_code])
            .or_else(|| out_of_range(self.latitude, self.longitude))
    }
}

impl Row for AirportRecord {
    const FILE: &'static str = "airports.csv";
    const HEADER: &'static [&'static str] =
        &["iata", "name", "city", "state_code", "latitude", "longitude"];
    fn problem(&self) -> Option<String> {
        if self.iata.len() != 3 || !self.iata.bytes().all(|b| b.is_ascii_uppercase()) {
            return Some(format!("bad IATA code {:?}", self.iata));
        }
        empty(&[&self.name, &self.city, &self.state_code])
            .or_else(|| out_of_range(self.latitude, self.longitude))
    }
}

impl Row for HotelRecord {
    const FILE: &'static str = "hotels.csv";
    const HEADER: &'static [&'static str] =
        &["name", "city", "state_code", "latitude", "longitude"];
    fn problem(&self) -> Option<String> {
        empty(&[&self.name, &self.city, &self.state_code])
            .or_else(|| out_of_range(self.latitude, self.longitude))
    }
}

fn empty(fields: &[&str]) -> Option<String> {
    fields.iter().any(|f| f.is_empty()).then(|| "empty field".to_owned())
}

fn out_of_range(lat: f64, lon: f64) -> Option<String> {
    let ok = (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lon);
    (!ok).then(|| format!("coordinates out of range: {lat}, {lon}"))
}

/// Parses `cities.csv`.
pub fn parse_cities(text: &str) -> Result<Vec<CityRecord>, DataError> {
    read(text)
}

/// Parses `airports.csv`.
pub fn parse_airports(text: &str) -> Result<Vec<AirportRecord>, DataError> {
    read(text)
}

/// Parses `hotels.csv`.
pub fn parse_hotels(text: &str) -> Result<Vec<HotelRecord>, DataError> {
    read(text)
}

/// The rows of one file, after checking its header; fields are trimmed, blank lines skipped,
/// and an error names the file and its 1-based line.
fn read<T: Row>(text: &str) -> Result<Vec<T>, DataError> {
    let error = |line: u64, reason: String| DataError {
        file: T::FILE,
        line: usize::try_from(line).unwrap_or(usize::MAX),
        reason,
    };
    let csv_error =
        |e: csv::Error| error(e.position().map_or(1, csv::Position::line), e.to_string());
    let mut reader = csv::ReaderBuilder::new().trim(csv::Trim::All).from_reader(text.as_bytes());
    let header = reader.headers().map_err(csv_error)?.clone();
    if !header.iter().eq(T::HEADER.iter().copied()) {
        let found: Vec<&str> = header.iter().collect();
        return Err(error(1, format!("header is {found:?}, expected {:?}", T::HEADER)));
    }
    reader
        .records()
        .map(|record| {
            let record = record.map_err(csv_error)?;
            let line = record.position().map_or(0, csv::Position::line);
            let row: T =
                record.deserialize(Some(&header)).map_err(|e| error(line, e.to_string()))?;
            match row.problem() {
                Some(reason) => Err(error(line, reason)),
                None => Ok(row),
            }
        })
        .collect()
}

/// Short names people use for cities: (alias, city, state code).
const CITY_ALIASES: &[(&str, &str, &str)] = &[
    ("la", "Los Angeles", "CA"),
    ("l.a.", "Los Angeles", "CA"),
    ("sf", "San Francisco", "CA"),
    ("san fran", "San Francisco", "CA"),
    ("nyc", "New York", "NY"),
    ("new york city", "New York", "NY"),
    ("manhattan", "New York", "NY"),
    ("vegas", "Las Vegas", "NV"),
    ("philly", "Philadelphia", "PA"),
    ("dc", "Washington", "DC"),
    ("washington dc", "Washington", "DC"),
    ("nola", "New Orleans", "LA"),
    ("st paul", "St. Paul", "MN"),
];

/// IATA codes that are also common words or date words; they match only in upper case.
const WORDLIKE_CODES: &[&str] = &[
    "san", "las", "sat", "far", "sea", "den", "pit", "lit", "pie", "fat", "mia", "ind", "aus",
    "cos", "isp", "boi", "oma", "grr", "jac",
];

/// The places of `data/places/`, matched by exact (normalised) name: IATA codes, airport
/// names, hotel names, city names with or without their state, and a few aliases.
#[derive(Debug, Clone, Default)]
pub struct InMemoryGazetteer {
    codes: HashMap<String, Place>,
    names: HashMap<String, Place>,
}

impl InMemoryGazetteer {
    /// The gazetteer built from the CSV files shipped with the crate.
    pub fn bundled() -> Result<Self, DataError> {
        Ok(Self::from_records(
            &parse_cities(CITIES_CSV)?,
            &parse_airports(AIRPORTS_CSV)?,
            &parse_hotels(HOTELS_CSV)?,
        ))
    }

    /// A gazetteer over the given rows. When two places share a name, aliases win over
    /// airports, airports over hotels, hotels over cities, and a more populous city over a
    /// less populous one.
    pub fn from_records(
        cities: &[CityRecord],
        airports: &[AirportRecord],
        hotels: &[HotelRecord],
    ) -> Self {
        let mut names = HashMap::new();
        let mut codes = HashMap::new();

        for &(alias, city, state) in CITY_ALIASES {
            if let Some(c) = cities.iter().find(|c| c.name == city && c.state_code == state) {
                insert(&mut names, normalize_name(alias), &city_place(c));
            }
        }

        for a in airports {
            let place = airport_place(a);
            codes.entry(a.iata.to_ascii_uppercase()).or_insert_with(|| place.clone());
            let name = normalize_name(&a.name);
            if let Some(short) = name.strip_suffix(" airport") {
                insert(&mut names, short.to_owned(), &place);
            }
            insert(&mut names, name, &place);
            insert(&mut names, format!("{} airport", a.iata.to_ascii_lowercase()), &place);
            insert(&mut names, format!("{} airport", normalize_name(&a.city)), &place);
        }

        for h in hotels {
            let place = hotel_place(h);
            let name = normalize_name(&h.name);
            if let Some(short) = name.strip_prefix("the ") {
                insert(&mut names, short.to_owned(), &place);
            }
            insert(&mut names, name, &place);
        }

        let mut by_population: Vec<&CityRecord> = cities.iter().collect();
        by_population.sort_by(|a, b| {
            b.population
                .cmp(&a.population)
                .then_with(|| a.name.cmp(&b.name))
                .then_with(|| a.state_code.cmp(&b.state_code))
        });
        for c in by_population {
            let place = city_place(c);
            let name = normalize_name(&c.name);
            insert(&mut names, format!("{name} {}", normalize_name(&c.state_code)), &place);
            insert(&mut names, format!("{name} {}", normalize_name(&c.state)), &place);
            insert(&mut names, name, &place);
        }

        Self { codes, names }
    }

    /// How many distinct names (including aliases and variants) are known.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether nothing is known.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty() && self.codes.is_empty()
    }
}

impl PlaceLookup for InMemoryGazetteer {
    fn find(&self, text: &str) -> Option<Place> {
        let raw = text.trim().trim_matches(|c: char| !c.is_alphanumeric());
        if raw.len() == 3 && raw.bytes().all(|b| b.is_ascii_alphabetic()) {
            let upper = raw.to_ascii_uppercase();
            if let Some(place) = self.codes.get(&upper) {
                let lower = raw.to_ascii_lowercase();
                if raw == upper || !WORDLIKE_CODES.contains(&lower.as_str()) {
                    return Some(place.clone());
                }
            }
        }
        let key = normalize_name(raw);
        let key = key.strip_prefix("the ").unwrap_or(&key);
        self.names.get(key).cloned()
    }
}

fn insert(names: &mut HashMap<String, Place>, key: String, place: &Place) {
    if !key.is_empty() {
        names.entry(key).or_insert_with(|| place.clone());
    }
}

fn city_place(c: &CityRecord) -> Place {
    Place {
        name: c.name.clone(),
        kind: PlaceKind::City,
        latitude: c.latitude,
        longitude: c.longitude,
        formatted_address: format!("{}, {}", c.name, c.state_code),
    }
}

fn airport_place(a: &AirportRecord) -> Place {
    Place {
        name: a.name.clone(),
        kind: PlaceKind::Airport,
        latitude: a.latitude,
        longitude: a.longitude,
        formatted_address: format!("{} ({}), {}, {}", a.name, a.iata, a.city, a.state_code),
    }
}

fn hotel_place(h: &HotelRecord) -> Place {
    Place {
        name: h.name.clone(),
        kind: PlaceKind::Hotel,
        latitude: h.latitude,
        longitude: h.longitude,
        formatted_address: format!("{}, {}, {}", h.name, h.city, h.state_code),
    }
}

/// Lower case, `&` as "and", apostrophes and dots dropped, other punctuation as spaces,
/// single spaces, and "saint"/"ft"/"mt" spelled "st"/"fort"/"mount".
fn normalize_name(s: &str) -> String {
    let mut cleaned = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_alphanumeric() {
            cleaned.extend(c.to_lowercase());
        } else if c == '&' {
            cleaned.push_str(" and ");
        } else if !matches!(c, '\'' | '\u{2019}' | '.') {
            cleaned.push(' ');
        }
    }
    cleaned
        .split_whitespace()
        .map(|w| match w {
            "saint" => "st",
            "ft" => "fort",
            "mt" => "mount",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::search_params::tests::gazetteer;
    use crate::domain::search_params::{DEFAULT_LATITUDE, DEFAULT_LONGITUDE};
    use std::collections::HashSet;

    const FREMONT: &str = "Fremont, CA";
    const SFO: &str = "San Francisco International Airport (SFO), San Francisco, CA";

    #[test]
    fn gazetteer_finds_codes_names_and_cities() {
        let g = gazetteer();
        let addr = |text: &str| g.find(text).map(|p| p.formatted_address);
        let kind = |text: &str| g.find(text).map(|p| p.kind);

        assert_eq!(addr("SFO").as_deref(), Some(SFO));
        assert_eq!(addr("sfo").as_deref(), Some(SFO));
        assert_eq!(kind("SFO"), Some(PlaceKind::Airport));
        assert_eq!(addr("San Francisco International").as_deref(), Some(SFO));
        assert_eq!(addr("San Francisco International Airport").as_deref(), Some(SFO));
        assert_eq!(addr("sfo airport").as_deref(), Some(SFO));

        let fremont = g.find("fremont").unwrap();
        assert_eq!(fremont, Place::default_place());
        assert_eq!(addr("fremont ca").as_deref(), Some(FREMONT));
        assert_eq!(addr("Fremont, California").as_deref(), Some(FREMONT));
        assert_eq!(addr("los angeles ca").as_deref(), Some("Los Angeles, CA"));
        assert_eq!(addr("Los Angeles, CA").as_deref(), Some("Los Angeles, CA"));
        assert_eq!(addr("LA").as_deref(), Some("Los Angeles, CA"));
        assert_eq!(addr("L.A.").as_deref(), Some("Los Angeles, CA"));
        assert_eq!(addr("SF").as_deref(), Some("San Francisco, CA"));
        assert_eq!(addr("NYC").as_deref(), Some("New York, NY"));
        assert_eq!(addr("Saint Louis").as_deref(), Some("St. Louis, MO"));
        assert_eq!(addr("Winston Salem").as_deref(), Some("Winston-Salem, NC"));

        // The most populous city of a name.
        assert_eq!(addr("portland").as_deref(), Some("Portland, OR"));
        assert_eq!(addr("Portland ME").as_deref(), Some("Portland, ME"));
        assert_eq!(addr("springfield").as_deref(), Some("Springfield, MO"));
        assert_eq!(addr("Springfield, IL").as_deref(), Some("Springfield, IL"));

        // Hotels, with or without "The".
        assert_eq!(kind("The Westin St. Francis"), Some(PlaceKind::Hotel));
        assert_eq!(kind("westin st francis"), Some(PlaceKind::Hotel));

        // Word-like codes only in capitals.
        assert_eq!(g.find("san"), None);
        assert_eq!(g.find("sat"), None);
        assert_eq!(
            addr("SAN").as_deref(),
            Some("San Diego International Airport (SAN), San Diego, CA")
        );
        assert_eq!(
            addr("oak").as_deref(),
            Some("Oakland International Airport (OAK), Oakland, CA")
        );

        assert_eq!(g.find("flurble"), None);
        assert_eq!(g.find(""), None);
        assert_eq!(g.find("the"), None);
        assert_eq!(g.find("ca"), None);
    }

    // --- data files -------------------------------------------------------------------

    /// Contiguous United States, as the product's map bounds.
    fn in_us_box(lat: f64, lon: f64) -> bool {
        (24.0..=49.0).contains(&lat) && (-125.0..=-66.9).contains(&lon)
    }

    /// Alaska and Hawaii lie outside the contiguous box; they are allowed.
    fn outside_box_allowed(state_code: &str) -> bool {
        matches!(state_code, "AK" | "HI")
    }

    /// Latitude and longitude are written with exactly four decimals.
    fn four_decimals(text: &str, lat_col: usize, lon_col: usize) {
        for record in csv::Reader::from_reader(text.as_bytes()).records() {
            let record = record.unwrap();
            for v in [&record[lat_col], &record[lon_col]] {
                let decimals = v.split_once('.').map(|(_, d)| d.len());
                assert_eq!(decimals, Some(4), "{record:?}");
            }
        }
    }

    #[test]
    fn data_files_parse_and_meet_the_minimums() {
        let cities = parse_cities(CITIES_CSV).unwrap();
        let airports = parse_airports(AIRPORTS_CSV).unwrap();
        let hotels = parse_hotels(HOTELS_CSV).unwrap();
        assert!(cities.len() >= 300, "{} cities", cities.len());
        assert!(airports.len() >= 80, "{} airports", airports.len());
        assert!(hotels.len() >= 55, "{} hotels", hotels.len());

        four_decimals(CITIES_CSV, 3, 4);
        four_decimals(AIRPORTS_CSV, 4, 5);
        four_decimals(HOTELS_CSV, 3, 4);

        for c in &cities {
            assert!(
                in_us_box(c.latitude, c.longitude) || outside_box_allowed(&c.state_code),
                "{c:?}"
            );
            assert!(c.population > 0 && c.state_code.len() == 2, "{c:?}");
        }
        for a in &airports {
            assert!(
                in_us_box(a.latitude, a.longitude) || outside_box_allowed(&a.state_code),
                "{a:?}"
            );
        }
        for h in &hotels {
            assert!(
                in_us_box(h.latitude, h.longitude) || outside_box_allowed(&h.state_code),
                "{h:?}"
            );
        }

        let mut seen = HashSet::new();
        for c in &cities {
            assert!(seen.insert((c.name.as_str(), c.state_code.as_str())), "duplicate city {c:?}");
        }
        let mut seen = HashSet::new();
        for a in &airports {
            assert!(seen.insert(a.iata.as_str()), "duplicate airport {a:?}");
        }
        let mut seen = HashSet::new();
        for h in &hotels {
            assert!(seen.insert(h.name.as_str()), "duplicate hotel {h:?}");
        }

        // Every state (and DC) has at least its largest city.
        let states: HashSet<&str> = cities.iter().map(|c| c.state_code.as_str()).collect();
        assert_eq!(states.len(), 51, "{states:?}");
        let state_names: HashSet<(&str, &str)> =
            cities.iter().map(|c| (c.state_code.as_str(), c.state.as_str())).collect();
        assert_eq!(state_names.len(), 51, "one name per state code");

        // The 300 most populous are the first 300 rows.
        assert!(cities.windows(2).all(|w| w[0].population >= w[1].population));

        for (iata, city) in [
            ("SFO", "San Francisco"),
            ("LAX", "Los Angeles"),
            ("OAK", "Oakland"),
            ("SJC", "San Jose"),
            ("JFK", "New York"),
        ] {
            assert!(airports.iter().any(|a| a.iata == iata && a.city == city), "{iata}");
        }
        for (name, state) in [
            ("Fremont", "CA"),
            ("San Francisco", "CA"),
            ("Los Angeles", "CA"),
            ("San Jose", "CA"),
            ("Oakland", "CA"),
        ] {
            assert!(cities.iter().any(|c| c.name == name && c.state_code == state), "{name}");
        }
        let fremont = cities.iter().find(|c| c.name == "Fremont").unwrap();
        assert_eq!((fremont.latitude, fremont.longitude), (DEFAULT_LATITUDE, DEFAULT_LONGITUDE));
        // Every city an airport or hotel is in names a state the cities file knows.
        for code in
            airports.iter().map(|a| &a.state_code).chain(hotels.iter().map(|h| &h.state_code))
        {
            assert!(states.contains(code.as_str()), "{code}");
        }
    }

    #[test]
    fn csv_reader_handles_quotes_and_reports_bad_rows() {
        let header = "name,city,state_code,latitude,longitude";
        let quoted = format!(
            "\u{feff}{header}\n\n\"The \"\"Grand\"\", Hotel\" , Reno ,NV,39.5000,-119.8000\r\n\n"
        );
        let hotels = parse_hotels(&quoted).unwrap();
        assert_eq!(hotels.len(), 1, "a byte-order mark and blank lines are skipped");
        assert_eq!(
            (hotels[0].name.as_str(), hotels[0].city.as_str()),
            (r#"The "Grand", Hotel"#, "Reno")
        );
        let err = parse_hotels(&format!("{header}\nX,Y,CA,1.0\n")).unwrap_err();
        assert_eq!((err.file, err.line), ("hotels.csv", 2), "too few fields");
        let err = parse_hotels(&format!("{header}\nX,Y,CA,1.0,2.0\n ,Y,CA,1.0,2.0\n")).unwrap_err();
        assert_eq!((err.line, err.reason.as_str()), (3, "empty field"));
        let err =
            parse_airports("iata,name,city,state_code,latitude,longitude\nsfo,S,SF,CA,1.0,2.0\n")
                .unwrap_err();
        assert!(err.reason.contains("IATA"), "{err}");
        let bad = "name,city,state_code,latitude,longitude\nX,Y,CA,abc,1.0\n";
        let err = parse_hotels(bad).unwrap_err();
        assert_eq!((err.file, err.line), ("hotels.csv", 2));
        assert!(parse_hotels("nope\n").is_err());
        assert!(
            parse_hotels("name,city,state_code,latitude,longitude\nX,Y,CA,95.0,1.0\n").is_err()
        );
    }
}
