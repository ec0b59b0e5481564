//! The money jobs on a fresh database with the local provider, at clocks the tests choose:
//! payouts (threshold, finality, payout account, once a month, never twice, roll-over) and the
//! release of uncaptured holds (5 days, 30 with claims).

use chrono::{DateTime, Duration, TimeZone, Utc};
use diesel::QueryableByName;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection};
use trips::jobs::{release_holds, run_payouts};
use trips::payments::PaymentProvider;
use trips::payments::local::LocalProvider;
use upcar_db::PgPool;
use uuid::Uuid;

pub async fn fresh_db() -> (upcar_testkit::TestDatabase, PgPool) {
    let db = upcar_testkit::TestDatabase::create("trips_jobs").await.unwrap();
    upcar_db::run_migrations(&db.url, trips::startup::MIGRATIONS).await.unwrap();
    let pool = upcar_db::pool(&db.url, 4).unwrap();
    (db, pool)
}

async fn sql(url: &str, q: &str) {
    let mut c = AsyncPgConnection::establish(url).await.unwrap();
    c.batch_execute(q).await.unwrap();
}

async fn n(url: &str, q: &str) -> i64 {
    #[derive(QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut c = AsyncPgConnection::establish(url).await.unwrap();
    let rows: Vec<N> = diesel::sql_query(q).load(&mut c).await.unwrap();
    rows[0].n
}

fn at(month: u32, day: u32, hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2027, month, day, hour, 0, 0).unwrap()
}

/// A trip of `host` in `status` ending at `end` (cancelled at `end` when cancelled), and the
/// host's earning of `cents` on it, balanced against the guest's charge.
async fn earning(url: &str, host: Uuid, status: &str, end: DateTime<Utc>, cents: i64) -> Uuid {
    let trip = Uuid::now_v7();
    let cancelled = if status.starts_with("cancelled") {
        format!("'{}'", end.to_rfc3339())
    } else {
        "NULL".into()
    };
    sql(url, &format!(
        "INSERT INTO trips (id, car_id, owner_id, guest_id, status, period, time_zone, quote_id, total_cents, price_details, reservation_number, cancelled_at) \
         VALUES ('{trip}', gen_random_uuid(), '{host}', gen_random_uuid(), '{status}', tstzrange('{s}', '{e}'), 'America/Los_Angeles', gen_random_uuid(), {cents}, ''::bytea, md5(random()::text), {cancelled}); \
         BEGIN; \
         INSERT INTO ledger_entries (txn_id, trip_id, account, user_id, kind, amount_cents, created_at) VALUES \
           ('{txn}', '{trip}', 'guest:x', NULL, 'charge', -{cents}, '{e}'), \
           ('{txn}', '{trip}', 'host:{host}', '{host}', 'earning', {cents}, '{e}'); \
         COMMIT;",
        s = (end - Duration::days(2)).to_rfc3339(), e = end.to_rfc3339(), txn = Uuid::now_v7(),
    )).await;
    trip
}

/// A host whose payout account is set up, onboarded when `complete`.
async fn host_with_account(url: &str, p: &LocalProvider, complete: bool) -> (Uuid, String) {
    let host = Uuid::now_v7();
    let acct = p.create_connected_account(&host.to_string(), "").await.unwrap();
    if complete {
        p.complete_onboarding_locally(&acct).await.unwrap();
    }
    sql(url, &format!("INSERT INTO payout_accounts (user_id, provider, account_id) VALUES ('{host}', 'local', '{acct}')")).await;
    (host, acct)
}

async fn paid_out(url: &str, host: Uuid) -> i64 {
    n(url, &format!("SELECT coalesce(-sum(amount_cents), 0)::bigint AS n FROM ledger_entries WHERE account = 'host:{host}' AND kind = 'payout'")).await
}

async fn transfers(url: &str, acct: &str) -> i64 {
    n(url, &format!("SELECT coalesce(sum(amount_cents), 0)::bigint AS n FROM local_provider_transfers WHERE account_id = '{acct}'")).await
}

