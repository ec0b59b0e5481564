//! Raw SQL that Postgres prepares once per connection.
//!
//! `diesel::sql_query` marks its statement unsafe to cache (its text may be assembled at run
//! time), so every run costs a round trip to prepare it (parse, plan) before the one that
//! executes it. For a statement whose text is a literal of the program, `.prepared()` lets the
//! connection's statement cache keep it, keyed by its text and bind types: later runs bind and
//! execute in one round trip. Never use it on text built at run time (`format!`): each distinct
//! text would stay prepared for the life of the connection.
//!
//! ```ignore
//! use upcar_db::Prepare;
//! diesel::sql_query("SELECT ... WHERE id = $1").bind::<Uuid, _>(id).prepared().load(conn).await
//! ```

use diesel::pg::Pg;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::result::QueryResult;

/// A query the connection keeps prepared (see the module's note).
#[derive(Debug, Clone)]
#[must_use = "Queries are only executed when calling `load`, `execute` or similar."]
pub struct Prepared<Q>(Q);

/// `.prepared()` on a `diesel::sql_query` whose text is a literal, after its binds.
pub trait Prepare: Sized {
    /// The same query, kept prepared by the connection.
    fn prepared(self) -> Prepared<Self> {
        Prepared(self)
    }
}

impl<Q: QueryFragment<Pg>> Prepare for Q {}

impl<Q: QueryFragment<Pg>> QueryFragment<Pg> for Prepared<Q> {
    fn walk_ast<'b>(&'b self, pass: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        self.0.walk_ast(pass)
    }

    /// The one difference from the wrapped query: its text is static, so caching is safe.
    fn is_safe_to_cache_prepared(&self, _backend: &Pg) -> QueryResult<bool> {
        Ok(true)
    }
}

impl<Q> QueryId for Prepared<Q> {
    // No static id: the cache keys such statements by their text and bind types.
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q: Query> Query for Prepared<Q> {
    type SqlType = Q::SqlType;
}

#[cfg(test)]
mod tests {
    use super::*;
    use diesel::QueryableByName;
    use diesel::sql_types::{BigInt, Integer};
    use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

    #[derive(QueryableByName)]
    struct N {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }

    const ADD: &str = "SELECT ($1::int4 + $2::int4)::int8 AS n";

    async fn prepared_count(conn: &mut AsyncPgConnection, text: &str) -> i64 {
        let rows: Vec<N> = diesel::sql_query(
            "SELECT count(*) AS n FROM pg_prepared_statements WHERE statement = $1",
        )
        .bind::<diesel::sql_types::Text, _>(text)
        .load(conn)
        .await
        .expect("pg_prepared_statements");
        rows[0].n
    }

    #[tokio::test]
    async fn a_static_statement_is_prepared_once_per_connection_and_answers_each_time() {
        let url = std::env::var("UPCAR_TEST_PG")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_owned());
        let mut conn =
            AsyncPgConnection::establish(&format!("{url}/postgres")).await.expect("postgres");
        // `sql_query` prepares an unnamed statement each time: nothing stays prepared.
        for _ in 0..3 {
            let r: Vec<N> = diesel::sql_query(ADD)
                .bind::<Integer, _>(1)
                .bind::<Integer, _>(2)
                .load(&mut conn)
                .await
                .expect("sql_query");
            assert_eq!(r[0].n, 3);
        }
        assert_eq!(prepared_count(&mut conn, ADD).await, 0);
        // `.prepared()` keeps one named statement and binds new values to it.
        for i in 0..3 {
            let r: Vec<N> = diesel::sql_query(ADD)
                .bind::<Integer, _>(i)
                .bind::<Integer, _>(10)
                .prepared()
                .load(&mut conn)
                .await
                .expect("prepared");
            assert_eq!(r[0].n, i64::from(i) + 10);
        }
        assert_eq!(prepared_count(&mut conn, ADD).await, 1);
        let changed =
            diesel::sql_query("SELECT 1").prepared().execute(&mut conn).await.expect("execute");
        assert_eq!(changed, 1);
        assert_eq!(prepared_count(&mut conn, "SELECT 1").await, 1);
    }
}
