//! Who writes a car's description for `getcardescription`: the deterministic writer of
//! [`crate::suggest::description`] (the default), or an LLM behind an OpenAI-compatible chat
//! completions endpoint (`description.writer = "llm"`). Whatever the LLM answers must pass the
//! wizard's own rule (`Description::parse`: at least 60 words, at most the limit); an answer
//! that does not, or no answer, falls back to the deterministic text, so the host always gets a
//! description the next step accepts.

use crate::suggest::{self, Vehicle};
use hosting_domain::listing::Description;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Writes descriptions.
#[async_trait::async_trait]
pub trait DescriptionWriter: Send + Sync {
    /// A description of `v` that passes the wizard's rule.
    async fn write(&self, v: &Vehicle) -> String;
}

/// The deterministic writer: from the car's own data, the same text for the same car.
pub struct Deterministic;

#[async_trait::async_trait]
impl DescriptionWriter for Deterministic {
    async fn write(&self, v: &Vehicle) -> String {
        suggest::description(v)
    }
}

/// An LLM behind an OpenAI-compatible `POST {base}/v1/chat/completions`.
pub struct ChatCompletions {
    url: String,
    model: String,
    api_key: String,
    client: reqwest::Client,
}

#[derive(Serialize)]
struct ChatRequest<'a> {
    model: &'a str,
    messages: [ChatMessage<'a>; 2],
    temperature: f32,
    max_tokens: u32,
}

#[derive(Serialize)]
struct ChatMessage<'a> {
    role: &'a str,
    content: &'a str,
}

#[derive(Deserialize)]
struct ChatAnswer {
    choices: Vec<Choice>,
}

#[derive(Deserialize)]
struct Choice {
    message: AnswerMessage,
}

#[derive(Deserialize)]
struct AnswerMessage {
    content: String,
}

const SYSTEM: &str = "You write listings for a peer-to-peer car rental marketplace in the US. \
    Write one friendly paragraph of 70 to 120 words describing the car for renters. Use only \
    the facts given; do not invent features, prices or places. No headings, no lists, no emoji.";

/// The facts the LLM is given.
pub fn prompt(v: &Vehicle) -> String {
    let mut facts = vec![format!("Car: {} {} {}", v.car_year, v.make.trim(), v.model.trim())];
    if !v.trim.trim().is_empty() {
        facts.push(format!("Trim: {}", v.trim.trim()));
    }
    if !v.style.trim().is_empty() {
        facts.push(format!("Body style: {}", v.style.trim()));
    }
    if !v.transmission_type.trim().is_empty() {
        facts.push(format!("Transmission: {}", v.transmission_type.trim()));
    }
    let likely: Vec<&str> =
        suggest::features(v).into_iter().filter(|(_, has)| *has).map(|(f, _)| f).collect();
    if !likely.is_empty() {
        facts.push(format!("Likely features: {}", likely.join(", ")));
    }
    facts.join("\n")
}

impl ChatCompletions {
    /// The endpoint at `base` (for example `https://api.openai.com`), with `model` and a
    /// bearer `api_key` (empty: none); calls time out after `timeout`.
    pub fn new(base: &str, model: &str, api_key: &str, timeout: Duration) -> anyhow::Result<Self> {
        let base = base.trim().trim_end_matches('/');
        if !(base.starts_with("https://") || base.starts_with("http://")) {
            anyhow::bail!("description.llm_base_url must be an http(s) URL, got {base:?}");
        }
        if model.trim().is_empty() {
            anyhow::bail!("description.llm_model is required with the llm writer");
        }
        Ok(Self {
            url: format!("{base}/v1/chat/completions"),
            model: model.trim().to_owned(),
            api_key: api_key.trim().to_owned(),
            client: reqwest::Client::builder().timeout(timeout).build()?,
        })
    }

    async fn ask(&self, v: &Vehicle) -> anyhow::Result<String> {
        let user = prompt(v);
        let body = ChatRequest {
            model: &self.model,
            messages: [
                ChatMessage { role: "system", content: SYSTEM },
                ChatMessage { role: "user", content: &user },
            ],
            temperature: 0.7,
            max_tokens: 400,
        };
        let mut req = self.client.post(&self.url).json(&body);
        if !self.api_key.is_empty() {
            req = req.bearer_auth(&self.api_key);
        }
        let answer: ChatAnswer = req.send().await?.error_for_status()?.json().await?;
        let text = answer
            .choices
            .into_iter()
            .next()
            .map(|c| c.message.content)
            .ok_or_else(|| anyhow::anyhow!("the answer has no choice"))?;
        Ok(Description::parse(&text)
            .map_err(|e| anyhow::anyhow!("the answer breaks the wizard's rule: {}", e.message()))?
            .as_str()
            .to_owned())
    }
}

#[async_trait::async_trait]
impl DescriptionWriter for ChatCompletions {
    async fn write(&self, v: &Vehicle) -> String {
        match self.ask(v).await {
            Ok(text) => text,
            Err(e) => {
                tracing::warn!(error = %e, "the LLM description failed; the deterministic one is used");
                suggest::description(v)
            }
        }
    }
}
