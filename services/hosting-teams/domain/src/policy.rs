//! Policy constants: the host-side specification (spec 001, sections 5 and 9), the terms of
//! service (spec 002, section 9, "Terms policy constants") and, where neither gives a number,
//! the product's own choice, said so on the constant. Every number used by a rule lives here.

// ---- VIN step (spec 001 sections 5 and 9) ----

/// "VIN length 17" (spec 001 section 9).
pub const VIN_LENGTH: usize = 17;

// ---- Vehicle eligibility (terms, spec 002 section 9) ----

/// "Vehicles: model year 2012 or newer" (terms).
pub const MIN_MODEL_YEAR: i32 = 2012;
/// "under 130,000 miles" (terms): an odometer at or above this is refused.
pub const MAX_ODOMETER_MILES_EXCLUSIVE: u32 = 130_000;
/// A model year may be at most one year ahead of the calendar year (makers sell next year's
/// models from mid-year). The product's rule; the spec's year list ends at the current year.
pub const MAX_MODEL_YEARS_AHEAD: i32 = 1;
/// The vehicle edit modal's year list has 50 years ending at the current year (spec 001
/// section 5).
pub const YEAR_LIST_LENGTH: i32 = 50;

/// The odometer choices (`/api/enums/carOdometers`). **The spec names the list but does not
/// give its values**; these are the bands the client most likely shows, cut at the terms'
/// 130,000-mile limit. Each is `(label, upper edge in miles, exclusive)`; the upper edge decides
/// eligibility. The last band has no upper edge (`u32::MAX`).
pub const CAR_ODOMETERS: &[(&str, u32)] = &[
    ("0-50k miles", 50_000),
    ("50k-100k miles", 100_000),
    ("100k-130k miles", 130_000),
    ("130k+ miles", u32::MAX),
];

/// Transmission choices: "Choices Automatic (default) and Manual" (spec 001 section 5).
pub const TRANSMISSIONS: &[&str] = &["automatic", "manual"];
/// The default transmission (spec 001 section 5).
pub const DEFAULT_TRANSMISSION: &str = "automatic";
/// "Style Other defaults to sedan" (spec 001 section 5).
pub const STYLE_OTHER_DEFAULT: &str = "sedan";
/// Longest trim and style text accepted; the product's rule (the spec sets none).
pub const MAX_VEHICLE_TEXT_CHARS: usize = 100;

// ---- Location (spec 001 section 5; lengths are the product's) ----

/// "Country fixed to US" (spec 001 section 5).
pub const COUNTRY: &str = "US";
/// Longest street line; the product's rule.
pub const MAX_STREET_CHARS: usize = 200;
/// Longest city name; the product's rule.
pub const MAX_CITY_CHARS: usize = 100;

/// The 50 states and the District of Columbia, `(code, name)`: the listing address and the
/// licence plate state must be one of them (autocomplete is "restricted to US").
pub const US_STATES: &[(&str, &str)] = &[
    ("AL", "Alabama"),
    ("AK", "Alaska"),
    ("AZ", "Arizona"),
    ("AR", "Arkansas"),
    ("CA", "California"),
    ("CO", "Colorado"),
    ("CT", "Connecticut"),
    ("DE", "Delaware"),
    ("DC", "District of Columbia"),
    ("FL", "Florida"),
    ("GA", "Georgia"),
    ("HI", "Hawaii"),
    ("ID", "Idaho"),
    ("IL", "Illinois"),
    ("IN", "Indiana"),
    ("IA", "Iowa"),
    ("KS", "Kansas"),
    ("KY", "Kentucky"),
    ("LA", "Louisiana"),
    ("ME", "Maine"),
    ("MD", "Maryland"),
    ("MA", "Massachusetts"),
    ("MI", "Michigan"),
    ("MN", "Minnesota"),
    ("MS", "Mississippi"),
    ("MO", "Missouri"),
    ("MT", "Montana"),
    ("NE", "Nebraska"),
    ("NV", "Nevada"),
    ("NH", "New Hampshire"),
    ("NJ", "New Jersey"),
    ("NM", "New Mexico"),
    ("NY", "New York"),
    ("NC", "North Carolina"),
    ("ND", "North Dakota"),
    ("OH", "Ohio"),
    ("OK", "Oklahoma"),
    ("OR", "Oregon"),
    ("PA", "Pennsylvania"),
    ("RI", "Rhode Island"),
    ("SC", "South Carolina"),
    ("SD", "South Dakota"),
    ("TN", "Tennessee"),
    ("TX", "Texas"),
    ("UT", "Utah"),
    ("VT", "Vermont"),
    ("VA", "Virginia"),
    ("WA", "Washington"),
    ("WV", "West Virginia"),
    ("WI", "Wisconsin"),
    ("WY", "Wyoming"),
];

