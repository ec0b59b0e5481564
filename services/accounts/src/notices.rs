//! Notifications of what happens to a user's trips and messages (the chat issue: booking
//! requested, confirmed, cancelled, modified, a new message while offline, check-in reminders),
//! by email, and also by SMS to a verified phone for what needs an answer soon (a request to
//! answer, a trip starting tomorrow). Each is sent once: a `notices` row keyed by what it is
//! about and to whom is written in the transaction that marks the event processed.

use crate::notify::{Channel, OutgoingMessage};
use crate::state::AppState;
use chrono::{DateTime, Duration, Utc};
use diesel::sql_types::{BigInt, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use redis::AsyncCommands;
use std::sync::Arc;
use upcar_events::{Envelope, IntegrationEvent};
use upcar_proto::captains::TaskStep;
use upcar_proto::events::{
    MessageSent, PaymentFailed, TaskStepRecorded, TripBooked, TripCancelled, TripCheckedIn,
    TripConfirmed, TripRescheduled,
};
use upcar_proto::trips::TripStatus;
use uuid::Uuid;

/// Routing keys of this module.
pub const ROUTING_KEYS: [&str; 8] = [
    TripBooked::ROUTING_KEY,
    TripConfirmed::ROUTING_KEY,
    TripCancelled::ROUTING_KEY,
    TripRescheduled::ROUTING_KEY,
    TripCheckedIn::ROUTING_KEY,
    MessageSent::ROUTING_KEY,
    TaskStepRecorded::ROUTING_KEY,
    PaymentFailed::ROUTING_KEY,
];

/// How long before a trip's start its guest is reminded to check in.
pub const REMINDER_BEFORE_HOURS: i64 = 24;
/// At most one "new message" notice per room and recipient in this many minutes.
pub const MESSAGE_NOTICE_WINDOW_MINUTES: i64 = 30;

/// One notice to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// What makes it once: `{kind}:{subject}:{user}`.
    pub key: String,
    pub user: Uuid,
    pub kind: &'static str,
    pub subject: String,
    pub body: String,
    /// Also by SMS to a verified phone.
    pub sms: bool,
}

fn notice(
    kind: &'static str,
    about: &str,
    user: Uuid,
    subject: &str,
    body: String,
    sms: bool,
) -> Notice {
    Notice {
        key: format!("{kind}:{about}:{user}"),
        user,
        kind,
        subject: subject.to_owned(),
        body,
        sms,
    }
}

fn day(t: DateTime<Utc>) -> String {
    t.format("%b %-d, %Y at %H:%M UTC").to_string()
}

fn uuid(s: &str) -> Option<Uuid> {
    s.trim().parse().ok()
}

fn time(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s.trim()).ok().map(|t| t.with_timezone(&Utc))
}

/// The notices of a booking (requested or instant): the host is told, and for an instant
/// booking the guest too.
pub fn booked_notices(
    trip: Uuid,
    guest: Uuid,
    host: Uuid,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    confirmed: bool,
) -> Vec<Notice> {
    let when = format!("from {} to {}", day(start), day(end));
    if confirmed {
        vec![
            notice(
                "booked",
                &trip.to_string(),
                host,
                "New booking",
                format!("Your car was booked {when}. See the trip in Upcar."),
                false,
            ),
            confirmed_notice(trip, guest, start),
        ]
    } else {
        vec![notice(
            "requested",
            &trip.to_string(),
            host,
            "New booking request",
            format!("A guest asked to book your car {when}. Accept or decline it in Upcar."),
            true,
        )]
    }
}

fn confirmed_notice(trip: Uuid, guest: Uuid, start: DateTime<Utc>) -> Notice {
    notice(
        "confirmed",
        &trip.to_string(),
        guest,
        "Your trip is confirmed",
        format!(
            "Your trip starting {} is confirmed. You can message your host in Upcar.",
            day(start)
        ),
        false,
    )
}

