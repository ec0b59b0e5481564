//! Rows to protobuf messages.

use crate::store::extras::IncidentalRow;
use crate::store::trips::{HistoryRow, TripRow};
use chrono::{DateTime, Utc};
use trips_domain::TripStatus;
use upcar_proto::trips as pb;

/// A status on the wire.
pub fn status_of(s: TripStatus) -> pb::TripStatus {
    match s {
        TripStatus::Requested => pb::TripStatus::Requested,
        TripStatus::Confirmed => pb::TripStatus::Confirmed,
        TripStatus::ModificationPending => pb::TripStatus::ModificationPending,
        TripStatus::InProgress => pb::TripStatus::InProgress,
        TripStatus::Completed => pb::TripStatus::Completed,
        TripStatus::Rejected => pb::TripStatus::Rejected,
        TripStatus::CancelledByGuest => pb::TripStatus::CancelledByGuest,
        TripStatus::CancelledByHost => pb::TripStatus::CancelledByHost,
    }
}

/// A stored status on the wire (the history's first entry has none: unspecified).
pub fn status(stored: &str) -> pb::TripStatus {
    TripStatus::parse(stored).map_or(pb::TripStatus::Unspecified, status_of)
}

/// A stored role (`access::role_name`, `access::history_role`, `system` for the jobs) on the
/// wire.
pub fn role(stored: &str) -> pb::TripRole {
    match stored {
        "guest" => pb::TripRole::Guest,
        "host" => pb::TripRole::Host,
        "cohost" => pb::TripRole::Cohost,
        "admin" => pb::TripRole::Admin,
        "driver" | "additional_driver" => pb::TripRole::Driver,
        "system" => pb::TripRole::System,
        _ => pb::TripRole::Unspecified,
    }
}

/// A stored hold status on the wire (none in a driver's view).
pub fn payment_status(stored: &str) -> pb::PaymentStatus {
    match stored {
        "scheduled" => pb::PaymentStatus::Scheduled,
        "failed" => pb::PaymentStatus::AuthorizationFailed,
        "authorized" => pb::PaymentStatus::Authorized,
        "captured" => pb::PaymentStatus::Captured,
        "released" => pb::PaymentStatus::Released,
        "refunded" => pb::PaymentStatus::Refunded,
        "partially_refunded" => pb::PaymentStatus::PartiallyRefunded,
        _ => pb::PaymentStatus::Unspecified,
    }
}

/// A stored driver status on the wire.
pub fn driver_status(stored: &str) -> pb::DriverStatus {
    match stored {
        "invited" => pb::DriverStatus::Invited,
        "added" => pb::DriverStatus::Added,
        "expired" => pb::DriverStatus::Expired,
        "revoked" => pb::DriverStatus::Revoked,
        _ => pb::DriverStatus::Unspecified,
    }
}

/// A stored incidental status on the wire.
pub fn incidental_status(stored: &str) -> pb::IncidentalStatus {
    match stored {
        "pending" => pb::IncidentalStatus::Pending,
        "removed" => pb::IncidentalStatus::Removed,
        "paid" => pb::IncidentalStatus::Paid,
        "disputed" => pb::IncidentalStatus::Disputed,
        _ => pb::IncidentalStatus::Unspecified,
    }
}

pub fn local(t: DateTime<Utc>, tz: &str) -> String {
    match tz.parse::<chrono_tz::Tz>() {
        Ok(z) => t.with_timezone(&z).to_rfc3339(),
        Err(_) => t.to_rfc3339(),
    }
}

