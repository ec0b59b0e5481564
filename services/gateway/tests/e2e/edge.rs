//! The HTTP edge itself: typed bodies and queries, every error as JSON, security headers,
//! and the OpenAPI document the routes are registered from.

use crate::helpers::*;
use serde_json::{Value, json};

#[tokio::test]
async fn a_badly_typed_field_is_a_400_naming_it_and_loose_values_are_read() {
    let (s, b) = parts(
        post(
            "/v1/users/sign-up",
            json!({"firstName": "Ada", "promotions_enrollment": "maybe"}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, 400, "{b}");
    assert_eq!(b["error"], "invalid_body");
    assert_eq!(b["message"], "promotions_enrollment: must be true or false");
    let (s, b) = parts(get("/v1/chat/rooms?limit=ten", Some(&sign_up().await.token)).await).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("invalid_query")), "{b}");
    assert_eq!(b["message"], "limit: must be a whole number");
    // A number where the spec has text is read as its text (here: an unknown email).
    let (s, b) = parts(post("/v1/users/storeEmail", json!({"email": 12345}), None).await).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("email_invalid")), "{b}");
}

#[tokio::test]
async fn a_body_that_is_not_json_or_too_large_is_a_json_error() {
    let r = client()
        .post(format!("{}/v1/users/login", stack().base))
        .header("content-type", "text/plain")
        .body("email=x")
        .send()
        .await
        .expect("send");
    let (s, b) = parts(r).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("invalid_content_type")), "{b}");
    let big = "x".repeat(300 * 1024);
    let (s, b) = parts(post("/v1/users/login", json!({"email": big}), None).await).await;
    assert_eq!((s, b["error"].as_str()), (413, Some("payload_too_large")), "{b}");
    let r = client()
        .post(format!("{}/v1/users/login", stack().base))
        .header("content-type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .expect("send");
    let (s, b) = parts(r).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("invalid_body")), "{b}");
}

#[tokio::test]
async fn a_known_path_with_another_method_is_405_with_allow() {
    let r = client().delete(format!("{}/v1/users/login", stack().base)).send().await.expect("send");
    assert_eq!(r.headers()["allow"], "POST");
    let (s, b) = parts(r).await;
    assert_eq!((s, b["error"].as_str()), (405, Some("method_not_allowed")), "{b}");
    let (s, b) = parts(get("/v1/users/sign-up", None).await).await;
    assert_eq!((s, b["error"].as_str()), (405, Some("method_not_allowed")), "{b}");
    // An unknown path stays 404.
    let r = client().delete(format!("{}/v1/no/such", stack().base)).send().await.expect("send");
    let (s, b) = parts(r).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("route_not_found")), "{b}");
}

#[tokio::test]
async fn a_request_target_over_8_kib_is_414_in_json() {
    let long = "a".repeat(9 * 1024);
    let (s, b) = parts(get(&format!("/v1/cars/search?make={long}"), None).await).await;
    assert_eq!((s, b["error"].as_str()), (414, Some("uri_too_long")), "{b}");
}

#[tokio::test]
async fn answers_carry_security_headers_and_signed_in_ones_are_not_stored() {
    let r = get("/v1/api/enums/carTypes", None).await;
    let h = r.headers();
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["referrer-policy"], "strict-origin-when-cross-origin");
    assert!(h["content-security-policy"].to_str().unwrap().contains("frame-ancestors 'none'"));
    assert!(h.get("strict-transport-security").is_none(), "no HSTS over plain development HTTP");
    let u = sign_up().await;
    let r = get(&format!("/v1/users/getuser/{}", u.id), Some(&u.token)).await;
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.headers()["cache-control"], "no-store");
    // Errors too are JSON with the headers.
    let r = get("/v1/users/getFavCars", None).await;
    assert_eq!(r.headers()["x-content-type-options"], "nosniff");
    let (s, b) = parts(r).await;
    assert_eq!((s, b["error"].as_str()), (401, Some("token_missing")));
}

#[tokio::test]
async fn favourites_answer_the_cars_cards() {
    let u = sign_up().await;
    let (_, search) =
        parts(get("/v1/cars/search?latitude=37.5485&longitude=-121.9886", None).await).await;
    let car = first_demo_car(&search);
    let (s, b) =
        parts(post(&format!("/v1/users/addFav/{car}"), json!({}), Some(&u.token)).await).await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = parts(get("/v1/users/getFavCars", Some(&u.token)).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["favoriteCars"], json!([car]));
    let card = &b["data"][0];
    assert_eq!(card["_id"], car.as_str());
    assert_eq!(card["carId"], car.as_str());
    assert_eq!(card["isFav"], true);
    for field in ["make", "model", "carYear", "dailyPrice", "primaryPhotoUrl", "address", "addedAt"]
    {
        assert!(card.get(field).is_some_and(|v| !v.is_null()), "{field} missing: {card}");
    }
}

#[tokio::test]
async fn the_openapi_document_carries_request_and_answer_schemas() {
    let (s, doc) = parts(get("/v1/openapi.json", None).await).await;
    assert_eq!(s, 200);
    assert_eq!(doc["openapi"].as_str().map(|v| &v[..2]), Some("3."));
    let op = &doc["paths"]["/v1/users/sign-up"]["post"];
    assert_eq!(
        op["requestBody"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/SignUpBody"
    );
    assert_eq!(
        op["responses"]["201"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/Session"
    );
    assert_eq!(op["responses"]["4XX"]["$ref"], "#/components/responses/Error");
    let schemas = &doc["components"]["schemas"];
    for field in ["firstName", "email", "password", "signUpCode", "termsAccepted"] {
        assert!(schemas["SignUpBody"]["properties"].get(field).is_some(), "SignUpBody.{field}");
    }
    for field in ["_id", "userId", "user_id", "preBookVerifNeededFields", "hasPaymentMethod"] {
        assert!(schemas["User"]["properties"].get(field).is_some(), "User.{field}");
    }
    // Signed-in calls say so.
    let get_user = &doc["paths"]["/v1/users/getuser/{id}"]["get"];
    assert_eq!(get_user["security"], json!([{"bearer": []}]));
    // Every $ref points at something the document holds.
    let text = doc.to_string();
    for piece in text.split("\"$ref\":\"#/components/").skip(1) {
        let target = piece.split('"').next().unwrap_or_default();
        let (kind, name) = target.split_once('/').expect("kind/name");
        assert!(!doc["components"][kind][name].is_null(), "dangling $ref {target}");
    }
    let _: &Value = &doc;
}
