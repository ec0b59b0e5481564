//! Car reviews and their category ratings (spec 000 section 3, "Car review").

/// Reviews per page of the ratings call.
pub const REVIEWS_PAGE_SIZE: i32 = 50;

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
    fn categories_round_trip_in_display_order() {
        for (i, c) in CATEGORIES.into_iter().enumerate() {
            assert_eq!(RatingCategory::parse(c.as_str()), Some(c));
            assert_eq!(c.rank(), i);
        }
        assert_eq!(RatingCategory::parse("cleanliness"), None);
    }
}
