//! Every error code the product answers, listed from the error tables of the gateway and every
//! service: each snake_case, none declared twice in one table, and one code one kind (so one
//! HTTP status) wherever it is declared.

use gateway::error::GatewayError;
use upcar_errors::{ErrorTable, table_problems};

/// Every table of the product: the gateway's, the socket's and each service's.
fn tables() -> [(&'static str, Vec<upcar_errors::CodeRow>); 10] {
    [
        ("gateway", GatewayError::rows()),
        ("socket", gateway::realtime::frames::SocketError::rows()),
        ("accounts", accounts::error::AccountsError::rows()),
        ("catalog-search", catalog_search::error::CatalogError::rows()),
        ("pricing", pricing::error::PricingError::rows()),
        ("trips", trips::error::TripsError::rows()),
        ("messaging", messaging::error::MessagingError::rows()),
        ("hosting", hosting_teams::error::HostingError::rows()),
        ("activity", activity::error::ActivityError::rows()),
        ("captains", captains::error::CaptainsError::rows()),
    ]
}

#[test]
fn every_error_code_is_snake_case_declared_once_and_of_one_kind_across_the_product() {
    let owned = tables();
    let tables: Vec<(&str, &[upcar_errors::CodeRow])> =
        owned.iter().map(|(name, rows)| (*name, rows.as_slice())).collect();
    let problems = table_problems(&tables);
    assert!(problems.is_empty(), "{problems:#?}");
    // The tables are real: the codes clients depend on are in them.
    let all: Vec<&str> = tables.iter().flat_map(|(_, rows)| rows.iter().map(|r| r.code)).collect();
    for code in [
        "route_not_found",
        "email_taken",
        "car_not_found",
        "trip_not_found",
        "own_car",
        "account_suspended",
        "step_out_of_order",
    ] {
        assert!(all.contains(&code), "{code} missing from the tables");
    }
    assert!(all.len() > 150, "only {} codes listed", all.len());
}

/// `services/gateway/error-codes.json`, the list the OpenAPI document's `ErrorCode` enum is
/// made of (the gateway does not link the services), is every table's codes with their HTTP
/// status, and the codes a status without one is given (`ErrorKind::default_code`). Stale, it
/// fails here; `UPCAR_WRITE_ERROR_CODES=1` (which `scripts/gen-api.sh` sets) writes it.
#[test]
fn the_documented_error_codes_are_the_tables_codes() {
    let mut codes = std::collections::BTreeMap::new();
    for (_, rows) in tables() {
        for row in rows {
            codes.insert(row.code, row.kind.http_status());
        }
    }
    for kind in upcar_errors::ErrorKind::ALL {
        let status = *codes.entry(kind.default_code()).or_insert(kind.http_status());
        assert_eq!(status, kind.http_status(), "{} is another kind's code", kind.default_code());
    }
    // Replaced by the original code before any answer (the tables' `forward` rows).
    codes.remove("upstream_error");
    let fresh = serde_json::to_string_pretty(&codes).unwrap() + "\n";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/error-codes.json");
    if std::env::var_os("UPCAR_WRITE_ERROR_CODES").is_some() {
        // The gateway built into this test read the file before it was written.
        std::fs::write(path, &fresh).unwrap();
        return;
    }
    let documented = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        documented == fresh,
        "services/gateway/error-codes.json is stale: an error table changed; run scripts/gen-api.sh and commit the result"
    );
    // What the document is built from is this list.
    let built: Vec<(String, u16)> =
        codes.iter().map(|(code, status)| ((*code).to_owned(), *status)).collect();
    assert_eq!(gateway::error::documented_codes(), built);
}

/// What each service answers when its database fails under a call: 503 `database_unavailable`
/// for a database that is not there (connection broken, server stopping), also under a
/// service's own context, and 500 for a query that is wrong.
fn database_failures_of<E>(service: &str)
where
    E: From<diesel::result::Error> + From<anyhow::Error>,
    tonic::Status: From<E>,
{
    use diesel::result::{DatabaseErrorKind, Error};
    let broken = || {
        Error::DatabaseError(DatabaseErrorKind::UnableToSendCommand, Box::new("closed".to_owned()))
    };
    let stopping = || {
        Error::DatabaseError(
            DatabaseErrorKind::Unknown,
            Box::new("terminating connection due to administrator command".to_owned()),
        )
    };
    let code = |s: &tonic::Status| {
        s.metadata().get(upcar_errors::ERROR_CODE_METADATA).map(|v| v.to_str().unwrap().to_owned())
    };
    for (what, status) in [
        ("a broken connection", tonic::Status::from(E::from(broken()))),
        ("a stopping server", tonic::Status::from(E::from(stopping()))),
        (
            "a broken connection under context",
            tonic::Status::from(E::from(anyhow::Error::new(broken()).context("loading"))),
        ),
    ] {
        assert_eq!(status.code(), tonic::Code::Unavailable, "{service}: {what}");
        assert_eq!(code(&status).as_deref(), Some("database_unavailable"), "{service}: {what}");
        assert!(!status.message().contains("closed"), "{service}: the cause stays in the logs");
    }
    let wrong =
        Error::DatabaseError(DatabaseErrorKind::Unknown, Box::new("division by zero".to_owned()));
    let status = tonic::Status::from(E::from(wrong));
    assert_eq!(status.code(), tonic::Code::Internal, "{service}: a wrong query");
}

#[test]
fn every_service_answers_503_when_its_database_is_not_there_and_500_when_a_query_is_wrong() {
    database_failures_of::<accounts::error::AccountsError>("accounts");
    database_failures_of::<catalog_search::error::CatalogError>("catalog-search");
    database_failures_of::<pricing::error::PricingError>("pricing");
    database_failures_of::<trips::error::TripsError>("trips");
    database_failures_of::<messaging::error::MessagingError>("messaging");
    database_failures_of::<hosting_teams::error::HostingError>("hosting");
    database_failures_of::<activity::error::ActivityError>("activity");
    database_failures_of::<captains::error::CaptainsError>("captains");
}
