//! Scheduled message templates (spec 001 sections 2, 3, 4, 7): the messages a host has sent to
//! a guest at moments of a trip. The spec shows only the `enabled` flag and that a template can
//! be enabled or disabled, updated or deleted; the rest is the product's: each template names
//! its moment (`trigger`, with an offset in hours for the moments before a start or an end),
//! and its text may use placeholders filled when it is sent. Sending belongs to messaging.

use crate::policy::{
    MAX_SCHEDULED_OFFSET_HOURS, MAX_TEMPLATE_MESSAGE_CHARS, MAX_TEMPLATE_NAME_CHARS,
};
use serde::Serialize;

/// Why a template was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateError {
    #[error("Please enter a template name.")]
    NameRequired,
    #[error("The template name must be at most {MAX_TEMPLATE_NAME_CHARS} characters.")]
    NameTooLong,
    #[error("Please enter the message.")]
    MessageRequired,
    #[error("The message must be at most {MAX_TEMPLATE_MESSAGE_CHARS} characters.")]
    MessageTooLong,
    #[error(
        "Unknown placeholder {{{0}}}. Use {{guestName}}, {{hostName}}, {{carName}}, {{pickupAddress}}, {{startTime}} or {{endTime}}."
    )]
    UnknownPlaceholder(String),
    #[error("A placeholder is not closed: write it as {{guestName}}.")]
    UnclosedPlaceholder,
    #[error(
        "trigger must be one of booking_confirmed, before_trip_start, trip_started, before_trip_end, trip_ended."
    )]
    InvalidTrigger,
    #[error("offsetHours must be a whole number from 0 to {MAX_SCHEDULED_OFFSET_HOURS}.")]
    InvalidOffset,
    #[error("enabled must be true or false.")]
    EnabledRequired,
}

upcar_errors::error_table! {
    TemplateError {
        TemplateError::NameRequired => InvalidInput, "template_name_required";
        TemplateError::NameTooLong => InvalidInput, "template_name_too_long";
        TemplateError::MessageRequired => InvalidInput, "template_message_required";
        TemplateError::MessageTooLong => InvalidInput, "template_message_too_long";
        TemplateError::UnknownPlaceholder(_) => InvalidInput, "unknown_placeholder";
        TemplateError::UnclosedPlaceholder => InvalidInput, "unclosed_placeholder";
        TemplateError::InvalidTrigger => InvalidInput, "invalid_trigger";
        TemplateError::InvalidOffset => InvalidInput, "invalid_offset";
        TemplateError::EnabledRequired => InvalidInput, "enabled_required";
    }
}

impl TemplateError {
    /// The text shown to the user.
    pub fn message(&self) -> String {
        self.to_string()
    }
}

/// The placeholders a template's text may use.
pub const PLACEHOLDERS: [&str; 6] =
    ["guestName", "hostName", "carName", "pickupAddress", "startTime", "endTime"];

/// The moment of a trip a template is sent at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    BookingConfirmed,
    /// `offset_hours` before the trip starts.
    BeforeTripStart,
    TripStarted,
    /// `offset_hours` before the trip ends.
    BeforeTripEnd,
    TripEnded,
}

impl Trigger {
    /// The stored and answered spelling (any case, dashes or spaces for underscores, read).
    pub fn parse(input: &str) -> Result<Trigger, TemplateError> {
        let t = input.trim().to_ascii_lowercase().replace(['-', ' '], "_");
        Ok(match t.as_str() {
            "booking_confirmed" => Trigger::BookingConfirmed,
            "before_trip_start" => Trigger::BeforeTripStart,
            "trip_started" => Trigger::TripStarted,
            "before_trip_end" => Trigger::BeforeTripEnd,
            "trip_ended" => Trigger::TripEnded,
            _ => return Err(TemplateError::InvalidTrigger),
        })
    }

    /// The stored spelling.
    pub fn as_str(&self) -> &'static str {
        match self {
            Trigger::BookingConfirmed => "booking_confirmed",
            Trigger::BeforeTripStart => "before_trip_start",
            Trigger::TripStarted => "trip_started",
            Trigger::BeforeTripEnd => "before_trip_end",
            Trigger::TripEnded => "trip_ended",
        }
    }

    /// Whether the moment is an offset before a start or an end.
    pub fn takes_offset(&self) -> bool {
        matches!(self, Trigger::BeforeTripStart | Trigger::BeforeTripEnd)
    }
}

