//! gRPC handlers: one file per resource, this file wires them to the generated service.

pub mod rooms;

use crate::error::MessagingResult;
use crate::state::AppState;
use std::sync::Arc;
use tonic::{Request, Response, Status};
use upcar_identity::Identity;
use upcar_proto::messaging as pb;
use upcar_proto::messaging::messaging_server::Messaging;

/// The generated service's implementation.
#[derive(Clone)]
pub struct MessagingApi {
    state: Arc<AppState>,
}

impl MessagingApi {
    /// Wraps the shared state.
    pub fn new(state: Arc<AppState>) -> Self {
        Self { state }
    }
}

async fn call<T, R, F>(method: &'static str, req: Request<T>, f: F) -> Result<Response<R>, Status>
where
    F: AsyncFnOnce(Option<Identity>, T) -> MessagingResult<R>,
{
    upcar_identity::serve(method, req, f).await
}

#[tonic::async_trait]
impl Messaging for MessagingApi {
    async fn list_rooms(
        &self,
        r: Request<pb::ListRoomsRequest>,
    ) -> Result<Response<pb::ListRoomsReply>, Status> {
        call("ListRooms", r, async |who, b| rooms::list_rooms(&self.state, who, b).await).await
    }
    async fn get_room(
        &self,
        r: Request<pb::GetRoomRequest>,
    ) -> Result<Response<pb::RoomReply>, Status> {
        call("GetRoom", r, async |who, b| rooms::get_room(&self.state, who, b).await).await
    }
}
