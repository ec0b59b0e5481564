//! The spec's strings for the states and roles the services send as proto enums: the one
//! mapping between the two.
//!
//! Each enum below lists the spec's string of every value of its proto enum. The conversion
//! (`From` the proto enum) is an exhaustive `match`, so a value added to a `.proto` without a
//! string here does not compile; the answers hold these enums, so the OpenAPI document shows
//! each field as a string enum and the web app's types list its values.
//!
//! Zero, "unspecified", is a message that names no value (or one written by a newer service
//! than this gateway). It has no string: an answer holding it cannot be written, and
//! [`crate::wire::Json`] answers 500 `internal_error` instead of a made-up state. A field that
//! may rightly be empty is an `Option` ([`specified`](TripStatus::specified)), `null` in JSON.

use upcar_proto::{captains as cpb, hosting as hpb, messaging as mpb, trips as tpb};

/// Declares the answer enum of one proto enum, with the spec's string of each value.
macro_rules! spec_strings {
    ($(#[$doc:meta])* $name:ident from $pb:path { $($variant:ident => $s:tt),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
        pub enum $name {
            /// Named no value: cannot be serialized (and is not in the schema).
            #[serde(skip_serializing)]
            Unspecified,
            $(#[serde(rename = $s)] $variant),+
        }

        impl $name {
            /// Every specified value, in the proto enum's order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The spec's string (`None` for unspecified).
            pub fn as_str(self) -> Option<&'static str> {
                match self { $name::Unspecified => None, $($name::$variant => Some($s)),+ }
            }

            /// The value, or `None` where the service named none.
            pub fn specified(v: $pb) -> Option<Self> {
                Some(Self::from(v)).filter(|s| *s != $name::Unspecified)
            }
        }

        impl From<$pb> for $name {
            fn from(v: $pb) -> Self {
                use $pb as P;
                match v {
                    P::Unspecified => $name::Unspecified,
                    $(P::$variant => $name::$variant),+
                }
            }
        }
    };
}

spec_strings! {
    /// A trip's status (spec 002, the Trip entity).
    TripStatus from tpb::TripStatus {
        Requested => "requested",
        Confirmed => "confirmed",
        ModificationPending => "modification_pending",
        InProgress => "in_progress",
        Completed => "completed",
        Rejected => "rejected",
        CancelledByGuest => "cancelled_by_guest",
        CancelledByHost => "cancelled_by_host",
    }
}

impl TripStatus {
    /// Ended before it started: rejected or cancelled (the answers' `isCancelled`).
    pub fn is_cancelled(self) -> bool {
        matches!(
            self,
            TripStatus::Rejected | TripStatus::CancelledByGuest | TripStatus::CancelledByHost
        )
    }
}

spec_strings! {
    /// The money of a trip: the hold on the guest's card and what became of it.
    PaymentStatus from tpb::PaymentStatus {
        Scheduled => "scheduled",
        AuthorizationFailed => "authorization_failed",
        Authorized => "authorized",
        Captured => "captured",
        Released => "released",
        Refunded => "refunded",
        PartiallyRefunded => "partially_refunded",
    }
}

spec_strings! {
    /// An additional driver's place on a trip.
    DriverStatus from tpb::DriverStatus {
        Invited => "invited",
        Added => "added",
        Expired => "expired",
        Revoked => "revoked",
    }
}

spec_strings! {
    /// An incidental charge a host added to a trip.
    IncidentalStatus from tpb::IncidentalStatus {
        Pending => "pending",
        Disputed => "disputed",
        Removed => "removed",
        // CONTRACT.md's word for an incidental paid.
        Paid => "charged",
    }
}

spec_strings! {
    /// Who someone is to a trip: its viewer, the actor of a history entry, the side that
    /// cancelled, the author of a review or a photo.
    TripRole from tpb::TripRole {
        Guest => "guest",
        Host => "host",
        Cohost => "cohost",
        Admin => "admin",
        Driver => "driver",
        System => "system",
    }
}

spec_strings! {
    /// A captain task's type (spec 001 section 3).
    TaskType from cpb::TaskType {
        DeliveryToGuest => "delivery_to_guest",
        ReturnToHost => "return_to_host",
    }
}

spec_strings! {
    /// Where a captain task stands.
    TaskStatus from cpb::TaskStatus {
        Scheduled => "scheduled",
        InProgress => "in_progress",
        Completed => "completed",
        Cancelled => "cancelled",
    }
}

spec_strings! {
    /// A step of a captain task (spec 001 section 9).
    TaskStep from cpb::TaskStep {
        PickedUpFromHost => "picked_up_from_host",
        DeliveredToGuest => "delivered_to_guest",
        PickedUpFromGuest => "picked_up_from_guest",
        DeliveredToHost => "delivered_to_host",
    }
}

spec_strings! {
    /// A co-host team's status (spec 001: "active, inactive").
    TeamStatus from hpb::TeamStatus {
        Active => "active",
        Inactive => "inactive",
        Deleted => "deleted",
    }
}

spec_strings! {
    /// Where a co-host invitation stands.
    InvitationStatus from hpb::InvitationStatus {
        Pending => "pending",
        Accepted => "accepted",
        Rejected => "rejected",
        Expired => "expired",
        Revoked => "revoked",
        Removed => "removed",
    }
}

spec_strings! {
    /// Someone's role in a team (spec 001: "host and co-host").
    TeamRole from hpb::TeamRole {
        Host => "host",
        Cohost => "co-host",
        Admin => "admin",
        Invitee => "invitee",
    }
}

spec_strings! {
    /// A car listing's status.
    ListingStatus from hpb::ListingStatus {
        Draft => "draft",
        Pending => "pending",
        Active => "active",
        Rejected => "rejected",
        Snoozed => "snoozed",
        Unlisted => "unlisted",
        Deleted => "deleted",
    }
}

spec_strings! {
    /// A host's standing as a lister: no listing, a draft, one under review, cars listed,
    /// cars none of which is listed now, or rejected.
    HostStanding from hpb::HostStatus {
        None => "none",
        Draft => "draft",
        Pending => "pending",
        Active => "active",
        Inactive => "inactive",
        Rejected => "rejected",
    }
}

spec_strings! {
    /// Where a support ticket stands (spec 000 section 9).
    TicketStatus from mpb::TicketStatus {
        Pending => "pending",
        InProgress => "in_progress",
        Resolved => "resolved",
        Closed => "closed",
    }
}

spec_strings! {
    /// How urgent a support ticket is.
    TicketPriority from mpb::TicketPriority {
        Low => "low",
        Medium => "medium",
        High => "high",
        Urgent => "urgent",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value a proto enum knows has a string, and the strings are distinct: the `From`
    /// `match` makes a new value without a line here a compile error, and `ALL` lists each once.
    fn check<P, S>(all: &[S])
    where
        P: TryFrom<i32> + Copy,
        S: From<P> + Copy + PartialEq + std::fmt::Debug + serde::Serialize,
        S: SpecStr,
    {
        let mut seen = Vec::new();
        for v in 1..256 {
            if let Ok(p) = P::try_from(v) {
                let s = S::from(p);
                let text = s.text().unwrap_or_else(|| panic!("{v} has no spec string"));
                assert!(all.contains(&s), "{s:?} is missing from ALL");
                assert_eq!(serde_json::to_value(s).unwrap(), text, "the answer writes the string");
                seen.push(text);
            }
        }
        assert_eq!(seen.len(), all.len(), "ALL lists a value the proto enum does not have");
        let mut unique = seen.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), seen.len(), "two values share a string: {seen:?}");
        let zero = P::try_from(0).ok().map(S::from).expect("zero is a value");
        assert!(
            zero.text().is_none() && serde_json::to_value(zero).is_err(),
            "zero is unspecified"
        );
    }

    trait SpecStr {
        fn text(self) -> Option<&'static str>;
    }

    macro_rules! spec_str {
        ($($t:ty),+) => { $(impl SpecStr for $t { fn text(self) -> Option<&'static str> { self.as_str() } })+ };
    }
    spec_str!(
        TicketStatus,
        TicketPriority,
        TripStatus,
        PaymentStatus,
        DriverStatus,
        IncidentalStatus,
        TripRole,
        TaskType,
        TaskStatus,
        TaskStep,
        TeamStatus,
        InvitationStatus,
        TeamRole,
        ListingStatus,
        HostStanding
    );

    #[test]
    fn every_proto_value_has_one_spec_string_and_unspecified_none() {
        check::<tpb::TripStatus, _>(TripStatus::ALL);
        check::<tpb::PaymentStatus, _>(PaymentStatus::ALL);
        check::<tpb::DriverStatus, _>(DriverStatus::ALL);
        check::<tpb::IncidentalStatus, _>(IncidentalStatus::ALL);
        check::<tpb::TripRole, _>(TripRole::ALL);
        check::<cpb::TaskType, _>(TaskType::ALL);
        check::<cpb::TaskStatus, _>(TaskStatus::ALL);
        check::<cpb::TaskStep, _>(TaskStep::ALL);
        check::<hpb::TeamStatus, _>(TeamStatus::ALL);
        check::<hpb::InvitationStatus, _>(InvitationStatus::ALL);
        check::<hpb::TeamRole, _>(TeamRole::ALL);
        check::<hpb::ListingStatus, _>(ListingStatus::ALL);
        check::<hpb::HostStatus, _>(HostStanding::ALL);
        check::<mpb::TicketStatus, _>(TicketStatus::ALL);
        check::<mpb::TicketPriority, _>(TicketPriority::ALL);
    }

    #[test]
    fn an_empty_field_is_none() {
        assert_eq!(TripRole::specified(tpb::TripRole::Unspecified), None);
        assert_eq!(TripRole::specified(tpb::TripRole::Cohost), Some(TripRole::Cohost));
    }
}
