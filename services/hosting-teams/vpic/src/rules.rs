//! The decoding rules of vPIC, with no I/O: the VIN's structure, its WMI, its model year, the
//! descriptor that vPIC's patterns are matched against, the pattern matcher, the choice among
//! several matching patterns, and the product's names for body classes and transmissions.

/// Number of characters in a VIN.
pub const VIN_LEN: usize = 17;

/// A VIN that has the right structure: 17 characters of the VIN alphabet (digits and the
/// letters other than I, O and Q), upper-cased. The check digit is not enforced: vPIC decodes
/// VINs with a wrong check digit too (it only flags them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vin(String);

impl Vin {
    /// Trims and upper-cases `input`; `None` when it is not a VIN's shape.
    pub fn parse(input: &str) -> Option<Self> {
        let vin = input.trim().to_ascii_uppercase();
        let ok = vin.len() == VIN_LEN
            && vin.bytes().all(|b| {
                b.is_ascii_digit() || (b.is_ascii_uppercase() && !matches!(b, b'I' | b'O' | b'Q'))
            });
        ok.then_some(Self(vin))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    fn byte(&self, position: usize) -> u8 {
        // Positions are 1-based as in the VIN standard; the length is checked in `parse`.
        self.0.as_bytes().get(position - 1).copied().unwrap_or(b' ')
    }

    /// The World Manufacturer Identifier: positions 1-3, or for makers of fewer than 1,000
    /// vehicles a year (a `9` in position 3) positions 1-3 followed by positions 12-14.
    pub fn wmi(&self) -> String {
        if self.byte(3) == b'9' {
            format!("{}{}", &self.0[..3], &self.0[11..14])
        } else {
            self.0[..3].to_owned()
        }
    }

    /// What vPIC's pattern keys are matched against: positions 4-8, a `|` where the check
    /// digit (position 9) stands, then positions 10-17.
    pub fn descriptor(&self) -> String {
        format!("{}|{}", &self.0[3..8], &self.0[9..17])
    }

    /// Whether position 9 holds the check digit computed from the other positions.
    pub fn check_digit_ok(&self) -> bool {
        const WEIGHTS: [u32; VIN_LEN] = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
        let value = |b: u8| -> u32 {
            match b {
                b'0'..=b'9' => u32::from(b - b'0'),
                b'A'..=b'H' => u32::from(b - b'A') + 1,
                b'J'..=b'R' => u32::from(b - b'J') + 1,
                b'S'..=b'Z' => u32::from(b - b'S') + 2,
                _ => 0,
            }
        };
        let sum: u32 = self.0.bytes().zip(WEIGHTS).map(|(b, w)| value(b) * w).sum();
        let expected = match sum % 11 {
            10 => b'X',
            n => b'0' + n as u8,
        };
        self.byte(9) == expected
    }
}

/// The model year read from the VIN, and whether that reading is certain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YearReading {
    pub year: i32,
    /// Position 10 repeats every 30 years. The reading is certain for passenger cars, MPVs and
    /// light trucks (position 7 tells the cycle: a digit for 1980-2009, a letter for 2010-2039)
    /// and for readings that would otherwise lie in the future.
    pub conclusive: bool,
}

/// Year codes of position 10, from 2010 on (I, O, Q, U, Z and 0 are not used).
const YEAR_CODES: &[u8] = b"ABCDEFGHJKLMNPRSTVWXY123456789";

/// Reads the model year from position 10 (and position 7 for `car_or_light_truck`, the vPIC
/// vehicle types passenger car, MPV and light truck). `None` when position 10 is no year code.
pub fn model_year(vin: &Vin, car_or_light_truck: bool, current_year: i32) -> Option<YearReading> {
    let index = YEAR_CODES.iter().position(|&c| c == vin.byte(10))?;
    let mut year = 2010 + i32::try_from(index).ok()?;
    let mut conclusive = false;
    if car_or_light_truck {
        if vin.byte(7).is_ascii_digit() {
            year -= 30;
        }
        conclusive = true;
    }
    if year > current_year + 2 {
        year -= 30;
        conclusive = true;
    }
    Some(YearReading { year, conclusive })
}

