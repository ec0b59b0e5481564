//! The sign-up form (002 sections 5 and 7), checked in the order the form shows its messages.

use super::email::{Email, EmailError};
use super::password::{Password, PasswordError};
use super::phone::{PhoneError, UsPhone};
use super::{profile, sanitize};
use crate::error::AccountsError;

/// Raw fields as received.
#[derive(Debug, Clone, Default)]
pub struct RawSignUp {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub professional_email: String,
    pub phone_number: String,
    pub country_code: String,
    pub password: String,
    pub promotions_enrollment: bool,
    pub sign_up_code: String,
    pub terms_accepted: Option<bool>,
}

/// A sign-up that passed every rule that needs no database.
#[derive(Debug, Clone)]
pub struct SignUp {
    pub first_name: String,
    pub last_name: String,
    pub email: Email,
    pub professional_email: Option<Email>,
    pub phone: Option<UsPhone>,
    pub country_code: String,
    pub password: Password,
    pub promotions_enrollment: bool,
    /// Normalized invitation code, when one was given.
    pub sign_up_code: Option<String>,
}

/// Trims and uppercases an invitation code; keeps `[A-Z0-9-]`.
pub fn normalize_code(code: &str) -> String {
    code.trim().to_uppercase().chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').collect()
}

impl SignUp {
    /// Sanitizes each field by type and applies the rules in the form's order.
    pub fn parse(raw: RawSignUp) -> Result<Self, AccountsError> {
        let first_name = profile::first_name(&raw.first_name)?;
        let last_name = profile::last_name(&raw.last_name)?;
        let email = Email::parse(&raw.email).map_err(|e| match e {
            EmailError::Missing => AccountsError::EmailRequired,
            EmailError::Invalid => AccountsError::EmailInvalid,
        })?;
        let code = normalize_code(&raw.sign_up_code);
        let professional_email = match Email::parse(&raw.professional_email) {
            Ok(e) if e.is_professional() => Some(e),
            Ok(_) | Err(EmailError::Invalid) => {
                return Err(AccountsError::ProfessionalEmailInvalid);
            }
            Err(EmailError::Missing) => None,
        };
        // Membership needs an invitation code or professional information.
        if code.is_empty() && professional_email.is_none() {
            return Err(AccountsError::InvitationCodeRequired);
        }
        let password = Password::parse(&raw.password).map_err(|e| match e {
            PasswordError::Missing => AccountsError::PasswordRequired,
            PasswordError::TooShort => AccountsError::PasswordTooShort,
            PasswordError::TooLong => AccountsError::PasswordTooLong,
        })?;
        if raw.terms_accepted == Some(false) {
            return Err(AccountsError::TermsNotAccepted);
        }
        let phone = match UsPhone::parse(&raw.phone_number) {
            Ok(p) => Some(p),
            Err(PhoneError::Missing) => None,
            Err(PhoneError::Invalid) => return Err(AccountsError::PhoneInvalid),
        };
        let country_code = match sanitize::phone(&raw.country_code).as_str() {
            "" | "1" => "+1".to_owned(),
            // Only US numbers are supported.
            _ => return Err(AccountsError::PhoneInvalid),
        };
        Ok(Self {
            first_name,
            last_name,
            email,
            professional_email,
            phone,
            country_code,
            password,
            promotions_enrollment: raw.promotions_enrollment,
            sign_up_code: (!code.is_empty()).then_some(code),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> RawSignUp {
        RawSignUp {
            first_name: "Ada".into(),
            last_name: "Lovelace".into(),
            email: "Ada@Example.com".into(),
            password: "secret1".into(),
            sign_up_code: " demo-invite ".into(),
            ..Default::default()
        }
    }

    fn err(f: impl FnOnce(&mut RawSignUp)) -> String {
        let mut r = valid();
        f(&mut r);
        SignUp::parse(r).err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn a_valid_form_is_sanitized() {
        let s = SignUp::parse(RawSignUp {
            first_name: "<b>Ada</b>".into(),
            phone_number: "(415) 555-0100".into(),
            ..valid()
        })
        .unwrap();
        assert_eq!(s.first_name, "Ada");
        assert_eq!(s.email.as_str(), "ada@example.com");
        assert_eq!(s.sign_up_code.as_deref(), Some("DEMO-INVITE"));
        assert_eq!(s.phone.unwrap().as_str(), "4155550100");
        assert_eq!(s.country_code, "+1");
    }

    #[test]
    fn every_rule_gives_the_spec_message() {
        type Edit = Box<dyn FnOnce(&mut RawSignUp)>;
        let table: Vec<(&str, Edit)> = vec![
            ("First name is required", Box::new(|r| r.first_name = "  ".into())),
            ("First name is required", Box::new(|r| r.first_name = "<i></i>123".into())),
            ("Last name is required", Box::new(|r| r.last_name = String::new())),
            (
                "First name must be at most 50 characters",
                Box::new(|r| r.first_name = "A".repeat(100_000)),
            ),
            ("Last name must be at most 50 characters", Box::new(|r| r.last_name = "L".repeat(51))),
            ("Email is required", Box::new(|r| r.email = " ".into())),
            ("Please enter a valid email address", Box::new(|r| r.email = "ada@".into())),
            ("Invitation code is required", Box::new(|r| r.sign_up_code = "  ".into())),
            ("Password is required", Box::new(|r| r.password = String::new())),
            ("Password must be at least 6 characters", Box::new(|r| r.password = "12345".into())),
            (
                "Please accept the terms and conditions",
                Box::new(|r| r.terms_accepted = Some(false)),
            ),
            (
                "Invalid Phone number. Please enter a valid 10-digit number.",
                Box::new(|r| r.phone_number = "555-0100".into()),
            ),
            (
                "Please enter a valid professional email address",
                Box::new(|r| r.professional_email = "me@gmail.com".into()),
            ),
        ];
        for (want, f) in table {
            assert_eq!(err(f), want);
        }
    }

    #[test]
    fn rules_apply_in_the_form_order() {
        let e = SignUp::parse(RawSignUp::default()).unwrap_err();
        assert_eq!(e.to_string(), "First name is required");
        let e =
            SignUp::parse(RawSignUp { first_name: "A".into(), ..Default::default() }).unwrap_err();
        assert_eq!(e.to_string(), "Last name is required");
    }

    #[test]
    fn a_professional_email_replaces_the_invitation_code() {
        let s = SignUp::parse(RawSignUp {
            sign_up_code: String::new(),
            professional_email: "ada@acme-logistics.com".into(),
            ..valid()
        })
        .unwrap();
        assert!(s.sign_up_code.is_none());
        assert!(s.professional_email.is_some());
    }

    #[test]
    fn terms_absent_is_accepted_explicit_true_too() {
        assert!(SignUp::parse(RawSignUp { terms_accepted: None, ..valid() }).is_ok());
        assert!(SignUp::parse(RawSignUp { terms_accepted: Some(true), ..valid() }).is_ok());
    }
}
