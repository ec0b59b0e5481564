//! The home page: the Handpicked Cars grid and the featured car (spec 000 sections 2.1, 3, 9).

/// Cards in the grid: the page shows 15, 8 or 7 by width, so the server sends the largest.
pub const GRID_SIZE: i64 = 15;
/// A car is featured only with at least this many ratings behind its average.
pub const FEATURED_MIN_RATINGS: i32 = 5;
/// The Luxury category: the luxury class of driver eligibility (pricing's policy).
pub use pricing_domain::policy::LUXURY_MIN_DAILY_CENTS;

/// The grid's category filter (All, Evs, Convertibles, 7 Seater, Luxury). The page hides it
/// and sends none, so the default is All.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HomeCategory {
    All,
    Evs,
    Convertibles,
    SevenSeater,
    Luxury,
}

/// What a category keeps, as conditions on the car's columns.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CarFilter {
    pub gas_type: Option<&'static str>,
    pub style: Option<&'static str>,
    pub min_seats: Option<i32>,
    pub min_daily_price_cents: Option<i64>,
}

impl HomeCategory {
    /// Parses the labels, ignoring case, spaces, hyphens and a plural `s`; empty means All.
    pub fn parse(s: &str) -> Option<Self> {
        let key: String = s
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect();
        match key.trim_end_matches('s') {
            "" | "all" => Some(Self::All),
            "ev" => Some(Self::Evs),
            "convertible" => Some(Self::Convertibles),
            "7seater" | "sevenseater" => Some(Self::SevenSeater),
            "luxury" => Some(Self::Luxury),
            _ => None,
        }
    }

    /// The cars of this category.
    pub fn filter(self) -> CarFilter {
        match self {
            Self::All => CarFilter::default(),
            Self::Evs => CarFilter { gas_type: Some("ev"), ..CarFilter::default() },
            Self::Convertibles => CarFilter { style: Some("convertible"), ..CarFilter::default() },
            Self::SevenSeater => CarFilter { min_seats: Some(7), ..CarFilter::default() },
            Self::Luxury => CarFilter {
                min_daily_price_cents: Some(LUXURY_MIN_DAILY_CENTS),
                ..CarFilter::default()
            },
        }
    }
}

/// The car's name on cards: "2023 Tesla Model 3".
pub fn car_name(year: i32, make: &str, model: &str) -> String {
    format!("{year} {make} {model}")
}

/// The featured car's line: "Featured this week: 2024 Tesla Model Y Performance — 4.9 ★ from
/// 7 rated trips" (every rating comes from one trip).
pub fn featured_message(
    year: i32,
    make: &str,
    model: &str,
    trim: &str,
    rating: f64,
    ratings: i32,
) -> String {
    let name = [car_name(year, make, model), trim.trim().to_owned()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let trips = if ratings == 1 { "trip" } else { "trips" };
    format!("Featured this week: {name} — {rating:.1} ★ from {ratings} rated {trips}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn category_labels_parse() {
        for (s, want) in [
            ("", Some(HomeCategory::All)),
            ("All", Some(HomeCategory::All)),
            ("Evs", Some(HomeCategory::Evs)),
            ("EV", Some(HomeCategory::Evs)),
            ("Convertibles", Some(HomeCategory::Convertibles)),
            ("convertible", Some(HomeCategory::Convertibles)),
            ("7 Seater", Some(HomeCategory::SevenSeater)),
            ("7-seaters", Some(HomeCategory::SevenSeater)),
            (" Luxury ", Some(HomeCategory::Luxury)),
            ("Trucks", None),
            ("7", None),
        ] {
            assert_eq!(HomeCategory::parse(s), want, "{s:?}");
        }
    }

    #[test]
    fn categories_map_to_the_car_columns() {
        assert_eq!(HomeCategory::All.filter(), CarFilter::default());
        assert_eq!(HomeCategory::Evs.filter().gas_type, Some("ev"));
        assert_eq!(HomeCategory::Convertibles.filter().style, Some("convertible"));
        assert_eq!(HomeCategory::SevenSeater.filter().min_seats, Some(7));
        assert_eq!(HomeCategory::Luxury.filter().min_daily_price_cents, Some(12_000));
    }

    #[test]
    fn featured_message_names_the_car_and_its_rating() {
        assert_eq!(
            featured_message(2024, "Tesla", "Model Y", "Performance", 4.875, 8),
            "Featured this week: 2024 Tesla Model Y Performance — 4.9 ★ from 8 rated trips"
        );
        assert_eq!(
            featured_message(2022, "Honda", "Civic", "", 5.0, 1),
            "Featured this week: 2022 Honda Civic — 5.0 ★ from 1 rated trip"
        );
    }
}