/// A template as the host wrote it: trimmed, checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Template {
    pub name: String,
    pub message: String,
    pub trigger: Trigger,
    /// Hours before the start or end (0 for the other moments).
    pub offset_hours: u32,
    pub enabled: bool,
}

/// A template's fields as sent; `None` keeps what the template has.
#[derive(Debug, Clone, Default)]
pub struct TemplateInput<'a> {
    pub name: Option<&'a str>,
    pub message: Option<&'a str>,
    pub trigger: Option<&'a str>,
    pub offset_hours: Option<i64>,
    pub enabled: Option<bool>,
}

fn check_text(message: &str) -> Result<(), TemplateError> {
    let mut rest = message;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let close = after.find('}').ok_or(TemplateError::UnclosedPlaceholder)?;
        let name = &after[..close];
        if name.contains('{') {
            return Err(TemplateError::UnclosedPlaceholder);
        }
        if !PLACEHOLDERS.contains(&name.trim()) {
            return Err(TemplateError::UnknownPlaceholder(name.trim().to_owned()));
        }
        rest = &after[close + 1..];
    }
    Ok(())
}

impl Template {
    /// Applies `input` to `current` (a new template when `None`) and checks the result whole.
    pub fn apply(
        current: Option<&Template>,
        input: &TemplateInput<'_>,
    ) -> Result<Template, TemplateError> {
        let name = input
            .name
            .map(str::trim)
            .map(str::to_owned)
            .or_else(|| current.map(|t| t.name.clone()))
            .unwrap_or_default();
        if name.is_empty() {
            return Err(TemplateError::NameRequired);
        }
        if name.chars().count() > MAX_TEMPLATE_NAME_CHARS {
            return Err(TemplateError::NameTooLong);
        }
        let message = input
            .message
            .map(str::trim)
            .map(str::to_owned)
            .or_else(|| current.map(|t| t.message.clone()))
            .unwrap_or_default();
        if message.is_empty() {
            return Err(TemplateError::MessageRequired);
        }
        if message.chars().count() > MAX_TEMPLATE_MESSAGE_CHARS {
            return Err(TemplateError::MessageTooLong);
        }
        check_text(&message)?;
        let trigger = match input.trigger {
            Some(t) => Trigger::parse(t)?,
            None => current.map(|t| t.trigger).ok_or(TemplateError::InvalidTrigger)?,
        };
        let offset = match input.offset_hours {
            Some(h) => u32::try_from(h)
                .ok()
                .filter(|h| *h <= MAX_SCHEDULED_OFFSET_HOURS)
                .ok_or(TemplateError::InvalidOffset)?,
            None => current.map(|t| t.offset_hours).unwrap_or(0),
        };
        let offset_hours = if trigger.takes_offset() { offset } else { 0 };
        let enabled = input.enabled.or(current.map(|t| t.enabled)).unwrap_or(true);
        Ok(Template { name, message, trigger, offset_hours, enabled })
    }

    /// The text with its placeholders filled from `values` (name, value); a placeholder with
    /// no value is left empty.
    pub fn render(&self, values: &[(&str, &str)]) -> String {
        let mut out = self.message.clone();
        for p in PLACEHOLDERS {
            let v = values.iter().find(|(k, _)| *k == p).map(|(_, v)| *v).unwrap_or("");
            out = out.replace(&format!("{{{p}}}"), v);
        }
        out
    }
}