/// The two-letter code of a state given as a code or a full name, any case.
pub fn state_code(input: &str) -> Option<&'static str> {
    let s = input.trim();
    US_STATES
        .iter()
        .find(|(code, name)| code.eq_ignore_ascii_case(s) || name.eq_ignore_ascii_case(s))
        .map(|(code, _)| *code)
}

// ---- Availability (spec 001 section 9) ----

/// Advance notice options in hours: "1, 2, 3 (recommended, default), 6, 12, 24 (1 day)".
pub const ADVANCE_NOTICE_HOURS: &[u32] = &[1, 2, 3, 6, 12, 24];
/// Default advance notice, hours.
pub const DEFAULT_ADVANCE_NOTICE_HOURS: u32 = 3;
/// Minimum trip duration options in days: "1 (recommended, default), 2, 3, 5, 7, 14, 30".
pub const MIN_TRIP_DAYS: &[u32] = &[1, 2, 3, 5, 7, 14, 30];
/// Default minimum trip duration, days.
pub const DEFAULT_MIN_TRIP_DAYS: u32 = 1;
/// Maximum booking duration options in days: "7 (1 week), 15 (2 weeks), 30, 90, 1000 (shown
/// as Any or Unlimited; default 1000)".
pub const MAX_TRIP_DAYS: &[u32] = &[7, 15, 30, 90, 1000];
/// Default maximum booking duration, days (shown as Any or Unlimited).
pub const DEFAULT_MAX_TRIP_DAYS: u32 = 1000;
/// The two-day weekend minimum is offered "only when the minimum is 1 day".
pub const TWO_DAY_WEEKEND_REQUIRES_MIN_DAYS: u32 = 1;

// ---- Features (spec 001 sections 5 and 9) ----

/// Seats, fewest (spec 001 section 9: "Seats 2 to 8").
pub const MIN_SEATS: u8 = 2;
/// Seats, most.
pub const MAX_SEATS: u8 = 8;
/// Seats, default 4.
pub const DEFAULT_SEATS: u8 = 4;
/// Doors, fewest ("doors 2 to 8").
pub const MIN_DOORS: u8 = 2;
/// Doors, most.
pub const MAX_DOORS: u8 = 8;
/// Doors, default 4.
pub const DEFAULT_DOORS: u8 = 4;
/// Gas types: "gas (default), hybrid, ev".
pub const GAS_TYPES: &[&str] = &["gas", "hybrid", "ev"];
/// The default gas type.
pub const DEFAULT_GAS_TYPE: &str = "gas";
/// "default plate state CA".
pub const DEFAULT_PLATE_STATE: &str = "CA";
/// Licence plate length, shortest; the product's rule (US plates run 2 to 8 characters).
pub const MIN_PLATE_CHARS: usize = 2;
/// Licence plate length, longest.
pub const MAX_PLATE_CHARS: usize = 8;
/// Longest special-feature text; the product's rule.
pub const MAX_SPECIAL_FEATURE_CHARS: usize = 200;

