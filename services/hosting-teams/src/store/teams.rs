//! Co-host teams: the team, its cars, its members (invitations) and its audit log.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{
    Array, BigInt, Bool, Bytea, Integer, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

type Q<T> = diesel::QueryResult<T>;

/// A team row.
#[derive(Debug, Clone, QueryableByName)]
pub struct TeamRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub host_id: Uuid,
    #[diesel(sql_type = Text)]
    pub team_name: String,
    #[diesel(sql_type = Bool)]
    pub perm_full: bool,
    #[diesel(sql_type = Bool)]
    pub perm_pricing_availability: bool,
    #[diesel(sql_type = BigInt)]
    pub version: i64,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    pub updated_at: DateTime<Utc>,
}

const TEAM: &str = "id, host_id, team_name, perm_full, perm_pricing_availability, version, \
    created_at, updated_at";

/// A member row (an invitation and, once accepted, a membership).
#[derive(Debug, Clone, QueryableByName)]
pub struct MemberRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub team_id: Uuid,
    #[diesel(sql_type = Text)]
    pub email: String,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub user_id: Option<Uuid>,
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = Integer)]
    pub share_bp: i32,
    #[diesel(sql_type = Timestamptz)]
    pub expires_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    pub invited_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub answered_at: Option<DateTime<Utc>>,
}

const MEMBER: &str =
    "id, team_id, email, user_id, status, share_bp, expires_at, invited_at, answered_at";

fn lock_clause(lock: bool) -> &'static str {
    if lock { " FOR UPDATE" } else { "" }
}

/// A live (not deleted) team.
pub async fn get(c: &mut AsyncPgConnection, id: Uuid, lock: bool) -> Q<Option<TeamRow>> {
    diesel::sql_query(format!(
        "SELECT {TEAM} FROM teams WHERE id = $1 AND deleted_at IS NULL{}",
        lock_clause(lock)
    ))
    .bind::<SqlUuid, _>(id)
    .get_result(c)
    .await
    .map(Some)
    .or_else(not_found)
}

fn not_found<T>(e: diesel::result::Error) -> Q<Option<T>> {
    match e {
        diesel::result::Error::NotFound => Ok(None),
        e => Err(e),
    }
}

/// The host of a team, deleted or not.
pub async fn host_of(c: &mut AsyncPgConnection, id: Uuid) -> Q<Uuid> {
    #[derive(QueryableByName)]
    struct R {
        #[diesel(sql_type = SqlUuid)]
        host_id: Uuid,
    }
    let r: R = diesel::sql_query("SELECT host_id FROM teams WHERE id = $1")
        .bind::<SqlUuid, _>(id)
        .get_result(c)
        .await?;
    Ok(r.host_id)
}

