//! The `/v1` route tree. [`ROUTES`] documents every route (it feeds `/v1/openapi.json`) and a
//! test checks that each documented route is actually served.

pub mod body;
pub mod captains;
pub mod catalog;
pub mod chat;
pub mod files;
pub mod google;
pub mod pricing;
pub mod system;
pub mod trip_extras;
pub mod trips;
pub mod users;

use actix_web::web;
use serde_json::{Map, Value, json};

/// Who may call a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone.
    Public,
    /// A signed-in guest/host.
    User,
    /// A guest/host, or the phone flow's temporary upload token.
    UploadToken,
    /// A signed-in captain.
    Captain,
    /// Development mode only.
    Dev,
    /// A signed URL.
    Signed,
}

/// One documented route.
pub struct RouteDoc {
    pub method: &'static str,
    pub path: &'static str,
    pub summary: &'static str,
    pub access: Access,
}

macro_rules! routes {
    ($($m:literal $p:literal $a:ident $s:literal;)*) => {
        /// Every `/v1` route.
        pub const ROUTES: &[RouteDoc] = &[$(RouteDoc { method: $m, path: $p, summary: $s, access: Access::$a }),*];
    };
}

routes! {
    "POST" "/v1/users/sign-up" Public "Create an account (invitation code or professional email); 201";
    "POST" "/v1/users/validateInvitationCodeForSignUp" Public "Check an invitation code";
    "GET" "/v1/users/auth/google" Public "Google sign-up/sign-in in a new window: 302 to the provider (signUpCode, nextPage, termsAccepted)";
    "GET" "/v1/users/auth/google/callback" Public "The provider's redirect: a page storing token and user in localStorage (JSON unless Accept has text/html)";
    "POST" "/v1/users/login" Public "Log in with email and password, or start a phone code login";
    "POST" "/v1/users/login/phone" Public "Send a login code by SMS";
    "POST" "/v1/users/login/otp" Public "Log in with a phone or email code";
    "POST" "/v1/users/login/updatePasswordFromProfile" User "Change the password";
    "POST" "/v1/users/login/updatePasswordWithOTP" Public "Set a new password with an emailed code";
    "POST" "/v1/users/requestLoginWithOTP" Public "Email a login code";
    "POST" "/v1/users/resetPasswordWithOTP" Public "Email a password reset code";
    "POST" "/v1/users/emailVerifyWithOTP" User "Email a verification code";
    "POST" "/v1/users/sendEmail" User "Email a verification code (userId, firstName)";
    "POST" "/v1/users/sendMobileVerification" User "Text a verification code";
    "POST" "/v1/users/verifyMobileOTP" User "Verify the phone number";
    "POST" "/v1/users/verifyToken" Public "Check a token and read its user";
    "POST" "/v1/users/refreshToken" User "Exchange a token with 3600 s or less left";
    "GET" "/v1/logout" User "Revoke the token";
    "POST" "/v1/users/storeEmail" Public "Remember an email typed in the sign-up form";
    "PUT" "/v1/users/profile" User "Update the profile";
    "GET" "/v1/users/getuser/{id}" User "Read one's own profile";
    "GET" "/v1/users/gethost/{id}" Public "Read a host's public card";
    "POST" "/v1/users/addFav/{carId}" User "Add a favourite car";
    "POST" "/v1/users/removeFav/{carId}" User "Remove a favourite car";
    "GET" "/v1/users/getFavCars" User "List favourite cars";
    "POST" "/v1/coupons/potential-user" Public "Register an email for the first-trip offer";
    "GET" "/v1/guestReviews/getReviews/{userId}" Public "Reviews hosts wrote about a guest";
    "POST" "/v1/users/addDlImages" UploadToken "Upload licence images (form: images, fileType)";
    "POST" "/v1/users/uploadInsurance" User "Upload an insurance photo (form: image)";
    "POST" "/v1/users/uploadDriverDocument" UploadToken "Upload one driver document (form: file, type dl|dlBackSide|selfie)";
    "GET" "/v1/users/driverDocuments" UploadToken "Driver documents status";
    "GET" "/v1/users/checkDlAndSelfieKeys" User "400 unless licence front, back and selfie are on file";
    "POST" "/v1/session/generate-temp-token" User "A 15-minute token for the phone upload flow";
    "POST" "/v1/image/generatePresignedUrlsForUpload" User "Presigned upload URLs for files[fileName, fileType]";
    "POST" "/v1/image/uploadPdf" User "Upload a PDF (form: file)";
    "POST" "/v1/image/uploadSecretImages" User "Upload private images (form: images)";
    "POST" "/v1/image/generateSecretImagePresignedUrlNew" User "A short link to one's private file";
    "PUT" "/v1/files/{key}" Signed "Upload to a presigned URL";
    "GET" "/v1/files/{key}" Signed "Download a file (private files need a signed link)";
    "GET" "/v1/cars/search" Public "Search cars free for the dates near a place (fromDate, fromTime, untilDate, untilTime, latitude, longitude, filters, sortBy, page)";
    "GET" "/v1/cars/findAvailableCarsNearAddress" Public "The same search with the newStartDate/newEndDate/sortOrder/carType/minSeats names";
    "GET" "/v1/cars/getCar/{carId}" Public "A car's page data";
    "GET" "/v1/cars/isCarAvailableForTheseDates/{id}" Public "Whether a car is free for the dates (400 with a message when not)";
    "GET" "/v1/calendar/getBlockedOrBookedDates" Public "Days of a month on which a car is booked or blocked (carId, year, month)";
    "GET" "/v1/api/enums/{name}" Public "availableCarMakes, carMakes, carTypes, carOdometers, statesList, carSpecialFeatures, carFeatures";
    "GET" "/v1/car-makes-models/{make}" Public "Models of a make";
    "GET" "/v1/places/autocomplete" Public "Place suggestions from 3 characters, grouped City, Airport, Hotel, Address (input)";
    "GET" "/v1/places/details/{id}" Public "Place details (displayName, formatted_address, location, types) of a suggested placeId; 404 unknown";
    "GET" "/v1/places/geocode" Public "Geocoding: address= gives the best matches; latitude=&longitude= (or latlng=) the nearest places with distanceMiles";
    "GET" "/v1/allai/getSearchParams" Public "Search parameters from free text (query)";
    "GET" "/v1/cars/getRatings/{carId}" Public "A car's rating, category ratings and reviews, newest first, 50 a page (page)";
    "POST" "/v1/cars/reportListing/{id}" User "Report a listing {reportType, reason}; once per car a day; the car stays listed";
    "POST" "/v1/cars/calculateMaxDeliveryDistance/{id}" Public "Miles from the car to deliveryLocation.coordinates [lng, lat] and whether the host delivers that far";
    "GET" "/v1/cars/getCarsByOwner/{id}" Public "A host's listed cars for the public profile, best rated first, 6 a page (page, limit); total";
    "GET" "/v1/cars/getStaticCarsByType" Public "The home grid: 15 best-rated cars (type: All, Evs, Convertibles, 7 Seater, Luxury)";
    "GET" "/v1/statics/featured-car" Public "The featured car: best rated with 5 ratings or more";
    "GET" "/v1/tripPrice/getTripPrice" Public "A car's price for dates (carId, newStartDate, newStartTime, newEndDate, newEndTime, age) with a quote id";
    "POST" "/v1/tripPrice/getTripPrices" Public "Many cars for one window {carId: [...], startTime, endTime, age}; cars that cannot be priced are left out";
    "GET" "/v1/cars/checkPrices/{ids}" Public "Prices of a search page's cars (ids comma separated; requestId or dates); status ready or pending";
    "GET" "/v1/tripPrice/getPricesByRequestId/{requestId}" Public "A search page's prices keyed by car id";
    "POST" "/v1/tripPrice/getFinalTripPrice" User "The checkout price with extras, protection plan, age, delivery, coupon and return options; its quoteId books it";
    "POST" "/v1/tripPrice/getModifiedTripPrice" User "A booked trip priced with new dates, or new extras and plan, and the difference";
    "GET" "/v1/tripPrice/getTripRefundPrice" User "What cancelling a trip now gives back (tripId)";
    "POST" "/v1/tripPrice/validateCoupon" User "Check a coupon code {couponCode}";
    "POST" "/v1/tripPrice/getProtectionPlanPrice" User "A plan's price for a trip price {protectionPlanType, finalTripPrice}";
    "GET" "/v1/trips/protectionPlans" Public "Protection plans: Standard, Minimum, Decline, with coverage lines";
    "POST" "/v1/trips/createTrip" User "Book a car: the Trip entity (carId, newStartDate, newStartTime, newEndDate, newEndTime, extras, protectionPlanType, pickUpLocation, couponCode, finalPrice, ...) and quoteId; header Idempotency-Key; 201";
    "GET" "/v1/trips/getTrip/{id}" User "A trip, for its guest, its car's host or an admin";
    "POST" "/v1/trips/cancelTrip" User "Cancel a trip {tripId, cancelReason, refundAmount}; the policy decides the refund; header Idempotency-Key";
    "POST" "/v1/trips/acceptTrip/{id}" User "The host confirms a requested trip (no change when already confirmed)";
    "POST" "/v1/trips/rejectTrip/{id}" User "The host turns a request down {rejectReason?}";
    "GET" "/v1/trips/getInProgressAndFutureTrips" User "The guest's trips in progress and to come";
    "GET" "/v1/trips/getAllPastTripsForUserSortByDate" User "The guest's past, cancelled and rejected trips, newest first";
    "GET" "/v1/trips/getAllFutureBookingsForHostSortByDate" User "Bookings of the host's cars to come (404 when none)";
    "GET" "/v1/trips/getAllPastBookingsForHostSortByDate" User "Past bookings of the host's cars (404 when none)";
    "GET" "/v1/host/getPastTripsForHost" User "Past trips of the host's cars (404 when none)";
    "GET" "/v1/cars/isUserAvailableForTheDates" User "Whether the caller holds no trip in the window (startDate, startTime, endDate, endTime)";
    "POST" "/v1/payment/stripe/addPaymentMethod" User "Add a card {paymentMethodId, billingDetails}; it becomes the primary one";
    "POST" "/v1/payment/stripe/getPrimaryPaymentMethod" User "The caller's primary card";
    "POST" "/v1/users/getPaymentInfo" User "The caller's card {userId, paymentMethodId}";
    "GET" "/v1/transaction/getTransactionHistory" User "The caller's charges, refunds, earnings and payouts from the ledger (year)";
    "GET" "/v1/payment/stripe/hostStripeOnboardingStatus" User "The caller's payout account and its onboarding status (not_started, pending, complete)";
    "POST" "/v1/payment/stripe/hostStripeAccountSetup" User "Create the caller's payout account if needed and answer an onboarding link {createOnboardingLinkOnly}";
    "POST" "/v1/trips/checkIn/{tripId}" User "Check in {role, photoUrls, type: exterior|interior}: starts the trip (from 30 min before the start); photos for 30 min after";
    "POST" "/v1/trips/checkout/{tripId}" User "Check out {role, photoUrls, type}: completes the trip; photos for 30 min after";
    "GET" "/v1/trips/getCheckInAndCheckoutPhotos/{id}" User "A trip's handover photos with server time and SHA-256";
    "POST" "/v1/trips/createModifyTripRequest" User "Ask to change a confirmed trip {tripId, newStartDate, newStartTime, newEndDate, newEndTime | extras, protectionPlanType, message}";
    "POST" "/v1/trips/cancelModifyRequest" User "Withdraw one's modification request {tripId}";
    "POST" "/v1/trips/respondToModifyRequest" User "Answer the other party's modification request {tripId, response: accept|decline, message}";
    "GET" "/v1/trips/getIncidentalOptions/{id}" User "The incidentals a host may charge on a trip, each with its rule and the trip's rates";
    "GET" "/v1/trips/getIncidentals/{id}" User "A trip's incidentals (role: guest|host, the caller's side) with pending and paid totals";
    "POST" "/v1/trips/addIncidentals/{id}" User "The host adds incidentals {incidentals: [{type, description, amount, milesDriven, improperReturn}]}; amounts computed from the rules";
    "POST" "/v1/trips/modifyIncidentals/{id}" User "The host removes pending incidentals {incidentalIds}";
    "POST" "/v1/trips/acceptIncidentals" User "The guest accepts and pays the pending incidentals {tripId, priceToPay}; header Idempotency-Key";
    "GET" "/v1/trips/getAllReportIssuesOption/{id}" User "The issue types the trip's guest or host can report";
    "POST" "/v1/trips/reportIssue/{id}" User "Report an issue {type, description, photoUrls}";
    "GET" "/v1/trips/getTripIssueCharges/{id}" User "Charges per issue type [{type, label, charges: {name: {price}}}] and the trip's issue reports";
    "POST" "/v1/trips/attachReportPhotos/{id}" User "Attach photos {kind: report-issue|report-damage|incidence, category, photoUrls}";
    "GET" "/v1/trips/getRentalAgreement/{tripId}" Public "The rental agreement (signed in, or token: a session or the trip's agreement token)";
    "POST" "/v1/trips/addAdditionalDriver" User "The guest invites additional drivers {tripId, additionalDriverEmails} (3 at most)";
    "POST" "/v1/additionaldriver/verification" User "Check an additional-driver invitation {token} for the signed-in invitee";
    "POST" "/v1/additionaldriver/addDriverToTrip" User "Join a trip as an additional driver {token} (single use)";
    "GET" "/v1/chat/rooms" User "The caller's chat rooms in one view (userType: guest|host, limit: 10, currentPage), newest message first";
    "GET" "/v1/chat/getChatRoom" User "One chat room, for its guest or host (roomId, userType)";
    "POST" "/v1/captains/login" Public "Captain login";
    "POST" "/v1/captains/forgot-password" Public "Email a captain password reset code";
    "POST" "/v1/captains/reset-password" Public "Set a captain password with a code";
    "POST" "/v1/captains/image/generatePresignedUrlsForUpload" Captain "Presigned upload URLs for captain photos";
    "GET" "/v1/dev/outbox" Dev "Emails and SMS sent to an address (development only)";
    "GET" "/v1/dev/payment/stripe/completeOnboarding/{accountId}" Dev "The local payment provider's onboarding form, completed at once (development only)";
    "GET" "/v1/openapi.json" Public "This document";
}

