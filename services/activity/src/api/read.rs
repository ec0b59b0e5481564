//! The admin reads (`GET activity`, `activity/analytics`, `activity/journey`) and the types
//! any signed-in user may read.

use crate::domain::catalogue::{FUNNEL, TYPES, funnel_step};
use crate::domain::{DateRange, Name, Page};
use crate::error::{ActivityError, ActivityResult};
use crate::state::AppState;
use crate::store::read::{self, ActivityRow, Column, Filters};
use chrono::SecondsFormat;
use std::collections::HashMap;
use upcar_identity::Identity;
use upcar_proto::activity as pb;
use uuid::Uuid;

fn stored(r: ActivityRow) -> pb::StoredActivity {
    let t = |d: chrono::DateTime<chrono::Utc>| d.to_rfc3339_opts(SecondsFormat::Millis, true);
    pb::StoredActivity {
        id: r.id.to_string(),
        event_id: r.event_id,
        user_id: r.user_id.map(|u| u.to_string()).unwrap_or_default(),
        session_id: r.session_id.unwrap_or_default(),
        activity_type: r.activity_type,
        activity_category: r.activity_category,
        metadata_json: r.metadata.to_string(),
        occurred_at: t(r.occurred_at),
        client_time: r.client_time.map(t).unwrap_or_default(),
        received_at: t(r.received_at),
        source: r.source,
        stored_at: t(r.stored_at),
    }
}

fn user_id(raw: &str) -> ActivityResult<Option<Uuid>> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    raw.parse().map(Some).map_err(|_| ActivityError::InvalidUserId)
}

/// A type or category filter, normalised as stored; a name no event could have is refused.
fn name(raw: &str, bad: crate::domain::EventError) -> ActivityResult<Option<String>> {
    if raw.trim().is_empty() {
        return Ok(None);
    }
    Name::parse(raw).map(|n| Some(n.to_string())).map_err(|_| bad.into())
}

/// Stored events, newest first, filtered and paged (50 a page, at most 200).
pub async fn list(
    state: &AppState,
    _admin: Identity,
    r: pb::ListActivitiesRequest,
) -> ActivityResult<pb::ListActivitiesReply> {
    let today = state.clock.now().date_naive();
    let source = match r.source.trim() {
        "" => None,
        s @ ("client" | "server") => Some(s.to_owned()),
        _ => return Err(ActivityError::InvalidSource),
    };
    let filters = Filters {
        user_id: user_id(&r.user_id)?,
        session_id: Some(r.session_id.trim().to_owned()).filter(|s| !s.is_empty()),
        activity_type: name(&r.activity_type, crate::domain::EventError::InvalidType)?,
        category: name(&r.activity_category, crate::domain::EventError::InvalidCategory)?,
        source,
        range: DateRange::optional(&r.start_date, &r.end_date, today)?,
    };
    let page = Page::parse(r.limit, r.page, 50, 200)?;
    let mut conn = state.conn().await?;
    let mut rows = read::list(&mut conn, &filters, page.offset(), i64::from(page.limit)).await?;
    let has_more = rows.len() > page.limit as usize;
    rows.truncate(page.limit as usize);
    Ok(pb::ListActivitiesReply {
        activities: rows.into_iter().map(stored).collect(),
        page: page.page,
        limit: page.limit,
        has_more,
    })
}

/// One user's events in order (500 at most a call, up to 1,000).
pub async fn journey(
    state: &AppState,
    _admin: Identity,
    r: pb::JourneyRequest,
) -> ActivityResult<pb::JourneyReply> {
    let user = user_id(&r.user_id)?.ok_or(ActivityError::UserIdRequired)?;
    let today = state.clock.now().date_naive();
    let range = DateRange::optional(&r.start_date, &r.end_date, today)?;
    let page = Page::parse(r.limit, None, 500, 1000)?;
    let mut conn = state.conn().await?;
    let mut rows = read::journey(&mut conn, user, range, i64::from(page.limit)).await?;
    let has_more = rows.len() > page.limit as usize;
    rows.truncate(page.limit as usize);
    Ok(pb::JourneyReply {
        user_id: user.to_string(),
        activities: rows.into_iter().map(stored).collect(),
        has_more,
    })
}

/// Counts, daily active users and the funnel over a range of days, from the rollups.
pub async fn analytics(
    state: &AppState,
    _admin: Identity,
    r: pb::AnalyticsRequest,
) -> ActivityResult<pb::AnalyticsReply> {
    let today = state.clock.now().date_naive();
    let range = DateRange::parse(&r.start_date, &r.end_date, today)?;
    let mut conn = state.conn().await?;
    let counts = |v: Vec<read::Count>| {
        v.into_iter().map(|c| pb::TypeCount { name: c.name, count: c.count }).collect::<Vec<_>>()
    };
    let by_type = counts(read::counts_by(&mut conn, Column::Type, range).await?);
    let by_category = counts(read::counts_by(&mut conn, Column::Category, range).await?);
    let by_source = counts(read::counts_by(&mut conn, Column::Source, range).await?);
    let total_events = by_source.iter().map(|c| c.count).sum();
    let steps: Vec<(&str, &str)> = FUNNEL.iter().map(|(t, s)| (*t, s.as_str())).collect();
    let step_events: HashMap<String, i64> = read::step_events(&mut conn, range, &steps)
        .await?
        .into_iter()
        .map(|c| (c.name, c.count))
        .collect();
    let mut actors: HashMap<(chrono::NaiveDate, String), i64> = HashMap::new();
    let mut step_actors: HashMap<String, i64> = HashMap::new();
    for d in read::actors(&mut conn, range).await? {
        if let Some(step) = d.kind.strip_prefix("step:") {
            *step_actors.entry(step.to_owned()).or_default() += d.count;
        }
        actors.insert((d.day, d.kind), d.count);
    }
    let daily_active = range
        .days()
        .map(|day| pb::DailyActive {
            date: day.format("%Y-%m-%d").to_string(),
            users: actors.get(&(day, "user".to_owned())).copied().unwrap_or(0),
            sessions: actors.get(&(day, "session".to_owned())).copied().unwrap_or(0),
        })
        .collect();
    let mut funnel = Vec::new();
    let mut before: Option<i64> = None;
    for (step, source) in FUNNEL {
        debug_assert_eq!(funnel_step(step, *source), Some(*step));
        let events = step_events.get(*step).copied().unwrap_or(0);
        let conversion = match before {
            None => 1.0,
            Some(0) => 0.0,
            Some(b) => events as f64 / b as f64,
        };
        funnel.push(pb::FunnelStep {
            step: (*step).to_owned(),
            events,
            actors: step_actors.get(*step).copied().unwrap_or(0),
            conversion,
        });
        before = Some(events);
    }
    Ok(pb::AnalyticsReply {
        start_date: range.start.format("%Y-%m-%d").to_string(),
        end_date: range.end.format("%Y-%m-%d").to_string(),
        total_events,
        by_type,
        by_category,
        by_source,
        daily_active,
        funnel,
    })
}

/// The known activity types.
pub fn types() -> pb::TypesReply {
    pb::TypesReply {
        types: TYPES
            .iter()
            .map(|t| pb::ActivityType {
                activity_type: t.activity_type.to_owned(),
                activity_category: t.category.to_owned(),
                description: t.description.to_owned(),
                funnel_step: FUNNEL
                    .iter()
                    .find(|(s, _)| *s == t.activity_type)
                    .map(|(s, _)| (*s).to_owned())
                    .unwrap_or_default(),
                server_side: t.server_side,
            })
            .collect(),
    }
}
