//! The exclusion list: admins suspend and reinstate users; a suspended user cannot sign in,
//! the gateway's account cache says so at once, every action is logged and published.

use super::*;
use redis::AsyncCommands;
use upcar_identity::{Identity, Role};

fn as_who<T>(body: T, user_id: uuid::Uuid, role: Role) -> tonic::Request<T> {
    let mut r = tonic::Request::new(body);
    Identity {
        user_id,
        role,
        token_id: "t".into(),
        expires_at: i64::MAX,
        session: upcar_identity::Session { id: "s".into(), auth_time: 0 },
    }
    .inject(r.metadata_mut());
    r
}

async fn admin_id(app: &TestApp) -> uuid::Uuid {
    let login = pb::LoginRequest {
        email: "admin@demo.local".into(),
        password: "DemoAdmin123!".into(),
        ..Default::default()
    };
    let reply = app.client.clone().login(login).await.expect("admin login").into_inner();
    match reply.outcome {
        Some(pb::login_reply::Outcome::Session(s)) => {
            s.user.expect("user").user_id.parse().unwrap()
        }
        other => panic!("no session: {other:?}"),
    }
}

fn change(user: &str, reason: &str) -> pb::StandingChangeRequest {
    pb::StandingChangeRequest { user_id: user.to_owned(), reason: reason.to_owned() }
}

async fn login(app: &TestApp, email: &str) -> Result<pb::LoginReply, tonic::Status> {
    let req = pb::LoginRequest {
        email: email.into(),
        password: "secret123".into(),
        ..Default::default()
    };
    app.client.clone().login(req).await.map(|r| r.into_inner())
}

#[tokio::test]
async fn a_suspended_user_cannot_sign_in_until_reinstated_and_every_action_is_logged() {
    let app = spawn_app().await;
    let admin = admin_id(&app).await;
    let req = sign_up_request();
    let user = app.client.clone().sign_up(req.clone()).await.expect("sign up").into_inner();
    let user_id = user.user.expect("user").user_id;
    let uid: uuid::Uuid = user_id.parse().unwrap();
    let mut redis = app.state.redis.get().await.unwrap();
    // The gateway trusts its cache: a stale entry saying "user" is there before the suspension.
    let key = upcar_identity::account_key(&uid);
    let _: () = redis.set_ex(&key, "user", 60).await.unwrap();

    let s = app
        .client
        .clone()
        .suspend_user(as_who(change(&user_id, "  Chargebacks on three trips "), admin, Role::Admin))
        .await
        .expect("suspend")
        .into_inner();
    assert!(s.suspended && !s.suspended_at.is_empty(), "{s:?}");
    assert_eq!(s.suspension_reason, "Chargebacks on three trips");
    assert_eq!(s.message, "User suspended");
    let cached: String = redis.get(&key).await.unwrap();
    assert_eq!(cached, upcar_identity::ACCOUNT_SUSPENDED, "the gateway's cache is overwritten");
    let kind = app
        .client
        .clone()
        .get_account_kind(pb::IdRequest { id: user_id.clone() })
        .await
        .unwrap()
        .into_inner();
    assert!(kind.exists && kind.suspended, "{kind:?}");

    let err = login(&app, &req.email).await.expect_err("suspended login");
    assert_eq!(err.code(), tonic::Code::PermissionDenied);
    assert_eq!(err.message(), "This account is suspended. Contact support for help.");
    // The wrong password still says only that the credentials are wrong.
    let wrong = pb::LoginRequest {
        email: req.email.clone(),
        password: "nope1234".into(),
        ..Default::default()
    };
    let err = app.client.clone().login(wrong).await.expect_err("wrong password");
    assert_eq!(err.code(), tonic::Code::Unauthenticated);

    // Twice is refused and logs nothing more.
    let err = app
        .client
        .clone()
        .suspend_user(as_who(change(&user_id, "again"), admin, Role::Admin))
        .await
        .expect_err("twice");
    assert_eq!(err.code(), tonic::Code::AlreadyExists, "{err:?}");

    let r = app
        .client
        .clone()
        .reinstate_user(as_who(change(&user_id, "Disputes settled"), admin, Role::Admin))
        .await
        .expect("reinstate")
        .into_inner();
    assert!(!r.suspended && r.suspended_at.is_empty() && r.suspension_reason.is_empty(), "{r:?}");
    let cached: String = redis.get(&key).await.unwrap();
    assert_eq!(cached, "user");
    login(&app, &req.email).await.expect("signs in again");
    let actions: Vec<(String, String)> =
        r.actions.iter().map(|a| (a.action.clone(), a.reason.clone())).collect();
    assert_eq!(
        actions,
        [
            ("reinstate".to_owned(), "Disputes settled".to_owned()),
            ("suspend".to_owned(), "Chargebacks on three trips".to_owned())
        ]
    );
    assert!(r.actions.iter().all(|a| a.admin_id == admin.to_string()));
    let events = count(
        &app.state,
        &format!(
            "SELECT count(*) AS n FROM outbox WHERE event_type = 'accounts.user_standing_changed' \
             AND encode(payload, 'escape') LIKE '%{user_id}%'"
        ),
    )
    .await;
    assert_eq!(events, 2, "one event per change");
}

