//! Incidentals, extra card charges, issue reports and their photos, the agreement token and
//! additional drivers.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{Array, BigInt, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

/// An incidental as stored.
#[derive(Debug, Clone, QueryableByName)]
pub struct IncidentalRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub trip_id: Uuid,
    #[diesel(sql_type = Text)]
    pub kind: String,
    #[diesel(sql_type = Text)]
    pub label: String,
    #[diesel(sql_type = Text)]
    pub description: String,
    /// `[{label, amountCents, platform}]`.
    #[diesel(sql_type = Jsonb)]
    pub charges: serde_json::Value,
    #[diesel(sql_type = BigInt)]
    pub total_cents: i64,
    #[diesel(sql_type = Jsonb)]
    pub inputs: serde_json::Value,
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = SqlUuid)]
    pub added_by: Uuid,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub removed_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub paid_at: Option<DateTime<Utc>>,
    /// Until when the guest may dispute it; unanswered, it is charged then.
    #[diesel(sql_type = Timestamptz)]
    pub dispute_until: DateTime<Utc>,
    /// The guest's reason (a disputed incidental).
    #[diesel(sql_type = Text)]
    pub dispute_reason: String,
}

const INCIDENTAL_COLUMNS: &str = "id, trip_id, kind, label, description, charges, total_cents, \
    inputs, status, added_by, created_at, removed_at, paid_at, dispute_until, dispute_reason";

/// Records a pending incidental.
pub async fn insert_incidental(
    conn: &mut AsyncPgConnection,
    i: &IncidentalRow,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO trip_incidentals (id, trip_id, kind, label, description, charges, total_cents, inputs, \
         status, added_by, created_at, dispute_until) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10, $11)",
    )
    .bind::<SqlUuid, _>(i.id)
    .bind::<SqlUuid, _>(i.trip_id)
    .bind::<Text, _>(&i.kind)
    .bind::<Text, _>(&i.label)
    .bind::<Text, _>(&i.description)
    .bind::<Jsonb, _>(&i.charges)
    .bind::<BigInt, _>(i.total_cents)
    .bind::<Jsonb, _>(&i.inputs)
    .bind::<SqlUuid, _>(i.added_by)
    .bind::<Timestamptz, _>(i.created_at)
    .bind::<Timestamptz, _>(i.dispute_until)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// The guest disputes pending incidentals of a trip; answers how many changed.
pub async fn dispute_incidentals(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    ids: &[Uuid],
    reason: &str,
    at: DateTime<Utc>,
) -> diesel::QueryResult<usize> {
    diesel::sql_query(
        "UPDATE trip_incidentals SET status = 'disputed', dispute_reason = $3, disputed_at = $4 \
         WHERE trip_id = $1 AND id = ANY($2) AND status = 'pending'",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Array<SqlUuid>, _>(ids)
    .bind::<Text, _>(reason)
    .bind::<Timestamptz, _>(at)
    .prepared()
    .execute(conn)
    .await
}

/// Trips with pending incidentals whose window to answer closed at `now`.
pub async fn trips_with_unanswered(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
) -> diesel::QueryResult<Vec<Uuid>> {
    #[derive(QueryableByName)]
    struct T {
        #[diesel(sql_type = SqlUuid)]
        trip_id: Uuid,
    }
    let rows: Vec<T> = diesel::sql_query(
        "SELECT DISTINCT trip_id FROM trip_incidentals WHERE status = 'pending' AND dispute_until <= $1 LIMIT 500",
    )
    .bind::<Timestamptz, _>(now)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.trip_id).collect())
}

/// A trip's incidentals, oldest first.
pub async fn incidentals(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
) -> diesel::QueryResult<Vec<IncidentalRow>> {
    diesel::sql_query(format!(
        "SELECT {INCIDENTAL_COLUMNS} FROM trip_incidentals WHERE trip_id = $1 ORDER BY created_at, id"
    ))
    .bind::<SqlUuid, _>(trip)
    .load(conn)
    .await
}

