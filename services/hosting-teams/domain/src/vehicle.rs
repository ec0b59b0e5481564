//! The vehicle itself: the edit modal's five fields, the odometer and transmission form, and
//! the terms' eligibility (model year 2012 or newer, under 130,000 miles).

use crate::policy::{
    CAR_ODOMETERS, MAX_MODEL_YEARS_AHEAD, MAX_ODOMETER_MILES_EXCLUSIVE, MAX_VEHICLE_TEXT_CHARS,
    MIN_MODEL_YEAR, STYLE_OTHER_DEFAULT,
};
use serde::Serialize;

/// Why vehicle data was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VehicleError {
    #[error("Please select a car year")]
    YearRequired,
    #[error("Please select a make")]
    MakeRequired,
    #[error("Please select a model")]
    ModelRequired,
    #[error("Please enter a trim")]
    TrimRequired,
    #[error("Please select a style")]
    StyleRequired,
    /// A free-text field longer than [`MAX_VEHICLE_TEXT_CHARS`].
    #[error("{field} must be at most {max} characters.", max = MAX_VEHICLE_TEXT_CHARS)]
    FieldTooLong { field: &'static str },
    /// Older than the terms allow.
    #[error("Cars must be model year 2012 or newer.")]
    TooOld,
    /// More than one year ahead of the calendar.
    #[error("Model year {year} is not available yet.")]
    YearInFuture { year: i32 },
    /// 130,000 miles or more.
    #[error("Cars must have under 130,000 miles.")]
    MileageTooHigh,
    #[error("Please select an odometer reading")]
    OdometerRequired,
    /// Neither one of the odometer choices nor a whole number of miles.
    #[error("Please select one of the odometer readings offered.")]
    InvalidOdometer,
    #[error("Transmission type is required")]
    TransmissionRequired,
    #[error("Transmission type must be Automatic or Manual.")]
    InvalidTransmission,
}

upcar_errors::error_table! {
    VehicleError {
        VehicleError::YearRequired => InvalidInput, "car_year_required";
        VehicleError::MakeRequired => InvalidInput, "make_required";
        VehicleError::ModelRequired => InvalidInput, "model_required";
        VehicleError::TrimRequired => InvalidInput, "trim_required";
        VehicleError::StyleRequired => InvalidInput, "style_required";
        VehicleError::FieldTooLong { .. } => InvalidInput, "vehicle_field_too_long";
        VehicleError::TooOld => InvalidInput, "vehicle_too_old";
        VehicleError::YearInFuture { .. } => InvalidInput, "vehicle_year_in_future";
        VehicleError::MileageTooHigh => InvalidInput, "vehicle_mileage_too_high";
        VehicleError::OdometerRequired => InvalidInput, "odometer_required";
        VehicleError::InvalidOdometer => InvalidInput, "invalid_odometer";
        VehicleError::TransmissionRequired => InvalidInput, "transmission_required";
        VehicleError::InvalidTransmission => InvalidInput, "invalid_transmission";
    }
}

impl VehicleError {
    /// The text shown to the user.
    pub fn message(&self) -> String {
        self.to_string()
    }
}

/// An odometer reading: one of the client's choices ([`CAR_ODOMETERS`]) or a number of miles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Odometer {
    /// A band from the choices, by its label.
    Band(&'static str),
    /// Exact miles.
    Miles(u32),
}

impl Odometer {
    /// A band label (any case, surrounding spaces ignored) or whole miles (`45000`, `45,000`).
    pub fn parse(input: &str) -> Result<Odometer, VehicleError> {
        let s = input.trim();
        if s.is_empty() {
            return Err(VehicleError::OdometerRequired);
        }
        if let Some((label, _)) = CAR_ODOMETERS.iter().find(|(l, _)| l.eq_ignore_ascii_case(s)) {
            return Ok(Odometer::Band(label));
        }
        let digits: String = s.chars().filter(|c| *c != ',').collect();
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
            return Err(VehicleError::InvalidOdometer);
        }
        digits.parse().map(Odometer::Miles).map_err(|_| VehicleError::InvalidOdometer)
    }

    /// Whole miles from a JSON number.
    pub fn from_miles(miles: u32) -> Odometer {
        Odometer::Miles(miles)
    }

    /// The reading that decides eligibility, exclusive: a band's upper edge, or the exact
    /// miles plus one. An eligible car's value is at most [`MAX_ODOMETER_MILES_EXCLUSIVE`].
    pub fn upper_edge_exclusive(&self) -> u64 {
        match self {
            Odometer::Band(label) => CAR_ODOMETERS
                .iter()
                .find(|(l, _)| l == label)
                .map_or(u64::MAX, |(_, edge)| u64::from(*edge)),
            Odometer::Miles(m) => u64::from(*m) + 1,
        }
    }

    /// The text stored on the listing: the band's label or the miles.
    pub fn label(&self) -> String {
        match self {
            Odometer::Band(label) => (*label).to_string(),
            Odometer::Miles(m) => m.to_string(),
        }
    }
}

