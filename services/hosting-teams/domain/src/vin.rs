//! Vehicle identification numbers: 17 characters, with the check digit of 49 CFR 565.15 for
//! vehicles built for North America, and the model-year code of position 10.

use crate::policy::VIN_LENGTH;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a VIN was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VinError {
    /// Not 17 characters of A-Z and 0-9 (I, O and Q are never used).
    #[error("Please enter a valid 17-digit VIN number.")]
    Invalid,
    /// A North American VIN whose check digit (position 9) does not match the rest.
    #[error(
        "This VIN's check digit does not match (expected {expected}, found {found}). Please check the VIN for typos."
    )]
    CheckDigit { expected: char, found: char },
}

upcar_errors::error_table! {
    VinError {
        VinError::Invalid => InvalidInput, "invalid_vin";
        VinError::CheckDigit { .. } => InvalidInput, "vin_check_digit";
    }
}

impl VinError {
    /// The text shown to the user.
    pub fn message(&self) -> String {
        self.to_string()
    }
}

/// A VIN: 17 upper-case characters of A-Z and 0-9 without I, O, Q; for North American VINs
/// (first character 1-5) the check digit holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Vin(String);

/// The weights of 49 CFR 565.15, position by position (position 9, the check digit, weighs 0).
pub const WEIGHTS: [u32; 17] = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/// The model-year codes of position 10 in their 30-year cycle: index `i` is 1980 + i,
/// 2010 + i, 2040 + i, ...
const YEAR_CODES: &str = "ABCDEFGHJKLMNPRSTVWXY123456789";

/// The transliterated value of a VIN character (49 CFR 565.15), `None` when not allowed.
pub fn transliterate(c: char) -> Option<u32> {
    Some(match c {
        '0'..='9' => c.to_digit(10)?,
        'A' | 'J' => 1,
        'B' | 'K' | 'S' => 2,
        'C' | 'L' | 'T' => 3,
        'D' | 'M' | 'U' => 4,
        'E' | 'N' | 'V' => 5,
        'F' | 'W' => 6,
        'G' | 'P' | 'X' => 7,
        'H' | 'Y' => 8,
        'R' | 'Z' => 9,
        _ => return None,
    })
}

/// The check digit the other 16 characters call for: the weighted sum mod 11, 10 written X.
/// `vin` must be 17 allowed characters (position 9 is ignored).
pub fn check_digit(vin: &str) -> Option<char> {
    if vin.chars().count() != VIN_LENGTH {
        return None;
    }
    let mut sum = 0u32;
    for (c, w) in vin.chars().zip(WEIGHTS) {
        sum += transliterate(c)? * w;
    }
    let r = sum % 11;
    if r == 10 { Some('X') } else { char::from_digit(r, 10) }
}

impl Vin {
    /// Trims, upper-cases and checks a typed VIN.
    pub fn parse(input: &str) -> Result<Vin, VinError> {
        let v = input.trim().to_ascii_uppercase();
        if v.chars().count() != VIN_LENGTH || v.chars().any(|c| transliterate(c).is_none()) {
            return Err(VinError::Invalid);
        }
        let vin = Vin(v);
        if vin.is_north_american() {
            let expected = check_digit(&vin.0).ok_or(VinError::Invalid)?;
            let found = vin.char_at(8);
            if expected != found {
                return Err(VinError::CheckDigit { expected, found });
            }
        }
        Ok(vin)
    }

    /// The VIN text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Built for North America (world manufacturer identifier starting 1-5): the check digit
    /// is mandatory there.
    pub fn is_north_american(&self) -> bool {
        matches!(self.char_at(0), '1'..='5')
    }

    fn char_at(&self, i: usize) -> char {
        self.0.as_bytes().get(i).map_or(' ', |b| char::from(*b))
    }

    /// The model years position 10 may mean, oldest first. The code repeats every 30 years;
    /// for North American VINs position 7 settles the cycle (a digit: 1980-2009, a letter:
    /// 2010-2039), otherwise both 1980-2009 and 2010-2039 readings are given. Empty when
    /// position 10 holds a character never used for years (0, U, Z).
    pub fn model_year_candidates(&self) -> Vec<i32> {
        let Some(i) = YEAR_CODES.find(self.char_at(9)) else {
            return Vec::new();
        };
        let (early, late) = (1980 + i as i32, 2010 + i as i32);
        if self.is_north_american() {
            if self.char_at(6).is_ascii_digit() { vec![early] } else { vec![late] }
        } else {
            vec![early, late]
        }
    }
}

