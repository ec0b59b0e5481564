//! The events messaging consumes. Rooms are opened by the trips events. `trips.trip_booked` opens the room of a booking;
//! `trips.trip_confirmed` opens it too when it is missing (trips booked before the booked
//! event named the host, or a booked event that was dropped). A room is keyed by its trip, so
//! duplicates and either order give one room. `hosting.team_changed` keeps the co-host read
//! model: each event carries the team's full state, and a row is replaced only by a newer
//! `version`, so duplicates and late arrivals change nothing. Events that cannot be applied
//! are logged and dropped (redelivering them would fail the same way forever).

use crate::store::rooms::{self, NewRoom};
use crate::store::schedule::{self, TemplateRow};
use crate::store::teams::{self, TeamAccess};
use chrono::{DateTime, Utc};
use diesel_async::AsyncPgConnection;
use upcar_events::{Envelope, EventHandler, IntegrationEvent};
use upcar_proto::events::{
    IncidentalsDisputed, MessageTemplatesChanged, TeamChanged, TripBooked, TripCancelled,
    TripCheckedIn, TripCheckedOut, TripConfirmed, TripRescheduled,
};
use upcar_proto::hosting::TeamStatus;
use uuid::Uuid;

/// Routing keys this service consumes.
pub fn routing_keys() -> Vec<String> {
    vec![
        TripBooked::ROUTING_KEY.to_owned(),
        TripConfirmed::ROUTING_KEY.to_owned(),
        TeamChanged::ROUTING_KEY.to_owned(),
        TripRescheduled::ROUTING_KEY.to_owned(),
        TripCancelled::ROUTING_KEY.to_owned(),
        TripCheckedIn::ROUTING_KEY.to_owned(),
        TripCheckedOut::ROUTING_KEY.to_owned(),
        MessageTemplatesChanged::ROUTING_KEY.to_owned(),
        IncidentalsDisputed::ROUTING_KEY.to_owned(),
    ]
}

/// The support ticket a guest's dispute of incidentals opens: high priority, for the support
/// team, holding the host's claims and the guest's reason. Its id is the event's, so a
/// redelivered event never opens a second one.
pub fn dispute_ticket_of(
    e: &Envelope,
    now: DateTime<Utc>,
) -> Result<crate::store::tickets::TicketRow, BadEvent> {
    use crate::domain::{Priority, SUPPORT_TEAM, Status};
    let m: IncidentalsDisputed = e.decode().map_err(|_| BadEvent::Decode)?;
    let guest = uuid(&m.guest_id, "guest_id")?;
    uuid(&m.trip_id, "trip_id")?;
    let description = format!(
        "The guest disputes incidentals of trip {} ({}).\n\nThe host's claims:\n{}\n\nThe guest's reason:\n{}\n\nDecide with POST /v1/admin/trips/decideDispute/{} {{incidentalIds: [{}], uphold}}.",
        m.reservation_number,
        m.trip_id,
        m.claims.iter().map(|c| format!("- {c}")).collect::<Vec<_>>().join("\n"),
        m.reason.trim(),
        m.trip_id,
        m.incidental_ids.join(", "),
    );
    Ok(crate::store::tickets::TicketRow {
        id: e.id,
        name: format!("Guest of trip {}", m.reservation_number),
        email: String::new(),
        title: format!("Disputed incidentals, trip {}", m.reservation_number),
        description,
        priority: Priority::High.as_str().to_owned(),
        status: Status::Pending.as_str().to_owned(),
        assigned_to: SUPPORT_TEAM.to_owned(),
        created_by: Some(guest),
        source: "incidentals_dispute".to_owned(),
        last_seq: 0,
        created_at: now,
        updated_at: now,
    })
}

/// Why an event cannot be applied.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BadEvent {
    #[error("unknown event type {0}")]
    UnknownType(String),
    #[error("undecodable payload")]
    Decode,
    #[error("invalid {0}")]
    Field(&'static str),
    #[error("the guest is the host")]
    SameParty,
}

/// The parties of a trip, as an event names them.
#[derive(Debug, Clone, PartialEq)]
pub struct TripParties {
    pub trip_id: Uuid,
    pub car_id: Uuid,
    pub guest_id: Uuid,
    pub host_id: Uuid,
    /// When the event happened: the room's creation time.
    pub occurred_at: Option<DateTime<Utc>>,
}

