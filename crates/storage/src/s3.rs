//! An S3-compatible store (AWS S3, MinIO, Ceph RGW, R2, moto...): objects in one bucket,
//! requests and presigned URLs signed with AWS Signature Version 4.
//!
//! The signer is written here on top of `hmac`/`sha2` rather than taken from the AWS SDK: the
//! store needs a handful of object calls and two kinds of presigned URL, which do not justify
//! the SDK's build cost in every service that links this crate.

use crate::{ObjectStore, StorageError, StoredObject, validate_key};
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};
use std::fmt;
use std::time::Duration;

type HmacSha256 = Hmac<Sha256>;

const ALGORITHM: &str = "AWS4-HMAC-SHA256";
/// Presigned URLs do not sign the body: the client that uploads is not known when signing.
const UNSIGNED_PAYLOAD: &str = "UNSIGNED-PAYLOAD";
/// S3 refuses presigned URLs valid for longer than seven days.
const MAX_PRESIGN_SECS: u64 = 7 * 24 * 60 * 60;
/// Bound on one object call, so a stalled provider cannot hold a request handler forever.
/// Objects here are photos and documents of a few megabytes.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How much of an error body to keep in [`StorageError::Io`]: enough for S3's `<Code>` and
/// `<Message>`, not a whole HTML error page from a proxy.
const ERROR_SNIPPET_CHARS: usize = 300;

/// Where and how to reach the bucket. Deserializable so services can embed it in their
/// settings; `Debug` hides the secret key.
#[derive(Clone, serde::Deserialize)]
pub struct S3Settings {
    /// The service endpoint without the bucket, e.g. `https://s3.us-west-2.amazonaws.com` or
    /// `http://127.0.0.1:5000`. Scheme and host (and port) only: no path.
    pub endpoint: String,
    /// Signing region, e.g. `us-west-2`. S3-compatible servers usually accept `us-east-1`.
    pub region: String,
    /// Bucket name (3–63 characters of lowercase letters, digits, `.` and `-`).
    pub bucket: String,
    /// Access key id.
    pub access_key_id: String,
    /// Secret access key.
    pub secret_access_key: String,
    /// Address the bucket as `{endpoint}/{bucket}/{key}` instead of
    /// `{bucket}.{endpoint host}/{key}`. Needed for endpoints given as an IP address and for
    /// most self-hosted servers, and over https for bucket names with a `.` (the provider's
    /// wildcard certificate covers one label); AWS prefers virtual-hosted addressing.
    #[serde(default)]
    pub path_style: bool,
    /// Base of the long-lived public URLs (a CDN in front of the bucket, say). Without it
    /// [`ObjectStore::public_url`] gives the bucket's own address for the key.
    #[serde(default)]
    pub public_base_url: Option<String>,
}

impl fmt::Debug for S3Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("S3Settings")
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .field("bucket", &self.bucket)
            .field("access_key_id", &self.access_key_id)
            .field("secret_access_key", &"[redacted]")
            .field("path_style", &self.path_style)
            .field("public_base_url", &self.public_base_url)
            .finish()
    }
}

/// Object store on an S3-compatible service.
///
/// Missing keys are reported as [`StorageError::NotFound`] only when the provider answers
/// 404: on AWS the credentials need `s3:ListBucket` on the bucket for that, without it a
/// missing key answers 403 and comes back as [`StorageError::Io`].
pub struct S3Store {
    signer: Signer,
    bucket: String,
    /// `http` or `https`.
    scheme: String,
    /// The `Host` of every request: `bucket.endpoint-host[:port]` or `endpoint-host[:port]`.
    host: String,
    /// Path before the key: `/bucket` for path-style addressing, empty otherwise.
    prefix: String,
    /// Base of [`ObjectStore::public_url`], without a trailing slash.
    public_base: String,
    http: reqwest::Client,
}

impl fmt::Debug for S3Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("S3Store")
            .field("signer", &self.signer)
            .field("bucket", &self.bucket)
            .field("scheme", &self.scheme)
            .field("host", &self.host)
            .field("prefix", &self.prefix)
            .field("public_base", &self.public_base)
            .finish_non_exhaustive()
    }
}

