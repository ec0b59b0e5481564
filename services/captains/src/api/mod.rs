//! gRPC handlers.

pub mod tasks;

use crate::error::CaptainsResult;
use crate::state::AppState;
use std::sync::Arc;
use tonic::{Request, Response, Status};
use upcar_identity::Identity;
use upcar_proto::captains as pb;
use upcar_proto::captains::captains_server::Captains;

/// The generated service's implementation.
#[derive(Clone)]
pub struct CaptainsApi {
    state: Arc<AppState>,
}

impl CaptainsApi {
    /// Wraps the shared state.
    pub fn new(state: Arc<AppState>) -> Self {
        Self { state }
    }
}

async fn call<T, R, F>(method: &'static str, req: Request<T>, f: F) -> Result<Response<R>, Status>
where
    F: AsyncFnOnce(Option<Identity>, T) -> CaptainsResult<R>,
{
    upcar_identity::serve(method, req, f).await
}

#[tonic::async_trait]
impl Captains for CaptainsApi {
    async fn list_tasks(
        &self,
        r: Request<pb::ListTasksRequest>,
    ) -> Result<Response<pb::TasksReply>, Status> {
        call("ListTasks", r, async |i, b| tasks::list(&self.state, i.as_ref(), &b.date).await).await
    }
    async fn get_task(
        &self,
        r: Request<pb::TaskIdRequest>,
    ) -> Result<Response<pb::TaskReply>, Status> {
        call("GetTask", r, async |i, b| tasks::get(&self.state, i.as_ref(), &b.task_id).await).await
    }
    async fn update_task(
        &self,
        r: Request<pb::UpdateTaskRequest>,
    ) -> Result<Response<pb::TaskReply>, Status> {
        call("UpdateTask", r, async |i, b| tasks::update(&self.state, i.as_ref(), b).await).await
    }
    async fn get_trip_tasks(
        &self,
        r: Request<pb::TripTasksRequest>,
    ) -> Result<Response<pb::TripTasksReply>, Status> {
        call("GetTripTasks", r, async |i, b| {
            tasks::for_trip(&self.state, i.as_ref(), &b.trip_id).await
        })
        .await
    }
}