/// The templates every host starts with (all enabled; each can be changed or deleted).
pub fn defaults() -> Vec<Template> {
    let t = |name: &str, trigger, offset_hours, message: &str| Template {
        name: name.to_owned(),
        message: message.to_owned(),
        trigger,
        offset_hours,
        enabled: true,
    };
    vec![
        t(
            "Booking confirmed",
            Trigger::BookingConfirmed,
            0,
            "Hi {guestName}, thanks for booking my {carName}! I'll see you on {startTime} at {pickupAddress}. Message me here with any question. - {hostName}",
        ),
        t(
            "Pickup reminder",
            Trigger::BeforeTripStart,
            24,
            "Hi {guestName}, a reminder that your trip in my {carName} starts {startTime} at {pickupAddress}. Please bring your driver's licence. - {hostName}",
        ),
        t(
            "Trip started",
            Trigger::TripStarted,
            0,
            "Enjoy the {carName}, {guestName}! If anything comes up on the road, message me here. - {hostName}",
        ),
        t(
            "Return reminder",
            Trigger::BeforeTripEnd,
            3,
            "Hi {guestName}, your trip ends {endTime}. Please return the {carName} to {pickupAddress} with the fuel or charge level you received it with. - {hostName}",
        ),
        t(
            "Thank you",
            Trigger::TripEnded,
            0,
            "Thanks for taking care of my {carName}, {guestName}! I hope to host you again. - {hostName}",
        ),
    ]
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use upcar_errors::ErrorCode;

    fn input<'a>(name: &'a str, message: &'a str, trigger: &'a str) -> TemplateInput<'a> {
        TemplateInput {
            name: Some(name),
            message: Some(message),
            trigger: Some(trigger),
            ..Default::default()
        }
    }

    #[test]
    fn a_template_is_trimmed_checked_and_keeps_what_is_not_sent() {
        let t = Template::apply(None, &input("  Hi ", " Hello {guestName} ", "Before-Trip-Start"))
            .unwrap();
        assert_eq!(
            (t.name.as_str(), t.message.as_str(), t.trigger, t.offset_hours, t.enabled),
            ("Hi", "Hello {guestName}", Trigger::BeforeTripStart, 0, true)
        );
        let off = Template::apply(
            Some(&t),
            &TemplateInput { enabled: Some(false), offset_hours: Some(48), ..Default::default() },
        )
        .unwrap();
        assert_eq!((off.name.as_str(), off.enabled, off.offset_hours), ("Hi", false, 48));
        // Moments without an offset keep 0 whatever is sent.
        let at_start = Template::apply(
            Some(&off),
            &TemplateInput { trigger: Some("trip_started"), ..Default::default() },
        )
        .unwrap();
        assert_eq!(at_start.offset_hours, 0);
    }

    #[test]
    fn each_rule_refuses_with_its_code() {
        let long_name = "n".repeat(MAX_TEMPLATE_NAME_CHARS + 1);
        let long_text = "m".repeat(MAX_TEMPLATE_MESSAGE_CHARS + 1);
        let cases: Vec<(TemplateInput<'_>, &str)> = vec![
            (input(" ", "x", "trip_ended"), "template_name_required"),
            (input(&long_name, "x", "trip_ended"), "template_name_too_long"),
            (input("a", "  ", "trip_ended"), "template_message_required"),
            (input("a", &long_text, "trip_ended"), "template_message_too_long"),
            (input("a", "Hi {guest}", "trip_ended"), "unknown_placeholder"),
            (input("a", "Hi {guestName", "trip_ended"), "unclosed_placeholder"),
            (input("a", "Hi {{guestName}", "trip_ended"), "unclosed_placeholder"),
            (input("a", "x", "later"), "invalid_trigger"),
            (
                TemplateInput { offset_hours: Some(-1), ..input("a", "x", "before_trip_end") },
                "invalid_offset",
            ),
            (
                TemplateInput {
                    offset_hours: Some(i64::from(MAX_SCHEDULED_OFFSET_HOURS) + 1),
                    ..input("a", "x", "before_trip_end")
                },
                "invalid_offset",
            ),
        ];
        for (i, code) in cases {
            assert_eq!(Template::apply(None, &i).unwrap_err().code(), code);
        }
        assert_eq!(
            Template::apply(
                None,
                &TemplateInput { name: Some("a"), message: Some("b"), ..Default::default() }
            )
            .unwrap_err()
            .code(),
            "invalid_trigger"
        );
    }

    #[test]
    fn the_defaults_pass_their_own_rules_and_render_every_placeholder() {
        let values: Vec<(&str, &str)> = PLACEHOLDERS.iter().map(|p| (*p, "X")).collect();
        for d in defaults() {
            let again = Template::apply(
                None,
                &TemplateInput {
                    name: Some(&d.name),
                    message: Some(&d.message),
                    trigger: Some(d.trigger.as_str()),
                    offset_hours: Some(i64::from(d.offset_hours)),
                    enabled: Some(true),
                },
            )
            .unwrap();
            assert_eq!(again, d);
            let text = d.render(&values);
            assert!(!text.contains('{') && !text.contains('}'), "{text}");
        }
        let t =
            Template::apply(None, &input("a", "Hi {guestName}, {carName}", "trip_ended")).unwrap();
        assert_eq!(t.render(&[("guestName", "Ada")]), "Hi Ada, ");
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_either_refused_or_renders_without_braces(text in "\\\\PC{0,80}") {
            if let Ok(t) = Template::apply(None, &input("n", &text, "trip_ended")) {
                let values: Vec<(&str, &str)> = PLACEHOLDERS.iter().map(|p| (*p, "v")).collect();
                let out = t.render(&values);
                proptest::prop_assert!(!out.contains('{'), "{}", out);
            }
        }
    }
}
