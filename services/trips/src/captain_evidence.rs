//! Captains' photos as the trip's evidence (`captains.task_step_recorded`): the photos taken
//! when a captain hands the car to the guest (`delivered_to_guest`) join the trip's check-in
//! photos, those taken when the captain collects it (`picked_up_from_guest`) its checkout
//! photos, with the captain as uploader and the captain service's server time. A photo is kept
//! once per trip and handover (its content hash), so a redelivered event adds nothing.

use chrono::{DateTime, Utc};
use diesel::sql_types::{Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use upcar_proto::captains::TaskStep;
use upcar_proto::events::TaskStepRecorded;
use uuid::Uuid;

/// The trip's handover a step documents, if any.
pub fn handover_of(step: TaskStep) -> Option<&'static str> {
    match step {
        TaskStep::DeliveredToGuest => Some("check_in"),
        TaskStep::PickedUpFromGuest => Some("checkout"),
        TaskStep::Unspecified | TaskStep::PickedUpFromHost | TaskStep::DeliveredToHost => None,
    }
}

/// Keeps a step's photos as the trip's evidence; answers how many were added.
pub async fn apply(conn: &mut AsyncPgConnection, e: &TaskStepRecorded) -> anyhow::Result<usize> {
    let Some(event) = handover_of(e.step()) else { return Ok(0) };
    let (Ok(trip), Ok(captain)) = (e.trip_id.parse::<Uuid>(), e.captain_id.parse::<Uuid>()) else {
        tracing::error!(trip_id = %e.trip_id, "dropping a step event with bad ids");
        return Ok(0);
    };
    let at: DateTime<Utc> = DateTime::parse_from_rfc3339(&e.at)
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|_| Utc::now());
    let mut added = 0;
    for p in &e.photos {
        let hash_ok =
            p.sha256.len() == 64 && p.sha256.chars().all(|c| matches!(c, '0'..='9' | 'a'..='f'));
        if !hash_ok || p.url.is_empty() {
            tracing::error!(trip_id = %trip, "dropping a captain photo without a content hash");
            continue;
        }
        added += diesel::sql_query(
            "INSERT INTO trip_photos (trip_id, event, photo_type, url, sha256, uploaded_by, role, created_at) \
             SELECT $1, $2, 'exterior', $3, $4, $5, 'captain', $6 WHERE EXISTS (SELECT 1 FROM trips WHERE id = $1) \
             ON CONFLICT (trip_id, event, photo_type, sha256) DO NOTHING",
        )
        .bind::<SqlUuid, _>(trip)
        .bind::<Text, _>(event)
        .bind::<Text, _>(&p.url)
        .bind::<Text, _>(&p.sha256)
        .bind::<SqlUuid, _>(captain)
        .bind::<Timestamptz, _>(at)
        .prepared()
        .execute(conn)
        .await?;
    }
    tracing::info!(trip_id = %trip, event, added, "captain's photos kept");
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_guests_handovers_are_evidence() {
        assert_eq!(handover_of(TaskStep::DeliveredToGuest), Some("check_in"));
        assert_eq!(handover_of(TaskStep::PickedUpFromGuest), Some("checkout"));
        assert_eq!(handover_of(TaskStep::PickedUpFromHost), None);
        assert_eq!(handover_of(TaskStep::DeliveredToHost), None);
    }
}
