//! The fixed lists behind `api/enums/*` and `car-makes-models/{make}` (spec 001 section 7).

/// Makes and their common models (US market, 2012 and newer).
pub const MAKES_MODELS: &[(&str, &[&str])] = &[
    ("Acura", &["ILX", "Integra", "MDX", "RDX", "TLX"]),
    ("Audi", &["A3", "A4", "A5", "A6", "e-tron", "Q3", "Q5", "Q7", "Q8"]),
    (
        "BMW",
        &["2 Series", "3 Series", "4 Series", "5 Series", "i3", "i4", "iX", "X1", "X3", "X5", "X7"],
    ),
    ("Buick", &["Enclave", "Encore", "Envision"]),
    ("Cadillac", &["CT4", "CT5", "Escalade", "Lyriq", "XT4", "XT5", "XT6"]),
    (
        "Chevrolet",
        &[
            "Blazer",
            "Bolt EV",
            "Camaro",
            "Colorado",
            "Corvette",
            "Equinox",
            "Malibu",
            "Silverado",
            "Suburban",
            "Tahoe",
            "Traverse",
        ],
    ),
    ("Chrysler", &["300", "Pacifica"]),
    ("Dodge", &["Challenger", "Charger", "Durango", "Grand Caravan"]),
    (
        "Ford",
        &[
            "Bronco",
            "Escape",
            "Explorer",
            "F-150",
            "Maverick",
            "Mustang",
            "Mustang Mach-E",
            "Ranger",
            "Transit",
        ],
    ),
    ("Genesis", &["G70", "G80", "GV70", "GV80"]),
    ("GMC", &["Acadia", "Canyon", "Sierra", "Terrain", "Yukon"]),
    ("Honda", &["Accord", "Civic", "CR-V", "HR-V", "Odyssey", "Passport", "Pilot", "Ridgeline"]),
    (
        "Hyundai",
        &["Elantra", "Ioniq 5", "Ioniq 6", "Kona", "Palisade", "Santa Fe", "Sonata", "Tucson"],
    ),
    ("Infiniti", &["Q50", "QX50", "QX60", "QX80"]),
    ("Jaguar", &["F-Pace", "F-Type", "I-Pace", "XF"]),
    ("Jeep", &["Cherokee", "Compass", "Gladiator", "Grand Cherokee", "Wrangler"]),
    (
        "Kia",
        &[
            "Carnival",
            "EV6",
            "EV9",
            "Forte",
            "K5",
            "Niro",
            "Sorento",
            "Soul",
            "Sportage",
            "Telluride",
        ],
    ),
    ("Land Rover", &["Defender", "Discovery", "Range Rover", "Range Rover Sport"]),
    ("Lexus", &["ES", "GX", "IS", "LX", "NX", "RX", "UX"]),
    ("Lincoln", &["Aviator", "Corsair", "Navigator", "Nautilus"]),
    ("Mazda", &["CX-30", "CX-5", "CX-50", "CX-90", "Mazda3", "MX-5 Miata"]),
    (
        "Mercedes-Benz",
        &["C-Class", "E-Class", "EQE", "EQS", "G-Class", "GLA", "GLC", "GLE", "GLS", "S-Class"],
    ),
    ("MINI", &["Clubman", "Cooper", "Countryman"]),
    ("Mitsubishi", &["Eclipse Cross", "Outlander"]),
    (
        "Nissan",
        &[
            "Altima",
            "Ariya",
            "Frontier",
            "Kicks",
            "Leaf",
            "Murano",
            "Pathfinder",
            "Rogue",
            "Sentra",
            "Versa",
        ],
    ),
    ("Polestar", &["Polestar 2", "Polestar 3"]),
    ("Porsche", &["911", "Cayenne", "Macan", "Panamera", "Taycan"]),
    ("Ram", &["1500", "2500", "ProMaster"]),
    ("Rivian", &["R1S", "R1T"]),
    ("Subaru", &["Ascent", "Crosstrek", "Forester", "Impreza", "Outback", "WRX"]),
    ("Tesla", &["Model 3", "Model S", "Model X", "Model Y", "Cybertruck"]),
    (
        "Toyota",
        &[
            "4Runner",
            "Camry",
            "Corolla",
            "Highlander",
            "Prius",
            "RAV4",
            "Sequoia",
            "Sienna",
            "Tacoma",
            "Tundra",
        ],
    ),
    ("Volkswagen", &["Atlas", "Golf", "ID.4", "Jetta", "Passat", "Taos", "Tiguan"]),
    ("Volvo", &["S60", "S90", "XC40", "XC60", "XC90"]),
];