fn uuid(s: &str, field: &'static str) -> Result<Uuid, BadEvent> {
    s.trim().parse().map_err(|_| BadEvent::Field(field))
}

/// Reads the trip's parties from a booked or confirmed event.
pub fn parties_of(e: &Envelope) -> Result<TripParties, BadEvent> {
    let (trip, car, guest, host, occurred) = match e.event_type.as_str() {
        TripBooked::ROUTING_KEY => {
            let m: TripBooked = e.decode().map_err(|_| BadEvent::Decode)?;
            (m.trip_id, m.car_id, m.guest_id, m.owner_id, m.occurred_at)
        }
        TripConfirmed::ROUTING_KEY => {
            let m: TripConfirmed = e.decode().map_err(|_| BadEvent::Decode)?;
            (m.trip_id, m.car_id, m.guest_id, m.owner_id, m.occurred_at)
        }
        other => return Err(BadEvent::UnknownType(other.to_owned())),
    };
    let p = TripParties {
        trip_id: uuid(&trip, "trip_id")?,
        car_id: uuid(&car, "car_id")?,
        guest_id: uuid(&guest, "guest_id")?,
        host_id: uuid(&host, "owner_id")?,
        occurred_at: DateTime::parse_from_rfc3339(occurred.trim())
            .ok()
            .map(|t| t.with_timezone(&Utc)),
    };
    if p.guest_id == p.host_id {
        return Err(BadEvent::SameParty);
    }
    Ok(p)
}

/// The room a trip's event opens, created `now` unless the event says when it happened (an
/// event time in the future is not trusted).
pub fn room_of(p: &TripParties, now: DateTime<Utc>) -> NewRoom {
    let created_at = p.occurred_at.filter(|t| *t <= now).unwrap_or(now);
    NewRoom {
        id: Uuid::now_v7(),
        trip_id: p.trip_id,
        car_id: p.car_id,
        guest_id: p.guest_id,
        host_id: p.host_id,
        created_at,
        updated_at: created_at,
    }
}

