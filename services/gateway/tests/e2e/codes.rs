//! Every error code the product answers, listed from the error tables of the gateway and every
//! service: each snake_case, none declared twice in one table, and one code one kind (so one
//! HTTP status) wherever it is declared.

use gateway::error::GatewayError;
use upcar_errors::{ErrorTable, table_problems};

#[test]
fn every_error_code_is_snake_case_declared_once_and_of_one_kind_across_the_product() {
    let owned: [(&str, Vec<upcar_errors::CodeRow>); 9] = [
        ("gateway", GatewayError::rows()),
        ("accounts", accounts::error::AccountsError::rows()),
        ("catalog-search", catalog_search::error::CatalogError::rows()),
        ("pricing", pricing::error::PricingError::rows()),
        ("trips", trips::error::TripsError::rows()),
        ("messaging", messaging::error::MessagingError::rows()),
        ("hosting", hosting_teams::error::HostingError::rows()),
        ("activity", activity::error::ActivityError::rows()),
        ("captains", captains::error::CaptainsError::rows()),
    ];
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
