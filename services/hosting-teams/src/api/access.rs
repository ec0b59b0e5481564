//! Who may do what to a car: its owner everything, an admin everything, an approved co-host of
//! the team that holds it what the team's permissions allow (hosting_domain::teams::allows),
//! anyone else nothing (the car is "not found" to them). A co-host's change is written to the
//! team's audit log with the car's state before and after.

use crate::error::{HostingError, HostingResult};
use crate::store::listings::Listing;
use crate::store::teams::{self, AuditWrite, Grant};
use chrono::{DateTime, Utc};
use diesel_async::AsyncPgConnection;
use hosting_domain::teams::{Capability, ListingPart, Permissions, PermissionsInput, Role, allows};
use upcar_identity::{Identity, Role as AccountRole};
use uuid::Uuid;

/// How the caller stands to a car.
#[derive(Debug, Clone)]
pub enum Access {
    Owner,
    Admin,
    CoHost(Grant),
}

impl Access {
    /// The co-host's team, when the caller is one.
    pub fn team(&self) -> Option<Uuid> {
        match self {
            Access::CoHost(g) => Some(g.team_id),
            _ => None,
        }
    }
}

/// What each capability is called in a refusal.
fn named(c: Capability) -> &'static str {
    match c {
        Capability::ViewBookings | Capability::ManageBookings => "booking management",
        Capability::ManagePricing => "pricing",
        Capability::ManageAvailability => "availability",
        Capability::ManageListing(_) => "editing the listing",
        Capability::ManagePayouts => "payouts",
        Capability::ManageTeam => "managing the team",
        Capability::DeleteCar => "deleting the car",
    }
}

/// The caller's standing on `car`; a stranger is told the car does not exist.
pub async fn of(c: &mut AsyncPgConnection, who: &Identity, car: &Listing) -> HostingResult<Access> {
    if car.row.host_id == who.user_id {
        return Ok(Access::Owner);
    }
    if who.role == AccountRole::Admin {
        return Ok(Access::Admin);
    }
    match teams::grant(c, who.user_id, car.row.id).await? {
        Some(g) => Ok(Access::CoHost(g)),
        None => Err(HostingError::ListingNotFound),
    }
}

/// Refuses (403, naming what is missing) unless `access` allows every one of `needs`.
pub fn require(access: &Access, needs: &[Capability]) -> HostingResult<()> {
    let Access::CoHost(g) = access else { return Ok(()) };
    let permissions = Permissions::parse(PermissionsInput {
        full: g.perm_full,
        booking_management: true,
        pricing_and_availability: g.perm_pricing_availability,
    });
    match needs.iter().find(|n| !allows(Role::CoHost, &permissions, **n)) {
        Some(n) => Err(HostingError::TeamPermissionDenied(named(*n))),
        None => Ok(()),
    }
}

/// The listing parts a car change touches, as capabilities.
pub fn listing(part: ListingPart) -> Capability {
    Capability::ManageListing(part)
}

/// What the audit log keeps of a car: the settings a co-host can change.
pub fn snapshot(l: &Listing) -> serde_json::Value {
    let s = l.settings.as_ref();
    let r = l.rules.as_ref();
    serde_json::json!({
        "status": l.row.status,
        "dailyPriceCents": l.row.daily_price_cents,
        "weeklyDiscount": s.map(|s| s.weekly_discount_pct),
        "monthlyDiscount": s.map(|s| s.monthly_discount_pct),
        "instantBooking": s.map(|s| s.instant_booking),
        "advanceNotice": r.map(|r| r.advance_notice_hours),
        "minTripDuration": r.map(|r| r.min_trip_days),
        "maxTripDuration": r.map(|r| r.max_trip_days),
        "twoDayTripForWeekend": r.map(|r| r.two_day_weekend),
        "description": l.row.description,
        "features": l.row.features,
        "photoUrls": l.row.photo_urls,
        "guestInstructions": s.map(|s| s.guest_instructions.clone()),
        "extras": s.map(|s| s.extras.clone()),
        "datePrices": s.map(|s| s.date_prices.clone()),
    })
}

/// Writes a co-host's action on a car to its team's audit log (the owner's own actions are
/// not team events).
#[allow(clippy::too_many_arguments)]
pub async fn record(
    c: &mut AsyncPgConnection,
    access: &Access,
    who: &Identity,
    action: &str,
    car: Uuid,
    before: Option<serde_json::Value>,
    after: Option<serde_json::Value>,
    at: DateTime<Utc>,
) -> HostingResult<()> {
    let Some(team_id) = access.team() else { return Ok(()) };
    teams::audit(
        c,
        &AuditWrite {
            team_id,
            actor_id: who.user_id,
            actor_role: "co-host",
            action,
            car_id: Some(car),
            before,
            after,
            at,
        },
    )
    .await?;
    Ok(())
}
