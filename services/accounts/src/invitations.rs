//! The additional-driver invitation email. Trips publishes `trips.additional_driver_invited`
//! with the single-use token; accounts, which owns the people and the message channels, sends
//! the invitation link. The message is recorded in `sent_messages` in the transaction that
//! marks the event processed, and sent through the email adapter before that commits: a failed
//! send fails the event, which RabbitMQ redelivers, so an invitation is sent at least once.

use crate::notify::{Channel, OutgoingMessage, redact};
use crate::state::AppState;
use diesel_async::AsyncPgConnection;
use std::sync::Arc;
use upcar_events::{Envelope, EventHandler, IntegrationEvent};
use upcar_proto::events::{AdditionalDriverInvited, CoHostInvited};
use uuid::Uuid;

/// Routing keys this service consumes: invitations to email, and cards on file
/// ([`crate::payment_methods`]).
pub fn routing_keys() -> Vec<String> {
    vec![
        AdditionalDriverInvited::ROUTING_KEY.to_owned(),
        CoHostInvited::ROUTING_KEY.to_owned(),
        upcar_proto::events::PaymentMethodAdded::ROUTING_KEY.to_owned(),
        crate::trip_feed::ROUTING_KEYS[0].to_owned(),
        crate::trip_feed::ROUTING_KEYS[1].to_owned(),
    ]
    .into_iter()
    .chain(crate::notices::ROUTING_KEYS.iter().map(|k| (*k).to_owned()))
    .collect()
}

/// The durable queue of accounts' consumer on `exchange`.
pub fn queue_name(exchange: &str) -> String {
    format!("{exchange}.accounts")
}

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

/// An invitation, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Invitation {
    pub email: String,
    pub token: String,
    pub invited_by: Uuid,
    pub reservation_number: String,
    pub expires_at: chrono::DateTime<chrono::Utc>,
}

/// Reads an event into the invitation it asks to send.
pub fn invitation_of(e: &Envelope) -> Result<Invitation, BadEvent> {
    if e.event_type != AdditionalDriverInvited::ROUTING_KEY {
        return Err(BadEvent::UnknownType(e.event_type.clone()));
    }
    let m: AdditionalDriverInvited = e.decode().map_err(|_| BadEvent::Decode)?;
    let email = m.email.trim().to_lowercase();
    if crate::domain::email::Email::parse(&email).is_err() {
        return Err(BadEvent::Field("email"));
    }
    let token = m.token.trim().to_owned();
    if token.is_empty() || token.len() > 256 || !token.chars().all(|c| c.is_ascii_graphic()) {
        return Err(BadEvent::Field("token"));
    }
    let expires_at = chrono::DateTime::parse_from_rfc3339(&m.expires_at)
        .map_err(|_| BadEvent::Field("expires_at"))?
        .with_timezone(&chrono::Utc);
    Ok(Invitation {
        email,
        token,
        invited_by: m.invited_by.parse().map_err(|_| BadEvent::Field("invited_by"))?,
        reservation_number: m.reservation_number.trim().to_owned(),
        expires_at,
    })
}

/// The email of an invitation. `inviter` is the guest's first name when known.
pub fn message(i: &Invitation, inviter: Option<&str>, web_base: &str) -> OutgoingMessage {
    let who = inviter.map(str::trim).filter(|n| !n.is_empty()).unwrap_or("A guest");
    let link = format!(
        "{}/additional-driver?token={}",
        web_base.trim_end_matches('/'),
        url::form_urlencoded::byte_serialize(i.token.as_bytes()).collect::<String>()
    );
    let trip = if i.reservation_number.is_empty() {
        "a trip".to_owned()
    } else {
        format!("trip {}", i.reservation_number)
    };
    OutgoingMessage {
        to: i.email.clone(),
        channel: Channel::Email,
        subject: format!("{who} invited you to drive"),
        body: format!(
            "{who} added you as an additional driver on {trip}. Sign in or create an account with \
             this email, add your driver's licence and a selfie, then accept the invitation: {link} \
             The link works once and expires on {}.",
            i.expires_at.format("%B %-d, %Y at %H:%M UTC")
        ),
    }
}

/// A co-host invitation, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamInvitation {
    pub team_id: Uuid,
    pub team_name: String,
    pub host_id: Uuid,
    pub email: String,
    pub token: String,
    pub share_bp: i32,
    pub expires_at: chrono::DateTime<chrono::Utc>,
}

