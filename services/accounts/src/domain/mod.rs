//! Accounts rules and types, with no I/O. Requests become these types before anything is
//! read or written.

pub mod email;
pub mod license;
pub mod login_guard;
pub mod member_code;
pub mod oidc;
pub mod otp;
pub mod password;
pub mod phone;
pub mod profile;
pub mod sanitize;
pub mod signup;
pub mod standing;
pub mod tier;

pub use email::Email;
pub use otp::{OtpChannel, OtpCode, OtpPurpose};
pub use password::Password;
pub use phone::UsPhone;
