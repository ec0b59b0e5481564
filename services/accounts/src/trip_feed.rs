//! What accounts keeps from trips: a review made public (`trips.review_published`) becomes a
//! review on the reviewed user's profile (`guestReviews/getReviews`), and a guest's review also
//! moves the host card's rating; a checkout (`trips.trip_checked_out`) counts a trip for the
//! host card and one for the guest's tier. Each event is applied once (the consumer ledger, and
//! the review's own id).

use crate::store::users::{self, TripReview};
use chrono::{DateTime, Utc};
use diesel_async::AsyncPgConnection;
use upcar_events::{Envelope, IntegrationEvent};
use upcar_proto::events::{TripCheckedOut, TripReviewPublished};
use upcar_proto::trips::TripRole;
use uuid::Uuid;

/// Routing keys of this module.
pub const ROUTING_KEYS: [&str; 2] = [TripReviewPublished::ROUTING_KEY, TripCheckedOut::ROUTING_KEY];

/// Why an event cannot be applied (logged and dropped).
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BadEvent {
    #[error("undecodable payload")]
    Decode,
    #[error("invalid {0}")]
    Field(&'static str),
}

fn uuid(s: &str, field: &'static str) -> Result<Uuid, BadEvent> {
    s.trim().parse().map_err(|_| BadEvent::Field(field))
}

/// A published review as the reviewed user's profile shows it.
#[derive(Debug, PartialEq)]
pub struct ProfileReview {
    pub id: Uuid,
    pub trip_id: Uuid,
    pub user_id: Uuid,
    pub from_user_id: Uuid,
    pub author_role: &'static str,
    pub written_at: DateTime<Utc>,
}

/// Reads a published review: a guest's is about the car's owner, a host's about the guest.
pub fn review_of(m: &TripReviewPublished) -> Result<ProfileReview, BadEvent> {
    let (author_role, user_id) = match m.author_role() {
        TripRole::Guest => ("guest", uuid(&m.owner_id, "owner_id")?),
        TripRole::Host => ("host", uuid(&m.guest_id, "guest_id")?),
        TripRole::Unspecified
        | TripRole::Cohost
        | TripRole::Admin
        | TripRole::Driver
        | TripRole::System => return Err(BadEvent::Field("author_role")),
    };
    if !(1..=5).contains(&m.stars) {
        return Err(BadEvent::Field("stars"));
    }
    Ok(ProfileReview {
        id: uuid(&m.review_id, "review_id")?,
        trip_id: uuid(&m.trip_id, "trip_id")?,
        user_id,
        from_user_id: uuid(&m.author_id, "author_id")?,
        author_role,
        written_at: DateTime::parse_from_rfc3339(&m.written_at)
            .map_err(|_| BadEvent::Field("written_at"))?
            .with_timezone(&Utc),
    })
}

async fn review(conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
    let m: TripReviewPublished = match event.decode() {
        Ok(m) => m,
        Err(_) => return drop_event(event, &BadEvent::Decode),
    };
    let r = match review_of(&m) {
        Ok(r) => r,
        Err(e) => return drop_event(event, &e),
    };
    if users::by_id(conn, r.user_id).await?.is_none() {
        tracing::warn!(event_id = %event.id, user = %r.user_id, "review of an unknown account");
        return Ok(());
    }
    let added = users::record_trip_review(
        conn,
        &TripReview {
            id: r.id,
            trip_id: r.trip_id,
            user_id: r.user_id,
            from_user_id: r.from_user_id,
            from_user_name: &m.author_name,
            author_role: r.author_role,
            stars: m.stars,
            review: &m.review,
            written_at: r.written_at,
        },
    )
    .await?;
    tracing::info!(event_id = %event.id, user = %r.user_id, added, "trip review on profile");
    Ok(())
}

async fn checkout(conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
    let m: TripCheckedOut = match event.decode() {
        Ok(m) => m,
        Err(_) => return drop_event(event, &BadEvent::Decode),
    };
    let (host, guest) = match (uuid(&m.owner_id, "owner_id"), uuid(&m.guest_id, "guest_id")) {
        (Ok(h), Ok(g)) => (h, g),
        (Err(e), _) | (_, Err(e)) => return drop_event(event, &e),
    };
    let n = users::count_completed_trip(conn, host, guest).await?;
    tracing::info!(event_id = %event.id, %host, %guest, updated = n, "completed trip counted");
    Ok(())
}

fn drop_event(event: &Envelope, e: &BadEvent) -> anyhow::Result<()> {
    tracing::error!(event_id = %event.id, event_type = %event.event_type, error = %e, "dropping an event that cannot be applied");
    Ok(())
}

/// Applies one of [`ROUTING_KEYS`]' events.
pub async fn apply(conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
    if event.event_type == TripReviewPublished::ROUTING_KEY {
        review(conn, event).await
    } else {
        checkout(conn, event).await
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn published(role: TripRole) -> TripReviewPublished {
        TripReviewPublished {
            review_id: Uuid::now_v7().to_string(),
            trip_id: Uuid::now_v7().to_string(),
            car_id: Uuid::now_v7().to_string(),
            owner_id: Uuid::now_v7().to_string(),
            guest_id: Uuid::now_v7().to_string(),
            author_role: role as i32,
            author_id: Uuid::now_v7().to_string(),
            author_name: "Ana G.".into(),
            stars: 5,
            written_at: "2026-11-20T10:00:00Z".into(),
            ..Default::default()
        }
    }

    #[test]
    fn a_guest_reviews_the_owner_and_a_host_the_guest() {
        let g = published(TripRole::Guest);
        assert_eq!(review_of(&g).unwrap().user_id.to_string(), g.owner_id);
        assert_eq!(review_of(&g).unwrap().author_role, "guest");
        let h = published(TripRole::Host);
        assert_eq!(review_of(&h).unwrap().user_id.to_string(), h.guest_id);
        assert_eq!(review_of(&h).unwrap().from_user_id.to_string(), h.author_id);
    }

    #[test]
    fn what_cannot_be_applied_says_why() {
        let cases = [
            (
                TripReviewPublished {
                    author_role: TripRole::Admin as i32,
                    ..published(TripRole::Guest)
                },
                "author_role",
            ),
            (TripReviewPublished { stars: 0, ..published(TripRole::Guest) }, "stars"),
            (
                TripReviewPublished { owner_id: "x".into(), ..published(TripRole::Guest) },
                "owner_id",
            ),
            (TripReviewPublished { guest_id: "x".into(), ..published(TripRole::Host) }, "guest_id"),
            (
                TripReviewPublished { written_at: "".into(), ..published(TripRole::Host) },
                "written_at",
            ),
        ];
        for (m, field) in cases {
            assert_eq!(review_of(&m), Err(BadEvent::Field(field)));
        }
    }
}
