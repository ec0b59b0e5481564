//! Postgres plumbing shared by every service: a diesel_async connection pool, embedded
//! migrations run at start-up, database creation, and mapping of driver errors that carry
//! business meaning (unique and exclusion violations).

use diesel::ConnectionError;
use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
use diesel_async::pooled_connection::AsyncDieselConnectionManager;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness};

mod prepared;

pub use diesel_async::pooled_connection::deadpool::{Object, PoolError};
pub use prepared::{Prepare, Prepared};

/// The pool type every service uses.
pub type PgPool = diesel_async::pooled_connection::deadpool::Pool<AsyncPgConnection>;
/// A connection checked out of the pool.
pub type PooledConn = Object<AsyncPgConnection>;

/// Builds a pool; connections are opened lazily. The most recently returned connection is
/// handed out first (LIFO): a few backends stay busy with warm caches and prepared statements,
/// where FIFO would rotate every request through all of them.
pub fn pool(url: &str, max_size: usize) -> anyhow::Result<PgPool> {
    let mgr = AsyncDieselConnectionManager::<AsyncPgConnection>::new(url);
    lifo(mgr, max_size)
}

/// Like [`pool`], but each connection runs `session` (statements such as `SET ...`) once,
/// right after it is opened, so every checkout finds those settings in force without a round
/// trip of its own. For a pool kept apart for one kind of statement: settings made here hold
/// for everything that runs on its connections.
pub fn pool_with_session(
    url: &str,
    max_size: usize,
    session: &'static str,
) -> anyhow::Result<PgPool> {
    let mut config = diesel_async::pooled_connection::ManagerConfig::<AsyncPgConnection>::default();
    config.custom_setup = Box::new(move |url| {
        let url = url.to_owned();
        Box::pin(async move {
            let mut conn = AsyncPgConnection::establish(&url).await?;
            conn.batch_execute(session)
                .await
                .map_err(|e| ConnectionError::BadConnection(format!("session settings: {e}")))?;
            Ok(conn)
        })
    });
    lifo(AsyncDieselConnectionManager::new_with_config(url, config), max_size)
}

fn lifo(
    mgr: AsyncDieselConnectionManager<AsyncPgConnection>,
    max_size: usize,
) -> anyhow::Result<PgPool> {
    Ok(PgPool::builder(mgr)
        .max_size(max_size)
        .queue_mode(deadpool::managed::QueueMode::Lifo)
        .build()?)
}

/// A connection only if one is free at once (never waits for another request to return one):
/// for work that can run beside a connection already held and otherwise runs after it there.
/// Waiting instead could leave every request holding one connection and waiting for a second.
pub async fn spare(pool: &PgPool) -> Option<PooledConn> {
    let at_once = deadpool::managed::Timeouts {
        wait: Some(std::time::Duration::ZERO),
        ..deadpool::managed::Timeouts::new()
    };
    pool.timeout_get(&at_once).await.ok()
}

/// Key of the session advisory lock held while migrations run (per database: advisory locks
/// are scoped to the database they are taken in).
const MIGRATION_LOCK_KEY: i64 = 0x7570_6361_725f_6d67; // "upcar_mg"

/// Runs pending embedded migrations on a dedicated blocking connection, under a Postgres
/// session advisory lock: replicas of a service that start together wait for each other, and
/// the ones that follow the first find nothing pending. The lock ends with the connection,
/// also when a replica dies half-way (its transaction of the failed migration rolls back).
pub async fn run_migrations(url: &str, migrations: EmbeddedMigrations) -> anyhow::Result<()> {
    let url = url.to_owned();
    tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
        use diesel::Connection;
        let mut conn: AsyncConnectionWrapper<AsyncPgConnection> = Connection::establish(&url)?;
        diesel::RunQueryDsl::execute(
            diesel::sql_query("SELECT pg_advisory_lock($1)")
                .bind::<diesel::sql_types::BigInt, _>(MIGRATION_LOCK_KEY),
            &mut conn,
        )?;
        let applied = conn
            .run_pending_migrations(migrations)
            .map_err(|e| anyhow::anyhow!("migrations failed: {e}"))?;
        tracing::info!(count = applied.len(), "migrations applied");
        diesel::RunQueryDsl::execute(
            diesel::sql_query("SELECT pg_advisory_unlock($1)")
                .bind::<diesel::sql_types::BigInt, _>(MIGRATION_LOCK_KEY),
            &mut conn,
        )?;
        Ok(())
    })
    .await?
}

/// Splits `postgres://.../name?x` into (`postgres://.../postgres?x`, `name`).
fn admin_url(url: &str) -> anyhow::Result<(String, String)> {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let (prefix, name) =
        base.rsplit_once('/').ok_or_else(|| anyhow::anyhow!("database url has no name"))?;
    anyhow::ensure!(
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
        "database name {name:?} must be alphanumeric or underscore"
    );
    let admin = match query {
        Some(q) => format!("{prefix}/postgres?{q}"),
        None => format!("{prefix}/postgres"),
    };
    Ok((admin, name.to_owned()))
}

