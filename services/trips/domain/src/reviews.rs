//! Reviews after a trip: who may write when, stars and category ratings, text limits, and when
//! both sides' reviews show.
//!
//! The spec shows reviews (stars, category ratings, a host response) but names no call that
//! writes them and gives no window; the product's rule is a double-blind window: once the car
//! is back (the trip is completed), its guest may review the car and host and the host may
//! review the guest, each once, for [`REVIEW_WINDOW_DAYS`] days; a review shows once both
//! have written or the window has closed, so neither side writes in answer to the other.
//! The host's public response to a car review is the catalog's (`cars/respondToCarReview`).

use chrono::{DateTime, Duration, Utc};

/// A review may be written this many days after the trip's end; both reviews then show.
pub const REVIEW_WINDOW_DAYS: i64 = 14;
/// Fewest stars.
pub const MIN_STARS: u8 = 1;
/// Most stars ("Rating progress bars use a scale of 5", spec 000).
pub const MAX_STARS: u8 = 5;
/// The categories a guest rates besides the overall stars, as the car page shows them (spec
/// 000, "Car review": category ratings with category and rating).
pub const REVIEW_CATEGORIES: &[&str] =
    &["Cleanliness", "Maintenance", "Communication", "Convenience", "Accuracy"];
/// Longest review text; the product's rule.
pub const MAX_REVIEW_CHARS: usize = 2_000;

/// Which side of the trip a review comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The guest reviews the car and its host.
    Guest,
    /// The host (or a co-host managing bookings) reviews the guest.
    Host,
}

impl Side {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Guest => "guest",
            Side::Host => "host",
        }
    }

    /// A stored name.
    pub fn parse(s: &str) -> Option<Side> {
        [Side::Guest, Side::Host].into_iter().find(|v| v.as_str() == s)
    }
}

/// Why a review or response was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    #[error("Only the trip's guest and host can review it.")]
    NotAParty,
    #[error("You can review this trip once it has ended.")]
    TripNotEnded,
    #[error("Reviews can be written up to {REVIEW_WINDOW_DAYS} days after the trip ends.")]
    WindowClosed,
    #[error("Please choose from 1 to 5 stars.")]
    InvalidStars,
    #[error("{0} is not a rating category.")]
    UnknownCategory(String),
    #[error("Each category can be rated once.")]
    DuplicateCategory,
    #[error("Each category rating must be from 1 to 5 stars.")]
    InvalidCategoryRating,
    #[error("Reviews can be at most 2,000 characters.")]
    ReviewTooLong,
    #[error("Category ratings are for the car; a review of the guest has stars and text only.")]
    CategoriesForCarsOnly,
    #[error("You have already reviewed this trip.")]
    AlreadyReviewed,
}

impl ReviewError {
    /// Every code this type can give.
    pub const CODES: &'static [&'static str] = &[
        "review_not_a_party",
        "review_trip_not_ended",
        "review_window_closed",
        "invalid_stars",
        "unknown_review_category",
        "duplicate_review_category",
        "invalid_category_rating",
        "review_too_long",
        "review_categories_for_cars_only",
        "already_reviewed",
    ];

    /// A stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            ReviewError::NotAParty => "review_not_a_party",
            ReviewError::TripNotEnded => "review_trip_not_ended",
            ReviewError::WindowClosed => "review_window_closed",
            ReviewError::InvalidStars => "invalid_stars",
            ReviewError::UnknownCategory(_) => "unknown_review_category",
            ReviewError::DuplicateCategory => "duplicate_review_category",
            ReviewError::InvalidCategoryRating => "invalid_category_rating",
            ReviewError::ReviewTooLong => "review_too_long",
            ReviewError::CategoriesForCarsOnly => "review_categories_for_cars_only",
            ReviewError::AlreadyReviewed => "already_reviewed",
        }
    }

    /// The text shown to the user.
    pub fn message(&self) -> String {
        self.to_string()
    }
}

/// When the review window of a trip ending at `trip_end` closes.
pub fn window_closes(trip_end: DateTime<Utc>) -> DateTime<Utc> {
    trip_end + Duration::days(REVIEW_WINDOW_DAYS)
}

/// Whether a review may be written at `now`: from the trip's end, for 14 days.
pub fn check_can_write(now: DateTime<Utc>, trip_end: DateTime<Utc>) -> Result<(), ReviewError> {
    if now < trip_end {
        Err(ReviewError::TripNotEnded)
    } else if now >= window_closes(trip_end) {
        Err(ReviewError::WindowClosed)
    } else {
        Ok(())
    }
}

