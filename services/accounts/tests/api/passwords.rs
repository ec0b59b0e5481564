//! Password checks run on the password threads (`accounts::hashing`): more at once than they
//! and their queue hold are refused with a clear "try again", never an internal error, and the
//! service answers again as soon as they are through.

use crate::{sign_up_request, spawn_app_with};
use accounts::hashing::PasswordWorkSettings;
use upcar_proto::accounts as pb;

#[tokio::test]
async fn logins_beyond_the_password_threads_and_their_queue_are_told_to_retry() {
    // One thread and no queue: a check that finds the thread busy is refused at once.
    let mut app = spawn_app_with(|s| {
        s.passwords = PasswordWorkSettings { threads: 1, nice: 0, queue: 0 };
    })
    .await;
    let req = sign_up_request();
    app.client.sign_up(req.clone()).await.expect("sign up");
    let login = pb::LoginRequest {
        email: req.email.clone(),
        password: req.password.clone(),
        ..Default::default()
    };
    let attempts: Vec<_> = (0..12)
        .map(|_| {
            let (mut client, login) = (app.client.clone(), login.clone());
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
    assert!(busy >= 1, "12 at once on one thread without a queue: some are refused");
    // Through them, a login goes through again.
    app.client.login(login).await.expect("a later login");
}