#[tokio::test]
async fn only_admins_change_standing_with_a_reason_and_never_of_an_admin() {
    let app = spawn_app().await;
    let admin = admin_id(&app).await;
    let user = app.client.clone().sign_up(sign_up_request()).await.unwrap().into_inner();
    let user_id = user.user.unwrap().user_id;
    let uid: uuid::Uuid = user_id.parse().unwrap();
    let cases: Vec<(tonic::Request<pb::StandingChangeRequest>, tonic::Code, &str)> = vec![
        (
            tonic::Request::new(change(&user_id, "x")),
            tonic::Code::Unauthenticated,
            "Token is missing",
        ),
        (
            as_who(change(&user_id, "x"), uid, Role::User),
            tonic::Code::PermissionDenied,
            "This call is for admins",
        ),
        (
            as_who(change(&user_id, "   "), admin, Role::Admin),
            tonic::Code::InvalidArgument,
            "A reason is required (at most 1000 characters)",
        ),
        (
            as_who(change(&user_id, &"x".repeat(1001)), admin, Role::Admin),
            tonic::Code::InvalidArgument,
            "A reason is required (at most 1000 characters)",
        ),
        (
            as_who(change(&admin.to_string(), "x"), admin, Role::Admin),
            tonic::Code::AlreadyExists,
            "Admin accounts cannot be suspended",
        ),
        (
            as_who(change("nobody", "x"), admin, Role::Admin),
            tonic::Code::NotFound,
            "User not found",
        ),
        (
            as_who(change(&uuid::Uuid::now_v7().to_string(), "x"), admin, Role::Admin),
            tonic::Code::NotFound,
            "User not found",
        ),
    ];
    for (req, code, message) in cases {
        let err = app.client.clone().suspend_user(req).await.expect_err("refused");
        assert_eq!((err.code(), err.message()), (code, message));
    }
    let err = app
        .client
        .clone()
        .reinstate_user(as_who(change(&user_id, "fine"), admin, Role::Admin))
        .await
        .expect_err("not suspended");
    assert_eq!(
        (err.code(), err.message()),
        (tonic::Code::AlreadyExists, "The user is not suspended")
    );
    // Nothing was logged or published, and the user signs in.
    let logged = count(
        &app.state,
        &format!("SELECT count(*) AS n FROM account_actions WHERE user_id = '{uid}'"),
    )
    .await;
    assert_eq!(logged, 0);
    let standing = app
        .client
        .clone()
        .get_user_standing(as_who(pb::IdRequest { id: user_id.clone() }, admin, Role::Admin))
        .await
        .unwrap()
        .into_inner();
    assert!(!standing.suspended && standing.actions.is_empty(), "{standing:?}");
}

#[tokio::test]
async fn the_database_keeps_the_log_and_the_standing_together() {
    let app = spawn_app().await;
    let user = app.client.clone().sign_up(sign_up_request()).await.unwrap().into_inner();
    let uid = user.user.unwrap().user_id;
    let mut conn = app.state.pool.get().await.unwrap();
    // A suspension written without its action is refused.
    let err = diesel::sql_query(format!(
        "INSERT INTO account_standing (user_id, suspended_at, suspension_reason, version) VALUES ('{uid}', now(), 'x', 1)"
    ))
    .execute(&mut conn)
    .await
    .expect_err("no action logged");
    assert!(err.to_string().contains("needs its admin action"), "{err}");
    let admin = admin_id(&app).await;
    app.client
        .clone()
        .suspend_user(as_who(change(&uid, "Fraud"), admin, Role::Admin))
        .await
        .expect("suspend");
    // The log cannot be rewritten or erased, nor the standing changed behind it.
    for (sql, why) in [
        (
            format!("UPDATE account_actions SET reason = 'nothing' WHERE user_id = '{uid}'"),
            "append-only",
        ),
        (format!("DELETE FROM account_actions WHERE user_id = '{uid}'"), "append-only"),
        (
            format!(
                "UPDATE account_standing SET suspended_at = NULL, suspension_reason = NULL, version = version + 1 WHERE user_id = '{uid}'"
            ),
            "needs its admin action",
        ),
        (format!("DELETE FROM account_standing WHERE user_id = '{uid}'"), "never deleted"),
    ] {
        let err = diesel::sql_query(sql).execute(&mut conn).await.expect_err(why);
        assert!(err.to_string().contains(why), "{err}");
    }
}
