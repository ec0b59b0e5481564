//! Domain values to protobuf messages.

use pricing_domain::quote::{LineKind, Quote};
use upcar_proto::pricing as pb;

fn kind(k: LineKind) -> &'static str {
    match k {
        LineKind::Rental => "rental",
        LineKind::Discount => "discount",
        LineKind::Extra => "extra",
        LineKind::Fee => "fee",
        LineKind::Delivery => "delivery",
        LineKind::Protection => "protection",
        LineKind::Coupon => "coupon",
        LineKind::Tax => "tax",
        LineKind::Total => "total",
    }
}

/// What a quote says, in the shape of the spec's price details.
pub fn details(
    car_id: &str,
    q: &Quote,
    window: &pricing_domain::window::PriceWindow,
    daily_cents: i64,
    plan: Option<&str>,
) -> pb::PriceDetails {
    pb::PriceDetails {
        car_id: car_id.to_owned(),
        start_time: window.start.with_timezone(&window.tz).to_rfc3339(),
        end_time: window.end.with_timezone(&window.tz).to_rfc3339(),
        original_price_cents: q.original.0,
        final_price_before_tax_cents: q.before_tax.0,
        final_price_cents: q.total.0,
        total_discount_cents: q.discount.0,
        final_price_per_month_cents: q.per_month.map(|c| c.0),
        can_pay_later: q.can_pay_later,
        pay_later_date_message: q.pay_later_message(window.tz),
        pay_later_at: q.pay_later_at.map(|t| t.to_rfc3339()),
        total_miles_included: q.miles_included,
        price_per_mile_cents: q.price_per_mile.0,
        converted_free_cancellation_before: q
            .free_cancellation_before
            .map(|t| t.with_timezone(&window.tz).to_rfc3339()),
        lines: q
            .lines
            .iter()
            .map(|l| pb::Line {
                label: l.label.clone(),
                amount_cents: l.amount.0,
                explanation: l.explanation.clone(),
                kind: kind(l.kind).to_owned(),
            })
            .collect(),
        tax_cents: q.tax.0,
        days: q.days,
        is_long_term: q.is_long_term,
        quote_id: String::new(),
        quote_expires_at: String::new(),
        protection_plan_type: plan.unwrap_or_default().to_owned(),
        time_zone: window.tz.name().to_owned(),
        daily_price_cents: daily_cents,
    }
}
