//! The `Support` service: tickets of the help page, their admin handling, and the conversation
//! of each between its signed-in creator and support.

use super::access::caller;
use super::messages::rfc3339;
use crate::domain::{
    Channel, DEFAULT_TICKETS_PAGE, MAX_TICKETS_PAGE, MessageDraft, Priority, Requester,
    SUPPORT_PAGE, SUPPORT_TEAM, Status, TicketDraft, display_name, messages_limit, parse_assignee,
};
use crate::error::{MessagingError, MessagingResult};
use crate::state::AppState;
use crate::store::tickets::{self, Filter, NewTicketMessage, TicketMessageRow, TicketRow};
use diesel_async::AsyncConnection;
use upcar_identity::{Identity, Role};
use upcar_proto::messaging as pb;
use uuid::Uuid;

/// A priority on the wire.
fn wire_priority(p: Priority) -> pb::TicketPriority {
    match p {
        Priority::Low => pb::TicketPriority::Low,
        Priority::Medium => pb::TicketPriority::Medium,
        Priority::High => pb::TicketPriority::High,
        Priority::Urgent => pb::TicketPriority::Urgent,
    }
}

/// A status on the wire.
fn wire_status(s: Status) -> pb::TicketStatus {
    match s {
        Status::Pending => pb::TicketStatus::Pending,
        Status::InProgress => pb::TicketStatus::InProgress,
        Status::Resolved => pb::TicketStatus::Resolved,
        Status::Closed => pb::TicketStatus::Closed,
    }
}

fn ticket_of(r: &TicketRow) -> pb::Ticket {
    pb::Ticket {
        id: r.id.to_string(),
        name: r.name.clone(),
        email: r.email.clone(),
        title: r.title.clone(),
        description: r.description.clone(),
        priority: Priority::parse(&r.priority)
            .map_or(pb::TicketPriority::Unspecified, wire_priority) as i32,
        status: Status::parse(&r.status).map_or(pb::TicketStatus::Unspecified, wire_status) as i32,
        assigned_to: r.assigned_to.clone(),
        created_by: r.created_by.map(|u| u.to_string()).unwrap_or_default(),
        source: r.source.clone(),
        last_seq: r.last_seq,
        created_at: rfc3339(r.created_at),
        updated_at: rfc3339(r.updated_at),
    }
}

/// A ticket message as the API answers it (its `room_id` is the ticket's id).
pub fn ticket_message_of(r: &TicketMessageRow) -> pb::Message {
    pb::Message {
        id: r.id.to_string(),
        room_id: r.ticket_id.to_string(),
        seq: r.seq,
        sender_id: r.sender_id.to_string(),
        sender_type: r.sender_type.clone(),
        message: r.body.clone(),
        image_urls: r.image_urls.clone(),
        timestamp: rfc3339(r.created_at),
        masked: false,
    }
}

fn is_admin(who: &Identity) -> bool {
    who.role == Role::Admin
}

fn ticket_id(s: &str) -> MessagingResult<Uuid> {
    let s = s.trim();
    if s.is_empty() {
        return Err(MessagingError::TicketIdRequired);
    }
    s.parse().map_err(|_| MessagingError::TicketNotFound)
}

/// The ticket `id` if `who` may read it: its creator or an admin.
pub async fn ticket_for(
    conn: &mut diesel_async::AsyncPgConnection,
    who: &Identity,
    id: Uuid,
) -> MessagingResult<TicketRow> {
    tickets::by_id(conn, id)
        .await?
        .filter(|t| is_admin(who) || t.created_by == Some(who.user_id))
        .ok_or(MessagingError::TicketNotFound)
}

/// The signed-in caller's name and email, from their profile.
async fn requester(state: &AppState, who: &Identity) -> MessagingResult<Requester> {
    let req = upcar_identity::outgoing(
        upcar_proto::accounts::IdRequest { id: who.user_id.to_string() },
        Some(who),
    );
    let user = state
        .accounts
        .clone()
        .get_user(req)
        .await
        .map_err(|s| {
            MessagingError::ProfilesUnavailable(anyhow::anyhow!(
                "GetUser: {:?} {}",
                s.code(),
                s.message()
            ))
        })?
        .into_inner()
        .user
        .unwrap_or_default();
    Ok(Requester::SignedIn {
        name: display_name(&user.first_name, &user.last_name),
        email: user.email,
    })
}

fn or_default<T>(
    s: &str,
    parse: impl Fn(&str) -> Result<T, crate::domain::TicketError>,
    default: T,
) -> MessagingResult<T> {
    if s.trim().is_empty() { Ok(default) } else { Ok(parse(s)?) }
}

