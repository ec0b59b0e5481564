//! One-time codes: 6 random digits sent, 4 to 6 digits accepted as input (002 section 9),
//! stored only as a keyed hash, expiring and limited in attempts.

use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::Sha256;

/// Digits in a generated code.
pub const GENERATED_LEN: usize = 6;
/// Seconds before a new code may be sent to the same destination (the spec's resend timer).
pub const RESEND_AFTER_SECS: i64 = 30;

/// Where a code goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OtpChannel {
    /// Email.
    Email,
    /// SMS to a US phone.
    Phone,
}

impl OtpChannel {
    /// Stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            OtpChannel::Email => "email",
            OtpChannel::Phone => "phone",
        }
    }

    /// The `otpType` of `login/otp`; phone when absent (the spec's default).
    pub fn parse_type(s: &str) -> Option<Self> {
        match s.trim() {
            "" | "phone" | "sms" | "mobile" => Some(OtpChannel::Phone),
            "email" => Some(OtpChannel::Email),
            _ => None,
        }
    }
}

/// What a code proves when used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OtpPurpose {
    /// Log in (phone or email).
    Login,
    /// Reset a password.
    PasswordReset,
    /// Verify an email address.
    VerifyEmail,
    /// Verify a phone number.
    VerifyPhone,
}

impl OtpPurpose {
    /// Stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            OtpPurpose::Login => "login",
            OtpPurpose::PasswordReset => "password_reset",
            OtpPurpose::VerifyEmail => "verify_email",
            OtpPurpose::VerifyPhone => "verify_phone",
        }
    }
}

/// A code as typed by the user: digits only, 4 to 6 of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtpCode(String);

impl OtpCode {
    /// Trims, then requires 4 to 6 ASCII digits.
    pub fn parse(input: &str) -> Option<Self> {
        let s = input.trim();
        (4..=6).contains(&s.len()).then_some(())?;
        s.chars().all(|c| c.is_ascii_digit()).then(|| Self(s.to_owned()))
    }

    /// A fresh random 6-digit code.
    pub fn generate() -> Self {
        let n: u32 = rand::rng().random_range(0..1_000_000);
        Self(format!("{n:06}"))
    }

    /// The digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// HMAC-SHA256 of the code bound to the account it was sent to, hex encoded. A leaked
    /// table does not reveal codes without the pepper, and a code cannot be replayed for
    /// another account.
    pub fn digest(&self, pepper: &[u8], subject: &str) -> String {
        let mut mac = match Hmac::<Sha256>::new_from_slice(pepper) {
            Ok(m) => m,
            Err(_) => return String::new(),
        };
        mac.update(subject.as_bytes());
        mac.update(b":");
        mac.update(self.0.as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_of_four_to_six_digits_are_accepted() {
        for ok in ["1234", "12345", "123456", " 123456 "] {
            assert!(OtpCode::parse(ok).is_some(), "{ok:?}");
        }
        for bad in ["", "123", "1234567", "12a4", "12 34", "١٢٣٤"] {
            assert!(OtpCode::parse(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn generated_codes_are_six_digits() {
        for _ in 0..100 {
            let c = OtpCode::generate();
            assert_eq!(c.as_str().len(), GENERATED_LEN);
            assert!(OtpCode::parse(c.as_str()).is_some());
        }
    }

    #[test]
    fn digests_depend_on_pepper_subject_and_code() {
        let c = OtpCode::parse("123456").unwrap();
        let d = c.digest(b"pepper", "user-1");
        assert_eq!(d, c.digest(b"pepper", "user-1"));
        assert_ne!(d, c.digest(b"other", "user-1"));
        assert_ne!(d, c.digest(b"pepper", "user-2"));
        assert_ne!(d, OtpCode::parse("123457").unwrap().digest(b"pepper", "user-1"));
        assert!(!d.contains("123456"));
    }

    #[test]
    fn otp_type_defaults_to_phone() {
        assert_eq!(OtpChannel::parse_type(""), Some(OtpChannel::Phone));
        assert_eq!(OtpChannel::parse_type("email"), Some(OtpChannel::Email));
        assert_eq!(OtpChannel::parse_type("fax"), None);
    }
}
