//! The one error table of the product: every failure has a kind, which fixes both its gRPC code
//! and its HTTP status, plus a stable snake_case code and a human-readable message. Services
//! turn their own error enums into a [`tonic::Status`] with [`to_status`]; the gateway turns a
//! status back into an [`ApiError`] with [`ApiError::from_status`], so no route guesses.

use std::fmt;

/// gRPC metadata key carrying the stable error code next to a status.
pub const ERROR_CODE_METADATA: &str = "x-error-code";

/// The classes of failure a caller can tell apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The request is malformed or breaks a rule (400).
    InvalidInput,
    /// No valid credentials (401).
    Unauthenticated,
    /// Authenticated but not allowed (403).
    Forbidden,
    /// The resource does not exist (404).
    NotFound,
    /// The request conflicts with current state (409).
    Conflict,
    /// The path exists but not for this method (405). Answered by the gateway only.
    MethodNotAllowed,
    /// The body is larger than allowed (413).
    PayloadTooLarge,
    /// The request line is longer than allowed (414). Answered by the gateway only.
    UriTooLong,
    /// Too many requests (429).
    RateLimited,
    /// A dependency is down; the caller may retry (503).
    Unavailable,
    /// A bug or an unexpected failure (500); details stay in the logs.
    Internal,
}

impl ErrorKind {
    /// Every kind, in declaration order.
    pub const ALL: [ErrorKind; 11] = [
        ErrorKind::InvalidInput,
        ErrorKind::Unauthenticated,
        ErrorKind::Forbidden,
        ErrorKind::NotFound,
        ErrorKind::Conflict,
        ErrorKind::MethodNotAllowed,
        ErrorKind::PayloadTooLarge,
        ErrorKind::UriTooLong,
        ErrorKind::RateLimited,
        ErrorKind::Unavailable,
        ErrorKind::Internal,
    ];

    /// HTTP status for this kind.
    pub fn http_status(self) -> u16 {
        match self {
            ErrorKind::InvalidInput => 400,
            ErrorKind::Unauthenticated => 401,
            ErrorKind::Forbidden => 403,
            ErrorKind::NotFound => 404,
            ErrorKind::Conflict => 409,
            ErrorKind::MethodNotAllowed => 405,
            ErrorKind::PayloadTooLarge => 413,
            ErrorKind::UriTooLong => 414,
            ErrorKind::RateLimited => 429,
            ErrorKind::Unavailable => 503,
            ErrorKind::Internal => 500,
        }
    }

    /// gRPC code for this kind.
    pub fn grpc_code(self) -> tonic::Code {
        match self {
            ErrorKind::InvalidInput => tonic::Code::InvalidArgument,
            ErrorKind::Unauthenticated => tonic::Code::Unauthenticated,
            ErrorKind::Forbidden => tonic::Code::PermissionDenied,
            ErrorKind::NotFound => tonic::Code::NotFound,
            ErrorKind::Conflict => tonic::Code::AlreadyExists,
            ErrorKind::PayloadTooLarge => tonic::Code::OutOfRange,
            // Never sent between services (only the gateway's HTTP edge meets them).
            ErrorKind::MethodNotAllowed => tonic::Code::Unimplemented,
            ErrorKind::UriTooLong => tonic::Code::InvalidArgument,
            ErrorKind::RateLimited => tonic::Code::ResourceExhausted,
            ErrorKind::Unavailable => tonic::Code::Unavailable,
            ErrorKind::Internal => tonic::Code::Internal,
        }
    }

    /// The kind a gRPC code stands for (the inverse of [`ErrorKind::grpc_code`]).
    pub fn from_grpc(code: tonic::Code) -> Self {
        match code {
            tonic::Code::InvalidArgument | tonic::Code::FailedPrecondition => {
                ErrorKind::InvalidInput
            }
            tonic::Code::Unauthenticated => ErrorKind::Unauthenticated,
            tonic::Code::PermissionDenied => ErrorKind::Forbidden,
            tonic::Code::NotFound => ErrorKind::NotFound,
            tonic::Code::AlreadyExists | tonic::Code::Aborted => ErrorKind::Conflict,
            tonic::Code::OutOfRange => ErrorKind::PayloadTooLarge,
            tonic::Code::ResourceExhausted => ErrorKind::RateLimited,
            tonic::Code::Unavailable | tonic::Code::DeadlineExceeded => ErrorKind::Unavailable,
            _ => ErrorKind::Internal,
        }
    }

