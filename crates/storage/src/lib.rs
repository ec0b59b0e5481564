//! Object storage behind one trait. The one-machine default is [`LocalStore`]: files in a
//! folder, with presigned-style URLs signed by HMAC that the gateway serves and checks. The
//! production adapter is [`S3Store`], for any S3-compatible service, behind the same trait.

mod local;
mod s3;

pub use local::{LocalStore, SignedOp, UrlClaims};
pub use s3::{S3Settings, S3Store};

use std::time::Duration;

/// Why a storage call failed.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// The key does not name an object.
    #[error("file not found")]
    NotFound,
    /// The key is not acceptable (path traversal, bad characters).
    #[error("invalid file key")]
    InvalidKey,
    /// Something is already stored under the key (a create-only write).
    #[error("a file is already stored under this key")]
    Exists,
    /// The signed URL is forged, expired or used for another operation.
    #[error("the link is invalid or has expired")]
    BadSignature,
    /// Disk, network or provider failure.
    #[error("storage failure: {0}")]
    Io(String),
}

/// A stored object.
#[derive(Debug, Clone)]
pub struct StoredObject {
    /// Bytes.
    pub bytes: Vec<u8>,
    /// MIME type recorded at upload.
    pub content_type: String,
}

/// A place to keep files.
#[async_trait::async_trait]
pub trait ObjectStore: Send + Sync + 'static {
    /// Stores `bytes` under `key`.
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), StorageError>;
    /// Stores `bytes` under `key` only if nothing is stored there yet ([`StorageError::Exists`]
    /// otherwise): an upload link cannot replace a file once it is used, so a photo kept as
    /// evidence (with its content hash) stays the photo it was.
    async fn create(
        &self,
        key: &str,
        bytes: Vec<u8>,
        content_type: &str,
    ) -> Result<(), StorageError>;
    /// Reads the object under `key`.
    async fn get(&self, key: &str) -> Result<StoredObject, StorageError>;
    /// A URL the client can PUT the file to, for `ttl`, with this content type and at most
    /// `max_bytes` bytes, once: the upload is create-only (a second PUT is refused).
    fn presign_put(
        &self,
        key: &str,
        content_type: &str,
        max_bytes: u64,
        ttl: Duration,
    ) -> Result<String, StorageError>;
    /// A URL the client can GET the file from for `ttl`.
    fn presign_get(&self, key: &str, ttl: Duration) -> Result<String, StorageError>;
    /// The long-lived URL recorded for a public object (car photos), `s3Url` in answers.
    fn public_url(&self, key: &str) -> String;
}

/// Checks a key: segments of `[A-Za-z0-9._-]`, no `..`, no leading slash, at most 512 bytes.
pub fn validate_key(key: &str) -> Result<(), StorageError> {
    let ok = !key.is_empty()
        && key.len() <= 512
        && !key.starts_with('/')
        && key.split('/').all(|seg| {
            !seg.is_empty()
                && seg != "."
                && seg != ".."
                && seg.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        });
    if ok { Ok(()) } else { Err(StorageError::InvalidKey) }
}

/// File kinds the product accepts, by MIME type, with the extension used in keys.
pub fn extension_for(content_type: &str) -> Option<&'static str> {
    match content_type {
        "image/jpeg" | "image/jpg" => Some("jpg"),
        "image/png" => Some("png"),
        "image/webp" => Some("webp"),
        "image/heic" => Some("heic"),
        "image/heif" => Some("heif"),
        "application/pdf" => Some("pdf"),
        _ => None,
    }
}

/// Sniffs the real type of `bytes` from magic numbers, so a declared type can be checked.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(b"%PDF-") {
        Some("application/pdf")
    } else if bytes.len() >= 12 && &bytes[0..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else if bytes.len() >= 12 && &bytes[4..8] == b"ftyp" {
        match &bytes[8..12] {
            b"heic" | b"heix" | b"hevc" | b"heim" | b"heis" => Some("image/heic"),
            b"mif1" | b"msf1" => Some("image/heif"),
            _ => None,
        }
    } else {
        None
    }
}

/// True when `declared` matches what the bytes are (jpg/jpeg spelled either way).
pub fn content_matches(declared: &str, bytes: &[u8]) -> bool {
    let declared = if declared == "image/jpg" { "image/jpeg" } else { declared };
    match sniff(bytes) {
        Some("image/heif") if declared == "image/heic" => true,
        Some(real) => real == declared,
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_cannot_escape_the_folder() {
        for bad in ["", "/etc/passwd", "../x", "a/../b", "a//b", "a/./b", "sp ace", "a\\b"] {
            assert!(validate_key(bad).is_err(), "{bad:?} accepted");
        }
        for good in ["cars/abc/1.jpg", "users/u-1/dl_front.png", "x.pdf"] {
            assert!(validate_key(good).is_ok(), "{good:?} refused");
        }
    }

    #[test]
    fn declared_types_must_match_the_bytes() {
        assert!(content_matches("image/jpeg", &[0xFF, 0xD8, 0xFF, 0xE0]));
        assert!(content_matches("image/jpg", &[0xFF, 0xD8, 0xFF, 0xE0]));
        assert!(content_matches("image/png", b"\x89PNG\r\n\x1a\n...."));
        assert!(content_matches("application/pdf", b"%PDF-1.7"));
        assert!(!content_matches("image/png", &[0xFF, 0xD8, 0xFF, 0xE0]));
        assert!(!content_matches("image/jpeg", b"<html>"));
        assert_eq!(extension_for("text/html"), None);
    }
}
