//! The listing wizard: its eight steps in order, and one parser per step's payload, each
//! turning what the client sent into a typed section or the spec's message.

use crate::policy::{
    ADVANCE_NOTICE_HOURS, COUNTRY, DAILY_PRICE_WARNING_DOLLARS, DEFAULT_ADVANCE_NOTICE_HOURS,
    DEFAULT_DOORS, DEFAULT_GAS_TYPE, DEFAULT_MAX_TRIP_DAYS, DEFAULT_MIN_TRIP_DAYS,
    DEFAULT_PLATE_STATE, DEFAULT_SEATS, MAX_CITY_CHARS, MAX_DAILY_PRICE_DOLLARS,
    MAX_DESCRIPTION_CHARS, MAX_DOORS, MAX_PHOTOS, MAX_PLATE_CHARS, MAX_SEATS,
    MAX_SPECIAL_FEATURE_CHARS, MAX_STREET_CHARS, MAX_TRIP_DAYS, MIN_DESCRIPTION_WORDS, MIN_DOORS,
    MIN_PHOTOS, MIN_PLATE_CHARS, MIN_SEATS, MIN_TRIP_DAYS, TWO_DAY_WEEKEND_REQUIRES_MIN_DAYS,
    state_code,
};
use crate::vehicle::{Odometer, Transmission, VehicleDetails, VehicleError, VehicleInput};
use crate::vin::{Vin, VinError};
use serde::Serialize;
use std::collections::{BTreeSet, HashSet};

fn options_text(options: &[u32]) -> String {
    match options.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => {
            let head: Vec<String> = rest.iter().map(u32::to_string).collect();
            format!("{} or {last}", head.join(", "))
        }
    }
}

/// Why a step's payload was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListingError {
    #[error("Unknown listing step {0}.")]
    UnknownStep(String),
    // location
    #[error("Street address is required.")]
    StreetRequired,
    #[error("City is required.")]
    CityRequired,
    #[error("State is required.")]
    StateRequired,
    #[error("Zip code is required.")]
    ZipRequired,
    #[error("Street address must be at most {MAX_STREET_CHARS} characters.")]
    StreetTooLong,
    #[error("City must be at most {MAX_CITY_CHARS} characters.")]
    CityTooLong,
    #[error("Please choose a US state.")]
    InvalidState,
    #[error("Please enter a 5-digit zip code.")]
    InvalidZip,
    #[error("Only cars in the US can be listed.")]
    CountryNotUs,
    #[error("Unable to find location. Please ensure the address is correct.")]
    InvalidCoordinates,
    // vinDetails
    #[error("You must agree to the terms of service before continuing")]
    VinTermsNotAccepted,
    // availability
    #[error("Advance notice must be {} hours.", options_text(ADVANCE_NOTICE_HOURS))]
    InvalidAdvanceNotice,
    #[error("Minimum trip duration must be {} days.", options_text(MIN_TRIP_DAYS))]
    InvalidMinTripDuration,
    #[error("Maximum trip duration must be {} days.", options_text(MAX_TRIP_DAYS))]
    InvalidMaxTripDuration,
    #[error("The maximum trip duration must be at least the minimum trip duration.")]
    MaxTripBelowMin,
    #[error("The two-day weekend minimum is only available when the minimum trip is 1 day.")]
    TwoDayWeekendNotAllowed,
    // features
    #[error("License plate number is required.")]
    PlateRequired,
    #[error(
        "License plate must be {MIN_PLATE_CHARS} to {MAX_PLATE_CHARS} letters, digits, spaces or dashes."
    )]
    InvalidPlate,
    #[error("Please choose the state of the license plate.")]
    InvalidPlateState,
    #[error("Seats must be between {MIN_SEATS} and {MAX_SEATS}.")]
    InvalidSeats,
    #[error("Doors must be between {MIN_DOORS} and {MAX_DOORS}.")]
    InvalidDoors,
    #[error("Gas type must be gas, hybrid or ev.")]
    InvalidGasType,
    #[error("{0} is not one of the available features.")]
    UnknownFeature(String),
    #[error("Special feature is required.")]
    SpecialFeatureRequired,
    #[error("Special feature must be at most {MAX_SPECIAL_FEATURE_CHARS} characters.")]
    SpecialFeatureTooLong,
    // description
    #[error("Description must be at least 60 words.")]
    DescriptionTooShort,
    #[error("Description must be at most 5,000 characters.")]
    DescriptionTooLong,
    // dailyPrice
    #[error("Daily price is required.")]
    PriceRequired,
    #[error("Please enter a valid daily price greater than 0.")]
    InvalidPrice,
    #[error("Daily price must be at most $10,000.")]
    PriceTooHigh,
    // photos
    #[error("Please upload photos before submitting.")]
    PhotosRequired,
    #[error("A listing can have at most {MAX_PHOTOS} photos.")]
    TooManyPhotos,
    #[error("The same photo was added twice.")]
    DuplicatePhoto,
    #[error("A photo address is missing.")]
    InvalidPhotoUrl,
    #[error("The main photo must be one of the listing's photos.")]
    PrimaryPhotoNotListed,
    // finalize
    #[error("Please complete these steps first: {}.", steps.iter().map(|s| s.label()).collect::<Vec<_>>().join(", "))]
    StepsIncomplete { steps: Vec<Step> },
    #[error("Please agree to the terms of service.")]
    TermsNotAccepted,
}

