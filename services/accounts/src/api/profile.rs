//! Profiles, public host cards, favourites, guest reviews and captured emails.

use super::auth::user_reply;
use super::convert::HomeLocationJson;
use crate::domain::email::EmailError;
use crate::domain::phone::PhoneError;
use crate::domain::profile::{self, HomeAddress};
use crate::domain::{Email, UsPhone, sanitize};
use crate::error::{AccountsError, AccountsResult};
use crate::state::{AppState, require_user};
use crate::store::users;
use chrono::NaiveDate;
use upcar_identity::{Identity, Role};
use upcar_proto::accounts as pb;
use uuid::Uuid;

/// Home locations kept per user (the newest is the last entry, as the spec reads it).
const HOME_LOCATIONS_KEPT: usize = 5;

pub async fn get_user(
    state: &AppState,
    identity: Option<&Identity>,
    id: &str,
) -> AccountsResult<pb::UserReply> {
    let me = require_user(identity)?;
    let id: Uuid = id.trim().parse().map_err(|_| AccountsError::UserNotFound)?;
    if id != me.user_id && me.role != Role::Admin {
        return Err(AccountsError::NotYourProfile);
    }
    let mut conn = state.conn().await?;
    let row = users::by_id(&mut conn, id).await?.ok_or(AccountsError::UserNotFound)?;
    Ok(pb::UserReply {
        user: Some(user_reply(&mut conn, &row, state.clock.now().date_naive()).await?),
    })
}

pub async fn get_host(state: &AppState, id: &str) -> AccountsResult<pb::HostReply> {
    let id: Uuid = id.trim().parse().map_err(|_| AccountsError::HostNotFound)?;
    let mut conn = state.conn().await?;
    let row = users::by_id(&mut conn, id).await?.ok_or(AccountsError::HostNotFound)?;
    let docs = users::documents_of(&mut conn, id).await?;
    let facts = crate::api::convert::facts(&row, docs.as_ref());
    Ok(pb::HostReply {
        host: Some(pb::Host {
            id: row.id.to_string(),
            first_name: row.first_name,
            // Public cards show the initial of the last name only.
            last_name: last_initial(&row.last_name),
            profile_pic: row.profile_pic.unwrap_or_default(),
            rating: row.host_rating,
            trip_count: row.host_trip_count,
            joined_date: row.created_at.to_rfc3339(),
            email_verify: row.email_verified,
            is_mobile_verified: row.mobile_verified,
            is_driver_verified: facts.driver_documents_complete(),
            current_tier: facts.tier(state.clock.now().date_naive()).label().to_owned(),
        }),
    })
}

/// Public cards show the initial of the last name only.
fn last_initial(last_name: &str) -> String {
    last_name.chars().next().map(|c| format!("{c}.")).unwrap_or_default()
}

/// Most ids one `GetPublicProfiles` call takes (a page of chat rooms needs 20).
/// Whether an account exists, and its kind: a user (guest/host or admin) or a captain. An id
/// that is not a UUID names no account.
pub async fn account_kind(state: &AppState, id: &str) -> AccountsResult<pb::AccountKindReply> {
    let Ok(id) = id.trim().parse::<Uuid>() else {
        return Ok(pb::AccountKindReply::default());
    };
    kind_of(&mut *state.conn().await?, id).await
}

/// What the gateway trusts of an account: it exists, of which kind, suspended or not, and the
/// last cut of its sessions.
async fn kind_of(
    conn: &mut diesel_async::AsyncPgConnection,
    id: Uuid,
) -> AccountsResult<pb::AccountKindReply> {
    let (sessions_from_ms, kept_session) = match crate::store::guard::session_cut(conn, id).await? {
        Some((from, kept)) => (from.timestamp_millis(), kept.unwrap_or_default()),
        None => (0, String::new()),
    };
    if let Some(user) = users::by_id(conn, id).await? {
        return Ok(pb::AccountKindReply {
            exists: true,
            suspended: crate::store::standing::is_suspended(conn, id).await?,
            role: user.role,
            sessions_from_ms,
            kept_session,
        });
    }
    let captain = users::captain_by_id(conn, id).await?;
    Ok(pb::AccountKindReply {
        exists: captain.is_some(),
        role: if captain.is_some() { "captain".to_owned() } else { String::new() },
        suspended: false,
        sessions_from_ms,
        kept_session,
    })
}

/// The account's entry in the gateway's cache, read now (the same the gateway makes of
/// [`account_kind`]).
pub async fn standing_of(
    conn: &mut diesel_async::AsyncPgConnection,
    id: Uuid,
) -> AccountsResult<upcar_identity::AccountStanding> {
    let r = kind_of(conn, id).await?;
    Ok(upcar_identity::AccountStanding::from_kind(
        r.exists,
        r.suspended,
        &r.role,
        r.sessions_from_ms,
        &r.kept_session,
    ))
}

const PUBLIC_PROFILES_MAX: usize = 100;

