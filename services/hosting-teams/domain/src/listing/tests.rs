use super::*;
use proptest::prelude::*;
use upcar_errors::ErrorCode;

fn set(steps: &[Step]) -> BTreeSet<Step> {
    steps.iter().copied().collect()
}

#[test]
fn steps_in_order_with_keys_and_labels() {
    let keys: Vec<_> = Step::ALL.iter().map(|s| s.key()).collect();
    assert_eq!(
        keys,
        [
            "location",
            "vinDetails",
            "availability",
            "features",
            "description",
            "dailyPrice",
            "photos",
            "finalize"
        ]
    );
    let labels: Vec<_> = Step::ALL.iter().map(|s| s.label()).collect();
    assert_eq!(
        labels,
        ["Location", "VIN", "Availability", "Features", "Description", "Price", "Photos", "Review"]
    );
    for s in Step::ALL {
        assert_eq!(Step::parse(s.key()), Ok(s));
    }
    assert_eq!(Step::parse("vindetails").unwrap_err().code(), "unknown_step");
    assert_eq!(Step::Location.next(), Some(Step::VinDetails));
    assert_eq!(Step::Finalize.next(), None);
    assert_eq!(Step::VinDetails.previous(), Some(Step::Location));
    assert_eq!(Step::Location.previous(), None);
}

#[test]
fn a_draft_resumes_at_the_first_step_not_done() {
    let cases = [
        (set(&[]), Step::Location),
        (set(&[Step::Location]), Step::VinDetails),
        (set(&[Step::Location, Step::VinDetails, Step::Features]), Step::Availability),
        (set(&Step::ALL[..7]), Step::Finalize),
        (set(&Step::ALL), Step::Finalize),
    ];
    for (done, want) in cases {
        assert_eq!(next_step(&done), want, "{done:?}");
    }
}

#[test]
fn finalize_needs_the_seven_steps_and_the_terms() {
    assert_eq!(Finalize::missing(&set(&Step::ALL[..7])), vec![]);
    assert_eq!(Finalize::check(&set(&Step::ALL[..7]), true), Ok(()));
    assert_eq!(
        Finalize::check(&set(&Step::ALL[..7]), false).unwrap_err().message(),
        "Please agree to the terms of service."
    );
    let partial = set(&[
        Step::VinDetails,
        Step::Availability,
        Step::Features,
        Step::Description,
        Step::Photos,
    ]);
    assert_eq!(Finalize::missing(&partial), vec![Step::Location, Step::DailyPrice]);
    let err = Finalize::check(&partial, true).unwrap_err();
    assert_eq!(err.code(), "steps_incomplete");
    assert_eq!(err.message(), "Please complete these steps first: Location, Price.");
}

const ADDRESS: LocationInput<'static> = LocationInput {
    street: "1 Market St",
    city: "San Francisco",
    state: "California",
    zip: "94105",
    country: "US",
    latitude: Some(37.79),
    longitude: Some(-122.39),
};

#[test]
fn locations() {
    let l = Location::parse(&ADDRESS).unwrap();
    assert_eq!((l.state, l.country, l.coordinates()), ("CA", "US", [-122.39, 37.79]));
    assert!(
        Location::parse(&LocationInput { zip: "94105-1234", country: "", state: "ca", ..ADDRESS })
            .is_ok()
    );
    let long = "x".repeat(201);
    let cases = [
        (LocationInput { street: " ", ..ADDRESS }, "Street address is required."),
        (LocationInput { city: "", ..ADDRESS }, "City is required."),
        (LocationInput { state: "", ..ADDRESS }, "State is required."),
        (LocationInput { zip: "", ..ADDRESS }, "Zip code is required."),
        (LocationInput { street: "", city: "", ..ADDRESS }, "Street address is required."),
    ];
    for (input, msg) in cases {
        assert_eq!(Location::parse(&input).unwrap_err().message(), msg);
    }
    let codes = [
        (LocationInput { street: &long, ..ADDRESS }, "street_too_long"),
        (LocationInput { city: &long[..101], ..ADDRESS }, "city_too_long"),
        (LocationInput { state: "Ontario", ..ADDRESS }, "invalid_state"),
        (LocationInput { zip: "9410", ..ADDRESS }, "invalid_zip"),
        (LocationInput { zip: "94105-12", ..ADDRESS }, "invalid_zip"),
        (LocationInput { zip: "ABCDE", ..ADDRESS }, "invalid_zip"),
        (LocationInput { country: "CA", ..ADDRESS }, "country_not_us"),
        (LocationInput { latitude: None, ..ADDRESS }, "invalid_coordinates"),
        (LocationInput { latitude: Some(91.0), ..ADDRESS }, "invalid_coordinates"),
        (LocationInput { longitude: Some(f64::NAN), ..ADDRESS }, "invalid_coordinates"),
        (LocationInput { longitude: Some(-180.5), ..ADDRESS }, "invalid_coordinates"),
    ];
    for (input, code) in codes {
        assert_eq!(Location::parse(&input).unwrap_err().code(), code, "{input:?}");
    }
}