// ---- Description (spec 001 sections 5 and 9) ----

/// "Description minimum 60 words".
pub const MIN_DESCRIPTION_WORDS: usize = 60;
/// Longest description; the product's rule (the listing page truncates at 750 characters and
/// expands on demand, spec 000).
pub const MAX_DESCRIPTION_CHARS: usize = 5_000;

// ---- Daily price (spec 001 sections 5 and 9), whole dollars ----

/// "Daily price warning threshold 50": under this, the long-term-only warning shows.
pub const DAILY_PRICE_WARNING_DOLLARS: u32 = 50;
/// "default daily price 50".
pub const DEFAULT_DAILY_PRICE_DOLLARS: u32 = 50;
/// Highest daily price; the product's rule (the spec sets none).
pub const MAX_DAILY_PRICE_DOLLARS: u32 = 10_000;

// ---- Photos (spec 001 sections 5 and 9) ----

/// "max 20 MB (20971520 bytes)".
pub const PHOTO_MAX_BYTES: u64 = 20_971_520;
/// "min 360x360 px": narrowest width.
pub const PHOTO_MIN_WIDTH: u32 = 360;
/// Lowest height.
pub const PHOTO_MIN_HEIGHT: u32 = 360;
/// "JPEG and PNG" only, by MIME type.
pub const PHOTO_TYPES: &[&str] = &["image/jpeg", "image/png"];
/// Fewest photos on a listing: "None: 'Please upload photos before submitting.'".
pub const MIN_PHOTOS: usize = 1;
/// Most photos on a listing; the product's rule.
pub const MAX_PHOTOS: usize = 50;

// ---- Host pages (spec 001 section 7 and 9) ----

/// "Host cars page size default 9" (GET /host/getHostCarsOnPlatform, defaults 1 and 9).
pub const HOST_CARS_PAGE_SIZE: u32 = 9;

// ---- Teams (spec 001 sections 5, 6 and 9; limits are the product's) ----

/// How long an invitation to a team can be answered; the product's rule (the spec gives none).
pub const INVITATION_LIFETIME_DAYS: i64 = 7;
/// Longest team name; the product's rule.
pub const MAX_TEAM_NAME_CHARS: usize = 80;
/// Most co-host emails in one invite call; the product's rule.
pub const MAX_INVITE_EMAILS: usize = 20;
/// Longest email address (RFC 5321 path limit).
pub const MAX_EMAIL_CHARS: usize = 254;
/// Earnings split: the whole, in basis points (100 % = 10 000 bp).
pub const FULL_SHARE_BP: u32 = 10_000;

// ---- Scheduled message templates (spec 001 sections 3, 4, 7 show only `enabled`) ----

/// Longest template name; the product's rule.
pub const MAX_TEMPLATE_NAME_CHARS: usize = 80;
/// Longest template text; the product's rule (a chat message's length).
pub const MAX_TEMPLATE_MESSAGE_CHARS: usize = 1_000;
/// Furthest ahead of a trip's start or end a template can be sent: a week; the product's rule.
pub const MAX_SCHEDULED_OFFSET_HOURS: u32 = 168;
/// Most templates a host keeps; the product's rule.
pub const MAX_TEMPLATES: usize = 30;

// ---- Performance (terms, spec 002 section 9) ----

/// "Owner cancellation rate threshold 4%", in basis points: over this the owner is over the
/// limit.
pub const CANCELLATION_RATE_THRESHOLD_BP: u32 = 400;
/// "(penalty band over 2%)", in basis points: from here up to the threshold, a warning.
pub const CANCELLATION_RATE_BAND_BP: u32 = 200;

// ---------------------------------------------------------------------------------------------
// Car management (the product's own limits: the spec names the calls, not their rules)

