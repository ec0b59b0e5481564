//! Sending and checking one-time codes (shared by login, reset and verification calls).

use crate::domain::{OtpChannel, OtpCode, OtpPurpose, UsPhone};
use crate::error::{AccountsError, AccountsResult};
use crate::notify::{self, Channel, OutgoingMessage};
use crate::state::AppState;
use crate::store::{codes, messages};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use subtle::ConstantTimeEq;
use uuid::Uuid;

/// Whose code it is.
#[derive(Debug, Clone, Copy)]
pub enum Subject {
    User(Uuid),
    Captain(Uuid),
}

impl Subject {
    fn kind(self) -> &'static str {
        match self {
            Subject::User(_) => "user",
            Subject::Captain(_) => "captain",
        }
    }
    fn id(self) -> Uuid {
        match self {
            Subject::User(id) | Subject::Captain(id) => id,
        }
    }
}

/// Creates a code, retires older ones, records the message in the same transaction, and sends
/// it once that has committed. Refuses a resend within 30 seconds of the previous code.
pub async fn send(
    state: &AppState,
    subject: Subject,
    channel: OtpChannel,
    purpose: OtpPurpose,
    destination: &str,
) -> AccountsResult<()> {
    let mut conn = state.conn().await?;
    let pepper = state.pepper().to_vec();
    let ttl = state.otp.ttl_secs;
    let now = state.clock.now();
    let redact = !state.environment.is_development();
    let message = conn
        .transaction::<OutgoingMessage, AccountsError, _>(async |conn| {
            if let Some(last) =
                codes::latest(conn, subject.kind(), subject.id(), channel.as_str()).await?
            {
                let age = (now - last.created_at).num_seconds();
                if age < crate::domain::otp::RESEND_AFTER_SECS {
                    let left = crate::domain::otp::RESEND_AFTER_SECS - age.max(0);
                    return Err(AccountsError::OtpResendTooSoon(left.unsigned_abs()));
                }
            }
            let code = OtpCode::generate();
            codes::insert(
                conn,
                &codes::NewOtp {
                    id: Uuid::now_v7(),
                    subject_kind: subject.kind(),
                    subject_id: subject.id(),
                    channel: channel.as_str(),
                    purpose: purpose.as_str(),
                    destination,
                    code_hash: &code.digest(&pepper, &subject.id().to_string()),
                    expires_at: now + chrono::Duration::seconds(ttl),
                    created_at: now,
                },
            )
            .await?;
            record(conn, channel, purpose, destination, code.as_str(), ttl, redact).await
        })
        .await?;
    // The network call happens after the commit, with the connection back in the pool: no
    // row lock or pooled connection is held while a provider answers.
    drop(conn);
    deliver(state, &message).await
}

/// Sends `message` through the channel's adapter; a channel set to `outbox` is done already.
///
/// A failed send fails the call with 503 and the spec's "Failed to send OTP" text, so the client knows no code is on its
/// way and can ask again, while the code row and its record stay: the 30-second resend rule
/// then spaces out retries, which also spares a provider that is already failing. The
/// committed code is harmless: it was never delivered and expires on its own.
async fn deliver(state: &AppState, message: &OutgoingMessage) -> AccountsResult<()> {
    let Some(notifier) = state.notifiers.for_channel(message.channel) else {
        return Ok(());
    };
    if let Err(e) = notifier.send(message).await {
        tracing::warn!(
            channel = message.channel.as_str(),
            error = %format!("{e:#}"),
            "sending a one-time code failed"
        );
        return Err(AccountsError::OtpDeliveryFailed(e));
    }
    Ok(())
}

/// Records the message in `sent_messages` (inside the code's transaction) and returns it for
/// sending. With `redact` (production) the stored copy keeps neither the code nor the body's
/// copy of it; the message sent still carries it.
async fn record(
    conn: &mut AsyncPgConnection,
    channel: OtpChannel,
    purpose: OtpPurpose,
    destination: &str,
    code: &str,
    ttl: i64,
    redact: bool,
) -> AccountsResult<OutgoingMessage> {
    let minutes = ttl / 60;
    let (subject, what) = match purpose {
        OtpPurpose::Login => ("Your login code", "log in"),
        OtpPurpose::PasswordReset => ("Reset your password", "reset your password"),
        OtpPurpose::VerifyEmail => ("Verify your email", "verify your email"),
        OtpPurpose::VerifyPhone => ("Verify your phone", "verify your phone number"),
    };
    let body = format!(
        "Your code to {what} is {code}. It expires in {minutes} minutes. If you did not ask for it, ignore this message."
    );
    let (channel, to) = match channel {
        OtpChannel::Email => (Channel::Email, destination.to_owned()),
        // Numbers are stored as 10 digits; providers want E.164.
        OtpChannel::Phone => (
            Channel::Sms,
            UsPhone::parse(destination)
                .map(|p| p.e164())
                .unwrap_or_else(|_| destination.to_owned()),
        ),
    };
    if redact {
        let stored = notify::redact(&body, code);
        messages::insert(conn, destination, channel.as_str(), subject, &stored, None).await?;
    } else {
        messages::insert(conn, destination, channel.as_str(), subject, &body, Some(code)).await?;
    }
    Ok(OutgoingMessage { to, channel, subject: subject.to_owned(), body })
}

enum Outcome {
    Ok,
    Wrong,
    Expired,
    Exhausted,
    NoCode,
}

/// Checks `input` against the newest unconsumed code for one of `purposes`; a match consumes
/// it. A wrong guess is counted even though the call fails.
pub async fn check(
    state: &AppState,
    subject: Subject,
    channel: OtpChannel,
    purposes: &[OtpPurpose],
    sent_to: &str,
    input: &OtpCode,
) -> AccountsResult<()> {
    let mut conn = state.conn().await?;
    let digest = input.digest(state.pepper(), &subject.id().to_string());
    let now = state.clock.now();
    let max_attempts = state.otp.max_attempts;
    let purposes: Vec<&str> = purposes.iter().map(|p| p.as_str()).collect();
    let outcome = conn
        .transaction::<Outcome, AccountsError, _>(async |conn| {
            let Some(row) = codes::active_for_update(
                conn,
                subject.kind(),
                subject.id(),
                channel.as_str(),
                &purposes,
            )
            .await?
            else {
                return Ok(Outcome::NoCode);
            };
            // A code proves the address or number it was sent to, and only while the account
            // still has it: one sent to a number since replaced verifies nothing.
            if row.destination != sent_to {
                return Ok(Outcome::NoCode);
            }
            if row.expires_at <= now {
                return Ok(Outcome::Expired);
            }
            if row.attempts >= max_attempts {
                return Ok(Outcome::Exhausted);
            }
            // Constant time, so the time of a refusal tells nothing of how much matched.
            if !bool::from(row.code_hash.as_bytes().ct_eq(digest.as_bytes())) {
                codes::count_attempt(conn, row.id).await?;
                return Ok(if row.attempts + 1 >= max_attempts {
                    Outcome::Exhausted
                } else {
                    Outcome::Wrong
                });
            }
            codes::consume(conn, row.id).await?;
            Ok(Outcome::Ok)
        })
        .await?;
    match outcome {
        Outcome::Ok => Ok(()),
        Outcome::Wrong | Outcome::NoCode => Err(AccountsError::OtpInvalid),
        Outcome::Expired => Err(AccountsError::OtpExpired),
        Outcome::Exhausted => Err(AccountsError::OtpAttemptsExceeded),
    }
}
