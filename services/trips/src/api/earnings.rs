//! What a trip earns its host and co-hosts: the split of a captured price (check-in posts it)
//! and the earnings still to come from trips confirmed and not started.

use crate::store::ledger;
use crate::store::trips::{self, TripRow, View};
use chrono::{DateTime, Utc};
use diesel_async::AsyncPgConnection;
use prost::Message;
use trips_domain::TripStatus;
use trips_domain::money::{TripMoney, owner_split};
use upcar_proto::pricing as ppb;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// The ledger split of a trip's price: (owner, platform, tax).
pub fn split(d: &ppb::PriceDetails) -> (i64, i64, i64) {
    owner_split(TripMoney {
        total_cents: d.final_price_cents,
        before_tax_cents: d.final_price_before_tax_cents,
        protection_cents: d
            .lines
            .iter()
            .filter(|l| l.kind == "protection")
            .map(|l| l.amount_cents)
            .sum(),
        tax_cents: d.tax_cents,
    })
}

/// Whether a trip is booked and its earnings not posted yet (they are at check-in).
fn to_come(t: &TripRow) -> bool {
    t.checked_in_at.is_none()
        && matches!(
            TripStatus::parse(&t.status),
            Some(TripStatus::Confirmed | TripStatus::ModificationPending)
        )
}

/// The caller's share of each trip to come of the cars they host or co-host, soonest first:
/// the owner's share of the trip's price as booked, split by the car's team as check-in will.
pub async fn upcoming(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    now: DateTime<Utc>,
) -> diesel::QueryResult<Vec<pb::UpcomingEarning>> {
    let mut out = Vec::new();
    for t in trips::list(conn, user, View::HostFuture, now).await?.into_iter().filter(to_come) {
        let Ok(d) = ppb::PriceDetails::decode(t.price_details.as_slice()) else { continue };
        let (owner, _, _) = split(&d);
        let entries = ledger::earning_entries(conn, t.car_id, t.owner_id, owner, "").await?;
        let amount_cents: i64 =
            entries.iter().filter(|e| e.user_id == Some(user)).map(|e| e.amount_cents).sum();
        if amount_cents == 0 {
            continue;
        }
        out.push(pb::UpcomingEarning {
            trip_id: t.id.to_string(),
            reservation_number: t.reservation_number,
            car_id: t.car_id.to_string(),
            start_time: t.start_time.to_rfc3339(),
            amount_cents,
        });
    }
    Ok(out)
}
