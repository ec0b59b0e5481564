//! gRPC handlers: one file per resource, this file wires them to the generated service.

pub mod auth;
pub mod captains;
pub mod convert;
pub mod dev;
pub mod documents;
pub mod google;
pub mod guard;
pub mod otp;
pub mod profile;
pub mod standing;

use crate::domain::OtpPurpose;
use crate::error::AccountsResult;
use crate::state::AppState;
use std::sync::Arc;
use tonic::{Request, Response, Status};
use upcar_identity::Identity;
use upcar_proto::accounts as pb;
use upcar_proto::accounts::accounts_server::Accounts;

/// The generated service's implementation.
#[derive(Clone)]
pub struct AccountsApi {
    state: Arc<AppState>,
}

impl AccountsApi {
    /// Wraps the shared state.
    pub fn new(state: Arc<AppState>) -> Self {
        Self { state }
    }
}

/// One call through the shared wrapper (span, identity, error table).
async fn call<T, R, F>(method: &'static str, req: Request<T>, f: F) -> Result<Response<R>, Status>
where
    F: AsyncFnOnce(Option<Identity>, T) -> AccountsResult<R>,
{
    upcar_identity::serve(method, req, f).await
}

#[tonic::async_trait]
impl Accounts for AccountsApi {
    async fn sign_up(
        &self,
        r: Request<pb::SignUpRequest>,
    ) -> Result<Response<pb::AuthReply>, Status> {
        call("SignUp", r, async |_, b| auth::sign_up(&self.state, b).await).await
    }
    async fn validate_invitation_code(
        &self,
        r: Request<pb::ValidateInvitationCodeRequest>,
    ) -> Result<Response<pb::Ack>, Status> {
        call("ValidateInvitationCode", r, async |_, b| {
            auth::validate_invitation_code(&self.state, &b.code).await
        })
        .await
    }
    async fn get_member_invitation_code(
        &self,
        r: Request<pb::Empty>,
    ) -> Result<Response<pb::MemberCodeReply>, Status> {
        call("GetMemberInvitationCode", r, async |i, _| {
            profile::member_invitation_code(&self.state, i.as_ref()).await
        })
        .await
    }
    async fn login(
        &self,
        r: Request<pb::LoginRequest>,
    ) -> Result<Response<pb::LoginReply>, Status> {
        call("Login", r, async |_, b| auth::login(&self.state, b).await).await
    }
    async fn start_phone_login(
        &self,
        r: Request<pb::StartPhoneLoginRequest>,
    ) -> Result<Response<pb::OtpStarted>, Status> {
        call("StartPhoneLogin", r, async |_, b| {
            auth::start_phone_login(&self.state, &b.phone_number).await
        })
        .await
    }
    async fn verify_login_otp(
        &self,
        r: Request<pb::VerifyLoginOtpRequest>,
    ) -> Result<Response<pb::AuthReply>, Status> {
        call("VerifyLoginOtp", r, async |_, b| auth::verify_login_otp(&self.state, b).await).await
    }
    async fn request_email_otp(
        &self,
        r: Request<pb::EmailRequest>,
    ) -> Result<Response<pb::OtpStarted>, Status> {
        call("RequestEmailOtp", r, async |_, b| {
            auth::request_email_otp(&self.state, &b.email, OtpPurpose::Login).await
        })
        .await
    }
    async fn request_password_reset(
        &self,
        r: Request<pb::EmailRequest>,
    ) -> Result<Response<pb::OtpStarted>, Status> {
        call("RequestPasswordReset", r, async |_, b| {
            auth::request_email_otp(&self.state, &b.email, OtpPurpose::PasswordReset).await
        })
        .await
    }
    async fn update_password_with_otp(
        &self,
        r: Request<pb::UpdatePasswordWithOtpRequest>,
    ) -> Result<Response<pb::Ack>, Status> {
        call("UpdatePasswordWithOtp", r, async |_, b| {
            auth::update_password_with_otp(&self.state, b).await
        })
        .await
    }
    async fn update_password_from_profile(
        &self,
        r: Request<pb::UpdatePasswordFromProfileRequest>,
    ) -> Result<Response<pb::Ack>, Status> {
        call("UpdatePasswordFromProfile", r, async |i, b| {
            auth::update_password_from_profile(&self.state, i.as_ref(), &b.new_password).await
        })
        .await
    }
    async fn verify_token(
        &self,
        r: Request<pb::VerifyTokenRequest>,
    ) -> Result<Response<pb::AuthReply>, Status> {
        call("VerifyToken", r, async |_, b| auth::verify_token(&self.state, b).await).await
    }
    async fn refresh_token(
        &self,
        r: Request<pb::Empty>,
    ) -> Result<Response<pb::AuthReply>, Status> {
        call("RefreshToken", r, async |i, _| auth::refresh_token(&self.state, i.as_ref()).await)
            .await
    }
    async fn logout(&self, r: Request<pb::Empty>) -> Result<Response<pb::Ack>, Status> {
        call("Logout", r, async |i, _| auth::logout(&self.state, i.as_ref()).await).await
    }
    async fn send_email_verification(
        &self,
        r: Request<pb::SendEmailVerificationRequest>,
    ) -> Result<Response<pb::Ack>, Status> {
        call("SendEmailVerification", r, async |i, b| {
            auth::send_email_verification(&self.state, i.as_ref(), b).await
        })
        .await
    }
    async fn send_mobile_verification(
        &self,
        r: Request<pb::SendMobileVerificationRequest>,
    ) -> Result<Response<pb::Ack>, Status> {
        call("SendMobileVerification", r, async |i, b| {
            auth::send_mobile_verification(&self.state, i.as_ref(), &b.phone_number).await
        })
        .await
    }
    async fn verify_mobile_otp(
        &self,
        r: Request<pb::VerifyMobileOtpRequest>,
    ) -> Result<Response<pb::Ack>, Status> {
        call("VerifyMobileOtp", r, async |i, b| {
            auth::verify_mobile_otp(&self.state, i.as_ref(), b).await
        })
        .await
    }
    async fn store_email(&self, r: Request<pb::EmailRequest>) -> Result<Response<pb::Ack>, Status> {
        call("StoreEmail", r, async |_, b| {
            profile::capture_email(&self.state, &b.email, "signup_form").await
        })
        .await
    }
    async fn register_potential_user(
        &self,
        r: Request<pb::EmailRequest>,
    ) -> Result<Response<pb::Ack>, Status> {
        call("RegisterPotentialUser", r, async |_, b| {
            profile::capture_email(&self.state, &b.email, "potential_user").await
        })
        .await
    }
    async fn update_profile(
        &self,
        r: Request<pb::UpdateProfileRequest>,
    ) -> Result<Response<pb::UserReply>, Status> {
        call("UpdateProfile", r, async |i, b| {
            profile::update_profile(&self.state, i.as_ref(), b).await
        })
        .await
    }
    async fn get_user(&self, r: Request<pb::IdRequest>) -> Result<Response<pb::UserReply>, Status> {
        call("GetUser", r, async |i, b| profile::get_user(&self.state, i.as_ref(), &b.id).await)
            .await
    }
    async fn get_host(&self, r: Request<pb::IdRequest>) -> Result<Response<pb::HostReply>, Status> {
        call("GetHost", r, async |_, b| profile::get_host(&self.state, &b.id).await).await
    }
    async fn get_public_profiles(
        &self,
        r: Request<pb::PublicProfilesRequest>,
    ) -> Result<Response<pb::PublicProfilesReply>, Status> {
        call("GetPublicProfiles", r, async |_, b| {
            profile::get_public_profiles(&self.state, b).await
        })
        .await
    }
    async fn get_account_kind(
        &self,
        r: Request<pb::IdRequest>,
    ) -> Result<Response<pb::AccountKindReply>, Status> {
        call("GetAccountKind", r, async |_, b| profile::account_kind(&self.state, &b.id).await)
            .await
    }
    async fn add_favourite(
        &self,
        r: Request<pb::IdRequest>,
    ) -> Result<Response<pb::FavouritesReply>, Status> {
        call("AddFavourite", r, async |i, b| {
            profile::add_favourite(&self.state, i.as_ref(), &b.id).await
        })
        .await
    }
    async fn remove_favourite(
        &self,
        r: Request<pb::IdRequest>,
    ) -> Result<Response<pb::FavouritesReply>, Status> {
        call("RemoveFavourite", r, async |i, b| {
            profile::remove_favourite(&self.state, i.as_ref(), &b.id).await
        })
        .await
    }
    async fn list_favourites(
        &self,
        r: Request<pb::Empty>,
    ) -> Result<Response<pb::FavouritesReply>, Status> {
        call("ListFavourites", r, async |i, _| {
            profile::list_favourites(&self.state, i.as_ref()).await
        })
        .await
    }
    async fn list_guest_reviews(
        &self,
        r: Request<pb::IdRequest>,
    ) -> Result<Response<pb::GuestReviewsReply>, Status> {
        call("ListGuestReviews", r, async |_, b| profile::guest_reviews(&self.state, &b.id).await)
            .await
    }
    async fn record_driver_document(
        &self,
        r: Request<pb::RecordDriverDocumentRequest>,
    ) -> Result<Response<pb::DriverDocumentsReply>, Status> {
        call("RecordDriverDocument", r, async |i, b| {
            documents::record(&self.state, i.as_ref(), b).await
        })
        .await
    }
    async fn get_driver_documents(
        &self,
        r: Request<pb::Empty>,
    ) -> Result<Response<pb::DriverDocumentsReply>, Status> {
        call("GetDriverDocuments", r, async |i, _| documents::get(&self.state, i.as_ref()).await)
            .await
    }
    async fn get_driver_license(
        &self,
        r: Request<pb::Empty>,
    ) -> Result<Response<pb::DriverLicense>, Status> {
        call("GetDriverLicense", r, async |i, _| {
            documents::get_license(&self.state, i.as_ref()).await
        })
        .await
    }
    async fn set_driver_license(
        &self,
        r: Request<pb::DriverLicense>,
    ) -> Result<Response<pb::DriverLicense>, Status> {
        call("SetDriverLicense", r, async |i, m| {
            documents::set_license(&self.state, i.as_ref(), m).await
        })
        .await
    }
    async fn get_driver_facts(
        &self,
        r: Request<pb::DriverFactsRequest>,
    ) -> Result<Response<pb::DriverFactsReply>, Status> {
        call("GetDriverFacts", r, async |i, m| {
            documents::driver_facts(&self.state, i.as_ref(), m).await
        })
        .await
    }
    async fn check_driver_documents(
        &self,
        r: Request<pb::Empty>,
    ) -> Result<Response<pb::DriverDocumentsReply>, Status> {
        call("CheckDriverDocuments", r, async |i, _| {
            documents::check(&self.state, i.as_ref()).await
        })
        .await
    }
    async fn generate_temp_token(
        &self,
        r: Request<pb::Empty>,
    ) -> Result<Response<pb::TempTokenReply>, Status> {
        call("GenerateTempToken", r, async |i, _| {
            auth::generate_temp_token(&self.state, i.as_ref()).await
        })
        .await
    }
    async fn captain_login(
        &self,
        r: Request<pb::LoginRequest>,
    ) -> Result<Response<pb::AuthReply>, Status> {
        call("CaptainLogin", r, async |_, b| captains::login(&self.state, b).await).await
    }
    async fn captain_forgot_password(
        &self,
        r: Request<pb::EmailRequest>,
    ) -> Result<Response<pb::OtpStarted>, Status> {
        call("CaptainForgotPassword", r, async |_, b| {
            captains::forgot_password(&self.state, &b.email).await
        })
        .await
    }
    async fn captain_reset_password(
        &self,
        r: Request<pb::UpdatePasswordWithOtpRequest>,
    ) -> Result<Response<pb::Ack>, Status> {
        call("CaptainResetPassword", r, async |_, b| captains::reset_password(&self.state, b).await)
            .await
    }
    async fn list_dev_outbox(
        &self,
        r: Request<pb::ListDevOutboxRequest>,
    ) -> Result<Response<pb::DevOutboxReply>, Status> {
        call("ListDevOutbox", r, async |_, b| dev::outbox(&self.state, &b.to).await).await
    }
    async fn start_google_sign_in(
        &self,
        r: Request<pb::StartGoogleSignInRequest>,
    ) -> Result<Response<pb::StartGoogleSignInReply>, Status> {
        call("StartGoogleSignIn", r, async |_, b| google::start(&self.state, b).await).await
    }
    async fn google_sign_in(
        &self,
        r: Request<pb::GoogleSignInRequest>,
    ) -> Result<Response<pb::GoogleSignInReply>, Status> {
        call("GoogleSignIn", r, async |_, b| google::sign_in(&self.state, b).await).await
    }
    async fn suspend_user(
        &self,
        r: Request<pb::StandingChangeRequest>,
    ) -> Result<Response<pb::StandingReply>, Status> {
        call("SuspendUser", r, async |i, b| {
            standing::change(
                &self.state,
                i.as_ref(),
                crate::domain::standing::StandingAction::Suspend,
                b,
            )
            .await
        })
        .await
    }
    async fn reinstate_user(
        &self,
        r: Request<pb::StandingChangeRequest>,
    ) -> Result<Response<pb::StandingReply>, Status> {
        call("ReinstateUser", r, async |i, b| {
            standing::change(
                &self.state,
                i.as_ref(),
                crate::domain::standing::StandingAction::Reinstate,
                b,
            )
            .await
        })
        .await
    }
    async fn get_user_standing(
        &self,
        r: Request<pb::IdRequest>,
    ) -> Result<Response<pb::StandingReply>, Status> {
        call("GetUserStanding", r, async |i, b| standing::get(&self.state, i.as_ref(), &b.id).await)
            .await
    }
}
