//! Hosts' weekly pickup and return hours from hosting (`hosting.weekly_hours_changed`, full
//! state, newest version wins), and the week a booking check reads.

use crate::domain::hours::WeeklyHours;
use crate::store::hours;
use diesel_async::AsyncPgConnection;
use upcar_proto::events::WeeklyHoursChanged;
use uuid::Uuid;

/// Why an hours event cannot be applied (logged and dropped).
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BadHours {
    #[error("invalid {0}")]
    Field(&'static str),
}

fn days_of(json: &serde_json::Value) -> Vec<(bool, i32, i32)> {
    let n = |v: &serde_json::Value| v.as_i64().and_then(|x| i32::try_from(x).ok()).unwrap_or(-1);
    json.as_array()
        .map(|a| {
            a.iter()
                .map(|d| {
                    (
                        d["isAvailable"].as_bool().unwrap_or(false),
                        n(&d["startMinute"]),
                        n(&d["endMinute"]),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The host and the seven days as stored, checked.
pub fn stored_of(e: &WeeklyHoursChanged) -> Result<(Uuid, serde_json::Value), BadHours> {
    let host: Uuid = e.host_id.parse().map_err(|_| BadHours::Field("host_id"))?;
    if e.version < 1 {
        return Err(BadHours::Field("version"));
    }
    let days: serde_json::Value = e
        .days
        .iter()
        .map(|d| {
            serde_json::json!({"day": d.day, "isAvailable": d.is_available,
                "startMinute": d.start_minute, "endMinute": d.end_minute})
        })
        .collect();
    if WeeklyHours::from_days(&days_of(&days)).is_none() {
        return Err(BadHours::Field("days"));
    }
    Ok((host, days))
}

/// Applies an hours event; answers whether it was newer than what is kept.
pub async fn apply(conn: &mut AsyncPgConnection, e: &WeeklyHoursChanged) -> anyhow::Result<bool> {
    match stored_of(e) {
        Ok((host, days)) => {
            Ok(hours::apply(conn, host, e.is_always_available, &days, e.version).await?)
        }
        Err(bad) => {
            tracing::error!(host_id = %e.host_id, error = %bad, "dropping an hours event that cannot be applied");
            Ok(false)
        }
    }
}

/// The host's week, when the host has set hours (None: always available).
pub async fn week_of_host(
    conn: &mut AsyncPgConnection,
    host: Uuid,
) -> diesel::QueryResult<Option<WeeklyHours>> {
    Ok(match hours::of_host(conn, host).await? {
        Some((false, days)) => WeeklyHours::from_days(&days_of(&days)),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use upcar_proto::events::WeeklyHoursDay;

    fn event(days: Vec<WeeklyHoursDay>) -> WeeklyHoursChanged {
        WeeklyHoursChanged {
            host_id: Uuid::now_v7().to_string(),
            version: 2,
            is_always_available: false,
            days,
            occurred_at: String::new(),
        }
    }

    fn day(start: i32, end: i32) -> WeeklyHoursDay {
        WeeklyHoursDay {
            day: "Monday".into(),
            is_available: true,
            start_minute: start,
            end_minute: end,
        }
    }

    #[test]
    fn a_week_is_kept_as_seven_days() {
        let (_, days) = stored_of(&event(vec![day(540, 1020); 7])).unwrap();
        assert_eq!(days_of(&days), vec![(true, 540, 1020); 7]);
        assert!(WeeklyHours::from_days(&days_of(&days)).is_some());
    }

    #[test]
    fn a_broken_week_is_dropped() {
        assert_eq!(stored_of(&event(vec![day(540, 1020); 6])), Err(BadHours::Field("days")));
        assert_eq!(stored_of(&event(vec![day(1020, 540); 7])), Err(BadHours::Field("days")));
        let mut e = event(vec![day(-1, -1); 7]);
        e.host_id = "x".into();
        assert_eq!(stored_of(&e), Err(BadHours::Field("host_id")));
        e = event(vec![day(-1, -1); 7]);
        e.version = 0;
        assert_eq!(stored_of(&e), Err(BadHours::Field("version")));
    }
}
