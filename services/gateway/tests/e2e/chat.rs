//! Chat through the gateway: a booking opens the room of its guest and its host, each lists it
//! from their own side with the names accounts holds, the room is readable by the two of them
//! only, messages are sent once however often a send is retried, and the real-time socket
//! delivers them in order to every follower, across gateway replicas, reconnections and a
//! replica's restart, with nothing missed and nothing twice. Bad input is a 4xx.

use crate::helpers::*;
use crate::trips::{car, create, login, trip_body, verified_guest};
use serde_json::Value;

/// Every room the caller lists in a view, page by page.
async fn all_rooms(token: &str, user_type: &str) -> Vec<Value> {
    let mut rooms = Vec::new();
    for page in 1.. {
        let (s, b) = parts(
            get(
                &format!("/v1/chat/rooms?userType={user_type}&limit=10&currentPage={page}"),
                Some(token),
            )
            .await,
        )
        .await;
        assert_eq!(s, 200, "{b}");
        assert_eq!(b["status"], true);
        assert_eq!(b["currentPage"], page);
        rooms.extend(b["chatboxes"].as_array().expect("chatboxes").iter().cloned());
        if page >= b["numPages"].as_i64().expect("numPages") {
            break;
        }
    }
    rooms
}

/// Polls the list until the trip's room shows (the booking's event is asynchronous).
async fn room_of_trip(token: &str, user_type: &str, trip_id: &str) -> Value {
    for _ in 0..200 {
        if let Some(room) =
            all_rooms(token, user_type).await.into_iter().find(|r| r["tripId"] == trip_id)
        {
            return room;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the room of trip {trip_id} never showed in the {user_type} view");
}

#[tokio::test]
async fn a_booking_opens_the_room_of_its_guest_and_its_host_and_nobody_else_can_read_it() {
    let g = verified_guest().await;
    let host = login("host@demo.local", "DemoHost123!").await;
    let (s, b) = create(&g.token, trip_body(&car(2), 95, 97), None).await;
    assert_eq!(s, 201, "{b}");
    let trip_id = b["data"]["tripId"].as_str().unwrap().to_owned();

    // The guest sees it in the guest view, with both names.
    let mine = room_of_trip(&g.token, "guest", &trip_id).await;
    assert_eq!(mine["guestName"], "Ada L.");
    assert_eq!(mine["hostName"], "Harper H.");
    assert_eq!(mine["guestId"], g.id.as_str());
    assert_eq!(mine["carId"], car(2).as_str());
    assert!(mine["lastMessage"].is_null(), "no message yet: {mine}");
    for field in ["id", "guestProfilePic", "hostProfilePic", "createdAt", "updatedAt"] {
        assert!(mine[field].is_string(), "{field} in {mine}");
    }
    let (s, b) = parts(get("/v1/chat/rooms?userType=guest", Some(&g.token)).await).await;
    assert_eq!((s, b["currentPage"].as_i64(), b["numPages"].as_i64()), (200, Some(1), Some(1)));
    // The car's host sees the same room in the host view.
    let theirs = room_of_trip(&host, "host", &trip_id).await;
    assert_eq!(theirs, mine);
    // The guest hosts nothing: the host view is empty.
    assert!(all_rooms(&g.token, "host").await.is_empty());

    // The room itself: for the two of them; anyone else learns nothing.
    let room_id = mine["id"].as_str().unwrap();
    for (token, view) in [(g.token.as_str(), "guest"), (host.as_str(), "host")] {
        let (s, b) = parts(
            get(&format!("/v1/chat/getChatRoom?roomId={room_id}&userType={view}"), Some(token))
                .await,
        )
        .await;
        assert_eq!(s, 200, "{b}");
        assert_eq!(b["status"], true);
        assert_eq!(b["chatbox"], mine);
    }
    let stranger = sign_up().await;
    let (s, b) = parts(
        get(
            &format!("/v1/chat/getChatRoom?roomId={room_id}&userType=guest"),
            Some(&stranger.token),
        )
        .await,
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (404, Some("room_not_found")), "{b}");
    assert!(all_rooms(&stranger.token, "guest").await.is_empty());
}

#[tokio::test]
async fn the_chat_calls_refuse_bad_input_and_anonymous_callers() {
    let u = sign_up().await;
    for (path, code) in [
        ("/v1/chat/rooms?userType=admin", "invalid_user_type"),
        ("/v1/chat/rooms", "user_type_required"),
        ("/v1/chat/rooms?userType=guest&limit=ten", "invalid_query"),
        ("/v1/chat/rooms?userType=guest&limit=500", "invalid_limit"),
        ("/v1/chat/rooms?userType=host&currentPage=0", "invalid_page"),
        ("/v1/chat/getChatRoom?userType=guest", "room_id_required"),
        ("/v1/chat/getChatRoom?roomId=nope&userType=guest", "invalid_room_id"),
    ] {
        let (s, b) = parts(get(path, Some(&u.token)).await).await;
        assert_eq!((s, b["error"].as_str()), (400, Some(code)), "{path}: {b}");
        assert!(b["message"].is_string(), "{path}: {b}");
    }
    for path in ["/v1/chat/rooms?userType=guest", "/v1/chat/getChatRoom?roomId=x&userType=guest"] {
        let (s, b) = parts(get(path, None).await).await;
        assert_eq!((s, b["error"].as_str()), (401, Some("token_missing")), "{path}: {b}");
    }
}

use serde_json::json;
use std::time::Duration;
use upcar_testkit::ws::{Received, WsClient};

const WAIT: Duration = Duration::from_secs(5);

/// A booking of `car` on days `from`..`until` by a new verified guest; answers the guest and
/// the room, as the guest lists it.
async fn booked_room(car_n: u128, from: i64, until: i64) -> (NewUser, String, String) {
    let g = verified_guest().await;
    let (s, b) = create(&g.token, trip_body(&car(car_n), from, until), None).await;
    assert_eq!(s, 201, "{b}");
    let trip_id = b["data"]["tripId"].as_str().unwrap().to_owned();
    let room = room_of_trip(&g.token, "guest", &trip_id).await;
    (g, room["id"].as_str().unwrap().to_owned(), trip_id)
}

async fn send(token: &str, room: &str, side: &str, text: &str, key: Option<&str>) -> (u16, Value) {
    let mut req = client()
        .post(format!("{}/v1/chat/sendmessage", stack().base))
        .bearer_auth(token)
        .json(&json!({"roomId": room, "message": text, "senderType": side}));
    if let Some(k) = key {
        req = req.header("Idempotency-Key", k);
    }
    parts(req.send().await.unwrap()).await
}

/// A socket on `base`, authenticated with `token`.
async fn socket(base: &str, token: &str) -> WsClient {
    let mut ws = WsClient::connect(base, "/v1/ws").await.unwrap();
    ws.send_json(&json!({"type": "auth", "token": token})).await.unwrap();
    let ready = ws.next_json(WAIT).await.unwrap();
    assert_eq!(ready["type"], "ready", "{ready}");
    ws
}

async fn subscribe(ws: &mut WsClient, room: &str, since: Option<i64>) {
    let channel = format!("chat-{room}");
    let mut frame = json!({"type": "subscribe", "channel": channel});
    if let Some(s) = since {
        frame["since"] = json!(s);
    }
    ws.send_json(&frame).await.unwrap();
    let answer = ws.next_json(WAIT).await.unwrap();
    assert_eq!(
        (answer["type"].as_str(), answer["channel"].as_str()),
        (Some("subscribed"), Some(channel.as_str())),
        "{answer}"
    );
}

/// The next frame of `kind`, skipping others (typing and read events interleave).
async fn next_of(ws: &mut WsClient, kind: &str) -> Value {
    for _ in 0..50 {
        let f = ws.next_json(WAIT).await.unwrap();
        if f["type"] == kind {
            return f;
        }
    }
    panic!("no {kind} frame");
}

/// The numbers of the next `n` messages the socket delivers.
async fn next_seqs(ws: &mut WsClient, n: usize) -> Vec<i64> {
    let mut out = Vec::new();
    while out.len() < n {
        out.push(next_of(ws, "new-message").await["data"]["seq"].as_i64().unwrap());
    }
    out
}

#[tokio::test]
async fn two_sockets_in_a_room_see_each_others_messages_and_typing_and_a_stranger_sees_nothing() {
    let (g, room, _) = booked_room(3, 100, 102).await;
    let host = login("host@demo.local", "DemoHost123!").await;
    let base = stack().base.clone();
    let mut guest_ws = socket(&base, &g.token).await;
    let mut host_ws = socket(&base, &host).await;
    subscribe(&mut guest_ws, &room, None).await;
    subscribe(&mut host_ws, &room, None).await;

    let (s, b) = send(&g.token, &room, "guest", "Hi! Can I pick up at 9?", None).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!((b["status"].as_bool(), b["created"].as_bool()), (Some(true), Some(true)));
    let id = b["messageId"].as_str().unwrap().to_owned();
    for ws in [&mut guest_ws, &mut host_ws] {
        let f = next_of(ws, "new-message").await;
        assert_eq!(f["channel"], format!("chat-{room}"));
        let d = &f["data"];
        assert_eq!((d["id"].as_str(), d["seq"].as_i64()), (Some(id.as_str()), Some(1)), "{f}");
        assert_eq!(
            (d["senderId"].as_str(), d["senderType"].as_str()),
            (Some(g.id.as_str()), Some("guest"))
        );
        assert_eq!(d["message"], "Hi! Can I pick up at 9?");
        assert_eq!(
            (d["roomId"].as_str(), d["imageUrl"].as_array().map(Vec::len)),
            (Some(room.as_str()), Some(0))
        );
        assert!(d["timestamp"].is_string());
    }
    // The host types: both sockets hear it, then "stopped" after 2 s of quiet.
    let (s, b) = parts(
        post("/v1/chat/typing", json!({"roomId": room, "isTyping": true}), Some(&host)).await,
    )
    .await;
    assert_eq!((s, b["sent"].as_bool()), (200, Some(true)), "{b}");
    for ws in [&mut guest_ws, &mut host_ws] {
        let t = next_of(ws, "typing").await;
        assert_eq!(t["data"]["isTyping"], true, "{t}");
        let t = next_of(ws, "typing").await;
        assert_eq!(t["data"]["isTyping"], false, "{t}");
    }
    let (s, b) = send(&host, &room, "host", "Sure, 9 works.", None).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(next_of(&mut guest_ws, "new-message").await["data"]["seq"], 2);

    // Reading over HTTP: the page, with the other side's read receipt.
    let (s, b) = parts(
        get(&format!("/v1/chat/getmessages?roomId={room}&userType=guest"), Some(&g.token)).await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let texts: Vec<&str> = b["formattedMessages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["message"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["Hi! Can I pick up at 9?", "Sure, 9 works."]);
    assert_eq!(b["formattedMessages"][0]["msg"], b["formattedMessages"][0]["message"]);
    assert_eq!(b["lastSeq"], 2);
    // The guest's reading reaches the host as a read receipt.
    let read = next_of(&mut host_ws, "read").await;
    assert_eq!(
        (read["data"]["seq"].as_i64(), read["data"]["userType"].as_str()),
        (Some(2), Some("guest")),
        "{read}"
    );

    // A stranger can neither read nor follow the room.
    let stranger = sign_up().await;
    let (s, b) = parts(
        get(&format!("/v1/chat/getmessages?roomId={room}&userType=guest"), Some(&stranger.token))
            .await,
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (404, Some("room_not_found")), "{b}");
    let (s, b) = send(&stranger.token, &room, "guest", "hello?", None).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("room_not_found")), "{b}");
    let mut ws = socket(&base, &stranger.token).await;
    ws.send_json(&json!({"type": "subscribe", "channel": format!("chat-{room}"), "since": 0}))
        .await
        .unwrap();
    let refused = ws.next_json(WAIT).await.unwrap();
    assert_eq!(
        (refused["type"].as_str(), refused["error"].as_str()),
        (Some("error"), Some("forbidden")),
        "{refused}"
    );
    // ... and hears nothing of it.
    send(&g.token, &room, "guest", "one more", None).await;
    assert_eq!(next_of(&mut guest_ws, "new-message").await["data"]["seq"], 3);
    assert_eq!(ws.next(Duration::from_millis(500)).await.unwrap(), None);
}

#[tokio::test]
async fn a_socket_that_drops_and_comes_back_with_its_last_number_misses_nothing_even_across_gateways()
 {
    let (g, room, _) = booked_room(3, 104, 106).await;
    let host = login("host@demo.local", "DemoHost123!").await;
    // The guest follows the room on a second gateway replica: messages sent through the
    // first reach it through Redis.
    let replica = another_gateway();
    let mut guest_ws = socket(&replica.base, &g.token).await;
    subscribe(&mut guest_ws, &room, Some(0)).await;
    for i in 1..=3 {
        let (s, b) = send(&host, &room, "host", &format!("update {i}"), None).await;
        assert_eq!(s, 200, "{b}");
    }
    assert_eq!(next_seqs(&mut guest_ws, 3).await, [1, 2, 3]);

    // The connection drops; messages keep coming; the client comes back with its last number.
    guest_ws.drop_connection();
    for i in 4..=6 {
        send(&host, &room, "host", &format!("update {i}"), None).await;
    }
    let mut guest_ws = socket(&replica.base, &g.token).await;
    subscribe(&mut guest_ws, &room, Some(3)).await;
    assert_eq!(next_seqs(&mut guest_ws, 3).await, [4, 5, 6]);
    send(&host, &room, "host", "update 7", None).await;
    assert_eq!(next_seqs(&mut guest_ws, 1).await, [7]);

    // The replica restarts: its sockets are told (1012) and come back to the other one; what
    // was sent meanwhile arrives, in order, once.
    replica.stopper().stop().await;
    let mut closed = None;
    for _ in 0..20 {
        match guest_ws.next(WAIT).await.unwrap() {
            Some(Received::Closed(code)) => {
                closed = Some(code);
                break;
            }
            Some(Received::Text(_)) => continue,
            None => break,
        }
    }
    assert_eq!(closed, Some(Some(1012)), "the socket was told the server restarts");
    for i in 8..=10 {
        send(&host, &room, "host", &format!("update {i}"), None).await;
    }
    let mut guest_ws = socket(&stack().base, &g.token).await;
    subscribe(&mut guest_ws, &room, Some(7)).await;
    assert_eq!(next_seqs(&mut guest_ws, 3).await, [8, 9, 10]);
    assert_eq!(guest_ws.next(Duration::from_millis(300)).await.unwrap(), None, "nothing twice");
}

#[tokio::test]
async fn a_retried_send_stores_one_message_and_bad_sends_change_nothing() {
    let (g, room, _) = booked_room(4, 110, 112).await;
    let (s1, b1) = send(&g.token, &room, "guest", "Where are the keys?", Some("send-1")).await;
    let (s2, b2) = send(&g.token, &room, "guest", "Where are the keys?", Some("send-1")).await;
    assert_eq!((s1, s2), (200, 200), "{b1} {b2}");
    assert_eq!(b1["messageId"], b2["messageId"]);
    assert_eq!((b1["created"].as_bool(), b2["created"].as_bool()), (Some(true), Some(false)));
    // The key in the body works the same.
    let body = json!({"roomId": room, "message": "And the parking?", "clientMessageId": "send-2"});
    let (_, b3) = parts(post("/v1/chat/sendmessage", body.clone(), Some(&g.token)).await).await;
    let (_, b4) = parts(post("/v1/chat/sendmessage", body, Some(&g.token)).await).await;
    assert_eq!(b3["messageId"], b4["messageId"]);
    for (body, status, code, message) in [
        (
            json!({"roomId": room, "message": "  "}),
            400,
            "empty_message",
            Some("Cannot send an empty message"),
        ),
        (json!({"roomId": room, "message": "", "imageUrl": []}), 400, "empty_message", None),
        (json!({"roomId": room, "message": "x".repeat(4001)}), 400, "message_too_long", None),
        (
            json!({"roomId": room, "message": "hi", "imageUrl": ["ftp://x/y.png"]}),
            400,
            "invalid_image_url",
            None,
        ),
        (
            json!({"roomId": room, "message": "hi", "senderType": "host"}),
            403,
            "wrong_sender_type",
            None,
        ),
        (json!({"roomId": "nope", "message": "hi"}), 400, "invalid_room_id", None),
        (json!({"message": "hi"}), 400, "room_id_required", None),
        (
            json!({"roomId": room, "message": "Changed my mind", "clientMessageId": "send-1"}),
            409,
            "idempotency_key_reused",
            None,
        ),
    ] {
        let (s, b) = parts(post("/v1/chat/sendmessage", body.clone(), Some(&g.token)).await).await;
        assert_eq!((s, b["error"].as_str()), (status, Some(code)), "{body}: {b}");
        if let Some(m) = message {
            assert_eq!(b["message"], m);
        }
    }
    let (s, b) = parts(
        get(&format!("/v1/chat/getmessages?roomId={room}&userType=guest"), Some(&g.token)).await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["formattedMessages"].as_array().unwrap().len(), 2, "{b}");
    // Pictures alone are a message; the list previews them.
    let pic = format!("{}/v1/files/images/keys.jpg", stack().base);
    let (s, b) = parts(
        post(
            "/v1/chat/sendmessage",
            json!({"roomId": room, "message": "", "imageUrl": [pic]}),
            Some(&g.token),
        )
        .await,
    )
    .await;
    assert_eq!((s, b["data"]["imageUrl"][0].as_str()), (200, Some(pic.as_str())), "{b}");
    // A typing state names its sender: another user's id is refused.
    let other = sign_up().await;
    let (s, b) = parts(
        post(
            "/v1/chat/typing",
            json!({"roomId": room, "userId": other.id, "isTyping": true}),
            Some(&g.token),
        )
        .await,
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (403, Some("typing_user_mismatch")), "{b}");
}

#[tokio::test]
async fn the_socket_refuses_a_missing_or_bad_token_and_speaks_only_json() {
    let base = stack().base.clone();
    let mut ws = WsClient::connect(&base, "/v1/ws").await.unwrap();
    ws.send_json(&json!({"type": "subscribe", "channel": "chat-x"})).await.unwrap();
    let e = ws.next_json(WAIT).await.unwrap();
    assert_eq!(e["error"], "invalid_token", "{e}");
    assert_eq!(ws.next(WAIT).await.unwrap(), Some(Received::Closed(Some(4401))));
    let mut ws = WsClient::connect(&base, "/v1/ws").await.unwrap();
    ws.send_json(&json!({"type": "auth", "token": "not-a-token"})).await.unwrap();
    assert_eq!(ws.next_json(WAIT).await.unwrap()["error"], "invalid_token");
    assert_eq!(ws.next(WAIT).await.unwrap(), Some(Received::Closed(Some(4401))));
    // Signed in: bad frames are answered and the socket stays open.
    let u = sign_up().await;
    let mut ws = socket(&base, &u.token).await;
    for (frame, code) in [
        ("not json", "invalid_frame"),
        (r#"{"type":"dance"}"#, "unknown_type"),
        (r#"{"type":"subscribe"}"#, "invalid_frame"),
        (r#"{"type":"subscribe","channel":"room-1"}"#, "invalid_channel"),
    ] {
        ws.send(frame).await.unwrap();
        let e = ws.next_json(WAIT).await.unwrap();
        assert_eq!(
            (e["type"].as_str(), e["error"].as_str()),
            (Some("error"), Some(code)),
            "{frame}: {e}"
        );
    }
    ws.send_json(&json!({"type": "ping"})).await.unwrap();
    assert_eq!(ws.next_json(WAIT).await.unwrap()["type"], "pong");
    // A plain GET is told to upgrade.
    let (s, b) = parts(get("/v1/ws", None).await).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("websocket_upgrade_required")), "{b}");
}

#[tokio::test]
async fn a_hosts_scheduled_message_reaches_the_guest_once_outside_quiet_hours() {
    // The host's templates: the product's defaults, written (and published) on first read.
    let host = login("host3@demo.local", "DemoHost123!").await;
    let (s, b) = parts(get("/v1/scheduledMessage/getAllTemplates", Some(&host)).await).await;
    assert_eq!(s, 200, "{b}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (g, room, trip) = booked_room(21, 130, 132).await;
    let path = format!("/v1/scheduledMessage/getTripMessages/{trip}");
    // The confirmation's message goes within a few seconds, or waits for 9 AM at the car.
    let mut planned = None;
    for _ in 0..100 {
        let (s, b) = parts(get(&path, Some(&host)).await).await;
        assert_eq!(s, 200, "{b}");
        let item = b["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["trigger"] == "booking_confirmed")
            .cloned();
        if let Some(i) = item.filter(|_| b["tripStatus"] == "confirmed") {
            let later = chrono::DateTime::parse_from_rfc3339(i["at"].as_str().unwrap_or_default())
                .is_ok_and(|at| at > chrono::Utc::now() + chrono::Duration::minutes(1));
            if i["status"] == "sent" || (i["status"] == "due" && later) {
                planned = Some(i);
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let item = planned.expect("the confirmation's message was sent or planned");
    let (s, b) = parts(
        get(&format!("/v1/chat/getmessages?roomId={room}&userType=guest"), Some(&g.token)).await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let from_host: Vec<&str> = b["formattedMessages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["senderType"] == "host")
        .map(|m| m["message"].as_str().unwrap())
        .collect();
    if item["status"] == "sent" {
        assert_eq!(from_host.len(), 1, "{b}");
        assert!(from_host[0].starts_with("Hi Ada, thanks for booking my "), "{}", from_host[0]);
        assert_eq!(
            b["formattedMessages"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["senderType"] == "host")
                .unwrap()["id"],
            item["messageId"]
        );
    } else {
        // Quiet hours at the car: due at 9 AM Pacific (16:00 or 17:00 UTC), nothing sent yet.
        let at = item["at"].as_str().unwrap();
        assert!(at.contains("T16:00:00") || at.contains("T17:00:00"), "{item}");
        assert!(from_host.is_empty(), "{b}");
    }
    // The guest does not see the host's plan.
    let (s, b) = parts(get(&path, Some(&g.token)).await).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("trip_not_found")), "{b}");
}

/// The subjects of the messages the product sent to `to`, newest first.
async fn outbox_subjects(to: &str) -> Vec<String> {
    let (s, b) = parts(get(&format!("/v1/dev/outbox?to={}", urlencode(to)), None).await).await;
    assert_eq!(s, 200, "{b}");
    b["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["subject"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Waits (10 s at most) until `to` was sent a message with `subject`.
async fn await_notice(to: &str, subject: &str) {
    for _ in 0..100 {
        if outbox_subjects(to).await.iter().any(|s| s == subject) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{to} was never sent {subject:?}: {:?}", outbox_subjects(to).await);
}

#[tokio::test]
async fn bookings_cancellations_and_messages_to_someone_offline_are_notified_once() {
    let host_email = "host4@demo.local";
    let host = login(host_email, "DemoHost123!").await;
    let (g, room, trip) = booked_room(22, 140, 142).await;
    // An instant booking: the host hears of it, the guest gets the confirmation.
    await_notice(host_email, "New booking").await;
    await_notice(&g.email, "Your trip is confirmed").await;
    // The host is online: a message to them is not mailed.
    let mut host_ws = socket(&stack().base, &host).await;
    let (s, b) = send(&g.token, &room, "guest", "Is there a child seat?", None).await;
    assert_eq!(s, 200, "{b}");
    // The guest is offline: the host's answer is mailed to them, once for the half hour.
    send(&host, &room, "host", "Yes, in the trunk.", None).await;
    send(&host, &room, "host", "And a phone mount.", None).await;
    let host_first = {
        let (_, b) = parts(
            get(&format!("/v1/chat/getChatRoom?roomId={room}&userType=host"), Some(&host)).await,
        )
        .await;
        b["chatbox"]["hostName"]
            .as_str()
            .unwrap_or_default()
            .split(' ')
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    let subject = format!("New message from {host_first}");
    await_notice(&g.email, &subject).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(outbox_subjects(&g.email).await.iter().filter(|s| **s == subject).count(), 1);
    assert!(
        !outbox_subjects(host_email).await.iter().any(|s| s.starts_with("New message from")),
        "the host was online"
    );
    host_ws.send_json(&json!({"type": "ping"})).await.unwrap();
    // The guest cancels: the host is told, once.
    let r = client()
        .post(format!("{}/v1/trips/cancelTrip", stack().base))
        .bearer_auth(&g.token)
        .json(&json!({"tripId": trip, "cancelReason": "Plans changed"}))
        .send()
        .await
        .unwrap();
    let (s, b) = parts(r).await;
    assert_eq!(s, 200, "{b}");
    await_notice(host_email, "A trip was cancelled").await;
}

#[tokio::test]
async fn contact_details_reach_the_other_side_hidden_until_the_host_confirms_the_booking() {
    let hidden = "[hidden until the booking is confirmed]";
    // A request to book: the trip waits for the host.
    let g = verified_guest().await;
    let host = login("host@demo.local", "DemoHost123!").await;
    let (s, b) = create(&g.token, trip_body(&car(4), 150, 152), None).await;
    assert_eq!((s, b["data"]["status"].as_str()), (201, Some("requested")), "{b}");
    let trip_id = b["data"]["tripId"].as_str().unwrap().to_owned();
    let room = room_of_trip(&g.token, "guest", &trip_id).await["id"].as_str().unwrap().to_owned();
    let base = stack().base.clone();
    let (mut guest_ws, mut host_ws) = (socket(&base, &g.token).await, socket(&base, &host).await);
    subscribe(&mut guest_ws, &room, None).await;
    subscribe(&mut host_ws, &room, None).await;

    let text = "Text me on (555) 123-4567 or at harper at mail dot com; the total is $296.01";
    let shown = format!("Text me on {hidden} or at {hidden}; the total is $296.01");
    let (s, b) = send(&host, &room, "host", text, None).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["data"]["message"].as_str(), b["data"]["masked"].as_bool()),
        (Some(text), Some(false))
    );
    assert!(b["notice"].as_str().unwrap().contains("until the booking is confirmed"), "{b}");
    // Each socket is handed the message as its user is shown it.
    let f = next_of(&mut guest_ws, "new-message").await;
    assert_eq!(
        (f["data"]["message"].as_str(), f["data"]["masked"].as_bool()),
        (Some(shown.as_str()), Some(true)),
        "{f}"
    );
    let f = next_of(&mut host_ws, "new-message").await;
    assert_eq!(
        (f["data"]["message"].as_str(), f["data"]["masked"].as_bool()),
        (Some(text), Some(false)),
        "{f}"
    );
    let path = format!("/v1/chat/getmessages?roomId={room}&userType=guest");
    let page = |token: String| {
        let path = path.clone();
        async move {
            let (s, b) = parts(get(&path, Some(&token)).await).await;
            assert_eq!(s, 200, "{b}");
            b["formattedMessages"][0].clone()
        }
    };
    let m = page(g.token.clone()).await;
    assert_eq!(
        (m["message"].as_str(), m["msg"].as_str(), m["masked"].as_bool()),
        (Some(shown.as_str()), Some(shown.as_str()), Some(true)),
        "{m}"
    );
    let listed = room_of_trip(&g.token, "guest", &trip_id).await;
    assert_eq!(listed["lastMessage"]["masked"], true, "{listed}");
    assert!(!listed["lastMessage"]["message"].as_str().unwrap().contains("555"), "{listed}");

    // The host accepts: from then on every message is shown as sent, the earlier one too.
    let (s, b) =
        parts(post(&format!("/v1/trips/acceptTrip/{trip_id}"), json!({}), Some(&host)).await).await;
    assert_eq!((s, b["data"]["status"].as_str()), (200, Some("confirmed")), "{b}");
    let mut m = page(g.token.clone()).await;
    for _ in 0..100 {
        if m["masked"] == false {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        m = page(g.token.clone()).await;
    }
    assert_eq!((m["message"].as_str(), m["masked"].as_bool()), (Some(text), Some(false)), "{m}");
    let (s, b) = send(&host, &room, "host", "My cell is 555-987-6543", None).await;
    assert_eq!(s, 200, "{b}");
    assert!(b.get("notice").is_none(), "{b}");
    let f = next_of(&mut guest_ws, "new-message").await;
    assert_eq!(f["data"]["message"], "My cell is 555-987-6543", "{f}");
}
