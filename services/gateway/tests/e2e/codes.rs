//! Every error code the product answers, listed from the error tables of the gateway and every
//! service: each snake_case, none declared twice in one table, and one code one kind (so one
//! HTTP status) wherever it is declared.

use gateway::error::GatewayError;
use upcar_errors::{ErrorTable, table_problems};

#[test]
fn every_error_code_is_snake_case_declared_once_and_of_one_kind_across_the_product() {
    let tables: [(&str, &[upcar_errors::CodeRow]); 9] = [
        ("gateway", GatewayError::ROWS),
        ("accounts", accounts::error::AccountsError::ROWS),
        ("catalog-search", catalog_search::error::CatalogError::ROWS),
        ("pricing", pricing::error::PricingError::ROWS),
        ("trips", trips::error::TripsError::ROWS),
        ("messaging", messaging::error::MessagingError::ROWS),
        ("hosting", hosting_teams::error::HostingError::ROWS),
        ("activity", activity::error::ActivityError::ROWS),
        ("captains", captains::error::CaptainsError::ROWS),
    ];
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
