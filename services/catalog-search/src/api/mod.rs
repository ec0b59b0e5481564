//! gRPC handlers: one file per resource, this file wires them to the generated service.

pub mod cars;
pub mod convert;
pub mod delivery;
pub mod home;
pub mod places;
pub mod ratings;
pub mod reports;
pub mod search;

use crate::error::CatalogResult;
use crate::state::AppState;
use std::sync::Arc;
use tonic::{Request, Response, Status};
use upcar_identity::Identity;
use upcar_proto::catalog as pb;
use upcar_proto::catalog::catalog_server::Catalog;

/// The generated service's implementation.
#[derive(Clone)]
pub struct CatalogApi {
    state: Arc<AppState>,
}

impl CatalogApi {
    /// Wraps the shared state.
    pub fn new(state: Arc<AppState>) -> Self {
        Self { state }
    }
}

/// One call through the shared wrapper (span, identity, error table).
async fn call<T, R, F>(method: &'static str, req: Request<T>, f: F) -> Result<Response<R>, Status>
where
    F: AsyncFnOnce(Option<Identity>, T) -> CatalogResult<R>,
{
    upcar_identity::serve(method, req, f).await
}

#[tonic::async_trait]
impl Catalog for CatalogApi {
    async fn search_cars(
        &self,
        r: Request<pb::SearchRequest>,
    ) -> Result<Response<pb::SearchReply>, Status> {
        let mut store = None;
        let mut res = call("SearchCars", r, async |_, b| {
            let (reply, took) = search::search(&self.state, b).await?;
            store = Some(took);
            Ok(reply)
        })
        .await?;
        // The store's share of the call (W3C Server-Timing syntax), which the gateway passes on.
        if let Some(took) = store
            && let Ok(v) = format!("db;dur={:.3}", took.as_secs_f64() * 1000.0).parse()
        {
            res.metadata_mut().insert("server-timing", v);
        }
        Ok(res)
    }
    async fn get_search_page(
        &self,
        r: Request<pb::SearchPageRequest>,
    ) -> Result<Response<pb::SearchPage>, Status> {
        call("GetSearchPage", r, async |_, b| search::page(&self.state, b).await).await
    }
    async fn get_car(
        &self,
        r: Request<pb::CarIdRequest>,
    ) -> Result<Response<pb::CarDetails>, Status> {
        call("GetCar", r, async |who, b| {
            let car = cars::get_car(&self.state, &b.car_id).await?;
            // Only the gateway's car page says a person is looking; other services' reads
            // are not views.
            if b.page_view
                && let Some(s) = &car.summary
            {
                self.state.views.record(&s.id, &s.owner_id, who.map(|w| w.user_id));
            }
            Ok(car)
        })
        .await
    }
    async fn is_car_available(
        &self,
        r: Request<pb::AvailabilityRequest>,
    ) -> Result<Response<pb::AvailabilityReply>, Status> {
        call("IsCarAvailable", r, async |_, b| cars::is_available(&self.state, b).await).await
    }
    async fn alternatives(
        &self,
        r: Request<pb::AvailabilityRequest>,
    ) -> Result<Response<pb::AlternativesReply>, Status> {
        call("Alternatives", r, async |who, b| {
            cars::alternatives(&self.state, b, who.map(|w| w.user_id)).await
        })
        .await
    }
    async fn blocked_dates(
        &self,
        r: Request<pb::BlockedDatesRequest>,
    ) -> Result<Response<pb::BlockedDatesReply>, Status> {
        call("BlockedDates", r, async |_, b| cars::blocked_dates(&self.state, b).await).await
    }
    async fn list_enum(
        &self,
        r: Request<pb::EnumRequest>,
    ) -> Result<Response<pb::EnumReply>, Status> {
        call("ListEnum", r, async |_, b| cars::list_enum(&self.state, &b.name).await).await
    }
    async fn models_for_make(
        &self,
        r: Request<pb::MakeRequest>,
    ) -> Result<Response<pb::EnumReply>, Status> {
        call("ModelsForMake", r, async |_, b| cars::models_for_make(&b.make)).await
    }
    async fn autocomplete_places(
        &self,
        r: Request<pb::AutocompleteRequest>,
    ) -> Result<Response<pb::PlacesReply>, Status> {
        call("AutocompletePlaces", r, async |_, b| places::autocomplete(&self.state, b).await).await
    }
    async fn cars_by_owner(
        &self,
        r: Request<pb::CarsByOwnerRequest>,
    ) -> Result<Response<pb::CarsByOwnerReply>, Status> {
        call("CarsByOwner", r, async |_, b| home::cars_by_owner(&self.state, b).await).await
    }
    async fn place_details(
        &self,
        r: Request<pb::PlaceIdRequest>,
    ) -> Result<Response<pb::Place>, Status> {
        call("PlaceDetails", r, async |_, b| places::details(&self.state, b).await).await
    }
    async fn geocode(
        &self,
        r: Request<pb::GeocodeRequest>,
    ) -> Result<Response<pb::PlacesReply>, Status> {
        call("Geocode", r, async |_, b| places::geocode(&self.state, b).await).await
    }
    async fn parse_search_text(
        &self,
        r: Request<pb::ParseSearchTextRequest>,
    ) -> Result<Response<pb::SearchParams>, Status> {
        call("ParseSearchText", r, async |_, b| places::parse_search_text(&self.state, &b.text))
            .await
    }
    async fn get_ratings(
        &self,
        r: Request<pb::RatingsRequest>,
    ) -> Result<Response<pb::RatingsReply>, Status> {
        call("GetRatings", r, async |_, b| ratings::get_ratings(&self.state, b).await).await
    }
    async fn report_listing(
        &self,
        r: Request<pb::ReportListingRequest>,
    ) -> Result<Response<pb::ReportListingReply>, Status> {
        call("ReportListing", r, async |who, b| reports::report_listing(&self.state, who, b).await)
            .await
    }
    async fn delivery_distance(
        &self,
        r: Request<pb::DeliveryDistanceRequest>,
    ) -> Result<Response<pb::DeliveryDistanceReply>, Status> {
        call("DeliveryDistance", r, async |_, b| delivery::delivery_distance(&self.state, b).await)
            .await
    }
    async fn home_cars(
        &self,
        r: Request<pb::HomeCarsRequest>,
    ) -> Result<Response<pb::HomeCarsReply>, Status> {
        call("HomeCars", r, async |_, b| home::home_cars(&self.state, b).await).await
    }
    async fn featured_car(
        &self,
        r: Request<pb::FeaturedCarRequest>,
    ) -> Result<Response<pb::FeaturedCarReply>, Status> {
        call("FeaturedCar", r, async |_, _| home::featured_car(&self.state).await).await
    }
    async fn respond_to_review(
        &self,
        r: Request<pb::RespondToReviewRequest>,
    ) -> Result<Response<pb::RespondToReviewReply>, Status> {
        call("RespondToReview", r, async |who, b| ratings::respond(&self.state, who, b).await).await
    }
    async fn host_reviews(
        &self,
        r: Request<pb::HostReviewsRequest>,
    ) -> Result<Response<pb::HostReviewsReply>, Status> {
        call("HostReviews", r, async |who, b| ratings::host_reviews(&self.state, who, b).await)
            .await
    }
}
