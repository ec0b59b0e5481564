//! The LLM description writer against a fake OpenAI-compatible endpoint on 127.0.0.1: what it
//! sends, that a good answer is used, and that an answer breaking the wizard's rule (or an
//! error, or silence) falls back to the deterministic description.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use hosting_teams::describe::{ChatCompletions, DescriptionWriter, Deterministic};
use hosting_teams::suggest::Vehicle;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

#[derive(Clone)]
enum Reply {
    Json(String),
    Status(u16),
    Silence,
}

/// Serves `reply` to every request; keeps each request's head and body.
async fn fake(reply: Reply) -> (String, Arc<Mutex<Vec<(String, String)>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let keep = Arc::clone(&seen);
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let (keep, reply) = (Arc::clone(&keep), reply.clone());
            tokio::spawn(async move {
                let mut data = Vec::new();
                let mut buf = [0u8; 4096];
                let (head, body) = loop {
                    let n = stream.read(&mut buf).await.unwrap_or(0);
                    if n == 0 {
                        return;
                    }
                    data.extend_from_slice(&buf[..n]);
                    let text = String::from_utf8_lossy(&data).to_string();
                    if let Some(end) = text.find("\r\n\r\n") {
                        let head = text[..end].to_owned();
                        let len: usize = head
                            .lines()
                            .find_map(|l| {
                                l.to_ascii_lowercase()
                                    .strip_prefix("content-length:")
                                    .map(|v| v.trim().parse().unwrap_or(0))
                            })
                            .unwrap_or(0);
                        if data.len() >= end + 4 + len {
                            break (
                                head,
                                String::from_utf8_lossy(&data[end + 4..end + 4 + len]).to_string(),
                            );
                        }
                    }
                };
                keep.lock().unwrap().push((head, body));
                let (status, body) = match reply {
                    Reply::Json(b) => (200, b),
                    Reply::Status(s) => (s, "{}".to_owned()),
                    Reply::Silence => {
                        tokio::time::sleep(Duration::from_secs(5)).await;
                        return;
                    }
                };
                let out = format!(
                    "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = stream.write_all(out.as_bytes()).await;
            });
        }
    });
    (base, seen)
}

fn car() -> Vehicle {
    Vehicle {
        make: "Honda".into(),
        model: "Accord".into(),
        trim: "EX-L".into(),
        style: "sedan".into(),
        car_year: 2020,
        transmission_type: "automatic".into(),
    }
}

fn answer(text: &str) -> Reply {
    Reply::Json(
        serde_json::json!({"choices": [{"message": {"role": "assistant", "content": text}}]})
            .to_string(),
    )
}

#[tokio::test]
async fn a_good_answer_is_the_description_and_the_request_carries_the_cars_facts() {
    let text = "word ".repeat(75);
    let (base, seen) = fake(answer(&text)).await;
    let w = ChatCompletions::new(&base, "gpt-test", "sk-test", Duration::from_secs(2)).unwrap();

    let got = w.write(&car()).await;

    assert_eq!(got, text.trim());
    let (head, body) = seen.lock().unwrap()[0].clone();
    assert!(head.starts_with("POST /v1/chat/completions "), "{head}");
    assert!(head.to_ascii_lowercase().contains("authorization: bearer sk-test"), "{head}");
    let body: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["model"], "gpt-test");
    let user = body["messages"][1]["content"].as_str().unwrap();
    assert!(user.contains("2020 Honda Accord") && user.contains("Trim: EX-L"), "{user}");
    assert!(user.contains("Backup camera"), "the likely features are given: {user}");
}

#[tokio::test]
async fn an_answer_breaking_the_wizards_rule_or_no_answer_falls_back_to_the_deterministic_text() {
    let fallback = Deterministic.write(&car()).await;
    for reply in
        [answer("Too short."), Reply::Status(500), Reply::Json("{}".into()), Reply::Silence]
    {
        let (base, _) = fake(reply).await;
        let w = ChatCompletions::new(&base, "m", "", Duration::from_millis(500)).unwrap();
        assert_eq!(w.write(&car()).await, fallback);
    }
    assert!(fallback.split_whitespace().count() >= 60);
}

#[test]
fn the_llm_writer_needs_a_url_and_a_model() {
    assert!(ChatCompletions::new("ftp://x", "m", "", Duration::from_secs(1)).is_err());
    assert!(ChatCompletions::new("http://127.0.0.1:9", " ", "", Duration::from_secs(1)).is_err());
}
