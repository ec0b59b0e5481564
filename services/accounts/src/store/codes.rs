//! One-time codes and invitation codes.

use super::schema::{invitation_codes, otp_codes};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = otp_codes)]
pub struct OtpRow {
    pub id: Uuid,
    pub subject_kind: String,
    pub subject_id: Uuid,
    pub channel: String,
    pub purpose: String,
    pub destination: String,
    pub code_hash: String,
    pub attempts: i32,
    pub expires_at: DateTime<Utc>,
    pub consumed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = otp_codes)]
pub struct NewOtp<'a> {
    pub id: Uuid,
    pub subject_kind: &'a str,
    pub subject_id: Uuid,
    pub channel: &'a str,
    pub purpose: &'a str,
    pub destination: &'a str,
    pub code_hash: &'a str,
    pub expires_at: DateTime<Utc>,
    /// From the service's clock, like `expires_at`, so the resend timer reads one time.
    pub created_at: DateTime<Utc>,
}

/// The newest code sent to a subject on a channel (any state), for the resend timer.
pub async fn latest(
    conn: &mut AsyncPgConnection,
    kind: &str,
    subject: Uuid,
    channel: &str,
) -> QueryResult<Option<OtpRow>> {
    otp_codes::table
        .filter(otp_codes::subject_kind.eq(kind))
        .filter(otp_codes::subject_id.eq(subject))
        .filter(otp_codes::channel.eq(channel))
        .order(otp_codes::created_at.desc())
        .select(OtpRow::as_select())
        .first(conn)
        .await
        .optional()
}

/// The newest unconsumed code for one of `purposes`, locked for the attempt.
pub async fn active_for_update(
    conn: &mut AsyncPgConnection,
    kind: &str,
    subject: Uuid,
    channel: &str,
    purposes: &[&str],
) -> QueryResult<Option<OtpRow>> {
    otp_codes::table
        .filter(otp_codes::subject_kind.eq(kind))
        .filter(otp_codes::subject_id.eq(subject))
        .filter(otp_codes::channel.eq(channel))
        .filter(otp_codes::purpose.eq_any(purposes))
        .filter(otp_codes::consumed_at.is_null())
        .order(otp_codes::created_at.desc())
        .select(OtpRow::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()
}

/// Stores a new code and retires earlier unconsumed ones of the same channel, so only the
/// newest code works.
pub async fn insert(conn: &mut AsyncPgConnection, new: &NewOtp<'_>) -> QueryResult<usize> {
    diesel::update(
        otp_codes::table
            .filter(otp_codes::subject_kind.eq(new.subject_kind))
            .filter(otp_codes::subject_id.eq(new.subject_id))
            .filter(otp_codes::channel.eq(new.channel))
            .filter(otp_codes::consumed_at.is_null()),
    )
    .set(otp_codes::consumed_at.eq(diesel::dsl::now))
    .execute(conn)
    .await?;
    diesel::insert_into(otp_codes::table).values(new).execute(conn).await
}

pub async fn count_attempt(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<usize> {
    diesel::update(otp_codes::table.find(id))
        .set(otp_codes::attempts.eq(otp_codes::attempts + 1))
        .execute(conn)
        .await
}

pub async fn consume(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<usize> {
    diesel::update(otp_codes::table.find(id).filter(otp_codes::consumed_at.is_null()))
        .set(otp_codes::consumed_at.eq(diesel::dsl::now))
        .execute(conn)
        .await
}

// --- invitation codes ---

/// (active, max_uses, uses, expires_at) of an invitation code.
type InvitationState = (bool, Option<i32>, i32, Option<DateTime<Utc>>);

/// True when the code exists, is active, unexpired at `now` and has uses left.
pub async fn invitation_usable(
    conn: &mut AsyncPgConnection,
    code: &str,
    now: DateTime<Utc>,
) -> QueryResult<bool> {
    let row: Option<InvitationState> = invitation_codes::table
        .find(code)
        .select((
            invitation_codes::active,
            invitation_codes::max_uses,
            invitation_codes::uses,
            invitation_codes::expires_at,
        ))
        .first(conn)
        .await
        .optional()?;
    Ok(match row {
        Some((active, max, uses, exp)) => {
            active && max.is_none_or(|m| uses < m) && exp.is_none_or(|e| e > now)
        }
        None => false,
    })
}

/// Counts one use; false when the code ran out or expired at `now` in the meantime (checked in
/// the same statement).
pub async fn use_invitation(
    conn: &mut AsyncPgConnection,
    code: &str,
    now: DateTime<Utc>,
) -> QueryResult<bool> {
    let n = diesel::update(
        invitation_codes::table
            .find(code)
            .filter(invitation_codes::active.eq(true))
            .filter(
                invitation_codes::max_uses
                    .is_null()
                    .or(invitation_codes::uses.lt(invitation_codes::max_uses.assume_not_null())),
            )
            .filter(
                invitation_codes::expires_at.is_null().or(invitation_codes::expires_at.gt(now)),
            ),
    )
    .set(invitation_codes::uses.eq(invitation_codes::uses + 1))
    .execute(conn)
    .await?;
    Ok(n == 1)
}

pub async fn upsert_invitation(
    conn: &mut AsyncPgConnection,
    code: &str,
    description: &str,
) -> QueryResult<usize> {
    diesel::insert_into(invitation_codes::table)
        .values((invitation_codes::code.eq(code), invitation_codes::description.eq(description)))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
}

/// A member's own code: (code, uses, max_uses), if they have one.
pub async fn member_code(
    conn: &mut AsyncPgConnection,
    owner: Uuid,
) -> QueryResult<Option<(String, i32, Option<i32>)>> {
    invitation_codes::table
        .filter(invitation_codes::owner_id.eq(owner))
        .select((invitation_codes::code, invitation_codes::uses, invitation_codes::max_uses))
        .first(conn)
        .await
        .optional()
}

/// Gives `owner` the code `code` unless they have one (the unique index on the owner holds it
/// when two requests race) or the code is taken; true when this call inserted it.
pub async fn insert_member_code(
    conn: &mut AsyncPgConnection,
    owner: Uuid,
    code: &str,
    max_uses: i32,
) -> QueryResult<bool> {
    let n = diesel::insert_into(invitation_codes::table)
        .values((
            invitation_codes::code.eq(code),
            invitation_codes::description.eq("member"),
            invitation_codes::max_uses.eq(Some(max_uses)),
            invitation_codes::owner_id.eq(Some(owner)),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok(n == 1)
}
