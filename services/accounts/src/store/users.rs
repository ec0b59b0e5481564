//! Users, captains, favourites, guest reviews, driver documents and captured emails.

use super::schema::{captains, driver_documents, email_captures, favourites, guest_reviews, users};
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// A user row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct UserRow {
    pub id: Uuid,
    pub role: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub professional_email: Option<String>,
    pub phone_number: Option<String>,
    pub country_code: String,
    pub password_hash: Option<String>,
    pub promotions_enrollment: bool,
    pub sign_up_code: Option<String>,
    pub terms_accepted: bool,
    pub device_fingerprint: Option<String>,
    pub is_professional_user: bool,
    pub email_verified: bool,
    pub mobile_verified: bool,
    pub dob: Option<NaiveDate>,
    pub profile_pic: Option<String>,
    pub about: Option<String>,
    pub home_location: serde_json::Value,
    pub stripe_customer_id: Option<String>,
    pub has_payment_method: bool,
    pub completed_trips: i32,
    pub host_rating: f64,
    pub host_trip_count: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The linked Google account's OpenID Connect subject.
    pub google_sub: Option<String>,
}

/// A new user.
#[derive(Debug, Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub id: Uuid,
    pub role: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a str,
    pub professional_email: Option<&'a str>,
    pub phone_number: Option<&'a str>,
    pub country_code: &'a str,
    pub password_hash: Option<&'a str>,
    pub promotions_enrollment: bool,
    pub sign_up_code: Option<&'a str>,
    pub terms_accepted: bool,
    pub device_fingerprint: Option<&'a str>,
    pub is_professional_user: bool,
    pub email_verified: bool,
    pub google_sub: Option<&'a str>,
}

/// Profile changes; `None` leaves a column as it is.
#[derive(Debug, Default, AsChangeset)]
#[diesel(table_name = users)]
pub struct ProfileChanges {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub phone_number: Option<Option<String>>,
    pub professional_email: Option<Option<String>>,
    pub is_professional_user: Option<bool>,
    pub dob: Option<Option<NaiveDate>>,
    pub profile_pic: Option<Option<String>>,
    pub promotions_enrollment: Option<bool>,
    pub home_location: Option<serde_json::Value>,
    pub about: Option<Option<String>>,
    pub mobile_verified: Option<bool>,
    pub updated_at: Option<DateTime<Utc>>,
}

pub async fn insert(conn: &mut AsyncPgConnection, new: &NewUser<'_>) -> QueryResult<UserRow> {
    diesel::insert_into(users::table)
        .values(new)
        .returning(UserRow::as_returning())
        .get_result(conn)
        .await
}