/// Registers every `/v1` route.
pub fn configure(cfg: &mut web::ServiceConfig, development: bool) {
    use actix_web::web::{get, post, put};
    let upload_limit = web::PayloadConfig::new(files::MAX_UPLOAD_BYTES as usize + 1024);
    cfg.service(
        web::scope("/v1")
            .route("/users/sign-up", post().to(users::sign_up))
            .route(
                "/users/validateInvitationCodeForSignUp",
                post().to(users::validate_invitation_code),
            )
            .route("/users/auth/google", get().to(google::start))
            .route("/users/auth/google/callback", get().to(google::callback))
            .route("/users/login", post().to(users::login))
            .route("/users/login/phone", post().to(users::login_phone))
            .route("/users/login/otp", post().to(users::login_otp))
            .route(
                "/users/login/updatePasswordFromProfile",
                post().to(users::update_password_from_profile),
            )
            .route("/users/login/updatePasswordWithOTP", post().to(users::update_password_with_otp))
            .route("/users/requestLoginWithOTP", post().to(users::request_login_with_otp))
            .route("/users/resetPasswordWithOTP", post().to(users::reset_password_with_otp))
            .route("/users/emailVerifyWithOTP", post().to(users::email_verify_with_otp))
            .route("/users/sendEmail", post().to(users::send_email))
            .route("/users/sendMobileVerification", post().to(users::send_mobile_verification))
            .route("/users/verifyMobileOTP", post().to(users::verify_mobile_otp))
            .route("/users/verifyToken", post().to(users::verify_token))
            .route("/users/refreshToken", post().to(users::refresh_token))
            .route("/logout", get().to(users::logout))
            .route("/users/logout", post().to(users::logout))
            .route("/users/storeEmail", post().to(users::store_email))
            .route("/users/profile", put().to(users::update_profile))
            .route("/users/getuser/{id}", get().to(users::get_user))
            .route("/users/gethost/{id}", get().to(users::get_host))
            .route("/users/addFav/{carId}", post().to(users::add_fav))
            .route("/users/removeFav/{carId}", post().to(users::remove_fav))
            .route("/users/getFavCars", get().to(users::get_fav_cars))
            .route("/coupons/potential-user", post().to(users::potential_user))
            .route("/guestReviews/getReviews/{userId}", get().to(users::guest_reviews))
            .route("/users/addDlImages", post().to(files::add_dl_images))
            .route("/users/uploadInsurance", post().to(files::upload_insurance))
            .route("/users/uploadDriverDocument", post().to(files::upload_driver_document))
            .route("/users/driverDocuments", get().to(files::driver_documents_route))
            .route("/users/checkDlAndSelfieKeys", get().to(users::check_dl_and_selfie_keys))
            .route("/session/generate-temp-token", post().to(users::generate_temp_token))
            .route(
                "/image/generatePresignedUrlsForUpload",
                post().to(files::generate_presigned_urls),
            )
            .route("/image/uploadPdf", post().to(files::upload_pdf))
            .route("/image/uploadSecretImages", post().to(files::upload_secret_images))
            .route("/image/generateSecretImagePresignedUrlNew", post().to(files::secret_image_url))
            .service(
                web::resource("/files/{key:.+}")
                    .app_data(upload_limit)
                    .route(put().to(files::put_file))
                    .route(get().to(files::get_file)),
            )
            .route("/cars/search", get().to(catalog::search))
            .route("/cars/findAvailableCarsNearAddress", get().to(catalog::search))
            .route("/cars/getCar/{carId}", get().to(catalog::get_car))
            .route("/cars/isCarAvailableForTheseDates/{id}", get().to(catalog::is_car_available))
            .route("/calendar/getBlockedOrBookedDates", get().to(catalog::blocked_dates))
            .route("/api/enums/{name}", get().to(catalog::list_enum))
            .route("/car-makes-models/{make}", get().to(catalog::models_for_make))
            .route("/places/autocomplete", get().to(catalog::autocomplete))
            .route("/places/details/{id}", get().to(catalog::place_details))
            .route("/places/geocode", get().to(catalog::geocode))
            .route("/allai/getSearchParams", get().to(catalog::search_params))
            .route("/cars/getRatings/{carId}", get().to(catalog::get_ratings))
            .route("/cars/reportListing/{id}", post().to(catalog::report_listing))
            .route(
                "/cars/calculateMaxDeliveryDistance/{id}",
                post().to(catalog::calculate_max_delivery_distance),
            )
            .route("/cars/getStaticCarsByType", get().to(catalog::static_cars_by_type))
            .route("/cars/getCarsByOwner/{id}", get().to(catalog::cars_by_owner))
            .route("/statics/featured-car", get().to(catalog::featured_car))
            .route("/tripPrice/getTripPrice", get().to(pricing::get_trip_price))
            .route("/tripPrice/getTripPrices", post().to(pricing::get_trip_prices))
            .route("/cars/checkPrices/{ids}", get().to(pricing::check_prices))
            .route(
                "/tripPrice/getPricesByRequestId/{requestId}",
                get().to(pricing::prices_by_request),
            )
            .route("/tripPrice/getFinalTripPrice", post().to(pricing::get_final_trip_price))
            .route("/tripPrice/getModifiedTripPrice", post().to(pricing::get_modified_trip_price))
            .route("/tripPrice/getTripRefundPrice", get().to(pricing::get_trip_refund_price))
            .route("/tripPrice/validateCoupon", post().to(pricing::validate_coupon))
            .route(
                "/tripPrice/getProtectionPlanPrice",
                post().to(pricing::get_protection_plan_price),
            )
            .route("/trips/protectionPlans", get().to(pricing::protection_plans))
            .route("/trips/createTrip", post().to(trips::create_trip))
            .route("/trips/getTrip/{id}", get().to(trips::get_trip))
            .route("/trips/cancelTrip", post().to(trips::cancel_trip))
            .route("/trips/acceptTrip/{id}", post().to(trips::accept_trip))
            .route("/trips/rejectTrip/{id}", post().to(trips::reject_trip))
            .route("/trips/getInProgressAndFutureTrips", get().to(trips::guest_current))
            .route("/trips/getAllPastTripsForUserSortByDate", get().to(trips::guest_past))
            .route("/trips/getAllFutureBookingsForHostSortByDate", get().to(trips::host_future))
            .route("/trips/getAllPastBookingsForHostSortByDate", get().to(trips::host_past))
            .route("/host/getPastTripsForHost", get().to(trips::host_past_trips))
            .route("/cars/isUserAvailableForTheDates", get().to(trips::is_user_available))
            .route("/payment/stripe/addPaymentMethod", post().to(trips::add_payment_method))
            .route(
                "/payment/stripe/getPrimaryPaymentMethod",
                post().to(trips::primary_payment_method),
            )
            .route("/users/getPaymentInfo", post().to(trips::primary_payment_method))
            .route("/transaction/getTransactionHistory", get().to(trips::transaction_history))
            .route("/payment/stripe/hostStripeOnboardingStatus", get().to(trips::onboarding_status))
            .route("/payment/stripe/hostStripeAccountSetup", post().to(trips::account_setup))
            .route("/trips/checkIn/{tripId}", post().to(trips::check_in))
            .route("/trips/checkout/{tripId}", post().to(trips::checkout))
            .route("/trips/getCheckInAndCheckoutPhotos/{id}", get().to(trips::photos))
            .route("/trips/createModifyTripRequest", post().to(trips::create_modify_request))
            .route("/trips/cancelModifyRequest", post().to(trips::cancel_modify_request))
            .route("/trips/respondToModifyRequest", post().to(trips::respond_to_modify_request))
            .route("/trips/getIncidentalOptions/{id}", get().to(trip_extras::incidental_options))
            .route("/trips/getIncidentals/{id}", get().to(trip_extras::incidentals))
            .route("/trips/addIncidentals/{id}", post().to(trip_extras::add_incidentals))
            .route("/trips/modifyIncidentals/{id}", post().to(trip_extras::modify_incidentals))
            .route("/trips/acceptIncidentals", post().to(trip_extras::accept_incidentals))
            .route(
                "/trips/getAllReportIssuesOption/{id}",
                get().to(trip_extras::report_issue_options),
            )
            .route("/trips/reportIssue/{id}", post().to(trip_extras::report_issue))
            .route("/trips/getTripIssueCharges/{id}", get().to(trip_extras::trip_issue_charges))
            .route("/trips/attachReportPhotos/{id}", post().to(trip_extras::attach_report_photos))
            .route("/trips/getRentalAgreement/{tripId}", get().to(trip_extras::rental_agreement))
            .route("/trips/addAdditionalDriver", post().to(trip_extras::add_additional_driver))
            .route(
                "/additionaldriver/verification",
                post().to(trip_extras::verify_additional_driver),
            )
            .route("/additionaldriver/addDriverToTrip", post().to(trip_extras::add_driver_to_trip))
            .route("/chat/rooms", get().to(chat::rooms))
            .route("/chat/getChatRoom", get().to(chat::get_chat_room))
            .route("/captains/login", post().to(captains::login))
            .route("/captains/forgot-password", post().to(captains::forgot_password))
            .route("/captains/reset-password", post().to(captains::reset_password))
            .route(
                "/captains/image/generatePresignedUrlsForUpload",
                post().to(files::captain_presigned_urls),
            )
            .route("/openapi.json", get().to(system::openapi))
            .configure(|c| {
                // In production configuration the dev routes do not exist (404).
                if development {
                    c.route("/dev/outbox", get().to(system::dev_outbox)).route(
                        "/dev/payment/stripe/completeOnboarding/{accountId}",
                        get().to(trips::complete_local_onboarding),
                    );
                }
            }),
    );
}