/// The extras a trip was booked with.
pub fn extras(v: &serde_json::Value) -> Vec<pb::ChosenExtra> {
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|x| pb::ChosenExtra {
                    extra_id: x
                        .get("extraId")
                        .and_then(|v| v.as_str())
                        .unwrap_or_default()
                        .to_owned(),
                    extra_type: x
                        .get("extraType")
                        .and_then(|v| v.as_str())
                        .unwrap_or_default()
                        .to_owned(),
                    quantity: x.get("quantity").and_then(|v| v.as_i64()).unwrap_or(1) as i32,
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A trip as answered, with the viewer's role and its history.
pub fn trip(
    t: &TripRow,
    history: &[HistoryRow],
    viewer_role: &str,
    payment_status: &str,
) -> pb::Trip {
    let status = status(&t.status);
    let cancelled_by = match status {
        pb::TripStatus::CancelledByGuest => pb::TripRole::Guest,
        pb::TripStatus::CancelledByHost | pb::TripStatus::Rejected => pb::TripRole::Host,
        _ => pb::TripRole::Unspecified,
    };
    pb::Trip {
        trip_id: t.id.to_string(),
        car_id: t.car_id.to_string(),
        owner_id: t.owner_id.to_string(),
        guest_id: t.guest_id.to_string(),
        status: status as i32,
        start_time: local(t.start_time, &t.time_zone),
        end_time: local(t.end_time, &t.time_zone),
        time_zone: t.time_zone.clone(),
        total_cents: t.total_cents,
        price_details: t.price_details.clone(),
        extras: extras(&t.extras),
        protection_plan_type: t.protection_plan_type.clone(),
        pick_up_location: t.pick_up_location.as_ref().map(|l| pb::Location {
            latitude: l.get("latitude").and_then(|v| v.as_f64()).unwrap_or_default(),
            longitude: l.get("longitude").and_then(|v| v.as_f64()).unwrap_or_default(),
            address: l.get("address").and_then(|v| v.as_str()).unwrap_or_default().to_owned(),
        }),
        message: t.message.clone(),
        cancel_reason: t.cancel_reason.clone(),
        reject_reason: t.reject_reason.clone(),
        refund_cents: t.refund_cents,
        created_at: t.created_at.to_rfc3339(),
        updated_at: t.updated_at.to_rfc3339(),
        history: history
            .iter()
            .filter(|h| h.trip_id == t.id)
            .map(|h| pb::HistoryEntry {
                from_status: self::status(&h.from_status) as i32,
                to_status: self::status(&h.to_status) as i32,
                action: h.action.clone(),
                actor_id: h.actor_id.map(|a| a.to_string()).unwrap_or_default(),
                actor_role: role(&h.actor_role) as i32,
                reason: h.reason.clone(),
                at: h.at.to_rfc3339(),
            })
            .collect(),
        payment_status: self::payment_status(payment_status) as i32,
        reservation_number: t.reservation_number.clone(),
        viewer_role: role(viewer_role) as i32,
        version: t.version,
        cancelled_at: t.cancelled_at.map(|c| local(c, &t.time_zone)),
        cancelled_by: cancelled_by as i32,
        additional_drivers: Vec::new(),
    }
}

/// The charge lines of an incidental as stored.
pub fn charges_of(r: &IncidentalRow) -> Vec<pb::IncidentalCharge> {
    r.charges
        .as_array()
        .map(|a| {
            a.iter()
                .map(|c| pb::IncidentalCharge {
                    label: c["label"].as_str().unwrap_or_default().to_owned(),
                    amount_cents: c["amountCents"].as_i64().unwrap_or_default(),
                    platform: c["platform"].as_bool().unwrap_or_default(),
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The history action of an invitation, whose reason is the invited email.
pub const INVITE_DRIVER: &str = "invite_driver";
/// History action: the guest removed an additional driver or withdrew an invitation.
pub const REMOVE_DRIVER: &str = "remove_driver";

/// What an additional driver sees of a trip: its car, times, status and people, not its money
/// (price, refund, payment) nor the guest's message to the host, nor pending invitations: the
/// history keeps that invitations were sent but names only the people who joined.
pub fn for_driver(t: &mut pb::Trip) {
    t.price_details.clear();
    t.total_cents = 0;
    t.refund_cents = None;
    t.payment_status = pb::PaymentStatus::Unspecified as i32;
    t.message.clear();
    t.additional_drivers.retain(|d| d.status() == pb::DriverStatus::Added);
    let joined: Vec<&str> = t.additional_drivers.iter().map(|d| d.email.as_str()).collect();
    for h in &mut t.history {
        if (h.action == INVITE_DRIVER || h.action == REMOVE_DRIVER)
            && !joined.contains(&h.reason.as_str())
        {
            h.reason.clear();
        }
    }
}