/// Public names and pictures of several accounts; unknown or malformed ids are left out.
pub async fn get_public_profiles(
    state: &AppState,
    req: pb::PublicProfilesRequest,
) -> AccountsResult<pb::PublicProfilesReply> {
    if req.ids.len() > PUBLIC_PROFILES_MAX {
        return Err(AccountsError::TooManyProfiles);
    }
    let mut ids: Vec<Uuid> = req.ids.iter().filter_map(|id| id.trim().parse().ok()).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(pb::PublicProfilesReply::default());
    }
    let mut conn = state.conn().await?;
    let rows = users::by_ids(&mut conn, &ids).await?;
    Ok(pb::PublicProfilesReply {
        profiles: rows
            .into_iter()
            .map(|row| pb::PublicProfile {
                id: row.id.to_string(),
                last_name: last_initial(&row.last_name),
                first_name: row.first_name,
                profile_pic: row.profile_pic.unwrap_or_default(),
            })
            .collect(),
    })
}

pub async fn update_profile(
    state: &AppState,
    identity: Option<&Identity>,
    req: pb::UpdateProfileRequest,
) -> AccountsResult<pb::UserReply> {
    let me = require_user(identity)?;
    let mut changes =
        users::ProfileChanges { updated_at: Some(state.clock.now()), ..Default::default() };
    if let Some(v) = req.first_name {
        changes.first_name = Some(profile::first_name(&v)?);
    }
    if let Some(v) = req.last_name {
        changes.last_name = Some(profile::last_name(&v)?);
    }
    if let Some(v) = req.phone_number {
        match UsPhone::parse(&v) {
            Ok(p) => {
                changes.phone_number = Some(Some(p.as_str().to_owned()));
            }
            Err(PhoneError::Missing) => changes.phone_number = Some(None),
            Err(PhoneError::Invalid) => return Err(AccountsError::PhoneInvalid),
        }
    }
    if let Some(cc) = req.country_code
        && !matches!(sanitize::phone(&cc).as_str(), "" | "1")
    {
        return Err(AccountsError::PhoneInvalid);
    }
    if let Some(v) = req.professional_email {
        match Email::parse(&v) {
            Ok(e) if e.is_professional() => {
                changes.professional_email = Some(Some(e.as_str().to_owned()));
                changes.is_professional_user = Some(true);
            }
            Err(EmailError::Missing) => {
                changes.professional_email = Some(None);
            }
            _ => return Err(AccountsError::ProfessionalEmailInvalid),
        }
    }
    if let Some(v) = req.dob {
        let v = v.trim();
        if v.is_empty() {
            changes.dob = Some(None);
        } else {
            let dob =
                NaiveDate::parse_from_str(v, "%Y-%m-%d").map_err(|_| AccountsError::DobInvalid)?;
            let today = state.clock.now().date_naive();
            if dob > today || dob < NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or(dob) {
                return Err(AccountsError::DobInvalid);
            }
            if !pricing_domain::driver::old_enough(dob, today) {
                return Err(AccountsError::Underage);
            }
            changes.dob = Some(Some(dob));
        }
    }
    if let Some(v) = req.profile_pic {
        let v = v.trim();
        if v.len() > 2048
            || !(v.is_empty() || v.starts_with("https://") || v.starts_with("http://"))
        {
            return Err(AccountsError::ProfilePicInvalid);
        }
        changes.profile_pic = Some((!v.is_empty()).then(|| v.to_owned()));
    }
    if let Some(v) = req.promotions_enrollment {
        changes.promotions_enrollment = Some(v);
    }
    if let Some(v) = req.about {
        changes.about = Some(profile::about(&v)?);
    }
    // Checked before anything is read: a refused location changes nothing.
    let home = match &req.home_location {
        Some(h) => {
            if !(-90.0..=90.0).contains(&h.latitude) || !(-180.0..=180.0).contains(&h.longitude) {
                return Err(AccountsError::HomeLocationOutOfRange);
            }
            let address = HomeAddress::parse(&h.street, &h.city, &h.state, &h.zip, &h.country)?;
            Some((address, h.latitude, h.longitude))
        }
        None => None,
    };
    let mut conn = state.conn().await?;
    let current = users::by_id(&mut conn, me.user_id).await?.ok_or(AccountsError::UserNotFound)?;
    if let Some(Some(p)) = &changes.phone_number
        && current.phone_number.as_deref() != Some(p.as_str())
    {
        // A new number must be verified again.
        changes.mobile_verified = Some(false);
    }
    if let Some((a, latitude, longitude)) = home {
        let entry = HomeLocationJson {
            street: a.street,
            city: a.city,
            state: a.state,
            zip: a.zip,
            country: a.country,
            latitude,
            longitude,
        };
        let mut list: Vec<serde_json::Value> =
            current.home_location.as_array().cloned().unwrap_or_default();
        list.push(serde_json::to_value(entry).map_err(|e| AccountsError::Internal(e.into()))?);
        let skip = list.len().saturating_sub(HOME_LOCATIONS_KEPT);
        changes.home_location =
            Some(serde_json::Value::Array(list.into_iter().skip(skip).collect()));
    }
    let row = users::update_profile(&mut conn, me.user_id, &changes).await.map_err(|e| {
        if upcar_db::unique_violation(&e).is_some() { AccountsError::PhoneTaken } else { e.into() }
    })?;
    Ok(pb::UserReply {
        user: Some(user_reply(&mut conn, &row, state.clock.now().date_naive()).await?),
    })
}