const VIN_STEP: VinDetailsInput<'static> = VinDetailsInput {
    vin: "5YJSA1E14FF087599",
    vehicle: VehicleInput {
        car_year: "2015",
        make: "Tesla",
        model: "Model S",
        trim: "85D",
        style: "Sedan",
    },
    odometer: "50k-100k miles",
    transmission_type: "Automatic",
    terms_accepted: true,
};

#[test]
fn the_vin_step() {
    let d = VinDetails::parse(&VIN_STEP, 2026).unwrap();
    assert_eq!(d.vin.as_str(), "5YJSA1E14FF087599");
    assert_eq!(d.transmission_type, Transmission::Automatic);
    let cases = [
        (VinDetailsInput { vin: "123", ..VIN_STEP }, "invalid_vin"),
        (VinDetailsInput { terms_accepted: false, ..VIN_STEP }, "vin_terms_not_accepted"),
        (VinDetailsInput { odometer: "", ..VIN_STEP }, "odometer_required"),
        (VinDetailsInput { odometer: "130k+ miles", ..VIN_STEP }, "vehicle_mileage_too_high"),
        (VinDetailsInput { transmission_type: "", ..VIN_STEP }, "transmission_required"),
        (
            VinDetailsInput {
                vehicle: VehicleInput { car_year: "2011", ..VIN_STEP.vehicle },
                ..VIN_STEP
            },
            "vehicle_too_old",
        ),
    ];
    for (input, code) in cases {
        assert_eq!(VinDetails::parse(&input, 2026).unwrap_err().code(), code);
    }
    assert_eq!(
        VinDetails::parse(&VinDetailsInput { terms_accepted: false, ..VIN_STEP }, 2026)
            .unwrap_err()
            .message(),
        "You must agree to the terms of service before continuing"
    );
}

#[test]
fn availability_defaults_options_and_rules() {
    let d = Availability::parse(&AvailabilityInput::default()).unwrap();
    assert_eq!((d.advance_notice, d.min_trip_duration, d.max_trip_duration), (3, 1, 1000));
    let ok = AvailabilityInput {
        advance_notice: Some(24),
        min_trip_duration: Some(1),
        max_trip_duration: Some(7),
        two_day_trip_for_weekend: true,
    };
    assert!(Availability::parse(&ok).is_ok());
    let cases = [
        (AvailabilityInput { advance_notice: Some(4), ..ok }, "invalid_advance_notice"),
        (AvailabilityInput { advance_notice: Some(-1), ..ok }, "invalid_advance_notice"),
        (AvailabilityInput { min_trip_duration: Some(4), ..ok }, "invalid_min_trip_duration"),
        (AvailabilityInput { max_trip_duration: Some(8), ..ok }, "invalid_max_trip_duration"),
        (
            AvailabilityInput {
                min_trip_duration: Some(14),
                two_day_trip_for_weekend: false,
                ..ok
            },
            "max_trip_below_min",
        ),
        (AvailabilityInput { min_trip_duration: Some(2), ..ok }, "two_day_weekend_not_allowed"),
    ];
    for (input, code) in cases {
        assert_eq!(Availability::parse(&input).unwrap_err().code(), code, "{input:?}");
    }
    assert_eq!(
        ListingError::InvalidAdvanceNotice.message(),
        "Advance notice must be 1, 2, 3, 6, 12 or 24 hours."
    );
    assert_eq!(
        ListingError::InvalidMaxTripDuration.message(),
        "Maximum trip duration must be 7, 15, 30, 90 or 1000 days."
    );
}