upcar_errors::error_table! {
    ListingError {
        ListingError::UnknownStep(_) => InvalidInput, "unknown_step";
        ListingError::StreetRequired => InvalidInput, "street_required";
        ListingError::CityRequired => InvalidInput, "city_required";
        ListingError::StateRequired => InvalidInput, "state_required";
        ListingError::ZipRequired => InvalidInput, "zip_required";
        ListingError::StreetTooLong => InvalidInput, "street_too_long";
        ListingError::CityTooLong => InvalidInput, "city_too_long";
        ListingError::InvalidState => InvalidInput, "invalid_state";
        ListingError::InvalidZip => InvalidInput, "invalid_zip";
        ListingError::CountryNotUs => InvalidInput, "country_not_us";
        ListingError::InvalidCoordinates => InvalidInput, "invalid_coordinates";
        ListingError::VinTermsNotAccepted => InvalidInput, "vin_terms_not_accepted";
        ListingError::InvalidAdvanceNotice => InvalidInput, "invalid_advance_notice";
        ListingError::InvalidMinTripDuration => InvalidInput, "invalid_min_trip_duration";
        ListingError::InvalidMaxTripDuration => InvalidInput, "invalid_max_trip_duration";
        ListingError::MaxTripBelowMin => InvalidInput, "max_trip_below_min";
        ListingError::TwoDayWeekendNotAllowed => InvalidInput, "two_day_weekend_not_allowed";
        ListingError::PlateRequired => InvalidInput, "plate_required";
        ListingError::InvalidPlate => InvalidInput, "invalid_plate";
        ListingError::InvalidPlateState => InvalidInput, "invalid_plate_state";
        ListingError::InvalidSeats => InvalidInput, "invalid_seats";
        ListingError::InvalidDoors => InvalidInput, "invalid_doors";
        ListingError::InvalidGasType => InvalidInput, "invalid_gas_type";
        ListingError::UnknownFeature(_) => InvalidInput, "unknown_feature";
        ListingError::SpecialFeatureRequired => InvalidInput, "special_feature_required";
        ListingError::SpecialFeatureTooLong => InvalidInput, "special_feature_too_long";
        ListingError::DescriptionTooShort => InvalidInput, "description_too_short";
        ListingError::DescriptionTooLong => InvalidInput, "description_too_long";
        ListingError::PriceRequired => InvalidInput, "price_required";
        ListingError::InvalidPrice => InvalidInput, "invalid_price";
        ListingError::PriceTooHigh => InvalidInput, "price_too_high";
        ListingError::PhotosRequired => InvalidInput, "photos_required";
        ListingError::TooManyPhotos => InvalidInput, "too_many_photos";
        ListingError::DuplicatePhoto => InvalidInput, "duplicate_photo";
        ListingError::InvalidPhotoUrl => InvalidInput, "invalid_photo_url";
        ListingError::PrimaryPhotoNotListed => InvalidInput, "primary_photo_not_listed";
        ListingError::StepsIncomplete { .. } => InvalidInput, "steps_incomplete";
        ListingError::TermsNotAccepted => InvalidInput, "terms_not_accepted";
    }
}