/// Marks pending or disputed incidentals of a trip removed (the host withdraws them, support
/// waives a dispute); answers how many changed.
pub async fn remove_incidentals(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    ids: &[Uuid],
    by: Uuid,
) -> diesel::QueryResult<usize> {
    diesel::sql_query(
        "UPDATE trip_incidentals SET status = 'removed', removed_at = now(), removed_by = $3 \
         WHERE trip_id = $1 AND id = ANY($2) AND status IN ('pending', 'disputed')",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Array<SqlUuid>, _>(ids)
    .bind::<SqlUuid, _>(by)
    .prepared()
    .execute(conn)
    .await
}

/// Marks the given pending (or, upheld by support, disputed) incidentals paid by a charge.
pub async fn mark_paid(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    ids: &[Uuid],
    charge_id: &str,
) -> diesel::QueryResult<usize> {
    diesel::sql_query(
        "UPDATE trip_incidentals SET status = 'paid', paid_at = now(), charge_id = $3 \
         WHERE trip_id = $1 AND id = ANY($2) AND status IN ('pending', 'disputed')",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Array<SqlUuid>, _>(ids)
    .bind::<Text, _>(charge_id)
    .prepared()
    .execute(conn)
    .await
}

/// A card charge beyond the hold.
pub struct ChargeRow<'a> {
    pub id: &'a str,
    pub trip_id: Uuid,
    pub user_id: Uuid,
    pub payment_method_id: &'a str,
    pub provider: &'a str,
    pub kind: &'a str,
    pub amount_cents: i64,
}

/// Records a card charge.
pub async fn insert_charge(
    conn: &mut AsyncPgConnection,
    c: &ChargeRow<'_>,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO trip_charges (id, trip_id, user_id, payment_method_id, provider, kind, amount_cents) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind::<Text, _>(c.id)
    .bind::<SqlUuid, _>(c.trip_id)
    .bind::<SqlUuid, _>(c.user_id)
    .bind::<Text, _>(c.payment_method_id)
    .bind::<Text, _>(c.provider)
    .bind::<Text, _>(c.kind)
    .bind::<BigInt, _>(c.amount_cents)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// An issue report.
#[derive(Debug, Clone, QueryableByName)]
pub struct IssueRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub trip_id: Uuid,
    #[diesel(sql_type = Text)]
    pub kind: String,
    #[diesel(sql_type = Text)]
    pub description: String,
    #[diesel(sql_type = SqlUuid)]
    pub reported_by: Uuid,
    #[diesel(sql_type = Text)]
    pub role: String,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
}

/// Records an issue report; answers it as stored.
pub async fn insert_issue(
    conn: &mut AsyncPgConnection,
    i: &IssueRow,
) -> diesel::QueryResult<IssueRow> {
    let rows: Vec<IssueRow> = diesel::sql_query(
        "INSERT INTO trip_issue_reports (id, trip_id, kind, description, reported_by, role) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         RETURNING id, trip_id, kind, description, reported_by, role, created_at",
    )
    .bind::<SqlUuid, _>(i.id)
    .bind::<SqlUuid, _>(i.trip_id)
    .bind::<Text, _>(&i.kind)
    .bind::<Text, _>(&i.description)
    .bind::<SqlUuid, _>(i.reported_by)
    .bind::<Text, _>(&i.role)
    .prepared()
    .load(conn)
    .await?;
    rows.into_iter().next().ok_or(diesel::result::Error::NotFound)
}

/// A trip's issue reports, oldest first.
pub async fn issues(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
) -> diesel::QueryResult<Vec<IssueRow>> {
    diesel::sql_query(
        "SELECT id, trip_id, kind, description, reported_by, role, created_at FROM trip_issue_reports \
         WHERE trip_id = $1 ORDER BY created_at, id",
    )
    .bind::<SqlUuid, _>(trip)
    .prepared()
    .load(conn)
    .await
}

/// A report photo.
#[derive(Debug, Clone, QueryableByName)]
pub struct ReportPhotoRow {
    #[diesel(sql_type = Text)]
    pub report_kind: String,
    #[diesel(sql_type = Text)]
    pub category: String,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub issue_id: Option<Uuid>,
    #[diesel(sql_type = Text)]
    pub url: String,
    #[diesel(sql_type = Text)]
    pub sha256: String,
    #[diesel(sql_type = Text)]
    pub role: String,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
}

/// Records a report photo (the same content twice in one place is kept once).
#[allow(clippy::too_many_arguments)]
pub async fn insert_report_photo(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    kind: &str,
    category: &str,
    issue: Option<Uuid>,
    url: &str,
    sha256: &str,
    by: Uuid,
    role: &str,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO trip_report_photos (trip_id, report_kind, category, issue_id, url, sha256, uploaded_by, role) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (trip_id, report_kind, category, sha256) DO NOTHING",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Text, _>(kind)
    .bind::<Text, _>(category)
    .bind::<Nullable<SqlUuid>, _>(issue)
    .bind::<Text, _>(url)
    .bind::<Text, _>(sha256)
    .bind::<SqlUuid, _>(by)
    .bind::<Text, _>(role)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// A trip's report photos, oldest first.
pub async fn report_photos(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
) -> diesel::QueryResult<Vec<ReportPhotoRow>> {
    diesel::sql_query(
        "SELECT report_kind, category, issue_id, url, sha256, role, created_at FROM trip_report_photos \
         WHERE trip_id = $1 ORDER BY id",
    )
    .bind::<SqlUuid, _>(trip)
    .prepared()
    .load(conn)
    .await
}

/// The trip's agreement token, created on first use (`candidate` is used when none exists).
pub async fn agreement_token(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    candidate: &str,
) -> diesel::QueryResult<String> {
    #[derive(QueryableByName)]
    struct T {
        #[diesel(sql_type = Text)]
        token: String,
    }
    let rows: Vec<T> = diesel::sql_query(
        "UPDATE trips SET agreement_token = coalesce(agreement_token, $2) WHERE id = $1 \
         RETURNING agreement_token AS token",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Text, _>(candidate)
    .prepared()
    .load(conn)
    .await?;
    rows.into_iter().next().map(|t| t.token).ok_or(diesel::result::Error::NotFound)
}

/// The agreement state of a trip: (token, signed at).
pub async fn agreement_state(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
) -> diesel::QueryResult<(Option<String>, Option<DateTime<Utc>>)> {
    #[derive(QueryableByName)]
    struct A {
        #[diesel(sql_type = Nullable<Text>)]
        agreement_token: Option<String>,
        #[diesel(sql_type = Nullable<Timestamptz>)]
        agreement_signed_at: Option<DateTime<Utc>>,
    }
    let rows: Vec<A> =
        diesel::sql_query("SELECT agreement_token, agreement_signed_at FROM trips WHERE id = $1")
            .bind::<SqlUuid, _>(trip)
            .prepared()
            .load(conn)
            .await?;
    Ok(rows
        .into_iter()
        .next()
        .map(|a| (a.agreement_token, a.agreement_signed_at))
        .unwrap_or_default())
}

/// Signs the agreement at `at` unless it is signed; answers whether this call signed it.
pub async fn sign_agreement(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    at: DateTime<Utc>,
) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "UPDATE trips SET agreement_signed_at = $2 WHERE id = $1 AND agreement_signed_at IS NULL",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Timestamptz, _>(at)
    .prepared()
    .execute(conn)
    .await?;
    Ok(n == 1)
}

/// The trip of an agreement token.
pub async fn trip_of_agreement_token(
    conn: &mut AsyncPgConnection,
    token: &str,
) -> diesel::QueryResult<Option<Uuid>> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
    }
    let rows: Vec<Id> = diesel::sql_query("SELECT id FROM trips WHERE agreement_token = $1")
        .bind::<Text, _>(token)
        .prepared()
        .load(conn)
        .await?;
    Ok(rows.into_iter().next().map(|r| r.id))
}

