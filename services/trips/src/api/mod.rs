//! gRPC handlers: one file per resource, this file wires them to the generated service.
//!
//! Handlers (`agreement` .. `reviews`) never import each other; what they share lives in the
//! modules after them: who is a party to a trip (`access`), the history (`history`), trips as
//! each party sees them (`view`), rows to messages (`convert`), safe retries (`idempotent`),
//! calls to other services (`peers`) and tokens (`tokens`). A test checks it.

pub mod agreement;
pub mod availability;
pub mod book;
pub mod drivers;
pub mod handover;
pub mod incidentals;
pub mod issues;
pub mod lifecycle;
pub mod modify;
pub mod payments;
pub mod payouts;
pub mod read;
pub mod reviews;

pub mod access;
pub mod convert;
pub mod earnings;
pub mod eligibility;
pub mod history;
pub mod idempotent;
pub mod peers;
pub mod tokens;
pub mod view;

use crate::error::TripsResult;
use crate::state::AppState;
use std::sync::Arc;
use tonic::{Request, Response, Status};
use upcar_identity::Identity;
use upcar_proto::trips as pb;
use upcar_proto::trips::trips_server::Trips;

/// The generated service's implementation.
#[derive(Clone)]
pub struct TripsApi {
    state: Arc<AppState>,
}

impl TripsApi {
    /// Wraps the shared state.
    pub fn new(state: Arc<AppState>) -> Self {
        Self { state }
    }
}

