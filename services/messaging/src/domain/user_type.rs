//! The side of a room a caller looks from: the chat list has a guest view and a host view.

/// Which of the caller's rooms: those where they are the guest, or those of their cars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UserType {
    Guest,
    Host,
}

/// Why a `userType` is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UserTypeError {
    #[error("userType is required (guest or host)")]
    Missing,
    #[error("userType must be guest or host")]
    Unknown,
}

impl UserType {
    /// Reads `guest` or `host` (any case, surrounding spaces ignored).
    pub fn parse(s: &str) -> Result<Self, UserTypeError> {
        let s = s.trim();
        if s.is_empty() {
            Err(UserTypeError::Missing)
        } else if s.eq_ignore_ascii_case("guest") {
            Ok(UserType::Guest)
        } else if s.eq_ignore_ascii_case("host") {
            Ok(UserType::Host)
        } else {
            Err(UserTypeError::Unknown)
        }
    }

    /// The spelling of the API.
    pub fn as_str(self) -> &'static str {
        match self {
            UserType::Guest => "guest",
            UserType::Host => "host",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_views_are_read_in_any_case_and_nothing_else_is() {
        let cases = [
            ("guest", Ok(UserType::Guest)),
            ("host", Ok(UserType::Host)),
            (" Host ", Ok(UserType::Host)),
            ("GUEST", Ok(UserType::Guest)),
            ("", Err(UserTypeError::Missing)),
            ("   ", Err(UserTypeError::Missing)),
            ("admin", Err(UserTypeError::Unknown)),
            ("guests", Err(UserTypeError::Unknown)),
            ("co-host", Err(UserTypeError::Unknown)),
        ];
        for (input, want) in cases {
            assert_eq!(UserType::parse(input), want, "{input:?}");
        }
    }

    #[test]
    fn a_view_is_spelled_as_it_is_read() {
        for t in [UserType::Guest, UserType::Host] {
            assert_eq!(UserType::parse(t.as_str()), Ok(t));
        }
    }
}
