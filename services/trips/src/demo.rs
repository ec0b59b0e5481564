//! Development data: the demo guest has a card on file (CONTRACT.md: "guest already verified:
//! email, licence, payment method"), and the demo rider has a delivery trip today and on each
//! of the next 7 days, whose booking events give the demo captain their tasks through the same
//! code as any booking (CONTRACT.md: "the demo captain has delivery and return tasks for today
//! and each of the next 7 days"). Loading is idempotent.

use crate::state::AppState;
use crate::store::payments::{self, MethodRow};
use uuid::Uuid;

/// The demo guest's account id (accounts' demo data).
pub const DEMO_GUEST: Uuid = Uuid::from_u128(0x01930000_0000_7000_8000_000000000003);

/// `rider@demo.local` (accounts' demo data): the guest of the demo delivery trips.
pub const DEMO_RIDER: Uuid = Uuid::from_u128(0x01930000_0000_7000_8000_000000000006);
/// The car of the demo delivery trips: demo car 19, a Jeep Wrangler in Fremont, and its host.
pub const DELIVERY_CAR: Uuid = Uuid::from_u128(0x0194_0000_0000_7000_8000_0000_0000_0013);
const DELIVERY_CAR_HOST: Uuid = Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0016);
/// Where the rider has the car brought and collected.
const RIDER_PLACE: (f64, f64, &str) = (37.5297, -122.0402, "5400 Mowry Ave, Newark, CA 94560");
const DEMO_TZ: chrono_tz::Tz = chrono_tz::America::Los_Angeles;

/// The id of the demo delivery trip of a date (stable, so loading twice adds nothing).
pub fn delivery_trip_id(date: chrono::NaiveDate) -> Uuid {
    use chrono::Datelike;
    let n = u128::from(date.year().unsigned_abs()) * 10_000
        + u128::from(date.month()) * 100
        + u128::from(date.day());
    Uuid::from_u128(0x0197_0000_0000_7000_8000_0000_0000_0000 + n)
}

/// Books the rider's delivery trips, 10 AM to 4 PM at the car, today and the next 7 days (those
/// missing), each published like any booking.
async fn delivery_trips(state: &AppState) -> anyhow::Result<usize> {
    use chrono::TimeZone;
    use diesel_async::AsyncConnection;
    let today = state.clock.now().with_timezone(&DEMO_TZ).date_naive();
    let mut conn = state.pool.get().await?;
    let mut added = 0;
    for d in 0..=7 {
        let date = today + chrono::Duration::days(d);
        let id = delivery_trip_id(date);
        if crate::store::trips::get(&mut conn, id, false).await?.is_some() {
            continue;
        }
        let at = |h: u32| {
            DEMO_TZ
                .from_local_datetime(&date.and_hms_opt(h, 0, 0).unwrap_or_default())
                .earliest()
                .map(|t| t.with_timezone(&chrono::Utc))
        };
        let (Some(start), Some(end)) = (at(10), at(16)) else { continue };
        let place = serde_json::json!({"latitude": RIDER_PLACE.0, "longitude": RIDER_PLACE.1, "address": RIDER_PLACE.2});
        let now = state.clock.now();
        let row = crate::store::trips::TripRow {
            id,
            car_id: DELIVERY_CAR,
            owner_id: DELIVERY_CAR_HOST,
            guest_id: DEMO_RIDER,
            status: "confirmed".to_owned(),
            start_time: start,
            end_time: end,
            time_zone: DEMO_TZ.name().to_owned(),
            quote_id: id,
            total_cents: 0,
            price_details: Vec::new(),
            extras: serde_json::json!([]),
            protection_plan_type: String::new(),
            pick_up_location: Some(place.clone()),
            drop_off_location: Some(place),
            message: "Demo delivery trip".to_owned(),
            cancel_reason: String::new(),
            reject_reason: String::new(),
            refund_cents: None,
            cancelled_at: None,
            reservation_number: format!("DEMO-{}", date.format("%Y%m%d")),
            version: 1,
            created_at: now,
            updated_at: now,
            checked_in_at: None,
            checked_out_at: None,
            min_driver_age: pricing_domain::policy::MIN_DRIVER_AGE as i32,
        };
        let booked = conn
            .transaction::<_, diesel::result::Error, _>(async |c| {
                crate::store::trips::insert(c, &row, None).await?;
                crate::events::booked(c, &row, now).await
            })
            .await;
        match booked {
            Ok(()) => added += 1,
            // Someone holds the car or the rider then (another replica loading, a real booking).
            Err(e) => tracing::warn!(%date, error = %e, "demo delivery trip not booked"),
        }
    }
    if added > 0 {
        state.relay.wake();
    }
    Ok(added)
}

/// Loads the demo guest's Visa test card unless they have a card, and the rider's delivery
/// trips.
pub async fn load(state: &AppState, with_delivery_trips: bool) -> anyhow::Result<()> {
    if with_delivery_trips {
        let trips = delivery_trips(state).await?;
        tracing::info!(trips, "demo delivery trips loaded");
    }
    let mut conn = state.pool.get().await?;
    if payments::primary(&mut conn, DEMO_GUEST).await?.is_some() {
        return Ok(());
    }
    let row = MethodRow {
        id: "pm_card_visa_demo_guest".to_owned(),
        user_id: DEMO_GUEST,
        provider: "local".to_owned(),
        card_type: "visa".to_owned(),
        last4: "4242".to_owned(),
        exp_month: 12,
        exp_year: 2030,
        billing: serde_json::json!({"street": "39650 Liberty St", "city": "Fremont", "state": "CA", "zip": "94538", "country": "US", "name": "Grace Guest"}),
    };
    payments::add_primary(&mut conn, &row).await?;
    Ok(())
}
