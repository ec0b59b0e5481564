//! gRPC handlers: one file per resource, this file wires them to the generated service.

pub mod ingest;
pub mod read;

use crate::error::{ActivityError, ActivityResult};
use crate::state::AppState;
use std::sync::Arc;
use tonic::{Request, Response, Status};
use upcar_identity::{Identity, Role};
use upcar_proto::activity as pb;
use upcar_proto::activity::activity_server::Activity;

/// The generated service's implementation.
#[derive(Clone)]
pub struct ActivityApi {
    state: Arc<AppState>,
}

impl ActivityApi {
    /// Wraps the shared state.
    pub fn new(state: Arc<AppState>) -> Self {
        Self { state }
    }
}

async fn call<T, R, F>(method: &'static str, req: Request<T>, f: F) -> Result<Response<R>, Status>
where
    F: AsyncFnOnce(Option<Identity>, T) -> ActivityResult<R>,
{
    upcar_identity::serve(method, req, f).await
}

/// The caller, who must be an admin.
fn admin(who: Option<Identity>) -> ActivityResult<Identity> {
    let who = who.ok_or(ActivityError::SignInRequired)?;
    if who.role != Role::Admin {
        return Err(ActivityError::AdminOnly);
    }
    Ok(who)
}

#[tonic::async_trait]
impl Activity for ActivityApi {
    async fn ingest(
        &self,
        r: Request<pb::IngestRequest>,
    ) -> Result<Response<pb::IngestReply>, Status> {
        call("Ingest", r, async |who, b| ingest::ingest(&self.state, who, b).await).await
    }
    async fn list_activities(
        &self,
        r: Request<pb::ListActivitiesRequest>,
    ) -> Result<Response<pb::ListActivitiesReply>, Status> {
        call("ListActivities", r, async |who, b| read::list(&self.state, admin(who)?, b).await)
            .await
    }
    async fn analytics(
        &self,
        r: Request<pb::AnalyticsRequest>,
    ) -> Result<Response<pb::AnalyticsReply>, Status> {
        call("Analytics", r, async |who, b| read::analytics(&self.state, admin(who)?, b).await)
            .await
    }
    async fn journey(
        &self,
        r: Request<pb::JourneyRequest>,
    ) -> Result<Response<pb::JourneyReply>, Status> {
        call("Journey", r, async |who, b| read::journey(&self.state, admin(who)?, b).await).await
    }
    async fn list_types(
        &self,
        r: Request<pb::TypesRequest>,
    ) -> Result<Response<pb::TypesReply>, Status> {
        call("ListTypes", r, async |who, _| {
            who.ok_or(ActivityError::SignInRequired)?;
            Ok(read::types())
        })
        .await
    }
}