    /// The code used when a status carries none.
    pub fn default_code(self) -> &'static str {
        match self {
            ErrorKind::InvalidInput => "invalid_input",
            ErrorKind::Unauthenticated => "unauthenticated",
            ErrorKind::Forbidden => "forbidden",
            ErrorKind::NotFound => "not_found",
            ErrorKind::Conflict => "conflict",
            ErrorKind::MethodNotAllowed => "method_not_allowed",
            ErrorKind::PayloadTooLarge => "payload_too_large",
            ErrorKind::UriTooLong => "uri_too_long",
            ErrorKind::RateLimited => "rate_limited",
            ErrorKind::Unavailable => "service_unavailable",
            ErrorKind::Internal => "internal_error",
        }
    }
}

/// Implemented by each service's error enum: the table entry for one variant.
pub trait ErrorCode: fmt::Display {
    /// The class, fixing HTTP status and gRPC code.
    fn kind(&self) -> ErrorKind;
    /// Stable snake_case code the frontend can switch on.
    fn code(&self) -> &'static str;
    /// The text shown to the caller. Internal errors never leak their cause.
    fn public_message(&self) -> String {
        match self.kind() {
            ErrorKind::Internal => "An unexpected error occurred".to_owned(),
            _ => self.to_string(),
        }
    }
    /// For a [`ErrorKind::RateLimited`] refusal: the seconds after which the same call may
    /// succeed (the `Retry-After` of the answer). Variants that know it say so; the others get
    /// [`DEFAULT_RETRY_AFTER_SECS`].
    fn retry_after_secs(&self) -> Option<u64> {
        None
    }
}

/// `Retry-After` of a rate-limited answer whose rule does not say when to retry.
pub const DEFAULT_RETRY_AFTER_SECS: u64 = 60;

/// gRPC metadata key carrying a rate-limited refusal's `Retry-After` seconds.
pub const RETRY_AFTER_METADATA: &str = "x-retry-after";

/// One row of a service's error table: a stable code and the kind that fixes its status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeRow {
    /// Stable snake_case code.
    pub code: &'static str,
    /// HTTP status and gRPC code class.
    pub kind: ErrorKind,
}

/// Implemented (by [`error_table!`]) for each service's error enum: every code it can answer,
/// each once. A test per service and one across the product check the rows (snake_case, no
/// code twice, the same code with the same kind everywhere).
pub trait ErrorTable {
    /// The table's own rows, in declaration order.
    const ROWS: &'static [CodeRow];
    /// Every code the type can answer: its own rows and those of the tables it nests (a
    /// service's error holding a domain's, whose codes are written in the domain).
    fn rows() -> Vec<CodeRow> {
        Self::ROWS.to_vec()
    }
}