/// Files a ticket.
pub async fn create_ticket(
    state: &AppState,
    who: Option<Identity>,
    req: pb::CreateTicketRequest,
) -> MessagingResult<pb::TicketReply> {
    let requester = match &who {
        Some(w) => requester(state, w).await?,
        None => Requester::Anonymous,
    };
    let draft =
        TicketDraft::parse(&requester, &req.name, &req.email, &req.title, &req.description)?;
    // Only support chooses how a ticket is handled; everyone else gets the spec's defaults.
    let admin = who.as_ref().is_some_and(is_admin);
    let (priority, status, assigned_to, source) = if admin {
        (
            or_default(&req.priority, Priority::parse, Priority::High)?,
            or_default(&req.status, Status::parse, Status::Pending)?,
            parse_assignee(&req.assigned_to)?,
            match req.source.trim() {
                "" => SUPPORT_PAGE.to_owned(),
                s => s.chars().take(40).collect(),
            },
        )
    } else {
        (Priority::High, Status::Pending, SUPPORT_TEAM.to_owned(), SUPPORT_PAGE.to_owned())
    };
    let now = state.clock.now();
    let row = TicketRow {
        id: Uuid::now_v7(),
        name: draft.name,
        email: draft.email,
        title: draft.title,
        description: draft.description,
        priority: priority.as_str().to_owned(),
        status: status.as_str().to_owned(),
        assigned_to,
        created_by: who.as_ref().map(|w| w.user_id),
        source,
        last_seq: 0,
        created_at: now,
        updated_at: now,
    };
    let mut conn = state.conn().await?;
    tickets::insert(&mut conn, &row).await?;
    Ok(pb::TicketReply { ticket: Some(ticket_of(&row)) })
}

/// A page of tickets: every ticket for admins (filtered), the caller's own for anyone else.
pub async fn list_tickets(
    state: &AppState,
    who: Option<Identity>,
    req: pb::ListTicketsRequest,
) -> MessagingResult<pb::TicketsReply> {
    let who = caller(who)?;
    let limit = req.limit.unwrap_or(DEFAULT_TICKETS_PAGE);
    if !(1..=MAX_TICKETS_PAGE).contains(&limit) {
        return Err(MessagingError::InvalidTicketsLimit);
    }
    let page = req.page.unwrap_or(1);
    if page < 1 {
        return Err(MessagingError::Page(crate::domain::PageError::Page));
    }
    let filter = Filter {
        status: match req.status.trim() {
            "" => None,
            s => Some(Status::parse(s)?.as_str().to_owned()),
        },
        priority: match req.priority.trim() {
            "" => None,
            s => Some(Priority::parse(s)?.as_str().to_owned()),
        },
        assigned_to: match req.assigned_to.trim() {
            "" => None,
            s => Some(parse_assignee(s)?),
        },
        created_by: (!is_admin(&who)).then_some(who.user_id),
    };
    let offset = (i64::from(page) - 1) * i64::from(limit);
    let mut conn = state.conn().await?;
    let (rows, total) = tickets::list(&mut conn, &filter, i64::from(limit), offset).await?;
    let num_pages =
        i32::try_from((total + i64::from(limit) - 1) / i64::from(limit)).unwrap_or(i32::MAX);
    Ok(pb::TicketsReply {
        tickets: rows.iter().map(ticket_of).collect(),
        total,
        page,
        limit,
        num_pages,
    })
}

/// One ticket, for its creator or an admin.
pub async fn get_ticket(
    state: &AppState,
    who: Option<Identity>,
    req: pb::TicketIdRequest,
) -> MessagingResult<pb::TicketReply> {
    let who = caller(who)?;
    let id = ticket_id(&req.id)?;
    let mut conn = state.conn().await?;
    let row = ticket_for(&mut conn, &who, id).await?;
    Ok(pb::TicketReply { ticket: Some(ticket_of(&row)) })
}

/// Changes a ticket's status, priority or assignee (admins); the change is logged with it.
pub async fn update_ticket(
    state: &AppState,
    who: Option<Identity>,
    req: pb::UpdateTicketRequest,
) -> MessagingResult<pb::TicketReply> {
    let who = caller(who)?;
    if !is_admin(&who) {
        return Err(MessagingError::AdminOnly);
    }
    let id = ticket_id(&req.id)?;
    let status = req.status.as_deref().map(Status::parse).transpose()?;
    let priority = req.priority.as_deref().map(Priority::parse).transpose()?;
    let assignee = req.assigned_to.as_deref().map(parse_assignee).transpose()?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let row = conn
        .transaction::<_, MessagingError, _>(async |c| {
            let before = tickets::by_id(c, id).await?.ok_or(MessagingError::TicketNotFound)?;
            let current = Status::parse(&before.status)?;
            let status = match status {
                Some(s) => current.change_to(s)?,
                None => current,
            };
            let priority = priority.map_or(before.priority.clone(), |p| p.as_str().to_owned());
            let assigned = assignee.clone().unwrap_or_else(|| before.assigned_to.clone());
            let after = tickets::update(c, id, status.as_str(), &assigned, now).await?;
            let after = if priority != before.priority {
                use crate::store::schema::support_tickets::dsl as t;
                use diesel::prelude::*;
                use diesel_async::RunQueryDsl;
                diesel::update(t::support_tickets.find(id))
                    .set(t::priority.eq(&priority))
                    .returning(TicketRow::as_returning())
                    .get_result(c)
                    .await?
            } else {
                after
            };
            let details = serde_json::json!({
                "from": {"status": before.status, "priority": before.priority, "assignedTo": before.assigned_to},
                "to": {"status": after.status, "priority": after.priority, "assignedTo": after.assigned_to},
            });
            tickets::log_action(c, who.user_id, "ticket_updated", id, details, now).await?;
            Ok(after)
        })
        .await?;
    Ok(pb::TicketReply { ticket: Some(ticket_of(&row)) })
}

