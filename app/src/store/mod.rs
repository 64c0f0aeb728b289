//! SQL for SQLite and PostgreSQL. Every query is written once with `$N` placeholders (which both
//! backends accept) and compiled for each backend by [`on!`]; the few dialect differences
//! (locking, `ILIKE`) are spelled out where they occur.

pub mod app_passwords;
pub mod audit_log;
pub mod availability_schedules;
pub mod booking_fields;
pub mod booking_list;
pub mod bookings;
pub mod busy_times;
pub mod calendar_connections;
pub mod calendars;
pub mod confirmations;
pub mod events;
pub mod feeds;
pub mod holds;
pub mod host_limits;
pub mod integrations;
pub mod login_failures;
pub mod out_of_office;
pub mod outbox;
pub mod payments;
pub mod privacy;
pub mod private_links;
pub mod proofs;
pub mod reports;
pub mod sealed_rows;
pub mod sealing;
pub mod sessions;
pub mod settings;
pub mod sso;
pub mod team_invitations;
pub mod transfer;
pub mod two_factor;
pub mod users;
pub mod waitlist;

use std::str::FromStr;
use std::time::Duration;

use sealing::Sealing;
use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgConnection, PgPool, Postgres, Sqlite, SqliteConnection, SqlitePool, Transaction};

/// Runs `$body` with `$c` bound to the backend's concrete connection: one query text, two
/// monomorphised copies.
macro_rules! on {
    ($ex:expr, $c:ident => $body:expr) => {
        match $ex {
            $crate::store::Ex::Sqlite($c, _) => $body,
            $crate::store::Ex::Postgres($c, _) => $body,
        }
    };
}
pub(crate) use on;