/// Automatic (the default) or manual.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Transmission {
    #[default]
    Automatic,
    Manual,
}

impl Transmission {
    /// `automatic` or `manual`, any case.
    pub fn parse(input: &str) -> Result<Transmission, VehicleError> {
        let s = input.trim();
        if s.is_empty() {
            Err(VehicleError::TransmissionRequired)
        } else if s.eq_ignore_ascii_case("automatic") {
            Ok(Transmission::Automatic)
        } else if s.eq_ignore_ascii_case("manual") {
            Ok(Transmission::Manual)
        } else {
            Err(VehicleError::InvalidTransmission)
        }
    }

    /// The stored spelling.
    pub fn as_str(&self) -> &'static str {
        match self {
            Transmission::Automatic => "automatic",
            Transmission::Manual => "manual",
        }
    }
}

/// The terms' eligibility: model year 2012 or newer and at most one year ahead of
/// `current_year`; under 130,000 miles. The year is checked first.
pub fn check_vehicle(
    year: i32,
    odometer: &Odometer,
    current_year: i32,
) -> Result<(), VehicleError> {
    check_year(year, current_year)?;
    if odometer.upper_edge_exclusive() > u64::from(MAX_ODOMETER_MILES_EXCLUSIVE) {
        return Err(VehicleError::MileageTooHigh);
    }
    Ok(())
}

/// The model-year half of [`check_vehicle`].
pub fn check_year(year: i32, current_year: i32) -> Result<(), VehicleError> {
    if year < MIN_MODEL_YEAR {
        Err(VehicleError::TooOld)
    } else if year > current_year.saturating_add(MAX_MODEL_YEARS_AHEAD) {
        Err(VehicleError::YearInFuture { year })
    } else {
        Ok(())
    }
}

/// The vehicle edit modal as typed: every field text (a year arriving as a JSON number is
/// passed as its decimal text).
#[derive(Debug, Clone, Copy, Default)]
pub struct VehicleInput<'a> {
    pub car_year: &'a str,
    pub make: &'a str,
    pub model: &'a str,
    pub trim: &'a str,
    pub style: &'a str,
}

/// The vehicle's identity, all five fields present, the year eligible.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VehicleDetails {
    pub car_year: i32,
    pub make: String,
    pub model: String,
    pub trim: String,
    /// "Other" is stored as "sedan".
    pub style: String,
}

fn required(s: &str, err: VehicleError, field: &'static str) -> Result<String, VehicleError> {
    let t = s.trim();
    if t.is_empty() {
        Err(err)
    } else if t.chars().count() > MAX_VEHICLE_TEXT_CHARS {
        Err(VehicleError::FieldTooLong { field })
    } else {
        Ok(t.to_string())
    }
}