/// Reads a `hosting.cohost_invited` event.
pub fn team_invitation_of(e: &Envelope) -> Result<TeamInvitation, BadEvent> {
    if e.event_type != CoHostInvited::ROUTING_KEY {
        return Err(BadEvent::UnknownType(e.event_type.clone()));
    }
    let m: CoHostInvited = e.decode().map_err(|_| BadEvent::Decode)?;
    let email = m.email.trim().to_lowercase();
    if crate::domain::email::Email::parse(&email).is_err() {
        return Err(BadEvent::Field("email"));
    }
    let token = m.token.trim().to_owned();
    if token.is_empty() || token.len() > 256 || !token.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(BadEvent::Field("token"));
    }
    if !(0..=10_000).contains(&m.share_bp) {
        return Err(BadEvent::Field("share_bp"));
    }
    Ok(TeamInvitation {
        team_id: m.team_id.parse().map_err(|_| BadEvent::Field("team_id"))?,
        team_name: m.team_name.trim().to_owned(),
        host_id: m.host_id.parse().map_err(|_| BadEvent::Field("host_id"))?,
        email,
        token,
        share_bp: m.share_bp,
        expires_at: chrono::DateTime::parse_from_rfc3339(&m.expires_at)
            .map_err(|_| BadEvent::Field("expires_at"))?
            .with_timezone(&chrono::Utc),
    })
}

/// The email of a co-host invitation. `host` is the host's first name when known.
pub fn team_message(i: &TeamInvitation, host: Option<&str>, web_base: &str) -> OutgoingMessage {
    let who = host.map(str::trim).filter(|n| !n.is_empty()).unwrap_or("A host");
    let link = format!(
        "{}/host/teams/invite/{}?token={}",
        web_base.trim_end_matches('/'),
        i.team_id,
        i.token
    );
    let team = if i.team_name.is_empty() {
        "their team".to_owned()
    } else {
        format!("the team {}", i.team_name)
    };
    let share = if i.share_bp > 0 {
        let (whole, frac) = (i.share_bp / 100, i.share_bp % 100);
        let pct = if frac == 0 {
            format!("{whole}")
        } else {
            format!("{whole}.{frac:02}").trim_end_matches('0').to_owned()
        };
        format!(" You would receive {pct}% of the earnings of the team's cars.")
    } else {
        String::new()
    };
    OutgoingMessage {
        to: i.email.clone(),
        channel: Channel::Email,
        subject: format!("{who} invited you to co-host on Upcar"),
        body: format!(
            "{who} invited you to co-host {team}: help run their cars' bookings with the \
             permissions they chose.{share} Sign in or create an account, then accept or decline \
             the invitation: {link} The link works once and expires on {}.",
            i.expires_at.format("%B %-d, %Y at %H:%M UTC")
        ),
    }
}

/// The consumer's handler: invitations are emailed, cards on file go to
/// [`crate::payment_methods`], reviews and checkouts to [`crate::trip_feed`].
pub struct InvitationMailer {
    pub state: Arc<AppState>,
    pub web_base: String,
}

#[async_trait::async_trait]
impl EventHandler for InvitationMailer {
    async fn handle(&self, conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
        if event.event_type == upcar_proto::events::PaymentMethodAdded::ROUTING_KEY {
            return crate::payment_methods::apply(conn, event).await;
        }
        if crate::trip_feed::ROUTING_KEYS.contains(&event.event_type.as_str()) {
            return crate::trip_feed::apply(conn, event).await;
        }
        if crate::notices::ROUTING_KEYS.contains(&event.event_type.as_str()) {
            return crate::notices::apply(&self.state, conn, event).await;
        }
        if event.event_type == CoHostInvited::ROUTING_KEY {
            let i = match team_invitation_of(event) {
                Ok(i) => i,
                Err(e) => {
                    tracing::error!(event_id = %event.id, event_type = %event.event_type, error = %e, "dropping an event that cannot be applied");
                    return Ok(());
                }
            };
            let host = crate::store::users::by_id(conn, i.host_id).await?;
            let msg =
                team_message(&i, host.as_ref().map(|u| u.first_name.as_str()), &self.web_base);
            return self.send(conn, &msg, &i.token).await;
        }
        let i = match invitation_of(event) {
            Ok(i) => i,
            Err(e) => {
                tracing::error!(event_id = %event.id, event_type = %event.event_type, error = %e, "dropping an event that cannot be applied");
                return Ok(());
            }
        };
        let inviter = crate::store::users::by_id(conn, i.invited_by).await?;
        let msg = message(&i, inviter.as_ref().map(|u| u.first_name.as_str()), &self.web_base);
        self.send(conn, &msg, &i.token).await?;
        tracing::info!(event_id = %event.id, "additional-driver invitation sent");
        Ok(())
    }
}

