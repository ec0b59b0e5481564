//! Password checks run on the password threads (`accounts::hashing`): more at once than they
//! and their queue hold are refused with a clear "try again", never an internal error, and the
//! service answers again as soon as they are through.

use crate::{sign_up_request, spawn_app_with};
use accounts::hashing::PasswordWorkSettings;
use upcar_proto::accounts as pb;

#[tokio::test]
async fn logins_beyond_the_password_threads_and_their_queue_are_told_to_retry() {
    // One thread and one place in its queue: a check that finds both taken is refused at once.
    // (Not a queue of 0: the channel is then a rendezvous, and a thread that has just answered
    // is not back at its receive yet, so even one sign-up after another could be refused.)
    let mut app = spawn_app_with(|s| {
        s.passwords = PasswordWorkSettings { threads: 1, nice: 0, queue: 1 };
    })
    .await;
    // Twelve accounts (one account's parallel sign-ins count against its guessing guard).
    let mut logins = Vec::new();
    for _ in 0..12 {
        let req = sign_up_request();
        app.client.sign_up(req.clone()).await.expect("sign up");
        logins.push(pb::LoginRequest {
            email: req.email.clone(),
            password: req.password.clone(),
            ..Default::default()
        });
    }
    let login = logins[0].clone();
    let attempts: Vec<_> = logins
        .into_iter()
        .map(|login| {
            let mut client = app.client.clone();
            tokio::spawn(async move { client.login(login).await })
        })
        .collect();
    let (mut ok, mut busy) = (0, 0);
    for a in attempts {
        match a.await.expect("joined") {
            Ok(_) => ok += 1,
            Err(status) => {
                assert_eq!(status.code(), tonic::Code::Unavailable, "{status:?}");
                assert_eq!(
                    status.message(),
                    "Too many sign-ins at this moment. Please try again in a few seconds."
                );
                busy += 1;
            }
        }
    }
    assert!(ok >= 1, "the first check runs");
    assert!(busy >= 1, "12 at once on one thread with one place to wait: some are refused");
    // Through them, a login goes through again.
    app.client.login(login).await.expect("a later login");
}

#[tokio::test]
async fn parallel_guesses_at_one_account_are_counted_one_by_one_and_five_are_checked() {
    let mut app = crate::spawn_app().await;
    let req = sign_up_request();
    app.client.sign_up(req.clone()).await.expect("sign up");
    let guess = pb::LoginRequest {
        email: req.email.clone(),
        password: "wrong-guess".into(),
        ..Default::default()
    };
    let attempts: Vec<_> = (0..20)
        .map(|_| {
            let (mut client, guess) = (app.client.clone(), guess.clone());
            tokio::spawn(async move { client.login(guess).await })
        })
        .collect();
    let (mut checked, mut waiting) = (0, 0);
    for a in attempts {
        let status = a.await.expect("joined").expect_err("a wrong password");
        let code = status
            .metadata()
            .get(upcar_errors::ERROR_CODE_METADATA)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        match code.as_str() {
            "invalid_credentials" => checked += 1,
            "login_locked" => {
                let retry = status.metadata().get(upcar_errors::RETRY_AFTER_METADATA);
                assert!(retry.is_some(), "a lock says when to retry");
                waiting += 1;
            }
            other => panic!("unexpected {other}: {status:?}"),
        }
    }
    assert_eq!((checked, waiting), (5, 15));
    // The right password waits too, until the minute is over; then one attempt, and a wrong
    // one doubles the wait.
    let right = pb::LoginRequest { password: req.password.clone(), ..guess.clone() };
    assert_eq!(
        app.client.login(right.clone()).await.expect_err("waits").code(),
        tonic::Code::ResourceExhausted
    );
    app.clock.advance(chrono::Duration::seconds(61));
    let status = app.client.login(guess.clone()).await.expect_err("wrong");
    assert_eq!(status.code(), tonic::Code::Unauthenticated, "{status:?}");
    let status = app.client.login(right.clone()).await.expect_err("waits again");
    let retry: u64 = status
        .metadata()
        .get(upcar_errors::RETRY_AFTER_METADATA)
        .unwrap()
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((61..=120).contains(&retry), "the second wait is two minutes: {retry}");
    app.clock.advance(chrono::Duration::seconds(121));
    app.client.login(right.clone()).await.expect("the right password once the wait is over");
    // And the streak is over: five more wrong ones before any wait.
    for _ in 0..4 {
        let s = app.client.login(guess.clone()).await.expect_err("wrong");
        assert_eq!(s.code(), tonic::Code::Unauthenticated);
    }
    app.client.login(right).await.expect("no wait after four");
}
