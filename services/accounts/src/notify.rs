//! How emails and text messages leave the service.
//!
//! Every message is first recorded in `sent_messages` (the audit trail, served as the dev outbox
//! in development). That record is the whole delivery when a channel is set to `outbox`, the
//! one-machine default. A channel set to a real adapter is also sent, through a [`Notifier`]:
//! [`SmtpNotifier`] for email, [`HttpSmsNotifier`] for SMS.

use crate::config::{
    EmailTransport, NotifySettings, SmsHttpSettings, SmsTransport, SmtpSettings, SmtpTls,
};
use anyhow::Context;
use async_trait::async_trait;
use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use secrecy::{ExposeSecret, SecretString};
use std::sync::Arc;
use std::time::Duration;

/// What replaces a one-time code in a stored copy of a message.
pub const REDACTED: &str = "******";

/// The medium of a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Email,
    Sms,
}

impl Channel {
    /// The value stored in `sent_messages.channel`.
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Email => "email",
            Channel::Sms => "sms",
        }
    }
}

/// One message to send.
#[derive(Debug, Clone)]
pub struct OutgoingMessage {
    /// An email address, or an E.164 phone number (`+1XXXXXXXXXX`).
    pub to: String,
    pub channel: Channel,
    /// The email subject (not sent by SMS).
    pub subject: String,
    pub body: String,
}

/// Sends a message through some provider. `Ok` means the provider accepted it.
#[async_trait]
pub trait Notifier: Send + Sync {
    async fn send(&self, msg: &OutgoingMessage) -> anyhow::Result<()>;
}

/// `body` with every occurrence of `code` replaced by [`REDACTED`], for stored copies that must
/// not hold a usable code (production).
pub fn redact(body: &str, code: &str) -> String {
    if code.is_empty() { body.to_owned() } else { body.replace(code, REDACTED) }
}

/// The adapter of each channel; `None` means the channel is `outbox` (recorded only).
#[derive(Clone, Default)]
pub struct Notifiers {
    email: Option<Arc<dyn Notifier>>,
    sms: Option<Arc<dyn Notifier>>,
}

impl Notifiers {
    /// Builds the configured adapters. Needs a Tokio runtime (the SMTP pool starts a task);
    /// nothing connects until the first message.
    pub fn from_settings(settings: &NotifySettings) -> anyhow::Result<Self> {
        validate(settings)?;
        let email: Option<Arc<dyn Notifier>> = match (settings.email, &settings.smtp) {
            (EmailTransport::Smtp, Some(smtp)) => Some(Arc::new(SmtpNotifier::new(smtp)?)),
            _ => None,
        };
        let sms: Option<Arc<dyn Notifier>> = match (settings.sms, &settings.sms_http) {
            (SmsTransport::Http, Some(http)) => Some(Arc::new(HttpSmsNotifier::new(http)?)),
            _ => None,
        };
        Ok(Self { email, sms })
    }

    /// Explicit adapters (`None` records only).
    pub fn new(email: Option<Arc<dyn Notifier>>, sms: Option<Arc<dyn Notifier>>) -> Self {
        Self { email, sms }
    }

    /// The adapter of `channel`, if it is not `outbox`.
    pub fn for_channel(&self, channel: Channel) -> Option<&dyn Notifier> {
        match channel {
            Channel::Email => self.email.as_deref(),
            Channel::Sms => self.sms.as_deref(),
        }
    }
}

/// Refuses a selected adapter whose settings are missing, empty (the production placeholders)
/// or malformed. Starts nothing.
pub fn validate(settings: &NotifySettings) -> anyhow::Result<()> {
    if settings.email == EmailTransport::Smtp {
        let smtp = settings
            .smtp
            .as_ref()
            .context("notify.email is \"smtp\" but there is no [notify.smtp] section")?;
        check_smtp(smtp)?;
    }
    if settings.sms == SmsTransport::Http {
        let http = settings
            .sms_http
            .as_ref()
            .context("notify.sms is \"http\" but there is no [notify.sms_http] section")?;
        check_sms_http(http)?;
    }
    Ok(())
}