/// The years to look up, best first: the reading, then the year 30 years apart that the same
/// code stands for, when that one lies between 1980 and next year's models. vPIC makes the same
/// second try when no VIN schema of the maker covers the first year.
pub fn year_candidates(reading: YearReading, current_year: i32) -> Vec<i32> {
    let year = reading.year;
    let mut years = vec![year];
    if year + 30 <= current_year + 2 {
        years.push(year + 30);
    } else if year - 30 >= 1980 {
        years.push(year - 30);
    }
    years
}

/// Whether a vPIC pattern key matches the descriptor (see [`Vin::descriptor`]).
///
/// Keys are prefixes: each of their tokens matches one character of the descriptor from its
/// start, and the descriptor may go on past the key. A token is a literal character, `*` (any
/// character), or a class in brackets, e.g. `[1-46-9AD]`, of single characters and `a-b` ranges.
/// vPIC stores the keys for SQL Server's `LIKE`, so `_` is any character too, outside a class.
pub fn key_matches(key: &str, descriptor: &str) -> bool {
    let key = key.as_bytes();
    let subject = descriptor.as_bytes();
    let mut k = 0;
    let mut s = 0;
    while k < key.len() {
        let Some(&c) = subject.get(s) else {
            return false;
        };
        match key[k] {
            b'*' | b'_' => k += 1,
            b'[' => {
                let Some(len) = key[k + 1..].iter().position(|&b| b == b']') else {
                    return false;
                };
                if !class_contains(&key[k + 1..k + 1 + len], c) {
                    return false;
                }
                k += len + 2;
            }
            literal => {
                if !literal.eq_ignore_ascii_case(&c) {
                    return false;
                }
                k += 1;
            }
        }
        s += 1;
    }
    true
}

fn class_contains(class: &[u8], c: u8) -> bool {
    let c = c.to_ascii_uppercase();
    let mut i = 0;
    while i < class.len() {
        if i + 2 < class.len() && class[i + 1] == b'-' {
            let (lo, hi) = (class[i].to_ascii_uppercase(), class[i + 2].to_ascii_uppercase());
            if (lo..=hi).contains(&c) {
                return true;
            }
            i += 3;
        } else {
            if class[i].to_ascii_uppercase() == c {
                return true;
            }
            i += 1;
        }
    }
    false
}

/// How many positions a key pins down (its tokens other than wildcards).
pub fn specificity(key: &str) -> usize {
    let bytes = key.as_bytes();
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'*' | b'_' => i += 1,
            b'[' => {
                count += 1;
                i += bytes[i..].iter().position(|&b| b == b']').map_or(bytes.len(), |p| p + 1);
            }
            _ => {
                count += 1;
                i += 1;
            }
        }
    }
    count
}

/// One matching pattern's value for one element.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The first model year of the VIN schema the pattern is in: vPIC prefers the schema that
    /// starts latest (a model's own schema over a maker's schema for decades of vehicles).
    pub schema_year_from: i32,
    /// When the pattern was last changed (ISO 8601 text, so it orders as text).
    pub changed_on: String,
    pub key: String,
    pub attribute: String,
}

/// vPIC's choice among the patterns that match for one element: the schema starting latest,
/// then the pattern changed last, then the most specific key.
pub fn best_candidate(candidates: &[Candidate]) -> Option<&Candidate> {
    candidates.iter().max_by(|a, b| {
        a.schema_year_from
            .cmp(&b.schema_year_from)
            .then_with(|| a.changed_on.cmp(&b.changed_on))
            .then_with(|| specificity(&a.key).cmp(&specificity(&b.key)))
    })
}

/// The product's body styles.
pub const STYLES: [&str; 9] =
    ["sedan", "suv", "truck", "coupe", "convertible", "hatchback", "minivan", "wagon", "van"];

/// The product's style for a vPIC body class ("Sedan/Saloon", "Sport Utility Vehicle
/// (SUV)/Multi-Purpose Vehicle (MPV)", "Pickup", ...); "sedan" when none fits.
pub fn style_for_body_class(body_class: &str) -> &'static str {
    let b = body_class.to_ascii_lowercase();
    let has = |word: &str| b.contains(word);
    if has("minivan") {
        "minivan"
    } else if has("sport utility truck") || has("pickup") || has("truck") || has("chassis cab") {
        "truck"
    } else if has("sport utility") || has("crossover") || has("suv") || has("mpv") {
        "suv"
    } else if has("convertible") || has("cabriolet") || has("roadster") {
        "convertible"
    } else if has("coupe") {
        "coupe"
    } else if has("hatchback") || has("liftback") {
        "hatchback"
    } else if has("wagon") {
        "wagon"
    } else if has("van") {
        "van"
    } else {
        "sedan"
    }
}