impl InvitationMailer {
    /// Records and sends an invitation. The token is a credential: production keeps it out of
    /// the stored copy, as it does one-time codes; development shows it in the dev outbox's
    /// `code`.
    async fn send(
        &self,
        conn: &mut AsyncPgConnection,
        msg: &OutgoingMessage,
        token: &str,
    ) -> anyhow::Result<()> {
        let development = self.state.environment.is_development();
        let stored_body = if development { msg.body.clone() } else { redact(&msg.body, token) };
        crate::store::messages::insert(
            conn,
            &msg.to,
            msg.channel.as_str(),
            &msg.subject,
            &stored_body,
            development.then_some(token),
        )
        .await?;
        if let Some(notifier) = self.state.notifiers.for_channel(msg.channel) {
            notifier.send(msg).await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use prost::Message;

    fn envelope(m: &AdditionalDriverInvited) -> Envelope {
        Envelope {
            id: Uuid::now_v7(),
            event_type: AdditionalDriverInvited::ROUTING_KEY.to_owned(),
            payload: m.encode_to_vec(),
            headers: Default::default(),
        }
    }

    fn valid() -> AdditionalDriverInvited {
        AdditionalDriverInvited {
            trip_id: Uuid::now_v7().to_string(),
            invited_by: Uuid::from_u128(7).to_string(),
            email: " Friend@Example.com ".into(),
            token: "abc_DEF-123".into(),
            expires_at: "2026-12-01T10:00:00Z".into(),
            reservation_number: "UP-1234".into(),
            occurred_at: String::new(),
        }
    }

    #[test]
    fn an_invitation_email_carries_the_link_the_trip_and_the_expiry() {
        let i = invitation_of(&envelope(&valid())).unwrap();
        assert_eq!(i.email, "friend@example.com");
        let m = message(&i, Some("Ada"), "http://127.0.0.1:8080/");
        assert_eq!(m.to, "friend@example.com");
        assert_eq!(m.subject, "Ada invited you to drive");
        assert!(
            m.body.contains("http://127.0.0.1:8080/additional-driver?token=abc_DEF-123"),
            "{}",
            m.body
        );
        assert!(m.body.contains("trip UP-1234"), "{}", m.body);
        assert!(m.body.contains("December 1, 2026 at 10:00 UTC"), "{}", m.body);
        assert_eq!(message(&i, None, "x").subject, "A guest invited you to drive");
    }

    fn team_envelope(m: &CoHostInvited) -> Envelope {
        Envelope {
            id: Uuid::now_v7(),
            event_type: CoHostInvited::ROUTING_KEY.to_owned(),
            payload: m.encode_to_vec(),
            headers: Default::default(),
        }
    }

    fn team_valid() -> CoHostInvited {
        CoHostInvited {
            team_id: Uuid::from_u128(9).to_string(),
            team_name: "Bay Fleet".into(),
            host_id: Uuid::from_u128(7).to_string(),
            email: " Co@Example.com".into(),
            token: "abc123".into(),
            expires_at: "2026-12-03T08:30:00Z".into(),
            share_bp: 1250,
            occurred_at: String::new(),
        }
    }

    #[test]
    fn a_cohost_invitation_email_carries_the_link_the_team_the_share_and_the_expiry() {
        let i = team_invitation_of(&team_envelope(&team_valid())).unwrap();
        assert_eq!(i.email, "co@example.com");
        let m = team_message(&i, Some("Hana"), "http://127.0.0.1:8080/");
        assert_eq!(m.subject, "Hana invited you to co-host on Upcar");
        let link = format!("http://127.0.0.1:8080/host/teams/invite/{}?token=abc123", i.team_id);
        assert!(m.body.contains(&link), "{}", m.body);
        assert!(m.body.contains("the team Bay Fleet"), "{}", m.body);
        assert!(m.body.contains("12.5% of the earnings"), "{}", m.body);
        assert!(m.body.contains("December 3, 2026 at 08:30 UTC"), "{}", m.body);
        let none =
            team_invitation_of(&team_envelope(&CoHostInvited { share_bp: 0, ..team_valid() }))
                .unwrap();
        assert!(!team_message(&none, None, "x").body.contains("% of the earnings"));
        assert_eq!(
            team_message(&none, None, "x").subject,
            "A host invited you to co-host on Upcar"
        );
    }

    #[test]
    fn cohost_invitations_that_cannot_be_applied_say_why() {
        let cases = [
            (CoHostInvited { email: "nope".into(), ..team_valid() }, BadEvent::Field("email")),
            (CoHostInvited { token: "a b".into(), ..team_valid() }, BadEvent::Field("token")),
            (CoHostInvited { share_bp: 10_001, ..team_valid() }, BadEvent::Field("share_bp")),
            (CoHostInvited { team_id: "t".into(), ..team_valid() }, BadEvent::Field("team_id")),
            (
                CoHostInvited { expires_at: "later".into(), ..team_valid() },
                BadEvent::Field("expires_at"),
            ),
        ];
        for (m, why) in cases {
            assert_eq!(team_invitation_of(&team_envelope(&m)), Err(why));
        }
    }

    #[test]
    fn events_that_cannot_be_applied_say_why() {
        let cases = [
            (AdditionalDriverInvited { email: "nope".into(), ..valid() }, BadEvent::Field("email")),
            (AdditionalDriverInvited { token: " ".into(), ..valid() }, BadEvent::Field("token")),
            (AdditionalDriverInvited { token: "a b".into(), ..valid() }, BadEvent::Field("token")),
            (
                AdditionalDriverInvited { expires_at: "soon".into(), ..valid() },
                BadEvent::Field("expires_at"),
            ),
            (
                AdditionalDriverInvited { invited_by: "me".into(), ..valid() },
                BadEvent::Field("invited_by"),
            ),
        ];
        for (m, why) in cases {
            assert_eq!(invitation_of(&envelope(&m)), Err(why));
        }
    }
}
