//! Issues the guest or the host reports on a trip, the charges per issue type (the trip
//! summary card), and photos attached to issue reports, damage reports and incidence charges
//! (content hashed by the gateway, kept with server time, never changed).

use crate::api::access::{load, role_name};
use crate::api::convert::charges_of;
use crate::api::history::note;
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::extras::{self, IssueRow, ReportPhotoRow};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use trips_domain::extras::{ISSUE_TYPES, ReportKind, issue_type, may_report, may_see_charges};
use trips_domain::photos::PhotoError;
use upcar_identity::Identity;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// Photos sent in one call.
const MAX_PHOTOS: usize = 50;
/// An issue's description.
const MAX_DESCRIPTION: usize = 2000;

fn photo_of(p: &ReportPhotoRow) -> pb::ReportPhoto {
    pb::ReportPhoto {
        kind: p.report_kind.clone(),
        category: p.category.clone(),
        url: p.url.clone(),
        sha256: p.sha256.clone(),
        uploaded_by_role: crate::api::convert::role(&p.role) as i32,
        taken_at: p.created_at.to_rfc3339(),
    }
}

fn issue_of(i: &IssueRow, photos: &[ReportPhotoRow]) -> pb::IssueReport {
    pb::IssueReport {
        id: i.id.to_string(),
        trip_id: i.trip_id.to_string(),
        r#type: i.kind.clone(),
        label: issue_type(&i.kind).map(|(_, l)| l).unwrap_or_default().to_owned(),
        description: i.description.clone(),
        reported_by_role: crate::api::convert::role(&i.role) as i32,
        created_at: i.created_at.to_rfc3339(),
        photos: photos.iter().filter(|p| p.issue_id == Some(i.id)).map(photo_of).collect(),
    }
}

fn check_photos(photos: &[pb::Photo], required: bool) -> TripsResult<()> {
    if required && photos.is_empty() {
        return Err(PhotoError::NoPhotos.into());
    }
    if photos.len() > MAX_PHOTOS {
        return Err(TripsError::TooManyPhotos);
    }
    if photos.iter().any(|p| p.url.trim().is_empty() || p.sha256.len() != 64) {
        return Err(TripsError::PhotoUrlRequired);
    }
    Ok(())
}

/// `trips/getAllReportIssuesOption/{id}`: the issue types, for the trip's guest or host.
pub async fn options(
    state: &AppState,
    who: &Identity,
    id: &str,
) -> TripsResult<pb::IssueOptionsReply> {
    let mut conn = state.conn().await?;
    load(&mut conn, who, id, false).await?;
    Ok(pb::IssueOptionsReply {
        options: ISSUE_TYPES
            .iter()
            .map(|(t, l, d)| pb::IssueOption {
                r#type: (*t).to_owned(),
                label: (*l).to_owned(),
                description: (*d).to_owned(),
            })
            .collect(),
    })
}

/// `trips/reportIssue/{id}` `{type, description, photoUrls}`.
pub async fn report(
    state: &AppState,
    who: Identity,
    r: pb::ReportIssueRequest,
) -> TripsResult<pb::IssueReportReply> {
    let (kind, _) = issue_type(&r.r#type).ok_or_else(|| {
        TripsError::InvalidIssueType(if r.r#type.trim().is_empty() {
            "type is required".to_owned()
        } else {
            format!("Unknown issue type {:?}.", r.r#type.trim())
        })
    })?;
    let description = r.description.trim();
    if description.is_empty() {
        return Err(TripsError::DescriptionRequired);
    }
    if description.chars().count() > MAX_DESCRIPTION {
        return Err(TripsError::DescriptionTooLong(MAX_DESCRIPTION));
    }
    check_photos(&r.photos, false)?;
    let mut conn = state.conn().await?;
    conn.transaction::<_, TripsError, _>(async |c| {
        let (t, actor, status) = load(c, &who, &r.trip_id, true).await?;
        let now = state.clock.now();
        may_report(status, actor, t.checked_out_at, now)?;
        let role = role_name(actor);
        let issue = extras::insert_issue(
            c,
            &IssueRow {
                id: Uuid::now_v7(),
                trip_id: t.id,
                kind: kind.to_owned(),
                description: description.to_owned(),
                reported_by: who.user_id,
                role: role.to_owned(),
                created_at: now,
            },
        )
        .await?;
        for p in &r.photos {
            extras::insert_report_photo(
                c,
                t.id,
                ReportKind::Issue.as_str(),
                kind,
                Some(issue.id),
                p.url.trim(),
                &p.sha256,
                who.user_id,
                role,
            )
            .await?;
        }
        note(c, &t, Some(&who), role, "report_issue", kind, now).await?;
        let photos = extras::report_photos(c, t.id).await?;
        Ok(pb::IssueReportReply {
            report: Some(issue_of(&issue, &photos)),
            message: "Issue reported. Our support team will review it.".to_owned(),
        })
    })
    .await
}