/// [`check_can_write`] as a yes or no.
pub fn can_write(now: DateTime<Utc>, trip_end: DateTime<Utc>) -> bool {
    check_can_write(now, trip_end).is_ok()
}

/// Whether a trip's reviews are public: once both sides have written, or the window closed.
pub fn visible(
    now: DateTime<Utc>,
    trip_end: DateTime<Utc>,
    guest_written: bool,
    host_written: bool,
) -> bool {
    (guest_written && host_written) || now >= window_closes(trip_end)
}

/// Whole stars, 1 to 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stars(u8);

impl Stars {
    /// 1 to 5.
    pub fn parse(value: i64) -> Result<Stars, ReviewError> {
        u8::try_from(value)
            .ok()
            .filter(|v| (MIN_STARS..=MAX_STARS).contains(v))
            .map(Stars)
            .ok_or(ReviewError::InvalidStars)
    }

    /// A JSON number: a whole 1 to 5 (half stars are only for averages).
    pub fn from_json_number(value: f64) -> Result<Stars, ReviewError> {
        if value.fract() != 0.0 || !value.is_finite() {
            return Err(ReviewError::InvalidStars);
        }
        Stars::parse(value as i64)
    }

    /// The number of stars.
    pub fn get(&self) -> u8 {
        self.0
    }
}

/// What a category rating scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ReviewCategory {
    Cleanliness,
    Maintenance,
    Communication,
    Convenience,
    Accuracy,
}

impl ReviewCategory {
    /// Every category, in [`REVIEW_CATEGORIES`] order.
    pub const ALL: [ReviewCategory; 5] = [
        ReviewCategory::Cleanliness,
        ReviewCategory::Maintenance,
        ReviewCategory::Communication,
        ReviewCategory::Convenience,
        ReviewCategory::Accuracy,
    ];

    /// A category by name, any case.
    pub fn parse(input: &str) -> Result<ReviewCategory, ReviewError> {
        let s = input.trim();
        ReviewCategory::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| ReviewError::UnknownCategory(s.to_string()))
    }

    /// The stored name.
    pub fn as_str(&self) -> &'static str {
        let i = ReviewCategory::ALL.iter().position(|c| c == self).unwrap_or(0);
        REVIEW_CATEGORIES.get(i).copied().unwrap_or("")
    }
}

/// Category ratings: known categories, each once, each 1 to 5 stars.
pub fn parse_category_ratings(
    input: &[(&str, i64)],
) -> Result<Vec<(ReviewCategory, Stars)>, ReviewError> {
    let mut out: Vec<(ReviewCategory, Stars)> = Vec::with_capacity(input.len());
    for (name, rating) in input {
        let category = ReviewCategory::parse(name)?;
        let stars = Stars::parse(*rating).map_err(|_| ReviewError::InvalidCategoryRating)?;
        if out.iter().any(|(c, _)| *c == category) {
            return Err(ReviewError::DuplicateCategory);
        }
        out.push((category, stars));
    }
    Ok(out)
}

/// A review's text: trimmed, possibly empty, at most 2,000 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewText(String);

