//! Cards on file and the transaction history (read from the ledger).

use crate::api::earnings;
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::{ledger, payments, payouts};
use diesel_async::AsyncConnection;
use upcar_identity::Identity;
use upcar_proto::trips as pb;

fn billing_json(b: &pb::BillingDetails) -> TripsResult<serde_json::Value> {
    let required = [
        (&b.street, "Street address is required"),
        (&b.city, "City is required"),
        (&b.state, "State is required"),
        (&b.country, "Country is required"),
    ];
    for (v, msg) in required {
        if v.trim().is_empty() {
            return Err(TripsError::BillingFieldRequired(msg));
        }
    }
    let country = b.country.trim().to_ascii_uppercase();
    if country != "US" && country != "UNITED STATES" {
        return Err(TripsError::BillingNotInUs);
    }
    Ok(serde_json::json!({
        "street": b.street.trim(), "addressLine2": b.address_line2.trim(), "city": b.city.trim(),
        "state": b.state.trim(), "zip": b.zip.trim(), "country": "US", "name": b.name.trim(),
    }))
}

fn method_of(m: &payments::MethodRow) -> pb::PaymentMethod {
    let s = |k: &str| m.billing.get(k).and_then(|v| v.as_str()).unwrap_or_default().to_owned();
    pb::PaymentMethod {
        payment_method_id: m.id.clone(),
        card_type: m.card_type.clone(),
        last4: m.last4.clone(),
        exp_month: m.exp_month,
        exp_year: m.exp_year,
        billing_address: Some(pb::BillingDetails {
            street: s("street"),
            address_line2: s("addressLine2"),
            city: s("city"),
            state: s("state"),
            zip: s("zip"),
            country: s("country"),
            name: s("name"),
        }),
        is_primary: true,
    }
}

/// `payment/stripe/addPaymentMethod`: checks the card with the provider and makes it primary;
/// `trips.payment_method_added` tells accounts the user has a card on file.
pub async fn add_payment_method(
    state: &AppState,
    who: &Identity,
    r: pb::AddPaymentMethodRequest,
) -> TripsResult<pb::PaymentMethodReply> {
    if r.payment_method_id.trim().is_empty() {
        return Err(TripsError::PaymentMethodIdRequired);
    }
    let billing = billing_json(&r.billing_details.unwrap_or_default())?;
    let mut conn = state.conn().await?;
    let customer =
        crate::payments::customer(&mut conn, state.payments.as_ref(), who.user_id).await?;
    let card = state.payments.attach(&customer, r.payment_method_id.trim()).await?;
    let row = payments::MethodRow {
        id: card.id,
        user_id: who.user_id,
        provider: state.payments.name().to_owned(),
        card_type: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        billing,
    };
    conn.transaction::<_, TripsError, _>(async |c| {
        payments::add_primary(c, &row).await?;
        crate::events::payment_method_added(c, who.user_id, &row, state.clock.now()).await?;
        Ok(())
    })
    .await?;
    // A trip whose card was refused tries the new one at once (trips_domain::holds).
    let retried = crate::holds::retry_guest(
        &state.pool,
        state.payments.as_ref(),
        who.user_id,
        state.clock.now(),
    )
    .await;
    if let Err(e) = retried {
        tracing::warn!(error = %e, "new card not tried on refused holds; the plan's run will");
    }
    state.relay.wake();
    Ok(pb::PaymentMethodReply {
        payment_method: Some(method_of(&row)),
        message: "Payment method added.".to_owned(),
    })
}

/// `payment/stripe/getPrimaryPaymentMethod`.
pub async fn primary_payment_method(
    state: &AppState,
    who: &Identity,
) -> TripsResult<pb::PaymentMethodReply> {
    let mut conn = state.conn().await?;
    let m = payments::primary(&mut conn, who.user_id).await?;
    Ok(pb::PaymentMethodReply {
        message: if m.is_some() { String::new() } else { "No payment method on file.".to_owned() },
        payment_method: m.as_ref().map(method_of),
    })
}

/// `transaction/getTransactionHistory?year`: the caller's ledger entries.
pub async fn transaction_history(
    state: &AppState,
    who: &Identity,
    year: Option<i32>,
) -> TripsResult<pb::TransactionHistoryReply> {
    if year.is_some_and(|y| !(2000..=2100).contains(&y)) {
        return Err(TripsError::BadYear);
    }
    let mut conn = state.conn().await?;
    let entries = ledger::for_user(&mut conn, who.user_id, year).await?;
    let now = state.clock.now();
    let (balance, available) = payouts::balances(&mut conn, who.user_id, now).await?;
    let upcoming = earnings::upcoming(&mut conn, who.user_id, now).await?;
    let sum =
        |kind: &str| entries.iter().filter(|e| e.kind == kind).map(|e| e.amount_cents).sum::<i64>();
    Ok(pb::TransactionHistoryReply {
        total_paid_cents: -sum("charge"),
        total_refunded_cents: sum("refund"),
        total_earned_cents: sum("earning"),
        total_paid_out_cents: -entries
            .iter()
            .filter(|e| e.kind == "payout")
            .map(|e| e.amount_cents)
            .sum::<i64>(),
        available_cents: available,
        pending_cents: balance - available,
        upcoming_cents: upcoming.iter().map(|u| u.amount_cents).sum(),
        upcoming,
        transactions: entries
            .into_iter()
            .map(|e| pb::Transaction {
                transaction_id: e.txn_id.to_string(),
                trip_id: e.trip_id.map(|t| t.to_string()).unwrap_or_default(),
                kind: e.kind,
                amount_cents: e.amount_cents,
                description: e.description,
                created_at: e.created_at.to_rfc3339(),
            })
            .collect(),
    })
}
