//! The time zone a car's times are read in (CONTRACT: a car's times are local to its place),
//! from its state. States split between zones get the zone most of their people live in; a
//! car in the minority part of such a state is listed in the majority zone, which the host sees
//! in the listing. A zone per address would need the maps provider's time zone call.

/// The IANA zone of a two-letter US state code (the 50 states and DC); `None` otherwise.
pub fn of_state(code: &str) -> Option<&'static str> {
    let zone = match code {
        "CT" | "DE" | "DC" | "FL" | "GA" | "ME" | "MD" | "MA" | "NH" | "NJ" | "NY" | "NC"
        | "OH" | "PA" | "RI" | "SC" | "VT" | "VA" | "WV" => "America/New_York",
        "MI" => "America/Detroit",
        "IN" => "America/Indiana/Indianapolis",
        "KY" => "America/Kentucky/Louisville",
        "AL" | "AR" | "IL" | "IA" | "KS" | "LA" | "MN" | "MS" | "MO" | "NE" | "ND" | "OK"
        | "SD" | "TN" | "TX" | "WI" => "America/Chicago",
        "CO" | "MT" | "NM" | "UT" | "WY" => "America/Denver",
        "ID" => "America/Boise",
        "AZ" => "America/Phoenix",
        "CA" | "NV" | "OR" | "WA" => "America/Los_Angeles",
        "AK" => "America/Anchorage",
        "HI" => "Pacific/Honolulu",
        _ => return None,
    };
    Some(zone)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_and_dc_has_a_zone() {
        let states = [
            "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL",
            "IN", "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE",
            "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD",
            "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
        ];
        assert_eq!(states.len(), 51);
        for s in states {
            assert!(of_state(s).is_some(), "{s}");
        }
        assert_eq!(of_state("CA"), Some("America/Los_Angeles"));
        assert_eq!(of_state("ZZ"), None);
        assert_eq!(of_state("ca"), None);
    }
}
