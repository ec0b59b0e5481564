//! Money as integer cents.
//!
//! **Rounding, stated once:** every amount is a whole number of cents. A percentage of an
//! amount is computed in basis points (1 % = 100 bp) and rounded half away from zero to the
//! cent, once, on the line it produces ([`percent_of`]). Lines are then only added; a total
//! is the exact sum of its lines, so no cent is lost or invented after that single rounding.

use serde::{Deserialize, Serialize};

/// An amount of US cents; negative for discounts and refunds owed back. Serialised as the
/// integer number of cents (APIs convert to dollars at their edge).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Cents(pub i64);

impl Cents {
    /// Zero.
    pub const ZERO: Cents = Cents(0);

    /// Whole dollars.
    pub const fn dollars(d: i64) -> Cents {
        Cents(d * 100)
    }

    /// The amount in dollars, for JSON (exact to the cent for any realistic amount).
    pub fn as_dollars(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// `$1,234.50` style text for labels.
    pub fn display(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let dollars = abs / 100;
        let cents = abs % 100;
        let digits = dollars.to_string();
        let mut grouped = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(c);
        }
        format!("{sign}${grouped}.{cents:02}")
    }

    /// Saturating multiplication by a count (days, miles).
    pub fn times(self, n: i64) -> Cents {
        Cents(self.0.saturating_mul(n))
    }
}

impl std::ops::Add for Cents {
    type Output = Cents;
    fn add(self, o: Cents) -> Cents {
        Cents(self.0 + o.0)
    }
}

impl std::ops::Sub for Cents {
    type Output = Cents;
    fn sub(self, o: Cents) -> Cents {
        Cents(self.0 - o.0)
    }
}

impl std::ops::Neg for Cents {
    type Output = Cents;
    fn neg(self) -> Cents {
        Cents(-self.0)
    }
}

impl std::iter::Sum for Cents {
    fn sum<I: Iterator<Item = Cents>>(iter: I) -> Cents {
        Cents(iter.map(|c| c.0).sum())
    }
}

/// `amount × bp / 10 000`, rounded half away from zero to the cent.
pub fn percent_of(amount: Cents, basis_points: i64) -> Cents {
    let product = i128::from(amount.0) * i128::from(basis_points);
    let half = 5_000i128;
    let rounded = if product >= 0 { (product + half) / 10_000 } else { (product - half) / 10_000 };
    Cents(i64::try_from(rounded).unwrap_or(if rounded > 0 { i64::MAX } else { i64::MIN }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn percentages_round_half_away_from_zero() {
        let cases = [
            (Cents(1000), 2500, Cents(250)),
            (Cents(1), 5000, Cents(1)), // 0.5 cent rounds up
            (Cents(1), 4999, Cents(0)), // 0.4999 rounds down
            (Cents(-1), 5000, Cents(-1)),
            (Cents(15000), 300, Cents(450)), // 3% processing on the $150 cleaning fee
            (Cents(12345), 725, Cents(895)), // 895.0125
            (Cents(0), 9999, Cents(0)),
        ];
        for (amount, bp, want) in cases {
            assert_eq!(percent_of(amount, bp), want, "{amount:?} x {bp}bp");
        }
    }

    #[test]
    fn display_groups_thousands_and_keeps_two_decimals() {
        assert_eq!(Cents(12_345_678).display(), "$123,456.78");
        assert_eq!(Cents(5).display(), "$0.05");
        assert_eq!(Cents(-2500).display(), "-$25.00");
        assert_eq!(Cents(100_000).display(), "$1,000.00");
    }

    #[test]
    fn dollars_serialize_with_cents_exact() {
        assert_eq!(Cents(12345).as_dollars(), 123.45);
        assert_eq!(Cents(-50).as_dollars(), -0.5);
    }

    proptest! {
        #[test]
        fn a_percentage_is_within_half_a_cent_of_the_exact_value(a in -10_000_000i64..10_000_000, bp in 0i64..=10_000) {
            let got = percent_of(Cents(a), bp).0 as f64;
            let exact = a as f64 * bp as f64 / 10_000.0;
            prop_assert!((got - exact).abs() <= 0.5 + 1e-9);
        }

        #[test]
        fn a_percentage_never_exceeds_its_base(a in 0i64..10_000_000, bp in 0i64..=10_000) {
            let p = percent_of(Cents(a), bp);
            prop_assert!(p.0 >= 0 && p.0 <= a);
        }
    }
}
