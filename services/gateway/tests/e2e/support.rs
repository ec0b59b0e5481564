//! Service tickets through the gateway (spec 000 s. 4.8, 7, 8, 9): filed anonymously or signed
//! in, with the spec's defaults and texts; handled by support; and the conversation of a
//! ticket between its creator and support, over HTTP and the socket's `support-{ticketId}`.

use crate::helpers::*;
use crate::trips::login;
use serde_json::json;
use std::time::Duration;
use upcar_testkit::ws::WsClient;

const WAIT: Duration = Duration::from_secs(5);

async fn admin() -> String {
    login("admin@demo.local", "DemoAdmin123!").await
}

#[tokio::test]
async fn tickets_are_filed_anonymously_or_signed_in_with_the_specs_defaults_and_texts() {
    // Anonymous: name and email are required, with the spec's texts.
    for (body, code, message) in [
        (
            json!({"email": "ana@example.com", "title": "Refund", "description": "Where?"}),
            "name_required",
            "Name is required",
        ),
        (
            json!({"name": "Ana", "title": "Refund", "description": "Where?"}),
            "email_required",
            "Please enter your email address",
        ),
        (
            json!({"name": "Ana", "email": "ana@", "title": "Refund", "description": "Where?"}),
            "invalid_email",
            "Please enter a valid email address",
        ),
        (
            json!({"name": "Ana", "email": "ana@example.com", "description": "Where?"}),
            "title_required",
            "Title is required",
        ),
        (
            json!({"name": "Ana", "email": "ana@example.com", "title": "Refund"}),
            "description_required",
            "Description is required",
        ),
    ] {
        let (s, b) = parts(post("/v1/admin/tasks", body.clone(), None).await).await;
        assert_eq!(
            (s, b["error"].as_str(), b["message"].as_str()),
            (400, Some(code), Some(message)),
            "{body}"
        );
    }
    // The spec's client sends every field; only support's own choices are kept.
    let body = json!({
        "name": "Ana", "email": "ana@example.com", "title": "Refund", "description": "Where is it?",
        "priority": "low", "status": "resolved", "assignedTo": "me",
        "metadata": {"createdBy": "someone", "source": "elsewhere"},
    });
    let (s, b) = parts(post("/v1/admin/tasks", body, None).await).await;
    assert_eq!(s, 201, "{b}");
    assert_eq!(
        (b["status"].as_bool(), b["message"].as_str()),
        (Some(true), Some("Service Ticket Created Successfully!"))
    );
    let t = &b["data"];
    assert_eq!(
        (t["priority"].as_str(), t["status"].as_str(), t["assignedTo"].as_str()),
        (Some("high"), Some("pending"), Some("support_team"))
    );
    assert_eq!(t["metadata"], json!({"createdBy": "", "source": "support_page"}));
    let anonymous_id = t["id"].as_str().unwrap().to_owned();
    // Signed in: name and email from the profile.
    let u = sign_up().await;
    let (s, b) = parts(
        post(
            "/v1/admin/tasks",
            json!({"title": "Car was dirty", "description": "Seats"}),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 201, "{b}");
    assert_eq!(
        (b["data"]["email"].as_str(), b["data"]["metadata"]["createdBy"].as_str()),
        (Some(u.email.as_str()), Some(u.id.as_str()))
    );
    let mine = b["data"]["id"].as_str().unwrap().to_owned();
    // The creator lists their own; support lists and filters all; nobody else reads one.
    let (s, b) = parts(get("/v1/admin/tasks", Some(&u.token)).await).await;
    assert_eq!(s, 200, "{b}");
    let ids: Vec<&str> =
        b["data"].as_array().unwrap().iter().map(|t| t["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [mine.as_str()]);
    let support = admin().await;
    let (s, b) = parts(get("/v1/admin/tasks?status=pending&limit=100", Some(&support)).await).await;
    assert_eq!(s, 200, "{b}");
    let all: Vec<&str> =
        b["data"].as_array().unwrap().iter().map(|t| t["id"].as_str().unwrap()).collect();
    assert!(all.contains(&mine.as_str()) && all.contains(&anonymous_id.as_str()), "{b}");
    let (s, b) = parts(get(&format!("/v1/admin/tasks/{anonymous_id}"), Some(&u.token)).await).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("ticket_not_found")), "{b}");
    let (s, b) = parts(get("/v1/admin/tasks?status=done", Some(&support)).await).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("invalid_status")), "{b}");
}