/// A ticket's conversation after `since`, for its creator or an admin.
pub async fn get_ticket_messages(
    state: &AppState,
    who: Option<Identity>,
    req: pb::TicketMessagesRequest,
) -> MessagingResult<pb::TicketMessagesReply> {
    let who = caller(who)?;
    let id = ticket_id(&req.id)?;
    if req.since < 0 {
        return Err(MessagingError::InvalidSince);
    }
    let limit = messages_limit(req.limit)?;
    let mut conn = state.conn().await?;
    let ticket = ticket_for(&mut conn, &who, id).await?;
    let (rows, has_more) = tickets::messages_after(&mut conn, id, req.since, limit).await?;
    Ok(pb::TicketMessagesReply {
        last_seq: ticket.last_seq.max(rows.last().map_or(0, |r| r.seq)),
        messages: rows.iter().map(ticket_message_of).collect(),
        has_more,
    })
}

/// Adds a message to a ticket's conversation (its creator or support) and sends it to the
/// ticket's channel. A closed ticket takes no more messages.
pub async fn send_ticket_message(
    state: &AppState,
    who: Option<Identity>,
    req: pb::SendTicketMessageRequest,
) -> MessagingResult<pb::SendMessageReply> {
    let who = caller(who)?;
    let id = ticket_id(&req.id)?;
    let draft = MessageDraft::parse(&req.message, &req.image_urls, &req.client_key)?;
    let mut conn = state.conn().await?;
    let ticket = ticket_for(&mut conn, &who, id).await?;
    if ticket.status == Status::Closed.as_str() {
        return Err(MessagingError::Ticket(crate::domain::TicketError::Closed));
    }
    let sender_type = if ticket.created_by == Some(who.user_id) { "user" } else { "support" };
    let existing = |row: TicketMessageRow| {
        if row.body == draft.text && row.image_urls == draft.image_urls {
            Ok(pb::SendMessageReply {
                message: Some(ticket_message_of(&row)),
                created: false,
                notice: String::new(),
            })
        } else {
            Err(MessagingError::KeyReused)
        }
    };
    if let Some(key) = &draft.client_key
        && let Some(row) = tickets::message_by_key(&mut conn, id, who.user_id, key).await?
    {
        return existing(row);
    }
    let msg = NewTicketMessage {
        id: Uuid::now_v7(),
        ticket_id: id,
        sender_id: who.user_id,
        sender_type,
        body: draft.text.clone(),
        image_urls: draft.image_urls.clone(),
        client_key: draft.client_key.clone(),
        created_at: state.clock.now(),
    };
    let row = match tickets::insert_message(&mut conn, &msg).await {
        Ok(row) => row,
        Err(diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            _,
        )) if draft.client_key.is_some() => {
            let key = draft.client_key.as_deref().unwrap_or_default();
            let row = tickets::message_by_key(&mut conn, id, who.user_id, key)
                .await?
                .ok_or(MessagingError::TicketNotFound)?;
            return existing(row);
        }
        Err(e) => return Err(e.into()),
    };
    drop(conn);
    let message = ticket_message_of(&row);
    state
        .realtime
        .publish(Channel::Support(id), pb::realtime_event::Event::Message(message.clone()))
        .await;
    Ok(pb::SendMessageReply { message: Some(message), created: true, notice: String::new() })
}

/// For the socket: whether `who` may follow a ticket's channel, and its messages after `since`.
pub async fn read_ticket_channel(
    state: &AppState,
    who: &Identity,
    id: Uuid,
    since: i64,
    limit: i64,
) -> MessagingResult<pb::ChannelReply> {
    let mut conn = state.conn().await?;
    let ticket = ticket_for(&mut conn, who, id).await.map_err(|_| MessagingError::RoomNotFound)?;
    let (rows, has_more) = tickets::messages_after(&mut conn, id, since, limit).await?;
    Ok(pb::ChannelReply {
        last_seq: ticket.last_seq.max(rows.last().map_or(0, |r| r.seq)),
        messages: rows.iter().map(ticket_message_of).collect(),
        has_more,
    })
}
