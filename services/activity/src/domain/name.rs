//! Activity type and category names: snake_case, so `carViewed`, `car-viewed`, `CAR_VIEWED`
//! and `car viewed` are one type.

use std::fmt;

/// The longest name, after normalising.
pub const MAX_NAME: usize = 64;

/// A normalised activity type or category name: lowercase ASCII letters, digits and single
/// underscores, starting with a letter, at most [`MAX_NAME`] characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Name(String);

/// Why a name was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameError {
    Empty,
    Invalid,
}

impl Name {
    /// Normalises `raw`: camelCase words split, `-`, `.`, `:`, `/` and spaces become `_`,
    /// everything lowercased. Anything else is refused.
    pub fn parse(raw: &str) -> Result<Self, NameError> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(NameError::Empty);
        }
        let mut out = String::with_capacity(raw.len() + 4);
        let mut prev_lower_or_digit = false;
        for c in raw.chars() {
            match c {
                'A'..='Z' => {
                    if prev_lower_or_digit {
                        out.push('_');
                    }
                    out.push(c.to_ascii_lowercase());
                    prev_lower_or_digit = false;
                }
                'a'..='z' | '0'..='9' => {
                    out.push(c);
                    prev_lower_or_digit = true;
                }
                '_' | '-' | '.' | ':' | '/' | ' ' => {
                    if !out.ends_with('_') {
                        out.push('_');
                    }
                    prev_lower_or_digit = false;
                }
                _ => return Err(NameError::Invalid),
            }
        }
        let out = out.trim_matches('_').to_owned();
        if out.is_empty()
            || out.len() > MAX_NAME
            || !out.starts_with(|c: char| c.is_ascii_lowercase())
        {
            return Err(NameError::Invalid);
        }
        Ok(Self(out))
    }

    /// A name known to be valid (the catalogue's).
    pub(crate) fn known(s: &'static str) -> Self {
        Self(s.to_owned())
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_one_name_normalise_to_snake_case() {
        for (raw, want) in [
            ("car_viewed", "car_viewed"),
            ("carViewed", "car_viewed"),
            ("CarViewed", "car_viewed"),
            ("CAR_VIEWED", "car_viewed"),
            ("car-viewed", "car_viewed"),
            ("car viewed", "car_viewed"),
            ("  search ", "search"),
            ("page.view", "page_view"),
            ("map__moved", "map_moved"),
            ("step2Done", "step2_done"),
        ] {
            assert_eq!(Name::parse(raw).map(|n| n.0), Ok(want.to_owned()), "{raw}");
        }
    }

    #[test]
    fn empty_odd_and_long_names_are_refused() {
        for (raw, want) in [
            ("", NameError::Empty),
            ("   ", NameError::Empty),
            ("<script>", NameError::Invalid),
            ("café", NameError::Invalid),
            ("__", NameError::Invalid),
            ("9lives", NameError::Invalid),
        ] {
            assert_eq!(Name::parse(raw), Err(want), "{raw}");
        }
        assert!(Name::parse(&"a".repeat(MAX_NAME)).is_ok());
        assert_eq!(Name::parse(&"a".repeat(MAX_NAME + 1)), Err(NameError::Invalid));
    }
}
