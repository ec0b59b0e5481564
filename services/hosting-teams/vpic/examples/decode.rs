//! Decodes VINs with the offline decoder and prints the details and the time each took.
//!
//! ```text
//! cargo run --release -p hosting-vpic --example decode -- "$(scripts/vpic-data.sh)" [--indexed DIR] VIN...
//! ```

use std::time::Instant;

use hosting_vpic::{OfflineDecoder, VinDecoder};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let db = args.next().ok_or("usage: decode DB [--indexed DIR] VIN...")?;
    let mut vins: Vec<String> = args.collect();
    let started = Instant::now();
    let decoder = if vins.first().map(String::as_str) == Some("--indexed") {
        let dir = vins.get(1).cloned().ok_or("--indexed needs a directory")?;
        vins.drain(..2);
        OfflineDecoder::open_indexed(&db, dir)?
    } else {
        OfflineDecoder::open(&db)?
    };
    println!("opened {} in {:?}", decoder.path().display(), started.elapsed());
    for vin in &vins {
        let started = Instant::now();
        let decoded = decoder.decode(vin).await?;
        println!("{vin} {:?} {decoded:?}", started.elapsed());
    }
    Ok(())
}
