//! Email addresses.

use super::sanitize;

/// A sanitized, syntactically valid email address (lowercase).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

/// Why an email was refused; the texts are the spec's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmailError {
    /// Empty after sanitizing.
    Missing,
    /// Not of the shape `local@domain.tld`.
    Invalid,
}

/// Webmail domains that do not count as a professional email.
const FREE_MAIL: &[&str] = &[
    "gmail.com",
    "googlemail.com",
    "yahoo.com",
    "ymail.com",
    "hotmail.com",
    "outlook.com",
    "live.com",
    "msn.com",
    "icloud.com",
    "me.com",
    "mac.com",
    "aol.com",
    "protonmail.com",
    "proton.me",
    "gmx.com",
    "mail.com",
    "zoho.com",
    "yandex.com",
];

impl Email {
    /// Sanitizes (trim, lowercase) and checks the shape.
    pub fn parse(input: &str) -> Result<Self, EmailError> {
        let s = sanitize::email(input);
        if s.is_empty() {
            return Err(EmailError::Missing);
        }
        if s.len() > 254 || !shape_ok(&s) {
            return Err(EmailError::Invalid);
        }
        Ok(Self(s))
    }

    /// The address.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The part after `@`.
    pub fn domain(&self) -> &str {
        self.0.rsplit_once('@').map(|(_, d)| d).unwrap_or("")
    }

    /// True for a work address (not a free webmail domain).
    pub fn is_professional(&self) -> bool {
        !FREE_MAIL.contains(&self.domain())
    }
}

fn shape_ok(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else { return false };
    if local.is_empty() || local.len() > 64 || domain.contains('@') {
        return false;
    }
    let local_ok =
        local.chars().all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c))
            && !local.starts_with('.')
            && !local.ends_with('.')
            && !local.contains("..");
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && domain_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_addresses_are_accepted_and_lowercased() {
        for (input, want) in [
            ("ada@example.com", "ada@example.com"),
            ("  Ada.Lovelace+cars@Example.CO.uk ", "ada.lovelace+cars@example.co.uk"),
            ("o'brien@firm-law.com", "o'brien@firm-law.com"),
        ] {
            assert_eq!(Email::parse(input).map(|e| e.0), Ok(want.to_owned()));
        }
    }

    #[test]
    fn invalid_addresses_are_refused() {
        assert_eq!(Email::parse("   "), Err(EmailError::Missing));
        for bad in [
            "ada",
            "ada@",
            "@example.com",
            "ada@example",
            "ada@@example.com",
            "ada@exa mple.com",
            "ada@-example.com",
            "ada@example.c",
            "a..b@example.com",
            ".a@example.com",
            "ada@example.123",
            "<b>@example.com",
        ] {
            assert_eq!(Email::parse(bad), Err(EmailError::Invalid), "{bad:?}");
        }
    }

    #[test]
    fn webmail_is_not_professional() {
        assert!(!Email::parse("ada@gmail.com").unwrap().is_professional());
        assert!(Email::parse("ada@acme-logistics.com").unwrap().is_professional());
    }
}
