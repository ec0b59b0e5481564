//! The co-host read model, fed by hosting's `hosting.team_changed`: each event carries the
//! team's full state, and a row is replaced only by a newer `version`, so duplicates and late
//! arrivals change nothing. Events that cannot be applied are logged and dropped (redelivering
//! them would fail the same way forever).

use crate::store::teams::{self, TeamAccess};
use diesel_async::AsyncPgConnection;
use upcar_events::{Envelope, EventHandler, IntegrationEvent};
use upcar_proto::events::TeamChanged;
use upcar_proto::hosting::TeamStatus;
use uuid::Uuid;

/// Why an event cannot be applied.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BadEvent {
    #[error("unknown event type {0}")]
    UnknownType(String),
    #[error("undecodable payload")]
    Decode,
    #[error("invalid {0}")]
    Field(&'static str),
}

fn ids(list: &[String], field: &'static str) -> Result<Vec<Uuid>, BadEvent> {
    let mut out: Vec<Uuid> = list
        .iter()
        .map(|s| s.trim().parse().map_err(|_| BadEvent::Field(field)))
        .collect::<Result<_, _>>()?;
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Reads an event into the row it sets.
pub fn row_of(e: &Envelope) -> Result<TeamAccess, BadEvent> {
    if e.event_type != TeamChanged::ROUTING_KEY {
        return Err(BadEvent::UnknownType(e.event_type.clone()));
    }
    let m: TeamChanged = e.decode().map_err(|_| BadEvent::Decode)?;
    let team_id = m.team_id.trim().parse().map_err(|_| BadEvent::Field("team_id"))?;
    let host_id: Uuid = m.host_id.trim().parse().map_err(|_| BadEvent::Field("host_id"))?;
    let active = match m.status() {
        TeamStatus::Active => true,
        TeamStatus::Inactive | TeamStatus::Deleted => false,
        TeamStatus::Unspecified => return Err(BadEvent::Field("status")),
    };
    if m.version <= 0 {
        return Err(BadEvent::Field("version"));
    }
    let n = m.cohost_ids.len();
    let shares = &m.cohost_shares_bp;
    if !shares.is_empty() && shares.len() != n
        || shares.iter().any(|s| !(0..=10_000).contains(s))
        || shares.iter().map(|s| i64::from(*s)).sum::<i64>() > 10_000
    {
        return Err(BadEvent::Field("cohost_shares_bp"));
    }
    let mut pairs: Vec<(Uuid, i32)> = m
        .cohost_ids
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let id = s.trim().parse().map_err(|_| BadEvent::Field("cohost_ids"))?;
            Ok((id, shares.get(i).copied().unwrap_or(0)))
        })
        .collect::<Result<_, BadEvent>>()?;
    pairs.sort_by_key(|(id, _)| *id);
    pairs.dedup_by_key(|(id, _)| *id);
    // The host is never their own co-host.
    let (cohost_ids, cohost_shares): (Vec<Uuid>, Vec<i32>) =
        pairs.into_iter().filter(|(c, _)| *c != host_id).unzip();
    Ok(TeamAccess {
        team_id,
        host_id,
        active,
        booking_management: m.booking_management,
        car_ids: ids(&m.car_ids, "car_ids")?,
        cohost_ids,
        cohost_shares,
        version: m.version,
    })
}

/// The consumer's handler.
pub struct TeamAccessProjection;

#[async_trait::async_trait]
impl EventHandler for TeamAccessProjection {
    async fn handle(&self, conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
        match row_of(event) {
            Ok(row) => {
                let applied = teams::upsert(conn, &row).await?;
                tracing::info!(event_id = %event.id, team_id = %row.team_id, version = row.version, applied, "team event");
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
    use prost::Message;

    fn envelope(m: &TeamChanged) -> Envelope {
        Envelope {
            id: Uuid::now_v7(),
            event_type: TeamChanged::ROUTING_KEY.to_owned(),
            payload: m.encode_to_vec(),
            headers: Default::default(),
        }
    }

    fn valid() -> TeamChanged {
        let host = Uuid::now_v7().to_string();
        TeamChanged {
            team_id: Uuid::now_v7().to_string(),
            host_id: host.clone(),
            status: TeamStatus::Active as i32,
            car_ids: vec![Uuid::from_u128(2).to_string(), Uuid::from_u128(1).to_string()],
            cohost_ids: vec![Uuid::from_u128(9).to_string(), host, Uuid::from_u128(9).to_string()],
            booking_management: true,
            pricing_availability: false,
            version: 3,
            occurred_at: String::new(),
            cohost_shares_bp: vec![],
        }
    }

    #[test]
    fn a_team_event_becomes_its_access_row() {
        let row = row_of(&envelope(&valid())).unwrap();
        assert!(row.active && row.booking_management);
        assert_eq!(row.car_ids, [Uuid::from_u128(1), Uuid::from_u128(2)]);
        // Duplicates dropped, and the host is never their own co-host.
        assert_eq!(row.cohost_ids, [Uuid::from_u128(9)]);
        assert_eq!(row.version, 3);
        for status in [TeamStatus::Inactive, TeamStatus::Deleted] {
            let m = TeamChanged { status: status as i32, ..valid() };
            assert!(!row_of(&envelope(&m)).unwrap().active);
        }
    }

    #[test]
    fn events_that_cannot_be_applied_say_why() {
        let cases: [(TeamChanged, BadEvent); 5] = [
            (TeamChanged { team_id: "x".into(), ..valid() }, BadEvent::Field("team_id")),
            (TeamChanged { host_id: String::new(), ..valid() }, BadEvent::Field("host_id")),
            (
                TeamChanged { status: TeamStatus::Unspecified as i32, ..valid() },
                BadEvent::Field("status"),
            ),
            (TeamChanged { version: 0, ..valid() }, BadEvent::Field("version")),
            (TeamChanged { car_ids: vec!["car-1".into()], ..valid() }, BadEvent::Field("car_ids")),
        ];
        for (m, why) in cases {
            assert_eq!(row_of(&envelope(&m)), Err(why));
        }
        let mut e = envelope(&valid());
        e.payload = vec![0xff, 0xff];
        assert_eq!(row_of(&e), Err(BadEvent::Decode));
        e.event_type = "hosting.other".into();
        assert_eq!(row_of(&e), Err(BadEvent::UnknownType("hosting.other".into())));
    }
}