pub async fn by_id(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Option<UserRow>> {
    users::table.find(id).select(UserRow::as_select()).first(conn).await.optional()
}

/// The accounts among `ids` (unknown ids are simply absent).
pub async fn by_ids(conn: &mut AsyncPgConnection, ids: &[Uuid]) -> QueryResult<Vec<UserRow>> {
    users::table.filter(users::id.eq_any(ids)).select(UserRow::as_select()).load(conn).await
}

pub async fn by_email(conn: &mut AsyncPgConnection, email: &str) -> QueryResult<Option<UserRow>> {
    users::table
        .filter(users::email.eq(email))
        .select(UserRow::as_select())
        .first(conn)
        .await
        .optional()
}

pub async fn by_phone(conn: &mut AsyncPgConnection, phone: &str) -> QueryResult<Option<UserRow>> {
    users::table
        .filter(users::phone_number.eq(phone))
        .select(UserRow::as_select())
        .first(conn)
        .await
        .optional()
}

pub async fn by_google_sub(
    conn: &mut AsyncPgConnection,
    sub: &str,
) -> QueryResult<Option<UserRow>> {
    users::table
        .filter(users::google_sub.eq(sub))
        .select(UserRow::as_select())
        .first(conn)
        .await
        .optional()
}

/// Links a Google account to a user who has none yet; `None` when the user already has one
/// (or is gone).
pub async fn link_google(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    sub: &str,
) -> QueryResult<Option<UserRow>> {
    diesel::update(users::table.find(id).filter(users::google_sub.is_null()))
        .set((users::google_sub.eq(sub), users::updated_at.eq(diesel::dsl::now)))
        .returning(UserRow::as_returning())
        .get_result(conn)
        .await
        .optional()
}

pub async fn update_profile(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    changes: &ProfileChanges,
) -> QueryResult<UserRow> {
    diesel::update(users::table.find(id))
        .set(changes)
        .returning(UserRow::as_returning())
        .get_result(conn)
        .await
}

pub async fn set_password(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    hash: &str,
) -> QueryResult<usize> {
    diesel::update(users::table.find(id))
        .set((users::password_hash.eq(hash), users::updated_at.eq(diesel::dsl::now)))
        .execute(conn)
        .await
}

pub async fn mark_email_verified(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<bool> {
    let n = diesel::update(users::table.find(id).filter(users::email_verified.eq(false)))
        .set((users::email_verified.eq(true), users::updated_at.eq(diesel::dsl::now)))
        .execute(conn)
        .await?;
    Ok(n == 1)
}

/// Records that the user has a card on file (trips' `trips.payment_method_added`); answers the
/// rows changed (0 when it was already recorded or the user is unknown).
pub async fn set_has_payment_method(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<usize> {
    diesel::update(users::table.find(id).filter(users::has_payment_method.eq(false)))
        .set((users::has_payment_method.eq(true), users::updated_at.eq(diesel::dsl::now)))
        .execute(conn)
        .await
}

pub async fn set_device(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    fingerprint: &str,
) -> QueryResult<usize> {
    diesel::update(users::table.find(id))
        .set(users::device_fingerprint.eq(fingerprint))
        .execute(conn)
        .await
}

// --- captains ---

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = captains)]
pub struct CaptainRow {
    pub id: Uuid,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub phone_number: Option<String>,
    pub password_hash: String,
    pub created_at: DateTime<Utc>,
}

pub async fn captain_by_email(
    conn: &mut AsyncPgConnection,
    email: &str,
) -> QueryResult<Option<CaptainRow>> {
    captains::table
        .filter(captains::email.eq(email))
        .select(CaptainRow::as_select())
        .first(conn)
        .await
        .optional()
}

pub async fn captain_by_id(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> QueryResult<Option<CaptainRow>> {
    captains::table.find(id).select(CaptainRow::as_select()).first(conn).await.optional()
}

pub async fn insert_captain(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    email: &str,
    first_name: &str,
    last_name: &str,
    hash: &str,
) -> QueryResult<usize> {
    diesel::insert_into(captains::table)
        .values((
            captains::id.eq(id),
            captains::email.eq(email),
            captains::first_name.eq(first_name),
            captains::last_name.eq(last_name),
            captains::password_hash.eq(hash),
        ))
        .on_conflict(captains::email)
        .do_nothing()
        .execute(conn)
        .await
}

pub async fn set_captain_password(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    hash: &str,
) -> QueryResult<usize> {
    diesel::update(captains::table.find(id))
        .set(captains::password_hash.eq(hash))
        .execute(conn)
        .await
}

// --- favourites ---

pub async fn add_favourite(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    car: Uuid,
) -> QueryResult<usize> {
    diesel::insert_into(favourites::table)
        .values((favourites::user_id.eq(user), favourites::car_id.eq(car)))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
}

pub async fn remove_favourite(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    car: Uuid,
) -> QueryResult<usize> {
    diesel::delete(favourites::table.find((user, car))).execute(conn).await
}

pub async fn favourites_of(
    conn: &mut AsyncPgConnection,
    user: Uuid,
) -> QueryResult<Vec<(Uuid, DateTime<Utc>)>> {
    favourites::table
        .filter(favourites::user_id.eq(user))
        .order(favourites::created_at.desc())
        .select((favourites::car_id, favourites::created_at))
        .load(conn)
        .await
}

// --- guest reviews ---

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = guest_reviews)]
pub struct GuestReviewRow {
    pub id: Uuid,
    pub user_id: Uuid,
    pub from_user_id: Uuid,
    pub from_user_name: String,
    pub stars: i32,
    pub review: String,
    pub created_at: DateTime<Utc>,
}

pub async fn guest_reviews_of(
    conn: &mut AsyncPgConnection,
    user: Uuid,
) -> QueryResult<Vec<GuestReviewRow>> {
    guest_reviews::table
        .filter(guest_reviews::user_id.eq(user))
        .order(guest_reviews::created_at.desc())
        .limit(100)
        .select(GuestReviewRow::as_select())
        .load(conn)
        .await
}

/// A review of a user published by trips.
pub struct TripReview<'a> {
    pub id: Uuid,
    pub trip_id: Uuid,
    /// The reviewed user: the guest (of a host's review) or the car's owner (of a guest's).
    pub user_id: Uuid,
    pub from_user_id: Uuid,
    pub from_user_name: &'a str,
    /// `guest` or `host`: who wrote it.
    pub author_role: &'a str,
    pub stars: i32,
    pub review: &'a str,
    pub written_at: DateTime<Utc>,
}

