//! The gateway binary refuses the signing secrets written in the repository (the settings
//! files' test values, which these tests use in process): with them, anyone holding the source
//! could forge an admin's token or a link to any user's licence photo. Given its own, it runs.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn gateway(env: &[(&str, &str)]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gateway"));
    c.env_remove("APP__JWT__KEYRING")
        .env_remove("APP__FILES__SIGNING_SECRET")
        .env("APP_ENVIRONMENT", "development")
        .env("APP__HTTP__PORT", "0")
        .env("APP__METRICS__PORT", "0")
        .env("APP__TELEMETRY__FILTER", "info")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

fn refusal(env: &[(&str, &str)]) -> String {
    let out = gateway(env).output().expect("the gateway binary runs");
    assert!(!out.status.success(), "started with a committed secret: {env:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn the_gateway_refuses_the_repositorys_signing_secrets_and_runs_with_its_own() {
    let own_key = "dev-1:this-run-only-key-5d0c9a5e8f7b4c1d9e2a6b3c";
    let own_files = "this-run-only-file-secret-9c1f3e5a7b2d4f6a8c0e";
    let e = refusal(&[]);
    assert!(e.contains("jwt key dev-1 is a value written in the repository"), "{e}");
    let e = refusal(&[("APP__JWT__KEYRING", own_key)]);
    assert!(e.contains("files.signing_secret is a value written in the repository"), "{e}");
    let e = refusal(&[
        ("APP__JWT__KEYRING", "dev-1:development-only-signing-key-change-me-0001"),
        ("APP__FILES__SIGNING_SECRET", own_files),
    ]);
    assert!(e.contains("jwt key dev-1"), "{e}");

    let mut child =
        gateway(&[("APP__JWT__KEYRING", own_key), ("APP__FILES__SIGNING_SECRET", own_files)])
            .spawn()
            .expect("spawned");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if line.contains("gateway listening") {
                let _ = tx.send(());
                return;
            }
        }
    });
    let started = Instant::now();
    let listening = loop {
        if rx.try_recv().is_ok() {
            break true;
        }
        if child.try_wait().expect("waited").is_some()
            || started.elapsed() > Duration::from_secs(60)
        {
            break false;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let _ = child.kill();
    let out = child.wait_with_output().expect("stopped");
    assert!(
        listening,
        "the gateway did not start with secrets of its own: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}