impl S3Store {
    /// Checks the settings and builds the HTTP client. Fails on an endpoint that is not a bare
    /// `http(s)://host[:port]`, a bucket name S3 would refuse, or virtual-hosted addressing on
    /// an IP-address endpoint (there is no `bucket.` subdomain of an IP address).
    pub fn new(settings: S3Settings) -> Result<Self, StorageError> {
        let invalid = |why: &str| StorageError::Io(format!("invalid S3 settings: {why}"));
        let endpoint = url::Url::parse(settings.endpoint.trim())
            .map_err(|e| invalid(&format!("endpoint: {e}")))?;
        if !matches!(endpoint.scheme(), "http" | "https") {
            return Err(invalid("the endpoint must be http:// or https://"));
        }
        if !matches!(endpoint.path(), "" | "/")
            || endpoint.query().is_some()
            || endpoint.fragment().is_some()
            || !endpoint.username().is_empty()
            || endpoint.password().is_some()
        {
            return Err(invalid("the endpoint must be scheme, host and port only"));
        }
        let endpoint_host = match endpoint.host() {
            Some(url::Host::Domain(d)) => d.to_owned(),
            Some(url::Host::Ipv4(ip)) => ip.to_string(),
            Some(url::Host::Ipv6(ip)) => format!("[{ip}]"),
            None => return Err(invalid("the endpoint has no host")),
        };
        let is_ip = !matches!(endpoint.host(), Some(url::Host::Domain(_)));
        // `port()` is None for the scheme's default port, which is also when HTTP clients
        // leave it out of `Host`: the signed host must be exactly what is sent.
        let endpoint_authority = match endpoint.port() {
            Some(port) => format!("{endpoint_host}:{port}"),
            None => endpoint_host,
        };
        if !valid_bucket(&settings.bucket) {
            return Err(invalid("the bucket name is not a valid S3 bucket name"));
        }
        // The region goes into the credential scope and into CreateBucket's XML body.
        if settings.region.is_empty()
            || !settings
                .region
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(invalid("the region must be like us-east-1"));
        }
        if settings.access_key_id.is_empty() || settings.secret_access_key.is_empty() {
            return Err(invalid("the access key id and secret access key are required"));
        }
        let (host, prefix) = if settings.path_style {
            (endpoint_authority, format!("/{}", settings.bucket))
        } else if is_ip {
            return Err(invalid("an IP-address endpoint needs path_style = true"));
        } else {
            (format!("{}.{endpoint_authority}", settings.bucket), String::new())
        };
        let scheme = endpoint.scheme().to_owned();
        let public_base = match &settings.public_base_url {
            Some(base) => base.trim_end_matches('/').to_owned(),
            None => format!("{scheme}://{host}{prefix}"),
        };
        let http = reqwest::Client::builder()
            .timeout(REQUEST_TIMEOUT)
            .connect_timeout(CONNECT_TIMEOUT)
            .build()
            .map_err(|e| StorageError::Io(format!("S3 HTTP client: {e}")))?;
        Ok(Self {
            signer: Signer {
                access_key_id: settings.access_key_id,
                secret_access_key: settings.secret_access_key,
                region: settings.region,
            },
            bucket: settings.bucket,
            scheme,
            host,
            prefix,
            public_base,
            http,
        })
    }

    /// The size in bytes of the object under `key`, or `None` when there is none.
    ///
    /// This is how the size limit of [`ObjectStore::presign_put`] is enforced: S3 cannot cap
    /// the size of a presigned PUT, so once the client reports the upload done, check the
    /// size here and [`S3Store::delete`] an object over the limit.
    pub async fn head(&self, key: &str) -> Result<Option<u64>, StorageError> {
        let path = self.object_path(key)?;
        let resp = self.send(reqwest::Method::HEAD, &path, Vec::new(), None).await?;
        match resp.status().as_u16() {
            200 => {
                // Read the header itself: for a HEAD answer the body is empty whatever the
                // header says, so the body's length is no answer.
                let len = resp
                    .headers()
                    .get(reqwest::header::CONTENT_LENGTH)
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.parse::<u64>().ok())
                    .ok_or_else(|| {
                        StorageError::Io(format!("S3 HEAD {key}: no Content-Length in the answer"))
                    })?;
                Ok(Some(len))
            }
            404 => Ok(None),
            _ => Err(failure("HEAD", key, resp).await),
        }
    }

    /// Removes the object under `key`; removing a missing object is not an error.
    pub async fn delete(&self, key: &str) -> Result<(), StorageError> {
        let path = self.object_path(key)?;
        let resp = self.send(reqwest::Method::DELETE, &path, Vec::new(), None).await?;
        match resp.status().as_u16() {
            200 | 204 | 404 => Ok(()),
            _ => Err(failure("DELETE", key, resp).await),
        }
    }

    /// Creates the bucket in the configured region; a bucket these credentials already own is
    /// fine. For development and tests against a local S3 server: production buckets, with
    /// their policies and lifecycle rules, belong to the infrastructure code.
    pub async fn create_bucket(&self) -> Result<(), StorageError> {
        // us-east-1 is the default location and S3 rejects naming it explicitly.
        let body = if self.signer.region == "us-east-1" {
            Vec::new()
        } else {
            format!(
                "<CreateBucketConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">\
                 <LocationConstraint>{}</LocationConstraint></CreateBucketConfiguration>",
                self.signer.region
            )
            .into_bytes()
        };
        let path = if self.prefix.is_empty() { "/".to_owned() } else { self.prefix.clone() };
        let resp = self.send(reqwest::Method::PUT, &path, body, None).await?;
        let status = resp.status().as_u16();
        if status == 200 {
            return Ok(());
        }
        let text = resp.text().await.unwrap_or_default();
        if status == 409 && text.contains("BucketAlreadyOwnedByYou") {
            return Ok(());
        }
        Err(io_failure("CreateBucket", &self.bucket, status, &text))
    }

    /// The URL path of `key`: the prefix and the key, each segment URI-encoded.
    fn object_path(&self, key: &str) -> Result<String, StorageError> {
        validate_key(key)?;
        Ok(format!("{}/{}", self.prefix, uri_encode(key, true)))
    }

    /// Sends one request signed with an `Authorization` header. The payload is hashed into
    /// the signature, so a body altered on the way is refused by the provider.
    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Vec<u8>,
        content_type: Option<&str>,
    ) -> Result<reqwest::Response, StorageError> {
        self.send_with(method, path, body, content_type, false).await
    }

    /// [`S3Store::send`], optionally as a conditional write (`If-None-Match: *`: S3 answers
    /// 412 when the key exists).
    async fn send_with(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Vec<u8>,
        content_type: Option<&str>,
        create_only: bool,
    ) -> Result<reqwest::Response, StorageError> {
        let now = Utc::now();
        let payload_hash = hex::encode(Sha256::digest(&body));
        let mut headers = vec![
            ("host".to_owned(), self.host.clone()),
            ("x-amz-content-sha256".to_owned(), payload_hash.clone()),
            ("x-amz-date".to_owned(), amz_date(now)),
        ];
        if let Some(ct) = content_type {
            headers.push(("content-type".to_owned(), ct.to_owned()));
        }
        if create_only {
            headers.push(("if-none-match".to_owned(), "*".to_owned()));
        }
        // No call here has a query string, so the canonical query is empty.
        let authorization =
            self.signer.authorization(method.as_str(), path, "", &headers, &payload_hash, now)?;
        let url = format!("{}://{}{path}", self.scheme, self.host);
        let mut req = self.http.request(method.clone(), url).header("authorization", authorization);
        // `host` is not set by hand: the client derives it from the URL, the same way
        // `self.host` was derived from the endpoint.
        for (name, value) in headers.iter().filter(|(name, _)| name != "host") {
            req = req.header(name.as_str(), value.as_str());
        }
        req.body(body)
            .send()
            .await
            .map_err(|e| StorageError::Io(format!("S3 {method} {path}: {e}")))
    }

    /// A presigned URL for `method` on `key`, valid `ttl` from `now`. With `content_type` the
    /// URL also signs `Content-Type`, so the request must carry exactly that type.
    fn presign_at(
        &self,
        method: &str,
        key: &str,
        content_type: Option<&str>,
        ttl: Duration,
        now: DateTime<Utc>,
    ) -> Result<String, StorageError> {
        let path = self.object_path(key)?;
        let mut headers = vec![("host".to_owned(), self.host.clone())];
        if let Some(ct) = content_type {
            headers.push(("content-type".to_owned(), ct.to_owned()));
        }
        // Uploads are create-only: the URL signs `If-None-Match: *`, so the client must send
        // it and S3 refuses (412) a second upload to the same key.
        if method == "PUT" {
            headers.push(("if-none-match".to_owned(), "*".to_owned()));
        }
        // S3 takes 1 s to 7 days; a shorter link than asked is safe, a refused one is not.
        let expires = ttl.as_secs().clamp(1, MAX_PRESIGN_SECS);
        let query = self.signer.presign_query(method, &path, &headers, expires, now)?;
        Ok(format!("{}://{}{path}?{query}", self.scheme, self.host))
    }
}

