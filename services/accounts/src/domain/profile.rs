//! Length limits on the free text a profile keeps. The spec gives none (002 sections 5 and 7
//! only require the names); these are ours: long enough for any real value, short enough that a
//! profile, which anonymous readers see on host cards and reviews, stays small. A value over
//! its limit is refused with its own message, never cut.

use super::sanitize;
use crate::error::AccountsError;

/// Most characters of a first or last name (after the sanitizer).
pub const MAX_NAME_CHARS: usize = 50;
/// Most characters of the profile's "about" text.
pub const MAX_ABOUT_CHARS: usize = 1000;
/// Most characters of a home location's street.
pub const MAX_STREET_CHARS: usize = 200;
/// Most characters of a home location's city.
pub const MAX_CITY_CHARS: usize = 100;
/// Most characters of a home location's state.
pub const MAX_STATE_CHARS: usize = 50;
/// Most characters of a home location's postal code.
pub const MAX_ZIP_CHARS: usize = 20;
/// Most characters of a home location's country.
pub const MAX_COUNTRY_CHARS: usize = 50;
/// Most characters of a device fingerprint (browser fingerprints are 20 to 64).
pub const MAX_DEVICE_FINGERPRINT_CHARS: usize = 256;

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// A first name: sanitized, required, at most [`MAX_NAME_CHARS`].
pub fn first_name(raw: &str) -> Result<String, AccountsError> {
    let v = sanitize::string(raw);
    if v.is_empty() {
        Err(AccountsError::FirstNameRequired)
    } else if chars(&v) > MAX_NAME_CHARS {
        Err(AccountsError::FirstNameTooLong)
    } else {
        Ok(v)
    }
}

/// A last name: sanitized, required, at most [`MAX_NAME_CHARS`].
pub fn last_name(raw: &str) -> Result<String, AccountsError> {
    let v = sanitize::string(raw);
    if v.is_empty() {
        Err(AccountsError::LastNameRequired)
    } else if chars(&v) > MAX_NAME_CHARS {
        Err(AccountsError::LastNameTooLong)
    } else {
        Ok(v)
    }
}

/// A name another party vouches for (Google's ID token): sanitized and cut to
/// [`MAX_NAME_CHARS`], since the person cannot shorten it before signing in.
pub fn clip_name(raw: &str) -> String {
    sanitize::string(raw).chars().take(MAX_NAME_CHARS).collect::<String>().trim_end().to_owned()
}

/// The "about" text, trimmed; blank clears it.
pub fn about(raw: &str) -> Result<Option<String>, AccountsError> {
    let v = raw.trim();
    if chars(v) > MAX_ABOUT_CHARS {
        return Err(AccountsError::AboutTooLong);
    }
    Ok((!v.is_empty()).then(|| v.to_owned()))
}

/// A home location's address, each part trimmed; the country is `US` when blank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HomeAddress {
    pub street: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub country: String,
}

impl HomeAddress {
    /// Checks each part against its limit, in the form's order.
    pub fn parse(
        street: &str,
        city: &str,
        state: &str,
        zip: &str,
        country: &str,
    ) -> Result<Self, AccountsError> {
        let part = |v: &str, max: usize, err: AccountsError| {
            let v = v.trim();
            if chars(v) > max { Err(err) } else { Ok(v.to_owned()) }
        };
        let street = part(street, MAX_STREET_CHARS, AccountsError::StreetTooLong)?;
        let city = part(city, MAX_CITY_CHARS, AccountsError::CityTooLong)?;
        let state = part(state, MAX_STATE_CHARS, AccountsError::StateTooLong)?;
        let zip = part(zip, MAX_ZIP_CHARS, AccountsError::ZipTooLong)?;
        let country = part(country, MAX_COUNTRY_CHARS, AccountsError::CountryTooLong)?;
        let country = if country.is_empty() { "US".to_owned() } else { country };
        Ok(Self { street, city, state, zip, country })
    }
}