/// A new team.
pub async fn insert(
    c: &mut AsyncPgConnection,
    id: Uuid,
    host: Uuid,
    name: &str,
    full: bool,
    pricing: bool,
    now: DateTime<Utc>,
) -> Q<()> {
    diesel::sql_query(
        "INSERT INTO teams (id, host_id, team_name, perm_full, perm_pricing_availability, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(host)
    .bind::<Text, _>(name)
    .bind::<Bool, _>(full)
    .bind::<Bool, _>(pricing)
    .bind::<Timestamptz, _>(now)
    .execute(c)
    .await?;
    Ok(())
}

/// Renames a team and/or changes its permissions; moves its version on.
pub async fn update(
    c: &mut AsyncPgConnection,
    id: Uuid,
    name: &str,
    full: bool,
    pricing: bool,
    now: DateTime<Utc>,
) -> Q<()> {
    diesel::sql_query(
        "UPDATE teams SET team_name = $2, perm_full = $3, perm_pricing_availability = $4, \
           version = version + 1, updated_at = $5 WHERE id = $1",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Text, _>(name)
    .bind::<Bool, _>(full)
    .bind::<Bool, _>(pricing)
    .bind::<Timestamptz, _>(now)
    .execute(c)
    .await?;
    Ok(())
}

/// Moves a team's version on (its members or cars changed).
pub async fn touch(c: &mut AsyncPgConnection, id: Uuid, now: DateTime<Utc>) -> Q<i64> {
    #[derive(QueryableByName)]
    struct V {
        #[diesel(sql_type = BigInt)]
        version: i64,
    }
    let v: V = diesel::sql_query(
        "UPDATE teams SET version = version + 1, updated_at = $2 WHERE id = $1 RETURNING version",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Timestamptz, _>(now)
    .get_result(c)
    .await?;
    Ok(v.version)
}

/// Deletes a team: its cars are let go, its pending invitations revoked, its co-hosts removed.
pub async fn delete(c: &mut AsyncPgConnection, id: Uuid, now: DateTime<Utc>) -> Q<()> {
    diesel::sql_query("DELETE FROM team_cars WHERE team_id = $1")
        .bind::<SqlUuid, _>(id)
        .execute(c)
        .await?;
    diesel::sql_query(
        "UPDATE team_members SET status = CASE status WHEN 'pending' THEN 'revoked' ELSE 'removed' END, \
           removed_at = $2 WHERE team_id = $1 AND status IN ('pending', 'accepted')",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Timestamptz, _>(now)
    .execute(c)
    .await?;
    diesel::sql_query(
        "UPDATE teams SET deleted_at = $2, version = version + 1, updated_at = $2 WHERE id = $1",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Timestamptz, _>(now)
    .execute(c)
    .await?;
    Ok(())
}

/// The teams `user` hosts or co-hosts (accepted), newest first.
pub async fn of_user(c: &mut AsyncPgConnection, user: Uuid) -> Q<Vec<TeamRow>> {
    diesel::sql_query(format!(
        "SELECT {TEAM} FROM teams t WHERE deleted_at IS NULL AND (host_id = $1 OR EXISTS ( \
           SELECT 1 FROM team_members m WHERE m.team_id = t.id AND m.user_id = $1 AND m.status = 'accepted')) \
         ORDER BY created_at DESC, id DESC"
    ))
    .bind::<SqlUuid, _>(user)
    .load(c)
    .await
}

/// The cars of a team, in the order they were added.
pub async fn car_ids(c: &mut AsyncPgConnection, team: Uuid) -> Q<Vec<Uuid>> {
    #[derive(QueryableByName)]
    struct R {
        #[diesel(sql_type = SqlUuid)]
        listing_id: Uuid,
    }
    let rows: Vec<R> = diesel::sql_query(
        "SELECT listing_id FROM team_cars WHERE team_id = $1 ORDER BY added_at, listing_id",
    )
    .bind::<SqlUuid, _>(team)
    .load(c)
    .await?;
    Ok(rows.into_iter().map(|r| r.listing_id).collect())
}

/// Which of `cars` are in a live team other than `except`, with that team's name.
pub async fn cars_in_other_teams(
    c: &mut AsyncPgConnection,
    cars: &[Uuid],
    except: Option<Uuid>,
) -> Q<Vec<(Uuid, String)>> {
    #[derive(QueryableByName)]
    struct R {
        #[diesel(sql_type = SqlUuid)]
        listing_id: Uuid,
        #[diesel(sql_type = Text)]
        team_name: String,
    }
    let rows: Vec<R> = diesel::sql_query(
        "SELECT tc.listing_id, t.team_name FROM team_cars tc JOIN teams t ON t.id = tc.team_id \
         WHERE tc.listing_id = ANY($1) AND ($2::uuid IS NULL OR tc.team_id <> $2)",
    )
    .bind::<Array<SqlUuid>, _>(cars)
    .bind::<Nullable<SqlUuid>, _>(except)
    .load(c)
    .await?;
    Ok(rows.into_iter().map(|r| (r.listing_id, r.team_name)).collect())
}

/// Replaces a team's cars.
pub async fn set_cars(
    c: &mut AsyncPgConnection,
    team: Uuid,
    cars: &[Uuid],
    now: DateTime<Utc>,
) -> Q<()> {
    diesel::sql_query("DELETE FROM team_cars WHERE team_id = $1 AND NOT (listing_id = ANY($2))")
        .bind::<SqlUuid, _>(team)
        .bind::<Array<SqlUuid>, _>(cars)
        .execute(c)
        .await?;
    for (i, car) in cars.iter().enumerate() {
        // Keeps the order the host chose for new cars (a microsecond apart).
        let at = now + chrono::Duration::microseconds(i64::try_from(i).unwrap_or(0));
        diesel::sql_query(
            "INSERT INTO team_cars (team_id, listing_id, added_at) VALUES ($1, $2, $3) \
             ON CONFLICT (team_id, listing_id) DO NOTHING",
        )
        .bind::<SqlUuid, _>(team)
        .bind::<SqlUuid, _>(*car)
        .bind::<Timestamptz, _>(at)
        .execute(c)
        .await?;
    }
    Ok(())
}

/// Takes a car out of its team (the car was deleted); answers the team it was in.
pub async fn release_car(c: &mut AsyncPgConnection, car: Uuid) -> Q<Option<Uuid>> {
    #[derive(QueryableByName)]
    struct R {
        #[diesel(sql_type = SqlUuid)]
        team_id: Uuid,
    }
    diesel::sql_query("DELETE FROM team_cars WHERE listing_id = $1 RETURNING team_id")
        .bind::<SqlUuid, _>(car)
        .get_result::<R>(c)
        .await
        .map(|r| Some(r.team_id))
        .or_else(not_found)
}

/// Every member row of a team (all statuses), oldest invitation first.
pub async fn members(c: &mut AsyncPgConnection, team: Uuid) -> Q<Vec<MemberRow>> {
    diesel::sql_query(format!(
        "SELECT {MEMBER} FROM team_members WHERE team_id = $1 ORDER BY invited_at, id"
    ))
    .bind::<SqlUuid, _>(team)
    .load(c)
    .await
}

/// The live (pending or accepted) member of a team with `email`, locked.
pub async fn live_by_email(
    c: &mut AsyncPgConnection,
    team: Uuid,
    email: &str,
) -> Q<Option<MemberRow>> {
    diesel::sql_query(format!(
        "SELECT {MEMBER} FROM team_members WHERE team_id = $1 AND email = $2 \
         AND status IN ('pending', 'accepted') FOR UPDATE"
    ))
    .bind::<SqlUuid, _>(team)
    .bind::<Text, _>(email)
    .get_result(c)
    .await
    .map(Some)
    .or_else(not_found)
}

/// The member row of an invitation link's token, locked.
pub async fn by_token(c: &mut AsyncPgConnection, sha: &[u8]) -> Q<Option<MemberRow>> {
    diesel::sql_query(format!(
        "SELECT {MEMBER} FROM team_members WHERE token_sha256 = $1 FOR UPDATE"
    ))
    .bind::<Bytea, _>(sha)
    .get_result(c)
    .await
    .map(Some)
    .or_else(not_found)
}

/// The newest invitation of `team` to `email` (any status), locked.
pub async fn latest_for_email(
    c: &mut AsyncPgConnection,
    team: Uuid,
    email: &str,
) -> Q<Option<MemberRow>> {
    diesel::sql_query(format!(
        "SELECT {MEMBER} FROM team_members WHERE team_id = $1 AND email = $2 \
         ORDER BY invited_at DESC, id DESC LIMIT 1 FOR UPDATE"
    ))
    .bind::<SqlUuid, _>(team)
    .bind::<Text, _>(email)
    .get_result(c)
    .await
    .map(Some)
    .or_else(not_found)
}

/// A new pending invitation.
#[allow(clippy::too_many_arguments)]
pub async fn invite(
    c: &mut AsyncPgConnection,
    id: Uuid,
    team: Uuid,
    email: &str,
    share_bp: i32,
    sha: &[u8],
    expires_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Q<()> {
    diesel::sql_query(
        "INSERT INTO team_members (id, team_id, email, status, share_bp, token_sha256, expires_at, invited_at) \
         VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7)",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(team)
    .bind::<Text, _>(email)
    .bind::<Integer, _>(share_bp)
    .bind::<Bytea, _>(sha)
    .bind::<Timestamptz, _>(expires_at)
    .bind::<Timestamptz, _>(now)
    .execute(c)
    .await?;
    Ok(())
}

/// Resends a pending invitation: a new token (the old link stops working) and a new expiry.
pub async fn resend(
    c: &mut AsyncPgConnection,
    id: Uuid,
    sha: &[u8],
    share_bp: i32,
    expires_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Q<()> {
    diesel::sql_query(
        "UPDATE team_members SET token_sha256 = $2, share_bp = $3, expires_at = $4, invited_at = $5, \
           resent_count = resent_count + 1 WHERE id = $1",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Bytea, _>(sha)
    .bind::<Integer, _>(share_bp)
    .bind::<Timestamptz, _>(expires_at)
    .bind::<Timestamptz, _>(now)
    .execute(c)
    .await?;
    Ok(())
}

/// Records the invitee's answer (`accepted` or `rejected`) and the account that gave it.
pub async fn answer(
    c: &mut AsyncPgConnection,
    id: Uuid,
    status: &str,
    user: Uuid,
    now: DateTime<Utc>,
) -> Q<()> {
    diesel::sql_query(
        "UPDATE team_members SET status = $2, user_id = $3, answered_at = $4 WHERE id = $1",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Text, _>(status)
    .bind::<SqlUuid, _>(user)
    .bind::<Timestamptz, _>(now)
    .execute(c)
    .await?;
    Ok(())
}

/// Ends a membership (`removed`) or withdraws an invitation (`revoked`).
pub async fn end(c: &mut AsyncPgConnection, id: Uuid, status: &str, now: DateTime<Utc>) -> Q<()> {
    diesel::sql_query("UPDATE team_members SET status = $2, removed_at = $3 WHERE id = $1")
        .bind::<SqlUuid, _>(id)
        .bind::<Text, _>(status)
        .bind::<Timestamptz, _>(now)
        .execute(c)
        .await?;
    Ok(())
}

/// Sets a member's share of the earnings.
pub async fn set_share(c: &mut AsyncPgConnection, id: Uuid, share_bp: i32) -> Q<()> {
    diesel::sql_query("UPDATE team_members SET share_bp = $2 WHERE id = $1")
        .bind::<SqlUuid, _>(id)
        .bind::<Integer, _>(share_bp)
        .execute(c)
        .await?;
    Ok(())
}

/// What a team grants `user` on `car`: the team and its permissions, when `user` is an
/// accepted co-host of the live team that holds the car.
#[derive(Debug, Clone, QueryableByName)]
pub struct Grant {
    #[diesel(sql_type = SqlUuid)]
    pub team_id: Uuid,
    #[diesel(sql_type = Bool)]
    pub perm_full: bool,
    #[diesel(sql_type = Bool)]
    pub perm_pricing_availability: bool,
}

/// The grant of `user` on `car`, if any.
pub async fn grant(c: &mut AsyncPgConnection, user: Uuid, car: Uuid) -> Q<Option<Grant>> {
    diesel::sql_query(
        "SELECT t.id AS team_id, t.perm_full, t.perm_pricing_availability FROM team_cars tc \
         JOIN teams t ON t.id = tc.team_id AND t.deleted_at IS NULL \
         JOIN team_members m ON m.team_id = t.id AND m.status = 'accepted' AND m.user_id = $1 \
         WHERE tc.listing_id = $2",
    )
    .bind::<SqlUuid, _>(user)
    .bind::<SqlUuid, _>(car)
    .get_result(c)
    .await
    .map(Some)
    .or_else(not_found)
}

/// The cars `user` co-hosts, with the grant of each.
pub async fn cohosted_cars(c: &mut AsyncPgConnection, user: Uuid) -> Q<Vec<(Uuid, Grant)>> {
    #[derive(QueryableByName)]
    struct R {
        #[diesel(sql_type = SqlUuid)]
        listing_id: Uuid,
        #[diesel(embed)]
        grant: Grant,
    }
    let rows: Vec<R> = diesel::sql_query(
        "SELECT tc.listing_id, t.id AS team_id, t.perm_full, t.perm_pricing_availability FROM team_cars tc \
         JOIN teams t ON t.id = tc.team_id AND t.deleted_at IS NULL \
         JOIN team_members m ON m.team_id = t.id AND m.status = 'accepted' AND m.user_id = $1 \
         ORDER BY tc.added_at, tc.listing_id",
    )
    .bind::<SqlUuid, _>(user)
    .load(c)
    .await?;
    Ok(rows.into_iter().map(|r| (r.listing_id, r.grant)).collect())
}

/// An audit entry as written.
pub struct AuditWrite<'a> {
    pub team_id: Uuid,
    pub actor_id: Uuid,
    pub actor_role: &'a str,
    pub action: &'a str,
    pub car_id: Option<Uuid>,
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
    pub at: DateTime<Utc>,
}

/// Appends to a team's audit log.
pub async fn audit(c: &mut AsyncPgConnection, a: &AuditWrite<'_>) -> Q<()> {
    diesel::sql_query(
        "INSERT INTO team_audit (team_id, actor_id, actor_role, action, car_id, before, after, at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind::<SqlUuid, _>(a.team_id)
    .bind::<SqlUuid, _>(a.actor_id)
    .bind::<Text, _>(a.actor_role)
    .bind::<Text, _>(a.action)
    .bind::<Nullable<SqlUuid>, _>(a.car_id)
    .bind::<Nullable<Jsonb>, _>(a.before.as_ref())
    .bind::<Nullable<Jsonb>, _>(a.after.as_ref())
    .bind::<Timestamptz, _>(a.at)
    .execute(c)
    .await?;
    Ok(())
}

/// An audit entry as read.
#[derive(Debug, Clone, QueryableByName)]
pub struct AuditRow {
    #[diesel(sql_type = BigInt)]
    pub id: i64,
    #[diesel(sql_type = SqlUuid)]
    pub actor_id: Uuid,
    #[diesel(sql_type = Text)]
    pub actor_role: String,
    #[diesel(sql_type = Text)]
    pub action: String,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub car_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<Jsonb>)]
    pub before: Option<serde_json::Value>,
    #[diesel(sql_type = Nullable<Jsonb>)]
    pub after: Option<serde_json::Value>,
    #[diesel(sql_type = Timestamptz)]
    pub at: DateTime<Utc>,
}

/// A team's audit log, newest first.
pub async fn audit_log(c: &mut AsyncPgConnection, team: Uuid, limit: i64) -> Q<Vec<AuditRow>> {
    diesel::sql_query(
        "SELECT id, actor_id, actor_role, action, car_id, before, after, at FROM team_audit \
         WHERE team_id = $1 ORDER BY id DESC LIMIT $2",
    )
    .bind::<SqlUuid, _>(team)
    .bind::<BigInt, _>(limit)
    .load(c)
    .await
}
