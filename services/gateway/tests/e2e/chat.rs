//! The chat list through the gateway: a booking opens the room of its guest and its host,
//! each lists it from their own side with the names accounts holds, the room is readable by
//! the two of them only, and bad input is a 4xx.

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
