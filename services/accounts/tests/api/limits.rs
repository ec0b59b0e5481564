//! Length limits on the free text accounts keeps: over the limit is a 400 with its own code
//! and message, and nothing is written.

use crate::{TestApp, count, sign_up_request, spawn_app};
use accounts::domain::profile::{
    MAX_ABOUT_CHARS, MAX_CITY_CHARS, MAX_COUNTRY_CHARS, MAX_DEVICE_FINGERPRINT_CHARS,
    MAX_NAME_CHARS, MAX_STATE_CHARS, MAX_STREET_CHARS, MAX_ZIP_CHARS,
};
use upcar_identity::{Identity, Role};
use upcar_proto::accounts as pb;

fn code(status: &tonic::Status) -> String {
    let code = status.metadata().get(upcar_errors::ERROR_CODE_METADATA);
    code.and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned()
}

/// A 400 with its code and a message.
fn refused_with(err: &tonic::Status, want: &str) {
    assert_eq!((err.code(), code(err).as_str()), (tonic::Code::InvalidArgument, want));
    assert!(!err.message().is_empty());
}

/// A home location in Fremont at `street`.
fn fremont_home(street: &str) -> pb::HomeLocation {
    pb::HomeLocation {
        street: street.into(),
        city: "Fremont".into(),
        state: "CA".into(),
        zip: "94538".into(),
        country: "US".into(),
        latitude: 37.55,
        longitude: -121.99,
    }
}

/// A signed-up user and the identity the gateway would pass for them.
async fn user(app: &mut TestApp) -> (pb::User, Identity) {
    let reply = app.client.sign_up(sign_up_request()).await.expect("sign up").into_inner();
    let user = reply.user.expect("user");
    let claims = app.state.keys.verify(&reply.access_token).expect("a token of ours");
    let identity = Identity::from(&claims);
    assert_eq!((identity.user_id.to_string(), identity.role), (user.user_id.clone(), Role::User));
    (user, identity)
}

async fn update(
    app: &mut TestApp,
    who: &Identity,
    req: pb::UpdateProfileRequest,
) -> Result<pb::User, tonic::Status> {
    let r = app.client.update_profile(upcar_identity::outgoing(req, Some(who))).await?;
    Ok(r.into_inner().user.expect("user"))
}

async fn profile(app: &mut TestApp, who: &Identity) -> pb::User {
    let req = pb::IdRequest { id: who.user_id.to_string() };
    let r = app.client.get_user(upcar_identity::outgoing(req, Some(who))).await.expect("get");
    r.into_inner().user.expect("user")
}

#[tokio::test]
async fn a_sign_up_with_a_100_kb_first_name_is_refused_and_creates_no_account() {
    let mut app = spawn_app().await;
    for (edit, want, message) in [
        (
            (|r: &mut pb::SignUpRequest| r.first_name = "A".repeat(100_000))
                as fn(&mut pb::SignUpRequest),
            "first_name_too_long",
            "First name must be at most 50 characters",
        ),
        (
            |r| r.last_name = "L".repeat(MAX_NAME_CHARS + 1),
            "last_name_too_long",
            "Last name must be at most 50 characters",
        ),
        (
            |r| r.device_fingerprint = "f".repeat(MAX_DEVICE_FINGERPRINT_CHARS + 1),
            "device_fingerprint_too_long",
            "deviceFingerprint must be at most 256 characters.",
        ),
    ] {
        let mut req = sign_up_request();
        edit(&mut req);
        let err = app.client.sign_up(req.clone()).await.expect_err("refused");
        assert_eq!(err.code(), tonic::Code::InvalidArgument);
        assert_eq!((code(&err).as_str(), err.message()), (want, message));
        let sql = format!("SELECT count(*) AS n FROM users WHERE email = '{}'", req.email);
        assert_eq!(count(&app.state, &sql).await, 0, "{want}: no account");
    }
    // At the limit is accepted, and the name is kept whole.
    let mut req = sign_up_request();
    req.first_name = "A".repeat(MAX_NAME_CHARS);
    let user = app.client.sign_up(req).await.expect("50 characters").into_inner().user;
    assert_eq!(user.expect("user").first_name.chars().count(), MAX_NAME_CHARS);
}