async fn call<T, R, F>(method: &'static str, req: Request<T>, f: F) -> Result<Response<R>, Status>
where
    F: AsyncFnOnce(Identity, T) -> TripsResult<R>,
{
    upcar_identity::serve(method, req, async |who, body| match who {
        Some(who) => f(who, body).await,
        None => Err(crate::error::TripsError::SignInRequired),
    })
    .await
}

#[tonic::async_trait]
impl Trips for TripsApi {
    async fn create_trip(
        &self,
        r: Request<pb::CreateTripRequest>,
    ) -> Result<Response<pb::TripReply>, Status> {
        call("CreateTrip", r, async |who, b| book::create_trip(&self.state, who, b).await).await
    }
    async fn get_trip(
        &self,
        r: Request<pb::TripIdRequest>,
    ) -> Result<Response<pb::TripReply>, Status> {
        call("GetTrip", r, async |who, b| read::get_trip(&self.state, &who, &b.trip_id).await).await
    }
    async fn cancel_trip(
        &self,
        r: Request<pb::CancelTripRequest>,
    ) -> Result<Response<pb::TripReply>, Status> {
        call("CancelTrip", r, async |who, b| lifecycle::cancel_trip(&self.state, who, b).await)
            .await
    }
    async fn accept_trip(
        &self,
        r: Request<pb::TripIdRequest>,
    ) -> Result<Response<pb::TripReply>, Status> {
        call("AcceptTrip", r, async |who, b| {
            lifecycle::accept_trip(&self.state, who, &b.trip_id).await
        })
        .await
    }
    async fn reject_trip(
        &self,
        r: Request<pb::RejectTripRequest>,
    ) -> Result<Response<pb::TripReply>, Status> {
        call("RejectTrip", r, async |who, b| lifecycle::reject_trip(&self.state, who, b).await)
            .await
    }
    async fn list_trips(
        &self,
        r: Request<pb::ListTripsRequest>,
    ) -> Result<Response<pb::TripsReply>, Status> {
        call("ListTrips", r, async |who, b| read::list_trips(&self.state, &who, &b.view).await)
            .await
    }
    async fn is_user_available(
        &self,
        r: Request<pb::UserAvailabilityRequest>,
    ) -> Result<Response<pb::UserAvailabilityReply>, Status> {
        call("IsUserAvailable", r, async |who, b| {
            availability::is_user_available(&self.state, &who, b).await
        })
        .await
    }
    async fn add_payment_method(
        &self,
        r: Request<pb::AddPaymentMethodRequest>,
    ) -> Result<Response<pb::PaymentMethodReply>, Status> {
        call("AddPaymentMethod", r, async |who, b| {
            payments::add_payment_method(&self.state, &who, b).await
        })
        .await
    }
    async fn get_primary_payment_method(
        &self,
        r: Request<pb::Empty>,
    ) -> Result<Response<pb::PaymentMethodReply>, Status> {
        call("GetPrimaryPaymentMethod", r, async |who, _| {
            payments::primary_payment_method(&self.state, &who).await
        })
        .await
    }
    async fn get_payout_account(
        &self,
        r: Request<pb::Empty>,
    ) -> Result<Response<pb::PayoutAccountReply>, Status> {
        call("GetPayoutAccount", r, async |who, _| {
            payouts::onboarding_status(&self.state, &who).await
        })
        .await
    }
    async fn set_up_payout_account(
        &self,
        r: Request<pb::PayoutAccountSetupRequest>,
    ) -> Result<Response<pb::PayoutAccountReply>, Status> {
        call("SetUpPayoutAccount", r, async |who, b| {
            payouts::account_setup(&self.state, &who, b).await
        })
        .await
    }
    async fn complete_local_onboarding(
        &self,
        r: Request<pb::PayoutAccountIdRequest>,
    ) -> Result<Response<pb::PayoutAccountReply>, Status> {
        // Opened from a link in a browser: no identity (development only).
        upcar_identity::serve("CompleteLocalOnboarding", r, async |_who, b| {
            payouts::complete_local_onboarding(&self.state, &b.account_id).await
        })
        .await
    }
    async fn check_in(
        &self,
        r: Request<pb::TripEventRequest>,
    ) -> Result<Response<pb::TripReply>, Status> {
        call("CheckIn", r, async |who, b| {
            handover::handover(&self.state, who, handover::Event::CheckIn, b).await
        })
        .await
    }
    async fn checkout(
        &self,
        r: Request<pb::TripEventRequest>,
    ) -> Result<Response<pb::TripReply>, Status> {
        call("Checkout", r, async |who, b| {
            handover::handover(&self.state, who, handover::Event::Checkout, b).await
        })
        .await
    }
    async fn get_trip_photos(
        &self,
        r: Request<pb::TripIdRequest>,
    ) -> Result<Response<pb::TripPhotosReply>, Status> {
        call("GetTripPhotos", r, async |who, b| {
            handover::trip_photos(&self.state, &who, &b.trip_id).await
        })
        .await
    }
    async fn create_modify_request(
        &self,
        r: Request<pb::ModifyTripRequest>,
    ) -> Result<Response<pb::TripReply>, Status> {
        call("CreateModifyRequest", r, async |who, b| modify::create(&self.state, who, b).await)
            .await
    }
    async fn cancel_modify_request(
        &self,
        r: Request<pb::TripIdRequest>,
    ) -> Result<Response<pb::TripReply>, Status> {
        call("CancelModifyRequest", r, async |who, b| modify::withdraw(&self.state, who, b).await)
            .await
    }
    async fn respond_to_modify_request(
        &self,
        r: Request<pb::RespondToModifyRequest>,
    ) -> Result<Response<pb::TripReply>, Status> {
        call("RespondToModifyRequest", r, async |who, b| modify::respond(&self.state, who, b).await)
            .await
    }
    async fn get_transaction_history(
        &self,
        r: Request<pb::TransactionHistoryRequest>,
    ) -> Result<Response<pb::TransactionHistoryReply>, Status> {
        call("GetTransactionHistory", r, async |who, b| {
            payments::transaction_history(&self.state, &who, b.year).await
        })
        .await
    }
    async fn get_incidental_options(
        &self,
        r: Request<pb::TripIdRequest>,
    ) -> Result<Response<pb::IncidentalOptionsReply>, Status> {
        call("GetIncidentalOptions", r, async |who, b| {
            incidentals::options(&self.state, &who, &b.trip_id).await
        })
        .await
    }
    async fn get_incidentals(
        &self,
        r: Request<pb::IncidentalsRequest>,
    ) -> Result<Response<pb::IncidentalsReply>, Status> {
        call("GetIncidentals", r, async |who, b| incidentals::list(&self.state, &who, b).await)
            .await
    }
    async fn add_incidentals(
        &self,
        r: Request<pb::AddIncidentalsRequest>,
    ) -> Result<Response<pb::IncidentalsReply>, Status> {
        call("AddIncidentals", r, async |who, b| incidentals::add(&self.state, who, b).await).await
    }
    async fn modify_incidentals(
        &self,
        r: Request<pb::ModifyIncidentalsRequest>,
    ) -> Result<Response<pb::IncidentalsReply>, Status> {
        call("ModifyIncidentals", r, async |who, b| incidentals::remove(&self.state, who, b).await)
            .await
    }
    async fn accept_incidentals(
        &self,
        r: Request<pb::AcceptIncidentalsRequest>,
    ) -> Result<Response<pb::IncidentalsReply>, Status> {
        call("AcceptIncidentals", r, async |who, b| incidentals::accept(&self.state, who, b).await)
            .await
    }
    async fn dispute_incidentals(
        &self,
        r: Request<pb::DisputeIncidentalsRequest>,
    ) -> Result<Response<pb::IncidentalsReply>, Status> {
        call("DisputeIncidentals", r, async |who, b| {
            incidentals::dispute(&self.state, who, b).await
        })
        .await
    }
    async fn decide_dispute(
        &self,
        r: Request<pb::DecideDisputeRequest>,
    ) -> Result<Response<pb::IncidentalsReply>, Status> {
        call("DecideDispute", r, async |who, b| incidentals::decide(&self.state, who, b).await)
            .await
    }
    async fn get_report_issue_options(
        &self,
        r: Request<pb::TripIdRequest>,
    ) -> Result<Response<pb::IssueOptionsReply>, Status> {
        call("GetReportIssueOptions", r, async |who, b| {
            issues::options(&self.state, &who, &b.trip_id).await
        })
        .await
    }
    async fn report_issue(
        &self,
        r: Request<pb::ReportIssueRequest>,
    ) -> Result<Response<pb::IssueReportReply>, Status> {
        call("ReportIssue", r, async |who, b| issues::report(&self.state, who, b).await).await
    }
    async fn get_trip_issue_charges(
        &self,
        r: Request<pb::TripIdRequest>,
    ) -> Result<Response<pb::TripIssueChargesReply>, Status> {
        call("GetTripIssueCharges", r, async |who, b| {
            issues::trip_issue_charges(&self.state, &who, &b.trip_id).await
        })
        .await
    }
    async fn attach_report_photos(
        &self,
        r: Request<pb::AttachReportPhotosRequest>,
    ) -> Result<Response<pb::ReportPhotosReply>, Status> {
        call("AttachReportPhotos", r, async |who, b| issues::attach(&self.state, who, b).await)
            .await
    }
    async fn get_rental_agreement(
        &self,
        r: Request<pb::RentalAgreementRequest>,
    ) -> Result<Response<pb::RentalAgreementReply>, Status> {
        // Signed in, or anonymous with the trip's agreement token.
        upcar_identity::serve("GetRentalAgreement", r, async |who, b| {
            agreement::get(&self.state, who, b).await
        })
        .await
    }
    async fn add_additional_drivers(
        &self,
        r: Request<pb::AddAdditionalDriversRequest>,
    ) -> Result<Response<pb::AdditionalDriversReply>, Status> {
        call("AddAdditionalDrivers", r, async |who, b| drivers::invite(&self.state, who, b).await)
            .await
    }
    async fn verify_additional_driver(
        &self,
        r: Request<pb::DriverTokenRequest>,
    ) -> Result<Response<pb::DriverInvitationReply>, Status> {
        call("VerifyAdditionalDriver", r, async |who, b| drivers::verify(&self.state, who, b).await)
            .await
    }
    async fn add_driver_to_trip(
        &self,
        r: Request<pb::DriverTokenRequest>,
    ) -> Result<Response<pb::DriverInvitationReply>, Status> {
        call("AddDriverToTrip", r, async |who, b| drivers::accept(&self.state, who, b).await).await
    }
    async fn remove_additional_driver(
        &self,
        r: Request<pb::RemoveAdditionalDriverRequest>,
    ) -> Result<Response<pb::AdditionalDriversReply>, Status> {
        call("RemoveAdditionalDriver", r, async |who, b| drivers::remove(&self.state, who, b).await)
            .await
    }
    async fn write_trip_review(
        &self,
        r: Request<pb::WriteTripReviewRequest>,
    ) -> Result<Response<pb::TripReviewsReply>, Status> {
        call("WriteTripReview", r, async |who, b| reviews::write(&self.state, &who, b).await).await
    }
    async fn get_trip_reviews(
        &self,
        r: Request<pb::TripIdRequest>,
    ) -> Result<Response<pb::TripReviewsReply>, Status> {
        call("GetTripReviews", r, async |who, b| reviews::get(&self.state, &who, &b.trip_id).await)
            .await
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use std::collections::{BTreeMap, BTreeSet};

    /// The handlers: one file per resource, each the calls of that resource.
    const HANDLERS: &[&str] = &[
        "agreement",
        "availability",
        "book",
        "drivers",
        "handover",
        "incidentals",
        "issues",
        "lifecycle",
        "modify",
        "payments",
        "payouts",
        "read",
        "reviews",
    ];
    /// What handlers share.
    const SHARED: &[&str] = &[
        "access",
        "convert",
        "earnings",
        "eligibility",
        "history",
        "idempotent",
        "peers",
        "tokens",
        "view",
    ];

    /// The `api` modules a source file names (`crate::api::x`, `crate::api::{x, y::z}`).
    fn imports(source: &str) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for (i, _) in source.match_indices("crate::api::") {
            let rest = &source[i + "crate::api::".len()..];
            let names = match rest.strip_prefix('{') {
                Some(group) => group[..group.find('}').unwrap_or(group.len())].to_owned(),
                None => rest.to_owned(),
            };
            for item in names.split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
                if !rest.starts_with('{') {
                    break;
                }
            }
        }
        out
    }

    fn graph() -> BTreeMap<String, BTreeSet<String>> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/api");
        let mut g = BTreeMap::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            if name == "mod" {
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            // A file's own test module reads the file through `super::*`; nothing else may.
            let outside_tests = source.replace("use super::*;", "");
            assert!(!outside_tests.contains("super::"), "{name} imports through super::");
            g.insert(name, imports(&source));
        }
        g
    }

    #[test]
    fn every_api_module_is_a_handler_or_shared() {
        for name in graph().keys() {
            assert!(
                HANDLERS.contains(&name.as_str()) || SHARED.contains(&name.as_str()),
                "api/{name}.rs is neither a handler nor a shared module: list it"
            );
        }
    }

    #[test]
    fn handlers_do_not_import_each_other() {
        for (name, uses) in graph() {
            for used in &uses {
                assert!(
                    !HANDLERS.contains(&used.as_str()),
                    "api/{name}.rs imports the handler {used}: move what they share out"
                );
            }
        }
    }

    #[test]
    fn the_import_graph_of_api_has_no_cycle() {
        let g = graph();
        // Depth-first, with the path so far: a module met again on its own path is a cycle.
        fn visit(
            g: &BTreeMap<String, BTreeSet<String>>,
            at: &str,
            path: &mut Vec<String>,
            done: &mut BTreeSet<String>,
        ) {
            if done.contains(at) {
                return;
            }
            assert!(!path.iter().any(|p| p == at), "import cycle: {} -> {at}", path.join(" -> "));
            path.push(at.to_owned());
            for next in g.get(at).into_iter().flatten() {
                visit(g, next, path, done);
            }
            path.pop();
            done.insert(at.to_owned());
        }
        let mut done = BTreeSet::new();
        for name in g.keys() {
            visit(&g, name, &mut Vec::new(), &mut done);
        }
        assert!(done.len() >= HANDLERS.len() + SHARED.len());
    }

    #[test]
    fn imports_are_read_from_paths_and_groups() {
        let src = "use crate::api::access::{load, role_name};\nuse crate::api::{history, view::reply};\nlet x = crate::api::convert::local(t);";
        let got: Vec<String> = imports(src).into_iter().collect();
        assert_eq!(got, ["access", "convert", "history", "view"]);
    }
}
