//! The `/v1` route tree. Each module's `routes` registers its handlers; each handler carries
//! its OpenAPI operation (`#[utoipa::path]`: request and answer schemas from the same serde
//! structs the handler reads and writes). [`register`] is the one table: it builds the actix
//! routes and, through utoipa-actix-web, `/v1/openapi.json` ([`openapi`]).

pub mod activity;
pub mod alternatives;
pub mod calendar;
pub mod captain_tasks;
pub mod captains;
pub mod catalog;
pub mod chat;
pub mod cohost;
pub mod files;
pub mod google;
pub mod hostbusiness;
pub mod hosting;
pub mod license;
pub mod pricing;
pub mod reviews;
pub mod scheduled;
pub mod standing;
pub mod support;
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

/// An operation id from the method and the path (handler names repeat across modules:
/// `users::login` and `captains::login`): `POST /v1/captains/login` is `postCaptainsLogin`.
fn operation_id(method: &str, path: &str) -> String {
    let mut id = method.to_owned();
    for segment in path.split('/').filter(|s| !s.is_empty() && *s != "v1" && !s.starts_with('{')) {
        let mut upper = true;
        for c in segment.chars() {
            if c.is_ascii_alphanumeric() {
                id.push(if upper { c.to_ascii_uppercase() } else { c });
                upper = false;
            } else {
                upper = true;
            }
        }
    }
    id
}

/// The id of an operation whose plain id another path took already: the plain id and the
/// path's parameters (`getAdminTasks` of `/v1/admin/tasks/{id}` is `getAdminTasksById`).
fn distinct_operation_id(method: &str, path: &str) -> String {
    let mut id = operation_id(method, path);
    id.push_str("By");
    for param in path.split('/').filter_map(|s| s.strip_prefix('{')?.strip_suffix('}')) {
        let mut chars = param.chars();
        if let Some(first) = chars.next() {
            id.push(first.to_ascii_uppercase());
            id.extend(chars.filter(char::is_ascii_alphanumeric));
        }
    }
    id
}