impl fmt::Display for Vin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<&str> for Vin {
    type Error = VinError;
    fn try_from(s: &str) -> Result<Vin, VinError> {
        Vin::parse(s)
    }
}

impl<'de> Deserialize<'de> for Vin {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Vin, D::Error> {
        let s = String::deserialize(d)?;
        Vin::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use upcar_errors::ErrorCode;

    #[test]
    fn real_vins_parse() {
        let cases = [
            ("1HGCM82633A004352", vec![2003]), // Honda Accord 2003, the classic example
            ("5YJSA1E14FF087599", vec![2015]), // Tesla Model S 2015
            ("5YJ3E1EA2KF317000", vec![2019]), // Model 3 pattern with its right check digit
            ("1M8GDM9AXKP042788", vec![1989]), // check digit X (49 CFR 565 example)
            ("11111111111111111", vec![2001]), // all ones: check digit 1
            ("WP0ZZZ99ZTS392124", vec![1996, 2026]), // European: no check digit rule
        ];
        for (text, years) in cases {
            let vin = Vin::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(vin.as_str(), text);
            assert_eq!(vin.model_year_candidates(), years, "{text}");
        }
    }

    #[test]
    fn typing_is_forgiven_but_not_mistakes() {
        assert_eq!(Vin::parse("  1hgcm82633a004352\n").unwrap().as_str(), "1HGCM82633A004352");
        let cases = [
            ("", "invalid_vin"),
            ("1HGCM82633A00435", "invalid_vin"),   // 16
            ("1HGCM82633A0043521", "invalid_vin"), // 18
            ("1HGCM82633A0O4352", "invalid_vin"),  // O
            ("1HGCM82633A0I4352", "invalid_vin"),  // I
            ("1HGCQ82633A004352", "invalid_vin"),  // Q
            ("1HGCM 2633A004352", "invalid_vin"),  // inner space
            ("1HGCM82633A00435é", "invalid_vin"),
            ("1HGCM82643A004352", "vin_check_digit"),
            // Often quoted as a Model 3 VIN, but its check digit should be 2.
            ("5YJ3E1EA7KF317000", "vin_check_digit"),
        ];
        for (text, code) in cases {
            assert_eq!(Vin::parse(text).map_err(|e| e.code()), Err(code), "{text:?}");
        }
        assert_eq!(
            Vin::parse("1HGCM82643A004352"),
            Err(VinError::CheckDigit { expected: '3', found: '4' })
        );
        assert_eq!(VinError::Invalid.message(), "Please enter a valid 17-digit VIN number.");
    }

    #[test]
    fn unused_year_codes_give_no_year() {
        let mut s: Vec<char> = "1HGCM82633A004352".chars().collect();
        s[9] = 'U';
        s[8] = check_digit(&s.iter().collect::<String>()).unwrap();
        let vin = Vin::parse(&s.iter().collect::<String>()).unwrap();
        assert!(vin.model_year_candidates().is_empty());
    }

    #[test]
    fn serde_parses() {
        let v: Vin = serde_json_like("1hgcm82633a004352");
        assert_eq!(v.as_str(), "1HGCM82633A004352");
    }

    fn serde_json_like(s: &str) -> Vin {
        use serde::de::IntoDeserializer;
        let d: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
            s.into_deserializer();
        Vin::deserialize(d).unwrap()
    }

    const ALLOWED: &str = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

    fn vin_chars() -> impl Strategy<Value = Vec<char>> {
        let first = prop::sample::select(vec!['1', '2', '3', '4', '5']);
        let rest =
            prop::collection::vec(prop::sample::select(ALLOWED.chars().collect::<Vec<_>>()), 16);
        (first, rest).prop_map(|(f, r)| std::iter::once(f).chain(r).collect())
    }

    proptest! {
        #[test]
        fn the_right_check_digit_parses_any_other_fails(mut chars in vin_chars(), other in prop::sample::select("0123456789X".chars().collect::<Vec<_>>())) {
            let right = check_digit(&chars.iter().collect::<String>()).unwrap();
            chars[8] = right;
            let good: String = chars.iter().collect();
            prop_assert!(Vin::parse(&good).is_ok(), "{}", good);
            prop_assert!(Vin::parse(&good.to_ascii_lowercase()).is_ok());
            if other != right {
                chars[8] = other;
                let bad: String = chars.iter().collect();
                prop_assert_eq!(Vin::parse(&bad).map_err(|e| e.code()), Err("vin_check_digit"));
            }
        }

        #[test]
        fn any_text_never_panics(s in "\\PC{0,25}") {
            let _ = Vin::parse(&s);
        }
    }
}
