//! Every way an accounts call can fail, with its code and the spec's text.

use upcar_errors::{ErrorCode, ErrorKind};

/// Result of accounts operations.
pub type AccountsResult<T> = Result<T, AccountsError>;

/// Accounts errors. Messages are the spec's where it gives one (002 sections 5 and 8).
#[derive(Debug, thiserror::Error)]
pub enum AccountsError {
    #[error("First name is required")]
    FirstNameRequired,
    #[error("Last name is required")]
    LastNameRequired,
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
    #[error("Please wait 30 seconds before requesting a new code.")]
    OtpResendTooSoon,
    #[error("Invalid OTP type. Use phone or email.")]
    OtpTypeInvalid,
    #[error("Token is missing")]
    TokenMissing,
    #[error("Token verification failed")]
    TokenInvalid,
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
    #[error("You must be 21 or older to rent or list a car.")]
    Underage,
    #[error("{0}")]
    InvalidField(String),
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
    /// The email or SMS provider refused or did not answer.
    #[error("Failed to send OTP. Please try again later.")]
    OtpDeliveryFailed(#[source] anyhow::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<diesel::result::Error> for AccountsError {
    fn from(e: diesel::result::Error) -> Self {
        AccountsError::Internal(e.into())
    }
}

impl From<upcar_db::PoolError> for AccountsError {
    fn from(e: upcar_db::PoolError) -> Self {
        AccountsError::Internal(anyhow::anyhow!("database pool: {e}"))
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

impl ErrorCode for AccountsError {
    fn kind(&self) -> ErrorKind {
        use AccountsError::*;
        match self {
            EmailTaken | PhoneTaken | GoogleAccountConflict | AccountEmailUnverified => {
                ErrorKind::Conflict
            }
            InvalidCredentials | TokenMissing | TokenInvalid | InvalidCaptainCredentials => {
                ErrorKind::Unauthenticated
            }
            NotYourProfile | WrongAccountKind => ErrorKind::Forbidden,
            PhoneNotFound | EmailNotFound | UserNotFound | HostNotFound => ErrorKind::NotFound,
            OtpAttemptsExceeded | OtpResendTooSoon => ErrorKind::RateLimited,
            OtpDeliveryFailed(_) | GoogleNotConfigured | GoogleUnavailable(_) => {
                ErrorKind::Unavailable
            }
            Internal(_) => ErrorKind::Internal,
            _ => ErrorKind::InvalidInput,
        }
    }

    fn code(&self) -> &'static str {
        use AccountsError::*;
        match self {
            FirstNameRequired => "first_name_required",
            LastNameRequired => "last_name_required",
            EmailRequired | LoginEmailRequired => "email_required",
            EmailInvalid => "email_invalid",
            InvitationCodeRequired => "invitation_code_required",
            InvitationCodeInvalid => "invitation_code_invalid",
            ProfessionalEmailInvalid => "professional_email_invalid",
            PasswordRequired | LoginPasswordRequired => "password_required",
            PasswordTooShort => "password_too_short",
            PasswordTooLong => "password_too_long",
            TermsNotAccepted => "terms_not_accepted",
            PhoneInvalid => "phone_invalid",
            PhoneRequired => "phone_required",
            EmailTaken => "email_taken",
            PhoneTaken => "phone_taken",
            InvalidCredentials => "invalid_credentials",
            PhoneNotFound => "phone_not_found",
            EmailNotFound => "email_not_found",
            OtpMalformed => "otp_malformed",
            OtpInvalid => "otp_invalid",
            OtpExpired => "otp_expired",
            OtpAttemptsExceeded => "otp_attempts_exceeded",
            OtpResendTooSoon => "otp_resend_too_soon",
            OtpTypeInvalid => "otp_type_invalid",
            TokenMissing => "token_missing",
            TokenInvalid => "token_invalid",
            RefreshNotDue => "token_refresh_not_due",
            UserIdOrFirstNameMissing => "user_id_or_first_name_missing",
            UserNotFound => "user_not_found",
            HostNotFound => "host_not_found",
            InvalidUserId => "invalid_user_id",
            InvalidCarId => "invalid_car_id",
            NotYourProfile => "forbidden",
            WrongAccountKind => "wrong_account_kind",
            DobInvalid => "dob_invalid",
            Underage => "underage",
            InvalidField(_) => "invalid_input",
            DocumentTypeInvalid => "document_type_invalid",
            DocumentsIncomplete => "documents_incomplete",
            InvalidCaptainCredentials => "invalid_credentials",
            OtpDeliveryFailed(_) => "otp_delivery_failed",
            GoogleNotConfigured => "google_not_configured",
            GoogleUnavailable(_) => "google_unavailable",
            OauthStateInvalid => "oauth_state_invalid",
            GoogleCodeInvalid => "google_code_invalid",
            GoogleTokenInvalid(_) => "google_token_invalid",
            GoogleEmailUnverified => "google_email_unverified",
            GoogleAccountConflict => "google_account_conflict",
            AccountEmailUnverified => "account_email_unverified",
            Internal(_) => "internal_error",
        }
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
        upcar_errors::to_status(&e)
    }
}