async fn unbalanced(url: &str) -> i64 {
    n(url, "SELECT count(*) AS n FROM (SELECT txn_id FROM ledger_entries GROUP BY txn_id HAVING sum(amount_cents) <> 0) x").await
}

#[tokio::test]
async fn hosts_are_paid_final_earnings_above_100_dollars_once_a_month() {
    let (db, pool) = fresh_db().await;
    let url = db.url.clone();
    let p = LocalProvider::new(pool.clone(), "http://127.0.0.1:8080");
    let now = at(3, 10, 12);

    // Paid: $150 final (trip ended 2 days ago), complete account.
    let (a, acct_a) = host_with_account(&url, &p, true).await;
    earning(&url, a, "completed", now - Duration::days(2), 15_000).await;
    // Exactly $100 final: does not exceed $100, rolls over.
    let (b, acct_b) = host_with_account(&url, &p, true).await;
    earning(&url, b, "completed", now - Duration::days(3), 10_000).await;
    // $200, but the trip ended 23 hours ago: not final yet.
    let (c, acct_c) = host_with_account(&url, &p, true).await;
    earning(&url, c, "completed", now - Duration::hours(23), 20_000).await;
    // $300 final, but onboarding is not complete.
    let (d, acct_d) = host_with_account(&url, &p, false).await;
    earning(&url, d, "completed", now - Duration::days(5), 30_000).await;
    // $120 of a guest's cancellation 25 hours ago: final; plus a trip still in progress.
    let (e, acct_e) = host_with_account(&url, &p, true).await;
    earning(&url, e, "cancelled_by_guest", now - Duration::hours(25), 12_000).await;
    earning(&url, e, "in_progress", now - Duration::days(3), 50_000).await;
    // No payout account at all.
    let f = Uuid::now_v7();
    earning(&url, f, "completed", now - Duration::days(4), 40_000).await;

    let run = run_payouts(&pool, &p, now).await.unwrap();
    let mut paid = run.paid.clone();
    paid.sort();
    let mut want = vec![(a, 15_000), (e, 12_000)];
    want.sort();
    assert_eq!(paid, want, "{run:?}");
    assert_eq!((paid_out(&url, a).await, transfers(&url, &acct_a).await), (15_000, 15_000));
    assert_eq!((paid_out(&url, e).await, transfers(&url, &acct_e).await), (12_000, 12_000));
    for (h, acct) in [(b, &acct_b), (c, &acct_c), (d, &acct_d)] {
        assert_eq!((paid_out(&url, h).await, transfers(&url, acct).await), (0, 0));
    }
    assert_eq!(paid_out(&url, f).await, 0);
    assert_eq!(unbalanced(&url).await, 0);

    // The same run again (or a second replica) pays nobody twice.
    let again = run_payouts(&pool, &p, now + Duration::minutes(30)).await.unwrap();
    assert!(again.paid.is_empty(), "{again:?}");
    // An hour later c's earnings are final (24 hours after the trip's end) and c, not paid
    // this month yet, is paid; d completes onboarding and is paid too.
    p.complete_onboarding_locally(&acct_d).await.unwrap();
    let later = run_payouts(&pool, &p, now + Duration::days(2)).await.unwrap();
    let mut paid = later.paid.clone();
    paid.sort();
    let mut want = vec![(c, 20_000), (d, 30_000)];
    want.sort();
    assert_eq!(paid, want, "{later:?}");
    // a earns $50 more this month: already paid in March, it waits for April.
    earning(&url, a, "completed", now + Duration::days(3), 5_000).await;
    earning(&url, a, "completed", now + Duration::days(4), 6_000).await;
    assert!(run_payouts(&pool, &p, now + Duration::days(10)).await.unwrap().paid.is_empty());
    // b's $100 rolls over: $1 more in April makes it exceed the threshold.
    earning(&url, b, "completed", at(4, 2, 12), 100).await;
    let april = run_payouts(&pool, &p, at(4, 5, 12)).await.unwrap();
    let mut paid = april.paid.clone();
    paid.sort();
    let mut want = vec![(a, 11_000), (b, 10_100)];
    want.sort();
    assert_eq!(paid, want, "{april:?}");
    assert_eq!(transfers(&url, &acct_a).await, 26_000);
    assert_eq!(
        n(
            &url,
            &format!("SELECT count(*) AS n FROM payouts WHERE host_id = '{a}' AND status = 'paid'")
        )
        .await,
        2
    );
    assert_eq!(unbalanced(&url).await, 0);
    // The host's history (transaction/getTransactionHistory) shows the payouts.
    let mut conn = pool.get().await.unwrap();
    let history = trips::store::ledger::for_user(&mut conn, a, None).await.unwrap();
    let payouts: Vec<i64> =
        history.iter().filter(|e| e.kind == "payout").map(|e| e.amount_cents).collect();
    assert_eq!(payouts, vec![-11_000, -15_000]);
    drop(conn);
    drop(pool);
    db.drop_now().await.unwrap();
}

