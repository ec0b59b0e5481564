//! Incidentals for trips: the kinds a host may charge with their rules, and the charges of
//! the ones added, computed from the rules of `pricing-domain` and the trip's own price.

use crate::api::checkout::trip_for;
use crate::error::{PricingError, PricingResult};
use crate::state::AppState;
use crate::store::trip_prices::TripPrice;
use pricing_domain::Cents;
use pricing_domain::fees;
use pricing_domain::incidentals::{self, Basis, Input, TripFacts};
use prost::Message;
use upcar_identity::Identity;
use upcar_proto::pricing as pb;

/// What the trip's kept price says: average daily rate (rental after discounts over the
/// billed days), miles included and the price per extra mile.
fn facts(t: &TripPrice) -> PricingResult<TripFacts> {
    let d = pb::PriceDetails::decode(t.details.as_slice()).map_err(anyhow::Error::from)?;
    let rental: i64 = d
        .lines
        .iter()
        .filter(|l| l.kind == "rental" || l.kind == "discount")
        .map(|l| l.amount_cents)
        .sum();
    let days = d.days.max(1);
    Ok(TripFacts {
        average_daily: Cents((rental.max(0) + days / 2) / days),
        miles_included: d.total_miles_included,
        price_per_mile: Cents(d.price_per_mile_cents),
    })
}

/// The kinds of incidentals with their rules, for one trip (its guest, host or an admin).
pub async fn options(
    state: &AppState,
    who: Option<Identity>,
    r: pb::IncidentalOptionsRequest,
) -> PricingResult<pb::IncidentalOptionsReply> {
    let who = who.ok_or(PricingError::SignInRequired)?;
    let trip = trip_for(state, &who, &r.trip_id).await?;
    let f = facts(&trip)?;
    let options = incidentals::KINDS
        .iter()
        .map(|k| {
            let fixed = match k.basis {
                Basis::Fixed => {
                    incidentals::price(k, Input::default(), f).ok().map(|c| fees::total(&c).0)
                }
                _ => None,
            };
            let rate = match k.basis {
                Basis::Lateness => Some(f.average_daily.0),
                Basis::Miles => Some(f.price_per_mile.0),
                _ => None,
            };
            pb::IncidentalOption {
                r#type: k.code.to_owned(),
                label: k.label.to_owned(),
                rule: k.rule.to_owned(),
                computed_from: k.basis.as_str().to_owned(),
                amount_cents: fixed,
                rate_cents: rate,
                max_amount_cents: if k.basis == Basis::Amount {
                    pricing_domain::policy::MAX_INCIDENTAL_AMOUNT.0
                } else {
                    0
                },
            }
        })
        .collect();
    Ok(pb::IncidentalOptionsReply {
        options,
        average_daily_cents: f.average_daily.0,
        miles_included: f.miles_included,
        price_per_mile_cents: f.price_per_mile.0,
    })
}

/// The charges of incidentals (all or nothing: one that cannot be charged refuses the lot).
pub async fn price(
    state: &AppState,
    who: Option<Identity>,
    r: pb::PriceIncidentalsRequest,
) -> PricingResult<pb::PriceIncidentalsReply> {
    let who = who.ok_or(PricingError::SignInRequired)?;
    let trip = trip_for(state, &who, &r.trip_id).await?;
    let f = facts(&trip)?;
    let mut items = Vec::with_capacity(r.items.len());
    for i in &r.items {
        let k = incidentals::kind(&i.r#type)
            .ok_or_else(|| PricingError::UnknownIncidental(i.r#type.clone()))?;
        let input = Input {
            minutes_late: i.minutes_late,
            improper_return: i.improper_return,
            miles_driven: i.miles_driven,
            amount: Cents(i.amount_cents),
        };
        let charges =
            incidentals::price(k, input, f).map_err(|e| PricingError::Incidental(k.label, e))?;
        items.push(pb::PricedIncidental {
            r#type: k.code.to_owned(),
            label: k.label.to_owned(),
            total_cents: fees::total(&charges).0,
            charges: charges
                .into_iter()
                .map(|c| pb::IncidentalCharge {
                    platform: incidentals::is_platform_line(&c.label),
                    label: c.label,
                    amount_cents: c.amount.0,
                })
                .collect(),
        });
    }
    Ok(pb::PriceIncidentalsReply { items })
}