/// The guest's card was refused when the trip's money was to be held: by email and SMS, with
/// the deadline for another card.
pub fn payment_failed_notice(
    trip: Uuid,
    guest: Uuid,
    reason: &str,
    start: DateTime<Utc>,
    pay_by: DateTime<Utc>,
) -> Notice {
    notice(
        "payment_failed",
        &format!("{trip}:{}", pay_by.timestamp()),
        guest,
        "Action needed: your card was declined",
        format!(
            "We could not hold the payment for your trip starting {}: {} Add another card in Upcar by {} or the trip will be cancelled.",
            day(start),
            reason.trim(),
            day(pay_by)
        ),
        true,
    )
}

/// The guest's notice of a trip the platform cancelled because no card could be charged.
pub fn unpaid_notice(trip: Uuid, guest: Uuid, start: DateTime<Utc>) -> Notice {
    notice(
        "cancelled_unpaid",
        &trip.to_string(),
        guest,
        "Your trip was cancelled",
        format!(
            "Your trip starting {} was cancelled because your card was declined and no other card was added in time. Nothing was charged.",
            day(start)
        ),
        false,
    )
}

/// The notice of a cancellation or rejection, to the side that did not do it (none for a
/// status that ends no trip).
pub fn cancelled_notices(
    trip: Uuid,
    guest: Uuid,
    host: Uuid,
    status: TripStatus,
    start: DateTime<Utc>,
) -> Vec<Notice> {
    let about = trip.to_string();
    match status {
        TripStatus::Rejected => vec![notice(
            "cancelled",
            &about,
            guest,
            "Your booking request was declined",
            format!(
                "The host declined your request for the trip starting {}. Nothing was charged.",
                day(start)
            ),
            false,
        )],
        TripStatus::CancelledByGuest => vec![notice(
            "cancelled",
            &about,
            host,
            "A trip was cancelled",
            format!(
                "The guest cancelled the trip starting {}. Your car is available again.",
                day(start)
            ),
            false,
        )],
        TripStatus::CancelledByHost => vec![notice(
            "cancelled",
            &about,
            guest,
            "Your trip was cancelled",
            format!(
                "Your host cancelled the trip starting {}. Any refund due is on its way.",
                day(start)
            ),
            false,
        )],
        TripStatus::Unspecified
        | TripStatus::Requested
        | TripStatus::Confirmed
        | TripStatus::ModificationPending
        | TripStatus::InProgress
        | TripStatus::Completed => Vec::new(),
    }
}

/// The notices of new trip times, to both sides.
pub fn modified_notices(
    trip: Uuid,
    version: i64,
    guest: Uuid,
    host: Uuid,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> Vec<Notice> {
    let body = format!("The trip now runs from {} to {}.", day(start), day(end));
    [guest, host]
        .into_iter()
        .map(|u| {
            notice(
                "modified",
                &format!("{trip}:{version}"),
                u,
                "Your trip changed",
                body.clone(),
                false,
            )
        })
        .collect()
}

/// The notice of a new message to its recipient, at most one per room and window.
pub fn message_notice(
    room: Uuid,
    recipient: Uuid,
    sender_name: &str,
    preview: &str,
    at: DateTime<Utc>,
) -> Notice {
    let window = at.timestamp() / (MESSAGE_NOTICE_WINDOW_MINUTES * 60);
    let who = if sender_name.trim().is_empty() { "Someone" } else { sender_name.trim() };
    notice(
        "message",
        &format!("{room}:{window}"),
        recipient,
        &format!("New message from {who}"),
        format!("{who}: \"{preview}\" Reply in Upcar."),
        false,
    )
}

/// The guest's notice that the captain has the car and is on the way (a delivery's first
/// step), with the expected time at the car's place.
pub fn on_the_way_notice(
    task: Uuid,
    guest: Uuid,
    captain: &str,
    eta: Option<DateTime<Utc>>,
    tz: &str,
) -> Notice {
    let who = if captain.trim().is_empty() {
        "Your captain".to_owned()
    } else {
        format!("Your captain {}", captain.trim())
    };
    let when = match eta {
        Some(t) => {
            let zone: chrono_tz::Tz = tz.parse().unwrap_or(chrono_tz::America::Los_Angeles);
            format!(
                " and expects to reach you around {}",
                t.with_timezone(&zone).format("%-I:%M %p")
            )
        }
        None => String::new(),
    };
    notice(
        "captain_on_the_way",
        &task.to_string(),
        guest,
        "Your car is on the way",
        format!("{who} has picked up your car{when}. Follow the delivery on your trip page."),
        true,
    )
}

/// The check-in reminder of a trip starting soon.
pub fn reminder_notice(trip: Uuid, guest: Uuid, start: DateTime<Utc>) -> Notice {
    notice(
        "reminder",
        &trip.to_string(),
        guest,
        "Your trip starts soon",
        format!(
            "Your trip starts {}. At pick-up, check in with photos of the car's outside and inside within 30 minutes of the start.",
            day(start)
        ),
        true,
    )
}

#[derive(diesel::QueryableByName)]
struct Parties {
    #[diesel(sql_type = SqlUuid)]
    guest_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    host_id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    start_time: DateTime<Utc>,
}

async fn parties(conn: &mut AsyncPgConnection, trip: Uuid) -> diesel::QueryResult<Option<Parties>> {
    let rows: Vec<Parties> = diesel::sql_query(
        "SELECT guest_id, host_id, start_time FROM trip_notices WHERE trip_id = $1",
    )
    .bind::<SqlUuid, _>(trip)
    .load(conn)
    .await?;
    Ok(rows.into_iter().next())
}

/// A trip as notices need it.
struct KeptTrip<'a> {
    trip: Uuid,
    guest: Uuid,
    host: Uuid,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    state: &'a str,
    version: i64,
}

