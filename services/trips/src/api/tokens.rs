//! Secrets handed out in links: agreement tokens and driver invitations.

use sha2::Digest;
use uuid::Uuid;

/// A new random token (244 random bits as 64 hex characters).
pub fn random_token() -> String {
    format!("{}{}", Uuid::new_v4().simple(), Uuid::new_v4().simple())
}

/// What is stored of a token: its SHA-256, hex.
pub fn sha256(token: &str) -> String {
    sha2::Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}