#[tokio::test]
async fn a_run_interrupted_after_writing_a_payout_never_pays_twice() {
    let (db, pool) = fresh_db().await;
    let url = db.url.clone();
    let p = LocalProvider::new(pool.clone(), "http://127.0.0.1:8080");
    let now = at(5, 20, 8);
    let (h, acct) = host_with_account(&url, &p, true).await;
    earning(&url, h, "completed", now - Duration::days(2), 25_000).await;
    // A run that crashed right after committing its payout (row pending + ledger), and
    // another that crashed after the provider paid but before the row was marked.
    let payout = Uuid::now_v7();
    let txn = Uuid::now_v7();
    sql(&url, &format!(
        "BEGIN; \
         INSERT INTO payouts (id, host_id, period, account_id, provider, amount_cents, status) VALUES ('{payout}', '{h}', '2027-05', '{acct}', 'local', 25000, 'pending'); \
         INSERT INTO ledger_entries (txn_id, account, user_id, kind, amount_cents) VALUES \
           ('{txn}', 'host:{h}', '{h}', 'payout', -25000), ('{txn}', 'platform:payouts', NULL, 'payout', 25000); \
         COMMIT;"
    )).await;
    let first = p.payout(&acct, 25_000, &format!("payout-{payout}")).await.unwrap();

    let run = run_payouts(&pool, &p, now).await.unwrap();
    assert_eq!(run.paid, vec![(h, 25_000)], "{run:?}");
    assert_eq!(transfers(&url, &acct).await, 25_000, "the provider paid once");
    assert_eq!(
        n(&url, &format!("SELECT count(*) AS n FROM payouts WHERE id = '{payout}' AND status = 'paid' AND transfer_id = '{first}'")).await,
        1
    );
    // Nothing left to pay this month, whatever runs next.
    for _ in 0..3 {
        assert!(run_payouts(&pool, &p, now).await.unwrap().paid.is_empty());
    }
    assert_eq!(transfers(&url, &acct).await, 25_000);
    assert_eq!(paid_out(&url, h).await, 25_000);
    assert_eq!(unbalanced(&url).await, 0);
    drop(pool);
    db.drop_now().await.unwrap();
}

/// A booked trip ending at `end` with an authorised hold due `end + 5 days`.
async fn held_trip(url: &str, end: DateTime<Utc>) -> (Uuid, String) {
    let trip = earning_free_trip(url, end).await;
    let hold = format!("hold_local_{}", Uuid::now_v7().simple());
    sql(url, &format!(
        "INSERT INTO payment_holds (id, trip_id, user_id, payment_method_id, provider, amount_cents, status, release_by, charge_at, lapses_at) \
         VALUES ('{hold}', '{trip}', gen_random_uuid(), 'pm_card_visa_x', 'local', 30000, 'authorized', '{r}', '{b}', '{l}')",
        r = (end + Duration::days(5)).to_rfc3339(),
        b = (end - Duration::days(4)).to_rfc3339(),
        l = (end + Duration::days(3)).to_rfc3339()
    )).await;
    (trip, hold)
}

