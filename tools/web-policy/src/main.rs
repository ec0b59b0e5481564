//! Prints the web app's policy module: the values of the domains' policy constants that the
//! pages show or check (ages, windows, fees, limits, word counts, option sets), each from its
//! one home in Rust. `scripts/gen-api.sh` writes it to `frontend/src/api/policy.ts`, and
//! `make test` fails when the committed file is stale, so a rule changed in its domain reaches
//! the pages with the next build. Values only: the rules themselves stay in the services.

use hosting_domain::policy as hosting;
use pricing_domain::policy as pricing;
use serde_json::{Value, json};

/// A dollar amount of cents, as the pages write money.
fn dollars(cents: i64) -> Value {
    if cents % 100 == 0 { json!(cents / 100) } else { json!(cents as f64 / 100.0) }
}

/// A share in basis points, as a whole percentage.
fn percent(bp: i64) -> Value {
    if bp % 100 == 0 { json!(bp / 100) } else { json!(bp as f64 / 100.0) }
}

/// Every value, grouped as the pages read them; each entry names its Rust home in a comment.
fn policy() -> Vec<(&'static str, &'static str, Value)> {
    vec![
        (
            "DRIVER",
            "pricing_domain::policy (MIN_DRIVER_AGE, YOUNG_DRIVER_AGE, YOUNG_DRIVER_FEE_PER_DAY)",
            json!({
                "minimumAge": pricing::MIN_DRIVER_AGE,
                "youngDriverUnder": pricing::YOUNG_DRIVER_AGE,
                "youngDriverFeePerDay": dollars(pricing::YOUNG_DRIVER_FEE_PER_DAY.0),
            }),
        ),
        (
            "CANCELLATION",
            "pricing_domain::policy (the refund policy's numbers)",
            json!({
                "graceMinutesAfterBooking": pricing::FREE_CANCEL_AFTER_BOOKING_MINUTES,
                "fullRefundHoursBeforeStart": pricing::FREE_CANCELLATION_HOURS,
                "lateRefundPercent": percent(pricing::LATE_CANCEL_REFUND_BP),
                "lateOwnerEarningsPercent": percent(pricing::LATE_CANCEL_OWNER_BP),
            }),
        ),
        (
            "TRIP_WINDOW",
            "pricing_domain::policy (BOOKING_HORIZON_DAYS, LONG_TERM_DAYS, WEEKLY_DAYS, MAX_LONG_TERM_DISCOUNT_BP), pricing_domain::window::MAX_DAYS",
            json!({
                "bookingHorizonDays": pricing::BOOKING_HORIZON_DAYS,
                "longTermDays": pricing::LONG_TERM_DAYS,
                "weeklyDays": pricing::WEEKLY_DAYS,
                "maxLongTermDiscountPercent": percent(pricing::MAX_LONG_TERM_DISCOUNT_BP),
                "maxTripDays": pricing_domain::window::MAX_DAYS,
                "quoteValidMinutes": pricing::QUOTE_VALID_MINUTES,
                "payLaterMinHours": pricing::PAY_LATER_MIN_HOURS,
                "payLaterChargeHoursBefore": pricing::PAY_LATER_CHARGE_HOURS_BEFORE,
            }),
        ),
        (
            "FEES",
            "pricing_domain::policy (fines and fees)",
            json!({
                "smoking": dollars(pricing::SMOKING_FINE.0),
                "cleaning": dollars(pricing::CLEANING_FEE.0),
                "cleaningProcessingPercent": percent(pricing::CLEANING_PROCESSING_BP),
                "lateReturn": dollars(pricing::LATE_FEE.0),
                "improperReturn": dollars(pricing::IMPROPER_RETURN_FEE.0),
                "lateGraceMinutes": pricing::LATE_GRACE_MINUTES,
                "lateHalfDayUntilMinutes": pricing::LATE_HALF_DAY_UNTIL_MINUTES,
                "maxIncidental": dollars(pricing::MAX_INCIDENTAL_AMOUNT.0),
            }),
        ),
        (
            "TRIPS",
            "trips_domain (money.rs, photos.rs, extras.rs, reviews.rs)",
            json!({
                "payoutMinimum": dollars(trips_domain::money::PAYOUT_THRESHOLD_CENTS),
                "holdReleaseDays": trips_domain::money::HOLD_RELEASE_DAYS,
                "holdReleaseWithClaimsDays": trips_domain::money::HOLD_RELEASE_DAYS_WITH_CLAIMS,
                "earningsFinalAfterHours": trips_domain::money::EARNINGS_FINAL_AFTER_HOURS,
                "photoWindowMinutes": trips_domain::photos::PHOTO_WINDOW_MINUTES,
                "claimWindowHours": trips_domain::extras::CLAIM_WINDOW_HOURS,
                "maxAdditionalDrivers": trips_domain::extras::MAX_ADDITIONAL_DRIVERS,
                "driverInvitationDays": trips_domain::extras::DRIVER_INVITATION_DAYS,
                "reviewWindowDays": trips_domain::reviews::REVIEW_WINDOW_DAYS,
                "maxReviewChars": trips_domain::reviews::MAX_REVIEW_CHARS,
            }),
        ),
        (
            "LISTING",
            "hosting_domain::policy (the listing wizard's rules)",
            json!({
                "vinLength": hosting::VIN_LENGTH,
                "minModelYear": hosting::MIN_MODEL_YEAR,
                "maxOdometerMilesExclusive": hosting::MAX_ODOMETER_MILES_EXCLUSIVE,
                "advanceNoticeHours": hosting::ADVANCE_NOTICE_HOURS,
                "minTripDays": hosting::MIN_TRIP_DAYS,
                "maxTripDays": hosting::MAX_TRIP_DAYS,
                "minSeats": hosting::MIN_SEATS,
                "maxSeats": hosting::MAX_SEATS,
                "minDoors": hosting::MIN_DOORS,
                "maxDoors": hosting::MAX_DOORS,
                "gasTypes": hosting::GAS_TYPES,
                "transmissions": hosting::TRANSMISSIONS,
                "minPlateChars": hosting::MIN_PLATE_CHARS,
                "maxPlateChars": hosting::MAX_PLATE_CHARS,
                "minDescriptionWords": hosting::MIN_DESCRIPTION_WORDS,
                "maxDescriptionChars": hosting::MAX_DESCRIPTION_CHARS,
                "dailyPriceWarningDollars": hosting::DAILY_PRICE_WARNING_DOLLARS,
                "maxDailyPriceDollars": hosting::MAX_DAILY_PRICE_DOLLARS,
                "photoMaxBytes": hosting::PHOTO_MAX_BYTES,
                "photoMinWidth": hosting::PHOTO_MIN_WIDTH,
                "photoMinHeight": hosting::PHOTO_MIN_HEIGHT,
                "minPhotos": hosting::MIN_PHOTOS,
                "maxPhotos": hosting::MAX_PHOTOS,
                "hostCarsPageSize": hosting::HOST_CARS_PAGE_SIZE,
                "maxTeamNameChars": hosting::MAX_TEAM_NAME_CHARS,
                "invitationLifetimeDays": hosting::INVITATION_LIFETIME_DAYS,
            }),
        ),
    ]
}

/// The TypeScript module.
fn module() -> String {
    let mut out = String::from(
        "// Generated by `scripts/gen-api.sh` from the domains' policy constants (tools/web-policy):\n\
         // do not edit. A value here is the one the services enforce; change it in its Rust home.\n",
    );
    for (name, home, value) in policy() {
        let text = serde_json::to_string_pretty(&value).unwrap_or_default();
        out.push_str(&format!("\n/** From {home}. */\nexport const {name} = {text} as const;\n"));
    }
    out
}

fn main() {
    print!("{}", module());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_module_holds_each_group_once_with_the_domains_values() {
        let m = module();
        for (name, _, _) in policy() {
            assert_eq!(m.matches(&format!("export const {name} = ")).count(), 1, "{name}");
        }
        assert!(m.contains("\"minimumAge\": 21"), "{m}");
        assert!(m.contains("\"minDescriptionWords\": 60"), "{m}");
        assert!(m.contains("\"smoking\": 250"), "{m}");
        assert_eq!(dollars(15_050), json!(150.5));
        assert_eq!(percent(2_400), json!(24));
    }
}