/// Errors of the storage layer, classified once here by error kind (not by constraint name,
/// which SQLite does not report reliably).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("record not found")]
    NotFound,
    #[error("unique constraint violated")]
    UniqueViolation,
    #[error("database busy or serialization failure")]
    Busy,
    /// The disk (or the database's size limit) is full; nothing was written.
    #[error("database storage is full: {0}")]
    Full(#[source] sqlx::Error),
    /// The database cannot be reached or failed to read or write (connection lost, server
    /// shutting down, I/O error): a retry later may succeed.
    #[error("database unavailable: {0}")]
    Unavailable(#[source] sqlx::Error),
    #[error("stored data is invalid: {0}")]
    Corrupt(String),
    #[error("database error: {0}")]
    Other(#[source] sqlx::Error),
}

/// What a database error code means for the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CodeClass {
    Busy,
    Full,
    Unavailable,
    Other,
}

/// Classifies a SQLite result code (possibly an extended one: the primary code is its low byte).
fn classify_sqlite(code: i64) -> CodeClass {
    match code & 0xff {
        // SQLITE_BUSY, SQLITE_LOCKED
        5 | 6 => CodeClass::Busy,
        // SQLITE_FULL
        13 => CodeClass::Full,
        // SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_NOLFS
        10 | 14 | 22 => CodeClass::Unavailable,
        _ => CodeClass::Other,
    }
}

/// Classifies a PostgreSQL SQLSTATE (five characters, often all digits: `40001`).
fn classify_postgres(sqlstate: &str) -> CodeClass {
    match sqlstate {
        // serialization_failure, deadlock_detected
        "40001" | "40P01" => CodeClass::Busy,
        // disk_full
        "53100" => CodeClass::Full,
        // insufficient resources, admin/crash shutdown, cannot connect now
        "53000" | "53200" | "53300" | "57P01" | "57P02" | "57P03" => CodeClass::Unavailable,
        // class 08: connection exceptions
        _ if sqlstate.starts_with("08") => CodeClass::Unavailable,
        _ => CodeClass::Other,
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(err: sqlx::Error) -> Self {
        match &err {
            sqlx::Error::RowNotFound => StoreError::NotFound,
            sqlx::Error::Database(db) => {
                if db.is_unique_violation() {
                    return StoreError::UniqueViolation;
                }
                let code = db.code().unwrap_or_default();
                let class = if db.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() {
                    classify_sqlite(code.parse().unwrap_or_default())
                } else {
                    classify_postgres(&code)
                };
                match class {
                    CodeClass::Busy => StoreError::Busy,
                    CodeClass::Full => StoreError::Full(err),
                    CodeClass::Unavailable => StoreError::Unavailable(err),
                    CodeClass::Other => StoreError::Other(err),
                }
            }
            sqlx::Error::PoolTimedOut => StoreError::Busy,
            sqlx::Error::Io(_)
            | sqlx::Error::PoolClosed
            | sqlx::Error::WorkerCrashed
            | sqlx::Error::Tls(_)
            | sqlx::Error::Protocol(_) => StoreError::Unavailable(err),
            _ => StoreError::Other(err),
        }
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(err: serde_json::Error) -> Self {
        StoreError::Corrupt(err.to_string())
    }
}

pub type StoreResult<T> = Result<T, StoreError>;

/// A stored JSON document (a settings column, a settings row) decoded into its type. A blank
/// value is the type's default (a row made before the column had content); a value that does
/// not decode is `Corrupt`, logged with its row, and never read as defaults: a save would
/// otherwise store the defaults over what was there, and the booking rules would fail open.
pub fn decode<T: serde::de::DeserializeOwned + Default>(row: &str, text: &str) -> StoreResult<T> {
    if text.trim().is_empty() {
        return Ok(T::default());
    }
    serde_json::from_str(text).map_err(|error| {
        tracing::error!(row, %error, "a stored document does not decode");
        StoreError::Corrupt(format!("{row}: {error}"))
    })
}

/// A borrowed connection of either backend, with its store's keys for attendee data; every
/// repository function takes one.
pub enum Ex<'a> {
    Sqlite(&'a mut SqliteConnection, &'a Sealing),
    Postgres(&'a mut PgConnection, &'a Sealing),
}

impl Ex<'_> {
    /// The keys attendee data is sealed with (an error when the store was given none).
    pub fn keys(&self) -> StoreResult<std::sync::Arc<sealing::Keys>> {
        match self {
            Ex::Sqlite(_, sealing) | Ex::Postgres(_, sealing) => sealing.keys(),
        }
    }
}

/// An open transaction. Dropping it without [`Tx::commit`] rolls it back.
pub enum Tx {
    Sqlite(SqliteTx, Sealing),
    Postgres(Transaction<'static, Postgres>, Sealing),
}

impl Tx {
    pub fn ex(&mut self) -> Ex<'_> {
        match self {
            Tx::Sqlite(t, sealing) => Ex::Sqlite(t.conn(), sealing),
            Tx::Postgres(t, sealing) => Ex::Postgres(t, sealing),
        }
    }

    pub async fn commit(self) -> StoreResult<()> {
        match self {
            Tx::Sqlite(t, _) => t.commit().await?,
            Tx::Postgres(t, _) => t.commit().await?,
        }
        Ok(())
    }
}

/// A SQLite write transaction (`BEGIN IMMEDIATE`) on a pooled connection, holding this
/// process's write gate until it ends.
///
/// Kept by hand rather than as an sqlx `Transaction`: after a disk-full or I/O error SQLite
/// rolls the transaction back by itself, sqlx's `ROLLBACK` then fails, and sqlx would go on
/// believing the connection inside a transaction, so every later `BEGIN` on it failed until
/// a restart. Here a transaction that ends in any error is rolled back if it still can be,
/// and its connection is closed rather than returned to the pool: the next one is clean.
pub struct SqliteTx {
    conn: Option<PoolConnection<Sqlite>>,
    gate: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl SqliteTx {
    async fn begin(
        pool: &SqlitePool,
        gate: tokio::sync::OwnedMutexGuard<()>,
    ) -> StoreResult<SqliteTx> {
        let mut conn = Unsettled(Some(pool.acquire().await?));
        sqlx::raw_sql("BEGIN IMMEDIATE")
            .execute(&mut **conn.get())
            .await?;
        Ok(SqliteTx {
            conn: conn.0.take(),
            gate: Some(gate),
        })
    }

    fn conn(&mut self) -> &mut SqliteConnection {
        match self.conn.as_mut() {
            Some(conn) => conn,
            // The connection is only taken out by commit and drop, which consume the Tx.
            None => unreachable!("a SQLite transaction is used after it ended"),
        }
    }

    async fn commit(mut self) -> Result<(), sqlx::Error> {
        let Some(conn) = self.conn.take() else {
            return Ok(());
        };
        let mut conn = Unsettled(Some(conn));
        sqlx::raw_sql("COMMIT").execute(&mut **conn.get()).await?;
        // Committed: the connection is clean and goes back to the pool.
        conn.0.take();
        Ok(())
    }
}

/// A connection whose `BEGIN` or `COMMIT` has not answered yet. sqlx runs SQLite statements
/// on a worker thread, so a statement whose caller goes away (a request cancelled by its
/// client) still runs to its end: back in the pool, the connection would sit inside a write
/// transaction, keeping every other writer out. Until its outcome is known, a dropped or
/// failed one is closed instead (closing rolls back what is open).
struct Unsettled(Option<PoolConnection<Sqlite>>);

impl Unsettled {
    fn get(&mut self) -> &mut PoolConnection<Sqlite> {
        match self.0.as_mut() {
            Some(conn) => conn,
            // Taken only once the outcome is known, after the last use.
            None => unreachable!("an unsettled connection is used after it settled"),
        }
    }
}

impl Drop for Unsettled {
    fn drop(&mut self) {
        if let Some(conn) = self.0.take() {
            drop(conn.detach());
        }
    }
}

impl Drop for SqliteTx {
    fn drop(&mut self) {
        let Some(mut conn) = self.conn.take() else {
            return;
        };
        // Dropped without commit (an error or a refusal on the way): roll back off the drop,
        // keeping the write gate until the rollback is done. A connection whose rollback
        // fails is closed instead of going back to the pool.
        let gate = self.gate.take();
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            // Dropped outside the runtime (its end, or a thread of its own): closing the
            // connection rolls back; back in the pool it would keep the write lock.
            drop(conn.detach());
            return;
        };
        runtime.spawn(async move {
            if sqlx::raw_sql("ROLLBACK").execute(&mut *conn).await.is_err() {
                drop(conn.detach());
            }
            drop(gate);
        });
    }
}

/// A pooled connection for reads outside a transaction.
pub enum Conn {
    Sqlite(PoolConnection<Sqlite>, Sealing),
    Postgres(PoolConnection<Postgres>, Sealing),
}

impl Conn {
    pub fn ex(&mut self) -> Ex<'_> {
        match self {
            Conn::Sqlite(c, sealing) => Ex::Sqlite(c, sealing),
            Conn::Postgres(c, sealing) => Ex::Postgres(c, sealing),
        }
    }
}

