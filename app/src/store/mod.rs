//! SQL for SQLite and PostgreSQL. Every query is written once with `$N` placeholders (which both
//! backends accept) and compiled for each backend by [`on!`]; the few dialect differences
//! (locking, `ILIKE`) are spelled out where they occur.

pub mod app_passwords;
pub mod booking_fields;
pub mod bookings;
pub mod calendars;
pub mod events;
pub mod integrations;
pub mod outbox;
pub mod reports;
pub mod schedules;
pub mod schedules_list;
pub mod sessions;
pub mod settings;
pub mod users;

use std::str::FromStr;
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgConnection, PgPool, Postgres, Sqlite, SqliteConnection, SqlitePool, Transaction};

/// Runs `$body` with `$c` bound to the backend's concrete connection: one query text, two
/// monomorphised copies.
macro_rules! on {
    ($ex:expr, $c:ident => $body:expr) => {
        match $ex {
            $crate::store::Ex::Sqlite($c) => $body,
            $crate::store::Ex::Postgres($c) => $body,
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
    #[error("stored data is invalid: {0}")]
    Corrupt(String),
    #[error("database error: {0}")]
    Other(#[source] sqlx::Error),
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
                // SQLITE_BUSY (5), SQLITE_LOCKED (6); PostgreSQL serialization_failure, deadlock.
                if matches!(code.as_ref(), "5" | "6" | "517" | "40001" | "40P01") {
                    StoreError::Busy
                } else {
                    StoreError::Other(err)
                }
            }
            sqlx::Error::PoolTimedOut => StoreError::Busy,
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

/// A borrowed connection of either backend; every repository function takes one.
pub enum Ex<'a> {
    Sqlite(&'a mut SqliteConnection),
    Postgres(&'a mut PgConnection),
}

/// An open transaction. Dropping it without [`Tx::commit`] rolls it back.
pub enum Tx {
    /// A SQLite write transaction holds this process's write gate until it ends.
    Sqlite(
        Transaction<'static, Sqlite>,
        tokio::sync::OwnedMutexGuard<()>,
    ),
    Postgres(Transaction<'static, Postgres>),
}

impl Tx {
    pub fn ex(&mut self) -> Ex<'_> {
        match self {
            Tx::Sqlite(t, _) => Ex::Sqlite(t),
            Tx::Postgres(t) => Ex::Postgres(t),
        }
    }

    pub async fn commit(self) -> StoreResult<()> {
        match self {
            Tx::Sqlite(t, _gate) => t.commit().await?,
            Tx::Postgres(t) => t.commit().await?,
        }
        Ok(())
    }
}

/// A pooled connection for reads outside a transaction.
pub enum Conn {
    Sqlite(PoolConnection<Sqlite>),
    Postgres(PoolConnection<Postgres>),
}

impl Conn {
    pub fn ex(&mut self) -> Ex<'_> {
        match self {
            Conn::Sqlite(c) => Ex::Sqlite(c),
            Conn::Postgres(c) => Ex::Postgres(c),
        }
    }
}

/// The database handle shared by the whole process.
#[derive(Clone, Debug)]
pub enum Store {
    /// SQLite has one writer at a time. Writers of this process queue at the gate in arrival
    /// order instead of in SQLite's busy handler, whose growing sleeps make a long, unfair tail;
    /// other processes are still kept out by SQLite's own lock.
    Sqlite(SqlitePool, std::sync::Arc<tokio::sync::Mutex<()>>),
    Postgres(PgPool),
}

impl Store {
    /// Connects to `url`: `postgres://…` selects PostgreSQL, anything else is a SQLite URL or
    /// path. A SQLite file (and its folder) is created when missing.
    pub async fn connect(url: &str) -> StoreResult<Store> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let options = PgConnectOptions::from_str(url)?;
            let pool = PgPoolOptions::new()
                .max_connections(32)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(options)
                .await?;
            return Ok(Store::Postgres(pool));
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
            .busy_timeout(Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options)
            .await?;
        Ok(Store::Sqlite(
            pool,
            std::sync::Arc::new(tokio::sync::Mutex::new(())),
        ))
    }

    /// Applies the migrations of this backend.
    pub async fn migrate(&self) -> Result<(), sqlx::migrate::MigrateError> {
        match self {
            Store::Sqlite(pool, _) => sqlx::migrate!("../migrations/sqlite").run(pool).await,
            Store::Postgres(pool) => sqlx::migrate!("../migrations/postgres").run(pool).await,
        }
    }

    pub fn is_postgres(&self) -> bool {
        matches!(self, Store::Postgres(_))
    }

    /// A connection for reads.
    pub async fn conn(&self) -> StoreResult<Conn> {
        Ok(match self {
            Store::Sqlite(pool, _) => Conn::Sqlite(pool.acquire().await?),
            Store::Postgres(pool) => Conn::Postgres(pool.acquire().await?),
        })
    }

    /// A write transaction. On SQLite it takes the write lock at once (`BEGIN IMMEDIATE`), so
    /// two writers never both read and then fail to upgrade their lock.
    pub async fn begin(&self) -> StoreResult<Tx> {
        Ok(match self {
            Store::Sqlite(pool, gate) => {
                let turn = gate.clone().lock_owned().await;
                Tx::Sqlite(pool.begin_with("BEGIN IMMEDIATE").await?, turn)
            }
            Store::Postgres(pool) => Tx::Postgres(pool.begin().await?),
        })
    }

    /// Answers when the database answers a trivial query.
    pub async fn ping(&self) -> StoreResult<()> {
        let mut conn = self.conn().await?;
        on!(conn.ex(), c => sqlx::query("SELECT 1").execute(&mut *c).await.map(|_| ()))?;
        Ok(())
    }

    pub async fn close(&self) {
        match self {
            Store::Sqlite(pool, _) => pool.close().await,
            Store::Postgres(pool) => pool.close().await,
        }
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

/// A shorter-lived borrow of the same connection.
pub fn reborrow<'a>(ex: &'a mut Ex<'_>) -> Ex<'a> {
    match ex {
        Ex::Sqlite(c) => Ex::Sqlite(c),
        Ex::Postgres(c) => Ex::Postgres(c),
    }
}
