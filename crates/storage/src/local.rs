//! Files in a local folder; URLs signed with HMAC-SHA256 and served by the gateway under
//! `/v1/files/{key}`.

use crate::{ObjectStore, StorageError, StoredObject, validate_key};
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::path::PathBuf;
use std::time::Duration;

type HmacSha256 = Hmac<Sha256>;

/// What a signed URL allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignedOp {
    /// Upload once with the signed content type and size limit.
    Put,
    /// Download.
    Get,
}

impl SignedOp {
    fn as_str(self) -> &'static str {
        match self {
            SignedOp::Put => "put",
            SignedOp::Get => "get",
        }
    }
}

/// The query of a signed URL, as the gateway receives it.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct UrlClaims {
    /// `put` or `get`.
    pub op: String,
    /// Expiry, unix seconds.
    pub exp: i64,
    /// Content type allowed for `put`.
    #[serde(default)]
    pub ct: String,
    /// Size limit for `put`.
    #[serde(default)]
    pub max: u64,
    /// Signature.
    pub sig: String,
}

/// Local-folder store.
pub struct LocalStore {
    root: PathBuf,
    base_url: String,
    secret: Vec<u8>,
}

impl LocalStore {
    /// Files go under `root`; URLs start with `base_url` (the gateway's public address).
    pub fn new(root: impl Into<PathBuf>, base_url: &str, secret: &[u8]) -> Self {
        Self {
            root: root.into(),
            base_url: base_url.trim_end_matches('/').to_owned(),
            secret: secret.to_vec(),
        }
    }

    fn path(&self, key: &str) -> Result<PathBuf, StorageError> {
        validate_key(key)?;
        Ok(self.root.join(key))
    }

    fn sign(&self, op: SignedOp, key: &str, exp: i64, ct: &str, max: u64) -> String {
        // A key of any length is accepted by HMAC; this cannot fail.
        let mut mac = match HmacSha256::new_from_slice(&self.secret) {
            Ok(m) => m,
            Err(_) => return String::new(),
        };
        mac.update(format!("{}\n{key}\n{exp}\n{ct}\n{max}", op.as_str()).as_bytes());
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
    }

    fn signed_url(
        &self,
        op: SignedOp,
        key: &str,
        ct: &str,
        max: u64,
        ttl: Duration,
    ) -> Result<String, StorageError> {
        validate_key(key)?;
        let exp = chrono::Utc::now().timestamp() + ttl.as_secs() as i64;
        let sig = self.sign(op, key, exp, ct, max);
        let mut url = url::Url::parse(&format!("{}/v1/files/{key}", self.base_url))
            .map_err(|e| StorageError::Io(e.to_string()))?;
        url.query_pairs_mut()
            .append_pair("op", op.as_str())
            .append_pair("exp", &exp.to_string())
            .append_pair("ct", ct)
            .append_pair("max", &max.to_string())
            .append_pair("sig", &sig);
        Ok(url.to_string())
    }

    /// Checks a signed URL's query for `op` on `key`; constant-time signature comparison.
    pub fn verify(&self, op: SignedOp, key: &str, claims: &UrlClaims) -> Result<(), StorageError> {
        validate_key(key)?;
        if claims.op != op.as_str() || claims.exp < chrono::Utc::now().timestamp() {
            return Err(StorageError::BadSignature);
        }
        let sig = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(&claims.sig)
            .map_err(|_| StorageError::BadSignature)?;
        let mut mac =
            HmacSha256::new_from_slice(&self.secret).map_err(|_| StorageError::BadSignature)?;
        mac.update(
            format!("{}\n{key}\n{}\n{}\n{}", op.as_str(), claims.exp, claims.ct, claims.max)
                .as_bytes(),
        );
        mac.verify_slice(&sig).map_err(|_| StorageError::BadSignature)
    }
}

impl LocalStore {
    /// Removes the object under `key` (nothing to do when there is none).
    pub async fn delete(&self, key: &str) -> Result<(), StorageError> {
        let path = self.path(key)?;
        for p in [meta_path(&path), path] {
            match tokio::fs::remove_file(&p).await {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(StorageError::Io(e.to_string())),
            }
        }
        Ok(())
    }
}