/// The database handle shared by the whole process.
#[derive(Clone, Debug)]
pub enum Store {
    /// SQLite has one writer at a time. Writers of this process queue at the gate in arrival
    /// order instead of in SQLite's busy handler, whose growing sleeps make a long, unfair tail;
    /// other processes are still kept out by SQLite's own lock. Last, the keys attendee
    /// data is sealed with ([`Store::seal_with`]).
    Sqlite(SqlitePool, std::sync::Arc<tokio::sync::Mutex<()>>, Sealing),
    /// The pool, whether its server answered lately (see [`Reach`]), and the keys.
    Postgres(PgPool, std::sync::Arc<Reach>, Sealing),
}

impl Store {
    /// Connects to `url` with the default pool size (32 for PostgreSQL, 4 for SQLite).
    pub async fn connect(url: &str) -> StoreResult<Store> {
        Store::connect_with(url, None).await
    }

    /// Connects to `url`: `postgres://…` selects PostgreSQL, anything else is a SQLite URL or
    /// path. A SQLite file (and its folder) is created when missing. `max_connections` bounds
    /// the pool (every process on one PostgreSQL server shares its `max_connections`).
    pub async fn connect_with(url: &str, max_connections: Option<u32>) -> StoreResult<Store> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let options = PgConnectOptions::from_str(url)?;
            let pool = PgPoolOptions::new()
                .max_connections(max_connections.unwrap_or(32).max(1))
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(options)
                .await?;
            return Ok(Store::Postgres(
                pool,
                std::sync::Arc::default(),
                Sealing::default(),
            ));
        }
        let url = if url.starts_with("sqlite:") {
            url.to_string()
        } else {
            format!("sqlite://{url}")
        };
        if let Some(path) = sqlite_file_path(&url)
            && let Some(parent) = std::path::Path::new(&path).parent()
            && !parent.as_os_str().is_empty()
        {
            std::fs::create_dir_all(parent).map_err(|e| StoreError::Other(sqlx::Error::Io(e)))?;
        }
        let options = SqliteConnectOptions::from_str(&url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT)
            // Bounded per-connection caches (page cache in KiB, prepared statements): each
            // pooled connection keeps its own inside this process, so without a bound the
            // server's memory grows with the database (BENCHMARKS.md, "Soak").
            .pragma("cache_size", "-1024");
        // No ping before each use: an embedded database file does not drop connections, and
        // the ping is a round trip to the connection's worker thread on every acquire.
        // Four connections by default: SQLite writes one at a time anyway, four readers keep
        // two cores busy, and each connection's caches live in this process, so more of them
        // only make memory grow longer (BENCHMARKS.md, "Soak": flat at 69 MB with four,
        // still growing at 93 MB with sixteen, at the same throughput).
        let pool_options = SqlitePoolOptions::new()
            .test_before_acquire(false)
            .max_connections(max_connections.unwrap_or(4).max(1))
            .acquire_timeout(Duration::from_secs(10));
        // Two processes opening a new file together race to switch it to WAL, and SQLite
        // answers the loser "busy" at once, without its busy handler: try again shortly.
        let mut tries = 0;
        let pool = loop {
            match pool_options.clone().connect_with(options.clone()).await {
                Ok(pool) => break pool,
                Err(e) => match StoreError::from(e) {
                    StoreError::Busy if tries < 5 => {
                        tries += 1;
                        tokio::time::sleep(Duration::from_millis(100 * tries)).await;
                    }
                    other => return Err(other),
                },
            }
        };
        Ok(Store::Sqlite(
            pool,
            std::sync::Arc::new(tokio::sync::Mutex::new(())),
            Sealing::default(),
        ))
    }

    /// Gives the store the keys it seals attendee data with (those of the secret key); a
    /// store keeps the first keys it is given: false when `keys` are others.
    pub fn seal_with(&self, keys: std::sync::Arc<sealing::Keys>) -> bool {
        self.sealing().set(keys)
    }

    fn sealing(&self) -> &Sealing {
        match self {
            Store::Sqlite(_, _, sealing) | Store::Postgres(_, _, sealing) => sealing,
        }
    }

    /// How many of the migrations this binary knows are not applied (successfully) to the
    /// database: 0 when its schema is the one this binary expects.
    pub async fn migrations_missing(&self) -> StoreResult<usize> {
        let migrator = self.migrator();
        let mut conn = self.conn().await?;
        let applied: Vec<i64> = on!(conn.ex(), c => sqlx::query_scalar(
            "SELECT version FROM _sqlx_migrations WHERE success = TRUE")
            .fetch_all(&mut *c).await)?;
        Ok(migrator
            .iter()
            .filter(|m| !m.migration_type.is_down_migration())
            .filter(|m| !applied.contains(&m.version))
            .count())
    }

    /// Applies the migrations of this backend. Two processes starting together on an empty
    /// SQLite database may both try the first migration (SQLite has no migration lock): the
    /// loser fails on the tables the winner made, so a failure is retried after a pause,
    /// when the winner's work shows as applied.
    pub async fn migrate(&self) -> Result<(), sqlx::migrate::MigrateError> {
        let mut tries = 0;
        loop {
            let result = match self {
                Store::Sqlite(pool, ..) => sqlx::migrate!("../migrations/sqlite").run(pool).await,
                Store::Postgres(pool, ..) => {
                    sqlx::migrate!("../migrations/postgres").run(pool).await
                }
            };
            tries += 1;
            match result {
                Err(e) if tries < 5 => {
                    tracing::warn!(error = %e, "migration failed; trying again");
                    tokio::time::sleep(Duration::from_millis(200 * tries)).await;
                }
                other => return other,
            }
        }
    }

    /// The migrations this binary knows for this backend.
    fn migrator(&self) -> sqlx::migrate::Migrator {
        match self {
            Store::Sqlite(..) => sqlx::migrate!("../migrations/sqlite"),
            Store::Postgres(..) => sqlx::migrate!("../migrations/postgres"),
        }
    }

    /// The newest migration this binary knows for this backend.
    pub fn latest_migration(&self) -> i64 {
        self.migrator()
            .iter()
            .filter(|m| !m.migration_type.is_down_migration())
            .map(|m| m.version)
            .max()
            .unwrap_or_default()
    }

    /// Applies the migrations up to `version` only: the schema a file of that version was
    /// written from, before its rows are loaded (the rest follow with [`Store::migrate`]).
    pub async fn migrate_to(&self, version: i64) -> Result<(), sqlx::migrate::MigrateError> {
        let migrator = self.migrator();
        match self {
            Store::Sqlite(pool, ..) => migrator.run_to(version, pool).await,
            Store::Postgres(pool, ..) => migrator.run_to(version, pool).await,
        }
    }

    pub fn is_postgres(&self) -> bool {
        matches!(self, Store::Postgres(..))
    }

    /// A connection for reads.
    pub async fn conn(&self) -> StoreResult<Conn> {
        Ok(match self {
            Store::Sqlite(pool, _, sealing) => Conn::Sqlite(pool.acquire().await?, sealing.clone()),
            Store::Postgres(pool, reach, sealing) => Conn::Postgres(
                reach.unless_gone(pool, pool.acquire()).await?,
                sealing.clone(),
            ),
        })
    }

    /// A write transaction. On SQLite it takes the write lock at once (`BEGIN IMMEDIATE`), so
    /// two writers never both read and then fail to upgrade their lock.
    pub async fn begin(&self) -> StoreResult<Tx> {
        Ok(match self {
            Store::Sqlite(pool, gate, sealing) => {
                let turn = gate.clone().lock_owned().await;
                Tx::Sqlite(SqliteTx::begin(pool, turn).await?, sealing.clone())
            }
            Store::Postgres(pool, reach, sealing) => Tx::Postgres(
                reach.unless_gone(pool, pool.begin()).await?,
                sealing.clone(),
            ),
        })
    }

    /// SQLite: copies the write-ahead log into the database file and empties it
    /// (`wal_checkpoint(TRUNCATE)`), between two writers. SQLite's own checkpoints copy pages
    /// but can only start the log over at a moment without readers, which a busy server never
    /// has: the log then grows for ever ("checkpoint starvation"). This waits (up to the busy
    /// time-out) for the readers of the moment to finish instead, but at most
    /// [`CHECKPOINT_WAIT`]: it holds this process's writers meanwhile, and a long reader (a
    /// `slotbook backup` copying the database) would otherwise stop them for the whole busy
    /// time-out; the next checkpoint tries again. Answers whether the log was emptied;
    /// PostgreSQL has nothing to do.
    pub async fn checkpoint(&self) -> StoreResult<bool> {
        let Store::Sqlite(pool, gate, _) = self else {
            return Ok(true);
        };
        let _writers = gate.lock().await;
        let mut conn = pool.acquire().await?;
        let wait = format!("PRAGMA busy_timeout = {}", CHECKPOINT_WAIT.as_millis());
        sqlx::query(sqlx::AssertSqlSafe(wait))
            .execute(&mut *conn)
            .await?;
        let checkpoint = sqlx::query_as::<_, (i64, i64, i64)>("PRAGMA wal_checkpoint(TRUNCATE)")
            .fetch_one(&mut *conn)
            .await;
        let usual = format!("PRAGMA busy_timeout = {}", BUSY_TIMEOUT.as_millis());
        if sqlx::query(sqlx::AssertSqlSafe(usual))
            .execute(&mut *conn)
            .await
            .is_err()
        {
            // Never back in the pool with the short wait.
            conn.detach();
        }
        match checkpoint.map_err(StoreError::from) {
            Ok((busy, _, _)) => Ok(busy == 0),
            Err(StoreError::Busy) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// This process's pool: (idle connections, connections in use, the most it opens).
    pub fn pool_use(&self) -> (usize, usize, u32) {
        let (size, idle, max) = match self {
            Store::Sqlite(pool, ..) => (
                pool.size(),
                pool.num_idle(),
                pool.options().get_max_connections(),
            ),
            Store::Postgres(pool, ..) => (
                pool.size(),
                pool.num_idle(),
                pool.options().get_max_connections(),
            ),
        };
        (idle, (size as usize).saturating_sub(idle), max)
    }

    /// Answers when the database answers a trivial query.
    pub async fn ping(&self) -> StoreResult<()> {
        let mut conn = self.conn().await?;
        on!(conn.ex(), c => sqlx::query("SELECT 1").execute(&mut *c).await.map(|_| ()))?;
        Ok(())
    }

    pub async fn close(&self) {
        match self {
            Store::Sqlite(pool, ..) => pool.close().await,
            Store::Postgres(pool, ..) => pool.close().await,
        }
    }
}

/// How long a SQLite statement waits for another process's lock before it answers busy.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);
/// How long the periodic checkpoint waits for readers (DESIGN 2.11: no writer waits more than
/// 1 s for a backup).
const CHECKPOINT_WAIT: Duration = Duration::from_millis(300);

/// How long a wait for a PostgreSQL connection may last before the server is asked directly
/// whether it is there at all. sqlx's pool retries a refused connection until its acquire
/// time-out (10 s) and then reports a time-out, as if the pool were merely busy: every request
/// waited 10 s to answer `database_busy` while the server was down.
const REACH_CHECK_AFTER: Duration = Duration::from_millis(750);
/// The longest a direct connection attempt may take, and how long its outcome is reused.
const REACH_PROBE: Duration = Duration::from_secs(1);

/// Whether the PostgreSQL server answered lately: one direct connection attempt at a time, its
/// outcome shared for [`REACH_PROBE`] by every waiting request of the process.
#[derive(Debug, Default)]
pub struct Reach {
    last: tokio::sync::Mutex<Option<(std::time::Instant, bool)>>,
}

impl Reach {
    /// `work` (an acquire or a begin on `pool`), or `Unavailable` as soon as a slow wait turns
    /// out to be a server that does not answer.
    async fn unless_gone<T>(
        &self,
        pool: &PgPool,
        work: impl std::future::Future<Output = Result<T, sqlx::Error>>,
    ) -> StoreResult<T> {
        tokio::select! {
            result = work => Ok(result?),
            gone = self.gone_after(pool) => Err(gone),
        }
    }

    /// Completes only when the server is found gone (after [`REACH_CHECK_AFTER`]).
    async fn gone_after(&self, pool: &PgPool) -> StoreError {
        tokio::time::sleep(REACH_CHECK_AFTER).await;
        let answered = {
            let mut last = self.last.lock().await;
            match *last {
                Some((at, answered)) if at.elapsed() < REACH_PROBE => answered,
                _ => {
                    let answered = server_answers(pool).await;
                    *last = Some((std::time::Instant::now(), answered));
                    answered
                }
            }
        };
        if answered {
            // A busy pool: the wait goes on, up to the pool's own time-out.
            std::future::pending::<()>().await;
        }
        StoreError::Unavailable(sqlx::Error::Io(std::io::Error::new(
            std::io::ErrorKind::NotConnected,
            "the PostgreSQL server does not answer",
        )))
    }
}

/// Whether a fresh connection to the pool's server gets an answer, even a refusal such as
/// "too many clients" (then the server is there, only full).
async fn server_answers(pool: &PgPool) -> bool {
    use sqlx::{ConnectOptions, Connection};
    match tokio::time::timeout(REACH_PROBE, pool.connect_options().connect()).await {
        Ok(Ok(conn)) => {
            let _ = conn.close().await;
            true
        }
        Ok(Err(sqlx::Error::Database(_))) => true,
        Ok(Err(_)) | Err(_) => false,
    }
}

fn sqlite_file_path(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        None
    } else {
        Some(path.to_string())
    }
}

