//! Driver licence front, back, selfie and insurance documents.

use super::convert;
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