const ALLOWED: &[&str] = &["Bluetooth", "Backup camera", "USB charger"];

const FEATURES: FeaturesInput<'static> = FeaturesInput {
    license_plate: " 7abc123 ",
    state: "",
    features: &["bluetooth", "USB charger", "Bluetooth"],
    seats: None,
    doors: Some(2),
    gas_type: "EV",
    special_feature: "Autopilot",
};

#[test]
fn features() {
    let f = Features::parse(&FEATURES, ALLOWED).unwrap();
    assert_eq!(f.license_plate.as_str(), "7ABC123");
    assert_eq!(f.state, "CA");
    assert_eq!(f.features, ["Bluetooth", "USB charger"]);
    assert_eq!((f.seats, f.doors, f.gas_type), (4, 2, GasType::Ev));
    assert_eq!(
        Features::parse(&FeaturesInput { gas_type: "", ..FEATURES }, ALLOWED).unwrap().gas_type,
        GasType::Gas
    );
    assert_eq!(
        Features::parse(&FeaturesInput { state: "Texas", ..FEATURES }, ALLOWED).unwrap().state,
        "TX"
    );
    let cases = [
        (FeaturesInput { license_plate: "  ", ..FEATURES }, "License plate number is required."),
        (FeaturesInput { special_feature: " ", ..FEATURES }, "Special feature is required."),
        (
            FeaturesInput { features: &["Jetpack"], ..FEATURES },
            "Jetpack is not one of the available features.",
        ),
    ];
    for (input, msg) in cases {
        assert_eq!(Features::parse(&input, ALLOWED).unwrap_err().message(), msg);
    }
    let long = "x".repeat(201);
    let codes = [
        (FeaturesInput { license_plate: "A", ..FEATURES }, "invalid_plate"),
        (FeaturesInput { license_plate: "ABCDEFGHI", ..FEATURES }, "invalid_plate"),
        (FeaturesInput { license_plate: "AB_12", ..FEATURES }, "invalid_plate"),
        (FeaturesInput { license_plate: "--", ..FEATURES }, "invalid_plate"),
        (FeaturesInput { state: "ZZ", ..FEATURES }, "invalid_plate_state"),
        (FeaturesInput { seats: Some(1), ..FEATURES }, "invalid_seats"),
        (FeaturesInput { seats: Some(9), ..FEATURES }, "invalid_seats"),
        (FeaturesInput { doors: Some(-4), ..FEATURES }, "invalid_doors"),
        (FeaturesInput { gas_type: "diesel", ..FEATURES }, "invalid_gas_type"),
        (FeaturesInput { special_feature: &long, ..FEATURES }, "special_feature_too_long"),
    ];
    for (input, code) in codes {
        assert_eq!(Features::parse(&input, ALLOWED).unwrap_err().code(), code, "{input:?}");
    }
    assert_eq!(LicensePlate::parse("ab-12 c").unwrap().as_str(), "AB-12 C");
}

#[test]
fn descriptions_count_words() {
    let sixty = vec!["word"; 60].join(" ");
    assert!(Description::parse(&sixty).is_ok());
    let fifty_nine = vec!["word"; 59].join("\n ");
    assert_eq!(
        Description::parse(&fifty_nine).unwrap_err().message(),
        "Description must be at least 60 words."
    );
    assert_eq!(Description::parse("").unwrap_err().code(), "description_too_short");
    let long = vec!["abcdefghi"; 501].join(" "); // 5,009 characters
    assert_eq!(Description::parse(&long).unwrap_err().code(), "description_too_long");
}

