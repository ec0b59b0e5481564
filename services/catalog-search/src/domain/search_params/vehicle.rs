//! The vehicle type a search asks for: body types win over attributes, and "pickup" is a truck
//! only when it is not about picking the car up.

use super::tokens::Tok;
use super::words::{month, time_word, weekday};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum VehicleWord {
    Body(&'static str),
    Attribute(&'static str),
}

pub(super) fn vehicle_word(w: &str) -> Option<VehicleWord> {
    use VehicleWord::{Attribute, Body};
    Some(match w {
        "suv" | "suvs" => Body("suv"),
        "sedan" | "sedans" => Body("sedan"),
        "convertible" | "convertibles" | "cabriolet" => Body("convertible"),
        "truck" | "trucks" | "pickup" | "pickups" => Body("truck"),
        "minivan" | "minivans" | "van" | "vans" => Body("minivan"),
        "coupe" | "coupes" => Body("coupe"),
        "hatchback" | "hatchbacks" => Body("hatchback"),
        "wagon" | "wagons" => Body("wagon"),
        "electric" | "ev" | "evs" => Attribute("electric"),
        "luxury" => Attribute("luxury"),
        _ => return None,
    })
}

/// Words after which "pickup" means picking the car up, not a pickup truck.
const PICKUP_VERB_FOLLOWERS: &[&str] = &[
    "at", "on", "in", "from", "near", "by", "around", "time", "date", "location", "today",
    "tomorrow", "tonight", "is", "point", "spot",
];

pub(super) fn vehicle_type(tokens: &[Tok]) -> Option<&'static str> {
    let mut attribute = None;
    for (k, tok) in tokens.iter().enumerate() {
        let Tok::Word(w) = tok else { continue };
        if w == "pickup" && !pickup_is_vehicle(tokens.get(k + 1)) {
            continue;
        }
        match vehicle_word(w) {
            Some(VehicleWord::Body(body)) => return Some(body),
            Some(VehicleWord::Attribute(a)) => {
                attribute.get_or_insert(a);
            }
            None => {}
        }
    }
    attribute
}

fn pickup_is_vehicle(next: Option<&Tok>) -> bool {
    match next {
        None => true,
        Some(Tok::Word(n)) => {
            !(PICKUP_VERB_FOLLOWERS.contains(&n.as_str())
                || weekday(n).is_some()
                || month(n).is_some()
                || time_word(n).is_some())
        }
        Some(_) => false,
    }
}