#[tokio::test]
async fn support_handles_a_ticket_and_its_conversation_reaches_the_creators_socket() {
    let u = sign_up().await;
    let (s, b) = parts(
        post(
            "/v1/admin/tasks",
            json!({"title": "Billing", "description": "Charged twice"}),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 201, "{b}");
    let id = b["data"]["id"].as_str().unwrap().to_owned();
    let support = admin().await;
    // Only support moves a ticket.
    let (s, b) = parts(
        post(&format!("/v1/admin/tasks/{id}"), json!({"status": "in_progress"}), Some(&u.token))
            .await,
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (403, Some("admin_only")), "{b}");
    let (s, b) = parts(
        post(
            &format!("/v1/admin/tasks/{id}"),
            json!({"status": "in_progress", "priority": "urgent"}),
            Some(&support),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["data"]["status"].as_str(), b["data"]["priority"].as_str()),
        (Some("in_progress"), Some("urgent"))
    );

    // The creator follows the ticket's channel; support answers.
    let mut ws = WsClient::connect(&stack().base, "/v1/ws").await.unwrap();
    ws.send_json(&json!({"type": "auth", "token": u.token})).await.unwrap();
    assert_eq!(ws.next_json(WAIT).await.unwrap()["type"], "ready");
    ws.send_json(&json!({"type": "subscribe", "channel": format!("support-{id}"), "since": 0}))
        .await
        .unwrap();
    assert_eq!(ws.next_json(WAIT).await.unwrap()["type"], "subscribed");
    let (s, b) = parts(
        post(
            &format!("/v1/admin/tasks/{id}/messages"),
            json!({"message": "Refunded the second charge"}),
            Some(&support),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let f = ws.next_json(WAIT).await.unwrap();
    assert_eq!(
        (f["type"].as_str(), f["channel"].as_str()),
        (Some("new-message"), Some(format!("support-{id}").as_str())),
        "{f}"
    );
    assert_eq!(
        (f["data"]["senderType"].as_str(), f["data"]["seq"].as_i64()),
        (Some("support"), Some(1))
    );
    let (s, b) = parts(
        post(
            &format!("/v1/admin/tasks/{id}/messages"),
            json!({"message": "Thanks!"}),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!((s, b["data"]["senderType"].as_str()), (200, Some("user")), "{b}");
    let (s, b) = parts(get(&format!("/v1/admin/tasks/{id}/messages"), Some(&u.token)).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["formattedMessages"].as_array().unwrap().len(), 2, "{b}");
    // Someone else can neither read nor follow it.
    let stranger = sign_up().await;
    let (s, b) =
        parts(get(&format!("/v1/admin/tasks/{id}/messages"), Some(&stranger.token)).await).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("ticket_not_found")), "{b}");
    let mut other = WsClient::connect(&stack().base, "/v1/ws").await.unwrap();
    other.send_json(&json!({"type": "auth", "token": stranger.token})).await.unwrap();
    other.next_json(WAIT).await.unwrap();
    other
        .send_json(&json!({"type": "subscribe", "channel": format!("support-{id}")}))
        .await
        .unwrap();
    assert_eq!(other.next_json(WAIT).await.unwrap()["error"], "forbidden");
    // Closed is final: no more changes, no more messages.
    let (s, _) = parts(
        post(&format!("/v1/admin/tasks/{id}"), json!({"status": "closed"}), Some(&support)).await,
    )
    .await;
    assert_eq!(s, 200);
    let (s, b) = parts(
        post(
            &format!("/v1/admin/tasks/{id}/messages"),
            json!({"message": "One more thing"}),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (409, Some("ticket_closed")), "{b}");
}
