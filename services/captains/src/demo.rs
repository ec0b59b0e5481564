//! Development data: the demo captain's dispatch profile (accounts holds the account,
//! `captain@demo.local`). Their tasks come from the demo delivery trips trips loads, through
//! the same events and code as any booking. Loading is idempotent.

use crate::state::AppState;
use crate::store::{self, CaptainRow};
use uuid::Uuid;

/// The demo captain's account id (accounts' demo data).
pub const DEMO_CAPTAIN: Uuid = Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0004);

/// Writes the demo captain's profile: based in Fremont, working 6 AM to 10 PM.
pub async fn load(state: &AppState) -> anyhow::Result<()> {
    let mut conn = state.pool.get().await?;
    store::upsert_captain(
        &mut conn,
        &CaptainRow {
            id: DEMO_CAPTAIN,
            first_name: "Casey".to_owned(),
            base_latitude: 37.5485,
            base_longitude: -121.9886,
            time_zone: "America/Los_Angeles".to_owned(),
            shift_start_minute: 6 * 60,
            shift_end_minute: 22 * 60,
        },
    )
    .await?;
    Ok(())
}