/// A device fingerprint to remember: none when blank, refused when over its limit.
pub fn device_fingerprint(raw: &str) -> Result<Option<&str>, AccountsError> {
    if chars(raw) > MAX_DEVICE_FINGERPRINT_CHARS {
        return Err(AccountsError::DeviceFingerprintTooLong);
    }
    Ok((!raw.is_empty()).then_some(raw))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(r: Result<impl std::fmt::Debug, AccountsError>) -> &'static str {
        use upcar_errors::ErrorCode;
        r.err().map(|e| e.code()).unwrap_or("ok")
    }

    #[test]
    fn names_are_required_and_limited_after_sanitizing() {
        let at_limit = "A".repeat(MAX_NAME_CHARS);
        let over = "A".repeat(MAX_NAME_CHARS + 1);
        let cases: [(&str, &str, &str); 8] = [
            ("Ada", "ok", "ok"),
            (&at_limit, "ok", "ok"),
            (&over, "first_name_too_long", "last_name_too_long"),
            ("", "first_name_required", "last_name_required"),
            ("12345", "first_name_required", "last_name_required"),
            // Characters, not bytes: 50 accented letters are 100 bytes.
            ("éééééééééééééééééééééééééééééééééééééééééééééééééé", "ok", "ok"),
            // The sanitizer runs first: digits and tags do not count.
            ("<b>Ada</b>0123456789012345678901234567890123456789012345", "ok", "ok"),
            (
                "Ada Ada Ada Ada Ada Ada Ada Ada Ada Ada Ada Ada Ada",
                "first_name_too_long",
                "last_name_too_long",
            ),
        ];
        for (input, first, last) in cases {
            assert_eq!(code(first_name(input)), first, "{input:?}");
            assert_eq!(code(last_name(input)), last, "{input:?}");
        }
        assert_eq!(first_name("  <i>Ada</i> ").unwrap(), "Ada");
    }

    #[test]
    fn names_from_google_are_cut_not_refused() {
        assert_eq!(clip_name("Ada"), "Ada");
        assert_eq!(clip_name(&"B".repeat(500)).chars().count(), MAX_NAME_CHARS);
        // A cut that ends on a space leaves none behind.
        let spaced = format!("{} Lovelace", "A".repeat(MAX_NAME_CHARS - 1));
        assert_eq!(clip_name(&spaced), "A".repeat(MAX_NAME_CHARS - 1));
    }

    #[test]
    fn about_is_trimmed_and_limited() {
        assert_eq!(about("  hi  ").unwrap().as_deref(), Some("hi"));
        assert_eq!(about("   ").unwrap(), None);
        assert!(about(&"x".repeat(MAX_ABOUT_CHARS)).is_ok());
        assert_eq!(code(about(&"x".repeat(MAX_ABOUT_CHARS + 1))), "about_too_long");
    }

    #[test]
    fn each_address_part_has_its_limit_and_code() {
        let ok = ["1 Main St", "Fremont", "CA", "94536", ""];
        let a = HomeAddress::parse(ok[0], ok[1], ok[2], ok[3], ok[4]).unwrap();
        assert_eq!((a.street.as_str(), a.country.as_str()), ("1 Main St", "US"));
        let limits = [
            (MAX_STREET_CHARS, "street_too_long"),
            (MAX_CITY_CHARS, "city_too_long"),
            (MAX_STATE_CHARS, "state_too_long"),
            (MAX_ZIP_CHARS, "zip_too_long"),
            (MAX_COUNTRY_CHARS, "country_too_long"),
        ];
        for (i, (max, want)) in limits.into_iter().enumerate() {
            let mut parts = ok.map(str::to_owned);
            parts[i] = "x".repeat(max);
            let p = |parts: &[String; 5]| {
                HomeAddress::parse(&parts[0], &parts[1], &parts[2], &parts[3], &parts[4])
            };
            assert_eq!(code(p(&parts)), "ok", "{want} at its limit");
            parts[i] = format!("  {}  ", "x".repeat(max + 1));
            assert_eq!(code(p(&parts)), want);
        }
    }

    #[test]
    fn device_fingerprints_are_limited() {
        assert_eq!(device_fingerprint("").unwrap(), None);
        assert_eq!(device_fingerprint("abc").unwrap(), Some("abc"));
        let over = "f".repeat(MAX_DEVICE_FINGERPRINT_CHARS + 1);
        assert_eq!(code(device_fingerprint(&over)), "device_fingerprint_too_long");
    }
}
