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
pub mod listing;
pub mod performance;
pub mod photo;
pub mod policy;
pub mod scheduled;
pub mod stage;
pub mod teams;
pub mod vehicle;
pub mod vin;

/// Every error code the crate can give, for API documentation and clients: each module's
/// `CODES`, in module order.
pub fn all_codes() -> Vec<&'static str> {
    [
        availability::AvailabilityError::CODES,
        car::CarError::CODES,
        vin::VinError::CODES,
        vehicle::VehicleError::CODES,
        photo::PhotoError::CODES,
        listing::ListingError::CODES,
        teams::TeamError::CODES,
        scheduled::TemplateError::CODES,
    ]
    .concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_snake_case() {
        let mut seen = std::collections::HashSet::new();
        for code in all_codes() {
            assert!(seen.insert(code), "duplicate code {code}");
            assert!(!code.is_empty() && !code.starts_with('_') && !code.ends_with('_'), "{code}");
            assert!(
                code.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{code} is not snake_case"
            );
        }
    }

    /// One value of every error variant: their codes are exactly [`all_codes`], so a code
    /// cannot be given without being listed.
    #[test]
    fn every_variant_code_is_listed() {
        use listing::{ListingError as L, Step};
        use photo::PhotoError as P;
        use scheduled::TemplateError as S;
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
            S::NameRequired.code(),
            S::NameTooLong.code(),
            S::MessageRequired.code(),
            S::MessageTooLong.code(),
            S::UnknownPlaceholder(f()).code(),
            S::UnclosedPlaceholder.code(),
            S::InvalidTrigger.code(),
            S::InvalidOffset.code(),
            S::EnabledRequired.code(),
        ]
        .to_vec();
        let (mut codes, mut all) = (codes, all_codes());
        codes.sort_unstable();
        all.sort_unstable();
        assert_eq!(codes, all);
    }
}