impl ListingError {
    /// The text shown to the user.
    pub fn message(&self) -> String {
        self.to_string()
    }
}

// ---------------------------------------------------------------------------------------------
// Steps

/// The wizard's steps, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Step {
    Location,
    VinDetails,
    Availability,
    Features,
    Description,
    DailyPrice,
    Photos,
    Finalize,
}

impl Step {
    /// Every step in the wizard's order.
    pub const ALL: [Step; 8] = [
        Step::Location,
        Step::VinDetails,
        Step::Availability,
        Step::Features,
        Step::Description,
        Step::DailyPrice,
        Step::Photos,
        Step::Finalize,
    ];

    /// A step by its key (`sectionName`, the `step` query parameter, `nextStep`), exactly as
    /// the spec spells it.
    pub fn parse(key: &str) -> Result<Step, ListingError> {
        Step::ALL
            .into_iter()
            .find(|s| s.key() == key.trim())
            .ok_or_else(|| ListingError::UnknownStep(key.trim().to_string()))
    }

    /// The key.
    pub fn key(&self) -> &'static str {
        match self {
            Step::Location => "location",
            Step::VinDetails => "vinDetails",
            Step::Availability => "availability",
            Step::Features => "features",
            Step::Description => "description",
            Step::DailyPrice => "dailyPrice",
            Step::Photos => "photos",
            Step::Finalize => "finalize",
        }
    }

    /// The stepper's label.
    pub fn label(&self) -> &'static str {
        match self {
            Step::Location => "Location",
            Step::VinDetails => "VIN",
            Step::Availability => "Availability",
            Step::Features => "Features",
            Step::Description => "Description",
            Step::DailyPrice => "Price",
            Step::Photos => "Photos",
            Step::Finalize => "Review",
        }
    }

    fn index(&self) -> usize {
        Step::ALL.iter().position(|s| s == self).unwrap_or(0)
    }

    /// The step after this one; `None` after finalize.
    pub fn next(&self) -> Option<Step> {
        Step::ALL.get(self.index() + 1).copied()
    }

    /// The step Back goes to; `None` from location.
    pub fn previous(&self) -> Option<Step> {
        self.index().checked_sub(1).and_then(|i| Step::ALL.get(i).copied())
    }
}

impl TryFrom<&str> for Step {
    type Error = ListingError;
    fn try_from(s: &str) -> Result<Step, ListingError> {
        Step::parse(s)
    }
}

/// Where a draft resumes (`nextStep`): the first step, in order, not yet completed; finalize
/// when all the others are.
pub fn next_step(completed: &BTreeSet<Step>) -> Step {
    Step::ALL.into_iter().find(|s| !completed.contains(s)).unwrap_or(Step::Finalize)
}

/// The final submit.
pub struct Finalize;

impl Finalize {
    /// The steps before finalize that are not completed yet, in order.
    pub fn missing(completed: &BTreeSet<Step>) -> Vec<Step> {
        Step::ALL[..7].iter().copied().filter(|s| !completed.contains(s)).collect()
    }

