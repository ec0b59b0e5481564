//! What trips publishes, through its outbox in the transaction of the change: the car's
//! availability (booked, rescheduled, cancelled), confirmations, and payment events. Each trip
//! event carries the trip's `version`, so consumers keep only the newest.

use crate::store::trips::TripRow;
use chrono::{DateTime, Utc};
use diesel_async::AsyncPgConnection;
use upcar_proto::events::{
    BookingStarted, PaymentAuthorized, PaymentFailed, PaymentMethodAdded, PaymentSettled,
    TripBooked, TripCancelled, TripCheckedIn, TripCheckedOut, TripConfirmed,
};

/// A guest asked to book a car (`trips/createTrip`), before the booking's checks: the
/// activity funnel's "booking started". A replayed request (same idempotency key) writes none.
pub async fn booking_started(
    conn: &mut AsyncPgConnection,
    user_id: uuid::Uuid,
    car_id: &str,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let e = BookingStarted {
        user_id: user_id.to_string(),
        car_id: car_id.to_owned(),
        occurred_at: at.to_rfc3339(),
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// The trip holds the car.
pub async fn booked(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let e = TripBooked {
        trip_id: t.id.to_string(),
        car_id: t.car_id.to_string(),
        guest_id: t.guest_id.to_string(),
        start_time: t.start_time.to_rfc3339(),
        end_time: t.end_time.to_rfc3339(),
        version: t.version,
        occurred_at: at.to_rfc3339(),
        owner_id: t.owner_id.to_string(),
        status: crate::api::convert::status(&t.status) as i32,
        pick_up: t.pick_up_location.as_ref().and_then(place),
        drop_off: t.drop_off_location.as_ref().and_then(place),
        time_zone: t.time_zone.clone(),
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// A stored handover place (`{latitude, longitude, address}`) as the events carry it.
fn place(v: &serde_json::Value) -> Option<upcar_proto::events::TripPlace> {
    Some(upcar_proto::events::TripPlace {
        latitude: v["latitude"].as_f64()?,
        longitude: v["longitude"].as_f64()?,
        address: v["address"].as_str().unwrap_or_default().to_owned(),
    })
}

/// The trip is confirmed.
pub async fn confirmed(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let e = TripConfirmed {
        trip_id: t.id.to_string(),
        car_id: t.car_id.to_string(),
        guest_id: t.guest_id.to_string(),
        owner_id: t.owner_id.to_string(),
        start_time: t.start_time.to_rfc3339(),
        end_time: t.end_time.to_rfc3339(),
        version: t.version,
        occurred_at: at.to_rfc3339(),
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// The trip no longer holds the car (cancelled or rejected).
pub async fn cancelled(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    cancelled_as(conn, t, false, at).await
}

/// A trip ended before its start; `unpaid`: by the platform, for a card refused and not
/// replaced.
pub async fn cancelled_as(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    unpaid: bool,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let e = TripCancelled {
        trip_id: t.id.to_string(),
        car_id: t.car_id.to_string(),
        version: t.version,
        occurred_at: at.to_rfc3339(),
        status: crate::api::convert::status(&t.status) as i32,
        owner_id: t.owner_id.to_string(),
        unpaid,
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// A hold was placed.
pub async fn authorized(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    provider: &str,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let e = PaymentAuthorized {
        trip_id: t.id.to_string(),
        guest_id: t.guest_id.to_string(),
        amount_cents: t.total_cents,
        provider: provider.to_owned(),
        occurred_at: at.to_rfc3339(),
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// The guest's card was refused when the trip's money was to be held; `pay_by` is the
/// deadline for another card.
pub async fn payment_failed(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    reason: &str,
    pay_by: DateTime<Utc>,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let e = PaymentFailed {
        trip_id: t.id.to_string(),
        guest_id: t.guest_id.to_string(),
        car_id: t.car_id.to_string(),
        amount_cents: t.total_cents,
        reason: reason.to_owned(),
        pay_by: pay_by.to_rfc3339(),
        start_time: t.start_time.to_rfc3339(),
        occurred_at: at.to_rfc3339(),
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// A hold was settled; `owner_earned` is what the car's owner (with co-hosts) earned of it.
pub async fn settled(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    captured: i64,
    released: i64,
    owner_earned: i64,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let e = PaymentSettled {
        trip_id: t.id.to_string(),
        guest_id: t.guest_id.to_string(),
        captured_cents: captured,
        released_cents: released,
        occurred_at: at.to_rfc3339(),
        owner_id: t.owner_id.to_string(),
        owner_earnings_cents: owner_earned,
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// The guest has the car.
pub async fn checked_in(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let e = TripCheckedIn {
        trip_id: t.id.to_string(),
        car_id: t.car_id.to_string(),
        version: t.version,
        occurred_at: at.to_rfc3339(),
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// The car is back.
pub async fn checked_out(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let e = TripCheckedOut {
        trip_id: t.id.to_string(),
        car_id: t.car_id.to_string(),
        version: t.version,
        occurred_at: at.to_rfc3339(),
        owner_id: t.owner_id.to_string(),
        guest_id: t.guest_id.to_string(),
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// An accepted modification moved (or repriced) the trip.
pub async fn rescheduled(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let e = upcar_proto::events::TripRescheduled {
        trip_id: t.id.to_string(),
        car_id: t.car_id.to_string(),
        start_time: t.start_time.to_rfc3339(),
        end_time: t.end_time.to_rfc3339(),
        version: t.version,
        occurred_at: at.to_rfc3339(),
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// The guest paid incidentals.
pub async fn incidentals_charged(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    amount_cents: i64,
    ids: Vec<String>,
    provider: &str,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let e = upcar_proto::events::IncidentalsCharged {
        trip_id: t.id.to_string(),
        guest_id: t.guest_id.to_string(),
        owner_id: t.owner_id.to_string(),
        amount_cents,
        incidental_ids: ids,
        provider: provider.to_owned(),
        occurred_at: at.to_rfc3339(),
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// The guest disputed incidentals (messaging opens a support ticket).
pub async fn incidentals_disputed(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    ids: &[uuid::Uuid],
    claims: Vec<String>,
    amount_cents: i64,
    reason: &str,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let e = upcar_proto::events::IncidentalsDisputed {
        trip_id: t.id.to_string(),
        guest_id: t.guest_id.to_string(),
        owner_id: t.owner_id.to_string(),
        incidental_ids: ids.iter().map(uuid::Uuid::to_string).collect(),
        claims,
        amount_cents,
        reason: reason.to_owned(),
        reservation_number: t.reservation_number.clone(),
        occurred_at: at.to_rfc3339(),
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// The guest invited an additional driver (the notifications consumer sends the email).
pub async fn driver_invited(
    conn: &mut AsyncPgConnection,
    e: upcar_proto::events::AdditionalDriverInvited,
) -> diesel::QueryResult<()> {
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// A card is on file for the user (accounts keeps `hasPaymentMethod`, which the tier and the
/// pre-booking checklist read).
pub async fn payment_method_added(
    conn: &mut AsyncPgConnection,
    user: uuid::Uuid,
    m: &crate::store::payments::MethodRow,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let e = PaymentMethodAdded {
        user_id: user.to_string(),
        payment_method_id: m.id.clone(),
        card_type: m.card_type.clone(),
        last4: m.last4.clone(),
        provider: m.provider.clone(),
        occurred_at: at.to_rfc3339(),
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}

/// A review of the trip became public.
pub async fn review_published(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    r: &crate::store::reviews::ReviewRow,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let categories = r
        .category_scores()
        .into_iter()
        .map(|(category, rating)| upcar_proto::events::ReviewCategoryScore { category, rating })
        .collect();
    let e = upcar_proto::events::TripReviewPublished {
        review_id: r.id.to_string(),
        trip_id: t.id.to_string(),
        car_id: t.car_id.to_string(),
        owner_id: t.owner_id.to_string(),
        guest_id: t.guest_id.to_string(),
        author_role: crate::api::convert::role(&r.author_role) as i32,
        author_id: r.author_id.to_string(),
        author_name: r.author_name.clone(),
        author_profile_pic: r.author_profile_pic.clone(),
        stars: r.stars,
        review: r.review.clone(),
        categories,
        written_at: r.created_at.to_rfc3339(),
        occurred_at: at.to_rfc3339(),
    };
    upcar_events::enqueue(conn, &e).await.map(|_| ())
}