/// OpenAPI 3.1 document of [`ROUTES`].
pub fn openapi_document() -> Value {
    let mut paths = Map::new();
    for r in ROUTES {
        let mut op = json!({
            "summary": r.summary,
            "responses": {
                "200": {"description": "OK"},
                "400": {"$ref": "#/components/responses/Error"},
                "401": {"$ref": "#/components/responses/Error"},
                "404": {"$ref": "#/components/responses/Error"},
                "429": {"$ref": "#/components/responses/Error"}
            }
        });
        if matches!(r.access, Access::User | Access::UploadToken | Access::Captain) {
            op["security"] = json!([{"bearer": []}]);
        }
        let params: Vec<Value> = r
            .path
            .split('/')
            .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .map(|name| json!({"name": name, "in": "path", "required": true, "schema": {"type": "string"}}))
            .collect();
        if !params.is_empty() {
            op["parameters"] = Value::Array(params);
        }
        let entry = paths.entry(r.path.to_owned()).or_insert_with(|| json!({}));
        entry[r.method.to_lowercase()] = op;
    }
    json!({
        "openapi": "3.1.0",
        "info": {"title": "Upcar API", "version": "1.0.0"},
        "servers": [{"url": "/"}],
        "paths": paths,
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}},
            "schemas": {"Error": {"type": "object", "required": ["error", "message"], "properties": {
                "error": {"type": "string", "description": "stable snake_case code"},
                "message": {"type": "string"}
            }}},
            "responses": {"Error": {"description": "Error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}
        }
    })
}
