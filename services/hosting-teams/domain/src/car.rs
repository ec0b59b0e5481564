//! A listed car's settings after the wizard (host car management, spec 001 section 7):
//! discounts, guest instructions, extras and the car's status.

use crate::policy::{
    EXTRA_PERS, MAX_DISCOUNT_PCT, MAX_EXTRA_PRICE_CENTS, MAX_EXTRA_QUANTITY, MAX_EXTRA_TEXT_CHARS,
    MAX_EXTRAS, MAX_GUEST_INSTRUCTIONS_CHARS,
};
use serde::Serialize;

/// Why a car setting is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CarError {
    #[error("Discounts are whole percentages from 0 to 50.")]
    InvalidDiscount,
    #[error("Guest instructions must be at most 2000 characters.")]
    InstructionsTooLong,
    #[error("An extra needs a name.")]
    ExtraNameRequired,
    #[error("An extra's name and description must be at most 200 characters.")]
    ExtraTextTooLong,
    #[error("An extra's price must be a dollar amount above 0 and at most 1000.")]
    InvalidExtraPrice,
    #[error("An extra is charged per day or per trip.")]
    InvalidExtraPer,
    #[error("An extra's available quantity must be from 1 to 10.")]
    InvalidExtraQuantity,
    #[error("A car offers at most 20 extras.")]
    TooManyExtras,
    #[error("The same extra is listed twice.")]
    DuplicateExtra,
    #[error("carStatus must be listed, snoozed or unlisted.")]
    InvalidStatus,
}

upcar_errors::error_table! {
    CarError {
        CarError::InvalidDiscount => InvalidInput, "invalid_discount";
        CarError::InstructionsTooLong => InvalidInput, "guest_instructions_too_long";
        CarError::ExtraNameRequired => InvalidInput, "extra_name_required";
        CarError::ExtraTextTooLong => InvalidInput, "extra_text_too_long";
        CarError::InvalidExtraPrice => InvalidInput, "invalid_extra_price";
        CarError::InvalidExtraPer => InvalidInput, "invalid_extra_per";
        CarError::InvalidExtraQuantity => InvalidInput, "invalid_extra_quantity";
        CarError::TooManyExtras => InvalidInput, "too_many_extras";
        CarError::DuplicateExtra => InvalidInput, "duplicate_extra";
        CarError::InvalidStatus => InvalidInput, "invalid_car_status";
    }
}

impl CarError {
    /// The text shown to the user.
    pub fn message(&self) -> String {
        self.to_string()
    }
}

/// A discount percentage, 0 to 50 (the product's "up to 50% off").
pub fn discount(pct: i64) -> Result<u8, CarError> {
    u8::try_from(pct).ok().filter(|p| *p <= MAX_DISCOUNT_PCT).ok_or(CarError::InvalidDiscount)
}

/// Guest instructions, trimmed, at most 2000 characters (empty clears them).
pub fn guest_instructions(text: &str) -> Result<String, CarError> {
    let t = text.trim();
    if t.chars().count() > MAX_GUEST_INSTRUCTIONS_CHARS {
        return Err(CarError::InstructionsTooLong);
    }
    Ok(t.to_owned())
}

/// An extra as the host typed it.
#[derive(Debug, Clone, Default)]
pub struct ExtraInput<'a> {
    pub extra_type: &'a str,
    pub description: &'a str,
    /// Dollars as sent: `12`, `12.5`, `$12.50`.
    pub price: &'a str,
    pub per: &'a str,
    pub is_quantity_choosable: bool,
    pub available_quantity: Option<i64>,
}

/// An extra the car offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Extra {
    /// A slug of the name (`child_safety_seat`), stable across edits of the price.
    pub extra_id: String,
    pub extra_type: String,
    pub description: String,
    pub price_cents: i64,
    /// `day` or `trip`.
    pub per: &'static str,
    pub is_quantity_choosable: bool,
    pub available_quantity: u8,
}

fn slug(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('_') && !s.is_empty() {
            s.push('_');
        }
    }
    s.trim_end_matches('_').to_owned()
}

/// Dollars as sent to cents: digits with at most two decimals, an optional `$`.
fn cents(price: &str) -> Option<i64> {
    let p = price.trim().trim_start_matches('$');
    let (whole, frac) = p.split_once('.').unwrap_or((p, ""));
    if whole.is_empty() || whole.len() > 7 || frac.len() > 2 {
        return None;
    }
    if !whole.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let frac: i64 = if frac.is_empty() { 0 } else { format!("{frac:0<2}").parse().ok()? };
    Some(whole * 100 + frac)
}

impl Extra {
    /// Checks one extra: a name, a price above 0 and at most $1,000, per day or trip, a
    /// quantity from 1 to 10 when the guest may choose one.
    pub fn parse(input: &ExtraInput<'_>) -> Result<Extra, CarError> {
        let name = input.extra_type.trim();
        let name = if name.is_empty() { input.description.trim() } else { name };
        if name.is_empty() {
            return Err(CarError::ExtraNameRequired);
        }
        let description =
            if input.description.trim().is_empty() { name } else { input.description.trim() };
        if name.chars().count() > MAX_EXTRA_TEXT_CHARS
            || description.chars().count() > MAX_EXTRA_TEXT_CHARS
        {
            return Err(CarError::ExtraTextTooLong);
        }
        let price_cents = cents(input.price)
            .filter(|c| *c > 0 && *c <= MAX_EXTRA_PRICE_CENTS)
            .ok_or(CarError::InvalidExtraPrice)?;
        let per = EXTRA_PERS
            .iter()
            .find(|p| p.eq_ignore_ascii_case(input.per.trim()))
            .copied()
            .ok_or(CarError::InvalidExtraPer)?;
        let available_quantity = match (input.is_quantity_choosable, input.available_quantity) {
            (false, _) => 1,
            (true, None) => return Err(CarError::InvalidExtraQuantity),
            (true, Some(q)) => u8::try_from(q)
                .ok()
                .filter(|q| (1..=MAX_EXTRA_QUANTITY).contains(q))
                .ok_or(CarError::InvalidExtraQuantity)?,
        };
        let extra_id = slug(name);
        if extra_id.is_empty() {
            return Err(CarError::ExtraNameRequired);
        }
        Ok(Extra {
            extra_id,
            extra_type: name.to_owned(),
            description: description.to_owned(),
            price_cents,
            per,
            is_quantity_choosable: input.is_quantity_choosable,
            available_quantity,
        })
    }

