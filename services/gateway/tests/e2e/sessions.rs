//! Sessions through the gateway: a password change asks for a recent sign-in and ends every
//! other session (the phone's upload token included), a reset by code ends them all, a logout
//! ends the session's upload token, and guessing one account's password makes it wait, what
//! ever address the guesses come from, until the wait passes or a one-time code signs in.

use crate::helpers::*;
use crate::upload_doc;
use serde_json::{Value, json};

async fn login(email: &str, password: &str) -> (u16, Value) {
    parts(post("/v1/users/login", json!({"email": email, "password": password}), None).await).await
}

async fn token_of(email: &str, password: &str) -> String {
    let (s, b) = login(email, password).await;
    assert_eq!(s, 200, "{b}");
    b["access_token"].as_str().expect("token").to_owned()
}

async fn temp_token(token: &str) -> String {
    let (s, b) = parts(post("/v1/session/generate-temp-token", json!({}), Some(token)).await).await;
    assert_eq!(s, 200, "{b}");
    b["token"].as_str().expect("temp token").to_owned()
}

/// The status of a signed-in read with `token`.
async fn reads(token: &str, user: &str) -> u16 {
    parts(get(&format!("/v1/users/getuser/{user}"), Some(token)).await).await.0
}

async fn change_password(token: &str, new: &str) -> (u16, Value) {
    parts(
        post("/v1/users/login/updatePasswordFromProfile", json!({"newPassword": new}), Some(token))
            .await,
    )
    .await
}

#[tokio::test]
async fn a_password_change_ends_every_other_session_and_keeps_the_one_that_made_it() {
    let u = sign_up().await;
    let laptop = token_of(&u.email, &u.password).await;
    let phone = token_of(&u.email, &u.password).await;
    let upload = temp_token(&phone).await;
    assert_eq!(upload_doc(&upload, "dl").await.0, 200, "the upload token works before");

    let (s, b) = change_password(&laptop, "a-new-password-1").await;
    assert_eq!(s, 200, "{b}");
    // The other sessions end at once: the sign-up's, the phone's and its upload token.
    for (name, token) in [("sign-up", &u.token), ("phone", &phone)] {
        let (s, b) = parts(get(&format!("/v1/users/getuser/{}", u.id), Some(token)).await).await;
        assert_eq!((s, b["error"].as_str()), (401, Some("token_revoked")), "{name}: {b}");
    }
    let (s, b) = upload_doc(&upload, "dlBackSide").await;
    assert_eq!((s, b["error"].as_str()), (401, Some("token_revoked")), "{b}");
    let (s, b) = parts(post("/v1/users/verifyToken", json!({"token": phone}), None).await).await;
    assert_eq!(s, 401, "{b}");
    // The one that changed it goes on; the old password is gone, the new one signs in.
    assert_eq!(reads(&laptop, &u.id).await, 200);
    assert_eq!(login(&u.email, &u.password).await.0, 401);
    let fresh = token_of(&u.email, "a-new-password-1").await;
    assert_eq!(reads(&fresh, &u.id).await, 200);
}

#[tokio::test]
async fn a_password_change_needs_a_sign_in_of_the_last_fifteen_minutes() {
    let u = sign_up().await;
    // A token of a session signed in 16 minutes ago (and refreshed since): a left-open tab.
    let now = chrono::Utc::now().timestamp();
    let mut claims = crate::claims_for(&u.id, 3600);
    claims["sid"] = json!(uuid::Uuid::now_v7().to_string());
    claims["auth_time"] = json!(now - 16 * 60);
    let stale = crate::craft(claims, "dev-1", crate::DEV_KEY);
    assert_eq!(reads(&stale, &u.id).await, 200, "the session itself is valid");
    let (s, b) = change_password(&stale, "a-new-password-2").await;
    assert_eq!(
        (s, b["error"].as_str(), b["message"].as_str()),
        (
            403,
            Some("recent_sign_in_required"),
            Some("For your security, please log in again to change your password.")
        ),
        "{b}"
    );
    assert_eq!(login(&u.email, &u.password).await.0, 200, "nothing changed");
    // A sign-in just now may.
    let recent = token_of(&u.email, &u.password).await;
    assert_eq!(change_password(&recent, "a-new-password-2").await.0, 200);
}

#[tokio::test]
async fn a_reset_by_code_ends_every_session_and_a_logout_ends_its_upload_token() {
    let u = sign_up().await;
    let other = token_of(&u.email, &u.password).await;
    let (s, b) =
        parts(post("/v1/users/resetPasswordWithOTP", json!({"email": u.email}), None).await).await;
    assert_eq!(s, 200, "{b}");
    let code = latest_code(&u.email).await;
    let (s, b) = parts(
        post(
            "/v1/users/login/updatePasswordWithOTP",
            json!({"email": u.email, "otp": code, "newPassword": "reset-password-3"}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    for token in [&u.token, &other] {
        assert_eq!(reads(token, &u.id).await, 401);
    }
    // A logout ends the session's upload token with it.
    let t = token_of(&u.email, "reset-password-3").await;
    let upload = temp_token(&t).await;
    let (s, b) = parts(get("/v1/logout", Some(&t)).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(reads(&t, &u.id).await, 401);
    let (s, b) = upload_doc(&upload, "dl").await;
    assert_eq!((s, b["error"].as_str()), (401, Some("token_revoked")), "{b}");
}

#[tokio::test]
async fn guessing_one_accounts_password_makes_it_wait_until_a_code_signs_in() {
    let u = sign_up().await;
    for i in 1..=5 {
        let (s, b) = login(&u.email, "wrong-guess").await;
        assert_eq!((s, b["error"].as_str()), (401, Some("invalid_credentials")), "guess {i}: {b}");
    }
    // The sixth waits, the right password too, and the answer says for how long.
    for password in ["wrong-guess", u.password.as_str()] {
        let r =
            post("/v1/users/login", json!({"email": u.email, "password": password}), None).await;
        let retry: u64 = r
            .headers()
            .get("retry-after")
            .expect("Retry-After")
            .to_str()
            .expect("text")
            .parse()
            .expect("seconds");
        assert!((1..=60).contains(&retry), "Retry-After {retry}");
        let (s, b) = parts(r).await;
        assert_eq!((s, b["error"].as_str()), (429, Some("login_locked")), "{b}");
        assert_eq!(
            b["message"],
            "Too many failed login attempts. Please try again in 1 minute or log in with a one-time code."
        );
    }
    // Another account is not held back.
    let v = sign_up().await;
    assert_eq!(login(&v.email, &v.password).await.0, 200);
    // A one-time code proves the inbox and ends the wait.
    let (s, b) =
        parts(post("/v1/users/requestLoginWithOTP", json!({"email": u.email}), None).await).await;
    assert_eq!(s, 200, "{b}");
    let code = latest_code(&u.email).await;
    let (s, b) = parts(
        post("/v1/users/login/otp", json!({"userId": u.id, "otp": code, "otpType": "email"}), None)
            .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(login(&u.email, &u.password).await.0, 200);
}
