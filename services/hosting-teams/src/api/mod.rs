//! gRPC handlers: one file per resource, this file wires them to the generated service.

pub mod access;
pub mod availability;
pub mod calendar;
pub mod cars;
pub mod manage;
pub mod performance;
pub mod review;
pub mod states;
pub mod teams;
pub mod templates;
pub mod vehicles;
pub mod view;
pub mod wizard;

use crate::error::{HostingError, HostingResult};
use crate::state::AppState;
use std::sync::Arc;
use tonic::{Request, Response, Status};
use upcar_identity::{Identity, Role};
use upcar_proto::hosting as pb;
use upcar_proto::hosting::hosting_server::Hosting;
use uuid::Uuid;

/// The generated service's implementation.
#[derive(Clone)]
pub struct HostingApi {
    state: Arc<AppState>,
}

impl HostingApi {
    /// Wraps the shared state.
    pub fn new(state: Arc<AppState>) -> Self {
        Self { state }
    }
}

async fn call<T, R, F>(method: &'static str, req: Request<T>, f: F) -> Result<Response<R>, Status>
where
    F: AsyncFnOnce(Option<Identity>, T) -> HostingResult<R>,
{
    upcar_identity::serve(method, req, f).await
}

/// The signed-in guest/host account making the call.
pub fn host(who: Option<Identity>) -> HostingResult<Identity> {
    match who {
        Some(id) if id.role == Role::User => Ok(id),
        Some(id) if id.role == Role::Admin => Ok(id),
        Some(_) => Err(HostingError::UsersOnly),
        None => Err(HostingError::SignInRequired),
    }
}

/// The signed-in admin making the call.
pub fn admin(who: Option<Identity>) -> HostingResult<Identity> {
    match who {
        Some(id) if id.role == Role::Admin => Ok(id),
        Some(_) => Err(HostingError::AdminOnly),
        None => Err(HostingError::SignInRequired),
    }
}

/// A listing id from a path or body; anything else names no listing.
pub fn listing_id(s: &str) -> HostingResult<Uuid> {
    s.trim().parse().map_err(|_| HostingError::ListingNotFound)
}

/// `page` and `limit` (defaults 1 and `default_limit`, at most 50 a page).
pub fn page(
    page: Option<i32>,
    limit: Option<i32>,
    default_limit: i32,
) -> HostingResult<(i32, i32)> {
    let page = page.unwrap_or(1);
    let limit = limit.unwrap_or(default_limit);
    if !(1..=100_000).contains(&page) {
        return Err(HostingError::InvalidPage);
    }
    if !(1..=50).contains(&limit) {
        return Err(HostingError::InvalidLimit);
    }
    Ok((page, limit))
}

#[tonic::async_trait]
impl Hosting for HostingApi {
    async fn check_car_listing(
        &self,
        r: Request<pb::CheckCarListingRequest>,
    ) -> Result<Response<pb::CheckCarListingReply>, Status> {
        call("CheckCarListing", r, async |who, _| wizard::check(&self.state, who).await).await
    }
    async fn save_listing_section(
        &self,
        r: Request<pb::SaveListingSectionRequest>,
    ) -> Result<Response<pb::SaveListingSectionReply>, Status> {
        call("SaveListingSection", r, async |who, b| wizard::save(&self.state, who, b).await).await
    }
    async fn get_car_listing(
        &self,
        r: Request<pb::ListingIdRequest>,
    ) -> Result<Response<pb::ListingReply>, Status> {
        call("GetCarListing", r, async |who, b| wizard::get(&self.state, who, b).await).await
    }
    async fn delete_car_listing(
        &self,
        r: Request<pb::ListingIdRequest>,
    ) -> Result<Response<pb::DeleteCarListingReply>, Status> {
        call("DeleteCarListing", r, async |who, b| wizard::delete(&self.state, who, b).await).await
    }
    async fn check_existing_vin(
        &self,
        r: Request<pb::VinRequest>,
    ) -> Result<Response<pb::CheckExistingVinReply>, Status> {
        call("CheckExistingVin", r, async |who, b| vehicles::exists(&self.state, who, b).await)
            .await
    }
    async fn decode_vin(
        &self,
        r: Request<pb::VinRequest>,
    ) -> Result<Response<pb::DecodeVinReply>, Status> {
        call("DecodeVin", r, async |who, b| vehicles::decode(&self.state, who, b).await).await
    }
    async fn models_for_make(
        &self,
        r: Request<pb::ModelsForMakeRequest>,
    ) -> Result<Response<pb::ModelsForMakeReply>, Status> {
        call("ModelsForMake", r, async |who, b| vehicles::models(&self.state, who, b).await).await
    }
    async fn car_features(
        &self,
        r: Request<pb::CarFeaturesRequest>,
    ) -> Result<Response<pb::CarFeaturesReply>, Status> {
        call("CarFeatures", r, async |who, b| vehicles::features(who, b)).await
    }
    async fn generate_description(
        &self,
        r: Request<pb::GenerateDescriptionRequest>,
    ) -> Result<Response<pb::GenerateDescriptionReply>, Status> {
        call("GenerateDescription", r, async |who, b| {
            vehicles::description(&self.state, who, b).await
        })
        .await
    }
    async fn list_listings_for_review(
        &self,
        r: Request<pb::ListListingsForReviewRequest>,
    ) -> Result<Response<pb::ListingsReply>, Status> {
        call("ListListingsForReview", r, async |who, b| review::pending(&self.state, who, b).await)
            .await
    }
    async fn approve_listing(
        &self,
        r: Request<pb::ListingIdRequest>,
    ) -> Result<Response<pb::ListingReply>, Status> {
        call("ApproveListing", r, async |who, b| review::approve(&self.state, who, b).await).await
    }
    async fn reject_listing(
        &self,
        r: Request<pb::RejectListingRequest>,
    ) -> Result<Response<pb::ListingReply>, Status> {
        call("RejectListing", r, async |who, b| review::reject(&self.state, who, b).await).await
    }
    async fn get_host_status(
        &self,
        r: Request<pb::GetHostStatusRequest>,
    ) -> Result<Response<pb::GetHostStatusReply>, Status> {
        call("GetHostStatus", r, async |who, _| cars::status(&self.state, who).await).await
    }
    async fn get_host_cars(
        &self,
        r: Request<pb::GetHostCarsRequest>,
    ) -> Result<Response<pb::ListingsReply>, Status> {
        call("GetHostCars", r, async |who, b| cars::list(&self.state, who, b).await).await
    }
    async fn update_car(
        &self,
        r: Request<pb::UpdateCarRequest>,
    ) -> Result<Response<pb::ListingReply>, Status> {
        call("UpdateCar", r, async |who, b| manage::update(&self.state, who, b).await).await
    }
    async fn set_car_status(
        &self,
        r: Request<pb::SetCarStatusRequest>,
    ) -> Result<Response<pb::ListingReply>, Status> {
        call("SetCarStatus", r, async |who, b| manage::set_status(&self.state, who, b).await).await
    }
    async fn delete_car(
        &self,
        r: Request<pb::ListingIdRequest>,
    ) -> Result<Response<pb::DeleteCarListingReply>, Status> {
        call("DeleteCar", r, async |who, b| manage::delete(&self.state, who, b).await).await
    }
    async fn add_inspection_form(
        &self,
        r: Request<pb::AddInspectionFormRequest>,
    ) -> Result<Response<pb::ListingReply>, Status> {
        call("AddInspectionForm", r, async |who, b| {
            manage::inspection_form(&self.state, who, b).await
        })
        .await
    }
    async fn update_weekly_availability(
        &self,
        r: Request<pb::UpdateWeeklyAvailabilityRequest>,
    ) -> Result<Response<pb::WeeklyAvailabilityReply>, Status> {
        call("UpdateWeeklyAvailability", r, async |who, b| {
            availability::update_weekly(&self.state, who, b).await
        })
        .await
    }
    async fn get_weekly_availability(
        &self,
        r: Request<pb::GetWeeklyAvailabilityRequest>,
    ) -> Result<Response<pb::WeeklyAvailabilityReply>, Status> {
        call("GetWeeklyAvailability", r, async |who, _| {
            availability::weekly(&self.state, who).await
        })
        .await
    }
    async fn calendar_feed(
        &self,
        r: Request<pb::CalendarCarRequest>,
    ) -> Result<Response<pb::CalendarFeedReply>, Status> {
        call("CalendarFeed", r, async |who, b| calendar::feed(&self.state, who, b).await).await
    }

    async fn rotate_calendar_feed(
        &self,
        r: Request<pb::CalendarCarRequest>,
    ) -> Result<Response<pb::CalendarFeedReply>, Status> {
        call("RotateCalendarFeed", r, async |who, b| calendar::rotate(&self.state, who, b).await)
            .await
    }

    async fn calendar_ics(
        &self,
        r: Request<pb::CalendarIcsRequest>,
    ) -> Result<Response<pb::CalendarIcsReply>, Status> {
        call("CalendarIcs", r, async |_, b| calendar::ics(&self.state, b).await).await
    }

    async fn calendar_imports(
        &self,
        r: Request<pb::CalendarCarRequest>,
    ) -> Result<Response<pb::CalendarImportsReply>, Status> {
        call("CalendarImports", r, async |who, b| calendar::imports(&self.state, who, b).await)
            .await
    }

    async fn add_calendar_import(
        &self,
        r: Request<pb::AddCalendarImportRequest>,
    ) -> Result<Response<pb::CalendarImportReply>, Status> {
        call("AddCalendarImport", r, async |who, b| calendar::add_import(&self.state, who, b).await)
            .await
    }

    async fn delete_calendar_import(
        &self,
        r: Request<pb::DeleteCalendarImportRequest>,
    ) -> Result<Response<pb::CalendarImportsReply>, Status> {
        call("DeleteCalendarImport", r, async |who, b| {
            calendar::delete_import(&self.state, who, b).await
        })
        .await
    }

    async fn update_custom_availability(
        &self,
        r: Request<pb::UpdateCustomAvailabilityRequest>,
    ) -> Result<Response<pb::CustomAvailabilityReply>, Status> {
        call("UpdateCustomAvailability", r, async |who, b| {
            availability::update_custom(&self.state, who, b).await
        })
        .await
    }
    async fn get_custom_availability(
        &self,
        r: Request<pb::GetCustomAvailabilityRequest>,
    ) -> Result<Response<pb::CustomAvailabilityReply>, Status> {
        call("GetCustomAvailability", r, async |who, _| {
            availability::custom(&self.state, who).await
        })
        .await
    }
    async fn create_team(
        &self,
        r: Request<pb::CreateTeamRequest>,
    ) -> Result<Response<pb::TeamReply>, Status> {
        call("CreateTeam", r, async |who, b| teams::create(&self.state, who, b).await).await
    }
    async fn invite_co_hosts(
        &self,
        r: Request<pb::InviteCoHostsRequest>,
    ) -> Result<Response<pb::TeamReply>, Status> {
        call("InviteCoHosts", r, async |who, b| teams::invite(&self.state, who, b).await).await
    }
    async fn manage_team_permissions(
        &self,
        r: Request<pb::ManageTeamPermissionsRequest>,
    ) -> Result<Response<pb::TeamReply>, Status> {
        call("ManageTeamPermissions", r, async |who, b| {
            teams::manage_permissions(&self.state, who, b).await
        })
        .await
    }
    async fn update_team(
        &self,
        r: Request<pb::UpdateTeamRequest>,
    ) -> Result<Response<pb::TeamReply>, Status> {
        call("UpdateTeam", r, async |who, b| teams::update(&self.state, who, b).await).await
    }
    async fn delete_team(
        &self,
        r: Request<pb::TeamIdRequest>,
    ) -> Result<Response<pb::DeleteTeamReply>, Status> {
        call("DeleteTeam", r, async |who, b| teams::delete(&self.state, who, b).await).await
    }
    async fn handle_co_host_invite(
        &self,
        r: Request<pb::HandleCoHostInviteRequest>,
    ) -> Result<Response<pb::TeamReply>, Status> {
        call("HandleCoHostInvite", r, async |who, b| {
            teams::handle_invite(&self.state, who, b).await
        })
        .await
    }
    async fn manage_vehicles_on_team(
        &self,
        r: Request<pb::ManageVehiclesRequest>,
    ) -> Result<Response<pb::TeamReply>, Status> {
        call("ManageVehiclesOnTeam", r, async |who, b| {
            teams::manage_vehicles(&self.state, who, b).await
        })
        .await
    }
    async fn remove_co_host(
        &self,
        r: Request<pb::RemoveCoHostRequest>,
    ) -> Result<Response<pb::TeamReply>, Status> {
        call("RemoveCoHost", r, async |who, b| teams::remove_cohost(&self.state, who, b).await)
            .await
    }
    async fn list_teams(
        &self,
        r: Request<pb::ListTeamsRequest>,
    ) -> Result<Response<pb::TeamsReply>, Status> {
        call("ListTeams", r, async |who, b| teams::list(&self.state, who, b).await).await
    }
    async fn get_team(
        &self,
        r: Request<pb::TeamIdRequest>,
    ) -> Result<Response<pb::TeamReply>, Status> {
        call("GetTeam", r, async |who, b| teams::get(&self.state, who, b).await).await
    }
    async fn get_team_invitation(
        &self,
        r: Request<pb::TeamInvitationRequest>,
    ) -> Result<Response<pb::TeamInvitationReply>, Status> {
        call("GetTeamInvitation", r, async |who, b| teams::invitation(&self.state, who, b).await)
            .await
    }
    async fn get_team_vehicles(
        &self,
        r: Request<pb::TeamIdRequest>,
    ) -> Result<Response<pb::VehicleOptionsReply>, Status> {
        call("GetTeamVehicles", r, async |who, b| teams::vehicles(&self.state, who, b).await).await
    }
    async fn get_host_vehicles(
        &self,
        r: Request<pb::GetHostVehiclesRequest>,
    ) -> Result<Response<pb::VehicleOptionsReply>, Status> {
        call("GetHostVehicles", r, async |who, _| teams::host_vehicles(&self.state, who).await)
            .await
    }
    async fn get_team_audit_log(
        &self,
        r: Request<pb::TeamAuditRequest>,
    ) -> Result<Response<pb::TeamAuditReply>, Status> {
        call("GetTeamAuditLog", r, async |who, b| teams::audit_log(&self.state, who, b).await).await
    }
    async fn list_templates(
        &self,
        r: Request<pb::ListTemplatesRequest>,
    ) -> Result<Response<pb::TemplatesReply>, Status> {
        call("ListTemplates", r, async |who, _| templates::list(&self.state, who).await).await
    }
    async fn get_template(
        &self,
        r: Request<pb::TemplateIdRequest>,
    ) -> Result<Response<pb::TemplateReply>, Status> {
        call("GetTemplate", r, async |who, b| templates::get(&self.state, who, b).await).await
    }
    async fn create_template(
        &self,
        r: Request<pb::TemplateWrite>,
    ) -> Result<Response<pb::TemplateReply>, Status> {
        call("CreateTemplate", r, async |who, b| templates::create(&self.state, who, b).await).await
    }
    async fn update_template(
        &self,
        r: Request<pb::TemplateWrite>,
    ) -> Result<Response<pb::TemplateReply>, Status> {
        call("UpdateTemplate", r, async |who, b| templates::update(&self.state, who, b).await).await
    }
    async fn delete_template(
        &self,
        r: Request<pb::TemplateIdRequest>,
    ) -> Result<Response<pb::DeleteTemplateReply>, Status> {
        call("DeleteTemplate", r, async |who, b| templates::delete(&self.state, who, b).await).await
    }
    async fn get_performance(
        &self,
        r: Request<pb::PerformanceRequest>,
    ) -> Result<Response<pb::PerformanceReply>, Status> {
        call("GetPerformance", r, async |who, b| performance::get(&self.state, who, b).await).await
    }
}