/// An additional driver's invitation.
#[derive(Debug, Clone, QueryableByName)]
pub struct DriverRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub trip_id: Uuid,
    #[diesel(sql_type = Text)]
    pub email: String,
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub user_id: Option<Uuid>,
    #[diesel(sql_type = Timestamptz)]
    pub expires_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub used_at: Option<DateTime<Utc>>,
}

const DRIVER_COLUMNS: &str = "id, trip_id, email, status, user_id, expires_at, created_at, used_at";

/// A trip's live invitations and drivers (invited or added), oldest first.
pub async fn drivers(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
) -> diesel::QueryResult<Vec<DriverRow>> {
    diesel::sql_query(format!(
        "SELECT {DRIVER_COLUMNS} FROM trip_additional_drivers WHERE trip_id = $1 \
         AND status IN ('invited', 'added') ORDER BY created_at, id"
    ))
    .bind::<SqlUuid, _>(trip)
    .load(conn)
    .await
}

/// Whether `user` accepted an invitation to drive on `trip`.
pub async fn is_added_driver(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    user: Uuid,
) -> diesel::QueryResult<bool> {
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        found: bool,
    }
    let rows: Vec<Found> = diesel::sql_query(
        "SELECT EXISTS (SELECT 1 FROM trip_additional_drivers \
         WHERE trip_id = $1 AND user_id = $2 AND status = 'added') AS found",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<SqlUuid, _>(user)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().next().is_some_and(|r| r.found))
}