#[async_trait::async_trait]
impl ObjectStore for S3Store {
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), StorageError> {
        let path = self.object_path(key)?;
        let resp = self.send(reqwest::Method::PUT, &path, bytes, Some(content_type)).await?;
        if resp.status().is_success() { Ok(()) } else { Err(failure("PUT", key, resp).await) }
    }

    async fn create(
        &self,
        key: &str,
        bytes: Vec<u8>,
        content_type: &str,
    ) -> Result<(), StorageError> {
        let path = self.object_path(key)?;
        let resp =
            self.send_with(reqwest::Method::PUT, &path, bytes, Some(content_type), true).await?;
        match resp.status().as_u16() {
            200..=299 => Ok(()),
            // 412 Precondition Failed: the key exists; 409: a concurrent conditional write won.
            412 | 409 => Err(StorageError::Exists),
            _ => Err(failure("PUT", key, resp).await),
        }
    }

    async fn get(&self, key: &str) -> Result<StoredObject, StorageError> {
        let path = self.object_path(key)?;
        let resp = self.send(reqwest::Method::GET, &path, Vec::new(), None).await?;
        let status = resp.status().as_u16();
        if status == 404 {
            let text = resp.text().await.unwrap_or_default();
            // A missing bucket is a configuration fault, not a missing file: say so.
            if text.contains("<Code>NoSuchBucket</Code>") {
                return Err(io_failure("GET", key, status, &text));
            }
            return Err(StorageError::NotFound);
        }
        if status != 200 {
            return Err(failure("GET", key, resp).await);
        }
        let content_type = resp
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("application/octet-stream")
            .to_owned();
        let bytes = resp
            .bytes()
            .await
            .map_err(|e| StorageError::Io(format!("S3 GET {key}: reading the body: {e}")))?;
        Ok(StoredObject { bytes: bytes.to_vec(), content_type })
    }

    /// A SigV4 presigned PUT URL that signs `Content-Type` and `If-None-Match: *`: the client
    /// must send exactly `content_type`, and the upload cannot replace a stored file. S3 cannot cap the size of a presigned PUT (only browser POST policies
    /// can), so `max_bytes` is not in the URL: check the upload with [`S3Store::head`]
    /// afterwards and delete it when it is larger.
    fn presign_put(
        &self,
        key: &str,
        content_type: &str,
        _max_bytes: u64,
        ttl: Duration,
    ) -> Result<String, StorageError> {
        self.presign_at("PUT", key, Some(content_type), ttl, Utc::now())
    }

    /// A SigV4 presigned GET URL. `ttl` is capped at S3's limit of seven days.
    fn presign_get(&self, key: &str, ttl: Duration) -> Result<String, StorageError> {
        self.presign_at("GET", key, None, ttl, Utc::now())
    }

    /// `public_base_url/key` when configured, else the bucket's own URL for the key. Only
    /// readable by anyone if the bucket (or the CDN in front of it) allows public reads.
    fn public_url(&self, key: &str) -> String {
        format!("{}/{}", self.public_base, uri_encode(key, true))
    }
}