#[tokio::test]
async fn each_profile_text_over_its_limit_is_refused_with_its_code_and_changes_nothing() {
    let mut app = spawn_app().await;
    let (before, me) = user(&mut app).await;
    let home = |f: &dyn Fn(&mut pb::HomeLocation)| {
        let mut h = fremont_home("39650 Liberty St");
        f(&mut h);
        pb::UpdateProfileRequest { home_location: Some(h), ..Default::default() }
    };
    let over = |max: usize| "x".repeat(max + 1);
    let cases = [
        (
            pb::UpdateProfileRequest {
                first_name: Some(over(MAX_NAME_CHARS)),
                ..Default::default()
            },
            "first_name_too_long",
        ),
        (
            pb::UpdateProfileRequest {
                last_name: Some(over(MAX_NAME_CHARS)),
                ..Default::default()
            },
            "last_name_too_long",
        ),
        (
            pb::UpdateProfileRequest { about: Some(over(MAX_ABOUT_CHARS)), ..Default::default() },
            "about_too_long",
        ),
        (home(&|h| h.street = over(MAX_STREET_CHARS)), "street_too_long"),
        (home(&|h| h.city = over(MAX_CITY_CHARS)), "city_too_long"),
        (home(&|h| h.state = over(MAX_STATE_CHARS)), "state_too_long"),
        (home(&|h| h.zip = over(MAX_ZIP_CHARS)), "zip_too_long"),
        (home(&|h| h.country = over(MAX_COUNTRY_CHARS)), "country_too_long"),
        (home(&|h| h.latitude = 91.0), "invalid_coordinates"),
    ];
    for (req, want) in cases {
        // Another change in the same request is not applied either.
        let req = pb::UpdateProfileRequest { about: req.about.or(Some("Hi".into())), ..req };
        let err = update(&mut app, &me, req).await.expect_err(want);
        refused_with(&err, want);
    }
    let after = profile(&mut app, &me).await;
    assert_eq!((after.first_name, after.last_name), (before.first_name, before.last_name));
    assert_eq!((after.about.as_str(), after.home_location.len()), ("", 0), "nothing was kept");

    // At the limits everything is kept whole, not cut.
    let at = |max: usize| "y".repeat(max);
    let req = pb::UpdateProfileRequest {
        first_name: Some(at(MAX_NAME_CHARS)),
        about: Some(at(MAX_ABOUT_CHARS)),
        ..home(&|h| {
            h.street = at(MAX_STREET_CHARS);
            h.zip = at(MAX_ZIP_CHARS);
        })
    };
    let saved = update(&mut app, &me, req).await.expect("at the limits");
    assert_eq!(saved.first_name.chars().count(), MAX_NAME_CHARS);
    assert_eq!(saved.about.chars().count(), MAX_ABOUT_CHARS);
    let h = &saved.home_location[0];
    assert_eq!((h.street.len(), h.zip.len()), (MAX_STREET_CHARS, MAX_ZIP_CHARS));
}

#[tokio::test]
async fn a_login_with_an_oversized_device_fingerprint_is_refused_and_remembers_nothing() {
    let mut app = spawn_app().await;
    let req = sign_up_request();
    app.client.sign_up(req.clone()).await.expect("sign up");
    let login = |fingerprint: String| pb::LoginRequest {
        email: req.email.clone(),
        password: req.password.clone(),
        device_fingerprint: fingerprint,
        ..Default::default()
    };
    let err = app
        .client
        .login(login("f".repeat(MAX_DEVICE_FINGERPRINT_CHARS + 1)))
        .await
        .expect_err("refused");
    assert_eq!(code(&err), "device_fingerprint_too_long");
    let remembered = format!(
        "SELECT count(*) AS n FROM users WHERE email = '{}' AND device_fingerprint IS NOT NULL",
        req.email
    );
    assert_eq!(count(&app.state, &remembered).await, 0);
    app.client.login(login("f".repeat(MAX_DEVICE_FINGERPRINT_CHARS))).await.expect("at the limit");
    assert_eq!(count(&app.state, &remembered).await, 1);
}