/// Models of a make (case-insensitive); `None` for an unknown make.
pub fn models_for(make: &str) -> Option<&'static [&'static str]> {
    MAKES_MODELS
        .iter()
        .find(|(m, _)| m.eq_ignore_ascii_case(make.trim()))
        .map(|(_, models)| *models)
}

/// Odometer bands of the listing wizard (cars must be under 130,000 miles).
pub const ODOMETERS: &[&str] = &["0-50k miles", "50k-100k miles", "100k-130k miles"];

/// Special features a host picks one of.
pub const SPECIAL_FEATURES: &[&str] = &[
    "Electric",
    "Hybrid",
    "Convertible top",
    "All-wheel drive",
    "Third-row seating",
    "Premium sound",
    "Panoramic roof",
    "Self-driving features",
    "Performance",
    "Luxury interior",
];

/// Features a listing can have.
pub const FEATURES: &[&str] = &[
    "Apple CarPlay",
    "Android Auto",
    "Bluetooth",
    "Backup camera",
    "Blind spot warning",
    "Adaptive cruise control",
    "Heated seats",
    "Ventilated seats",
    "Keyless entry",
    "USB charger",
    "GPS",
    "Sunroof",
    "All-wheel drive",
    "Bike rack",
    "Ski rack",
    "Child seat",
    "Pet friendly",
    "Toll pass",
    "Convertible",
    "Third-row seating",
];

/// US states and DC as `(code, name)`.
pub const STATES: &[(&str, &str)] = &[
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

/// A named list, as `(value, label)` pairs.
pub fn list(name: &str) -> Option<Vec<(String, String)>> {
    let same = |items: &[&str]| items.iter().map(|s| (s.to_string(), s.to_string())).collect();
    Some(match name {
        "carMakes" => MAKES_MODELS.iter().map(|(m, _)| (m.to_string(), m.to_string())).collect(),
        "carTypes" => super::filters::VEHICLE_TYPES
            .iter()
            .map(|t| (t.to_string(), label_of_type(t).to_owned()))
            .collect(),
        "carOdometers" => same(ODOMETERS),
        "statesList" => STATES.iter().map(|(c, n)| (c.to_string(), n.to_string())).collect(),
        "carSpecialFeatures" => same(SPECIAL_FEATURES),
        "carFeatures" => same(FEATURES),
        _ => return None,
    })
}

fn label_of_type(t: &str) -> &'static str {
    match t {
        "sedan" => "Sedan",
        "suv" => "SUV",
        "convertible" => "Convertible",
        "coupe" => "Coupe",
        "hatchback" => "Hatchback",
        "minivan" => "Minivan",
        "truck" => "Truck",
        "wagon" => "Wagon",
        _ => "Van",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_list_is_served_and_states_have_51_entries() {
        for name in [
            "carMakes",
            "carTypes",
            "carOdometers",
            "statesList",
            "carSpecialFeatures",
            "carFeatures",
        ] {
            assert!(list(name).is_some_and(|l| !l.is_empty()), "{name}");
        }
        assert_eq!(list("statesList").unwrap().len(), 51);
        assert!(list("nope").is_none());
    }

    #[test]
    fn models_are_found_case_insensitively() {
        assert!(models_for("tesla").unwrap().contains(&"Model 3"));
        assert!(models_for("Yugo").is_none());
    }
}