async fn charges(
    c: &mut AsyncPgConnection,
    trip: Uuid,
) -> TripsResult<(Vec<pb::IssueCharge>, i64)> {
    let rows = extras::incidentals(c, trip).await?;
    let mut out: Vec<pb::IssueCharge> = Vec::new();
    for r in rows.iter().filter(|r| r.status != "removed") {
        let lines = charges_of(r);
        match out.iter_mut().find(|e| e.r#type == r.kind) {
            Some(e) => {
                e.total_cents += r.total_cents;
                e.charges.extend(lines);
            }
            None => out.push(pb::IssueCharge {
                r#type: r.kind.clone(),
                label: r.label.clone(),
                charges: lines,
                total_cents: r.total_cents,
            }),
        }
    }
    let total = out.iter().map(|e| e.total_cents).sum();
    Ok((out, total))
}

/// `trips/getTripIssueCharges/{id}`: per issue type, the charges of its incidentals (pending
/// and paid), and the trip's issue reports.
pub async fn trip_issue_charges(
    state: &AppState,
    who: &Identity,
    id: &str,
) -> TripsResult<pb::TripIssueChargesReply> {
    let mut conn = state.conn().await?;
    let (t, actor, _) = load(&mut conn, who, id, false).await?;
    may_see_charges(actor)?;
    let (charges, total_cents) = charges(&mut conn, t.id).await?;
    let issues = extras::issues(&mut conn, t.id).await?;
    let photos = extras::report_photos(&mut conn, t.id).await?;
    Ok(pb::TripIssueChargesReply {
        charges,
        reports: issues.iter().map(|i| issue_of(i, &photos)).collect(),
        total_cents,
    })
}

/// Category names as the photo screen's path gives them: 1 to 64 letters, digits, `_`, `-`.
fn category(s: &str) -> TripsResult<String> {
    let c = s.trim().to_ascii_lowercase().replace(' ', "_");
    if c.is_empty() {
        return Err(TripsError::CategoryRequired);
    }
    if c.len() > 64 || !c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '-') {
        return Err(TripsError::InvalidCategory);
    }
    Ok(c)
}

/// `trips/attachReportPhotos/{id}` `{kind, category, photoUrls}`: photos of an issue report
/// (attached to the caller's newest report of that type), a damage report (by category) or an
/// incidence charge (by incidental type).
pub async fn attach(
    state: &AppState,
    who: Identity,
    r: pb::AttachReportPhotosRequest,
) -> TripsResult<pb::ReportPhotosReply> {
    check_photos(&r.photos, true)?;
    let kind = ReportKind::parse(&r.kind);
    let category = match kind {
        // An issue report's photos are filed under its type, spelled as reportIssue takes it.
        ReportKind::Issue => match issue_type(&r.category) {
            Some((code, _)) => code.to_owned(),
            None => {
                let c = category(&r.category)?;
                return Err(TripsError::InvalidIssueType(format!("Unknown issue type {c:?}.")));
            }
        },
        _ => category(&r.category)?,
    };
    let mut conn = state.conn().await?;
    conn.transaction::<_, TripsError, _>(async |c| {
        let (t, actor, status) = load(c, &who, &r.trip_id, true).await?;
        let now = state.clock.now();
        may_report(status, actor, t.checked_out_at, now)?;
        let role = role_name(actor);
        let issue = if kind == ReportKind::Issue {
            let issues = extras::issues(c, t.id).await?;
            let found = issues
                .iter()
                .rev()
                .find(|i| i.kind == category && i.reported_by == who.user_id)
                .map(|i| i.id);
            Some(found.ok_or(TripsError::IssueNotReported)?)
        } else {
            None
        };
        for p in &r.photos {
            extras::insert_report_photo(
                c,
                t.id,
                kind.as_str(),
                &category,
                issue,
                p.url.trim(),
                &p.sha256,
                who.user_id,
                role,
            )
            .await?;
        }
        note(
            c,
            &t,
            Some(&who),
            role,
            "attach_report_photos",
            &format!("{} {category}: {} photos", kind.as_str(), r.photos.len()),
            now,
        )
        .await?;
        let photos = extras::report_photos(c, t.id).await?;
        Ok(pb::ReportPhotosReply {
            photos: photos
                .iter()
                .filter(|p| p.report_kind == kind.as_str() && p.category == category)
                .map(photo_of)
                .collect(),
            message: "Photos attached.".to_owned(),
        })
    })
    .await
}