/// Creates the database named in `url` when it does not exist yet.
pub async fn ensure_database(url: &str) -> anyhow::Result<()> {
    let (admin, name) = admin_url(url)?;
    let mut conn = AsyncPgConnection::establish(&admin).await?;
    #[derive(diesel::QueryableByName)]
    struct Exists {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        exists: bool,
    }
    let found: Exists =
        diesel::sql_query("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1) AS exists")
            .bind::<diesel::sql_types::Text, _>(&name)
            .get_result(&mut conn)
            .await?;
    if !found.exists {
        // The name was checked to be [A-Za-z0-9_] above, so quoting it is enough.
        match conn.batch_execute(&format!("CREATE DATABASE \"{name}\"")).await {
            Ok(()) => tracing::info!(database = %name, "database created"),
            // Another process created it between the check and here.
            Err(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            )) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// Drops the database named in `url` (tests clean up after themselves).
pub async fn drop_database(url: &str) -> anyhow::Result<()> {
    let (admin, name) = admin_url(url)?;
    let mut conn = AsyncPgConnection::establish(&admin).await?;
    conn.batch_execute(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await?;
    Ok(())
}

/// Waits until Postgres answers, for start-up ordering.
pub async fn wait_ready(url: &str, attempts: u32) -> Result<(), ConnectionError> {
    let mut last = None;
    for _ in 0..attempts {
        match AsyncPgConnection::establish(url).await {
            Ok(_) => return Ok(()),
            Err(e) => last = Some(e),
        }
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
    Err(last.unwrap_or(ConnectionError::BadConnection("no attempt".into())))
}

/// The name of the violated constraint when `err` is a unique violation.
pub fn unique_violation(err: &diesel::result::Error) -> Option<&str> {
    match err {
        diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            info,
        ) => Some(info.constraint_name().unwrap_or("")),
        _ => None,
    }
}

/// The name of the violated check constraint (SQLSTATE 23514), a table's or one a trigger
/// raises with `USING ERRCODE = 'check_violation', CONSTRAINT = ...`.
pub fn check_violation(err: &diesel::result::Error) -> Option<&str> {
    match err {
        diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::CheckViolation,
            info,
        ) => Some(info.constraint_name().unwrap_or("")),
        _ => None,
    }
}

/// The name of the violated exclusion constraint (SQLSTATE 23P01), e.g. overlapping bookings.
pub fn exclusion_violation(err: &diesel::result::Error) -> Option<&str> {
    match err {
        diesel::result::Error::DatabaseError(_, info)
            if info.message().contains("conflicting key value violates exclusion constraint") =>
        {
            Some(info.constraint_name().unwrap_or(""))
        }
        _ => None,
    }
}

/// What Postgres says to the sessions it ends or refuses while it stops, restarts or recovers
/// (SQLSTATE 57P01-57P03 and the like); diesel keeps the message of such an error, not its code.
const UNAVAILABLE_MESSAGES: &[&str] = &[
    "terminating connection due to administrator command",
    "terminating connection due to unexpected postmaster exit",
    "terminating connection because of crash of another server process",
    "the database system is shutting down",
    "the database system is starting up",
    "the database system is in recovery mode",
    "the database system is not yet accepting connections",
    "the database system is not accepting connections",
    "sorry, too many clients already",
];

/// Whether a query failed because the database could not be reached or dropped the
/// connection under it (stopped, restarting, crashed, out of connection slots), rather than
/// because of the query: the caller may try again once it is back.
pub fn query_unavailable(err: &diesel::result::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    match err {
        // No SQLSTATE: the connection broke (diesel-async's reading of an I/O failure).
        Error::DatabaseError(
            DatabaseErrorKind::UnableToSendCommand | DatabaseErrorKind::ClosedConnection,
            _,
        ) => true,
        Error::DatabaseError(_, info) => {
            UNAVAILABLE_MESSAGES.iter().any(|m| info.message().starts_with(m))
        }
        // The connection died inside a transaction: neither the work nor its rollback landed.
        Error::BrokenTransactionManager => true,
        Error::RollbackErrorOnCommit { rollback_error, commit_error } => {
            query_unavailable(rollback_error) || query_unavailable(commit_error)
        }
        _ => false,
    }
}

/// Whether an error, or any error in its chain of causes, says the database is unavailable: a
/// pool that could not hand out a connection (Postgres down, refusing or every connection
/// busy past the wait), a connection that could not be opened, or a query that
/// [`query_unavailable`]. For the catch-all internal errors of a service, which may carry a
/// database failure under context of their own.
pub fn unavailable_in(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause.downcast_ref::<PoolError>().is_some()
            || cause.downcast_ref::<ConnectionError>().is_some()
            || cause.downcast_ref::<diesel_async::pooled_connection::PoolError>().is_some()
            || cause.downcast_ref::<diesel::result::Error>().is_some_and(query_unavailable)
    })
}

/// A Redis pool with `TCP_NODELAY` on: redis-rs leaves Nagle's algorithm enabled by default,
/// which with delayed ACKs stalls small request/answer exchanges for ~40 ms.
pub fn redis_pool(url: &str) -> anyhow::Result<deadpool_redis::Pool> {
    use redis::IntoConnectionInfo;
    let info = url
        .into_connection_info()?
        .set_tcp_settings(redis::io::tcp::TcpSettings::default().set_nodelay(true));
    Ok(deadpool_redis::Config::from_connection_info(info)
        .create_pool(Some(deadpool_redis::Runtime::Tokio1))?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admin_url_swaps_the_database_name() {
        let (admin, name) =
            admin_url("postgres://u@127.0.0.1:5432/accounts_1?sslmode=disable").unwrap();
        assert_eq!(admin, "postgres://u@127.0.0.1:5432/postgres?sslmode=disable");
        assert_eq!(name, "accounts_1");
        assert!(admin_url("postgres://h/bad;name").is_err());
    }
}
