//! Driver licence front, back, selfie and insurance documents.

use super::convert;
use crate::domain::license::{License, LicenseForm};
use crate::error::{AccountsError, AccountsResult};
use crate::state::{AppState, require_user};
use crate::store::users::{self, DocumentSlot};
use diesel_async::AsyncConnection;
use upcar_identity::Identity;
use upcar_proto::accounts as pb;
use upcar_proto::events::DriverDocumentsCompleted;

fn slot(kind: &str) -> AccountsResult<DocumentSlot> {
    match kind.trim() {
        "dl" | "dlFront" => Ok(DocumentSlot::DlFront),
        "dlBackSide" | "dlBack" => Ok(DocumentSlot::DlBack),
        "selfie" => Ok(DocumentSlot::Selfie),
        "insurance" => Ok(DocumentSlot::Insurance),
        _ => Err(AccountsError::DocumentTypeInvalid),
    }
}

pub async fn record(
    state: &AppState,
    identity: Option<&Identity>,
    req: pb::RecordDriverDocumentRequest,
) -> AccountsResult<pb::DriverDocumentsReply> {
    let me = require_user(identity)?;
    let slot = slot(&req.document_type)?;
    // Files are stored under the owner's folder; a key elsewhere is someone else's file.
    let prefix = format!("private/users/{}/", me.user_id);
    if !req.storage_key.starts_with(&prefix) || req.storage_key.contains("..") {
        return Err(AccountsError::DocumentKeyNotYours);
    }
    let user_id = me.user_id;
    let mut conn = state.conn().await?;
    let row = conn
        .transaction::<users::DocumentsRow, AccountsError, _>(async |conn| {
            let before = users::documents_of(conn, user_id).await?;
            let was_complete = convert::documents(before.as_ref()).is_driver_verified;
            let row = users::set_document(conn, user_id, slot, &req.storage_key).await?;
            if !was_complete && convert::documents(Some(&row)).is_driver_verified {
                upcar_events::enqueue(
                    conn,
                    &DriverDocumentsCompleted {
                        user_id: user_id.to_string(),
                        occurred_at: state.clock.now().to_rfc3339(),
                    },
                )
                .await?;
            }
            Ok(row)
        })
        .await?;
    state.relay.wake();
    Ok(convert::documents(Some(&row)))
}

pub async fn get(
    state: &AppState,
    identity: Option<&Identity>,
) -> AccountsResult<pb::DriverDocumentsReply> {
    let me = require_user(identity)?;
    let mut conn = state.conn().await?;
    let docs = users::documents_of(&mut conn, me.user_id).await?;
    Ok(convert::documents(docs.as_ref()))
}

pub async fn check(
    state: &AppState,
    identity: Option<&Identity>,
) -> AccountsResult<pb::DriverDocumentsReply> {
    let reply = get(state, identity).await?;
    if reply.is_driver_verified { Ok(reply) } else { Err(AccountsError::DocumentsIncomplete) }
}

/// The caller's licence details (the spec's driver form).
pub async fn get_license(
    state: &AppState,
    identity: Option<&Identity>,
) -> AccountsResult<pb::DriverLicense> {
    let me = require_user(identity)?;
    let mut conn = state.conn().await?;
    let user = users::by_id(&mut conn, me.user_id).await?.ok_or(AccountsError::UserNotFound)?;
    let docs = users::documents_of(&mut conn, me.user_id).await?;
    Ok(convert::license(&user, docs.as_ref()))
}

/// Keeps the caller's licence details, checked on today's date, and its date of birth.
pub async fn set_license(
    state: &AppState,
    identity: Option<&Identity>,
    r: pb::DriverLicense,
) -> AccountsResult<pb::DriverLicense> {
    let me = require_user(identity)?;
    let form = LicenseForm {
        first_name: &r.first_name,
        last_name: &r.last_name,
        license_number: &r.license_number,
        expiration_date: &r.expiration_date,
        issue_date: &r.issue_date,
        dob: &r.dob,
    };
    let license = License::parse(&form, state.clock.now().date_naive())?;
    let mut conn = state.conn().await?;
    let user_id = me.user_id;
    let (user, docs) = conn
        .transaction::<_, AccountsError, _>(async |c| {
            let docs = users::set_license(c, user_id, &license).await?;
            let user = users::by_id(c, user_id).await?.ok_or(AccountsError::UserNotFound)?;
            Ok((user, docs))
        })
        .await?;
    Ok(convert::license(&user, Some(&docs)))
}

/// Each named user's date of birth and licence expiry (trips' eligibility checks).
pub async fn driver_facts(
    state: &AppState,
    identity: Option<&Identity>,
    r: pb::DriverFactsRequest,
) -> AccountsResult<pb::DriverFactsReply> {
    require_user(identity)?;
    let ids = r
        .user_ids
        .iter()
        .map(|id| id.parse::<uuid::Uuid>().map_err(|_| AccountsError::InvalidUserId))
        .collect::<Result<Vec<_>, _>>()?;
    let mut conn = state.conn().await?;
    let day = |v: Option<chrono::NaiveDate>| v.map(|d| d.to_string()).unwrap_or_default();
    let drivers = users::driver_facts(&mut conn, &ids)
        .await?
        .into_iter()
        .map(|(id, dob, expires)| pb::DriverFacts {
            user_id: id.to_string(),
            dob: day(dob),
            license_expiration_date: day(expires),
        })
        .collect();
    Ok(pb::DriverFactsReply { drivers })
}