    /// Finalize needs all seven earlier steps and the terms box ticked.
    pub fn check(completed: &BTreeSet<Step>, terms_accepted: bool) -> Result<(), ListingError> {
        let steps = Finalize::missing(completed);
        if !steps.is_empty() {
            return Err(ListingError::StepsIncomplete { steps });
        }
        if !terms_accepted {
            return Err(ListingError::TermsNotAccepted);
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// location

/// The address form and the pin as sent.
#[derive(Debug, Clone, Copy, Default)]
pub struct LocationInput<'a> {
    pub street: &'a str,
    pub city: &'a str,
    /// A two-letter code or the full name.
    pub state: &'a str,
    pub zip: &'a str,
    /// Blank means US.
    pub country: &'a str,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

/// A US address with its pin.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Location {
    pub street: String,
    pub city: String,
    /// Two-letter code.
    pub state: &'static str,
    /// `12345` or `12345-6789`.
    pub zip: String,
    /// Always `US`.
    pub country: &'static str,
    pub latitude: f64,
    pub longitude: f64,
}

fn is_zip(z: &str) -> bool {
    let b = z.as_bytes();
    let five = |s: &[u8]| s.len() == 5 && s.iter().all(u8::is_ascii_digit);
    match b.len() {
        5 => five(b),
        10 => five(&b[..5]) && b[5] == b'-' && b[6..].iter().all(u8::is_ascii_digit),
        _ => false,
    }
}

impl Location {
    /// Required fields in the form's order, then their shapes, then country and pin.
    pub fn parse(input: &LocationInput<'_>) -> Result<Location, ListingError> {
        let street = input.street.trim();
        let city = input.city.trim();
        let state = input.state.trim();
        let zip = input.zip.trim();
        if street.is_empty() {
            return Err(ListingError::StreetRequired);
        }
        if city.is_empty() {
            return Err(ListingError::CityRequired);
        }
        if state.is_empty() {
            return Err(ListingError::StateRequired);
        }
        if zip.is_empty() {
            return Err(ListingError::ZipRequired);
        }
        if street.chars().count() > MAX_STREET_CHARS {
            return Err(ListingError::StreetTooLong);
        }
        if city.chars().count() > MAX_CITY_CHARS {
            return Err(ListingError::CityTooLong);
        }
        let state = state_code(state).ok_or(ListingError::InvalidState)?;
        if !is_zip(zip) {
            return Err(ListingError::InvalidZip);
        }
        let country = input.country.trim();
        let us = ["", "US", "USA", "United States", "United States of America"];
        if !us.iter().any(|c| c.eq_ignore_ascii_case(country)) {
            return Err(ListingError::CountryNotUs);
        }
        let (Some(latitude), Some(longitude)) = (input.latitude, input.longitude) else {
            return Err(ListingError::InvalidCoordinates);
        };
        if !(latitude.is_finite()
            && longitude.is_finite()
            && (-90.0..=90.0).contains(&latitude)
            && (-180.0..=180.0).contains(&longitude))
        {
            return Err(ListingError::InvalidCoordinates);
        }
        Ok(Location {
            street: street.to_string(),
            city: city.to_string(),
            state,
            zip: zip.to_string(),
            country: COUNTRY,
            latitude,
            longitude,
        })
    }

    /// GeoJSON order, as the listing's `location.coordinates`: `[lng, lat]`.
    pub fn coordinates(&self) -> [f64; 2] {
        [self.longitude, self.latitude]
    }
}

// ---------------------------------------------------------------------------------------------
// vinDetails

/// Why the VIN step was refused: the VIN, the vehicle, or the terms box.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VinStepError {
    #[error(transparent)]
    Vin(#[from] VinError),
    #[error(transparent)]
    Vehicle(#[from] VehicleError),
    #[error(transparent)]
    Listing(#[from] ListingError),
}

impl VinStepError {
    /// The code of the underlying error.
    pub fn code(&self) -> &'static str {
        use upcar_errors::ErrorCode;
        match self {
            VinStepError::Vin(e) => e.code(),
            VinStepError::Vehicle(e) => e.code(),
            VinStepError::Listing(e) => e.code(),
        }
    }

    /// The text shown to the user.
    pub fn message(&self) -> String {
        self.to_string()
    }
}

/// The VIN step as sent.
#[derive(Debug, Clone, Copy, Default)]
pub struct VinDetailsInput<'a> {
    pub vin: &'a str,
    pub vehicle: VehicleInput<'a>,
    pub odometer: &'a str,
    pub transmission_type: &'a str,
    pub terms_accepted: bool,
}

/// The VIN step, checked: a valid VIN, the five vehicle fields, an eligible year and odometer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VinDetails {
    pub vin: Vin,
    #[serde(flatten)]
    pub vehicle: VehicleDetails,
    pub odometer: Odometer,
    pub transmission_type: Transmission,
}

impl VinDetails {
    /// In the screen's order: VIN, terms box, the edit modal, the odometer form, eligibility.
    pub fn parse(input: &VinDetailsInput<'_>, current_year: i32) -> Result<Self, VinStepError> {
        let vin = Vin::parse(input.vin)?;
        if !input.terms_accepted {
            return Err(ListingError::VinTermsNotAccepted.into());
        }
        let vehicle = VehicleDetails::parse(&input.vehicle, current_year)?;
        let odometer = Odometer::parse(input.odometer)?;
        let transmission_type = Transmission::parse(input.transmission_type)?;
        crate::vehicle::check_vehicle(vehicle.car_year, &odometer, current_year)?;
        Ok(VinDetails { vin, vehicle, odometer, transmission_type })
    }
}

// ---------------------------------------------------------------------------------------------
// availability

/// The availability step as sent; a missing value takes the spec's default.
#[derive(Debug, Clone, Copy, Default)]
pub struct AvailabilityInput {
    pub advance_notice: Option<i64>,
    pub min_trip_duration: Option<i64>,
    pub max_trip_duration: Option<i64>,
    pub two_day_trip_for_weekend: bool,
}

/// Advance notice (hours) and trip limits (days), each one of the spec's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Availability {
    pub advance_notice: u32,
    pub min_trip_duration: u32,
    pub max_trip_duration: u32,
    pub two_day_trip_for_weekend: bool,
}