/// "automatic" or "manual" for a vPIC transmission style; `None` when it tells neither
/// (motorcycle drives, an empty value).
pub fn transmission_for_style(style: &str) -> Option<&'static str> {
    let t = style.to_ascii_lowercase();
    if t.contains("manual/standard") || t == "manual" || t == "standard" {
        Some("manual")
    } else if t.contains("motorcycle") {
        None
    } else if t.contains("automatic")
        || t.contains("automated manual")
        || t.contains("continuously variable")
        || t.contains("cvt")
        || t.contains("dual-clutch")
        || t.contains("direct drive")
    {
        Some("automatic")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vin(s: &str) -> Vin {
        Vin::parse(s).expect("a VIN")
    }

    #[test]
    fn parse_trims_uppercases_and_rejects_bad_shapes() {
        assert_eq!(vin(" 1hgcm82633a004352 ").as_str(), "1HGCM82633A004352");
        assert!(Vin::parse("1HGCM82633A00435").is_none());
        assert!(Vin::parse("1HGCM82633A0043522").is_none());
        assert!(Vin::parse("1HGCM82633A0O4352").is_none(), "O is not a VIN letter");
        assert!(Vin::parse("1HGCM82633A0-4352").is_none());
        assert!(Vin::parse("").is_none());
    }

    #[test]
    fn check_digit() {
        assert!(vin("1HGCM82633A004352").check_digit_ok());
        assert!(vin("3GNAXLEG5TL174166").check_digit_ok());
        assert!(!vin("1HGCM82643A004352").check_digit_ok());
        // A VIN often used as an example: its check digit is wrong (2 is due), and vPIC
        // decodes it all the same.
        assert!(!vin("5YJ3E1EA7KF317000").check_digit_ok());
    }

    #[test]
    fn wmi_and_descriptor() {
        let v = vin("1HGCM82633A004352");
        assert_eq!(v.wmi(), "1HG");
        assert_eq!(v.descriptor(), "CM826|3A004352");
        assert_eq!(vin("1H9AB123456333789").wmi(), "1H9333");
    }

    #[test]
    fn model_year_from_positions_10_and_7() {
        // Position 10 '3' with a digit in position 7: 2003, not 2033.
        let r = model_year(&vin("1HGCM82633A004352"), true, 2025).expect("a year");
        assert_eq!(r, YearReading { year: 2003, conclusive: true });
        // 'K' with a letter in position 7: 2019.
        let r = model_year(&vin("5YJ3E1EA7KF317000"), true, 2025).expect("a year");
        assert_eq!(r.year, 2019);
        // Not a car: 'D' reads 2013, not certain.
        let r = model_year(&vin("1FTFW1ET5DFC10312"), false, 2025).expect("a year");
        assert_eq!(r, YearReading { year: 2013, conclusive: false });
        // 'Y' would be 2030: in the future, so 2000.
        let r = model_year(&vin("1FTFW1ET5YFC10312"), false, 2025).expect("a year");
        assert_eq!(r, YearReading { year: 2000, conclusive: true });
        // '0', 'U', 'Z' are no year codes.
        assert!(model_year(&vin("1FTFW1ET500C10312"), false, 2025).is_none());
        assert!(model_year(&vin("1FTFW1ET5UFC10312"), false, 2025).is_none());
    }

    #[test]
    fn year_candidates_order() {
        let certain = YearReading { year: 2003, conclusive: true };
        assert_eq!(year_candidates(certain, 2025), vec![2003]);
        let old = YearReading { year: 1995, conclusive: true };
        assert_eq!(year_candidates(old, 2025), vec![1995, 2025]);
        let unsure = YearReading { year: 2013, conclusive: false };
        assert_eq!(year_candidates(unsure, 2025), vec![2013, 1983]);
    }

    #[test]
    fn keys_match_literals_wildcards_and_prefixes() {
        let d = "CM826|3A004352";
        assert!(key_matches("CM826", d));
        assert!(key_matches("CM8", d), "a key is a prefix");
        assert!(key_matches("*M*2", d));
        assert!(key_matches("*****|*A", d));
        assert!(key_matches("", d));
        assert!(!key_matches("CM827", d));
        assert!(!key_matches("*****|*B", d));
        assert!(key_matches("_M826", d), "SQL LIKE's _ is a wildcard too");
        assert!(!key_matches("CM826|3A0043521", d), "a key longer than the descriptor");
    }

    #[test]
    fn keys_match_classes_and_ranges() {
        let d = "CM826|3A004352";
        assert!(key_matches("CM82[67]", d));
        assert!(!key_matches("CM82[78]", d));
        assert!(key_matches("CM82[1-46-9]", d));
        assert!(!key_matches("CM82[1-57-9]", d));
        assert!(key_matches("[A-C][J-N]", d));
        assert!(key_matches("*****|*[0-9A-Z]", d));
        assert!(key_matches("*****|[1-A-JT]", d), "an odd range as stored in vPIC");
        assert!(!key_matches("CM82[6", d), "an unclosed class matches nothing");
        assert!(key_matches("[CFJM_______]", "C"));
        assert!(!key_matches("[CFJM_______]", "A"), "inside a class _ is no wildcard");
        assert!(!key_matches("**#", d), "# is a literal that no VIN character matches");
    }

    #[test]
    fn specificity_counts_pinned_positions() {
        assert_eq!(specificity("CM82[67]"), 5);
        assert_eq!(specificity("*****|*3"), 2);
        assert_eq!(specificity("***"), 0);
    }

    #[test]
    fn best_candidate_prefers_latest_schema_then_latest_change_then_specific_key() {
        let c = |from: i32, changed: &str, key: &str, attr: &str| Candidate {
            schema_year_from: from,
            changed_on: changed.into(),
            key: key.into(),
            attribute: attr.into(),
        };
        let plant = c(1990, "2020-01-01", "CM826", "plant-wide");
        let model = c(2003, "2015-01-01", "CM8", "model schema");
        assert_eq!(best_candidate(&[plant.clone(), model.clone()]), Some(&model));
        let older = c(2003, "2014-01-01", "CM826", "older");
        assert_eq!(best_candidate(&[older, model.clone()]), Some(&model));
        let specific = c(2003, "2015-01-01", "CM826", "specific");
        assert_eq!(best_candidate(&[model, specific.clone()]), Some(&specific));
        assert_eq!(best_candidate(&[]), None);
    }

    #[test]
    fn styles_for_vpic_body_classes() {
        let cases = [
            ("Sedan/Saloon", "sedan"),
            ("Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)", "suv"),
            ("Crossover Utility Vehicle (CUV)", "suv"),
            ("Sport Utility Truck (SUT)", "truck"),
            ("Pickup", "truck"),
            ("Truck", "truck"),
            ("Incomplete - Chassis Cab (Single Cab)", "truck"),
            ("Coupe", "coupe"),
            ("Convertible/Cabriolet", "convertible"),
            ("Roadster", "convertible"),
            ("Hatchback/Liftback/Notchback", "hatchback"),
            ("Minivan", "minivan"),
            ("Wagon", "wagon"),
            ("Van", "van"),
            ("Cargo Van", "van"),
            ("Step Van / Walk-in Van", "van"),
            ("Limousine", "sedan"),
            ("", "sedan"),
        ];
        for (body, style) in cases {
            assert_eq!(style_for_body_class(body), style, "{body}");
            assert!(STYLES.contains(&style));
        }
    }

    #[test]
    fn transmissions() {
        assert_eq!(transmission_for_style("Automatic"), Some("automatic"));
        assert_eq!(
            transmission_for_style("Continuously Variable Transmission (CVT)"),
            Some("automatic")
        );
        assert_eq!(
            transmission_for_style("Electronic Continuously Variable (e-CVT)"),
            Some("automatic")
        );
        assert_eq!(transmission_for_style("Dual-Clutch Transmission (DCT)"), Some("automatic"));
        assert_eq!(
            transmission_for_style("Automated Manual Transmission (AMT)"),
            Some("automatic")
        );
        assert_eq!(transmission_for_style("Direct Drive"), Some("automatic"));
        assert_eq!(transmission_for_style("Manual/Standard"), Some("manual"));
        assert_eq!(transmission_for_style("Manual"), Some("manual"));
        assert_eq!(transmission_for_style("Motorcycle - Chain Drive"), None);
        assert_eq!(transmission_for_style(""), None);
    }
}
