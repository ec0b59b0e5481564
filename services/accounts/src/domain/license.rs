//! A driver's licence as the spec's driver form gives it (002 section 4: first name, last
//! name, licence number, expiration date, issue date, date of birth), checked before it is
//! kept. Its expiry is what trips reads to let a driver drive a trip to its end.

use crate::error::AccountsError;
use chrono::NaiveDate;

/// Names as printed on a licence: at most this many characters each.
pub const MAX_LICENSE_NAME_CHARS: usize = 50;
/// US licence numbers run from 4 (some states' older numbers) to 17 characters (letters and
/// digits); a dash or space between groups is dropped.
pub const MIN_LICENSE_NUMBER_CHARS: usize = 4;
/// See [`MIN_LICENSE_NUMBER_CHARS`].
pub const MAX_LICENSE_NUMBER_CHARS: usize = 17;
/// The longest a US licence is issued for (Arizona's run to the holder's 65th birthday;
/// every other state's for at most 12 years).
pub const MAX_LICENSE_YEARS: i32 = 50;

/// The form as sent.
#[derive(Debug, Clone, Default)]
pub struct LicenseForm<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub license_number: &'a str,
    pub expiration_date: &'a str,
    pub issue_date: &'a str,
    pub dob: &'a str,
}

/// A licence that can be kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct License {
    pub first_name: String,
    pub last_name: String,
    /// Upper case, letters and digits only.
    pub number: String,
    pub issued_on: NaiveDate,
    pub expires_on: NaiveDate,
    pub dob: NaiveDate,
}

fn date(v: &str, err: AccountsError) -> Result<NaiveDate, AccountsError> {
    NaiveDate::parse_from_str(v.trim(), "%Y-%m-%d").map_err(|_| err)
}

fn name(v: &str, err: AccountsError) -> Result<String, AccountsError> {
    let v = v.trim();
    if v.is_empty() || v.chars().count() > MAX_LICENSE_NAME_CHARS || v.chars().any(char::is_control)
    {
        return Err(err);
    }
    Ok(v.to_owned())
}

impl License {
    /// Checks the form on `today`: an unexpired licence issued on or before today, after its
    /// holder's birth, for a holder old enough to rent.
    pub fn parse(f: &LicenseForm<'_>, today: NaiveDate) -> Result<License, AccountsError> {
        let first_name = name(f.first_name, AccountsError::LicenseNameInvalid("firstName"))?;
        let last_name = name(f.last_name, AccountsError::LicenseNameInvalid("lastName"))?;
        let number: String = f
            .license_number
            .chars()
            .filter(|c| !matches!(c, ' ' | '-'))
            .collect::<String>()
            .to_uppercase();
        if !(MIN_LICENSE_NUMBER_CHARS..=MAX_LICENSE_NUMBER_CHARS).contains(&number.chars().count())
            || !number.chars().all(|c| c.is_ascii_alphanumeric())
        {
            return Err(AccountsError::LicenseNumberInvalid);
        }
        let dob = date(f.dob, AccountsError::DobInvalid)?;
        if dob > today || dob < NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or(dob) {
            return Err(AccountsError::DobInvalid);
        }
        if !pricing_domain::driver::old_enough(dob, today) {
            return Err(AccountsError::Underage);
        }
        let issued_on = date(f.issue_date, AccountsError::LicenseIssueDateInvalid)?;
        if issued_on > today || issued_on <= dob {
            return Err(AccountsError::LicenseIssueDateInvalid);
        }
        let expires_on = date(f.expiration_date, AccountsError::LicenseExpirationDateInvalid)?;
        let longest = issued_on
            .checked_add_months(chrono::Months::new(MAX_LICENSE_YEARS as u32 * 12))
            .unwrap_or(issued_on);
        if expires_on <= issued_on || expires_on > longest {
            return Err(AccountsError::LicenseExpirationDateInvalid);
        }
        if expires_on < today {
            return Err(AccountsError::LicenseExpired);
        }
        Ok(License { first_name, last_name, number, issued_on, expires_on, dob })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcar_errors::ErrorCode;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn form() -> LicenseForm<'static> {
        LicenseForm {
            first_name: "Ada",
            last_name: "Lovelace",
            license_number: "d123-4567 8",
            expiration_date: "2030-05-01",
            issue_date: "2022-05-01",
            dob: "1990-05-01",
        }
    }

    const TODAY: (i32, u32, u32) = (2026, 12, 2);

    fn parse(f: &LicenseForm<'_>) -> Result<License, AccountsError> {
        License::parse(f, d(TODAY.0, TODAY.1, TODAY.2))
    }

    fn code(f: &LicenseForm<'_>) -> &'static str {
        parse(f).map(|_| "ok").unwrap_or_else(|e| e.code())
    }

    #[test]
    fn a_licence_is_kept_upper_case_without_separators() {
        let l = parse(&form()).unwrap();
        assert_eq!(l.number, "D12345678");
        assert_eq!(
            (l.issued_on, l.expires_on, l.dob),
            (d(2022, 5, 1), d(2030, 5, 1), d(1990, 5, 1))
        );
    }

    #[test]
    fn each_field_is_checked_at_its_boundary() {
        let with = |f: fn(&mut LicenseForm<'static>)| {
            let mut x = form();
            f(&mut x);
            code(&x)
        };
        assert_eq!(with(|f| f.first_name = " "), "license_name_invalid");
        assert_eq!(with(|f| f.last_name = "x\u{7}"), "license_name_invalid");
        assert_eq!(with(|f| f.license_number = "A12"), "license_number_invalid");
        assert_eq!(with(|f| f.license_number = "A123"), "ok");
        assert_eq!(with(|f| f.license_number = "A1234567890123456"), "ok");
        assert_eq!(with(|f| f.license_number = "A12345678901234567"), "license_number_invalid");
        assert_eq!(with(|f| f.license_number = "A12_45"), "license_number_invalid");
        assert_eq!(with(|f| f.dob = "1990-13-01"), "dob_invalid");
        assert_eq!(with(|f| f.dob = "2005-12-03"), "underage");
        assert_eq!(with(|f| f.dob = "2005-12-02"), "ok");
        // Issued on or before today, after the birth.
        assert_eq!(with(|f| f.issue_date = "2026-12-03"), "license_issue_date_invalid");
        assert_eq!(with(|f| f.issue_date = "2026-12-02"), "ok");
        assert_eq!(with(|f| f.issue_date = "1990-05-01"), "license_issue_date_invalid");
        // Expires after its issue, within the longest term, and not before today.
        assert_eq!(with(|f| f.expiration_date = "2022-05-01"), "license_expiration_date_invalid");
        assert_eq!(with(|f| f.expiration_date = "2072-05-01"), "ok");
        assert_eq!(with(|f| f.expiration_date = "2072-05-02"), "license_expiration_date_invalid");
        assert_eq!(with(|f| f.expiration_date = "2026-12-01"), "license_expired");
        assert_eq!(with(|f| f.expiration_date = "2026-12-02"), "ok");
        assert_eq!(with(|f| f.expiration_date = "May 2030"), "license_expiration_date_invalid");
    }
}