async fn earning_free_trip(url: &str, end: DateTime<Utc>) -> Uuid {
    let trip = Uuid::now_v7();
    sql(url, &format!(
        "INSERT INTO trips (id, car_id, owner_id, guest_id, status, period, time_zone, quote_id, total_cents, price_details, reservation_number) \
         VALUES ('{trip}', gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'confirmed', tstzrange('{s}', '{e}'), 'America/Los_Angeles', gen_random_uuid(), 30000, ''::bytea, md5(random()::text))",
        s = (end - Duration::days(2)).to_rfc3339(), e = end.to_rfc3339(),
    )).await;
    trip
}

async fn hold_status(url: &str, hold: &str) -> (String, DateTime<Utc>) {
    #[derive(QueryableByName)]
    struct H {
        #[diesel(sql_type = diesel::sql_types::Text)]
        status: String,
        #[diesel(sql_type = diesel::sql_types::Timestamptz)]
        release_by: DateTime<Utc>,
    }
    let mut c = AsyncPgConnection::establish(url).await.unwrap();
    let rows: Vec<H> =
        diesel::sql_query("SELECT status, release_by FROM payment_holds WHERE id = $1")
            .bind::<diesel::sql_types::Text, _>(hold)
            .load(&mut c)
            .await
            .unwrap();
    (rows[0].status.clone(), rows[0].release_by)
}

#[tokio::test]
async fn holds_are_released_5_days_after_the_trip_or_30_with_pending_claims() {
    let (db, pool) = fresh_db().await;
    let url = db.url.clone();
    let p = LocalProvider::new(pool.clone(), "http://127.0.0.1:8080");
    let end = at(6, 1, 10);
    let (_, plain) = held_trip(&url, end).await;
    let (t_inc, with_incidental) = held_trip(&url, end).await;
    sql(&url, &format!(
        "INSERT INTO trip_incidentals (id, trip_id, kind, label, charges, total_cents, status, added_by, dispute_until) \
         VALUES (gen_random_uuid(), '{t_inc}', 'smoking', 'Smoking', '[]', 25000, 'pending', gen_random_uuid(), '{until}')",
        until = (end + Duration::days(2)).to_rfc3339()
    )).await;
    let (t_dmg, with_damage) = held_trip(&url, end).await;
    sql(&url, &format!(
        "INSERT INTO trip_issue_reports (id, trip_id, kind, description, reported_by, role) \
         VALUES (gen_random_uuid(), '{t_dmg}', 'damage', 'Dent on the door', gen_random_uuid(), 'host')"
    )).await;
    let (_, later) = held_trip(&url, end + Duration::days(3)).await;

    // 4 days after the end nothing is due.
    let r = release_holds(&pool, &p, end + Duration::days(4)).await.unwrap();
    assert_eq!((r.released.len(), r.extended.len()), (0, 0), "{r:?}");
    // 5 days after: the plain hold goes; the ones with claims move to 30 days.
    let r = release_holds(&pool, &p, end + Duration::days(5)).await.unwrap();
    assert_eq!(r.released, vec![plain.clone()], "{r:?}");
    assert_eq!(r.extended.len(), 2, "{r:?}");
    assert_eq!(hold_status(&url, &plain).await.0, "released");
    assert_eq!(
        hold_status(&url, &with_incidental).await,
        ("authorized".into(), end + Duration::days(30))
    );
    assert_eq!(
        hold_status(&url, &with_damage).await,
        ("authorized".into(), end + Duration::days(30))
    );
    assert_eq!(hold_status(&url, &later).await.0, "authorized");
    // Repeating the run changes nothing.
    let r = release_holds(&pool, &p, end + Duration::days(5)).await.unwrap();
    assert_eq!((r.released.len(), r.extended.len()), (0, 0), "{r:?}");
    // 30 days after the end every hold is released.
    let r = release_holds(&pool, &p, end + Duration::days(30)).await.unwrap();
    assert_eq!(r.released.len(), 3, "{r:?}");
    for h in [&with_incidental, &with_damage, &later] {
        assert_eq!(hold_status(&url, h).await.0, "released");
    }
    // Each release is published (payments.payment_settled, nothing captured).
    assert_eq!(
        n(&url, "SELECT count(*) AS n FROM outbox WHERE event_type = 'payments.payment_settled'")
            .await,
        4
    );
    drop(pool);
    db.drop_now().await.unwrap();
}