/// Every operation answers errors as `{error, message}` (4XX and 5XX) and has a unique id.
fn with_error_answers(doc: &mut Document) {
    let error: RefOr<Response> = RefOr::Ref(openapi::Ref::from_response_name("Error"));
    let mut used = std::collections::HashSet::new();
    for (path, item) in doc.paths.paths.iter_mut() {
        for (method, op) in [
            ("get", &mut item.get),
            ("post", &mut item.post),
            ("put", &mut item.put),
            ("delete", &mut item.delete),
            ("patch", &mut item.patch),
        ]
        .into_iter()
        .filter_map(|(m, op)| op.as_mut().map(|op| (m, op)))
        {
            let mut id = operation_id(method, path);
            if !used.insert(id.clone()) {
                id = distinct_operation_id(method, path);
                used.insert(id.clone());
            }
            op.operation_id = Some(id);
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
    captain_tasks::routes(cfg);
    chat::routes(cfg);
    support::routes(cfg);
    standing::routes(cfg);
    hosting::routes(cfg);
    calendar::routes(cfg);
    license::routes(cfg);
    cohost::routes(cfg);
    scheduled::routes(cfg);
    hostbusiness::routes(cfg);
    catalog::routes(cfg);
    pricing::routes(cfg);
    system::routes(cfg);
    trips::routes(cfg);
    trip_extras::routes(cfg);
    reviews::routes(cfg);
    activity::routes(cfg);
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
    without_doubled_nulls(doc)
}

/// An optional field of a loose type (`Option<Text>`) is documented by utoipa as
/// `oneOf: [Text, null]`, but the loose types already admit `null`, so both branches match a
/// `null` and the `oneOf` (exactly one) fails: validators refuse the document. Such a field is
/// its type's `$ref` alone (its description kept), which says exactly what it accepts.
fn without_doubled_nulls(mut doc: Document) -> Document {
    use openapi::schema::{AdditionalProperties, ArrayItems, Schema, SchemaType, Type};
    type Named = std::collections::HashSet<String>;
    fn admits_null(s: &RefOr<Schema>) -> bool {
        matches!(s, RefOr::T(Schema::Object(o))
            if matches!(&o.schema_type, SchemaType::Array(t) if t.contains(&Type::Null)))
    }
    fn is_null(s: &RefOr<Schema>) -> bool {
        matches!(s, RefOr::T(Schema::Object(o)) if o.schema_type == SchemaType::Type(Type::Null))
    }
    fn walk(s: &mut RefOr<Schema>, nullable: &Named) {
        if let RefOr::T(Schema::OneOf(one)) = s
            && let [a, b] = one.items.as_slice()
        {
            let (r, n) = if is_null(b) { (a, b) } else { (b, a) };
            if let RefOr::Ref(r) = r
                && is_null(n)
                && nullable.contains(&r.ref_location)
            {
                let mut r = r.clone();
                if let Some(d) = one.description.take() {
                    r.description = d;
                }
                *s = RefOr::Ref(r);
                return;
            }
        }
        match s {
            RefOr::T(Schema::Object(o)) => {
                o.properties.values_mut().for_each(|p| walk(p, nullable));
                if let Some(extra) = o.additional_properties.as_deref_mut()
                    && let AdditionalProperties::RefOr(p) = extra
                {
                    walk(p, nullable);
                }
            }
            RefOr::T(Schema::Array(a)) => {
                if let ArrayItems::RefOrSchema(items) = &mut a.items {
                    walk(items, nullable);
                }
            }
            RefOr::T(Schema::OneOf(x)) => x.items.iter_mut().for_each(|i| walk(i, nullable)),
            RefOr::T(Schema::AllOf(x)) => x.items.iter_mut().for_each(|i| walk(i, nullable)),
            RefOr::T(Schema::AnyOf(x)) => x.items.iter_mut().for_each(|i| walk(i, nullable)),
            _ => {}
        }
    }
    let Some(components) = doc.components.as_mut() else { return doc };
    let nullable: Named = components
        .schemas
        .iter()
        .filter(|(_, s)| admits_null(s))
        .map(|(name, _)| format!("#/components/schemas/{name}"))
        .collect();
    components.schemas.values_mut().for_each(|s| walk(s, &nullable));
    for item in doc.paths.paths.values_mut() {
        for op in [&mut item.get, &mut item.post, &mut item.put, &mut item.delete, &mut item.patch]
            .into_iter()
            .flatten()
        {
            for p in op.parameters.iter_mut().flatten() {
                if let RefOr::T(p) = p
                    && let Some(s) = p.schema.as_mut()
                {
                    walk(s, &nullable);
                }
            }
        }
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The OpenAPI document keeps one schema per name: two types of the same name in different
    /// modules would silently document one shape for both (the admin's listing rejection once
    /// showed the trip rejection's body).
    #[test]
    fn schema_types_have_names_of_their_own() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = vec![dir.join("wire.rs")];
        for e in std::fs::read_dir(dir.join("routes")).unwrap() {
            files.push(e.unwrap().path());
        }
        let mut seen: std::collections::BTreeMap<String, String> = Default::default();
        let mut clashes = Vec::new();
        for f in files.iter().filter(|f| f.extension().is_some_and(|x| x == "rs")) {
            let text = std::fs::read_to_string(f).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            for (i, line) in lines.iter().enumerate() {
                if !(line.starts_with("#[derive(") && line.contains("ToSchema")) {
                    continue;
                }
                // The type follows its attributes and doc lines.
                let Some(decl) = lines[i + 1..]
                    .iter()
                    .find(|l| l.starts_with("pub struct ") || l.starts_with("pub enum "))
                else {
                    continue;
                };
                let name: String = decl
                    .split_whitespace()
                    .nth(2)
                    .unwrap_or_default()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let here = f.file_name().unwrap().to_string_lossy().into_owned();
                if let Some(first) = seen.insert(name.clone(), here.clone())
                    && first != here
                {
                    clashes.push(format!("{name}: {first} and {here}"));
                }
            }
        }
        assert!(seen.len() > 100, "the scan found the schema types ({})", seen.len());
        assert!(clashes.is_empty(), "schema names used twice: {clashes:?}");
    }

    #[test]
    fn operation_ids_come_from_method_and_path_and_are_unique() {
        assert_eq!(operation_id("post", "/v1/captains/login"), "postCaptainsLogin");
        assert_eq!(operation_id("get", "/v1/users/getuser/{id}"), "getUsersGetuser");
        assert_eq!(operation_id("post", "/v1/coupons/potential-user"), "postCouponsPotentialUser");
        assert_eq!(distinct_operation_id("get", "/v1/admin/tasks/{id}"), "getAdminTasksById");
        let doc = openapi(true);
        let mut seen = std::collections::BTreeSet::new();
        for item in doc.paths.paths.values() {
            for op in
                [&item.get, &item.post, &item.put, &item.delete, &item.patch].into_iter().flatten()
            {
                let id = op.operation_id.clone().unwrap_or_default();
                assert!(seen.insert(id.clone()), "{id} twice");
            }
        }
        assert!(seen.len() > 100, "{}", seen.len());
    }
}
