//! Every way an accounts call can fail, with its code and the spec's text.

/// Result of accounts operations.
pub type AccountsResult<T> = Result<T, AccountsError>;

/// Accounts errors. Messages are the spec's where it gives one (002 sections 5 and 8).
#[derive(Debug, thiserror::Error)]
pub enum AccountsError {
    #[error("First name is required")]
    FirstNameRequired,
    #[error("Last name is required")]
    LastNameRequired,
    #[error("First name must be at most 50 characters")]
    FirstNameTooLong,
    #[error("Last name must be at most 50 characters")]
    LastNameTooLong,
    #[error("Email is required")]
    EmailRequired,
    #[error("Please enter a valid email address")]
    EmailInvalid,
    #[error("Invitation code is required")]
    InvitationCodeRequired,
    #[error("Invalid invitation code")]
    InvitationCodeInvalid,
    #[error("Please enter a valid professional email address")]
    ProfessionalEmailInvalid,
    #[error("Password is required")]
    PasswordRequired,
    #[error("Password must be at least 6 characters")]
    PasswordTooShort,
    #[error("Password must be at most 128 characters")]
    PasswordTooLong,
    #[error("Please accept the terms and conditions")]
    TermsNotAccepted,
    #[error("Invalid Phone number. Please enter a valid 10-digit number.")]
    PhoneInvalid,
    #[error("Phone number is required for OTP login.")]
    PhoneRequired,
    #[error("An account with this email already exists.")]
    EmailTaken,
    #[error("An account with this phone number already exists.")]
    PhoneTaken,
    /// Login path: the spec's text ends with a full stop.
    #[error("Email is required.")]
    LoginEmailRequired,
    #[error("Password is required.")]
    LoginPasswordRequired,
    #[error("Invalid email or password.")]
    InvalidCredentials,
    #[error("No account found with this phone number.")]
    PhoneNotFound,
    #[error("No account found with this email.")]
    EmailNotFound,
    #[error("Please enter a valid OTP.")]
    OtpMalformed,
    #[error("Invalid OTP.")]
    OtpInvalid,
    #[error("The code has expired. Please request a new one.")]
    OtpExpired,
    #[error("Too many wrong codes. Please request a new one.")]
    OtpAttemptsExceeded,
    /// The seconds left of the account's wait after wrong passwords.
    #[error("Too many failed login attempts. Please try again in {} or log in with a one-time code.", crate::domain::login_guard::wait_words(*.0))]
    LoginLocked(u64),
    #[error("For your security, please log in again to change your password.")]
    RecentSignInRequired,
    /// The seconds left before a new code may be sent.
    #[error("Please wait 30 seconds before requesting a new code.")]
    OtpResendTooSoon(u64),
    #[error("Invalid OTP type. Use phone or email.")]
    OtpTypeInvalid,
    #[error("Token is missing")]
    TokenMissing,
    #[error("Token verification failed")]
    TokenInvalid,
    #[error("Token has expired")]
    TokenExpired,
    #[error("A token can be refreshed only when 3600 seconds or less remain.")]
    RefreshNotDue,
    #[error("User ID or First Name is missing")]
    UserIdOrFirstNameMissing,
    #[error("User not found")]
    UserNotFound,
    #[error("Host not found")]
    HostNotFound,
    #[error("Invalid user id")]
    InvalidUserId,
    #[error("Invalid car id")]
    InvalidCarId,
    #[error("You can only read your own profile")]
    NotYourProfile,
    #[error("This account cannot use this call")]
    WrongAccountKind,
    #[error("Invalid date of birth. Use YYYY-MM-DD.")]
    DobInvalid,
    #[error(
        "You must be {} or older to rent or list a car.",
        pricing_domain::policy::MIN_DRIVER_AGE
    )]
    Underage,
    #[error("{0} must be the name as printed on the licence (1 to 50 characters).")]
    LicenseNameInvalid(&'static str),
    #[error(
        "Enter the licence number as printed on the licence: {} to {} letters and digits.",
        crate::domain::license::MIN_LICENSE_NUMBER_CHARS,
        crate::domain::license::MAX_LICENSE_NUMBER_CHARS
    )]
    LicenseNumberInvalid,
    #[error(
        "Invalid issue date: use YYYY-MM-DD, a date after the date of birth and not in the future."
    )]
    LicenseIssueDateInvalid,
    #[error("Invalid expiration date: use YYYY-MM-DD, a date after the issue date.")]
    LicenseExpirationDateInvalid,
    #[error("This licence has expired. Add a valid licence to rent.")]
    LicenseExpired,
    #[error("about must be at most 1000 characters.")]
    AboutTooLong,
    #[error("homeLocation.street must be at most 200 characters.")]
    StreetTooLong,
    #[error("homeLocation.city must be at most 100 characters.")]
    CityTooLong,
    #[error("homeLocation.state must be at most 50 characters.")]
    StateTooLong,
    #[error("homeLocation.zip must be at most 20 characters.")]
    ZipTooLong,
    #[error("homeLocation.country must be at most 50 characters.")]
    CountryTooLong,
    #[error("homeLocation latitude must be within -90..90 and longitude within -180..180.")]
    HomeLocationOutOfRange,
    #[error("deviceFingerprint must be at most 256 characters.")]
    DeviceFingerprintTooLong,
    #[error("profilePic must be an http(s) URL of at most 2048 characters.")]
    ProfilePicInvalid,
    #[error("Ask for at most 100 profiles at once")]
    TooManyProfiles,
    #[error("You can keep at most 500 favourite cars.")]
    TooManyFavourites,
    #[error("The email does not match this account.")]
    EmailMismatch,
    #[error("The document key does not belong to this account.")]
    DocumentKeyNotYours,
    #[error("Invalid redirect URI.")]
    RedirectUriInvalid,
    #[error("Your Google account's email address is not usable here.")]
    GoogleEmailUnusable,
    #[error("Invalid document type. Use dl, dlBackSide, selfie or insurance.")]
    DocumentTypeInvalid,
    #[error("DL and selfie should be uploaded")]
    DocumentsIncomplete,
    #[error("Invalid captain credentials.")]
    InvalidCaptainCredentials,
    #[error("Google sign-in is not available right now.")]
    GoogleNotConfigured,
    /// The provider is unreachable or refused our client (the cause is logged).
    #[error("Google sign-in is not available right now. Please try again later.")]
    GoogleUnavailable(#[source] anyhow::Error),
    #[error("The sign-in request has expired or is invalid. Please try again.")]
    OauthStateInvalid,
    #[error("The Google sign-in has expired. Please try again.")]
    GoogleCodeInvalid,
    #[error("Google sign-in could not be verified. Please try again.")]
    GoogleTokenInvalid(#[source] crate::domain::oidc::IdTokenError),
    #[error("Your Google account's email address is not verified.")]
    GoogleEmailUnverified,
    #[error("This email is already linked to another Google account.")]
    GoogleAccountConflict,
    #[error(
        "An account with this email already exists. Log in with your password and verify your email, then continue with Google."
    )]
    AccountEmailUnverified,
    #[error("This account is suspended. Contact support for help.")]
    AccountSuspended,
    #[error("This call is for admins")]
    AdminOnly,
    #[error("A reason is required (at most 1000 characters)")]
    ReasonInvalid,
    #[error("The user is already suspended")]
    AlreadySuspended,
    #[error("The user is not suspended")]
    NotSuspended,
    #[error("Admin accounts cannot be suspended")]
    AdminNotSuspendable,
    /// The email or SMS provider refused or did not answer.
    #[error("Failed to send OTP. Please try again later.")]
    OtpDeliveryFailed(#[source] anyhow::Error),
    /// More password checks are waiting than the password threads' queue holds.
    #[error("Too many sign-ins at this moment. Please try again in a few seconds.")]
    PasswordWorkBusy,
    /// Postgres cannot be reached, or ended the connection mid-call (stopped, restarting,
    /// crashed, out of connections): nothing was changed and the caller may try again.
    #[error("The service is temporarily unavailable. Please try again in a few seconds.")]
    DatabaseUnavailable(#[source] anyhow::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<diesel::result::Error> for AccountsError {
    fn from(e: diesel::result::Error) -> Self {
        if upcar_db::query_unavailable(&e) {
            AccountsError::DatabaseUnavailable(e.into())
        } else {
            AccountsError::Internal(e.into())
        }
    }
}

impl From<upcar_db::PoolError> for AccountsError {
    fn from(e: upcar_db::PoolError) -> Self {
        AccountsError::DatabaseUnavailable(anyhow::Error::new(e).context("database pool"))
    }
}

impl From<redis::RedisError> for AccountsError {
    fn from(e: redis::RedisError) -> Self {
        AccountsError::Internal(e.into())
    }
}

impl From<deadpool_redis::PoolError> for AccountsError {
    fn from(e: deadpool_redis::PoolError) -> Self {
        AccountsError::Internal(anyhow::anyhow!("redis pool: {e}"))
    }
}

// One row per rule; or-patterns join variants that are one rule in different words (the login
// form's messages end with a full stop, the sign-up form's do not).
upcar_errors::error_table! {
    AccountsError {
        AccountsError::FirstNameRequired => InvalidInput, "first_name_required";
        AccountsError::LastNameRequired => InvalidInput, "last_name_required";
        AccountsError::FirstNameTooLong => InvalidInput, "first_name_too_long";
        AccountsError::LastNameTooLong => InvalidInput, "last_name_too_long";
        AccountsError::EmailRequired | AccountsError::LoginEmailRequired =>
            InvalidInput, "email_required";
        AccountsError::EmailInvalid => InvalidInput, "email_invalid";
        AccountsError::InvitationCodeRequired => InvalidInput, "invitation_code_required";
        AccountsError::InvitationCodeInvalid => InvalidInput, "invitation_code_invalid";
        AccountsError::ProfessionalEmailInvalid => InvalidInput, "professional_email_invalid";
        AccountsError::PasswordRequired | AccountsError::LoginPasswordRequired =>
            InvalidInput, "password_required";
        AccountsError::PasswordTooShort => InvalidInput, "password_too_short";
        AccountsError::PasswordTooLong => InvalidInput, "password_too_long";
        AccountsError::TermsNotAccepted => InvalidInput, "terms_not_accepted";
        AccountsError::PhoneInvalid => InvalidInput, "phone_invalid";
        AccountsError::PhoneRequired => InvalidInput, "phone_required";
        AccountsError::EmailTaken => Conflict, "email_taken";
        AccountsError::PhoneTaken => Conflict, "phone_taken";
        AccountsError::InvalidCredentials | AccountsError::InvalidCaptainCredentials =>
            Unauthenticated, "invalid_credentials";
        AccountsError::PhoneNotFound => NotFound, "phone_not_found";
        AccountsError::EmailNotFound => NotFound, "email_not_found";
        AccountsError::OtpMalformed => InvalidInput, "otp_malformed";
        AccountsError::OtpInvalid => InvalidInput, "otp_invalid";
        AccountsError::OtpExpired => InvalidInput, "otp_expired";
        AccountsError::OtpAttemptsExceeded => RateLimited, "otp_attempts_exceeded";
        AccountsError::OtpResendTooSoon(_) => RateLimited, "otp_resend_too_soon";
        AccountsError::LoginLocked(_) => RateLimited, "login_locked";
        AccountsError::RecentSignInRequired => Forbidden, "recent_sign_in_required";
        AccountsError::PasswordWorkBusy => Unavailable, "password_work_busy";
        AccountsError::OtpTypeInvalid => InvalidInput, "otp_type_invalid";
        AccountsError::TokenMissing => Unauthenticated, "token_missing";
        AccountsError::TokenInvalid => Unauthenticated, "token_invalid";
        AccountsError::TokenExpired => Unauthenticated, "token_expired";
        AccountsError::RefreshNotDue => InvalidInput, "token_refresh_not_due";
        // Checked by the gateway's /users/sendEmail (the call it makes is shared with
        // /users/emailVerifyWithOTP, which sends neither); declared here, the rule's owner.
        AccountsError::UserIdOrFirstNameMissing =>
            InvalidInput, "user_id_or_first_name_missing";
        AccountsError::UserNotFound => NotFound, "user_not_found";
        AccountsError::HostNotFound => NotFound, "host_not_found";
        AccountsError::InvalidUserId => InvalidInput, "invalid_user_id";
        AccountsError::InvalidCarId => InvalidInput, "invalid_car_id";
        AccountsError::NotYourProfile => Forbidden, "forbidden";
        AccountsError::WrongAccountKind => Forbidden, "wrong_account_kind";
        AccountsError::DobInvalid => InvalidInput, "dob_invalid";
        AccountsError::Underage => InvalidInput, "underage";
        AccountsError::LicenseNameInvalid(_) => InvalidInput, "license_name_invalid";
        AccountsError::LicenseNumberInvalid => InvalidInput, "license_number_invalid";
        AccountsError::LicenseIssueDateInvalid => InvalidInput, "license_issue_date_invalid";
        AccountsError::LicenseExpirationDateInvalid =>
            InvalidInput, "license_expiration_date_invalid";
        AccountsError::LicenseExpired => InvalidInput, "license_expired";
        AccountsError::AboutTooLong => InvalidInput, "about_too_long";
        AccountsError::StreetTooLong => InvalidInput, "street_too_long";
        AccountsError::CityTooLong => InvalidInput, "city_too_long";
        AccountsError::StateTooLong => InvalidInput, "state_too_long";
        AccountsError::ZipTooLong => InvalidInput, "zip_too_long";
        AccountsError::CountryTooLong => InvalidInput, "country_too_long";
        AccountsError::HomeLocationOutOfRange => InvalidInput, "invalid_coordinates";
        AccountsError::DeviceFingerprintTooLong => InvalidInput, "device_fingerprint_too_long";
        AccountsError::ProfilePicInvalid => InvalidInput, "profile_pic_invalid";
        AccountsError::TooManyProfiles => InvalidInput, "too_many_profiles";
        AccountsError::TooManyFavourites => InvalidInput, "too_many_favourites";
        AccountsError::EmailMismatch => InvalidInput, "email_mismatch";
        AccountsError::DocumentKeyNotYours => InvalidInput, "document_key_not_yours";
        AccountsError::RedirectUriInvalid => InvalidInput, "redirect_uri_invalid";
        AccountsError::GoogleEmailUnusable => InvalidInput, "google_email_unusable";
        AccountsError::DocumentTypeInvalid => InvalidInput, "document_type_invalid";
        AccountsError::DocumentsIncomplete => InvalidInput, "documents_incomplete";
        AccountsError::OtpDeliveryFailed(_) => Unavailable, "otp_delivery_failed";
        AccountsError::GoogleNotConfigured => Unavailable, "google_not_configured";
        AccountsError::GoogleUnavailable(_) => Unavailable, "google_unavailable";
        AccountsError::OauthStateInvalid => InvalidInput, "oauth_state_invalid";
        AccountsError::GoogleCodeInvalid => InvalidInput, "google_code_invalid";
        AccountsError::GoogleTokenInvalid(_) => InvalidInput, "google_token_invalid";
        AccountsError::GoogleEmailUnverified => InvalidInput, "google_email_unverified";
        AccountsError::GoogleAccountConflict => Conflict, "google_account_conflict";
        AccountsError::AccountEmailUnverified => Conflict, "account_email_unverified";
        AccountsError::AccountSuspended => Forbidden, "account_suspended";
        AccountsError::AdminOnly => Forbidden, "admin_only";
        AccountsError::ReasonInvalid => InvalidInput, "reason_invalid";
        AccountsError::AlreadySuspended => Conflict, "already_suspended";
        AccountsError::NotSuspended => Conflict, "not_suspended";
        AccountsError::AdminNotSuspendable => Conflict, "admin_not_suspendable";
        AccountsError::DatabaseUnavailable(_) => Unavailable, "database_unavailable";
        AccountsError::Internal(_) => Internal, "internal_error";
    }
    retry_after {
        AccountsError::OtpResendTooSoon(secs) => *secs;
        AccountsError::LoginLocked(secs) => *secs;
    }
}

impl From<crate::google::ProviderError> for AccountsError {
    fn from(e: crate::google::ProviderError) -> Self {
        use crate::google::ProviderError as P;
        match e {
            P::CodeRefused => AccountsError::GoogleCodeInvalid,
            P::IdToken(e) => {
                tracing::warn!(error = %e, "Google ID token refused");
                AccountsError::GoogleTokenInvalid(e)
            }
            P::Unavailable(e) => {
                tracing::error!(error = %format!("{e:#}"), "Google sign-in provider failed");
                AccountsError::GoogleUnavailable(e)
            }
        }
    }
}

impl From<AccountsError> for tonic::Status {
    fn from(e: AccountsError) -> Self {
        // A database failure under an internal error's own context is still the database's.
        let e = match e {
            AccountsError::Internal(cause) if upcar_db::unavailable_in(&cause) => {
                AccountsError::DatabaseUnavailable(cause)
            }
            e => e,
        };
        if let AccountsError::DatabaseUnavailable(cause) = &e {
            tracing::warn!(error = format!("{cause:#}"), "the database is unavailable");
        }
        upcar_errors::to_status(&e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_table_has_no_problems() {
        use upcar_errors::ErrorTable;
        let problems = upcar_errors::table_problems(&[("accounts", AccountsError::ROWS)]);
        assert!(problems.is_empty(), "{problems:?}");
    }

    #[test]
    fn one_rule_in_two_wordings_has_one_code() {
        use upcar_errors::ErrorCode;
        assert_eq!(AccountsError::LoginEmailRequired.code(), AccountsError::EmailRequired.code());
        assert_ne!(
            AccountsError::LoginEmailRequired.to_string(),
            AccountsError::EmailRequired.to_string()
        );
        assert_eq!(
            AccountsError::InvalidCaptainCredentials.code(),
            AccountsError::InvalidCredentials.code()
        );
    }
}
