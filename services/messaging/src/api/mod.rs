//! gRPC handlers: one file per resource, this file wires them to the generated service.

pub mod access;
pub mod messages;
pub mod rooms;
pub mod schedule;
pub mod tickets;

use crate::error::MessagingResult;
use crate::state::AppState;
use std::sync::Arc;
use tonic::{Request, Response, Status};
use upcar_identity::Identity;
use upcar_proto::messaging as pb;
use upcar_proto::messaging::messaging_server::Messaging;
use upcar_proto::messaging::support_server::Support;

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
    async fn get_messages(
        &self,
        r: Request<pb::GetMessagesRequest>,
    ) -> Result<Response<pb::MessagesReply>, Status> {
        call("GetMessages", r, async |who, b| messages::get_messages(&self.state, who, b).await)
            .await
    }
    async fn send_message(
        &self,
        r: Request<pb::SendMessageRequest>,
    ) -> Result<Response<pb::SendMessageReply>, Status> {
        call("SendMessage", r, async |who, b| messages::send_message(&self.state, who, b).await)
            .await
    }
    async fn typing(
        &self,
        r: Request<pb::TypingRequest>,
    ) -> Result<Response<pb::TypingReply>, Status> {
        call("Typing", r, async |who, b| messages::typing(&self.state, who, b).await).await
    }
    async fn mark_read(
        &self,
        r: Request<pb::MarkReadRequest>,
    ) -> Result<Response<pb::MarkReadReply>, Status> {
        call("MarkRead", r, async |who, b| messages::mark_read(&self.state, who, b).await).await
    }
    async fn read_channel(
        &self,
        r: Request<pb::ReadChannelRequest>,
    ) -> Result<Response<pb::ChannelReply>, Status> {
        call("ReadChannel", r, async |who, b| messages::read_channel(&self.state, who, b).await)
            .await
    }
    async fn get_trip_schedule(
        &self,
        r: Request<pb::TripScheduleRequest>,
    ) -> Result<Response<pb::TripScheduleReply>, Status> {
        call("GetTripSchedule", r, async |who, b| {
            schedule::get_trip_schedule(&self.state, who, b).await
        })
        .await
    }
}

#[tonic::async_trait]
impl Support for MessagingApi {
    async fn create_ticket(
        &self,
        r: Request<pb::CreateTicketRequest>,
    ) -> Result<Response<pb::TicketReply>, Status> {
        call("CreateTicket", r, async |who, b| tickets::create_ticket(&self.state, who, b).await)
            .await
    }
    async fn list_tickets(
        &self,
        r: Request<pb::ListTicketsRequest>,
    ) -> Result<Response<pb::TicketsReply>, Status> {
        call("ListTickets", r, async |who, b| tickets::list_tickets(&self.state, who, b).await)
            .await
    }
    async fn get_ticket(
        &self,
        r: Request<pb::TicketIdRequest>,
    ) -> Result<Response<pb::TicketReply>, Status> {
        call("GetTicket", r, async |who, b| tickets::get_ticket(&self.state, who, b).await).await
    }
    async fn update_ticket(
        &self,
        r: Request<pb::UpdateTicketRequest>,
    ) -> Result<Response<pb::TicketReply>, Status> {
        call("UpdateTicket", r, async |who, b| tickets::update_ticket(&self.state, who, b).await)
            .await
    }
    async fn get_ticket_messages(
        &self,
        r: Request<pb::TicketMessagesRequest>,
    ) -> Result<Response<pb::TicketMessagesReply>, Status> {
        call("GetTicketMessages", r, async |who, b| {
            tickets::get_ticket_messages(&self.state, who, b).await
        })
        .await
    }
    async fn send_ticket_message(
        &self,
        r: Request<pb::SendTicketMessageRequest>,
    ) -> Result<Response<pb::SendMessageReply>, Status> {
        call("SendTicketMessage", r, async |who, b| {
            tickets::send_ticket_message(&self.state, who, b).await
        })
        .await
    }
}