fn ids(list: &[String], field: &'static str) -> Result<Vec<Uuid>, BadEvent> {
    let mut out: Vec<Uuid> = list.iter().map(|s| uuid(s, field)).collect::<Result<_, _>>()?;
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Reads a team event into the row it sets.
pub fn team_of(e: &Envelope) -> Result<TeamAccess, BadEvent> {
    if e.event_type != TeamChanged::ROUTING_KEY {
        return Err(BadEvent::UnknownType(e.event_type.clone()));
    }
    let m: TeamChanged = e.decode().map_err(|_| BadEvent::Decode)?;
    let team_id = uuid(&m.team_id, "team_id")?;
    let host_id = uuid(&m.host_id, "host_id")?;
    let active = match m.status() {
        TeamStatus::Active => true,
        TeamStatus::Inactive | TeamStatus::Deleted => false,
        TeamStatus::Unspecified => return Err(BadEvent::Field("status")),
    };
    if m.version <= 0 {
        return Err(BadEvent::Field("version"));
    }
    // The host is never their own co-host.
    let cohost_ids =
        ids(&m.cohost_ids, "cohost_ids")?.into_iter().filter(|c| *c != host_id).collect();
    Ok(TeamAccess {
        team_id,
        host_id,
        active,
        car_ids: ids(&m.car_ids, "car_ids")?,
        cohost_ids,
        version: m.version,
    })
}

fn time(s: &str, field: &'static str) -> Result<DateTime<Utc>, BadEvent> {
    DateTime::parse_from_rfc3339(s.trim())
        .map(|t| t.with_timezone(&Utc))
        .map_err(|_| BadEvent::Field(field))
}

/// What a trips or templates event changes in the schedule of scheduled messages.
#[derive(Debug, Clone, PartialEq)]
pub enum ScheduleChange {
    Booked {
        parties: TripParties,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        confirmed_at: Option<DateTime<Utc>>,
        version: i64,
    },
    Rescheduled {
        trip: Uuid,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        version: i64,
    },
    Cancelled {
        trip: Uuid,
    },
    CheckedIn {
        trip: Uuid,
        at: DateTime<Utc>,
    },
    CheckedOut {
        trip: Uuid,
        at: DateTime<Utc>,
    },
    Templates {
        host: Uuid,
        version: i64,
        templates: Vec<TemplateRow>,
    },
}

/// Reads an event into the schedule change it makes (`None` for the team events).
pub fn schedule_change_of(e: &Envelope) -> Result<Option<ScheduleChange>, BadEvent> {
    let now_or = |s: &str| time(s, "occurred_at");
    Ok(Some(match e.event_type.as_str() {
        TripBooked::ROUTING_KEY => {
            let m: TripBooked = e.decode().map_err(|_| BadEvent::Decode)?;
            let at = now_or(&m.occurred_at)?;
            ScheduleChange::Booked {
                parties: parties_of(e)?,
                start: time(&m.start_time, "start_time")?,
                end: time(&m.end_time, "end_time")?,
                confirmed_at: (m.status() == upcar_proto::trips::TripStatus::Confirmed)
                    .then_some(at),
                version: m.version,
            }
        }
        TripConfirmed::ROUTING_KEY => {
            let m: TripConfirmed = e.decode().map_err(|_| BadEvent::Decode)?;
            ScheduleChange::Booked {
                parties: parties_of(e)?,
                start: time(&m.start_time, "start_time")?,
                end: time(&m.end_time, "end_time")?,
                confirmed_at: Some(now_or(&m.occurred_at)?),
                version: m.version,
            }
        }
        TripRescheduled::ROUTING_KEY => {
            let m: TripRescheduled = e.decode().map_err(|_| BadEvent::Decode)?;
            ScheduleChange::Rescheduled {
                trip: uuid(&m.trip_id, "trip_id")?,
                start: time(&m.start_time, "start_time")?,
                end: time(&m.end_time, "end_time")?,
                version: m.version,
            }
        }
        TripCancelled::ROUTING_KEY => {
            let m: TripCancelled = e.decode().map_err(|_| BadEvent::Decode)?;
            ScheduleChange::Cancelled { trip: uuid(&m.trip_id, "trip_id")? }
        }
        TripCheckedIn::ROUTING_KEY => {
            let m: TripCheckedIn = e.decode().map_err(|_| BadEvent::Decode)?;
            ScheduleChange::CheckedIn {
                trip: uuid(&m.trip_id, "trip_id")?,
                at: now_or(&m.occurred_at)?,
            }
        }
        TripCheckedOut::ROUTING_KEY => {
            let m: TripCheckedOut = e.decode().map_err(|_| BadEvent::Decode)?;
            ScheduleChange::CheckedOut {
                trip: uuid(&m.trip_id, "trip_id")?,
                at: now_or(&m.occurred_at)?,
            }
        }
        MessageTemplatesChanged::ROUTING_KEY => {
            let m: MessageTemplatesChanged = e.decode().map_err(|_| BadEvent::Decode)?;
            if m.version <= 0 {
                return Err(BadEvent::Field("version"));
            }
            let templates = m
                .templates
                .iter()
                .map(|t| {
                    Ok(TemplateRow {
                        template_id: uuid(&t.template_id, "template_id")?,
                        name: t.name.clone(),
                        message: t.message.clone(),
                        trigger: t.trigger.clone(),
                        offset_hours: t.offset_hours,
                        enabled: t.enabled,
                    })
                })
                .collect::<Result<_, BadEvent>>()?;
            ScheduleChange::Templates {
                host: uuid(&m.host_id, "host_id")?,
                version: m.version,
                templates,
            }
        }
        _ => return Ok(None),
    }))
}

async fn apply(conn: &mut AsyncPgConnection, c: ScheduleChange) -> diesel::QueryResult<()> {
    match c {
        ScheduleChange::Booked { parties: p, start, end, confirmed_at, version } => {
            // From the confirmation on, the room's messages are shown as sent to both sides.
            if let Some(at) = confirmed_at {
                rooms::confirmed(conn, p.trip_id, at).await?;
            }
            schedule::booked(
                conn,
                p.trip_id,
                p.car_id,
                p.guest_id,
                p.host_id,
                start,
                end,
                confirmed_at,
                version,
            )
            .await
        }
        ScheduleChange::Rescheduled { trip, start, end, version } => {
            schedule::rescheduled(conn, trip, start, end, version).await
        }
        ScheduleChange::Cancelled { trip } => schedule::cancelled(conn, trip).await,
        ScheduleChange::CheckedIn { trip, at } => schedule::checked_in(conn, trip, at).await,
        ScheduleChange::CheckedOut { trip, at } => schedule::checked_out(conn, trip, at).await,
        ScheduleChange::Templates { host, version, templates } => {
            schedule::replace_templates(conn, host, version, &templates).await.map(|_| ())
        }
    }
}

/// The consumer's handler: opens rooms, keeps the teams and the schedule of scheduled
/// messages.
pub struct Consumer {
    /// The service's clock: a room opens at its event's time, never after this one's now.
    pub clock: upcar_clock::Clock,
    /// Accounts: the name and email a dispute's ticket is answered at (the guest's).
    pub accounts: upcar_proto::accounts::accounts_client::AccountsClient<upcar_grpc::Channel>,
}

#[async_trait::async_trait]
impl EventHandler for Consumer {
    async fn handle(&self, conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
        let kind = event.event_type.as_str();
        let applied = if kind == TeamChanged::ROUTING_KEY {
            match team_of(event) {
                Ok(row) => Ok(teams::upsert(conn, &row).await?),
                Err(e) => Err(e),
            }
        } else if kind == IncidentalsDisputed::ROUTING_KEY {
            match dispute_ticket_of(event, self.clock.now()) {
                Ok(mut row) => {
                    // The guest is answered as any signed-in requester: at their own name and
                    // email, read from accounts on the guest's behalf (the guest's own act
                    // caused the event; accounts away: the event is retried).
                    let guest = row.created_by.unwrap_or_default();
                    let on_behalf = upcar_identity::Identity {
                        user_id: guest,
                        role: upcar_identity::Role::User,
                        token_id: format!("event:{}", event.id),
                        expires_at: self.clock.now().timestamp() + 60,
                        session: upcar_identity::Session {
                            id: format!("event:{}", event.id),
                            auth_time: 0,
                        },
                    };
                    let req = upcar_identity::outgoing(
                        upcar_proto::accounts::IdRequest { id: guest.to_string() },
                        Some(&on_behalf),
                    );
                    let user = self.accounts.clone().get_user(req).await?.into_inner().user;
                    let user = user.unwrap_or_default();
                    row.email = user.email;
                    let name = crate::domain::display_name(&user.first_name, &user.last_name);
                    if !name.trim().is_empty() {
                        row.name = name.chars().take(100).collect();
                    }
                    crate::store::tickets::insert(conn, &row).await?;
                    Ok(true)
                }
                Err(e) => Err(e),
            }
        } else {
            let room = if kind == TripBooked::ROUTING_KEY || kind == TripConfirmed::ROUTING_KEY {
                match parties_of(event) {
                    Ok(p) => Ok(rooms::open(conn, &room_of(&p, self.clock.now())).await?),
                    Err(e) => Err(e),
                }
            } else {
                Ok(false)
            };
            match (room, schedule_change_of(event)) {
                (Err(e), _) | (_, Err(e)) => Err(e),
                (Ok(opened), Ok(change)) => {
                    if let Some(change) = change {
                        apply(conn, change).await?;
                    }
                    Ok(opened)
                }
            }
        };
        match applied {
            Ok(applied) => {
                tracing::debug!(event_id = %event.id, event_type = %event.event_type, applied, "event")
            }
            Err(e) => {
                tracing::error!(event_id = %event.id, event_type = %event.event_type, error = %e, "dropping an event that cannot be applied")
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn env<E: IntegrationEvent>(m: &E) -> Envelope {
        Envelope {
            id: Uuid::now_v7(),
            event_type: E::ROUTING_KEY.to_owned(),
            payload: m.encode_to_vec(),
            headers: Default::default(),
        }
    }

    fn booked() -> TripBooked {
        TripBooked {
            trip_id: Uuid::now_v7().to_string(),
            car_id: Uuid::now_v7().to_string(),
            guest_id: Uuid::now_v7().to_string(),
            owner_id: Uuid::now_v7().to_string(),
            occurred_at: "2026-11-20T10:00:00Z".into(),
            ..Default::default()
        }
    }

    #[test]
    fn booked_and_confirmed_events_name_the_same_parties() {
        let b = booked();
        let c = TripConfirmed {
            trip_id: b.trip_id.clone(),
            car_id: b.car_id.clone(),
            guest_id: b.guest_id.clone(),
            owner_id: b.owner_id.clone(),
            occurred_at: b.occurred_at.clone(),
            ..Default::default()
        };
        let (pb, pc) = (parties_of(&env(&b)).unwrap(), parties_of(&env(&c)).unwrap());
        assert_eq!(pb, pc);
        assert_eq!(pb.host_id.to_string(), b.owner_id);
    }

    #[test]
    fn events_that_cannot_open_a_room_say_why() {
        let mut no_host = booked();
        no_host.owner_id = String::new();
        assert_eq!(parties_of(&env(&no_host)), Err(BadEvent::Field("owner_id")));
        let mut bad_trip = booked();
        bad_trip.trip_id = "t-1".into();
        assert_eq!(parties_of(&env(&bad_trip)), Err(BadEvent::Field("trip_id")));
        let mut own_car = booked();
        own_car.owner_id = own_car.guest_id.clone();
        assert_eq!(parties_of(&env(&own_car)), Err(BadEvent::SameParty));
        let mut other = env(&booked());
        other.event_type = "trips.trip_cancelled".into();
        assert!(matches!(parties_of(&other), Err(BadEvent::UnknownType(_))));
        let mut garbage = env(&booked());
        garbage.payload = vec![0xff, 0xff, 0xff];
        assert_eq!(parties_of(&garbage), Err(BadEvent::Decode));
    }

    #[test]
    fn team_events_give_the_cars_and_the_cohosts_but_never_the_host_and_bad_ones_say_why() {
        let (team, host, c1, car) =
            (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
        let valid = TeamChanged {
            team_id: team.to_string(),
            host_id: host.to_string(),
            status: TeamStatus::Active as i32,
            version: 3,
            car_ids: vec![car.to_string(), car.to_string()],
            cohost_ids: vec![c1.to_string(), host.to_string()],
            booking_management: true,
            ..Default::default()
        };
        let row = team_of(&env(&valid)).unwrap();
        assert_eq!(
            row,
            TeamAccess {
                team_id: team,
                host_id: host,
                active: true,
                car_ids: vec![car],
                cohost_ids: vec![c1],
                version: 3
            }
        );
        let deleted = TeamChanged { status: TeamStatus::Deleted as i32, ..valid.clone() };
        assert!(!team_of(&env(&deleted)).unwrap().active);
        let cases = [
            (
                TeamChanged { status: TeamStatus::Unspecified as i32, ..valid.clone() },
                BadEvent::Field("status"),
            ),
            (TeamChanged { version: 0, ..valid.clone() }, BadEvent::Field("version")),
            (TeamChanged { team_id: "t".into(), ..valid.clone() }, BadEvent::Field("team_id")),
            (
                TeamChanged { cohost_ids: vec!["x".into()], ..valid.clone() },
                BadEvent::Field("cohost_ids"),
            ),
            (TeamChanged { car_ids: vec!["".into()], ..valid.clone() }, BadEvent::Field("car_ids")),
        ];
        for (m, want) in cases {
            assert_eq!(team_of(&env(&m)), Err(want));
        }
        assert!(matches!(team_of(&env(&booked())), Err(BadEvent::UnknownType(_))));
    }

    #[test]
    fn a_room_starts_when_its_event_happened_but_never_in_the_future() {
        let now = Utc::now();
        let mut p = parties_of(&env(&booked())).unwrap();
        let at = p.occurred_at.unwrap();
        assert_eq!(room_of(&p, now).created_at, at);
        p.occurred_at = Some(now + chrono::Duration::days(1));
        assert_eq!(room_of(&p, now).created_at, now);
        p.occurred_at = None;
        assert_eq!(room_of(&p, now).updated_at, now);
    }
}