async fn keep_trip(conn: &mut AsyncPgConnection, t: KeptTrip<'_>) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO trip_notices AS t (trip_id, guest_id, host_id, start_time, end_time, state, version) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (trip_id) DO UPDATE SET \
           start_time = CASE WHEN t.version < EXCLUDED.version THEN EXCLUDED.start_time ELSE t.start_time END, \
           end_time = CASE WHEN t.version < EXCLUDED.version THEN EXCLUDED.end_time ELSE t.end_time END, \
           version = GREATEST(t.version, EXCLUDED.version), \
           state = CASE WHEN t.state = 'requested' THEN EXCLUDED.state ELSE t.state END",
    )
    .bind::<SqlUuid, _>(t.trip)
    .bind::<SqlUuid, _>(t.guest)
    .bind::<SqlUuid, _>(t.host)
    .bind::<Timestamptz, _>(t.start)
    .bind::<Timestamptz, _>(t.end)
    .bind::<Text, _>(t.state)
    .bind::<BigInt, _>(t.version)
    .execute(conn)
    .await
    .map(|_| ())
}

async fn set_state(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    state: &str,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "UPDATE trip_notices SET state = $2 WHERE trip_id = $1 AND state <> 'cancelled'",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Text, _>(state)
    .execute(conn)
    .await
    .map(|_| ())
}

/// Whether `user` has a socket open (the gateway's presence mark, refreshed while connected).
async fn online(state: &AppState, user: Uuid) -> bool {
    let Ok(mut redis) = state.redis.get().await else { return false };
    let key = format!("{}:online:{user}", state.realtime_prefix);
    redis.exists::<_, bool>(&key).await.unwrap_or(false)
}

