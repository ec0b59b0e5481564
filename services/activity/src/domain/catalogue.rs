//! The activity types the product knows, their categories, and the booking funnel. Clients
//! may log other well-formed types too; those are stored and counted under the category they
//! give (`other` when none).

/// A known activity type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownType {
    pub activity_type: &'static str,
    pub category: &'static str,
    pub description: &'static str,
    /// The services log it themselves (the browser may too; the funnel counts the services').
    pub server_side: bool,
}

/// Every known type.
pub const TYPES: &[KnownType] = &[
    KnownType {
        activity_type: "page_view",
        category: "navigation",
        description: "A page of the web app was shown",
        server_side: false,
    },
    KnownType {
        activity_type: "search",
        category: "search",
        description: "A car search was run",
        server_side: false,
    },
    KnownType {
        activity_type: "map_moved",
        category: "search",
        description: "The map centre was moved to choose a pickup location",
        server_side: false,
    },
    KnownType {
        activity_type: "car_viewed",
        category: "car",
        description: "A car page was read",
        server_side: true,
    },
    KnownType {
        activity_type: "favourite_added",
        category: "car",
        description: "A car was added to the favourites",
        server_side: false,
    },
    KnownType {
        activity_type: "favourite_removed",
        category: "car",
        description: "A car was removed from the favourites",
        server_side: false,
    },
    KnownType {
        activity_type: "listing_reported",
        category: "car",
        description: "A listing was reported",
        server_side: false,
    },
    KnownType {
        activity_type: "booking_started",
        category: "booking",
        description: "A guest asked to book a car",
        server_side: true,
    },
    KnownType {
        activity_type: "trip_booked",
        category: "booking",
        description: "A booking holds the car",
        server_side: true,
    },
    KnownType {
        activity_type: "registration",
        category: "account",
        description: "An account was created",
        server_side: true,
    },
    KnownType {
        activity_type: "login",
        category: "account",
        description: "A user signed in",
        server_side: false,
    },
];

/// The booking funnel, in order: search, then car viewed, booking started and trip booked.
/// The search step counts the browser's `search` events; the other steps count only the
/// services' events, so they hold whatever the browser sends or fails to send.
pub const FUNNEL: &[(&str, Source)] = &[
    ("search", Source::Client),
    ("car_viewed", Source::Server),
    ("booking_started", Source::Server),
    ("trip_booked", Source::Server),
];

/// Who logged an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The browser, through `activity/log` or `activity/bulk`.
    Client,
    /// A service, through its outbox.
    Server,
}

impl Source {
    /// As stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Client => "client",
            Source::Server => "server",
        }
    }
}

/// The known type named `activity_type`.
pub fn known(activity_type: &str) -> Option<&'static KnownType> {
    TYPES.iter().find(|t| t.activity_type == activity_type)
}

/// The funnel step an event of this type and source counts for.
pub fn funnel_step(activity_type: &str, source: Source) -> Option<&'static str> {
    FUNNEL.iter().find(|(t, s)| *t == activity_type && *s == source).map(|(t, _)| *t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Name;

    #[test]
    fn known_names_are_normal_and_unique_and_the_funnel_is_known() {
        let mut seen = std::collections::BTreeSet::new();
        for t in TYPES {
            assert_eq!(
                Name::parse(t.activity_type).map(|n| n.to_string()).as_deref(),
                Ok(t.activity_type)
            );
            assert_eq!(Name::parse(t.category).map(|n| n.to_string()).as_deref(), Ok(t.category));
            assert!(seen.insert(t.activity_type), "{} twice", t.activity_type);
        }
        for (step, source) in FUNNEL {
            let t = known(step).unwrap_or_else(|| panic!("{step} unknown"));
            assert_eq!(t.server_side, *source == Source::Server, "{step}");
        }
    }

    #[test]
    fn the_server_side_steps_count_only_the_services_events() {
        assert_eq!(funnel_step("car_viewed", Source::Server), Some("car_viewed"));
        assert_eq!(funnel_step("car_viewed", Source::Client), None);
        assert_eq!(funnel_step("search", Source::Client), Some("search"));
        assert_eq!(funnel_step("page_view", Source::Client), None);
    }
}
