//! Car reviews and their category ratings (spec 000 section 3, "Car review").

/// Reviews per page of the ratings call.
pub const REVIEWS_PAGE_SIZE: i32 = 50;

/// Longest answer a host gives to a review; the product's rule.
pub const MAX_RESPONSE_CHARS: usize = 1_000;

/// Why a host's answer to a review was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ResponseError {
    #[error("Please write a response.")]
    Required,
    #[error("The response must be at most {MAX_RESPONSE_CHARS} characters.")]
    TooLong,
}

/// A host's answer to a review: trimmed, not empty, at most [`MAX_RESPONSE_CHARS`].
pub fn parse_response(input: &str) -> Result<String, ResponseError> {
    let t = input.trim();
    if t.is_empty() {
        Err(ResponseError::Required)
    } else if t.chars().count() > MAX_RESPONSE_CHARS {
        Err(ResponseError::TooLong)
    } else {
        Ok(t.to_owned())
    }
}

/// The categories a guest rates besides the overall stars, in the order they are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RatingCategory {
    Cleanliness,
    Maintenance,
    Communication,
    Convenience,
    Accuracy,
}

/// Every category, in display order.
pub const CATEGORIES: [RatingCategory; 5] = [
    RatingCategory::Cleanliness,
    RatingCategory::Maintenance,
    RatingCategory::Communication,
    RatingCategory::Convenience,
    RatingCategory::Accuracy,
];

impl RatingCategory {
    /// The stored and shown name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cleanliness => "Cleanliness",
            Self::Maintenance => "Maintenance",
            Self::Communication => "Communication",
            Self::Convenience => "Convenience",
            Self::Accuracy => "Accuracy",
        }
    }

    /// The category of a stored name.
    pub fn parse(s: &str) -> Option<Self> {
        CATEGORIES.into_iter().find(|c| c.as_str() == s)
    }

    /// Position in display order.
    pub fn rank(self) -> usize {
        CATEGORIES.iter().position(|c| *c == self).unwrap_or(CATEGORIES.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_response_is_trimmed_required_and_bounded() {
        assert_eq!(parse_response("  Thanks!  "), Ok("Thanks!".to_owned()));
        assert_eq!(parse_response(" \n "), Err(ResponseError::Required));
        assert_eq!(
            parse_response(&"é".repeat(MAX_RESPONSE_CHARS)).map(|s| s.chars().count()),
            Ok(MAX_RESPONSE_CHARS)
        );
        assert_eq!(
            parse_response(&"x".repeat(MAX_RESPONSE_CHARS + 1)),
            Err(ResponseError::TooLong)
        );
    }

    #[test]
    fn categories_round_trip_in_display_order() {
        for (i, c) in CATEGORIES.into_iter().enumerate() {
            assert_eq!(RatingCategory::parse(c.as_str()), Some(c));
            assert_eq!(c.rank(), i);
        }
        assert_eq!(RatingCategory::parse("cleanliness"), None);
    }
}