/// Applies one trips or messaging event: keeps the trip's parties and sends its notices.
pub async fn apply(
    state: &Arc<AppState>,
    conn: &mut AsyncPgConnection,
    e: &Envelope,
) -> anyhow::Result<()> {
    let notices = match e.event_type.as_str() {
        TripBooked::ROUTING_KEY => {
            let m: TripBooked = e.decode()?;
            let (Some(trip), Some(guest), Some(host), Some(start), Some(end)) = (
                uuid(&m.trip_id),
                uuid(&m.guest_id),
                uuid(&m.owner_id),
                time(&m.start_time),
                time(&m.end_time),
            ) else {
                tracing::error!(event_id = %e.id, "dropping a booking event without its parties or times");
                return Ok(());
            };
            let confirmed = m.status() == TripStatus::Confirmed;
            keep_trip(
                conn,
                KeptTrip {
                    trip,
                    guest,
                    host,
                    start,
                    end,
                    state: if confirmed { "confirmed" } else { "requested" },
                    version: m.version,
                },
            )
            .await?;
            booked_notices(trip, guest, host, start, end, confirmed)
        }
        TripConfirmed::ROUTING_KEY => {
            let m: TripConfirmed = e.decode()?;
            let (Some(trip), Some(guest), Some(host), Some(start), Some(end)) = (
                uuid(&m.trip_id),
                uuid(&m.guest_id),
                uuid(&m.owner_id),
                time(&m.start_time),
                time(&m.end_time),
            ) else {
                return Ok(());
            };
            keep_trip(
                conn,
                KeptTrip { trip, guest, host, start, end, state: "confirmed", version: m.version },
            )
            .await?;
            vec![confirmed_notice(trip, guest, start)]
        }
        TripCancelled::ROUTING_KEY => {
            let m: TripCancelled = e.decode()?;
            let Some(trip) = uuid(&m.trip_id) else { return Ok(()) };
            let Some(p) = parties(conn, trip).await? else { return Ok(()) };
            set_state(conn, trip, "cancelled").await?;
            let mut n = cancelled_notices(trip, p.guest_id, p.host_id, m.status(), p.start_time);
            if m.unpaid {
                n.push(unpaid_notice(trip, p.guest_id, p.start_time));
            }
            n
        }
        PaymentFailed::ROUTING_KEY => {
            let m: PaymentFailed = e.decode()?;
            let (Some(trip), Some(guest), Some(start), Some(pay_by)) =
                (uuid(&m.trip_id), uuid(&m.guest_id), time(&m.start_time), time(&m.pay_by))
            else {
                tracing::error!(event_id = %e.id, "dropping a payment failure without its trip or times");
                return Ok(());
            };
            vec![payment_failed_notice(trip, guest, &m.reason, start, pay_by)]
        }
        TripRescheduled::ROUTING_KEY => {
            let m: TripRescheduled = e.decode()?;
            let (Some(trip), Some(start), Some(end)) =
                (uuid(&m.trip_id), time(&m.start_time), time(&m.end_time))
            else {
                return Ok(());
            };
            let Some(p) = parties(conn, trip).await? else { return Ok(()) };
            keep_trip(
                conn,
                KeptTrip {
                    trip,
                    guest: p.guest_id,
                    host: p.host_id,
                    start,
                    end,
                    state: "confirmed",
                    version: m.version,
                },
            )
            .await?;
            modified_notices(trip, m.version, p.guest_id, p.host_id, start, end)
        }
        TripCheckedIn::ROUTING_KEY => {
            let m: TripCheckedIn = e.decode()?;
            if let Some(trip) = uuid(&m.trip_id) {
                set_state(conn, trip, "started").await?;
            }
            Vec::new()
        }
        MessageSent::ROUTING_KEY => {
            let m: MessageSent = e.decode()?;
            let (Some(room), Some(guest), Some(host), Some(sender)) =
                (uuid(&m.room_id), uuid(&m.guest_id), uuid(&m.host_id), uuid(&m.sender_id))
            else {
                return Ok(());
            };
            let recipient = if m.sender_type == "guest" { host } else { guest };
            if recipient == sender || online(state, recipient).await {
                Vec::new()
            } else {
                let name = crate::store::users::by_id(conn, sender)
                    .await?
                    .map(|u| u.first_name)
                    .unwrap_or_default();
                let at = time(&m.occurred_at).unwrap_or_else(|| state.clock.now());
                vec![message_notice(room, recipient, &name, &m.preview, at)]
            }
        }
        TaskStepRecorded::ROUTING_KEY => {
            let m: TaskStepRecorded = e.decode()?;
            match (m.step(), uuid(&m.task_id), uuid(&m.guest_id)) {
                (TaskStep::PickedUpFromHost, Some(task), Some(guest)) => vec![on_the_way_notice(
                    task,
                    guest,
                    &m.captain_first_name,
                    time(&m.eta),
                    &m.time_zone,
                )],
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    };
    for n in notices {
        send(state, conn, &n).await?;
    }
    Ok(())
}

/// Sends a notice unless it was sent before: the key is written first, in the caller's
/// transaction, and the message recorded and sent through the adapters.
pub async fn send(
    state: &AppState,
    conn: &mut AsyncPgConnection,
    n: &Notice,
) -> anyhow::Result<bool> {
    let fresh = diesel::sql_query(
        "INSERT INTO notices (key, user_id, kind, sent_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
    )
    .bind::<Text, _>(&n.key)
    .bind::<SqlUuid, _>(n.user)
    .bind::<Text, _>(n.kind)
    .bind::<Timestamptz, _>(state.clock.now())
    .execute(conn)
    .await?;
    if fresh == 0 {
        return Ok(false);
    }
    let Some(user) = crate::store::users::by_id(conn, n.user).await? else { return Ok(false) };
    let mut out = vec![OutgoingMessage {
        to: user.email.clone(),
        channel: Channel::Email,
        subject: n.subject.clone(),
        body: n.body.clone(),
    }];
    if n.sms
        && user.mobile_verified
        && let Some(phone) = user.phone_number.as_deref().filter(|p| !p.is_empty())
    {
        out.push(OutgoingMessage {
            to: phone.to_owned(),
            channel: Channel::Sms,
            subject: n.subject.clone(),
            body: n.body.clone(),
        });
    }
    for msg in &out {
        crate::store::messages::insert(
            conn,
            &msg.to,
            msg.channel.as_str(),
            &msg.subject,
            &msg.body,
            None,
        )
        .await?;
        if let Some(notifier) = state.notifiers.for_channel(msg.channel) {
            notifier.send(msg).await?;
        }
    }
    Ok(true)
}

#[derive(diesel::QueryableByName)]
struct Due {
    #[diesel(sql_type = SqlUuid)]
    trip_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    guest_id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    start_time: DateTime<Utc>,
}

/// Sends the check-in reminders due at `now` (confirmed trips starting within 24 hours); each
/// once. Answers how many were sent.
pub async fn remind(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let mut conn = state.pool.get().await?;
    let due: Vec<Due> = diesel::sql_query(
        "SELECT trip_id, guest_id, start_time FROM trip_notices t WHERE state = 'confirmed' \
         AND start_time > $1 AND start_time <= $2 \
         AND NOT EXISTS (SELECT 1 FROM notices n WHERE n.key = 'reminder:' || t.trip_id || ':' || t.guest_id) \
         LIMIT 200",
    )
    .bind::<Timestamptz, _>(now)
    .bind::<Timestamptz, _>(now + Duration::hours(REMINDER_BEFORE_HOURS))
    .load(&mut conn)
    .await?;
    let mut sent = 0;
    for d in due {
        use diesel_async::AsyncConnection;
        let n = reminder_notice(d.trip_id, d.guest_id, d.start_time);
        if conn.transaction::<_, anyhow::Error, _>(async |c| send(state, c, &n).await).await? {
            sent += 1;
        }
    }
    Ok(sent)
}

/// Runs the reminder job every minute until `shutdown`.
pub async fn run_reminders(state: Arc<AppState>, shutdown: tokio_util::sync::CancellationToken) {
    let mut tick = tokio::time::interval(std::time::Duration::from_secs(60));
    loop {
        tokio::select! {
            () = shutdown.cancelled() => return,
            _ = tick.tick() => {
                if let Err(e) = remind(&state, state.clock.now()).await {
                    tracing::warn!(error = %e, "check-in reminders round failed");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).map(|t| t.with_timezone(&Utc)).unwrap_or_default()
    }

    #[test]
    fn the_guest_hears_once_that_the_captain_is_on_the_way_at_local_time() {
        let (task, guest) = (Uuid::now_v7(), Uuid::now_v7());
        let n = on_the_way_notice(
            task,
            guest,
            "Casey",
            Some(t("2026-12-10T18:05:00Z")),
            "America/Los_Angeles",
        );
        assert_eq!((n.user, n.kind, n.sms), (guest, "captain_on_the_way", true));
        assert_eq!(n.key, format!("captain_on_the_way:{task}:{guest}"));
        assert!(n.body.contains("Your captain Casey has picked up your car"), "{}", n.body);
        assert!(n.body.contains("around 10:05 AM"), "{}", n.body);
        let n = on_the_way_notice(task, guest, "", None, "America/Los_Angeles");
        assert!(n.body.starts_with("Your captain has picked up your car."), "{}", n.body);
    }

    #[test]
    fn each_event_tells_the_side_that_needs_to_know_once() {
        let (trip, guest, host) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
        let (start, end) = (t("2026-12-10T18:00:00Z"), t("2026-12-12T18:00:00Z"));
        let req = booked_notices(trip, guest, host, start, end, false);
        assert_eq!(
            req.iter().map(|n| (n.user, n.kind, n.sms)).collect::<Vec<_>>(),
            vec![(host, "requested", true)]
        );
        let instant = booked_notices(trip, guest, host, start, end, true);
        assert_eq!(
            instant.iter().map(|n| (n.user, n.kind)).collect::<Vec<_>>(),
            vec![(host, "booked"), (guest, "confirmed")]
        );
        // The instant booking's confirmation and a later confirmed event are one notice.
        assert_eq!(instant[1].key, confirmed_notice(trip, guest, start).key);
        for (status, to) in [
            (TripStatus::Rejected, guest),
            (TripStatus::CancelledByGuest, host),
            (TripStatus::CancelledByHost, guest),
        ] {
            let n = cancelled_notices(trip, guest, host, status, start);
            assert_eq!((n.len(), n[0].user), (1, to), "{status:?}");
        }
        assert!(cancelled_notices(trip, guest, host, TripStatus::Unspecified, start).is_empty());
        let m = modified_notices(trip, 3, guest, host, start, end);
        assert_eq!(m.len(), 2);
        assert_ne!(
            m[0].key,
            modified_notices(trip, 4, guest, host, start, end)[0].key,
            "each change is its own notice"
        );
        assert!(reminder_notice(trip, guest, start).sms);
    }

    #[test]
    fn a_refused_card_is_told_to_the_guest_with_its_deadline_and_an_unpaid_cancellation_too() {
        let (trip, guest) = (Uuid::now_v7(), Uuid::now_v7());
        let (start, pay_by) = (t("2026-12-10T18:00:00Z"), t("2026-12-09T18:00:00Z"));
        let n = payment_failed_notice(trip, guest, "Your card was declined.", start, pay_by);
        assert_eq!((n.user, n.kind, n.sms), (guest, "payment_failed", true));
        assert!(n.body.contains("Your card was declined."), "{}", n.body);
        assert!(n.body.contains("by Dec 9, 2026 at 18:00 UTC"), "{}", n.body);
        // A second refusal with a new deadline is a new notice; the same one is not.
        let again = payment_failed_notice(trip, guest, "x", start, pay_by);
        let later = payment_failed_notice(trip, guest, "x", start, t("2026-12-09T19:00:00Z"));
        assert_eq!(n.key, again.key);
        assert_ne!(n.key, later.key);
        let u = unpaid_notice(trip, guest, start);
        assert_eq!((u.user, u.kind), (guest, "cancelled_unpaid"));
        assert!(u.body.contains("Nothing was charged."), "{}", u.body);
    }

    #[test]
    fn message_notices_come_at_most_once_per_room_and_half_hour() {
        let (room, to) = (Uuid::now_v7(), Uuid::now_v7());
        let a = message_notice(room, to, "Ada", "hi", t("2026-12-01T10:01:00Z"));
        let b = message_notice(room, to, "Ada", "there", t("2026-12-01T10:29:00Z"));
        let c = message_notice(room, to, "Ada", "later", t("2026-12-01T10:31:00Z"));
        assert_eq!(a.key, b.key);
        assert_ne!(a.key, c.key);
        assert_eq!(a.subject, "New message from Ada");
        assert_eq!(
            message_notice(room, to, " ", "x", t("2026-12-01T10:01:00Z")).subject,
            "New message from Someone"
        );
    }
}