#[async_trait::async_trait]
impl ObjectStore for LocalStore {
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), StorageError> {
        let path = self.path(key)?;
        if let Some(parent) = path.parent() {
            tokio::fs::create_dir_all(parent).await.map_err(|e| StorageError::Io(e.to_string()))?;
        }
        // Write to a temporary name and rename, so a reader never sees half a file.
        let tmp = path.with_extension(format!("tmp-{}", uuid::Uuid::now_v7()));
        tokio::fs::write(&tmp, &bytes).await.map_err(|e| StorageError::Io(e.to_string()))?;
        tokio::fs::write(meta_path(&path), content_type)
            .await
            .map_err(|e| StorageError::Io(e.to_string()))?;
        tokio::fs::rename(&tmp, &path).await.map_err(|e| StorageError::Io(e.to_string()))?;
        Ok(())
    }

    async fn create(
        &self,
        key: &str,
        bytes: Vec<u8>,
        content_type: &str,
    ) -> Result<(), StorageError> {
        let path = self.path(key)?;
        if let Some(parent) = path.parent() {
            tokio::fs::create_dir_all(parent).await.map_err(|e| StorageError::Io(e.to_string()))?;
        }
        if tokio::fs::try_exists(&path).await.unwrap_or(false) {
            return Err(StorageError::Exists);
        }
        let tmp = path.with_extension(format!("tmp-{}", uuid::Uuid::now_v7()));
        tokio::fs::write(&tmp, &bytes).await.map_err(|e| StorageError::Io(e.to_string()))?;
        // The content type is the signed one, the same for every writer of this key.
        tokio::fs::write(meta_path(&path), content_type)
            .await
            .map_err(|e| StorageError::Io(e.to_string()))?;
        // A hard link to the finished file is created atomically and fails when the name is
        // taken: of two uploads racing for one key, exactly one wins.
        let linked = tokio::fs::hard_link(&tmp, &path).await;
        let _ = tokio::fs::remove_file(&tmp).await;
        match linked {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(StorageError::Exists),
            Err(e) => Err(StorageError::Io(e.to_string())),
        }
    }

    async fn get(&self, key: &str) -> Result<StoredObject, StorageError> {
        let path = self.path(key)?;
        let bytes = match tokio::fs::read(&path).await {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(StorageError::NotFound);
            }
            Err(e) => return Err(StorageError::Io(e.to_string())),
        };
        let content_type = tokio::fs::read_to_string(meta_path(&path))
            .await
            .unwrap_or_else(|_| "application/octet-stream".to_owned());
        Ok(StoredObject { bytes, content_type })
    }

    fn presign_put(
        &self,
        key: &str,
        content_type: &str,
        max_bytes: u64,
        ttl: Duration,
    ) -> Result<String, StorageError> {
        self.signed_url(SignedOp::Put, key, content_type, max_bytes, ttl)
    }

    fn presign_get(&self, key: &str, ttl: Duration) -> Result<String, StorageError> {
        self.signed_url(SignedOp::Get, key, "", 0, ttl)
    }

    fn public_url(&self, key: &str) -> String {
        format!("{}/v1/files/{key}", self.base_url)
    }
}

fn meta_path(path: &std::path::Path) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(".content-type");
    PathBuf::from(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims_of(url: &str) -> (String, UrlClaims) {
        let u = url::Url::parse(url).unwrap();
        let key = u.path().trim_start_matches("/v1/files/").to_owned();
        let q: std::collections::HashMap<_, _> = u.query_pairs().into_owned().collect();
        (
            key,
            UrlClaims {
                op: q["op"].clone(),
                exp: q["exp"].parse().unwrap(),
                ct: q["ct"].clone(),
                max: q["max"].parse().unwrap(),
                sig: q["sig"].clone(),
            },
        )
    }

    #[tokio::test]
    async fn a_signed_put_url_verifies_only_for_its_key_op_and_limits() {
        let dir = std::env::temp_dir().join(format!("upcar-store-{}", uuid::Uuid::now_v7()));
        let store =
            LocalStore::new(&dir, "http://127.0.0.1:8080", b"0123456789abcdef0123456789abcdef");
        let url =
            store.presign_put("cars/1/a.jpg", "image/jpeg", 100, Duration::from_secs(60)).unwrap();
        let (key, claims) = claims_of(&url);
        assert_eq!(key, "cars/1/a.jpg");
        assert!(store.verify(SignedOp::Put, &key, &claims).is_ok());
        assert!(store.verify(SignedOp::Get, &key, &claims).is_err());
        assert!(store.verify(SignedOp::Put, "cars/1/b.jpg", &claims).is_err());
        let mut bigger = claims.clone();
        bigger.max = 10_000_000;
        assert!(store.verify(SignedOp::Put, &key, &bigger).is_err());
        let mut expired = claims;
        expired.exp -= 3600;
        assert!(store.verify(SignedOp::Put, &key, &expired).is_err());

        store.put(&key, vec![0xFF, 0xD8, 0xFF], "image/jpeg").await.unwrap();
        let obj = store.get(&key).await.unwrap();
        assert_eq!(obj.content_type, "image/jpeg");
        assert!(matches!(store.get("cars/1/none.jpg").await, Err(StorageError::NotFound)));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn a_create_only_write_keeps_the_first_file_even_when_racing() {
        let dir = std::env::temp_dir().join(format!("upcar-store-{}", uuid::Uuid::now_v7()));
        let store = std::sync::Arc::new(LocalStore::new(
            &dir,
            "http://127.0.0.1:8080",
            b"0123456789abcdef0123456789abcdef",
        ));
        store.create("trips/1/in.jpg", vec![1, 2, 3], "image/jpeg").await.unwrap();
        let again = store.create("trips/1/in.jpg", vec![9, 9], "image/jpeg").await;
        assert!(matches!(again, Err(StorageError::Exists)), "{again:?}");
        assert_eq!(store.get("trips/1/in.jpg").await.unwrap().bytes, vec![1, 2, 3]);

        let racers = (0..8u8).map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                store.create("trips/1/race.jpg", vec![i; 64], "image/jpeg").await
            })
        });
        let results = futures::future::join_all(racers).await;
        let won: Vec<_> = results.iter().filter(|r| matches!(r, Ok(Ok(())))).collect();
        assert_eq!(won.len(), 1, "{results:?}");
        let kept = store.get("trips/1/race.jpg").await.unwrap().bytes;
        assert!(kept.iter().all(|b| *b == kept[0]) && kept.len() == 64);
        let _ = std::fs::remove_dir_all(dir);
    }
}
