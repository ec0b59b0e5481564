//! The `/v1` route tree. Each module's `routes` registers its handlers; each handler carries
//! its OpenAPI operation (`#[utoipa::path]`: request and answer schemas from the same serde
//! structs the handler reads and writes). [`register`] is the one table: it builds the actix
//! routes and, through utoipa-actix-web, `/v1/openapi.json` ([`openapi`]).

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

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{self, OpenApi as Document, RefOr, Response};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::service_config::ServiceConfig;

/// The document's frame: title, the bearer scheme, the error body. The paths come from
/// [`register`].
#[derive(OpenApi)]
#[openapi(
    info(title = "Upcar API", version = "1.0.0", description = "The `/v1` API of the Upcar car rental marketplace. Every error answer is `{error, message}`."),
    components(schemas(
        crate::error::ErrorBody,
        crate::wire::Text,
        crate::wire::Verbatim,
        crate::wire::Int,
        crate::wire::Number,
        crate::wire::Flag,
        crate::wire::Dollars,
        crate::wire::Place,
        crate::wire::Extras,
        crate::wire::Texts
    )),
    modifiers(&Frame)
)]
struct ApiDoc;

/// Adds the bearer scheme, and the error answers to every operation.
struct Frame;

impl Modify for Frame {
    fn modify(&self, doc: &mut Document) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build(),
            ),
        );
        components.responses.insert(
            "Error".to_owned(),
            RefOr::T(
                openapi::ResponseBuilder::new()
                    .description("An error: `error` is a stable snake_case code, `message` human-readable text")
                    .content(
                        "application/json",
                        openapi::ContentBuilder::new()
                            .schema(Some(openapi::Ref::from_schema_name("ErrorBody")))
                            .build(),
                    )
                    .build(),
            ),
        );
    }
}

/// Every operation answers errors as `{error, message}` (4XX and 5XX).
fn with_error_answers(doc: &mut Document) {
    let error: RefOr<Response> = RefOr::Ref(openapi::Ref::from_response_name("Error"));
    for item in doc.paths.paths.values_mut() {
        for op in [&mut item.get, &mut item.post, &mut item.put, &mut item.delete, &mut item.patch]
            .into_iter()
            .flatten()
        {
            // OpenAPI requires a description on every answer.
            for answer in op.responses.responses.values_mut() {
                if let RefOr::T(r) = answer
                    && r.description.is_empty()
                {
                    r.description = "The answer".to_owned();
                }
            }
            op.responses.responses.entry("4XX".to_owned()).or_insert_with(|| error.clone());
            op.responses.responses.entry("5XX".to_owned()).or_insert_with(|| error.clone());
        }
    }
}

/// Registers every `/v1` route (inside the `/v1` scope). In production configuration the
/// development routes do not exist (404).
pub fn register(cfg: &mut ServiceConfig, development: bool) {
    users::routes(cfg);
    google::routes(cfg);
    files::routes(cfg);
    captains::routes(cfg);
    chat::routes(cfg);
    catalog::routes(cfg);
    pricing::routes(cfg);
    system::routes(cfg);
    trips::routes(cfg);
    trip_extras::routes(cfg);
    if development {
        system::dev_routes(cfg);
        trips::dev_routes(cfg);
    }
}

/// The OpenAPI document of the routes [`register`] serves.
pub fn openapi(development: bool) -> Document {
    use utoipa_actix_web::AppExt;
    let (_, mut doc) = actix_web::App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .service(utoipa_actix_web::scope("/v1").configure(|c| register(c, development)))
        .split_for_parts();
    with_error_answers(&mut doc);
    doc
}
