//! The trip lists' plans on a generated table of 20,000 trips: each list finds its candidates
//! through an index (the guest's, or the owner's), never by filtering every trip through a
//! subquery, whichever of the four views.

use diesel::QueryableByName;
use diesel::sql_types::Text;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection};
use trips::store::trips::{View, list_sql};

#[derive(QueryableByName)]
struct PlanLine {
    #[diesel(sql_type = Text, column_name = "QUERY PLAN")]
    line: String,
}

/// Trip i: car i % 400 of owner (i % 400) % 200, guest i % 2000, the i-th hour from 400 days
/// ago for 30 minutes (so no two overlap), statuses in turn.
const FLEET: &str = "
    INSERT INTO trips (id, car_id, owner_id, guest_id, status, period, time_zone, quote_id,
                       total_cents, price_details, reservation_number)
    SELECT gen_random_uuid(),
           ('00000000-0000-4000-8000-' || lpad((i % 400)::text, 12, '0'))::uuid,
           ('00000000-0000-4000-9000-' || lpad((i % 400 % 200)::text, 12, '0'))::uuid,
           ('00000000-0000-4000-a000-' || lpad((i % 2000)::text, 12, '0'))::uuid,
           (ARRAY['confirmed', 'completed', 'cancelled_by_guest', 'requested'])[1 + i % 4],
           tstzrange(now() - interval '400 days' + i * interval '1 hour',
                     now() - interval '400 days' + i * interval '1 hour' + interval '30 minutes', '[)'),
           'America/Los_Angeles', gen_random_uuid(), 1000, '\\x'::bytea, 'R-' || i
    FROM generate_series(1, 20000) i;
    ANALYZE trips;";

#[tokio::test]
async fn trip_lists_find_their_candidates_through_an_index() {
    let (db, _pool) = crate::jobs::fresh_db().await;
    let mut c = AsyncPgConnection::establish(&db.url).await.unwrap();
    c.batch_execute(FLEET).await.unwrap();
    let guest = "'00000000-0000-4000-a000-000000000007'::uuid";
    let host = "'00000000-0000-4000-9000-000000000007'::uuid";
    for (view, user, index) in [
        (View::GuestCurrent, guest, "trips_guest"),
        (View::GuestPast, guest, "trips_guest"),
        (View::HostFuture, host, "trips_owner_idx"),
        (View::HostPast, host, "trips_owner_idx"),
    ] {
        let at_now = |sql: String| sql.replace("$1", user).replace("$2", "now()");
        let sql = format!("EXPLAIN {}", at_now(list_sql(view)));
        let plan: Vec<String> = diesel::sql_query(sql)
            .load::<PlanLine>(&mut c)
            .await
            .unwrap()
            .into_iter()
            .map(|l| l.line)
            .collect();
        let text = plan.join("\n");
        assert!(!text.contains("Seq Scan on trips"), "{view:?}:\n{text}");
        // The trips scan's index condition names the user, not only the statuses.
        let scans: Vec<&String> =
            plan.iter().filter(|l| l.contains("Index") && l.contains(index)).collect();
        assert!(!scans.is_empty(), "{view:?} does not use {index}:\n{text}");
        let conds: Vec<&String> = plan
            .iter()
            .filter(|l| l.contains("Index Cond") || l.contains("Recheck Cond"))
            .collect();
        assert!(
            conds.iter().any(|l| l.contains("guest_id =") || l.contains("owner_id =")),
            "{view:?}: no index condition on the user:\n{text}"
        );
        // And the lists still answer: the view's trips of that user, and no one else's.
        let n = diesel::sql_query(at_now(list_sql(view))).execute(&mut c).await.unwrap();
        assert!(n > 0 && n <= 200, "{view:?}: {n} rows");
    }
}
