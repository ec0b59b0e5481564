//! What a message may hold (spec 000 s. 5: "Cannot send an empty message") and the limits the
//! server keeps on text, pictures and the sender's idempotency key.

/// Longest message text, in characters.
pub const MAX_TEXT_CHARS: usize = 4000;
/// Most pictures one message carries.
pub const MAX_IMAGES: usize = 10;
/// Longest picture URL.
pub const MAX_URL_CHARS: usize = 2000;
/// Longest idempotency key a client may send with a message.
pub const MAX_CLIENT_KEY_CHARS: usize = 100;
/// Characters of the last message the chat list shows (spec 001 s. 10).
pub const PREVIEW_CHARS: usize = 40;
/// Messages a page of `getmessages` holds when the caller does not say.
pub const DEFAULT_MESSAGES_PAGE: i64 = 50;
/// Most messages one page or one catch-up read holds.
pub const MAX_MESSAGES_PAGE: i64 = 200;
/// The list's preview of a message that is only pictures.
pub const PICTURE_PREVIEW: &str = "Sent a photo";

/// Why a message is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MessageError {
    #[error("Cannot send an empty message")]
    Empty,
    #[error("A message can be at most 4000 characters")]
    TooLong,
    #[error("A message can carry at most 10 images")]
    TooManyImages,
    #[error("imageUrl must be http(s) URLs of uploaded files")]
    InvalidImageUrl,
    #[error("The idempotency key must be 1 to 100 visible characters")]
    InvalidClientKey,
    #[error("limit must be between 1 and 200")]
    Limit,
}

/// Messages one read holds: `limit`, or 50 when absent.
pub fn messages_limit(limit: Option<i32>) -> Result<i64, MessageError> {
    let n = limit.map_or(DEFAULT_MESSAGES_PAGE, i64::from);
    if (1..=MAX_MESSAGES_PAGE).contains(&n) { Ok(n) } else { Err(MessageError::Limit) }
}

/// A message as it will be stored: text without surrounding blanks, its pictures, and the key
/// that makes a retried send store it once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageDraft {
    pub text: String,
    pub image_urls: Vec<String>,
    pub client_key: Option<String>,
}

impl MessageDraft {
    /// Checks a send's text, pictures (blank entries ignored) and key (blank means none).
    pub fn parse(
        text: &str,
        image_urls: &[String],
        client_key: &str,
    ) -> Result<Self, MessageError> {
        let text = text.trim();
        if text.chars().count() > MAX_TEXT_CHARS {
            return Err(MessageError::TooLong);
        }
        let image_urls: Vec<String> = image_urls
            .iter()
            .map(|u| u.trim())
            .filter(|u| !u.is_empty())
            .map(str::to_owned)
            .collect();
        if image_urls.len() > MAX_IMAGES {
            return Err(MessageError::TooManyImages);
        }
        if image_urls.iter().any(|u| !is_picture_url(u)) {
            return Err(MessageError::InvalidImageUrl);
        }
        if text.is_empty() && image_urls.is_empty() {
            return Err(MessageError::Empty);
        }
        let key = client_key.trim();
        let client_key = if key.is_empty() {
            None
        } else if key.chars().count() > MAX_CLIENT_KEY_CHARS || key.chars().any(char::is_control) {
            return Err(MessageError::InvalidClientKey);
        } else {
            Some(key.to_owned())
        };
        Ok(Self { text: text.to_owned(), image_urls, client_key })
    }
}

fn is_picture_url(u: &str) -> bool {
    u.chars().count() <= MAX_URL_CHARS
        && (u.starts_with("https://") || u.starts_with("http://"))
        && !u.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// The chat list's preview of a last message: its first 40 characters, or a word for a
/// picture sent without text.
pub fn preview(text: &str) -> String {
    if text.is_empty() {
        return PICTURE_PREVIEW.to_owned();
    }
    text.chars().take(PREVIEW_CHARS).collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn urls(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn sends_are_checked_against_the_rules() {
        let pic = "http://127.0.0.1:8080/v1/files/images/a.jpg";
        let long = "x".repeat(MAX_TEXT_CHARS + 1);
        let eleven = vec![pic; 11];
        let long_key = "k".repeat(101);
        type Case<'a> = (&'a str, Vec<String>, &'a str, Result<(), MessageError>);
        let cases: Vec<Case> = vec![
            ("hello", vec![], "", Ok(())),
            ("", urls(&[pic]), "", Ok(())),
            ("   ", urls(&["  "]), "", Err(MessageError::Empty)),
            ("", vec![], "k-1", Err(MessageError::Empty)),
            (&long, vec![], "", Err(MessageError::TooLong)),
            ("hi", urls(&eleven), "", Err(MessageError::TooManyImages)),
            ("hi", urls(&["ftp://x/y.jpg"]), "", Err(MessageError::InvalidImageUrl)),
            ("hi", urls(&["http://x/a b.jpg"]), "", Err(MessageError::InvalidImageUrl)),
            ("hi", vec![], &long_key, Err(MessageError::InvalidClientKey)),
            ("hi", vec![], "a\u{7}b", Err(MessageError::InvalidClientKey)),
        ];
        for (text, images, key, want) in cases {
            let got = MessageDraft::parse(text, &images, key).map(|_| ());
            assert_eq!(got, want, "{text:.20?} {images:?} {key:?}");
        }
    }

    #[test]
    fn text_is_trimmed_blank_pictures_dropped_and_a_blank_key_is_none() {
        let d = MessageDraft::parse("  See you at 10  ", &urls(&[" ", "https://a/b.png"]), "  ")
            .unwrap();
        assert_eq!(d.text, "See you at 10");
        assert_eq!(d.image_urls, urls(&["https://a/b.png"]));
        assert_eq!(d.client_key, None);
        let d = MessageDraft::parse("x", &[], " key-1 ").unwrap();
        assert_eq!(d.client_key.as_deref(), Some("key-1"));
        // 4000 characters of several bytes each are still 4000 characters.
        assert!(MessageDraft::parse(&"é".repeat(MAX_TEXT_CHARS), &[], "").is_ok());
    }

    #[test]
    fn message_pages_hold_fifty_unless_told_and_never_more_than_two_hundred() {
        let cases = [
            (None, Ok(50)),
            (Some(1), Ok(1)),
            (Some(200), Ok(200)),
            (Some(0), Err(MessageError::Limit)),
            (Some(201), Err(MessageError::Limit)),
            (Some(-5), Err(MessageError::Limit)),
        ];
        for (limit, want) in cases {
            assert_eq!(messages_limit(limit), want, "{limit:?}");
        }
    }

    #[test]
    fn previews_keep_forty_characters_and_name_pictures() {
        assert_eq!(preview("short"), "short");
        let long: String = "ab".repeat(30);
        assert_eq!(preview(&long).chars().count(), PREVIEW_CHARS);
        assert_eq!(preview(&"ü".repeat(50)), "ü".repeat(40));
        assert_eq!(preview(""), PICTURE_PREVIEW);
    }
}