#[tokio::test]
async fn a_user_keeps_at_most_500_favourite_cars_and_the_501st_is_refused_without_a_change() {
    let mut app = spawn_app().await;
    let (_, me) = user(&mut app).await;
    let mut last = Vec::new();
    for _ in 0..499 {
        let req = pb::IdRequest { id: uuid::Uuid::now_v7().to_string() };
        let r = app.client.add_favourite(upcar_identity::outgoing(req, Some(&me))).await;
        last = r.expect("a favourite under the limit").into_inner().favourites;
    }
    assert_eq!(last.len(), 499);
    // Four adds at once for the last place: the database takes one.
    let racing = (0..4).map(|_| {
        let mut client = app.client.clone();
        let req = pb::IdRequest { id: uuid::Uuid::now_v7().to_string() };
        let who = me.clone();
        async move { client.add_favourite(upcar_identity::outgoing(req, Some(&who))).await }
    });
    let results = futures::future::join_all(racing).await;
    let taken = results.iter().filter(|r| r.is_ok()).count();
    let refused: Vec<String> = results.iter().filter_map(|r| r.as_ref().err()).map(code).collect();
    assert_eq!(taken, 1, "{refused:?}");
    assert_eq!(refused, ["too_many_favourites"; 3]);
    let extra = uuid::Uuid::now_v7().to_string();
    let req = pb::IdRequest { id: extra.clone() };
    let err = app
        .client
        .add_favourite(upcar_identity::outgoing(req, Some(&me)))
        .await
        .expect_err("the 501st favourite");
    refused_with(&err, "too_many_favourites");
    let list = app
        .client
        .list_favourites(upcar_identity::outgoing(pb::Empty {}, Some(&me)))
        .await
        .expect("list")
        .into_inner()
        .favourites;
    assert_eq!(list.len(), 500, "nothing was added");
    assert!(list.iter().all(|f| f.car_id != extra));
    // Removing one makes room again.
    let req = pb::IdRequest { id: list[0].car_id.clone() };
    app.client.remove_favourite(upcar_identity::outgoing(req, Some(&me))).await.expect("remove");
    let req = pb::IdRequest { id: extra.clone() };
    let r = app.client.add_favourite(upcar_identity::outgoing(req, Some(&me))).await;
    let now = r.expect("room after a removal").into_inner().favourites;
    assert_eq!(now.len(), 500);
    assert!(now.iter().any(|f| f.car_id == extra));
}

#[tokio::test]
async fn only_the_newest_5_home_locations_are_kept_in_the_order_given() {
    let mut app = spawn_app().await;
    let (_, me) = user(&mut app).await;
    for n in 1..=7 {
        let home = fremont_home(&format!("{n} Liberty St"));
        let req = pb::UpdateProfileRequest { home_location: Some(home), ..Default::default() };
        let saved = update(&mut app, &me, req).await.expect("a home location");
        assert_eq!(saved.home_location.len(), n.min(5));
    }
    let kept: Vec<String> =
        profile(&mut app, &me).await.home_location.into_iter().map(|h| h.street).collect();
    // The oldest two went; the newest is the last entry.
    assert_eq!(
        kept,
        ["3 Liberty St", "4 Liberty St", "5 Liberty St", "6 Liberty St", "7 Liberty St"]
    );
}

#[tokio::test]
async fn public_profiles_are_given_for_at_most_100_ids_a_call() {
    let mut app = spawn_app().await;
    let (u, _) = user(&mut app).await;
    let ids = |n: usize| {
        let mut ids: Vec<String> = (1..n).map(|_| uuid::Uuid::now_v7().to_string()).collect();
        ids.push(u.user_id.clone());
        ids
    };
    let r = app.client.get_public_profiles(pb::PublicProfilesRequest { ids: ids(100) }).await;
    let profiles = r.expect("100 ids").into_inner().profiles;
    assert_eq!(profiles.len(), 1, "the one known account; unknown ids are left out");
    let err = app
        .client
        .get_public_profiles(pb::PublicProfilesRequest { ids: ids(101) })
        .await
        .expect_err("101 ids");
    refused_with(&err, "too_many_profiles");
}
