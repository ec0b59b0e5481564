//! What the consumer takes from the broker, as events to store: the ingested batches
//! (`activity.events_received`) and the funnel's server-side steps, which the services that
//! see them publish through their outboxes: `accounts.user_signed_up` (registration),
//! `catalog.car_viewed`, `trips.booking_started` and `trips.trip_booked`. A server event's id is
//! its integration event's id, so a redelivery is stored once.

use crate::domain::catalogue::{Source, known};
use crate::store::write::NewActivity;
use chrono::{DateTime, Utc};
use prost::Message;
use serde_json::json;
use upcar_events::IntegrationEvent;
use upcar_proto::events::{
    ActivityEventsReceived, BookingStarted, CarViewed, ReceivedActivity, TripBooked, UserSignedUp,
};
use uuid::Uuid;

/// The routing keys this service's queue binds.
pub fn routing_keys() -> Vec<String> {
    [
        ActivityEventsReceived::ROUTING_KEY,
        UserSignedUp::ROUTING_KEY,
        CarViewed::ROUTING_KEY,
        BookingStarted::ROUTING_KEY,
        TripBooked::ROUTING_KEY,
    ]
    .iter()
    .map(|k| (*k).to_owned())
    .collect()
}

fn time(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s).ok().map(|t| t.with_timezone(&Utc))
}

fn user(s: &str) -> Option<Uuid> {
    s.trim().parse().ok()
}

/// The events one broker message carries; an empty list for a message that cannot be read
/// (logged: redelivering it would not make it readable).
pub fn activities_of(
    routing_key: &str,
    message_id: Option<&str>,
    payload: &[u8],
) -> Vec<NewActivity> {
    let read = match routing_key {
        k if k == ActivityEventsReceived::ROUTING_KEY => ActivityEventsReceived::decode(payload)
            .map(|b| b.events.into_iter().filter_map(client_activity).collect())
            .map_err(anyhow::Error::from),
        _ => server_activity(routing_key, message_id, payload).map(|a| a.into_iter().collect()),
    };
    match read {
        Ok(v) => v,
        Err(e) => {
            tracing::error!(routing_key, message_id, error = %e, "dropping an unreadable activity message");
            Vec::new()
        }
    }
}

fn client_activity(e: ReceivedActivity) -> Option<NewActivity> {
    let (Some(occurred_at), Some(received_at)) = (time(&e.occurred_at), time(&e.received_at))
    else {
        tracing::error!(event_id = %e.event_id, "dropping an event without its times");
        return None;
    };
    Some(NewActivity {
        event_id: e.event_id,
        scope: e.scope,
        user_id: user(&e.user_id),
        session_id: Some(e.session_id).filter(|s| !s.is_empty()),
        activity_type: e.activity_type,
        category: e.activity_category,
        source: Source::Client,
        metadata: serde_json::from_str(&e.metadata_json).unwrap_or_else(|_| json!({})),
        occurred_at,
        client_time: time(&e.client_time),
        sent_at: time(&e.sent_at),
        received_at,
    })
}

/// A server-side step: what happened, who did it (if signed in), when, and its details.
fn server_activity(
    routing_key: &str,
    message_id: Option<&str>,
    payload: &[u8],
) -> anyhow::Result<Option<NewActivity>> {
    let (activity_type, user_id, occurred_at, metadata) = match routing_key {
        k if k == UserSignedUp::ROUTING_KEY => {
            let e = UserSignedUp::decode(payload)?;
            (
                "registration",
                e.user_id,
                e.occurred_at,
                json!({"isProfessionalUser": e.is_professional_user}),
            )
        }
        k if k == CarViewed::ROUTING_KEY => {
            let e = CarViewed::decode(payload)?;
            (
                "car_viewed",
                e.user_id,
                e.occurred_at,
                json!({"carId": e.car_id, "ownerId": e.owner_id}),
            )
        }
        k if k == BookingStarted::ROUTING_KEY => {
            let e = BookingStarted::decode(payload)?;
            ("booking_started", e.user_id, e.occurred_at, json!({"carId": e.car_id}))
        }
        k if k == TripBooked::ROUTING_KEY => {
            let e = TripBooked::decode(payload)?;
            let instant = e.status() == upcar_proto::trips::TripStatus::Confirmed;
            (
                "trip_booked",
                e.guest_id,
                e.occurred_at,
                json!({
                    "tripId": e.trip_id,
                    "carId": e.car_id,
                    // Booked at once (instant) or waiting for the host's answer.
                    "instant": instant,
                }),
            )
        }
        other => anyhow::bail!("no activity is recorded for {other}"),
    };
    let id = message_id
        .filter(|m| !m.is_empty())
        .ok_or_else(|| anyhow::anyhow!("event without an id"))?;
    // The event's own time dates it on every delivery (the id seen needs a stable date).
    let at = time(&occurred_at).ok_or_else(|| anyhow::anyhow!("event without a valid time"))?;
    let category = known(activity_type).map_or("other", |t| t.category);
    Ok(Some(NewActivity {
        event_id: id.to_owned(),
        scope: "server".to_owned(),
        user_id: user(&user_id),
        session_id: None,
        activity_type: activity_type.to_owned(),
        category: category.to_owned(),
        source: Source::Server,
        metadata,
        occurred_at: at,
        client_time: None,
        sent_at: None,
        received_at: at,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_steps_become_events_of_their_type_and_user() {
        let booked = TripBooked {
            trip_id: "t".into(),
            car_id: "c".into(),
            guest_id: "0194a000-0000-7000-8000-000000000001".into(),
            occurred_at: "2026-11-28T10:00:00Z".into(),
            ..Default::default()
        };
        let got = activities_of("trips.trip_booked", Some("e-1"), &booked.encode_to_vec());
        assert_eq!(got.len(), 1);
        assert_eq!(
            (got[0].activity_type.as_str(), got[0].category.as_str()),
            ("trip_booked", "booking")
        );
        assert_eq!(
            got[0].user_id.map(|u| u.to_string()).as_deref(),
            Some(booked.guest_id.as_str())
        );
        assert_eq!((got[0].scope.as_str(), got[0].event_id.as_str()), ("server", "e-1"));
        assert_eq!(got[0].metadata["instant"], false, "a request waits for the host");
        let instant = TripBooked {
            status: upcar_proto::trips::TripStatus::Confirmed as i32,
            ..booked.clone()
        };
        let got = activities_of("trips.trip_booked", Some("e-2"), &instant.encode_to_vec());
        assert_eq!(got[0].metadata["instant"], true);
        let viewed = CarViewed {
            car_id: "c".into(),
            occurred_at: "2026-11-28T10:00:00Z".into(),
            ..Default::default()
        };
        let got = activities_of("catalog.car_viewed", Some("e-2"), &viewed.encode_to_vec());
        assert_eq!(got[0].user_id, None, "an anonymous view");
        // Unreadable: dropped, not redelivered forever.
        assert!(activities_of("catalog.car_viewed", None, &viewed.encode_to_vec()).is_empty());
        assert!(activities_of("trips.trip_booked", Some("e-3"), b"\xff\xff").is_empty());
    }
}