/// Turns a failed answer into [`StorageError::Io`] with the status and the start of the body.
async fn failure(op: &str, key: &str, resp: reqwest::Response) -> StorageError {
    let status = resp.status().as_u16();
    let text = resp.text().await.unwrap_or_default();
    io_failure(op, key, status, &text)
}

fn io_failure(op: &str, key: &str, status: u16, body: &str) -> StorageError {
    let snippet: String = body.trim().chars().take(ERROR_SNIPPET_CHARS).collect();
    StorageError::Io(format!("S3 {op} {key}: HTTP {status}: {snippet}"))
}

/// S3's rules for bucket names that work with both addressing styles.
fn valid_bucket(name: &str) -> bool {
    let bytes = name.as_bytes();
    (3..=63).contains(&bytes.len())
        && bytes
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'.' | b'-'))
        && bytes.first().is_some_and(u8::is_ascii_alphanumeric)
        && bytes.last().is_some_and(u8::is_ascii_alphanumeric)
        && !name.contains("..")
}

/// `20130524T000000Z`: the time format of `x-amz-date` and `X-Amz-Date`.
fn amz_date(now: DateTime<Utc>) -> String {
    now.format("%Y%m%dT%H%M%SZ").to_string()
}

/// SigV4's URI encoding: every byte but `A-Z a-z 0-9 - _ . ~` as `%XY` (uppercase hex),
/// and `/` kept when encoding a path. Stricter than `url`'s encoders, which leave other
/// characters alone; the server encodes this way before checking the signature.
fn uri_encode(s: &str, keep_slash: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(char::from(b));
            }
            b'/' if keep_slash => out.push('/'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

fn hmac_sha256(key: &[u8], data: &str) -> Result<[u8; 32], StorageError> {
    // HMAC takes keys of any length; the error branch is unreachable but typed.
    let mut mac = HmacSha256::new_from_slice(key)
        .map_err(|e| StorageError::Io(format!("HMAC key rejected: {e}")))?;
    mac.update(data.as_bytes());
    Ok(mac.finalize().into_bytes().into())
}

/// SigV4 for the `s3` service with one set of credentials. Every method takes the time, so
/// the published AWS examples can be checked exactly.
struct Signer {
    access_key_id: String,
    secret_access_key: String,
    region: String,
}

impl fmt::Debug for Signer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Signer")
            .field("access_key_id", &self.access_key_id)
            .field("secret_access_key", &"[redacted]")
            .field("region", &self.region)
            .finish()
    }
}

