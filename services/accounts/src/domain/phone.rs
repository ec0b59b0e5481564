//! US phone numbers: only +1 numbers are supported (002 section 5).

use super::sanitize;

/// A 10-digit US number (digits only, country code stripped).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsPhone(String);

/// Why a phone number was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhoneError {
    /// Empty.
    Missing,
    /// Not 10 digits (or 11 starting with the country code 1).
    Invalid,
}

impl UsPhone {
    /// Keeps digits; accepts 10 digits, or 11 with a leading country code 1.
    pub fn parse(input: &str) -> Result<Self, PhoneError> {
        let digits = sanitize::phone(input);
        match digits.len() {
            0 => Err(PhoneError::Missing),
            10 => Ok(Self(digits)),
            11 if digits.starts_with('1') => Ok(Self(digits[1..].to_owned())),
            _ => Err(PhoneError::Invalid),
        }
    }

    /// The 10 digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `+1XXXXXXXXXX`, for sending.
    pub fn e164(&self) -> String {
        format!("+1{}", self.0)
    }

    /// `(xxx) xxx-xxxx`, as the spec shows it.
    pub fn display(&self) -> String {
        format!("({}) {}-{}", &self.0[0..3], &self.0[3..6], &self.0[6..10])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_digit_numbers_in_any_format_are_accepted() {
        for input in
            ["4155550100", "(415) 555-0100", "415.555.0100", "+1 415 555 0100", "14155550100"]
        {
            assert_eq!(UsPhone::parse(input).map(|p| p.0), Ok("4155550100".to_owned()), "{input}");
        }
        assert_eq!(UsPhone::parse("4155550100").unwrap().display(), "(415) 555-0100");
        assert_eq!(UsPhone::parse("4155550100").unwrap().e164(), "+14155550100");
    }

    #[test]
    fn other_lengths_are_refused() {
        assert_eq!(UsPhone::parse(""), Err(PhoneError::Missing));
        assert_eq!(UsPhone::parse("abc"), Err(PhoneError::Missing));
        for bad in ["415555010", "441555501000", "24155550100", "123"] {
            assert_eq!(UsPhone::parse(bad), Err(PhoneError::Invalid), "{bad}");
        }
    }
}