    /// The car's whole list: each extra checked, at most 20, no name twice.
    pub fn parse_list(inputs: &[ExtraInput<'_>]) -> Result<Vec<Extra>, CarError> {
        if inputs.len() > MAX_EXTRAS {
            return Err(CarError::TooManyExtras);
        }
        let mut out: Vec<Extra> = Vec::with_capacity(inputs.len());
        for i in inputs {
            let e = Extra::parse(i)?;
            if out.iter().any(|o| o.extra_id == e.extra_id) {
                return Err(CarError::DuplicateExtra);
            }
            out.push(e);
        }
        Ok(out)
    }
}

/// The statuses a host sets (`updateCarStatus`): `listed` is shown as `active`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CarStatus {
    /// Searchable and bookable.
    Active,
    /// Hidden for a while; the host lists it again.
    Snoozed,
    /// Off the platform until listed again.
    Unlisted,
}

impl CarStatus {
    /// `listed`/`active`, `snoozed`, `unlisted`, any case.
    pub fn parse(s: &str) -> Result<CarStatus, CarError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "listed" | "active" | "list" => Ok(CarStatus::Active),
            "snoozed" | "snooze" => Ok(CarStatus::Snoozed),
            "unlisted" | "unlist" => Ok(CarStatus::Unlisted),
            _ => Err(CarError::InvalidStatus),
        }
    }

    /// The stored status.
    pub fn as_str(&self) -> &'static str {
        match self {
            CarStatus::Active => "active",
            CarStatus::Snoozed => "snoozed",
            CarStatus::Unlisted => "unlisted",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn discounts_are_whole_percentages_up_to_fifty() {
        for (pct, ok) in [(0, true), (10, true), (50, true), (51, false), (-1, false), (300, false)]
        {
            assert_eq!(discount(pct).is_ok(), ok, "{pct}");
        }
    }

    #[test]
    fn extras_are_named_priced_and_charged_per_day_or_trip() {
        let e = Extra::parse(&ExtraInput {
            extra_type: "Child safety seat",
            price: "$10.5",
            per: "Day",
            ..Default::default()
        })
        .unwrap();
        assert_eq!(
            (e.extra_id.as_str(), e.price_cents, e.per, e.available_quantity),
            ("child_safety_seat", 1050, "day", 1)
        );
        let cases: [(ExtraInput, CarError); 6] = [
            (
                ExtraInput { price: "10", per: "day", ..Default::default() },
                CarError::ExtraNameRequired,
            ),
            (
                ExtraInput { extra_type: "Seat", price: "0", per: "day", ..Default::default() },
                CarError::InvalidExtraPrice,
            ),
            (
                ExtraInput {
                    extra_type: "Seat",
                    price: "10.555",
                    per: "day",
                    ..Default::default()
                },
                CarError::InvalidExtraPrice,
            ),
            (
                ExtraInput {
                    extra_type: "Seat",
                    price: "1000.01",
                    per: "day",
                    ..Default::default()
                },
                CarError::InvalidExtraPrice,
            ),
            (
                ExtraInput { extra_type: "Seat", price: "10", per: "hour", ..Default::default() },
                CarError::InvalidExtraPer,
            ),
            (
                ExtraInput {
                    extra_type: "Seat",
                    price: "10",
                    per: "trip",
                    is_quantity_choosable: true,
                    available_quantity: Some(11),
                    ..Default::default()
                },
                CarError::InvalidExtraQuantity,
            ),
        ];
        for (input, want) in cases {
            assert_eq!(Extra::parse(&input), Err(want));
        }
    }

    #[test]
    fn a_list_has_no_extra_twice_and_at_most_twenty() {
        let one =
            ExtraInput { extra_type: "Cooler", price: "5", per: "trip", ..Default::default() };
        let twice = [one.clone(), ExtraInput { extra_type: "cooler", ..one.clone() }];
        assert_eq!(Extra::parse_list(&twice), Err(CarError::DuplicateExtra));
        let many: Vec<ExtraInput> = (0..21).map(|_| one.clone()).collect();
        assert_eq!(Extra::parse_list(&many), Err(CarError::TooManyExtras));
        assert_eq!(Extra::parse_list(&[]).map(|l| l.len()), Ok(0));
    }

    #[test]
    fn statuses_read_the_hosts_words() {
        assert_eq!(CarStatus::parse("Listed"), Ok(CarStatus::Active));
        assert_eq!(CarStatus::parse("snoozed").map(|s| s.as_str()), Ok("snoozed"));
        assert_eq!(CarStatus::parse("deleted"), Err(CarError::InvalidStatus));
    }

    proptest! {
        #[test]
        fn a_price_in_cents_round_trips(c in 1i64..=100_000) {
            let text = format!("{}.{:02}", c / 100, c % 100);
            let e = Extra::parse(&ExtraInput { extra_type: "X", price: &text, per: "day", ..Default::default() }).unwrap();
            prop_assert_eq!(e.price_cents, c);
        }
    }
}