impl ReviewText {
    /// Trims and checks the length.
    pub fn parse(input: &str) -> Result<ReviewText, ReviewError> {
        let t = input.trim();
        if t.chars().count() > MAX_REVIEW_CHARS {
            Err(ReviewError::ReviewTooLong)
        } else {
            Ok(ReviewText(t.to_string()))
        }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A review as written: stars, the category ratings (the guest's review of the car only) and
/// text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    pub side: Side,
    pub stars: Stars,
    pub categories: Vec<(ReviewCategory, Stars)>,
    pub text: ReviewText,
}

impl Review {
    /// Checks a review from `side`: whole stars 1 to 5, known categories each once (only when
    /// the guest reviews the car), text of at most 2,000 characters.
    pub fn parse(
        side: Side,
        stars: f64,
        categories: &[(&str, i64)],
        text: &str,
    ) -> Result<Review, ReviewError> {
        let stars = Stars::from_json_number(stars)?;
        if side == Side::Host && !categories.is_empty() {
            return Err(ReviewError::CategoriesForCarsOnly);
        }
        let categories = parse_category_ratings(categories)?;
        let text = ReviewText::parse(text)?;
        Ok(Review { side, stars, categories, text })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use proptest::prelude::*;

    fn end() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 5, 1, 10, 0, 0).unwrap()
    }

    #[test]
    fn the_window_opens_at_the_end_and_lasts_14_days() {
        let cases = [
            (end() - Duration::seconds(1), Err(ReviewError::TripNotEnded)),
            (end(), Ok(())),
            (end() + Duration::days(14) - Duration::seconds(1), Ok(())),
            (end() + Duration::days(14), Err(ReviewError::WindowClosed)),
        ];
        for (now, want) in cases {
            assert_eq!(check_can_write(now, end()), want, "{now}");
            assert_eq!(can_write(now, end()), want.is_ok());
        }
    }

    #[test]
    fn reviews_show_when_both_wrote_or_the_window_closed() {
        let during = end() + Duration::days(3);
        let after = end() + Duration::days(14);
        let cases = [
            (during, true, true, true),
            (during, true, false, false),
            (during, false, true, false),
            (during, false, false, false),
            (after, true, false, true),
            (after, false, false, true),
        ];
        for (now, guest, host, want) in cases {
            assert_eq!(visible(now, end(), guest, host), want, "{now} {guest} {host}");
        }
    }

    #[test]
    fn stars_and_categories() {
        assert_eq!(Stars::parse(5).map(|s| s.get()), Ok(5));
        for bad in [0, 6, -1, 256] {
            assert_eq!(Stars::parse(bad), Err(ReviewError::InvalidStars));
        }
        assert_eq!(Stars::from_json_number(4.0).map(|s| s.get()), Ok(4));
        assert_eq!(Stars::from_json_number(4.5), Err(ReviewError::InvalidStars));
        assert_eq!(Stars::from_json_number(f64::NAN), Err(ReviewError::InvalidStars));
        let names: Vec<_> = ReviewCategory::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(names, REVIEW_CATEGORIES);
        let r = parse_category_ratings(&[("cleanliness", 5), ("Accuracy", 3)]).unwrap();
        assert_eq!(
            r,
            [(ReviewCategory::Cleanliness, Stars(5)), (ReviewCategory::Accuracy, Stars(3))]
        );
        let cases: [(&[(&str, i64)], &str); 3] = [
            (&[("speed", 5)], "unknown_review_category"),
            (&[("cleanliness", 0)], "invalid_category_rating"),
            (&[("cleanliness", 4), ("Cleanliness", 5)], "duplicate_review_category"),
        ];
        for (input, code) in cases {
            assert_eq!(parse_category_ratings(input).unwrap_err().code(), code);
        }
    }

    #[test]
    fn texts() {
        assert_eq!(ReviewText::parse("  Great car ").unwrap().as_str(), "Great car");
        assert!(ReviewText::parse("").is_ok());
        assert!(ReviewText::parse(&"é".repeat(2_000)).is_ok());
        assert_eq!(ReviewText::parse(&"x".repeat(2_001)).unwrap_err().code(), "review_too_long");
    }

    #[test]
    fn a_review_of_the_guest_has_no_categories() {
        let guest = Review::parse(Side::Guest, 5.0, &[("Cleanliness", 4)], " Lovely ").unwrap();
        assert_eq!(guest.stars.get(), 5);
        assert_eq!(guest.categories, [(ReviewCategory::Cleanliness, Stars(4))]);
        assert_eq!(guest.text.as_str(), "Lovely");
        assert!(Review::parse(Side::Host, 4.0, &[], "Careful driver").is_ok());
        type Case<'a> = (Side, f64, &'a [(&'a str, i64)], &'a str, &'a str);
        let cases: [Case; 4] = [
            (Side::Host, 5.0, &[("Cleanliness", 4)], "", "review_categories_for_cars_only"),
            (Side::Guest, 0.0, &[], "", "invalid_stars"),
            (Side::Guest, 3.5, &[], "", "invalid_stars"),
            (Side::Guest, 5.0, &[("Speed", 5)], "", "unknown_review_category"),
        ];
        for (side, stars, cats, text, code) in cases {
            assert_eq!(Review::parse(side, stars, cats, text).unwrap_err().code(), code);
        }
        assert_eq!(Side::parse("guest"), Some(Side::Guest));
        assert_eq!(Side::parse(Side::Host.as_str()), Some(Side::Host));
        assert_eq!(Side::parse("admin"), None);
    }

    proptest! {
        #[test]
        fn a_review_written_in_the_window_is_hidden_until_the_other_side_writes(minutes in 0i64..(14 * 24 * 60)) {
            let now = end() + Duration::minutes(minutes);
            prop_assert!(can_write(now, end()));
            prop_assert!(!visible(now, end(), true, false));
            prop_assert!(visible(now, end(), true, true));
        }
    }
}