fn car_id(id: &str) -> AccountsResult<Uuid> {
    id.trim().parse().map_err(|_| AccountsError::InvalidCarId)
}

async fn favourites_reply(
    state: &AppState,
    user: Uuid,
    message: &str,
) -> AccountsResult<pb::FavouritesReply> {
    let mut conn = state.conn().await?;
    let favourites = users::favourites_of(&mut conn, user)
        .await?
        .into_iter()
        .map(|(car, at)| pb::Favourite { car_id: car.to_string(), added_at: at.to_rfc3339() })
        .collect();
    Ok(pb::FavouritesReply { favourites, message: message.to_owned() })
}

/// Upper bound on favourites per user, held by the database (trigger `favourites_at_most_500`).
const FAVOURITES_CAP: &str = "favourites_at_most_500";

pub async fn add_favourite(
    state: &AppState,
    identity: Option<&Identity>,
    id: &str,
) -> AccountsResult<pb::FavouritesReply> {
    let me = require_user(identity)?;
    let car = car_id(id)?;
    let mut conn = state.conn().await?;
    users::add_favourite(&mut conn, me.user_id, car).await.map_err(|e| {
        if upcar_db::check_violation(&e) == Some(FAVOURITES_CAP) {
            AccountsError::TooManyFavourites
        } else {
            e.into()
        }
    })?;
    drop(conn);
    favourites_reply(state, me.user_id, "Car added to favourites").await
}

pub async fn remove_favourite(
    state: &AppState,
    identity: Option<&Identity>,
    id: &str,
) -> AccountsResult<pb::FavouritesReply> {
    let me = require_user(identity)?;
    let car = car_id(id)?;
    let mut conn = state.conn().await?;
    users::remove_favourite(&mut conn, me.user_id, car).await?;
    drop(conn);
    favourites_reply(state, me.user_id, "Car removed from favourites").await
}

pub async fn list_favourites(
    state: &AppState,
    identity: Option<&Identity>,
) -> AccountsResult<pb::FavouritesReply> {
    let me = require_user(identity)?;
    favourites_reply(state, me.user_id, "").await
}

pub async fn guest_reviews(state: &AppState, id: &str) -> AccountsResult<pb::GuestReviewsReply> {
    let id: Uuid = id.trim().parse().map_err(|_| AccountsError::UserNotFound)?;
    let mut conn = state.conn().await?;
    users::by_id(&mut conn, id).await?.ok_or(AccountsError::UserNotFound)?;
    let reviews = users::guest_reviews_of(&mut conn, id)
        .await?
        .into_iter()
        .map(|r| pb::GuestReview {
            from_user_profile_link: format!("/user-profile/{}", r.from_user_id),
            from_user_name: r.from_user_name,
            stars: r.stars,
            review: r.review,
            review_time: r.created_at.to_rfc3339(),
        })
        .collect();
    Ok(pb::GuestReviewsReply { reviews })
}

pub async fn capture_email(state: &AppState, email: &str, source: &str) -> AccountsResult<pb::Ack> {
    let email = Email::parse(email).map_err(|e| match e {
        EmailError::Missing => AccountsError::EmailRequired,
        EmailError::Invalid => AccountsError::EmailInvalid,
    })?;
    let mut conn = state.conn().await?;
    users::capture_email(&mut conn, email.as_str(), source).await?;
    let message = match source {
        "potential_user" => "Thanks! Your offer to save $50 on your first trip is on its way.",
        _ => "Email stored",
    };
    Ok(pb::Ack { status: true, message: message.to_owned() })
}

/// The caller's own invitation code (the invitation-code dialog): made on first ask, then the
/// same one with its uses so far.
pub async fn member_invitation_code(
    state: &AppState,
    identity: Option<&Identity>,
) -> AccountsResult<pb::MemberCodeReply> {
    use crate::domain::member_code;
    use crate::store::codes;
    let me = require_user(identity)?;
    let mut conn = state.conn().await?;
    // A new code may collide with a code that exists (then another is drawn), and two first
    // asks may race (the owner's unique index keeps one): read again after each insert.
    for _ in 0..5 {
        if let Some((code, uses, max)) = codes::member_code(&mut conn, me.user_id).await? {
            return Ok(pb::MemberCodeReply { code, uses, max_uses: max.unwrap_or(0) });
        }
        let code = member_code::generate();
        codes::insert_member_code(&mut conn, me.user_id, &code, member_code::MEMBER_CODE_USES)
            .await?;
    }
    Err(AccountsError::Internal(anyhow::anyhow!("no free invitation code after 5 draws")))
}
