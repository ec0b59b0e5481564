#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Black-box tests of the `/v1` API through the gateway, against the real accounts service,
//! Postgres, Redis and RabbitMQ.

mod activity;
mod authz;
mod calendar;
mod captains;
mod catalog;
mod chat;
mod codes;
mod cohosts;
mod demo;
mod edge;
mod eligibility;
mod fake_google;
mod google;
mod helpers;
mod hosting;
mod payouts;
mod pricing;
mod reviews;
mod secrets;
mod sessions;
mod standing;
mod support;
mod teams;
mod trip_extras;
mod trips;

use helpers::*;
use serde_json::{Value, json};

#[tokio::test]
async fn sign_up_answers_201_with_the_spec_fields_and_a_working_token() {
    let u = sign_up().await;
    let (status, body) = parts(
        post("/v1/users/verifyToken", json!({"token": u.token, "deviceFingerprint": "fp-1"}), None)
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], true);
    assert_eq!(body["access_token"], u.token.as_str());
    let user = &body["user"];
    for field in [
        "_id",
        "userId",
        "firstName",
        "lastName",
        "email",
        "phoneNumber",
        "countryCode",
        "promotions_enrollment",
        "signUpCode",
        "isProfessionalUser",
        "emailVerify",
        "isMobileVerified",
        "isDriverVerified",
        "currentTier",
        "preBookVerifNeededFields",
        "favoriteCars",
    ] {
        assert!(user.get(field).is_some(), "user.{field} missing: {user}");
    }
    assert_eq!(user["email"], u.email.as_str());
    assert_eq!(user["promotions_enrollment"], true);
    assert_eq!(user["signUpCode"], "DEMO-INVITE");
    assert_eq!(user["currentTier"], "Explorer");
    assert_eq!(
        user["preBookVerifNeededFields"],
        json!({"dob": true, "emailVerified": false, "dlUploadNeeded": true})
    );
}

#[tokio::test]
async fn bad_sign_up_input_gets_the_spec_message_and_writes_nothing() {
    let email = unique_email();
    let valid = json!({"firstName": "Ada", "lastName": "Lovelace", "email": email, "password": "secret1", "signUpCode": "DEMO-INVITE"});
    let cases: Vec<(&str, Value, u16, &str)> = vec![
        ("firstName", json!(""), 400, "First name is required"),
        ("firstName", json!("<b></b>"), 400, "First name is required"),
        ("lastName", json!("  "), 400, "Last name is required"),
        ("email", json!(""), 400, "Email is required"),
        ("email", json!("not-an-email"), 400, "Please enter a valid email address"),
        ("signUpCode", json!(""), 400, "Invitation code is required"),
        ("signUpCode", json!("NOPE-CODE"), 400, "Invalid invitation code"),
        ("password", json!(""), 400, "Password is required"),
        ("password", json!("12345"), 400, "Password must be at least 6 characters"),
        ("termsAccepted", json!(false), 400, "Please accept the terms and conditions"),
        (
            "phoneNumber",
            json!("12345"),
            400,
            "Invalid Phone number. Please enter a valid 10-digit number.",
        ),
    ];
    for (field, value, want_status, want_message) in cases {
        let mut body = valid.clone();
        body[field] = value;
        let (status, answer) = parts(post("/v1/users/sign-up", body, None).await).await;
        assert_eq!(
            (status, answer["message"].as_str()),
            (want_status, Some(want_message)),
            "{field}: {answer}"
        );
        assert!(answer["error"].as_str().is_some_and(
            |c| !c.is_empty() && c.chars().all(|c| c.is_ascii_lowercase() || c == '_')
        ));
    }
    // Nothing was written: the same email still signs up.
    let (status, _) = parts(post("/v1/users/sign-up", valid.clone(), None).await).await;
    assert_eq!(status, 201);
    let (status, body) = parts(post("/v1/users/sign-up", valid, None).await).await;
    assert_eq!((status, body["error"].as_str()), (409, Some("email_taken")));
}

#[tokio::test]
async fn a_professional_email_replaces_the_invitation_code() {
    let body = json!({"firstName": "Grace", "lastName": "Hopper", "email": unique_email(),
                      "professionalEmail": format!("grace{}@navy-research.org", uuid::Uuid::now_v7().simple()), "password": "secret1"});
    let (status, answer) = parts(post("/v1/users/sign-up", body, None).await).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["user"]["isProfessionalUser"], true);
    let webmail = json!({"firstName": "G", "lastName": "H", "email": unique_email(), "professionalEmail": "g@gmail.com", "password": "secret1"});
    let (status, answer) = parts(post("/v1/users/sign-up", webmail, None).await).await;
    assert_eq!((status, answer["error"].as_str()), (400, Some("professional_email_invalid")));
}

#[tokio::test]
async fn invitation_codes_validate_on_their_own() {
    let (s, b) = parts(
        post("/v1/users/validateInvitationCodeForSignUp", json!({"code": "demo-invite"}), None)
            .await,
    )
    .await;
    assert_eq!((s, b["status"].as_bool()), (200, Some(true)));
    let (s, b) = parts(
        post("/v1/users/validateInvitationCodeForSignUp", json!({"code": "WRONG"}), None).await,
    )
    .await;
    assert_eq!((s, b["message"].as_str()), (400, Some("Invalid invitation code")));
}