/// Weekly and monthly discounts: "up to 50% off" (the product's long-term offer).
pub const MAX_DISCOUNT_PCT: u8 = 50;
/// Guest instructions shown after booking.
pub const MAX_GUEST_INSTRUCTIONS_CHARS: usize = 2_000;
/// Extras a car offers.
pub const MAX_EXTRAS: usize = 20;
/// An extra's name and description.
pub const MAX_EXTRA_TEXT_CHARS: usize = 200;
/// An extra's price: at most $1,000 (a larger one is a typo or belongs in the daily price).
pub const MAX_EXTRA_PRICE_CENTS: i64 = 100_000;
/// How an extra is charged (the catalog's `per`).
pub const EXTRA_PERS: &[&str] = &["day", "trip"];
/// The most of one extra a guest may choose.
pub const MAX_EXTRA_QUANTITY: u8 = 10;

// ---------------------------------------------------------------------------------------------
// Availability (the product's own limits)

/// A blocked period starts within this many days (the booking horizon: nothing further out can
/// be booked anyway).
pub const BLOCK_HORIZON_DAYS: i64 = 365;
/// The longest blocked period (a longer pause is unlisting the car).
pub const MAX_BLOCK_DAYS: i64 = 365;
/// A blocked period's note.
pub const MAX_BLOCK_REASON_CHARS: usize = 200;
/// Periods in one custom availability call.
pub const MAX_BLOCKS_PER_CALL: usize = 50;
/// Dates in one prices-per-date call: every date of the horizon, and one more for a leap year.
pub const MAX_DATE_PRICES_PER_CALL: usize = BLOCK_HORIZON_DAYS as usize + 1;

// ---------------------------------------------------------------------------------------------
// Calendar sync (RFC 5545 feeds; the product's own limits)

/// How often an external calendar is fetched again.
pub const CALENDAR_SYNC_MINUTES: i64 = 15;
/// The largest calendar read (a year of a busy car is a few tens of kilobytes).
pub const MAX_CALENDAR_BYTES: usize = 1_000_000;
/// The longest a calendar fetch may take, connection and body included.
pub const CALENDAR_FETCH_SECONDS: u64 = 10;
/// Redirects followed, each to an address checked again.
pub const CALENDAR_MAX_REDIRECTS: usize = 3;
/// Events read from one calendar; the rest are not imported (and the sync says so).
pub const MAX_CALENDAR_EVENTS: usize = 2_000;
/// External calendars per car.
pub const MAX_IMPORTS_PER_CAR: usize = 5;
/// A calendar's address.
pub const MAX_CALENDAR_URL_CHARS: usize = 2_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_by_code_or_name() {
        assert_eq!(US_STATES.len(), 51);
        assert_eq!(state_code("ca"), Some("CA"));
        assert_eq!(state_code(" California "), Some("CA"));
        assert_eq!(state_code("district of columbia"), Some("DC"));
        assert_eq!(state_code("PR"), None);
        assert_eq!(state_code(""), None);
    }

    #[test]
    fn defaults_are_among_their_options() {
        assert!(ADVANCE_NOTICE_HOURS.contains(&DEFAULT_ADVANCE_NOTICE_HOURS));
        assert!(MIN_TRIP_DAYS.contains(&DEFAULT_MIN_TRIP_DAYS));
        assert!(MAX_TRIP_DAYS.contains(&DEFAULT_MAX_TRIP_DAYS));
        assert!(GAS_TYPES.contains(&DEFAULT_GAS_TYPE));
        assert!(state_code(DEFAULT_PLATE_STATE).is_some());
        assert!((MIN_SEATS..=MAX_SEATS).contains(&DEFAULT_SEATS));
        assert!((MIN_DOORS..=MAX_DOORS).contains(&DEFAULT_DOORS));
    }

    // Checked when compiling.
    const _: () = assert!(CANCELLATION_RATE_BAND_BP < CANCELLATION_RATE_THRESHOLD_BP);

    #[test]
    fn codes_are_unique() {
        let mut codes: Vec<_> = US_STATES.iter().map(|(c, _)| *c).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), US_STATES.len());
    }
}