/// The current instant as stored: epoch seconds, UTC.
pub fn now_epoch() -> i64 {
    chrono::Utc::now().timestamp()
}

/// A case-insensitive `LIKE` pattern for `needle` with its wildcards escaped.
pub fn like_pattern(needle: &str) -> String {
    let escaped = needle
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// Ids as an SQL list (`1,2,3`) for `IN (…)`: integers only, so the text is safe to put in a
/// statement.
pub fn id_list(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

/// A shorter-lived borrow of the same connection.
pub fn reborrow<'a>(ex: &'a mut Ex<'_>) -> Ex<'a> {
    match ex {
        Ex::Sqlite(c, s) => Ex::Sqlite(c, s),
        Ex::Postgres(c, s) => Ex::Postgres(c, s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_codes_are_classified_by_kind() {
        for (code, class) in [
            (5, CodeClass::Busy),
            (517, CodeClass::Busy),
            (13, CodeClass::Full),
            (10, CodeClass::Unavailable),
            (778, CodeClass::Unavailable),
            (14, CodeClass::Unavailable),
            (19, CodeClass::Other),
        ] {
            assert_eq!(classify_sqlite(code), class, "SQLite {code}");
        }
        for (code, class) in [
            ("40001", CodeClass::Busy),
            ("40P01", CodeClass::Busy),
            ("53100", CodeClass::Full),
            ("57P01", CodeClass::Unavailable),
            ("08006", CodeClass::Unavailable),
            ("22021", CodeClass::Other),
            ("23505", CodeClass::Other),
        ] {
            assert_eq!(classify_postgres(code), class, "PostgreSQL {code}");
        }
    }

    /// A reader holding an old snapshot (a backup copying the database) keeps the log from being
    /// emptied: the checkpoint gives up quickly instead of holding every writer for the busy
    /// time-out, and writes go on.
    #[tokio::test]
    async fn a_checkpoint_behind_a_long_reader_gives_up_and_writers_go_on() {
        let dir = std::env::temp_dir().join(format!("slotbook-ckpt-{}", rand::random::<u64>()));
        let url = format!("sqlite://{}/t.db", dir.display());
        let store = Store::connect(&url).await.expect("store");
        let write = |n: i64| {
            let store = store.clone();
            async move {
                let mut tx = store.begin().await.expect("begin");
                on!(tx.ex(), c => sqlx::query("INSERT INTO t (n) VALUES ($1)").bind(n).execute(&mut *c).await.map(drop))
                    .expect("insert");
                tx.commit().await.expect("commit");
            }
        };
        {
            let mut conn = store.conn().await.expect("conn");
            on!(conn.ex(), c => sqlx::query("CREATE TABLE t (n INTEGER)").execute(&mut *c).await.map(drop))
                .expect("table");
        }
        write(1).await;
        let reader = Store::connect(&url).await.expect("a second process");
        let mut snapshot = reader.conn().await.expect("conn");
        transfer::begin_snapshot(snapshot.ex())
            .await
            .expect("snapshot");
        write(2).await;
        let checkpoint = tokio::time::timeout(Duration::from_secs(5), store.checkpoint()).await;
        assert!(
            matches!(checkpoint, Ok(Ok(false))),
            "gives up behind the reader instead of waiting out the busy time-out: {checkpoint:?}"
        );
        write(3).await;
        transfer::end_snapshot(snapshot.ex()).await;
        drop(snapshot);
        assert!(
            store.checkpoint().await.expect("checkpoint"),
            "emptied once the reader is gone"
        );
        reader.close().await;
        store.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    /// A transaction whose task is dropped just after its `BEGIN IMMEDIATE` ran (a page render
    /// whose request went away): sqlx ran the statement on its worker thread, and the
    /// connection must not go back to the pool inside that transaction, or no writer gets in
    /// again (every `BEGIN` waits out the busy time-out).
    #[tokio::test]
    async fn a_begin_dropped_before_it_answers_leaves_no_transaction_behind() {
        let dir = std::env::temp_dir().join(format!("slotbook-begin-{}", rand::random::<u64>()));
        let url = format!("sqlite://{}/t.db", dir.display());
        let store = Store::connect(&url).await.expect("store");
        // A connection in the pool, so that the begin below gets one at its first poll.
        store.ping().await.expect("ping");
        let mut begin = Box::pin(store.begin());
        std::future::poll_fn(|cx| {
            let _ = begin.as_mut().poll(cx);
            std::task::Poll::Ready(())
        })
        .await;
        // The BEGIN runs on the worker meanwhile; its future is never polled again.
        tokio::time::sleep(Duration::from_millis(200)).await;
        drop(begin);
        for _ in 0..4 {
            let tx = store.begin().await.expect("a writer gets the lock");
            tx.commit().await.expect("commit");
        }
        store.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    /// A transaction dropped on a thread without the runtime cannot roll back by a task of its
    /// own: its connection is closed instead, which rolls back.
    #[tokio::test]
    async fn a_transaction_dropped_off_the_runtime_leaves_no_lock_behind() {
        let dir = std::env::temp_dir().join(format!("slotbook-drop-{}", rand::random::<u64>()));
        let url = format!("sqlite://{}/t.db", dir.display());
        let store = Store::connect(&url).await.expect("store");
        let tx = store.begin().await.expect("begin");
        std::thread::spawn(move || drop(tx))
            .join()
            .expect("dropped on its own thread");
        for _ in 0..4 {
            let tx = store.begin().await.expect("a writer gets the lock");
            tx.commit().await.expect("commit");
        }
        store.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn lost_connections_are_unavailable() {
        assert!(matches!(
            StoreError::from(sqlx::Error::PoolClosed),
            StoreError::Unavailable(_)
        ));
        let io = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset");
        assert!(matches!(
            StoreError::from(sqlx::Error::Io(io)),
            StoreError::Unavailable(_)
        ));
    }
}