fn non_empty(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

/// The sender and the login, checked.
fn check_smtp(s: &SmtpSettings) -> anyhow::Result<(Mailbox, Option<Credentials>)> {
    anyhow::ensure!(!s.host.trim().is_empty(), "notify.smtp.host is empty");
    anyhow::ensure!(s.port != 0, "notify.smtp.port is 0");
    anyhow::ensure!(s.timeout_secs > 0, "notify.smtp.timeout_secs is 0");
    let from: Mailbox = s
        .from
        .parse()
        .with_context(|| format!("notify.smtp.from {:?} is not an email address", s.from))?;
    let password = non_empty(s.password.as_ref().map(|p| p.expose_secret()));
    let credentials = match (non_empty(s.username.as_deref()), password) {
        (Some(user), Some(password)) => {
            Some(Credentials::new(user.to_owned(), password.to_owned()))
        }
        (None, None) => None,
        (Some(_), None) => anyhow::bail!("notify.smtp.username is set without a password"),
        (None, Some(_)) => anyhow::bail!("notify.smtp.password is set without a username"),
    };
    anyhow::ensure!(
        credentials.is_none() || s.tls != SmtpTls::None,
        "notify.smtp.tls = \"none\" would send the SMTP password in clear; use starttls or tls"
    );
    Ok((from, credentials))
}

fn check_sms_http(s: &SmsHttpSettings) -> anyhow::Result<reqwest::Url> {
    let url: reqwest::Url = s
        .url
        .trim()
        .parse()
        .with_context(|| format!("notify.sms_http.url {:?} is not a URL", s.url))?;
    anyhow::ensure!(
        matches!(url.scheme(), "http" | "https"),
        "notify.sms_http.url must be http or https"
    );
    anyhow::ensure!(!s.username.trim().is_empty(), "notify.sms_http.username is empty");
    anyhow::ensure!(
        !s.password.expose_secret().trim().is_empty(),
        "notify.sms_http.password is empty"
    );
    anyhow::ensure!(!s.from.trim().is_empty(), "notify.sms_http.from is empty");
    anyhow::ensure!(s.timeout_secs > 0, "notify.sms_http.timeout_secs is 0");
    Ok(url)
}

/// Email through an SMTP relay (pooled connections, TLS by rustls).
pub struct SmtpNotifier {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpNotifier {
    /// Needs a Tokio runtime; connects on the first message.
    pub fn new(settings: &SmtpSettings) -> anyhow::Result<Self> {
        let (from, credentials) = check_smtp(settings)?;
        let host = settings.host.trim();
        let tls = match settings.tls {
            SmtpTls::None => Tls::None,
            SmtpTls::Starttls => Tls::Required(TlsParameters::new(host.to_owned())?),
            SmtpTls::Tls => Tls::Wrapper(TlsParameters::new(host.to_owned())?),
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
            .port(settings.port)
            .tls(tls)
            .timeout(Some(Duration::from_secs(settings.timeout_secs)));
        if let Some(credentials) = credentials {
            builder = builder.credentials(credentials);
        }
        Ok(Self { transport: builder.build(), from })
    }
}

#[async_trait]
impl Notifier for SmtpNotifier {
    async fn send(&self, msg: &OutgoingMessage) -> anyhow::Result<()> {
        let to: Mailbox = msg.to.parse().context("recipient is not an email address")?;
        let email = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(msg.subject.as_str())
            .header(ContentType::TEXT_PLAIN)
            .body(msg.body.clone())
            .context("building the email")?;
        self.transport.send(email).await.context("SMTP relay refused the email")?;
        Ok(())
    }
}

/// SMS through a provider's HTTP API: a form POST of `To`, `From` and `Body` with basic
/// authentication; any answer but 2xx is a failure.
pub struct HttpSmsNotifier {
    client: reqwest::Client,
    url: reqwest::Url,
    username: String,
    password: SecretString,
    from: String,
}

impl HttpSmsNotifier {
    pub fn new(settings: &SmsHttpSettings) -> anyhow::Result<Self> {
        let url = check_sms_http(settings)?;
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(settings.timeout_secs))
            .build()
            .context("building the SMS HTTP client")?;
        Ok(Self {
            client,
            url,
            username: settings.username.trim().to_owned(),
            password: settings.password.clone(),
            from: sender_number(&settings.from),
        })
    }
}

/// The configured sender, with the `+` of an E.164 number restored: `APP__*` variables that
/// look like numbers are read as integers, so `+15005550006` arrives as `15005550006`. Short
/// codes (under 10 digits) and alphanumeric senders are kept as they are.
fn sender_number(from: &str) -> String {
    let from = from.trim();
    if from.len() >= 10 && from.bytes().all(|b| b.is_ascii_digit()) {
        format!("+{from}")
    } else {
        from.to_owned()
    }
}

#[async_trait]
impl Notifier for HttpSmsNotifier {
    async fn send(&self, msg: &OutgoingMessage) -> anyhow::Result<()> {
        let response = self
            .client
            .post(self.url.clone())
            .basic_auth(&self.username, Some(self.password.expose_secret()))
            .form(&[("To", msg.to.as_str()), ("From", self.from.as_str()), ("Body", &msg.body)])
            .send()
            .await
            .context("SMS provider unreachable")?;
        let status = response.status();
        if !status.is_success() {
            let text = response.text().await.unwrap_or_default();
            let text: String = text.chars().take(300).collect();
            anyhow::bail!("SMS provider answered {status}: {text}");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sender_number_read_as_an_integer_gets_its_plus_back() {
        assert_eq!(sender_number("15005550006"), "+15005550006");
        assert_eq!(sender_number(" +15005550006 "), "+15005550006");
        assert_eq!(sender_number("55123"), "55123");
        assert_eq!(sender_number("Upcar"), "Upcar");
    }
}