impl Signer {
    /// `20130524/us-east-1/s3/aws4_request`.
    fn scope(&self, now: DateTime<Utc>) -> String {
        format!("{}/{}/s3/aws4_request", now.format("%Y%m%d"), self.region)
    }

    /// HMAC of the string to sign with the key derived for the day, region and service.
    fn signature(
        &self,
        now: DateTime<Utc>,
        canonical_request: &str,
    ) -> Result<String, StorageError> {
        let string_to_sign = format!(
            "{ALGORITHM}\n{}\n{}\n{}",
            amz_date(now),
            self.scope(now),
            hex::encode(Sha256::digest(canonical_request.as_bytes()))
        );
        let k_date = hmac_sha256(
            format!("AWS4{}", self.secret_access_key).as_bytes(),
            &now.format("%Y%m%d").to_string(),
        )?;
        let k_region = hmac_sha256(&k_date, &self.region)?;
        let k_service = hmac_sha256(&k_region, "s3")?;
        let k_signing = hmac_sha256(&k_service, "aws4_request")?;
        Ok(hex::encode(hmac_sha256(&k_signing, &string_to_sign)?))
    }

    /// The `Authorization` header for a request with these headers (names lowercase, all of
    /// them signed) and this payload hash. `path` and `canonical_query` must already be
    /// encoded as sent.
    fn authorization(
        &self,
        method: &str,
        path: &str,
        canonical_query: &str,
        headers: &[(String, String)],
        payload_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<String, StorageError> {
        let (canonical, signed_headers) =
            canonical_request(method, path, canonical_query, headers, payload_hash);
        let signature = self.signature(now, &canonical)?;
        Ok(format!(
            "{ALGORITHM} Credential={}/{},SignedHeaders={signed_headers},Signature={signature}",
            self.access_key_id,
            self.scope(now)
        ))
    }

    /// The query string of a presigned URL, `X-Amz-Signature` last.
    fn presign_query(
        &self,
        method: &str,
        path: &str,
        headers: &[(String, String)],
        expires_secs: u64,
        now: DateTime<Utc>,
    ) -> Result<String, StorageError> {
        let mut names: Vec<String> = headers.iter().map(|(n, _)| n.to_ascii_lowercase()).collect();
        names.sort_unstable();
        let credential = format!("{}/{}", self.access_key_id, self.scope(now));
        let params = [
            ("X-Amz-Algorithm", ALGORITHM.to_owned()),
            ("X-Amz-Credential", credential),
            ("X-Amz-Date", amz_date(now)),
            ("X-Amz-Expires", expires_secs.to_string()),
            ("X-Amz-SignedHeaders", names.join(";")),
        ];
        let mut encoded: Vec<(String, String)> =
            params.iter().map(|(k, v)| (uri_encode(k, false), uri_encode(v, false))).collect();
        encoded.sort();
        let query = encoded.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
        let (canonical, _) = canonical_request(method, path, &query, headers, UNSIGNED_PAYLOAD);
        let signature = self.signature(now, &canonical)?;
        Ok(format!("{query}&X-Amz-Signature={signature}"))
    }
}

/// SigV4's canonical request and the `SignedHeaders` list. Header names are lowercased and
/// sorted, values trimmed with inner runs of spaces collapsed, as the server does.
fn canonical_request(
    method: &str,
    path: &str,
    canonical_query: &str,
    headers: &[(String, String)],
    payload_hash: &str,
) -> (String, String) {
    let mut headers: Vec<(String, String)> = headers
        .iter()
        .map(|(n, v)| (n.to_ascii_lowercase(), v.split_whitespace().collect::<Vec<_>>().join(" ")))
        .collect();
    headers.sort();
    let canonical_headers: String = headers.iter().map(|(n, v)| format!("{n}:{v}\n")).collect();
    let signed_headers = headers.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(";");
    (
        format!(
            "{method}\n{path}\n{canonical_query}\n{canonical_headers}\n{signed_headers}\n{payload_hash}"
        ),
        signed_headers,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    const EXAMPLE_KEY_ID: &str = "AKIAIOSFODNN7EXAMPLE";
    const EXAMPLE_SECRET: &str = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    const EMPTY_SHA256: &str = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    fn example_time() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2013, 5, 24, 0, 0, 0).unwrap()
    }