fn option(
    value: Option<i64>,
    default: u32,
    options: &[u32],
    err: ListingError,
) -> Result<u32, ListingError> {
    match value {
        None => Ok(default),
        Some(v) => u32::try_from(v).ok().filter(|v| options.contains(v)).ok_or(err),
    }
}

impl Availability {
    /// Each value among its options, the maximum not below the minimum, and the two-day weekend
    /// minimum only with a one-day minimum.
    pub fn parse(input: &AvailabilityInput) -> Result<Availability, ListingError> {
        let advance_notice = option(
            input.advance_notice,
            DEFAULT_ADVANCE_NOTICE_HOURS,
            ADVANCE_NOTICE_HOURS,
            ListingError::InvalidAdvanceNotice,
        )?;
        let min_trip_duration = option(
            input.min_trip_duration,
            DEFAULT_MIN_TRIP_DAYS,
            MIN_TRIP_DAYS,
            ListingError::InvalidMinTripDuration,
        )?;
        let max_trip_duration = option(
            input.max_trip_duration,
            DEFAULT_MAX_TRIP_DAYS,
            MAX_TRIP_DAYS,
            ListingError::InvalidMaxTripDuration,
        )?;
        if max_trip_duration < min_trip_duration {
            return Err(ListingError::MaxTripBelowMin);
        }
        if input.two_day_trip_for_weekend && min_trip_duration != TWO_DAY_WEEKEND_REQUIRES_MIN_DAYS
        {
            return Err(ListingError::TwoDayWeekendNotAllowed);
        }
        Ok(Availability {
            advance_notice,
            min_trip_duration,
            max_trip_duration,
            two_day_trip_for_weekend: input.two_day_trip_for_weekend,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// features

/// Gas, hybrid or electric.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GasType {
    #[default]
    Gas,
    Hybrid,
    Ev,
}

impl GasType {
    /// `gas`, `hybrid`, `ev` (also `electric`), any case; blank is the default, gas.
    pub fn parse(input: &str) -> Result<GasType, ListingError> {
        match input.trim().to_ascii_lowercase().as_str() {
            "" => GasType::parse(DEFAULT_GAS_TYPE),
            "gas" => Ok(GasType::Gas),
            "hybrid" => Ok(GasType::Hybrid),
            "ev" | "electric" => Ok(GasType::Ev),
            _ => Err(ListingError::InvalidGasType),
        }
    }

    /// The stored spelling.
    pub fn as_str(&self) -> &'static str {
        match self {
            GasType::Gas => "gas",
            GasType::Hybrid => "hybrid",
            GasType::Ev => "ev",
        }
    }
}

/// A licence plate: upper case, 2 to 8 of A-Z, 0-9, space and dash, inner spaces kept.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct LicensePlate(String);

impl LicensePlate {
    /// Trims and upper-cases a typed plate.
    pub fn parse(input: &str) -> Result<LicensePlate, ListingError> {
        let p = input.trim().to_ascii_uppercase();
        if p.is_empty() {
            return Err(ListingError::PlateRequired);
        }
        let n = p.chars().count();
        let allowed =
            p.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == ' ' || c == '-');
        if !(MIN_PLATE_CHARS..=MAX_PLATE_CHARS).contains(&n)
            || !allowed
            || !p.chars().any(|c| c.is_ascii_alphanumeric())
        {
            return Err(ListingError::InvalidPlate);
        }
        Ok(LicensePlate(p))
    }

    /// The plate text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The features step as sent; missing numbers take the spec's defaults.
#[derive(Debug, Clone, Copy, Default)]
pub struct FeaturesInput<'a> {
    pub license_plate: &'a str,
    /// The plate's state, code or name; blank is CA.
    pub state: &'a str,
    /// Selected feature names.
    pub features: &'a [&'a str],
    pub seats: Option<i64>,
    pub doors: Option<i64>,
    pub gas_type: &'a str,
    pub special_feature: &'a str,
}

