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
//! * [`reviews`]: the review window, stars, category ratings, texts and visibility.
//! * [`performance`]: a host's performance from trip facts, cancellation rate against the terms.
//! * [`policy`]: every constant, with where it comes from.

pub mod availability;
pub mod car;
pub mod listing;
pub mod performance;
pub mod photo;
pub mod policy;
pub mod reviews;
pub mod teams;
pub mod vehicle;
pub mod vin;

/// Every error code the crate can give, for API documentation and clients.
pub fn all_codes() -> &'static [&'static str] {
    ALL_CODES
}

const ALL_CODES: &[&str] = &[
    // availability
    "always_available_required",
    "unknown_day",
    "duplicate_day",
    "invalid_time",
    "invalid_date",
    "hours_inverted",
    "invalid_availability_action",
    "availability_list_empty",
    "too_many_blocks",
    "block_inverted",
    "block_in_past",
    "block_too_far",
    "block_reason_too_long",
    "block_id_required",
    // car
    "invalid_discount",
    "guest_instructions_too_long",
    "extra_name_required",
    "extra_text_too_long",
    "invalid_extra_price",
    "invalid_extra_per",
    "invalid_extra_quantity",
    "too_many_extras",
    "duplicate_extra",
    "invalid_car_status",
    // vin
    "invalid_vin",
    "vin_check_digit",
    // vehicle
    "car_year_required",
    "make_required",
    "model_required",
    "trim_required",
    "style_required",
    "vehicle_field_too_long",
    "vehicle_too_old",
    "vehicle_year_in_future",
    "vehicle_mileage_too_high",
    "odometer_required",
    "invalid_odometer",
    "transmission_required",
    "invalid_transmission",
    // photo
    "photo_type",
    "photo_too_large",
    "photo_resolution",
    // listing
    "unknown_step",
    "street_required",
    "city_required",
    "state_required",
    "zip_required",
    "street_too_long",
    "city_too_long",
    "invalid_state",
    "invalid_zip",
    "country_not_us",
    "invalid_coordinates",
    "vin_terms_not_accepted",
    "invalid_advance_notice",
    "invalid_min_trip_duration",
    "invalid_max_trip_duration",
    "max_trip_below_min",
    "two_day_weekend_not_allowed",
    "plate_required",
    "invalid_plate",
    "invalid_plate_state",
    "invalid_seats",
    "invalid_doors",
    "invalid_gas_type",
    "unknown_feature",
    "special_feature_required",
    "special_feature_too_long",
    "description_too_short",
    "description_too_long",
    "price_required",
    "invalid_price",
    "price_too_high",
    "photos_required",
    "too_many_photos",
    "duplicate_photo",
    "invalid_photo_url",
    "primary_photo_not_listed",
    "steps_incomplete",
    "terms_not_accepted",
    // teams
    "team_name_required",
    "team_name_too_long",
    "vehicles_required",
    "invite_input_required",
    "invalid_email",
    "too_many_invites",
    "invalid_role",
    "invalid_invite_action",
    "invitation_expired",
    "invitation_already_answered",
    "invitation_revoked",
    "invalid_share",
    "shares_over_100",
    "duplicate_co_host",
    // reviews
    "review_trip_not_ended",
    "review_window_closed",
    "invalid_stars",
    "unknown_review_category",
    "duplicate_review_category",
    "invalid_category_rating",
    "review_too_long",
    "response_required",
    "response_too_long",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_snake_case_and_match_the_modules() {
        let mut seen = std::collections::HashSet::new();
        for code in all_codes() {
            assert!(seen.insert(*code), "duplicate code {code}");
            assert!(!code.is_empty() && !code.starts_with('_') && !code.ends_with('_'), "{code}");
            assert!(
                code.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{code} is not snake_case"
            );
        }
        let modules: Vec<&[&str]> = vec![
            availability::AvailabilityError::CODES,
            car::CarError::CODES,
            vin::VinError::CODES,
            vehicle::VehicleError::CODES,
            photo::PhotoError::CODES,
            listing::ListingError::CODES,
            teams::TeamError::CODES,
            reviews::ReviewError::CODES,
        ];
        let from_modules: std::collections::HashSet<&str> =
            modules.iter().flat_map(|c| c.iter().copied()).collect();
        assert_eq!(from_modules, seen);
    }

    /// One value of every error variant: their codes are exactly [`all_codes`], so a code
    /// cannot be given without being listed.
    #[test]
    fn every_variant_code_is_listed() {
        use listing::{ListingError as L, Step};
        use photo::PhotoError as P;
        use reviews::ReviewError as R;
        use teams::TeamError as T;
        use vehicle::VehicleError as V;
        use vin::VinError;
        let f = || "f".to_string();
        use availability::AvailabilityError as A;
        use car::CarError as C;
        let codes: Vec<&str> = [
            A::AlwaysAvailableRequired.code(),
            A::UnknownDay(f()).code(),
            A::DuplicateDay(f()).code(),
            A::BadTime(f()).code(),
            A::BadDate(f()).code(),
            A::HoursInverted(f()).code(),
            A::InvalidAction.code(),
            A::EmptyList.code(),
            A::TooManyBlocks.code(),
            A::BlockInverted.code(),
            A::BlockInPast.code(),
            A::BlockTooFar.code(),
            A::ReasonTooLong.code(),
            A::BlockIdRequired.code(),
            C::InvalidDiscount.code(),
            C::InstructionsTooLong.code(),
            C::ExtraNameRequired.code(),
            C::ExtraTextTooLong.code(),
            C::InvalidExtraPrice.code(),
            C::InvalidExtraPer.code(),
            C::InvalidExtraQuantity.code(),
            C::TooManyExtras.code(),
            C::DuplicateExtra.code(),
            C::InvalidStatus.code(),
            VinError::Invalid.code(),
            VinError::CheckDigit { expected: '1', found: '2' }.code(),
            V::YearRequired.code(),
            V::MakeRequired.code(),
            V::ModelRequired.code(),
            V::TrimRequired.code(),
            V::StyleRequired.code(),
            V::FieldTooLong { field: "Trim" }.code(),
            V::TooOld.code(),
            V::YearInFuture { year: 2100 }.code(),
            V::MileageTooHigh.code(),
            V::OdometerRequired.code(),
            V::InvalidOdometer.code(),
            V::TransmissionRequired.code(),
            V::InvalidTransmission.code(),
            P::NotJpegOrPng { file: f() }.code(),
            P::TooLarge { file: f() }.code(),
            P::Resolution { file: f() }.code(),
            L::UnknownStep(f()).code(),
            L::StreetRequired.code(),
            L::CityRequired.code(),
            L::StateRequired.code(),
            L::ZipRequired.code(),
            L::StreetTooLong.code(),
            L::CityTooLong.code(),
            L::InvalidState.code(),
            L::InvalidZip.code(),
            L::CountryNotUs.code(),
            L::InvalidCoordinates.code(),
            L::VinTermsNotAccepted.code(),
            L::InvalidAdvanceNotice.code(),
            L::InvalidMinTripDuration.code(),
            L::InvalidMaxTripDuration.code(),
            L::MaxTripBelowMin.code(),
            L::TwoDayWeekendNotAllowed.code(),
            L::PlateRequired.code(),
            L::InvalidPlate.code(),
            L::InvalidPlateState.code(),
            L::InvalidSeats.code(),
            L::InvalidDoors.code(),
            L::InvalidGasType.code(),
            L::UnknownFeature(f()).code(),
            L::SpecialFeatureRequired.code(),
            L::SpecialFeatureTooLong.code(),
            L::DescriptionTooShort.code(),
            L::DescriptionTooLong.code(),
            L::PriceRequired.code(),
            L::InvalidPrice.code(),
            L::PriceTooHigh.code(),
            L::PhotosRequired.code(),
            L::TooManyPhotos.code(),
            L::DuplicatePhoto.code(),
            L::InvalidPhotoUrl.code(),
            L::PrimaryPhotoNotListed.code(),
            L::StepsIncomplete { steps: vec![Step::Location] }.code(),
            L::TermsNotAccepted.code(),
            T::TeamNameRequired.code(),
            T::TeamNameTooLong.code(),
            T::VehiclesRequired.code(),
            T::InviteInputRequired.code(),
            T::InvalidEmail(f()).code(),
            T::TooManyInvites.code(),
            T::InvalidRole.code(),
            T::InvalidInviteAction.code(),
            T::InvitationExpired.code(),
            T::InvitationAlreadyAnswered.code(),
            T::InvitationRevoked.code(),
            T::InvalidShare.code(),
            T::SharesOver100.code(),
            T::DuplicateCoHost.code(),
            R::TripNotEnded.code(),
            R::WindowClosed.code(),
            R::InvalidStars.code(),
            R::UnknownCategory(f()).code(),
            R::DuplicateCategory.code(),
            R::InvalidCategoryRating.code(),
            R::ReviewTooLong.code(),
            R::ResponseRequired.code(),
            R::ResponseTooLong.code(),
        ]
        .to_vec();
        assert_eq!(codes, all_codes());
    }
}