    fn example_signer() -> Signer {
        Signer {
            access_key_id: EXAMPLE_KEY_ID.to_owned(),
            secret_access_key: EXAMPLE_SECRET.to_owned(),
            region: "us-east-1".to_owned(),
        }
    }

    fn settings(endpoint: &str, region: &str, bucket: &str, path_style: bool) -> S3Settings {
        S3Settings {
            endpoint: endpoint.to_owned(),
            region: region.to_owned(),
            bucket: bucket.to_owned(),
            access_key_id: EXAMPLE_KEY_ID.to_owned(),
            secret_access_key: EXAMPLE_SECRET.to_owned(),
            path_style,
            public_base_url: None,
        }
    }

    fn headers(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(n, v)| ((*n).to_owned(), (*v).to_owned())).collect()
    }

    /// AWS's "presigned URL" example (Authenticating Requests: Using Query Parameters):
    /// GET /test.txt in examplebucket, valid 86400 s.
    #[test]
    fn presigned_get_matches_the_aws_example() {
        let store =
            S3Store::new(settings("https://s3.amazonaws.com", "us-east-1", "examplebucket", false))
                .unwrap();
        let url = store
            .presign_at("GET", "test.txt", None, Duration::from_secs(86400), example_time())
            .unwrap();
        assert_eq!(
            url,
            "https://examplebucket.s3.amazonaws.com/test.txt\
             ?X-Amz-Algorithm=AWS4-HMAC-SHA256\
             &X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request\
             &X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host\
             &X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404"
        );
    }

    /// AWS's header-signing "GET Object" example: a Range request, empty payload.
    #[test]
    fn authorization_header_matches_the_aws_get_example() {
        let auth = example_signer()
            .authorization(
                "GET",
                "/test.txt",
                "",
                &headers(&[
                    ("host", "examplebucket.s3.amazonaws.com"),
                    ("range", "bytes=0-9"),
                    ("x-amz-content-sha256", EMPTY_SHA256),
                    ("x-amz-date", "20130524T000000Z"),
                ]),
                EMPTY_SHA256,
                example_time(),
            )
            .unwrap();
        assert_eq!(
            auth,
            "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,\
             SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,\
             Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
        );
    }

    /// AWS's header-signing "PUT Object" example: a signed payload and a key with `$`, which
    /// must be percent-encoded in the canonical path.
    #[test]
    fn authorization_header_matches_the_aws_put_example() {
        let body = "Welcome to Amazon S3.";
        let payload_hash = hex::encode(Sha256::digest(body.as_bytes()));
        assert_eq!(
            payload_hash,
            "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072"
        );
        let path = format!("/{}", uri_encode("test$file.text", true));
        assert_eq!(path, "/test%24file.text");
        let auth = example_signer()
            .authorization(
                "PUT",
                &path,
                "",
                &headers(&[
                    ("Date", "Fri, 24 May 2013 00:00:00 GMT"),
                    ("Host", "examplebucket.s3.amazonaws.com"),
                    ("x-amz-content-sha256", &payload_hash),
                    ("x-amz-date", "20130524T000000Z"),
                    ("x-amz-storage-class", "REDUCED_REDUNDANCY"),
                ]),
                &payload_hash,
                example_time(),
            )
            .unwrap();
        assert!(
            auth.ends_with(
                "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,\
                 Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd"
            ),
            "{auth}"
        );
    }

    #[test]
    fn presigned_put_signs_the_content_type_and_create_only() {
        let store =
            S3Store::new(settings("http://127.0.0.1:9000", "eu-west-1", "upcar-files", true))
                .unwrap();
        let t = example_time();
        let url = store
            .presign_at("PUT", "cars/c-1/1.jpg", Some("image/jpeg"), Duration::from_secs(600), t)
            .unwrap();
        // The reference is botocore's S3SigV4QueryAuth on the same request (Content-Type and
        // If-None-Match: *) at the same time.
        // moto does not check presigned signatures, so this is what pins the PUT variant.
        assert_eq!(
            url,
            "http://127.0.0.1:9000/upcar-files/cars/c-1/1.jpg\
             ?X-Amz-Algorithm=AWS4-HMAC-SHA256\
             &X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Feu-west-1%2Fs3%2Faws4_request\
             &X-Amz-Date=20130524T000000Z&X-Amz-Expires=600\
             &X-Amz-SignedHeaders=content-type%3Bhost%3Bif-none-match\
             &X-Amz-Signature=903334ca19d17ad6f11db310ca467c2e8043410a2e1c48e7fc30f9d65272fbbf"
        );
        // The type is part of the signature: another type gives another URL.
        let png = store
            .presign_at("PUT", "cars/c-1/1.jpg", Some("image/png"), Duration::from_secs(600), t)
            .unwrap();
        assert_ne!(url, png);
        // S3's bounds on the lifetime.
        let long =
            store.presign_at("GET", "a.jpg", None, Duration::from_secs(30 * 24 * 3600), t).unwrap();
        assert!(long.contains("&X-Amz-Expires=604800&"), "{long}");
        let zero = store.presign_at("GET", "a.jpg", None, Duration::ZERO, t).unwrap();
        assert!(zero.contains("&X-Amz-Expires=1&"), "{zero}");
    }

    #[test]
    fn keys_are_validated_and_encoded() {
        let store =
            S3Store::new(settings("https://s3.us-west-2.amazonaws.com", "us-west-2", "b-1", false))
                .unwrap();
        assert!(matches!(
            store.presign_get("../etc/passwd", Duration::from_secs(60)),
            Err(StorageError::InvalidKey)
        ));
        assert!(matches!(store.object_path("a//b"), Err(StorageError::InvalidKey)));
        assert_eq!(store.object_path("users/u-1/dl_front.png").unwrap(), "/users/u-1/dl_front.png");
        assert_eq!(uri_encode("a b/c~d+e=é", true), "a%20b/c~d%2Be%3D%C3%A9");
        assert_eq!(uri_encode("x/y", false), "x%2Fy");
    }

    #[test]
    fn public_urls_follow_the_addressing_style() {
        let virtual_hosted =
            S3Store::new(settings("https://s3.us-west-2.amazonaws.com", "us-west-2", "b-1", false))
                .unwrap();
        assert_eq!(
            virtual_hosted.public_url("cars/1/a.jpg"),
            "https://b-1.s3.us-west-2.amazonaws.com/cars/1/a.jpg"
        );
        let path_style =
            S3Store::new(settings("http://127.0.0.1:5000/", "us-east-1", "b-1", true)).unwrap();
        assert_eq!(path_style.public_url("cars/1/a.jpg"), "http://127.0.0.1:5000/b-1/cars/1/a.jpg");
        let mut cdn = settings("https://s3.us-west-2.amazonaws.com", "us-west-2", "b-1", false);
        cdn.public_base_url = Some("https://cdn.example.com/media/".to_owned());
        assert_eq!(
            S3Store::new(cdn).unwrap().public_url("cars/1/a.jpg"),
            "https://cdn.example.com/media/cars/1/a.jpg"
        );
    }

    #[test]
    fn bad_settings_are_refused() {
        let ok =
            || settings("https://s3.us-west-2.amazonaws.com", "us-west-2", "upcar-files", false);
        assert!(S3Store::new(ok()).is_ok());
        for endpoint in ["s3.amazonaws.com", "ftp://s3.amazonaws.com", "https://s3.amazonaws.com/x"]
        {
            assert!(S3Store::new(S3Settings { endpoint: endpoint.to_owned(), ..ok() }).is_err());
        }
        for bucket in ["ab", "Upper", "-dash", "dash-", "a..b", "under_score"] {
            assert!(S3Store::new(S3Settings { bucket: bucket.to_owned(), ..ok() }).is_err());
        }
        assert!(S3Store::new(S3Settings { region: String::new(), ..ok() }).is_err());
        assert!(S3Store::new(S3Settings { secret_access_key: String::new(), ..ok() }).is_err());
        // Virtual-hosted addressing cannot work on an IP address.
        assert!(
            S3Store::new(settings("http://127.0.0.1:5000", "us-east-1", "b-1", false)).is_err()
        );
    }

    #[test]
    fn debug_output_hides_the_secret() {
        let s = settings("https://s3.amazonaws.com", "us-east-1", "examplebucket", false);
        assert!(!format!("{s:?}").contains(EXAMPLE_SECRET));
        let store = S3Store::new(s).unwrap();
        assert!(!format!("{store:?}").contains(EXAMPLE_SECRET));
    }

    #[test]
    fn settings_deserialize_with_defaults() {
        let s: S3Settings = serde_json::from_str(
            r#"{"endpoint":"http://127.0.0.1:5000","region":"us-east-1","bucket":"b-1",
                "access_key_id":"k","secret_access_key":"s"}"#,
        )
        .unwrap();
        assert!(!s.path_style);
        assert!(s.public_base_url.is_none());
    }
}
