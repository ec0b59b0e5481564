//! What the wizard suggests from a decoded vehicle: the features it likely has
//! (`getcarfeatures`) and a description (`getcardescription`). Both are deterministic, written
//! from the car's own data; an LLM writer can replace the description behind the same call.

use crate::vocabulary::FEATURES;

/// The vehicle the suggestions are made for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Vehicle {
    pub make: String,
    pub model: String,
    pub trim: String,
    /// sedan, suv, truck, coupe, convertible, hatchback, minivan, wagon, van.
    pub style: String,
    pub car_year: i32,
    /// automatic or manual (empty when unknown).
    pub transmission_type: String,
}

/// The first model year from which US rules or the market made a feature standard or nearly
/// so: backup cameras are required on cars built from May 2018 (FMVSS 111), and phone
/// mirroring, Bluetooth, USB ports and keyless entry spread through the 2010s.
const STANDARD_FROM: &[(&str, i32)] = &[
    ("Bluetooth", 2012),
    ("USB charger", 2014),
    ("Keyless entry", 2015),
    ("Apple CarPlay", 2018),
    ("Android Auto", 2018),
    ("Backup camera", 2018),
    ("Blind spot warning", 2021),
    ("Adaptive cruise control", 2022),
];

fn is(style: &str, names: &[&str]) -> bool {
    names.iter().any(|n| style.eq_ignore_ascii_case(n))
}

/// For every feature of the vocabulary, whether this vehicle likely has it. The host confirms
/// them in the features step; nothing is ticked without the host.
pub fn features(v: &Vehicle) -> Vec<(&'static str, bool)> {
    let name = format!("{} {}", v.model, v.trim).to_ascii_lowercase();
    FEATURES
        .iter()
        .map(|&f| {
            let likely = match f {
                "Convertible" => is(&v.style, &["convertible"]) || name.contains("convertible"),
                "Third-row seating" => is(&v.style, &["minivan", "van"]),
                "All-wheel drive" => {
                    name.contains("awd") || name.contains("4wd") || name.contains("4x4")
                }
                "Sunroof" => name.contains("sunroof") || name.contains("moonroof"),
                _ => STANDARD_FROM.iter().any(|(n, year)| *n == f && v.car_year >= *year),
            };
            (f, likely)
        })
        .collect()
}

/// "a" or "an" before a word; an acronym (SUV) is read letter by letter ("an SUV").
fn article(word: &str) -> &'static str {
    let first = word.split_whitespace().next().unwrap_or_default();
    let acronym = first.len() > 1 && first.chars().all(|c| c.is_ascii_uppercase());
    match first.chars().next() {
        Some('A' | 'E' | 'F' | 'H' | 'I' | 'L' | 'M' | 'N' | 'O' | 'R' | 'S' | 'X') if acronym => {
            "an"
        }
        Some(c) if !acronym && matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u') => {
            "an"
        }
        _ => "a",
    }
}

/// A description of at least the wizard's 60 words, from the car's data. The host edits it
/// before saving.
pub fn description(v: &Vehicle) -> String {
    let style =
        if v.style.trim().is_empty() { "car".to_owned() } else { v.style.to_ascii_lowercase() };
    let style_word = match style.as_str() {
        "suv" => "SUV".to_owned(),
        other => other.to_owned(),
    };
    let trim = if v.trim.trim().is_empty() { String::new() } else { format!(" {}", v.trim.trim()) };
    let year = if v.car_year > 0 { format!("{} ", v.car_year) } else { String::new() };
    let car = format!("{year}{} {}{trim}", v.make.trim(), v.model.trim());
    let gearbox = match v.transmission_type.to_ascii_lowercase().as_str() {
        "manual" => {
            "Its manual gearbox is a joy for drivers who like to shift for themselves, so please be comfortable with a stick before you book."
        }
        _ => {
            "Its automatic transmission makes city traffic and long highway stretches equally relaxed."
        }
    };
    let use_case = match style.as_str() {
        "suv" | "truck" => {
            "There is room for luggage, gear and a weekend away, and it sits tall for a clear view of the road."
        }
        "minivan" | "van" => {
            "There is room for the whole family, their bags and everything else a group trip needs."
        }
        "convertible" | "coupe" => {
            "It is made for scenic drives, date nights and making the most of a sunny day."
        }
        _ => "It is comfortable for commuting, errands, airport runs and road trips alike.",
    };
    format!(
        "Meet {} {car}, {} {style_word} that is clean, well maintained and ready for your next trip. \
         {gearbox} {use_case} The car is inspected between trips, kept smoke free and returned to \
         you with the fuel or charge noted at pickup. Pickup is simple and I am happy to answer \
         questions before and during your trip. Book with confidence and enjoy the drive.",
        article(&car),
        article(&style_word),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use hosting_domain::listing::Description;

    fn car(style: &str, year: i32, transmission: &str) -> Vehicle {
        Vehicle {
            make: "Honda".into(),
            model: "Accord".into(),
            trim: "EX".into(),
            style: style.into(),
            car_year: year,
            transmission_type: transmission.into(),
        }
    }

    #[test]
    fn every_generated_description_passes_the_wizards_sixty_words() {
        for style in ["sedan", "suv", "truck", "minivan", "convertible", "", "wagon"] {
            for year in [0, 2012, 2024] {
                for t in ["automatic", "manual", ""] {
                    let d = description(&car(style, year, t));
                    assert!(Description::parse(&d).is_ok(), "{style} {year} {t}: {d}");
                    assert!(d.contains("Honda Accord"), "{d}");
                }
            }
        }
    }

    #[test]
    fn the_description_names_the_car_and_reads_its_gearbox() {
        let d = description(&car("suv", 2021, "manual"));
        assert!(d.starts_with("Meet a 2021 Honda Accord EX, an SUV"), "{d}");
        assert!(d.contains("manual gearbox"));
        let d =
            description(&Vehicle { make: "Audi".into(), model: "Q5".into(), ..Default::default() });
        assert!(d.starts_with("Meet an Audi Q5, a car"), "{d}");
    }

    #[test]
    fn features_follow_the_year_and_the_body() {
        let old: Vec<_> = features(&car("sedan", 2013, "automatic"));
        let new: Vec<_> = features(&car("convertible", 2023, "automatic"));
        let has = |list: &[(&str, bool)], f: &str| list.iter().any(|(n, on)| *n == f && *on);
        assert!(has(&old, "Bluetooth"));
        assert!(!has(&old, "Backup camera"));
        assert!(
            has(&new, "Backup camera") && has(&new, "Apple CarPlay") && has(&new, "Convertible")
        );
        assert!(!has(&new, "Bike rack"), "accessories are never assumed");
        assert_eq!(old.len(), FEATURES.len());
        let awd = Vehicle { trim: "Sport AWD".into(), ..car("suv", 2020, "") };
        assert!(has(&features(&awd), "All-wheel drive"));
    }
}
