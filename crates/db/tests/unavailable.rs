//! Telling "the database is not there" from "the query is wrong", against the real local
//! Postgres: a pool that cannot connect, a session the server ends mid-call (what a stop or a
//! crash of Postgres does to every open connection), a transaction whose connection dies under
//! it, and ordinary query failures, which must stay internal.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use diesel::sql_types::Integer;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection};

fn postgres_url() -> String {
    let base = std::env::var("UPCAR_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_owned());
    format!("{base}/postgres")
}

#[derive(diesel::QueryableByName)]
struct Pid {
    #[diesel(sql_type = Integer)]
    pid: i32,
}

async fn backend_pid(conn: &mut AsyncPgConnection) -> i32 {
    diesel::sql_query("SELECT pg_backend_pid() AS pid").get_result::<Pid>(conn).await.unwrap().pid
}

/// Ends the session `pid` from another connection, as Postgres does to every session when it
/// is stopped ("terminating connection due to administrator command").
async fn terminate(pid: i32) {
    let mut admin = AsyncPgConnection::establish(&postgres_url()).await.unwrap();
    admin.batch_execute(&format!("SELECT pg_terminate_backend({pid})")).await.unwrap();
    // The ended session is gone once no backend has its pid any more.
    for _ in 0..100 {
        #[derive(diesel::QueryableByName)]
        struct Alive {
            #[diesel(sql_type = diesel::sql_types::Bool)]
            alive: bool,
        }
        let alive = diesel::sql_query(format!(
            "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = {pid}) AS alive"
        ))
        .get_result::<Alive>(&mut admin)
        .await
        .unwrap();
        if !alive.alive {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("session {pid} still alive");
}

#[tokio::test]
async fn a_pool_that_cannot_reach_postgres_is_unavailable() {
    // Nothing listens on port 1.
    let pool = upcar_db::pool("postgres://postgres@127.0.0.1:1/postgres", 2).unwrap();
    let err = pool.get().await.err().expect("no connection to port 1");
    assert!(upcar_db::unavailable_in(&anyhow::Error::new(err)));
}

#[tokio::test]
async fn a_session_ended_by_the_server_is_unavailable_and_a_bad_query_is_not() {
    let mut conn = AsyncPgConnection::establish(&postgres_url()).await.unwrap();

    let bad = diesel::sql_query("SELECT no_such_column FROM pg_class").execute(&mut conn).await;
    let bad = bad.expect_err("the column does not exist");
    assert!(!upcar_db::query_unavailable(&bad), "{bad}");
    let divide = diesel::sql_query("SELECT 1 / 0").execute(&mut conn).await.unwrap_err();
    assert!(!upcar_db::query_unavailable(&divide), "{divide}");
    assert!(!upcar_db::unavailable_in(&anyhow::Error::new(divide).context("dividing")));
    assert!(!upcar_db::query_unavailable(&diesel::result::Error::NotFound));

    terminate(backend_pid(&mut conn).await).await;
    let gone = diesel::sql_query("SELECT 1").execute(&mut conn).await.unwrap_err();
    assert!(upcar_db::query_unavailable(&gone), "{gone:?}");
    // Under context of a service's own, too.
    assert!(upcar_db::unavailable_in(&anyhow::Error::new(gone).context("loading the trip")));
}

#[tokio::test]
async fn a_transaction_whose_connection_dies_is_unavailable() {
    let pool = upcar_db::pool(&postgres_url(), 2).unwrap();
    let mut conn = pool.get().await.unwrap();
    let pid = backend_pid(&mut conn).await;
    let result = conn
        .transaction::<(), diesel::result::Error, _>(async |c| {
            diesel::sql_query("SELECT 1").execute(&mut *c).await?;
            terminate(pid).await;
            diesel::sql_query("SELECT 2").execute(c).await?;
            Ok(())
        })
        .await;
    let err = result.expect_err("the session was ended inside the transaction");
    assert!(upcar_db::query_unavailable(&err), "{err:?}");
}