#[test]
fn daily_prices() {
    let p = DailyPrice::parse(" 49 ").unwrap();
    assert_eq!((p.dollars, p.cents, p.long_term_only_warning), (49, 4_900, true));
    assert!(!DailyPrice::parse("50").unwrap().long_term_only_warning);
    assert_eq!(DailyPrice::parse("010").unwrap().dollars, 10);
    assert_eq!(DailyPrice::parse("10000").unwrap().cents, 1_000_000);
    let cases = [
        ("", "Daily price is required."),
        ("  ", "Daily price is required."),
        ("0", "Please enter a valid daily price greater than 0."),
        ("000", "Please enter a valid daily price greater than 0."),
        ("12.50", "Please enter a valid daily price greater than 0."),
        ("-5", "Please enter a valid daily price greater than 0."),
        ("$50", "Please enter a valid daily price greater than 0."),
        ("1e3", "Please enter a valid daily price greater than 0."),
        ("10001", "Daily price must be at most $10,000."),
        ("99999999999999999999999", "Daily price must be at most $10,000."),
    ];
    for (text, msg) in cases {
        assert_eq!(DailyPrice::parse(text).unwrap_err().message(), msg, "{text:?}");
    }
    assert_eq!(DailyPrice::from_json_number(75.0).unwrap().cents, 7_500);
    for bad in [0.0, -3.0, 12.5, f64::NAN, f64::INFINITY] {
        assert_eq!(DailyPrice::from_json_number(bad).unwrap_err().code(), "invalid_price", "{bad}");
    }
    assert_eq!(DailyPrice::from_json_number(1e12).unwrap_err().code(), "price_too_high");
}

#[test]
fn photo_sets() {
    let s = PhotoSet::parse("https://x/b.jpg", &["https://x/a.jpg", " https://x/b.jpg "]).unwrap();
    assert_eq!(s.primary_photo_url, "https://x/b.jpg");
    assert_eq!(s.photo_urls.len(), 2);
    assert_eq!(
        PhotoSet::parse("", &["https://x/a.jpg"]).unwrap().primary_photo_url,
        "https://x/a.jpg"
    );
    assert_eq!(
        PhotoSet::parse("", &[]).unwrap_err().message(),
        "Please upload photos before submitting."
    );
    let many: Vec<String> = (0..51).map(|i| format!("https://x/{i}.jpg")).collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    assert_eq!(PhotoSet::parse(many[0], &many).unwrap_err().code(), "too_many_photos");
    assert!(PhotoSet::parse(many[0], &many[..50]).is_ok());
    let cases: [(&str, &[&str], &str); 3] = [
        ("a", &["a", "a"], "duplicate_photo"),
        ("a", &["a", " "], "invalid_photo_url"),
        ("c", &["a", "b"], "primary_photo_not_listed"),
    ];
    for (primary, urls, code) in cases {
        assert_eq!(PhotoSet::parse(primary, urls).unwrap_err().code(), code);
    }
}

proptest! {
    #[test]
    fn digit_prices_parse_to_their_cents(d in 1u32..=10_000) {
        let p = DailyPrice::parse(&d.to_string()).unwrap();
        prop_assert_eq!(p.cents, i64::from(d) * 100);
        prop_assert_eq!(p.long_term_only_warning, d < 50);
    }

    #[test]
    fn any_price_text_never_panics(s in "\\PC{0,30}") {
        let _ = DailyPrice::parse(&s);
    }

    #[test]
    fn next_step_is_never_a_completed_one_unless_all_are(mask in 0u16..256) {
        let done: BTreeSet<Step> =
            Step::ALL.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, s)| *s).collect();
        let next = next_step(&done);
        prop_assert!(!done.contains(&next) || done.len() == 8);
        prop_assert!(Step::ALL.iter().take_while(|s| **s != next).all(|s| done.contains(s)));
    }

    #[test]
    fn any_address_never_panics(street in "\\PC{0,10}", state in "\\PC{0,5}", zip in "[0-9-]{0,11}") {
        let _ = Location::parse(&LocationInput { street: &street, state: &state, zip: &zip, ..ADDRESS });
    }
}