/// Stores a review of a user unless it is already there; a guest's review of a host also
/// moves the host's rating, in the same statement's transaction. Answers whether it was new.
pub async fn record_trip_review(
    conn: &mut AsyncPgConnection,
    r: &TripReview<'_>,
) -> QueryResult<bool> {
    let added = diesel::insert_into(guest_reviews::table)
        .values((
            guest_reviews::id.eq(r.id),
            guest_reviews::trip_id.eq(Some(r.trip_id)),
            guest_reviews::user_id.eq(r.user_id),
            guest_reviews::from_user_id.eq(r.from_user_id),
            guest_reviews::from_user_name.eq(r.from_user_name),
            guest_reviews::author_role.eq(r.author_role),
            guest_reviews::stars.eq(r.stars),
            guest_reviews::review.eq(r.review),
            guest_reviews::created_at.eq(r.written_at),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?
        == 1;
    if added && r.author_role == "guest" {
        diesel::sql_query(
            "UPDATE users SET host_rating_sum = host_rating_sum + $2, \
               host_rating_count = host_rating_count + 1, \
               host_rating = round((host_rating_sum + $2)::numeric / (host_rating_count + 1), 1)::float8, \
               updated_at = now() \
             WHERE id = $1",
        )
        .bind::<diesel::sql_types::Uuid, _>(r.user_id)
        .bind::<diesel::sql_types::BigInt, _>(i64::from(r.stars))
        .execute(conn)
        .await?;
    }
    Ok(added)
}

/// One more completed trip: the host's (`host_trip_count`, the host card) and the guest's
/// (`completed_trips`, the tier).
pub async fn count_completed_trip(
    conn: &mut AsyncPgConnection,
    host: Uuid,
    guest: Uuid,
) -> QueryResult<usize> {
    let h = diesel::update(users::table.find(host))
        .set((
            users::host_trip_count.eq(users::host_trip_count + 1),
            users::updated_at.eq(diesel::dsl::now),
        ))
        .execute(conn)
        .await?;
    let g = diesel::update(users::table.find(guest))
        .set((
            users::completed_trips.eq(users::completed_trips + 1),
            users::updated_at.eq(diesel::dsl::now),
        ))
        .execute(conn)
        .await?;
    Ok(h + g)
}

// --- driver documents ---

#[derive(Debug, Clone, Default, Queryable, Selectable)]
#[diesel(table_name = driver_documents)]
pub struct DocumentsRow {
    pub user_id: Uuid,
    pub dl_key: Option<String>,
    pub dl_back_key: Option<String>,
    pub selfie_key: Option<String>,
    pub insurance_key: Option<String>,
    pub updated_at: DateTime<Utc>,
    pub license_first_name: Option<String>,
    pub license_last_name: Option<String>,
    pub license_number: Option<String>,
    pub license_issued_on: Option<NaiveDate>,
    pub license_expires_on: Option<NaiveDate>,
}

/// Keeps a licence's details and its holder's date of birth (the profile's), together.
pub async fn set_license(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    l: &crate::domain::license::License,
) -> QueryResult<DocumentsRow> {
    use driver_documents::dsl as d;
    diesel::update(users::table.find(user))
        .set((users::dob.eq(l.dob), users::updated_at.eq(diesel::dsl::now)))
        .execute(conn)
        .await?;
    let values = (
        d::license_first_name.eq(&l.first_name),
        d::license_last_name.eq(&l.last_name),
        d::license_number.eq(&l.number),
        d::license_issued_on.eq(l.issued_on),
        d::license_expires_on.eq(l.expires_on),
        d::updated_at.eq(diesel::dsl::now),
    );
    diesel::insert_into(d::driver_documents)
        .values((d::user_id.eq(user), values))
        .on_conflict(d::user_id)
        .do_update()
        .set(values)
        .returning(DocumentsRow::as_returning())
        .get_result(conn)
        .await
}

/// Each user's date of birth and licence expiry, for the ones that exist.
pub async fn driver_facts(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> QueryResult<Vec<(Uuid, Option<NaiveDate>, Option<NaiveDate>)>> {
    users::table
        .left_join(driver_documents::table)
        .filter(users::id.eq_any(ids))
        .select((users::id, users::dob, driver_documents::license_expires_on.nullable()))
        .load(conn)
        .await
}

pub async fn documents_of(
    conn: &mut AsyncPgConnection,
    user: Uuid,
) -> QueryResult<Option<DocumentsRow>> {
    driver_documents::table
        .find(user)
        .select(DocumentsRow::as_select())
        .first(conn)
        .await
        .optional()
}

/// Which document column a type names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentSlot {
    DlFront,
    DlBack,
    Selfie,
    Insurance,
}

pub async fn set_document(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    slot: DocumentSlot,
    key: &str,
) -> QueryResult<DocumentsRow> {
    use driver_documents::dsl as d;
    diesel::insert_into(d::driver_documents)
        .values(d::user_id.eq(user))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    let row = d::driver_documents.find(user);
    let stamp = d::updated_at.eq(diesel::dsl::now);

    match slot {
        DocumentSlot::DlFront => {
            diesel::update(row)
                .set((d::dl_key.eq(key), stamp))
                .returning(DocumentsRow::as_returning())
                .get_result(conn)
                .await
        }
        DocumentSlot::DlBack => {
            diesel::update(row)
                .set((d::dl_back_key.eq(key), stamp))
                .returning(DocumentsRow::as_returning())
                .get_result(conn)
                .await
        }
        DocumentSlot::Selfie => {
            diesel::update(row)
                .set((d::selfie_key.eq(key), stamp))
                .returning(DocumentsRow::as_returning())
                .get_result(conn)
                .await
        }
        DocumentSlot::Insurance => {
            diesel::update(row)
                .set((d::insurance_key.eq(key), stamp))
                .returning(DocumentsRow::as_returning())
                .get_result(conn)
                .await
        }
    }
}

// --- captured emails ---

pub async fn capture_email(
    conn: &mut AsyncPgConnection,
    email: &str,
    source: &str,
) -> QueryResult<usize> {
    diesel::insert_into(email_captures::table)
        .values((email_captures::email.eq(email), email_captures::source.eq(source)))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
}
