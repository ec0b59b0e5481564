//! Passwords: at least 6 characters (002 section 9), stored as argon2id hashes.

use argon2::{Algorithm, Argon2, Params, PasswordHasher, PasswordVerifier, Version};

/// Minimum length, a policy constant of the spec.
pub const MIN_LEN: usize = 6;
/// Upper bound, so hashing cannot be used to burn CPU.
pub const MAX_LEN: usize = 128;
/// A password is changed from the profile only by a session that signed in this recently
/// (seconds): a token left open on a shared computer cannot lock its owner out. The window
/// GitHub's "sudo mode" and most banks use for such changes.
pub const RECENT_SIGN_IN_SECS: i64 = 15 * 60;

/// A password that meets the rules. Never logged.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

/// Why a password was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordError {
    /// Empty.
    Missing,
    /// Shorter than [`MIN_LEN`].
    TooShort,
    /// Longer than [`MAX_LEN`].
    TooLong,
}

impl Password {
    /// Checks length (in characters; surrounding spaces count, as typed).
    pub fn parse(input: &str) -> Result<Self, PasswordError> {
        let n = input.chars().count();
        if n == 0 {
            Err(PasswordError::Missing)
        } else if n < MIN_LEN {
            Err(PasswordError::TooShort)
        } else if n > MAX_LEN {
            Err(PasswordError::TooLong)
        } else {
            Ok(Self(input.to_owned()))
        }
    }

    /// argon2id hash in PHC string form.
    pub fn hash(&self) -> anyhow::Result<String> {
        hasher()
            .hash_password(self.0.as_bytes())
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing failed: {e}"))
    }
}

fn hasher() -> Argon2<'static> {
    // OWASP's second recommended argon2id setting: 19 MiB, 2 iterations, 1 lane.
    let params = Params::new(19 * 1024, 2, 1, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// True when `candidate` matches the stored PHC hash.
pub fn verify(candidate: &str, phc: &str) -> bool {
    PasswordVerifier::<str>::verify_password(&hasher(), candidate.as_bytes(), phc).is_ok()
}

/// A fixed hash to verify against when the account does not exist, so that a login for an
/// unknown email takes as long as one with a wrong password.
pub fn dummy_hash() -> &'static str {
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0TVPXgzxlLGy1oBnPEKGaT7mDLT0f0kPmsdGMzDHwPY"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_rules_follow_the_spec() {
        assert_eq!(Password::parse(""), Err(PasswordError::Missing));
        assert_eq!(Password::parse("12345"), Err(PasswordError::TooShort));
        assert!(Password::parse("123456").is_ok());
        assert!(Password::parse("ñandú!").is_ok(), "six characters, more bytes");
        assert_eq!(Password::parse(&"x".repeat(129)), Err(PasswordError::TooLong));
    }

    #[test]
    fn hashes_are_argon2id_and_verify() {
        let p = Password::parse("correct horse").unwrap();
        let h = p.hash().unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify("correct horse", &h));
        assert!(!verify("wrong horse", &h));
        assert!(!verify("x", "not a hash"));
        assert!(!verify("x", dummy_hash()));
    }

    #[test]
    fn debug_output_hides_the_password() {
        assert_eq!(format!("{:?}", Password::parse("secret123").unwrap()), "Password(***)");
    }
}
