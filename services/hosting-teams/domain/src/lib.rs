//! The hosting rules, as pure functions: no I/O, no clock (the caller passes `now`). Every
//! input becomes a domain type through a `parse`; every refusal is an error variant with a
//! stable snake_case `code()` and the user's text as `message()` (the spec's words where it
//! gives them).
//!
//! * [`listing`]: the listing wizard's steps and one parser per step's payload.
//! * [`car`]: a listed car's settings: discounts, guest instructions, extras, status.
//! * [`availability`]: weekly pickup and return hours, custom blocks.
//! * [`vin`]: VINs, their check digit and model-year code.
//! * [`vehicle`]: the vehicle's details, odometer, transmission and eligibility by the terms.
//! * [`photo`]: photos judged by their bytes (JPEG or PNG, size, resolution).
//! * [`teams`]: co-host teams: permissions, status, invitations, forms, the earnings split.
//! * [`scheduled`]: scheduled message templates: moments, texts and placeholders.
//! * [`performance`]: a host's performance from trip facts, cancellation rate against the terms.
//! * [`policy`]: every constant, with where it comes from.

pub mod availability;
pub mod car;
pub mod ical;
pub mod listing;
pub mod performance;
pub mod photo;
pub mod policy;
pub mod scheduled;
pub mod stage;
pub mod teams;
pub mod vehicle;
pub mod vin;

/// Every error code the crate can give, for API documentation and clients: each error type's
/// table (`error_table!`, where each code is written once), in module order.
pub fn all_codes() -> Vec<&'static str> {
    use upcar_errors::ErrorTable;
    [
        availability::AvailabilityError::ROWS,
        car::CarError::ROWS,
        vin::VinError::ROWS,
        vehicle::VehicleError::ROWS,
        photo::PhotoError::ROWS,
        listing::ListingError::ROWS,
        teams::TeamError::ROWS,
        scheduled::TemplateError::ROWS,
    ]
    .concat()
    .iter()
    .map(|r| r.code)
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each rule's code is written once, in its type's table (a variant without a row does not
    /// compile); across the crate's tables none is used twice, and each is snake_case.
    #[test]
    fn codes_are_unique_and_snake_case() {
        use upcar_errors::ErrorTable;
        let rows = [
            availability::AvailabilityError::ROWS,
            car::CarError::ROWS,
            vin::VinError::ROWS,
            vehicle::VehicleError::ROWS,
            photo::PhotoError::ROWS,
            listing::ListingError::ROWS,
            teams::TeamError::ROWS,
            scheduled::TemplateError::ROWS,
        ]
        .concat();
        let problems = upcar_errors::table_problems(&[("hosting-domain", &rows)]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(all_codes().len(), rows.len());
    }
}