/// Whether a code is snake_case: lowercase ASCII letters and digits in words joined by single
/// underscores, starting with a letter.
pub fn is_snake_case(code: &str) -> bool {
    !code.is_empty()
        && code.starts_with(|c: char| c.is_ascii_lowercase())
        && !code.ends_with('_')
        && !code.contains("__")
        && code.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// What is wrong with a set of error tables, if anything: a code that is not snake_case, a code
/// declared twice in one table, or one code with two kinds in different tables. Empty when
/// all is well.
pub fn table_problems(tables: &[(&str, &[CodeRow])]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut kinds: std::collections::BTreeMap<&str, (&str, ErrorKind)> = Default::default();
    for (name, rows) in tables {
        let mut seen = std::collections::BTreeSet::new();
        for row in *rows {
            if !is_snake_case(row.code) {
                problems.push(format!("{name}: code {:?} is not snake_case", row.code));
            }
            if !seen.insert(row.code) {
                problems.push(format!("{name}: code {:?} is declared twice", row.code));
            }
            match kinds.get(row.code) {
                Some((other, kind)) if *kind != row.kind => problems.push(format!(
                    "code {:?} is {:?} in {other} but {:?} in {name}",
                    row.code, kind, row.kind
                )),
                Some(_) => {}
                None => {
                    kinds.insert(row.code, (name, row.kind));
                }
            }
        }
    }
    problems
}

/// Declares a service error enum's table: each row a pattern (or-patterns for variants that
/// are one rule with different wording), its [`ErrorKind`] and its code. Generates
/// [`ErrorCode`] (an exhaustive match: a new variant without a row does not compile) and
/// [`ErrorTable`].
///
/// ```
/// #[derive(Debug, thiserror::Error)]
/// enum SampleError {
///     #[error("Email is required")]
///     EmailRequired,
///     #[error("Email is required.")]
///     LoginEmailRequired,
///     #[error("Trip not found")]
///     TripNotFound,
///     #[error("{0}")]
///     Internal(String),
/// }
/// upcar_errors::error_table! {
///     SampleError {
///         SampleError::EmailRequired | SampleError::LoginEmailRequired => InvalidInput, "email_required";
///         SampleError::TripNotFound => NotFound, "trip_not_found";
///         SampleError::Internal(_) => Internal, "internal_error";
///     }
/// }
/// use upcar_errors::{ErrorCode, ErrorTable};
/// assert_eq!(SampleError::LoginEmailRequired.code(), "email_required");
/// assert_eq!(SampleError::ROWS.len(), 3);
/// ```
///
/// An enum that passes on other services' errors as they came (their code is not its own) names
/// that variant after `forward`, with an expression giving its kind; its code is
/// `upstream_error`, which the service's conversion to a status replaces with the original.
/// A variant holding another table's error (a domain's, whose codes are written there) is named
/// in a `nested { Outer::Domain(e) => e: DomainError; }` block: its kind and code are the inner
/// error's, and [`ErrorTable::rows`] includes the inner table's rows.
/// Rate-limited variants that know when the caller may try again name it in a closing
/// `retry_after { Variant(secs) => *secs; }` block (the others answer
/// [`DEFAULT_RETRY_AFTER_SECS`]).
#[macro_export]
macro_rules! error_table {
    (
        $ty:ty {
            $( $pat:pat => $kind:ident, $code:literal; )+
        }
        $( nested { $( $npat:pat => $nvar:ident : $nty:ty; )+ } )?
        $( forward $fpat:pat => $fkind:expr; )?
        $( retry_after { $( $rpat:pat => $rsecs:expr; )+ } )?
    ) => {
        impl $crate::ErrorCode for $ty {
            fn kind(&self) -> $crate::ErrorKind {
                match self {
                    $( $pat => $crate::ErrorKind::$kind, )+
                    $( $( $npat => $crate::ErrorCode::kind($nvar), )+ )?
                    $( $fpat => $fkind, )?
                }
            }

            #[allow(unused_variables)]
            fn code(&self) -> &'static str {
                match self {
                    $( $pat => $code, )+
                    $( $( $npat => $crate::ErrorCode::code($nvar), )+ )?
                    $( $fpat => "upstream_error", )?
                }
            }

            $(
            fn retry_after_secs(&self) -> Option<u64> {
                #[allow(unreachable_patterns)]
                match self {
                    $( $rpat => Some($rsecs), )+
                    _ => None,
                }
            }
            )?
        }

        impl $crate::ErrorTable for $ty {
            const ROWS: &'static [$crate::CodeRow] = &[
                $( $crate::CodeRow { code: $code, kind: $crate::ErrorKind::$kind }, )+
            ];
            $(
            fn rows() -> Vec<$crate::CodeRow> {
                let mut rows = Self::ROWS.to_vec();
                $( rows.extend(<$nty as $crate::ErrorTable>::rows()); )+
                rows
            }
            )?
        }
    };
}

