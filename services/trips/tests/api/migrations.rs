//! Replicas that start together: each runs the embedded migrations at start, and they must
//! apply them once, not race (two creating the same table, or both recording a version).

use diesel::QueryableByName;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

#[derive(QueryableByName)]
struct N {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

#[tokio::test]
async fn replicas_starting_together_apply_the_migrations_once() {
    let db = upcar_testkit::TestDatabase::create("trips_migrations").await.unwrap();
    let starts: Vec<_> = (0..6)
        .map(|_| {
            let url = db.url.clone();
            tokio::spawn(
                async move { upcar_db::run_migrations(&url, trips::startup::MIGRATIONS).await },
            )
        })
        .collect();
    for s in starts {
        s.await.unwrap().expect("every replica starts");
    }
    let mut c = AsyncPgConnection::establish(&db.url).await.unwrap();
    let recorded: N = diesel::sql_query("SELECT count(*) AS n FROM __diesel_schema_migrations")
        .get_result(&mut c)
        .await
        .unwrap();
    let distinct: N =
        diesel::sql_query("SELECT count(DISTINCT version) AS n FROM __diesel_schema_migrations")
            .get_result(&mut c)
            .await
            .unwrap();
    let on_disk = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations"))
        .unwrap()
        .filter(|e| e.as_ref().is_ok_and(|e| e.path().is_dir()))
        .count() as i64;
    assert_eq!(recorded.n, on_disk, "each migration recorded once");
    assert_eq!(distinct.n, on_disk);
    drop(c);
    db.drop_now().await.unwrap();
}
