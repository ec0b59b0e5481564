//! Scheduled message templates (spec 001 section 7, Scheduled messages): each user's own, the
//! product's defaults on their first read; created, changed, enabled or disabled, deleted.
//! The rules are `hosting_domain::scheduled`'s; sending them belongs to messaging.

use crate::api::host;
use crate::error::{HostingError, HostingResult};
use crate::state::AppState;
use chrono::{DateTime, SecondsFormat, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{Bool, Integer, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use hosting_domain::policy::MAX_TEMPLATES;
use hosting_domain::scheduled::{Template, TemplateInput, Trigger, defaults};
use upcar_identity::Identity;
use upcar_proto::events::{MessageTemplatesChanged, ScheduledTemplate};
use upcar_proto::hosting as pb;
use uuid::Uuid;

#[derive(Debug, Clone, QueryableByName)]
struct Row {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    message: String,
    #[diesel(sql_type = Text)]
    trigger: String,
    #[diesel(sql_type = Integer)]
    offset_hours: i32,
    #[diesel(sql_type = Bool)]
    enabled: bool,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    updated_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, name, message, trigger, offset_hours, enabled, created_at, updated_at";

impl Row {
    fn template(&self) -> HostingResult<Template> {
        Ok(Template {
            name: self.name.clone(),
            message: self.message.clone(),
            trigger: Trigger::parse(&self.trigger)?,
            offset_hours: u32::try_from(self.offset_hours).unwrap_or(0),
            enabled: self.enabled,
        })
    }

    fn view(&self) -> pb::MessageTemplate {
        let at = |t: DateTime<Utc>| t.to_rfc3339_opts(SecondsFormat::Millis, true);
        pb::MessageTemplate {
            id: self.id.to_string(),
            name: self.name.clone(),
            message: self.message.clone(),
            trigger: self.trigger.clone(),
            offset_hours: self.offset_hours,
            enabled: self.enabled,
            created_at: at(self.created_at),
            updated_at: at(self.updated_at),
        }
    }
}

fn template_id(s: &str) -> HostingResult<Uuid> {
    s.trim().parse().map_err(|_| HostingError::TemplateNotFound)
}

async fn insert(
    c: &mut AsyncPgConnection,
    owner: Uuid,
    t: &Template,
    at: DateTime<Utc>,
) -> HostingResult<Row> {
    Ok(diesel::sql_query(format!(
        "INSERT INTO message_templates (id, host_id, name, message, trigger, offset_hours, enabled, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING {COLUMNS}"
    ))
    .bind::<SqlUuid, _>(Uuid::now_v7())
    .bind::<SqlUuid, _>(owner)
    .bind::<Text, _>(&t.name)
    .bind::<Text, _>(&t.message)
    .bind::<Text, _>(t.trigger.as_str())
    .bind::<Integer, _>(i32::try_from(t.offset_hours).unwrap_or(0))
    .bind::<Bool, _>(t.enabled)
    .bind::<Timestamptz, _>(at)
    .get_result(c)
    .await?)
}

/// The owner's templates, oldest first; the defaults are written on the first read.
async fn all(
    c: &mut AsyncPgConnection,
    owner: Uuid,
    now: DateTime<Utc>,
) -> HostingResult<Vec<Row>> {
    let seeded = diesel::sql_query(
        "INSERT INTO message_template_seeds (host_id) VALUES ($1) ON CONFLICT DO NOTHING",
    )
    .bind::<SqlUuid, _>(owner)
    .execute(c)
    .await?;
    if seeded == 1 {
        for (i, t) in defaults().iter().enumerate() {
            // A microsecond apart: the defaults keep their order.
            let at = now + chrono::Duration::microseconds(i64::try_from(i).unwrap_or(0));
            insert(c, owner, t, at).await?;
        }
        publish(c, owner, now).await?;
    }
    Ok(diesel::sql_query(format!(
        "SELECT {COLUMNS} FROM message_templates WHERE host_id = $1 ORDER BY created_at, id"
    ))
    .bind::<SqlUuid, _>(owner)
    .load(c)
    .await?)
}

#[derive(QueryableByName)]
struct Version {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    version: i64,
}

/// Publishes the owner's templates whole (`hosting.message_templates_changed`) with the next
/// version, in the transaction of the change, so messaging sends what the host has now.
async fn publish(c: &mut AsyncPgConnection, owner: Uuid, now: DateTime<Utc>) -> HostingResult<()> {
    let v: Version = diesel::sql_query(
        "INSERT INTO message_template_seeds (host_id) VALUES ($1) \
         ON CONFLICT (host_id) DO UPDATE SET version = message_template_seeds.version + 1 \
         RETURNING version",
    )
    .bind::<SqlUuid, _>(owner)
    .get_result(c)
    .await?;
    let rows: Vec<Row> = diesel::sql_query(format!(
        "SELECT {COLUMNS} FROM message_templates WHERE host_id = $1 ORDER BY created_at, id"
    ))
    .bind::<SqlUuid, _>(owner)
    .load(c)
    .await?;
    let event = MessageTemplatesChanged {
        host_id: owner.to_string(),
        version: v.version,
        templates: rows
            .iter()
            .map(|r| ScheduledTemplate {
                template_id: r.id.to_string(),
                name: r.name.clone(),
                message: r.message.clone(),
                trigger: r.trigger.clone(),
                offset_hours: r.offset_hours,
                enabled: r.enabled,
            })
            .collect(),
        occurred_at: now.to_rfc3339_opts(SecondsFormat::Millis, true),
    };
    upcar_events::enqueue(c, &event).await?;
    Ok(())
}

/// One of the owner's templates, locked when `lock`; anyone else's is not found.
async fn one(c: &mut AsyncPgConnection, owner: Uuid, id: Uuid, lock: bool) -> HostingResult<Row> {
    let rows: Vec<Row> = diesel::sql_query(format!(
        "SELECT {COLUMNS} FROM message_templates WHERE id = $1 AND host_id = $2{}",
        if lock { " FOR UPDATE" } else { "" }
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(owner)
    .load(c)
    .await?;
    rows.into_iter().next().ok_or(HostingError::TemplateNotFound)
}

fn input(w: &pb::TemplateWrite) -> TemplateInput<'_> {
    TemplateInput {
        name: w.name.as_deref(),
        message: w.message.as_deref(),
        trigger: w.trigger.as_deref(),
        offset_hours: w.offset_hours,
        enabled: w.enabled,
    }
}

/// `scheduledMessage/getAllTemplates`.
pub async fn list(state: &AppState, who: Option<Identity>) -> HostingResult<pb::TemplatesReply> {
    let who = host(who)?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let rows =
        conn.transaction::<_, HostingError, _>(async |c| all(c, who.user_id, now).await).await?;
    // The first read wrote and published the defaults.
    state.relay.wake();
    Ok(pb::TemplatesReply { templates: rows.iter().map(Row::view).collect() })
}

/// `scheduledMessage/getTemplate/{id}`.
pub async fn get(
    state: &AppState,
    who: Option<Identity>,
    r: pb::TemplateIdRequest,
) -> HostingResult<pb::TemplateReply> {
    let who = host(who)?;
    let id = template_id(&r.template_id)?;
    let mut conn = state.conn().await?;
    let row = one(&mut conn, who.user_id, id, false).await?;
    Ok(pb::TemplateReply { template: Some(row.view()) })
}

/// `scheduledMessage/createTemplate`: name, message and trigger required.
pub async fn create(
    state: &AppState,
    who: Option<Identity>,
    w: pb::TemplateWrite,
) -> HostingResult<pb::TemplateReply> {
    let who = host(who)?;
    let t = Template::apply(None, &input(&w))?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let row = conn
        .transaction::<_, HostingError, _>(async |c| {
            if all(c, who.user_id, now).await?.len() >= MAX_TEMPLATES {
                return Err(HostingError::TooManyTemplates);
            }
            let row = insert(c, who.user_id, &t, now).await?;
            publish(c, who.user_id, now).await?;
            Ok(row)
        })
        .await?;
    state.relay.wake();
    Ok(pb::TemplateReply { template: Some(row.view()) })
}

/// `scheduledMessage/updateTemplate/{id}` and `updateEnabledStatus/{id}`: the fields sent
/// change, the template is checked whole.
pub async fn update(
    state: &AppState,
    who: Option<Identity>,
    w: pb::TemplateWrite,
) -> HostingResult<pb::TemplateReply> {
    let who = host(who)?;
    if w.enabled_required && w.enabled.is_none() {
        return Err(hosting_domain::scheduled::TemplateError::EnabledRequired.into());
    }
    let id = template_id(&w.template_id)?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let row = conn
        .transaction::<_, HostingError, _>(async |c| {
            let current = one(c, who.user_id, id, true).await?;
            let t = Template::apply(Some(&current.template()?), &input(&w))?;
            let row = diesel::sql_query(format!(
                "UPDATE message_templates SET name = $2, message = $3, trigger = $4, offset_hours = $5, \
                   enabled = $6, updated_at = $7 WHERE id = $1 RETURNING {COLUMNS}"
            ))
            .bind::<SqlUuid, _>(id)
            .bind::<Text, _>(&t.name)
            .bind::<Text, _>(&t.message)
            .bind::<Text, _>(t.trigger.as_str())
            .bind::<Integer, _>(i32::try_from(t.offset_hours).unwrap_or(0))
            .bind::<Bool, _>(t.enabled)
            .bind::<Timestamptz, _>(now)
            .get_result::<Row>(c)
            .await?;
            publish(c, who.user_id, now).await?;
            Ok(row)
        })
        .await?;
    state.relay.wake();
    Ok(pb::TemplateReply { template: Some(row.view()) })
}

/// `scheduledMessage/delete/{id}`.
pub async fn delete(
    state: &AppState,
    who: Option<Identity>,
    r: pb::TemplateIdRequest,
) -> HostingResult<pb::DeleteTemplateReply> {
    let who = host(who)?;
    let id = template_id(&r.template_id)?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    conn.transaction::<_, HostingError, _>(async |c| {
        let n = diesel::sql_query("DELETE FROM message_templates WHERE id = $1 AND host_id = $2")
            .bind::<SqlUuid, _>(id)
            .bind::<SqlUuid, _>(who.user_id)
            .execute(c)
            .await?;
        if n == 0 {
            return Err(HostingError::TemplateNotFound);
        }
        publish(c, who.user_id, now).await
    })
    .await?;
    state.relay.wake();
    Ok(pb::DeleteTemplateReply { message: "Template deleted".to_owned() })
}