/// Turns a service error into a gRPC status carrying the stable code in metadata.
pub fn to_status<E: ErrorCode + ?Sized>(err: &E) -> tonic::Status {
    let kind = err.kind();
    if kind == ErrorKind::Internal {
        tracing::error!(error = %err, "internal error");
    }
    let mut status = tonic::Status::new(kind.grpc_code(), err.public_message());
    if let Ok(v) = err.code().parse() {
        status.metadata_mut().insert(ERROR_CODE_METADATA, v);
    }
    if kind == ErrorKind::RateLimited {
        let secs = err.retry_after_secs().unwrap_or(DEFAULT_RETRY_AFTER_SECS).max(1);
        if let Ok(v) = secs.to_string().parse() {
            status.metadata_mut().insert(RETRY_AFTER_METADATA, v);
        }
    }
    status
}

/// The `/v1` error answer: `{"error": code, "message": text}` with the kind's status.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ApiError {
    /// HTTP status and gRPC code class.
    #[serde(skip)]
    pub kind: ErrorKind,
    /// Stable snake_case code.
    #[serde(rename = "error")]
    pub code: String,
    /// Human-readable text.
    pub message: String,
    /// Rate limited: the seconds after which the call may succeed (`Retry-After`).
    #[serde(skip)]
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// A new error with an explicit code.
    pub fn new(kind: ErrorKind, code: impl Into<String>, message: impl Into<String>) -> Self {
        let retry_after = (kind == ErrorKind::RateLimited).then_some(DEFAULT_RETRY_AFTER_SECS);
        Self { kind, code: code.into(), message: message.into(), retry_after }
    }

    /// The same error, to be retried after `secs` seconds.
    pub fn retry_after(mut self, secs: u64) -> Self {
        self.retry_after = Some(secs.max(1));
        self
    }

    /// 400 with a code and message.
    pub fn invalid(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidInput, code, message)
    }

    /// 401 with a code and message.
    pub fn unauthenticated(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Unauthenticated, code, message)
    }

    /// Reads a gRPC status back into the table entry it came from.
    pub fn from_status(status: &tonic::Status) -> Self {
        let declared = status.metadata().get(ERROR_CODE_METADATA).is_some();
        // Every status a service answers carries its code; `Unknown` without one is tonic's
        // own for a call whose connection broke under it (the service died mid-call): the
        // caller may try again, as when the service cannot be reached.
        let kind = match status.code() {
            tonic::Code::Unknown if !declared => ErrorKind::Unavailable,
            code => ErrorKind::from_grpc(code),
        };
        let code = status
            .metadata()
            .get(ERROR_CODE_METADATA)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
            .unwrap_or_else(|| kind.default_code().to_owned());
        let message = match kind {
            ErrorKind::Internal => "An unexpected error occurred".to_owned(),
            // A transport failure (no code of ours) carries tonic's own wording; keep it out.
            ErrorKind::Unavailable if !declared => {
                "The service is temporarily unavailable".to_owned()
            }
            _ => status.message().to_owned(),
        };
        // Every rate-limited answer says when to come back: the service's figure, else the
        // default.
        let retry_after = (kind == ErrorKind::RateLimited).then(|| {
            status
                .metadata()
                .get(RETRY_AFTER_METADATA)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<u64>().ok())
                .unwrap_or(DEFAULT_RETRY_AFTER_SECS)
                .max(1)
        });
        Self { kind, code, message, retry_after }
    }

    /// HTTP status code.
    pub fn http_status(&self) -> u16 {
        self.kind.http_status()
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ApiError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    enum Sample {
        #[error("Email is required")]
        Missing,
        #[error("db exploded: {0}")]
        Db(String),
    }

    impl ErrorCode for Sample {
        fn kind(&self) -> ErrorKind {
            match self {
                Sample::Missing => ErrorKind::InvalidInput,
                Sample::Db(_) => ErrorKind::Internal,
            }
        }
        fn code(&self) -> &'static str {
            match self {
                Sample::Missing => "email_required",
                Sample::Db(_) => "internal_error",
            }
        }
    }

    #[test]
    fn snake_case_is_told_apart() {
        for ok in ["email_required", "a", "otp_2fa"] {
            assert!(is_snake_case(ok), "{ok}");
        }
        for bad in ["", "Email", "email-required", "_x", "x_", "a__b", "2fa", "emailRequired"] {
            assert!(!is_snake_case(bad), "{bad}");
        }
    }

    #[test]
    fn table_problems_name_bad_codes_repeats_and_kind_clashes() {
        let a = [
            CodeRow { code: "trip_not_found", kind: ErrorKind::NotFound },
            CodeRow { code: "Bad-Code", kind: ErrorKind::InvalidInput },
            CodeRow { code: "trip_not_found", kind: ErrorKind::NotFound },
        ];
        let b = [CodeRow { code: "trip_not_found", kind: ErrorKind::Forbidden }];
        let problems = table_problems(&[("a", &a), ("b", &b)]);
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].contains("Bad-Code"));
        assert!(problems[1].contains("declared twice"));
        assert!(problems[2].contains("NotFound in a but Forbidden in b"));
        assert!(table_problems(&[("a", &a[..1]), ("c", &a[..1])]).is_empty());
    }

    #[derive(Debug, thiserror::Error)]
    enum Forwarding {
        #[error("Trip not found")]
        TripNotFound,
        #[error("{message}")]
        Upstream { kind: ErrorKind, message: String },
    }

    error_table! {
        Forwarding {
            Forwarding::TripNotFound => NotFound, "trip_not_found";
        }
        forward Forwarding::Upstream { kind, .. } => *kind;
    }

    #[test]
    fn the_macro_maps_rows_and_forwards_foreign_kinds() {
        assert_eq!(Forwarding::TripNotFound.code(), "trip_not_found");
        assert_eq!(Forwarding::TripNotFound.kind(), ErrorKind::NotFound);
        let up = Forwarding::Upstream { kind: ErrorKind::Conflict, message: "x".into() };
        assert_eq!((up.kind(), up.code()), (ErrorKind::Conflict, "upstream_error"));
        assert_eq!(
            Forwarding::ROWS,
            &[CodeRow { code: "trip_not_found", kind: ErrorKind::NotFound }]
        );
    }

    #[derive(Debug, thiserror::Error)]
    enum Limited {
        #[error("Wait {0} s")]
        TooSoon(u64),
        #[error("Slow down")]
        Busy,
        #[error("No")]
        Refused,
    }

    error_table! {
        Limited {
            Limited::TooSoon(_) => RateLimited, "too_soon";
            Limited::Busy => RateLimited, "busy";
            Limited::Refused => Forbidden, "refused";
        }
        retry_after {
            Limited::TooSoon(secs) => *secs;
        }
    }

    #[derive(Debug, thiserror::Error)]
    enum Outer {
        #[error("{0}")]
        Inner(Limited),
        #[error("Gone")]
        Gone,
    }

    error_table! {
        Outer {
            Outer::Gone => NotFound, "gone";
        }
        nested {
            Outer::Inner(e) => e: Limited;
        }
    }

    #[test]
    fn a_nested_table_answers_the_inner_code_and_lists_its_rows() {
        let e = Outer::Inner(Limited::Refused);
        assert_eq!((e.kind(), e.code()), (ErrorKind::Forbidden, "refused"));
        assert_eq!(Outer::Gone.code(), "gone");
        let codes: Vec<&str> = Outer::rows().iter().map(|r| r.code).collect();
        assert_eq!(codes, ["gone", "too_soon", "busy", "refused"]);
        assert_eq!(Limited::rows().len(), 3);
    }

    #[test]
    fn every_rate_limited_status_carries_its_retry_after_and_others_none() {
        let soon = ApiError::from_status(&to_status(&Limited::TooSoon(17)));
        assert_eq!((soon.code.as_str(), soon.retry_after), ("too_soon", Some(17)));
        // A rate limit that names no time gets the default; zero is at least one second.
        let busy = ApiError::from_status(&to_status(&Limited::Busy));
        assert_eq!(busy.retry_after, Some(DEFAULT_RETRY_AFTER_SECS));
        assert_eq!(ApiError::from_status(&to_status(&Limited::TooSoon(0))).retry_after, Some(1));
        assert_eq!(ApiError::from_status(&to_status(&Limited::Refused)).retry_after, None);
        // A bare status of that class (no service of ours) still says when.
        let bare = ApiError::from_status(&tonic::Status::resource_exhausted("x"));
        assert_eq!(bare.retry_after, Some(DEFAULT_RETRY_AFTER_SECS));
        assert_eq!(
            ApiError::new(ErrorKind::RateLimited, "x", "y").retry_after(0).retry_after,
            Some(1)
        );
    }

    #[test]
    fn every_kind_survives_the_round_trip_through_grpc() {
        use ErrorKind::*;
        // MethodNotAllowed and UriTooLong are the gateway's own: no service answers them.
        for kind in [
            InvalidInput,
            Unauthenticated,
            Forbidden,
            NotFound,
            Conflict,
            PayloadTooLarge,
            RateLimited,
            Unavailable,
            Internal,
        ] {
            assert_eq!(ErrorKind::from_grpc(kind.grpc_code()), kind);
        }
    }

    #[test]
    fn a_status_carries_code_and_message_to_the_gateway() {
        let api = ApiError::from_status(&to_status(&Sample::Missing));
        assert_eq!(api.http_status(), 400);
        assert_eq!(api.code, "email_required");
        assert_eq!(api.message, "Email is required");
    }

    #[test]
    fn internal_errors_hide_their_cause() {
        let api = ApiError::from_status(&to_status(&Sample::Db("password=hunter2".into())));
        assert_eq!(api.http_status(), 500);
        assert!(!api.message.contains("hunter2"));
    }

    #[test]
    fn transport_failures_hide_tonic_wording_but_declared_unavailability_keeps_its_text() {
        let transport =
            ApiError::from_status(&tonic::Status::unavailable("tcp connect error: refused"));
        assert_eq!(
            (transport.http_status(), transport.code.as_str()),
            (503, "service_unavailable")
        );
        assert!(!transport.message.contains("tcp"));
        let mut declared =
            tonic::Status::unavailable("Failed to send OTP. Please try again later.");
        declared.metadata_mut().insert(ERROR_CODE_METADATA, "otp_delivery_failed".parse().unwrap());
        let api = ApiError::from_status(&declared);
        assert_eq!(api.message, "Failed to send OTP. Please try again later.");
    }

    #[test]
    fn a_connection_broken_mid_call_is_unavailable_not_internal() {
        let broken = ApiError::from_status(&tonic::Status::unknown("transport error"));
        assert_eq!((broken.http_status(), broken.code.as_str()), (503, "service_unavailable"));
        assert!(!broken.message.contains("transport"));
        // A service's own Unknown, with its code, keeps the kind of the code's row (internal).
        let mut own = tonic::Status::unknown("boom");
        own.metadata_mut().insert(ERROR_CODE_METADATA, "internal_error".parse().unwrap());
        assert_eq!(ApiError::from_status(&own).http_status(), 500);
    }

    #[test]
    fn a_status_without_code_gets_the_kind_default() {
        let api = ApiError::from_status(&tonic::Status::not_found("gone"));
        assert_eq!(api.code, "not_found");
        assert_eq!(api.http_status(), 404);
    }

    /// `ALL` holds each kind once (every kind has a status of its own), the statuses of
    /// `docs/API.md`'s conventions.
    #[test]
    fn all_lists_every_kind_once() {
        let statuses: std::collections::BTreeSet<u16> =
            ErrorKind::ALL.iter().map(|k| k.http_status()).collect();
        assert_eq!(statuses.len(), ErrorKind::ALL.len());
        assert_eq!(
            statuses.into_iter().collect::<Vec<_>>(),
            [400, 401, 403, 404, 405, 409, 413, 414, 429, 500, 503]
        );
    }
}
