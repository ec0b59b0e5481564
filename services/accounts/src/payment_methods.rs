//! Cards on file. Trips owns payment methods and publishes `trips.payment_method_added` when a
//! card becomes a user's primary one; accounts keeps `has_payment_method`, which the tier and
//! the pre-booking checklist read. Applying the event twice changes nothing (the flag is only
//! ever set, and the consumer remembers event ids).

use diesel_async::AsyncPgConnection;
use upcar_events::{Envelope, IntegrationEvent};
use upcar_proto::events::PaymentMethodAdded;
use uuid::Uuid;

/// Why an event cannot be applied.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BadEvent {
    #[error("unknown event type {0}")]
    UnknownType(String),
    #[error("undecodable payload")]
    Decode,
    #[error("invalid {0}")]
    Field(&'static str),
}

/// The user an event says has a card on file.
pub fn user_of(e: &Envelope) -> Result<Uuid, BadEvent> {
    if e.event_type != PaymentMethodAdded::ROUTING_KEY {
        return Err(BadEvent::UnknownType(e.event_type.clone()));
    }
    let m: PaymentMethodAdded = e.decode().map_err(|_| BadEvent::Decode)?;
    if m.payment_method_id.trim().is_empty() {
        return Err(BadEvent::Field("payment_method_id"));
    }
    m.user_id.trim().parse().map_err(|_| BadEvent::Field("user_id"))
}

/// Applies an event: the user has a payment method. Events that cannot be applied, or name no
/// account of ours, are logged and dropped (redelivering them would fail the same way).
pub async fn apply(conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
    match user_of(event) {
        Ok(user) => {
            let changed = crate::store::users::set_has_payment_method(conn, user).await?;
            if changed == 0 && crate::store::users::by_id(conn, user).await?.is_none() {
                tracing::warn!(event_id = %event.id, %user, "payment method of an unknown account");
            }
            tracing::info!(event_id = %event.id, %user, changed, "payment method on file");
        }
        Err(e) => {
            tracing::error!(event_id = %event.id, event_type = %event.event_type, error = %e, "dropping an event that cannot be applied")
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use prost::Message;

    fn envelope(m: &PaymentMethodAdded) -> Envelope {
        Envelope {
            id: Uuid::now_v7(),
            event_type: PaymentMethodAdded::ROUTING_KEY.to_owned(),
            payload: m.encode_to_vec(),
            headers: Default::default(),
        }
    }

    fn valid() -> PaymentMethodAdded {
        PaymentMethodAdded {
            user_id: Uuid::from_u128(7).to_string(),
            payment_method_id: "pm_card_visa".into(),
            card_type: "visa".into(),
            last4: "4242".into(),
            provider: "local".into(),
            occurred_at: "2026-12-01T10:00:00Z".into(),
        }
    }

    #[test]
    fn an_event_names_the_user_with_a_card_and_bad_ones_say_why() {
        assert_eq!(user_of(&envelope(&valid())), Ok(Uuid::from_u128(7)));
        let cases = [
            (PaymentMethodAdded { user_id: "me".into(), ..valid() }, BadEvent::Field("user_id")),
            (
                PaymentMethodAdded { payment_method_id: " ".into(), ..valid() },
                BadEvent::Field("payment_method_id"),
            ),
        ];
        for (m, why) in cases {
            assert_eq!(user_of(&envelope(&m)), Err(why));
        }
        let mut e = envelope(&valid());
        e.payload = vec![0xff, 0xff];
        assert_eq!(user_of(&e), Err(BadEvent::Decode));
    }
}