#[tokio::test]
async fn a_member_hands_out_one_invitation_code_and_sign_ups_count_against_it() {
    let member = sign_up().await;
    let (s, b) = parts(get("/v1/users/getInvitationCode", None).await).await;
    assert_eq!((s, b["error"].as_str()), (401, Some("token_missing")), "{b}");

    // Five first asks at once give one code.
    let asks = (0..5).map(|_| async {
        parts(get("/v1/users/getInvitationCode", Some(&member.token)).await).await
    });
    let answers = futures::future::join_all(asks).await;
    let code = answers[0].1["code"].as_str().expect("a code").to_owned();
    for (s, b) in &answers {
        assert_eq!((*s, b["code"].as_str()), (200, Some(code.as_str())), "{b}");
    }
    assert!(code.starts_with("UP") && code.len() == 10, "{code}");
    assert_eq!(
        (
            answers[0].1["uses"].as_i64(),
            answers[0].1["maxUses"].as_i64(),
            answers[0].1["remaining"].as_i64()
        ),
        (Some(0), Some(10), Some(10)),
        "{}",
        answers[0].1
    );

    // A colleague with a webmail address signs up with it, typed in lower case; it is counted.
    let (s, b) = parts(
        post(
            "/v1/users/validateInvitationCodeForSignUp",
            json!({"code": code.to_lowercase()}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!((s, b["valid"].as_bool()), (200, Some(true)), "{b}");
    let email = format!("colleague-{}@gmail.com", uuid::Uuid::new_v4().simple());
    let (s, b) = parts(
        post(
            "/v1/users/sign-up",
            json!({"firstName": "Grace", "lastName": "Hopper", "email": email, "password": "secret123",
                   "invitationCode": code.to_lowercase()}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, 201, "{b}");
    let (s, b) = parts(get("/v1/users/getInvitationCode", Some(&member.token)).await).await;
    assert_eq!(
        (s, b["code"].as_str(), b["uses"].as_i64(), b["remaining"].as_i64()),
        (200, Some(code.as_str()), Some(1), Some(9)),
        "{b}"
    );

    // The colleague gets a code of their own.
    let colleague = b["code"].as_str().map(str::to_owned);
    let token = parts(
        post("/v1/users/login", json!({"email": email, "password": "secret123"}), None).await,
    )
    .await
    .1["access_token"]
        .as_str()
        .expect("token")
        .to_owned();
    let (s, b) = parts(get("/v1/users/getInvitationCode", Some(&token)).await).await;
    assert_eq!(s, 200, "{b}");
    assert_ne!(b["code"].as_str().map(str::to_owned), colleague, "{b}");
}

#[tokio::test]
async fn login_with_email_and_password() {
    let u = sign_up().await;
    let (s, b) = parts(post("/v1/users/login", json!({"email": u.email.to_uppercase(), "password": u.password, "deviceFingerprint": "fp"}), None).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["status"], true);
    assert_eq!(b["user"]["_id"], u.id.as_str());
    assert!(b["access_token"].as_str().is_some());
    for (body, status, message) in [
        (json!({"password": "x"}), 400, "Email is required."),
        (json!({"email": u.email}), 400, "Password is required."),
        (
            json!({"email": u.email, "password": "wrong-password"}),
            401,
            "Invalid email or password.",
        ),
        (
            json!({"email": "nobody@example.com", "password": "whatever1"}),
            401,
            "Invalid email or password.",
        ),
    ] {
        let (s, b) = parts(post("/v1/users/login", body, None).await).await;
        assert_eq!((s, b["message"].as_str()), (status, Some(message)));
    }
}

#[tokio::test]
async fn phone_login_with_a_code_from_the_dev_outbox() {
    let u = sign_up().await;
    let (s, b) = parts(post("/v1/users/login/phone", json!({"phoneNumber": format!("({}) {}-{}", &u.phone[0..3], &u.phone[3..6], &u.phone[6..])}), None).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["status"], true);
    assert_eq!(b["userId"], u.id.as_str());
    let code = latest_code(&u.phone).await;
    assert_eq!(code.len(), 6);
    // A wrong code is refused, the right one logs in.
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let (s, b) = parts(
        post(
            "/v1/users/login/otp",
            json!({"userId": u.id, "otp": wrong, "otpType": "phone"}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!((s, b["message"].as_str()), (400, Some("Invalid OTP.")));
    let (s, b) = parts(
        post(
            "/v1/users/login/otp",
            json!({"userId": u.id, "otp": code, "deviceFingerprint": "fp"}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["status"], true);
    assert_eq!(b["user"]["isMobileVerified"], true);
    let token = b["access_token"].as_str().expect("token").to_owned();
    let (s, _) = parts(post("/v1/users/verifyToken", json!({"token": token}), None).await).await;
    assert_eq!(s, 200);
    // The code is single use.
    let (s, _) =
        parts(post("/v1/users/login/otp", json!({"userId": u.id, "otp": code}), None).await).await;
    assert_eq!(s, 400);
    // A new code within 30 seconds is refused, and the answer says when one may be asked.
    let r = post("/v1/users/login/phone", json!({"phoneNumber": u.phone}), None).await;
    let retry: u64 = r
        .headers()
        .get("retry-after")
        .expect("Retry-After on a 429")
        .to_str()
        .expect("text")
        .parse()
        .expect("seconds");
    assert!((1..=30).contains(&retry), "Retry-After {retry}");
    let (s, b) = parts(r).await;
    assert_eq!((s, b["error"].as_str()), (429, Some("otp_resend_too_soon")));
}

#[tokio::test]
async fn phone_login_input_is_checked() {
    for (body, status, message) in [
        (json!({}), 400, "Phone number is required for OTP login."),
        (
            json!({"phoneNumber": "12345"}),
            400,
            "Invalid Phone number. Please enter a valid 10-digit number.",
        ),
        (json!({"phoneNumber": "2025550199"}), 404, "No account found with this phone number."),
    ] {
        let (s, b) = parts(post("/v1/users/login/phone", body, None).await).await;
        assert_eq!((s, b["message"].as_str()), (status, Some(message)));
    }
    let (s, b) = parts(
        post("/v1/users/login/otp", json!({"userId": uuid::Uuid::now_v7(), "otp": "12"}), None)
            .await,
    )
    .await;
    assert_eq!((s, b["message"].as_str()), (400, Some("Please enter a valid OTP.")));
}

#[tokio::test]
async fn wrong_codes_burn_the_code_after_five_attempts() {
    let u = sign_up().await;
    post("/v1/users/requestLoginWithOTP", json!({"email": u.email}), None).await;
    let code = latest_code(&u.email).await;
    let wrong = if code == "999999" { "888888" } else { "999999" };
    for _ in 0..4 {
        let (s, _) = parts(
            post(
                "/v1/users/login/otp",
                json!({"userId": u.id, "otp": wrong, "otpType": "email"}),
                None,
            )
            .await,
        )
        .await;
        assert_eq!(s, 400);
    }
    let (s, b) = parts(
        post(
            "/v1/users/login/otp",
            json!({"userId": u.id, "otp": wrong, "otpType": "email"}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (429, Some("otp_attempts_exceeded")));
    let (s, _) = parts(
        post("/v1/users/login/otp", json!({"userId": u.id, "otp": code, "otpType": "email"}), None)
            .await,
    )
    .await;
    assert_eq!(s, 429, "the right code no longer works once the attempts are used up");
}

#[tokio::test]
async fn forgot_password_then_reset_with_the_emailed_code() {
    let u = sign_up().await;
    let (s, b) =
        parts(post("/v1/users/resetPasswordWithOTP", json!({"email": u.email}), None).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["success"], true);
    assert_eq!(b["data"]["userId"], u.id.as_str());
    let code = latest_code(&u.email).await;
    let (s, b) = parts(
        post(
            "/v1/users/login/updatePasswordWithOTP",
            json!({"email": u.email, "otp": code, "newPassword": "123"}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!((s, b["message"].as_str()), (400, Some("Password must be at least 6 characters")));
    let (s, b) = parts(
        post(
            "/v1/users/login/updatePasswordWithOTP",
            json!({"email": u.email, "otp": code, "newPassword": "brand-new-pass"}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let (s, _) = parts(
        post("/v1/users/login", json!({"email": u.email, "password": u.password}), None).await,
    )
    .await;
    assert_eq!(s, 401);
    let (s, b) = parts(
        post("/v1/users/login", json!({"email": u.email, "password": "brand-new-pass"}), None)
            .await,
    )
    .await;
    assert_eq!(s, 200);
    assert_eq!(b["user"]["emailVerify"], true, "the code proved the inbox");
    let (s, b) = parts(
        post("/v1/users/resetPasswordWithOTP", json!({"email": "nobody-here@example.com"}), None)
            .await,
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (404, Some("email_not_found")));
}

#[tokio::test]
async fn the_home_dialog_logs_in_with_an_email_code() {
    let u = sign_up().await;
    let (s, b) =
        parts(post("/v1/users/requestLoginWithOTP", json!({"email": u.email}), None).await).await;
    assert_eq!((s, b["success"].as_bool()), (200, Some(true)));
    let code = latest_code(&u.email).await;
    let (s, b) = parts(post("/v1/users/login/otp", json!({"userId": b["data"]["userId"], "code": code, "deviceFingerprint": "fp", "channel": "email"}), None).await).await;
    assert_eq!(s, 200, "{b}");
    assert!(b["access_token"].as_str().is_some());
}

#[tokio::test]
async fn email_verification_box_flow() {
    let u = sign_up().await;
    let (s, b) = parts(
        post(
            "/v1/users/sendEmail",
            json!({"email": u.email, "firstName": "", "userId": u.id}),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!((s, b["message"].as_str()), (400, Some("User ID or First Name is missing")));
    let (s, b) = parts(
        post(
            "/v1/users/sendEmail",
            json!({"email": u.email, "firstName": "Ada", "userId": u.id}),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let code = latest_code(&u.email).await;
    let (s, b) = parts(
        post(
            "/v1/users/login/otp",
            json!({"userId": u.id, "otp": code, "deviceFingerprint": null, "otpType": "email"}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["user"]["emailVerify"], true);
    assert_eq!(b["user"]["preBookVerifNeededFields"]["emailVerified"], true);
    let (s, b) = parts(
        post("/v1/users/emailVerifyWithOTP", json!({"email": u.email}), Some(&u.token)).await,
    )
    .await;
    assert_eq!((s, b["message"].as_str()), (200, Some("Email is already verified")));
}

#[tokio::test]
async fn mobile_verification_flow() {
    let u = sign_up().await;
    let phone = unique_phone();
    let (s, b) = parts(
        post("/v1/users/sendMobileVerification", json!({"phoneNumber": phone}), Some(&u.token))
            .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let code = latest_code(&phone).await;
    let (s, b) = parts(
        post("/v1/users/verifyMobileOTP", json!({"userId": u.id, "otp": code}), Some(&u.token))
            .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let (_, b) = parts(get(&format!("/v1/users/getuser/{}", u.id), Some(&u.token)).await).await;
    assert_eq!(b["user"]["phoneNumber"], phone.as_str());
    assert_eq!(b["user"]["isMobileVerified"], true);
}

#[tokio::test]
async fn a_code_sent_to_a_number_since_replaced_verifies_nothing() {
    let u = sign_up().await;
    let (old, new) = (unique_phone(), unique_phone());
    let (s, b) = parts(
        post("/v1/users/sendMobileVerification", json!({"phoneNumber": old}), Some(&u.token)).await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let code = latest_code(&old).await;
    // The number on the profile changes before the code is used.
    let (s, b) =
        parts(put("/v1/users/profile", json!({"phoneNumber": new}), Some(&u.token)).await).await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = parts(
        post("/v1/users/verifyMobileOTP", json!({"userId": u.id, "otp": code}), Some(&u.token))
            .await,
    )
    .await;
    assert_eq!((s, b["message"].as_str()), (400, Some("Invalid OTP.")), "{b}");
    let (_, b) = parts(get(&format!("/v1/users/getuser/{}", u.id), Some(&u.token)).await).await;
    assert_eq!(b["user"]["phoneNumber"], new.as_str());
    assert_eq!(b["user"]["isMobileVerified"], false, "the new number is not verified");
    // An expired token told apart from a forged one by verifyToken too.
    let expired = craft(claims_for(&u.id, -120), "dev-1", DEV_KEY);
    let (s, b) = parts(post("/v1/users/verifyToken", json!({"token": expired}), None).await).await;
    assert_eq!((s, b["error"].as_str()), (401, Some("token_expired")), "{b}");
}

#[tokio::test]
async fn profile_reads_and_updates_are_the_owners_only() {
    let a = sign_up().await;
    let b_user = sign_up().await;
    let (s, _) =
        parts(get(&format!("/v1/users/getuser/{}", b_user.id), Some(&a.token)).await).await;
    assert_eq!(s, 403);
    let (s, _) = parts(get(&format!("/v1/users/getuser/{}", a.id), None).await).await;
    assert_eq!(s, 401);
    let (s, b) = parts(put("/v1/users/profile", json!({"dob": "1991-04-02", "homeLocation": {"street": "1 Main St", "city": "Fremont", "state": "CA", "zip": "94536", "latitude": 37.55, "longitude": -121.99}}), Some(&a.token)).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["user"]["dob"], "1991-04-02");
    assert_eq!(b["user"]["preBookVerifNeededFields"]["dob"], false);
    assert_eq!(b["user"]["homeLocation"][0]["address"]["city"], "Fremont");
    for (body, message) in [
        (json!({"dob": "2015-01-01"}), "You must be 21 or older to rent or list a car."),
        (json!({"dob": "01/02/1990"}), "Invalid date of birth. Use YYYY-MM-DD."),
        (json!({"firstName": "<script></script>"}), "First name is required"),
        (
            json!({"phoneNumber": "123"}),
            "Invalid Phone number. Please enter a valid 10-digit number.",
        ),
    ] {
        let (s, b) = parts(put("/v1/users/profile", body, Some(&a.token)).await).await;
        assert_eq!((s, b["message"].as_str()), (400, Some(message)));
    }
    let (_, b) = parts(get(&format!("/v1/users/getuser/{}", a.id), Some(&a.token)).await).await;
    assert_eq!(b["user"]["dob"], "1991-04-02", "refused updates changed nothing");
}

#[tokio::test]
async fn free_text_is_stored_without_control_bidi_and_zero_width_characters() {
    let a = sign_up().await;
    // A bidirectional override, a terminal escape, zero-width characters, a carriage return;
    // the line feed, the tab, accents and an emoji sequence stay.
    let sent = "Hi\u{202E}gpj.exe \u{1b}[2Jthere\u{200B}\u{FEFF}\r\n\tCaf\u{e9} \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
    let (s, b) =
        parts(put("/v1/users/profile", json!({"about": sent}), Some(&a.token)).await).await;
    assert_eq!(s, 200, "{b}");
    let kept = "Higpj.exe [2Jthere\n\tCaf\u{e9} \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
    assert_eq!(b["user"]["about"], kept, "{b}");
    let (_, b) = parts(get(&format!("/v1/users/getuser/{}", a.id), Some(&a.token)).await).await;
    assert_eq!(b["user"]["about"], kept);
    // Escaped in the JSON text the same: one rule whatever the spelling.
    let raw = r#"{"about":"x\u202ey\u0007z"}"#;
    let r = client()
        .put(format!("{}/v1/users/profile", stack().base))
        .bearer_auth(&a.token)
        .header("content-type", "application/json")
        .body(raw)
        .send()
        .await
        .expect("sent");
    let (s, b) = parts(r).await;
    assert_eq!((s, b["user"]["about"].as_str()), (200, Some("xyz")), "{b}");
    // A search phrase in a query is read the same way.
    let (s, b) = parts(get("/v1/places/autocomplete?input=Fre%E2%80%AEmont", None).await).await;
    assert_eq!(s, 200, "{b}");
    assert!(b.to_string().contains("Fremont"), "the override was taken out of the query: {b}");
}

#[tokio::test]
async fn host_cards_need_no_token() {
    let host = "01930000-0000-7000-8000-000000000002";
    let (s, b) = parts(get(&format!("/v1/users/gethost/{host}"), None).await).await;
    assert_eq!(s, 200, "{b}");
    for field in ["_id", "firstName", "lastName", "profilePic", "rating", "tripCount", "joinedDate"]
    {
        assert!(b["data"].get(field).is_some(), "{field}");
    }
    let (s, b) =
        parts(get(&format!("/v1/users/gethost/{}", uuid::Uuid::now_v7()), None).await).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("host_not_found")));
    // "Verified Info": flags and tier only, never the data behind them.
    let u = sign_up().await;
    let (_, b) = parts(get(&format!("/v1/users/gethost/{}", u.id), None).await).await;
    let d = &b["data"];
    assert_eq!(
        (&d["emailVerify"], &d["isMobileVerified"], &d["isDriverVerified"], &d["currentTier"]),
        (&json!(false), &json!(false), &json!(false), &json!("Explorer")),
        "{b}"
    );
    for private in ["email", "phoneNumber", "dob", "dlStorageKey", "selfieStorageKey"] {
        assert!(d.get(private).is_none(), "{private} is not public");
    }
}

#[tokio::test]
async fn favourites_add_list_and_remove() {
    let u = sign_up().await;
    let unknown = uuid::Uuid::now_v7().to_string();
    let (s, b) =
        parts(post(&format!("/v1/users/addFav/{unknown}"), json!({}), Some(&u.token)).await).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("car_not_found")), "{b}");
    let (_, search) =
        parts(get("/v1/cars/search?latitude=37.5485&longitude=-121.9886", None).await).await;
    let car = search["data"][1]["_id"].as_str().expect("a demo car").to_owned();
    let (s, b) =
        parts(post(&format!("/v1/users/addFav/{car}"), json!({}), Some(&u.token)).await).await;
    assert_eq!(s, 200, "{b}");
    post(&format!("/v1/users/addFav/{car}"), json!({}), Some(&u.token)).await;
    let (_, b) = parts(get("/v1/users/getFavCars", Some(&u.token)).await).await;
    assert_eq!(b["data"].as_array().map(Vec::len), Some(1), "adding twice keeps one");
    assert_eq!(b["data"][0]["_id"], car.as_str());
    let (_, b) = parts(get(&format!("/v1/users/getuser/{}", u.id), Some(&u.token)).await).await;
    assert_eq!(b["user"]["favoriteCars"], json!([car]));
    let (s, _) =
        parts(post(&format!("/v1/users/removeFav/{car}"), json!({}), Some(&u.token)).await).await;
    assert_eq!(s, 200);
    let (_, b) = parts(get("/v1/users/getFavCars", Some(&u.token)).await).await;
    assert_eq!(b["data"], json!([]));
    // Whether a car exists is catalog's to say, the same for every malformed id.
    let (s, b) = parts(post("/v1/users/addFav/not-a-car", json!({}), Some(&u.token)).await).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("car_not_found")));
    let (s, b) = parts(post(&format!("/v1/users/addFav/{car}"), json!({}), None).await).await;
    assert_eq!((s, b["message"].as_str()), (401, Some("Token is missing")));
}

#[tokio::test]
async fn logout_revokes_the_token() {
    let u = sign_up().await;
    let (s, _) = parts(get("/v1/logout", Some(&u.token)).await).await;
    assert_eq!(s, 200);
    let (s, b) = parts(get(&format!("/v1/users/getuser/{}", u.id), Some(&u.token)).await).await;
    assert_eq!((s, b["error"].as_str()), (401, Some("token_revoked")));
    let (s, _) = parts(post("/v1/users/verifyToken", json!({"token": u.token}), None).await).await;
    assert_eq!(s, 401);
}

pub(crate) fn craft(claims: Value, kid: &str, secret: &[u8]) -> String {
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256);
    header.kid = Some(kid.to_owned());
    jsonwebtoken::encode(&header, &claims, &jsonwebtoken::EncodingKey::from_secret(secret))
        .expect("encode")
}

pub(crate) const DEV_KEY: &[u8] = b"development-only-signing-key-change-me-0001";

pub(crate) fn claims_for(sub: &str, exp_in: i64) -> Value {
    let now = chrono::Utc::now().timestamp();
    json!({"sub": sub, "role": "user", "jti": uuid::Uuid::now_v7().to_string(), "iat": now, "exp": now + exp_in,
           "iss": "upcar", "aud": "upcar-api", "purpose": "access"})
}

#[tokio::test]
async fn forged_expired_unsigned_and_foreign_tokens_get_401() {
    use base64::Engine;
    let u = sign_up().await;
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let forged = craft(claims_for(&u.id, 3600), "dev-1", b"some-other-secret-of-enough-length-000");
    let expired = craft(claims_for(&u.id, -120), "dev-1", DEV_KEY);
    let mut foreign_aud = claims_for(&u.id, 3600);
    foreign_aud["aud"] = json!("another-api");
    let wrong_audience = craft(foreign_aud, "dev-1", DEV_KEY);
    let unknown_kid = craft(claims_for(&u.id, 3600), "nope", DEV_KEY);
    let alg_none = format!(
        "{}.{}.",
        b64.encode(br#"{"alg":"none","typ":"JWT","kid":"dev-1"}"#),
        b64.encode(claims_for(&u.id, 3600).to_string())
    );
    let genuine = craft(claims_for(&u.id, 3600), "dev-1", DEV_KEY);
    let (s, _) = parts(get("/v1/users/getFavCars", Some(&genuine)).await).await;
    assert_eq!(s, 200, "a correctly signed token works, so the refusals below are about the flaws");
    // Signed with the real key, but saying what the account is not, or naming no account, or
    // with times we never issue.
    let mut as_admin = claims_for(&u.id, 3600);
    as_admin["role"] = json!("admin");
    let claimed_admin = craft(as_admin, "dev-1", DEV_KEY);
    let nobody = craft(claims_for(&uuid::Uuid::now_v7().to_string(), 3600), "dev-1", DEV_KEY);
    let now = chrono::Utc::now().timestamp();
    let mut later = claims_for(&u.id, 3600);
    later["iat"] = json!(now + 3600);
    later["exp"] = json!(now + 7200);
    let issued_later = craft(later, "dev-1", DEV_KEY);
    let mut not_yet = claims_for(&u.id, 3600);
    not_yet["nbf"] = json!(now + 600);
    let not_before = craft(not_yet, "dev-1", DEV_KEY);
    let decade = craft(claims_for(&u.id, 10 * 365 * 86_400), "dev-1", DEV_KEY);
    for (name, token) in [
        ("forged", forged),
        ("expired", expired),
        ("audience", wrong_audience),
        ("kid", unknown_kid),
        ("none", alg_none),
        ("claimed admin", claimed_admin),
        ("no such account", nobody),
        ("issued in the future", issued_later),
        ("not before", not_before),
        ("ten-year lifetime", decade),
    ] {
        let (s, b) = parts(get("/v1/users/getFavCars", Some(&token)).await).await;
        assert_eq!(s, 401, "{name}: {b}");
        assert!(b["error"].as_str().is_some_and(|c| c.starts_with("token_")), "{name}: {b}");
        let (s, _) =
            parts(post("/v1/users/verifyToken", json!({"token": token}), None).await).await;
        assert_eq!(s, 401, "verifyToken {name}");
    }
}

#[tokio::test]
async fn refresh_is_allowed_only_in_the_last_hour() {
    let u = sign_up().await;
    let (s, b) = parts(post("/v1/users/refreshToken", json!({}), Some(&u.token)).await).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("token_refresh_not_due")));
    let late = craft(claims_for(&u.id, 1800), "dev-1", DEV_KEY);
    let (s, b) = parts(post("/v1/users/refreshToken", json!({}), Some(&late)).await).await;
    assert_eq!(s, 200, "{b}");
    let fresh = b["access_token"].as_str().expect("token").to_owned();
    assert_ne!(fresh, late);
    let (s, _) = parts(get("/v1/users/getFavCars", Some(&fresh)).await).await;
    assert_eq!(s, 200);
    let (s, _) = parts(get("/v1/users/getFavCars", Some(&late)).await).await;
    assert_eq!(s, 401, "the exchanged token is revoked");
}

#[tokio::test]
async fn oversized_bodies_get_413_and_malformed_ones_400() {
    let big = "x".repeat(300 * 1024);
    let (s, b) = parts(post("/v1/users/storeEmail", json!({"email": big}), None).await).await;
    assert_eq!((s, b["error"].as_str()), (413, Some("payload_too_large")));
    let r = client()
        .post(format!("{}/v1/users/login", stack().base))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .expect("send");
    let (s, b) = parts(r).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("invalid_body")));
}

#[tokio::test]
async fn login_is_rate_limited() {
    let limited =
        start(upcar_config::Environment::Development, 3, Some(stack().accounts_port), None);
    let mut statuses = Vec::new();
    for _ in 0..5 {
        let r = client()
            .post(format!("{}/v1/users/login", limited.base))
            .json(&json!({"email": "guest@demo.local", "password": "wrong-password"}))
            .send()
            .await;
        match r {
            Ok(r) => statuses.push(r.status().as_u16()),
            Err(_) => {
                // The gateway thread may still be starting.
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            }
        }
    }
    assert!(statuses.contains(&401), "{statuses:?}");
    assert_eq!(statuses.last(), Some(&429), "{statuses:?}");
    // The refusal says when the window resets.
    let r = client()
        .post(format!("{}/v1/users/login", limited.base))
        .json(&json!({"email": "guest@demo.local", "password": "wrong-password"}))
        .send()
        .await
        .expect("login");
    assert_eq!(r.status().as_u16(), 429);
    let retry: u64 = r.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
}

pub(crate) const JPEG: &[u8] = &[
    0xFF, 0xD8, 0xFF, 0xE0, 0, 16, b'J', b'F', b'I', b'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xFF, 0xD9,
];

#[tokio::test]
async fn presigned_upload_round_trip_with_type_and_signature_checks() {
    let u = sign_up().await;
    let (s, b) = parts(
        post(
            "/v1/image/generatePresignedUrlsForUpload",
            json!({"files": [{"fileName": "front.jpg", "fileType": "image/jpeg"}]}),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let presigned = b["urls"][0]["presignedUrl"].as_str().expect("presignedUrl").to_owned();
    let s3_url = b["urls"][0]["s3Url"].as_str().expect("s3Url").to_owned();
    // Bytes that are not a JPEG are refused, a tampered signature too.
    let r = client()
        .put(&presigned)
        .header("content-type", "image/jpeg")
        .body("<html>")
        .send()
        .await
        .expect("put");
    assert_eq!(r.status().as_u16(), 400);
    let r = client()
        .put(presigned.replace("sig=", "sig=x"))
        .header("content-type", "image/jpeg")
        .body(JPEG.to_vec())
        .send()
        .await
        .expect("put");
    assert_eq!(r.status().as_u16(), 403);
    let r = client()
        .put(&presigned)
        .header("content-type", "image/png")
        .body(JPEG.to_vec())
        .send()
        .await
        .expect("put");
    assert_eq!(r.status().as_u16(), 400);
    let r = client()
        .put(&presigned)
        .header("content-type", "image/jpeg")
        .body(JPEG.to_vec())
        .send()
        .await
        .expect("put");
    assert_eq!(r.status().as_u16(), 200);
    // The link is used: a second upload cannot replace the file.
    let r = client()
        .put(&presigned)
        .header("content-type", "image/jpeg")
        .body([JPEG, &[0u8; 16][..]].concat())
        .send()
        .await
        .expect("put");
    let (s, b) = parts(r).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("upload_exists")), "{b}");
    let r = client().get(&s3_url).send().await.expect("get");
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.headers()["content-type"], "image/jpeg");
    assert_eq!(r.bytes().await.expect("bytes").as_ref(), JPEG);
    let (s, _) = parts(
        post(
            "/v1/image/generatePresignedUrlsForUpload",
            json!({"files": [{"fileName": "x.exe", "fileType": "application/x-msdownload"}]}),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 400);
    let (s, _) = parts(
        post("/v1/image/generatePresignedUrlsForUpload", json!({"files": []}), Some(&u.token))
            .await,
    )
    .await;
    assert_eq!(s, 400);
    let (s, _) = parts(
        post(
            "/v1/image/generatePresignedUrlsForUpload",
            json!({"files": [{"fileName": "a.jpg", "fileType": "image/jpeg"}]}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, 401);
}

pub(crate) async fn upload_doc(token: &str, kind: &str) -> (u16, Value) {
    let form = reqwest::multipart::Form::new().text("type", kind.to_owned()).part(
        "file",
        reqwest::multipart::Part::bytes(JPEG.to_vec())
            .file_name("doc.jpg")
            .mime_str("image/jpeg")
            .expect("mime"),
    );
    let r = client()
        .post(format!("{}/v1/users/uploadDriverDocument", stack().base))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    parts(r).await
}

#[tokio::test]
async fn driver_documents_through_the_phone_flow_token() {
    let u = sign_up().await;
    let (s, b) = parts(get("/v1/users/checkDlAndSelfieKeys", Some(&u.token)).await).await;
    assert_eq!((s, b["message"].as_str()), (400, Some("DL and selfie should be uploaded")));
    let (s, b) =
        parts(post("/v1/session/generate-temp-token", json!({}), Some(&u.token)).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["isDlUploaded"], false);
    let temp = b["token"].as_str().expect("temp token").to_owned();
    // The upload token opens the upload calls and nothing else.
    let (s, _) = parts(get(&format!("/v1/users/getuser/{}", u.id), Some(&temp)).await).await;
    assert_eq!(s, 401);
    let (s, b) = upload_doc(&temp, "dl").await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["message"], "DL uploaded successfully!");
    let (s, b) = upload_doc(&temp, "passport").await;
    assert_eq!(s, 400, "{b}");
    upload_doc(&temp, "dlBackSide").await;
    let (s, b) = upload_doc(&u.token, "selfie").await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["status"], "uploaded");
    let (s, b) = parts(get("/v1/users/checkDlAndSelfieKeys", Some(&u.token)).await).await;
    assert_eq!(s, 200, "{b}");
    assert!(
        b["dlStorageKey"]
            .as_str()
            .is_some_and(|k| k.starts_with(&format!("private/users/{}/", u.id)))
    );
    let (_, b) = parts(get(&format!("/v1/users/getuser/{}", u.id), Some(&u.token)).await).await;
    assert_eq!(b["user"]["isDriverVerified"], true);
    // The licence's photos are in; its details (the driver form) are still needed.
    assert_eq!(b["user"]["preBookVerifNeededFields"]["dlUploadNeeded"], true);
    let (s, b) =
        parts(put("/v1/users/driverLicense", crate::trips::license_form(), Some(&u.token)).await)
            .await;
    assert_eq!(s, 200, "{b}");
    let (_, b) = parts(get(&format!("/v1/users/getuser/{}", u.id), Some(&u.token)).await).await;
    assert_eq!(b["user"]["preBookVerifNeededFields"]["dlUploadNeeded"], false);
    assert!(b["user"].get("licenseExpirationDate").is_none(), "never answered: {b}");
    // Private files open only through a short signed link, and only for their owner.
    let (_, docs) = parts(get("/v1/users/driverDocuments", Some(&u.token)).await).await;
    let key = docs["selfieStorageKey"].as_str().expect("key").to_owned();
    let r = client().get(format!("{}/v1/files/{key}", stack().base)).send().await.expect("get");
    assert_eq!(r.status().as_u16(), 403);
    let other = sign_up().await;
    let (s, _) = parts(
        post(
            "/v1/image/generateSecretImagePresignedUrlNew",
            json!({"key": key}),
            Some(&other.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 403);
    let (s, b) = parts(
        post("/v1/image/generateSecretImagePresignedUrlNew", json!({"key": key}), Some(&u.token))
            .await,
    )
    .await;
    assert_eq!(s, 200);
    let r = client().get(b["url"].as_str().expect("url")).send().await.expect("get");
    assert_eq!(r.status().as_u16(), 200);
}

#[tokio::test]
async fn captains_have_their_own_login_and_tokens() {
    let (s, b) = parts(
        post(
            "/v1/captains/login",
            json!({"email": "captain@demo.local", "password": "DemoCaptain123!"}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let captain = b["access_token"].as_str().expect("token").to_owned();
    assert_eq!(b["user"]["role"], "captain");
    let (s, b) = parts(get("/v1/users/getFavCars", Some(&captain)).await).await;
    assert_eq!((s, b["error"].as_str()), (403, Some("wrong_account_kind")));
    let (s, _) = parts(
        post(
            "/v1/captains/image/generatePresignedUrlsForUpload",
            json!({"files": [{"fileName": "a.jpg", "fileType": "image/jpeg"}]}),
            Some(&captain),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200);
    let guest = sign_up().await;
    let (s, _) = parts(
        post(
            "/v1/captains/image/generatePresignedUrlsForUpload",
            json!({"files": [{"fileName": "a.jpg", "fileType": "image/jpeg"}]}),
            Some(&guest.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 403);
    let (s, _) = parts(
        post(
            "/v1/captains/login",
            json!({"email": "captain@demo.local", "password": "nope-nope"}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, 401);
    let (s, b) = parts(
        post("/v1/captains/forgot-password", json!({"email": "captain@demo.local"}), None).await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
}

#[tokio::test]
async fn demo_accounts_exist_with_the_contract_passwords() {
    for (email, password) in [
        ("host@demo.local", "DemoHost123!"),
        ("guest@demo.local", "DemoGuest123!"),
        ("admin@demo.local", "DemoAdmin123!"),
    ] {
        let (s, b) = parts(
            post("/v1/users/login", json!({"email": email, "password": password}), None).await,
        )
        .await;
        assert_eq!(s, 200, "{email}: {b}");
        if email.starts_with("guest") {
            let u = &b["user"];
            assert_eq!(u["emailVerify"], true);
            assert_eq!(u["isDriverVerified"], true);
            assert_eq!(u["hasPaymentMethod"], true);
            assert_eq!(u["currentTier"], "Verified Driver");
        }
    }
}

#[tokio::test]
async fn openapi_documents_every_route_and_every_documented_route_is_served() {
    let (s, doc) = parts(get("/v1/openapi.json", None).await).await;
    assert_eq!(s, 200);
    let paths = doc["paths"].as_object().expect("paths");
    assert!(paths.len() >= 40);
    for (path, ops) in paths {
        for method in ops.as_object().expect("ops").keys() {
            let url = format!(
                "{}{}",
                stack().base,
                path.replace("{id}", "x")
                    .replace("{carId}", "x")
                    .replace("{userId}", "x")
                    .replace("{key}", "public/none.jpg")
            );
            let req = client()
                .request(method.to_uppercase().parse().expect("method"), &url)
                .header("content-type", "application/json")
                .body("{}");
            let (_, body) = parts(req.send().await.expect("send")).await;
            assert_ne!(
                body["error"].as_str(),
                Some("route_not_found"),
                "{method} {path} is documented but not served"
            );
        }
    }
}

/// A gateway that begins to stop answers its readiness 503 `draining` (a load balancer takes
/// it out) while it still serves the requests that reach it.
#[tokio::test]
async fn a_stopping_gateway_is_not_ready_but_still_answers() {
    let replica = another_gateway();
    let ready = |base: String| async move {
        let r = client().get(format!("{base}/readyz")).send().await.expect("readyz");
        let status = r.status().as_u16();
        (status, r.json::<Value>().await.expect("json"))
    };
    let (s, b) = ready(replica.base.clone()).await;
    assert_eq!((s, b["status"].as_str()), (200, Some("ready")), "{b}");
    replica.stopper().begin();
    let (s, b) = ready(replica.base.clone()).await;
    assert_eq!((s, b["status"].as_str()), (503, Some("draining")), "{b}");
    let health = client().get(format!("{}/healthz", replica.base)).send().await.expect("healthz");
    assert_eq!(health.status().as_u16(), 200, "it still serves while it drains");
    replica.stopper().stop().await;
}

#[tokio::test]
async fn unknown_paths_are_route_not_found_and_health_endpoints_answer() {
    let (s, b) = parts(get("/v1/no/such/route", None).await).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("route_not_found")));
    let (s, _) = parts(get("/healthz", None).await).await;
    assert_eq!(s, 200);
    let (s, b) = parts(get("/readyz", None).await).await;
    assert_eq!((s, b["status"].as_str()), (200, Some("ready")));
    assert_eq!(b["checks"], json!({"redis": true, "accounts": true, "catalog": true}));
    // Metrics are on the internal port only.
    let (s, b) = parts(get("/metrics", None).await).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("route_not_found")));
    let text = client()
        .get(format!("{}/metrics", stack().metrics_base))
        .send()
        .await
        .expect("metrics")
        .text()
        .await
        .expect("text");
    assert!(text.contains("http_requests_total"));
    let r = get("/healthz", None).await;
    assert!(r.headers().contains_key("x-request-id"));
}

#[tokio::test]
async fn production_configuration_has_no_dev_routes() {
    let prod =
        start(upcar_config::Environment::Production, 10_000, Some(stack().accounts_port), None);
    let (s, b) =
        parts(get_when_up(&format!("{}/v1/dev/outbox?to=guest@demo.local", prod.base)).await).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("route_not_found")));
    let (s, b) = parts(
        get_when_up(&format!(
            "{}/v1/dev/payment/stripe/completeOnboarding/acct_local_x",
            prod.base
        ))
        .await,
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (404, Some("route_not_found")));
}

#[tokio::test]
async fn the_email_capture_calls_validate_their_input() {
    let (s, _) =
        parts(post("/v1/users/storeEmail", json!({"email": unique_email()}), None).await).await;
    assert_eq!(s, 200);
    let (s, b) =
        parts(post("/v1/coupons/potential-user", json!({"email": "bad"}), None).await).await;
    assert_eq!((s, b["message"].as_str()), (400, Some("Please enter a valid email address")));
    let (s, _) =
        parts(post("/v1/coupons/potential-user", json!({"email": unique_email()}), None).await)
            .await;
    assert_eq!(s, 200);
}

#[tokio::test]
async fn guest_reviews_of_a_user_are_public() {
    let u = sign_up().await;
    let (s, b) = parts(get(&format!("/v1/guestReviews/getReviews/{}", u.id), None).await).await;
    assert_eq!((s, b["data"].clone()), (200, json!([])));
    let (s, _) =
        parts(get(&format!("/v1/guestReviews/getReviews/{}", uuid::Uuid::now_v7()), None).await)
            .await;
    assert_eq!(s, 404);
}

#[tokio::test]
async fn the_web_app_is_served_at_the_root_with_client_routes_falling_back_to_it() {
    let dist = std::env::temp_dir().join(format!("upcar-dist-{}", uuid::Uuid::now_v7()));
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(dist.join("index.html"), "<!doctype html><div id=root>upcar app</div>").unwrap();
    std::fs::write(dist.join("assets/app.js"), "console.log('app')").unwrap();
    // What the build's precompression writes beside it (stand-in bytes: sent as they are).
    std::fs::write(dist.join("assets/app.js.br"), "brotli bytes").unwrap();
    std::fs::write(dist.join("assets/app.js.gz"), "gzip bytes").unwrap();
    let web = start(
        upcar_config::Environment::Development,
        10_000,
        Some(stack().accounts_port),
        Some(dist.display().to_string()),
    );
    for path in ["/", "/search?latitude=37.55", "/car/123", "/host/become-host"] {
        let r = get_when_up(&format!("{}{path}", web.base)).await;
        assert_eq!(r.status().as_u16(), 200, "{path}");
        assert_eq!(r.headers()["cache-control"], "no-cache", "{path}: the shell is revalidated");
        assert!(r.text().await.unwrap().contains("upcar app"), "{path}");
    }
    let r = get_when_up(&format!("{}/assets/app.js", web.base)).await;
    assert_eq!(
        r.headers()["cache-control"],
        "public, max-age=31536000, immutable",
        "hashed assets are cached for good"
    );
    assert!(r.text().await.unwrap().contains("console.log"));
    // Pre-compressed copies go to browsers that take them, with the original's type.
    for (accept, encoding, body) in [
        ("gzip, deflate, br", Some("br"), "brotli bytes"),
        ("gzip", Some("gzip"), "gzip bytes"),
        ("identity", None, "console.log('app')"),
    ] {
        let r = client()
            .get(format!("{}/assets/app.js", web.base))
            .header("accept-encoding", accept)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 200, "{accept}");
        assert_eq!(
            r.headers().get("content-encoding").map(|v| v.to_str().unwrap()),
            encoding,
            "{accept}"
        );
        assert!(r.headers()["content-type"].to_str().unwrap().contains("javascript"), "{accept}");
        assert_eq!(r.headers()["vary"], "accept-encoding");
        assert_eq!(r.text().await.unwrap(), body, "{accept}");
    }
    for missing in ["/assets/nope.js", "/assets/.hidden"] {
        let r = get_when_up(&format!("{}{missing}", web.base)).await;
        assert_eq!(r.status().as_u16(), 404, "{missing}");
    }
    let r = get_when_up(&format!("{}/v1/not-a-route", web.base)).await;
    assert!(r.headers().get("cache-control").is_none(), "API answers are not the app's");
    let (s, b) = parts(r).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("route_not_found")));
    let (s, _) = parts(
        get_when_up(&format!("{}/v1/users/gethost/{}", web.base, uuid::Uuid::now_v7())).await,
    )
    .await;
    assert_eq!(s, 404);
}

#[tokio::test]
async fn malformed_input_on_every_route_is_a_json_4xx_never_a_5xx() {
    let u = sign_up().await;
    let (_, doc) = parts(get("/v1/openapi.json", None).await).await;
    let bodies = [
        "",
        "null",
        "[]",
        "\"text\"",
        "{\"email\": 12, \"password\": [1], \"files\": \"x\", \"phoneNumber\": {\"a\": 1}}",
        "{\"otp\": 99999999999999999999, \"userId\": \"../../etc\", \"key\": \"../secret\"}",
        "{\"firstName\": \"\u{0}\", \"dob\": \"9999-99-99\", \"homeLocation\": {\"latitude\": 1e400}}",
        "{not json",
    ];
    for (path, ops) in doc["paths"].as_object().unwrap() {
        if path.starts_with("/v1/files/") {
            continue; // raw uploads, covered by the presigned upload test
        }
        for method in ops.as_object().unwrap().keys() {
            let url = format!(
                "{}{}",
                stack().base,
                path.replace("{id}", "%2e%2e")
                    .replace("{carId}", "not-a-uuid")
                    .replace("{userId}", "'; drop table users;--")
            );
            for token in [None, Some(u.token.as_str()), Some("garbage.token.value")] {
                for body in bodies {
                    let mut req = client()
                        .request(method.to_uppercase().parse().unwrap(), &url)
                        .header("content-type", "application/json")
                        .body(body);
                    if let Some(t) = token {
                        req = req.bearer_auth(t);
                    }
                    let r = req.send().await.unwrap();
                    let status = r.status().as_u16();
                    let text = r.text().await.unwrap();
                    assert!(
                        status < 500,
                        "{method} {path} with {body:?} answered {status}: {text}"
                    );
                    if status >= 400 {
                        let v: Value = serde_json::from_str(&text)
                            .unwrap_or_else(|_| panic!("{method} {path}: non-JSON error {text}"));
                        assert!(
                            v["error"].is_string() && v["message"].is_string(),
                            "{method} {path}: {text}"
                        );
                    }
                }
            }
        }
    }
}