/// The features step, checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Features {
    pub license_plate: LicensePlate,
    /// The plate's state, two-letter code.
    pub state: &'static str,
    /// In the allowed list's spelling, first occurrence order, no duplicates.
    pub features: Vec<String>,
    pub seats: u8,
    pub doors: u8,
    pub gas_type: GasType,
    pub special_feature: String,
}

fn count(
    value: Option<i64>,
    default: u8,
    min: u8,
    max: u8,
    err: ListingError,
) -> Result<u8, ListingError> {
    match value {
        None => Ok(default),
        Some(v) => u8::try_from(v).ok().filter(|v| (min..=max).contains(v)).ok_or(err),
    }
}

impl Features {
    /// `allowed_features` is the `carFeatures` list (or the VIN's `featuresAvailability`);
    /// names match it case-insensitively.
    pub fn parse(
        input: &FeaturesInput<'_>,
        allowed_features: &[&str],
    ) -> Result<Features, ListingError> {
        let license_plate = LicensePlate::parse(input.license_plate)?;
        let state = if input.state.trim().is_empty() {
            DEFAULT_PLATE_STATE
        } else {
            state_code(input.state).ok_or(ListingError::InvalidPlateState)?
        };
        let mut features = Vec::new();
        for name in input.features {
            let name = name.trim();
            let canonical = allowed_features
                .iter()
                .find(|a| a.trim().eq_ignore_ascii_case(name))
                .ok_or_else(|| ListingError::UnknownFeature(name.to_string()))?;
            let canonical = canonical.trim().to_string();
            if !features.contains(&canonical) {
                features.push(canonical);
            }
        }
        let seats =
            count(input.seats, DEFAULT_SEATS, MIN_SEATS, MAX_SEATS, ListingError::InvalidSeats)?;
        let doors =
            count(input.doors, DEFAULT_DOORS, MIN_DOORS, MAX_DOORS, ListingError::InvalidDoors)?;
        let gas_type = GasType::parse(input.gas_type)?;
        let special_feature = input.special_feature.trim();
        if special_feature.is_empty() {
            return Err(ListingError::SpecialFeatureRequired);
        }
        if special_feature.chars().count() > MAX_SPECIAL_FEATURE_CHARS {
            return Err(ListingError::SpecialFeatureTooLong);
        }
        Ok(Features {
            license_plate,
            state,
            features,
            seats,
            doors,
            gas_type,
            special_feature: special_feature.to_string(),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// description

/// The car's description (`carDetails`): at least 60 words, at most 5,000 characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Description(String);

impl Description {
    /// Trims; words are separated by any whitespace.
    pub fn parse(input: &str) -> Result<Description, ListingError> {
        let d = input.trim();
        if d.split_whitespace().count() < MIN_DESCRIPTION_WORDS {
            return Err(ListingError::DescriptionTooShort);
        }
        if d.chars().count() > MAX_DESCRIPTION_CHARS {
            return Err(ListingError::DescriptionTooLong);
        }
        Ok(Description(d.to_string()))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

// ---------------------------------------------------------------------------------------------
// dailyPrice

/// A daily price in whole dollars, 1 to 10,000.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DailyPrice {
    pub dollars: u32,
    /// The same in cents.
    pub cents: i64,
    /// Under $50: the client warns the car will be rented long-term only (Continue still
    /// submits, so this is not an error).
    pub long_term_only_warning: bool,
}

impl DailyPrice {
    /// Typed text: digits only (surrounding spaces ignored).
    pub fn parse(input: &str) -> Result<DailyPrice, ListingError> {
        let s = input.trim();
        if s.is_empty() {
            return Err(ListingError::PriceRequired);
        }
        if !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ListingError::InvalidPrice);
        }
        let digits = s.trim_start_matches('0');
        if digits.is_empty() {
            return Err(ListingError::InvalidPrice);
        }
        // More than 10 digits cannot be a valid price and would overflow.
        if digits.len() > 10 {
            return Err(ListingError::PriceTooHigh);
        }
        let dollars: i64 = digits.parse().map_err(|_| ListingError::InvalidPrice)?;
        DailyPrice::from_dollars(dollars)
    }

    /// A JSON number: whole and positive.
    pub fn from_json_number(value: f64) -> Result<DailyPrice, ListingError> {
        if !value.is_finite() || value.fract() != 0.0 || value <= 0.0 {
            return Err(ListingError::InvalidPrice);
        }
        if value > f64::from(MAX_DAILY_PRICE_DOLLARS) {
            return Err(ListingError::PriceTooHigh);
        }
        DailyPrice::from_dollars(value as i64)
    }

    /// Whole dollars.
    pub fn from_dollars(dollars: i64) -> Result<DailyPrice, ListingError> {
        if dollars <= 0 {
            return Err(ListingError::InvalidPrice);
        }
        let dollars = u32::try_from(dollars)
            .ok()
            .filter(|d| *d <= MAX_DAILY_PRICE_DOLLARS)
            .ok_or(ListingError::PriceTooHigh)?;
        Ok(DailyPrice {
            dollars,
            cents: i64::from(dollars) * 100,
            long_term_only_warning: dollars < DAILY_PRICE_WARNING_DOLLARS,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// photos

/// The photos step: stored photo URLs in the host's order and the main one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PhotoSet {
    pub primary_photo_url: String,
    pub photo_urls: Vec<String>,
}

impl PhotoSet {
    /// 1 to 50 distinct, non-blank URLs; the primary must be one of them (blank: the first).
    pub fn parse(primary_photo_url: &str, photo_urls: &[&str]) -> Result<PhotoSet, ListingError> {
        if photo_urls.len() < MIN_PHOTOS {
            return Err(ListingError::PhotosRequired);
        }
        if photo_urls.len() > MAX_PHOTOS {
            return Err(ListingError::TooManyPhotos);
        }
        let mut seen = HashSet::new();
        let mut urls = Vec::with_capacity(photo_urls.len());
        for url in photo_urls {
            let url = url.trim();
            if url.is_empty() {
                return Err(ListingError::InvalidPhotoUrl);
            }
            if !seen.insert(url) {
                return Err(ListingError::DuplicatePhoto);
            }
            urls.push(url.to_string());
        }
        let primary = primary_photo_url.trim();
        let primary = if primary.is_empty() { urls[0].clone() } else { primary.to_string() };
        if !seen.contains(primary.as_str()) {
            return Err(ListingError::PrimaryPhotoNotListed);
        }
        Ok(PhotoSet { primary_photo_url: primary, photo_urls: urls })
    }
}

#[cfg(test)]
mod tests;