/// Revokes a live invitation (not an added driver) for an email, so it can be sent again.
pub async fn revoke_invitation(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    email: &str,
) -> diesel::QueryResult<usize> {
    diesel::sql_query(
        "UPDATE trip_additional_drivers SET status = 'revoked', revoked_at = now() WHERE trip_id = $1 AND email = $2 AND status = 'invited'",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Text, _>(email)
    .prepared()
    .execute(conn)
    .await
}

/// Removes an additional driver or withdraws a live invitation for an email; the number of rows
/// changed (0: nobody by that email on the trip).
pub async fn revoke_driver(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    email: &str,
    at: DateTime<Utc>,
) -> diesel::QueryResult<usize> {
    diesel::sql_query(
        "UPDATE trip_additional_drivers SET status = 'revoked', revoked_at = $3 \
         WHERE trip_id = $1 AND email = $2 AND status IN ('invited', 'added')",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Text, _>(email)
    .bind::<Timestamptz, _>(at)
    .prepared()
    .execute(conn)
    .await
}

/// Records an invitation.
pub async fn insert_driver(
    conn: &mut AsyncPgConnection,
    d: &DriverRow,
    token_sha256: &str,
    invited_by: Uuid,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO trip_additional_drivers (id, trip_id, email, token_sha256, status, invited_by, expires_at) \
         VALUES ($1, $2, $3, $4, 'invited', $5, $6)",
    )
    .bind::<SqlUuid, _>(d.id)
    .bind::<SqlUuid, _>(d.trip_id)
    .bind::<Text, _>(&d.email)
    .bind::<Text, _>(token_sha256)
    .bind::<SqlUuid, _>(invited_by)
    .bind::<Timestamptz, _>(d.expires_at)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// The invitation of a token (by its SHA-256), locked when `lock` is set.
pub async fn driver_by_token(
    conn: &mut AsyncPgConnection,
    token_sha256: &str,
    lock: bool,
) -> diesel::QueryResult<Option<DriverRow>> {
    let rows: Vec<DriverRow> = diesel::sql_query(format!(
        "SELECT {DRIVER_COLUMNS} FROM trip_additional_drivers WHERE token_sha256 = $1{}",
        if lock { " FOR UPDATE" } else { "" }
    ))
    .bind::<Text, _>(token_sha256)
    .load(conn)
    .await?;
    Ok(rows.into_iter().next())
}

/// Uses an invitation: the driver is added to the trip at `at`.
pub async fn mark_driver_added(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    user: Uuid,
    at: DateTime<Utc>,
) -> diesel::QueryResult<usize> {
    diesel::sql_query(
        "UPDATE trip_additional_drivers SET status = 'added', user_id = $2, used_at = $3 \
         WHERE id = $1 AND status = 'invited'",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(user)
    .bind::<Timestamptz, _>(at)
    .prepared()
    .execute(conn)
    .await
}