impl VehicleDetails {
    /// Checks the five fields in the modal's order, then the model year against the terms.
    pub fn parse(input: &VehicleInput<'_>, current_year: i32) -> Result<Self, VehicleError> {
        let year_text = input.car_year.trim();
        if year_text.is_empty() {
            return Err(VehicleError::YearRequired);
        }
        let car_year: i32 = year_text.parse().map_err(|_| VehicleError::YearRequired)?;
        let make = required(input.make, VehicleError::MakeRequired, "Make")?;
        let model = required(input.model, VehicleError::ModelRequired, "Model")?;
        let trim = required(input.trim, VehicleError::TrimRequired, "Trim")?;
        let mut style = required(input.style, VehicleError::StyleRequired, "Style")?;
        if style.eq_ignore_ascii_case("other") {
            style = STYLE_OTHER_DEFAULT.to_string();
        }
        check_year(car_year, current_year)?;
        Ok(VehicleDetails { car_year, make, model, trim, style })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use upcar_errors::ErrorCode;

    #[test]
    fn odometer_choices_and_numbers() {
        let cases = [
            ("0-50k miles", Ok(Odometer::Band("0-50k miles"))),
            (" 100K-130K MILES ", Ok(Odometer::Band("100k-130k miles"))),
            ("45000", Ok(Odometer::Miles(45_000))),
            ("129,999", Ok(Odometer::Miles(129_999))),
            ("", Err(VehicleError::OdometerRequired)),
            ("   ", Err(VehicleError::OdometerRequired)),
            ("lots", Err(VehicleError::InvalidOdometer)),
            ("-5", Err(VehicleError::InvalidOdometer)),
            ("12.5", Err(VehicleError::InvalidOdometer)),
            (",", Err(VehicleError::InvalidOdometer)),
            ("99999999999", Err(VehicleError::InvalidOdometer)),
        ];
        for (text, want) in cases {
            assert_eq!(Odometer::parse(text), want, "{text:?}");
        }
        assert_eq!(Odometer::Band("50k-100k miles").label(), "50k-100k miles");
        assert_eq!(Odometer::Miles(7).label(), "7");
    }

    #[test]
    fn eligibility_by_the_terms() {
        let ok = Odometer::Miles(10);
        let cases = [
            (2012, ok, Ok(())),
            (2011, ok, Err(VehicleError::TooOld)),
            (2027, ok, Ok(())), // next year's model
            (2028, ok, Err(VehicleError::YearInFuture { year: 2028 })),
            (2020, Odometer::Miles(129_999), Ok(())),
            (2020, Odometer::Miles(130_000), Err(VehicleError::MileageTooHigh)),
            (2020, Odometer::Band("100k-130k miles"), Ok(())),
            (2020, Odometer::Band("130k+ miles"), Err(VehicleError::MileageTooHigh)),
            (2005, Odometer::Band("130k+ miles"), Err(VehicleError::TooOld)),
        ];
        for (year, odo, want) in cases {
            assert_eq!(check_vehicle(year, &odo, 2026), want, "{year} {odo:?}");
        }
        assert_eq!(VehicleError::TooOld.message(), "Cars must be model year 2012 or newer.");
        assert_eq!(VehicleError::MileageTooHigh.message(), "Cars must have under 130,000 miles.");
    }

    #[test]
    fn transmissions() {
        assert_eq!(Transmission::parse("Automatic"), Ok(Transmission::Automatic));
        assert_eq!(Transmission::parse(" MANUAL "), Ok(Transmission::Manual));
        assert_eq!(Transmission::parse(""), Err(VehicleError::TransmissionRequired));
        assert_eq!(Transmission::parse("cvt"), Err(VehicleError::InvalidTransmission));
        assert_eq!(VehicleError::TransmissionRequired.message(), "Transmission type is required");
        assert_eq!(Transmission::default().as_str(), "automatic");
    }

    #[test]
    fn the_edit_modal_requires_all_five_fields_in_order() {
        let full = VehicleInput {
            car_year: "2019",
            make: "Tesla",
            model: "Model 3",
            trim: "Long Range",
            style: "Other",
        };
        let d = VehicleDetails::parse(&full, 2026).unwrap();
        assert_eq!(d.style, "sedan");
        assert_eq!(d.car_year, 2019);
        let cases = [
            (VehicleInput { car_year: "", ..full }, "Please select a car year"),
            (VehicleInput { car_year: "abc", ..full }, "Please select a car year"),
            (VehicleInput { make: " ", ..full }, "Please select a make"),
            (VehicleInput { model: "", ..full }, "Please select a model"),
            (VehicleInput { trim: "", ..full }, "Please enter a trim"),
            (VehicleInput { style: "", ..full }, "Please select a style"),
            (VehicleInput { car_year: "2010", ..full }, "Cars must be model year 2012 or newer."),
            (VehicleInput { car_year: "", make: "", ..full }, "Please select a car year"),
        ];
        for (input, msg) in cases {
            assert_eq!(VehicleDetails::parse(&input, 2026).unwrap_err().message(), msg);
        }
        let long = "x".repeat(101);
        assert_eq!(
            VehicleDetails::parse(&VehicleInput { trim: &long, ..full }, 2026).unwrap_err().code(),
            "vehicle_field_too_long"
        );
    }

    proptest! {
        #[test]
        fn miles_are_eligible_exactly_under_the_limit(m in 0u32..1_000_000, y in 2012i32..=2027) {
            let r = check_vehicle(y, &Odometer::Miles(m), 2026);
            prop_assert_eq!(r.is_ok(), m < 130_000);
        }

        #[test]
        fn any_odometer_text_never_panics(s in "\\PC{0,20}") {
            let _ = Odometer::parse(&s);
        }
    }
}
