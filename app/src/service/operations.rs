//! The operator's commands on a whole database (DESIGN 2.11): `backup`, `restore`, `export`,
//! `import`, and the secret key's fingerprint that `serve`, `restore` and `import` check.
//!
//! Files:
//! - a SQLite backup is a SQLite database (`VACUUM INTO`, which reads one snapshot while
//!   writers go on);
//! - an export, and a PostgreSQL backup, are JSON Lines (`docs/operations.md`): a header, then
//!   per table a line naming its columns followed by one JSON array per row, then a trailer
//!   with the row counts (a file cut short is refused). An export leaves sessions out.
//!
//! None holds the secret key; each records its fingerprint, and loading one into a database
//! served with another key is refused.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::service::support::secrets::SecretBox;
use crate::store::transfer::{self, Table};
use crate::store::{Store, StoreError, settings};

/// The `settings` key under which a database records its secret key's fingerprint.
const FINGERPRINT: &str = "secret_key_fingerprint";
const EXPORT_FORMAT: &str = "slotbook-export";
const BACKUP_FORMAT: &str = "slotbook-backup";
/// Version of the JSON Lines layout (not of the schema, which the header names too).
const LAYOUT_VERSION: i64 = 1;
/// Tables an export leaves out: sessions and logins under way are bound to the cookies of one
/// installation, and counts of failed logins are short-lived.
const NOT_EXPORTED: [&str; 4] = ["sessions", "login_failures", "pending_logins", "sso_logins"];

/// Why a command refused or failed: one line for stderr.
#[derive(Debug, thiserror::Error)]
pub enum OperationError {
    #[error("{0}")]
    Refused(String),
    #[error("database: {0}")]
    Store(#[from] StoreError),
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

type OpResult<T> = Result<T, OperationError>;

fn refused(why: impl Into<String>) -> OperationError {
    OperationError::Refused(why.into())
}

fn key_refused() -> OperationError {
    refused(
        "SLOTBOOK_SECRET_KEY (or SLOTBOOK_SECRET_KEY_FILE) is not the key this data was sealed with: \
         use the key kept with the backups",
    )
}

/// `serve`: a database records the fingerprint of the first key it is served with; a later
/// start with another key is refused before anything sealed is read with it.
pub async fn check_key(store: &Store, secrets: &SecretBox) -> OpResult<()> {
    let mut conn = store.conn().await?;
    match settings::get(conn.ex(), FINGERPRINT).await? {
        Some(recorded) if recorded != secrets.fingerprint() => Err(key_refused()),
        Some(_) => Ok(()),
        None => {
            settings::put(conn.ex(), FINGERPRINT, &secrets.fingerprint()).await?;
            Ok(())
        }
    }
}

/// `migrate`: seals the attendee data an older database holds in clear (DESIGN 2.11). A
/// database sealed with another key is refused; the key is recorded only when something was
/// sealed with it (a `migrate` run without the server's key on a database with nothing to
/// seal must not bind the database to that key). Answers how many values were sealed.
pub async fn seal_on_migrate(store: &Store, secrets: &SecretBox) -> OpResult<u64> {
    let recorded = {
        let mut conn = store.conn().await?;
        settings::get(conn.ex(), FINGERPRINT).await?
    };
    if recorded
        .as_ref()
        .is_some_and(|r| *r != secrets.fingerprint())
    {
        return Err(key_refused());
    }
    if !store.seal_with(secrets.keys()) {
        return Err(key_refused());
    }
    let sealed = crate::service::sealed_data::seal_clear_data(store).await?;
    if sealed > 0 {
        check_key(store, secrets).await?;
    }
    Ok(sealed)
}

/// What a command wrote or loaded, for its one line of output.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Summary {
    pub file: String,
    pub tables: usize,
    pub rows: u64,
}

/// `slotbook backup FILE`.
pub async fn backup(store: &Store, secrets: &SecretBox, file: &Path) -> OpResult<Summary> {
    match store {
        Store::Sqlite(pool, ..) => {
            let partial = partial_name(file);
            let _ = std::fs::remove_file(&partial);
            let mut conn = pool.acquire().await.map_err(StoreError::from)?;
            // One read transaction: writers of every process go on meanwhile (WAL).
            sqlx::query("VACUUM INTO $1")
                .bind(partial.display().to_string())
                .execute(&mut *conn)
                .await
                .map_err(StoreError::from)?;
            drop(conn);
            std::fs::rename(&partial, file)?;
            let copy = Store::connect(&sqlite_url(file)).await?;
            let rows = count_rows(&copy).await;
            copy.close().await;
            let (tables, rows) = rows?;
            Ok(Summary {
                file: file.display().to_string(),
                tables,
                rows,
            })
        }
        Store::Postgres(..) => write_lines(store, secrets, file, BACKUP_FORMAT, &[]).await,
    }
}

/// `slotbook export FILE`: every table but sessions, from one snapshot.
pub async fn export(store: &Store, secrets: &SecretBox, file: &Path) -> OpResult<Summary> {
    write_lines(store, secrets, file, EXPORT_FORMAT, &NOT_EXPORTED).await
}

/// `slotbook restore FILE` into `target` (a SQLite URL or path, or a PostgreSQL URL).
pub async fn restore(target: &str, secrets: &SecretBox, file: &Path) -> OpResult<Summary> {
    if is_sqlite_file(file)? {
        return restore_sqlite(target, secrets, file).await;
    }
    let header = read_header(file)?;
    if header.format != BACKUP_FORMAT {
        return Err(refused(format!(
            "{} is not a slotbook backup (an export is loaded with `slotbook import`)",
            file.display()
        )));
    }
    if !is_postgres_url(target) {
        return Err(refused(
            "this backup was made from PostgreSQL: restore it into PostgreSQL \
             (`slotbook export` and `import` move data between backends)",
        ));
    }
    load_lines(target, secrets, file, &header).await
}

/// `slotbook import FILE` into `target` of either backend.
pub async fn import(target: &str, secrets: &SecretBox, file: &Path) -> OpResult<Summary> {
    if is_sqlite_file(file)? {
        return Err(refused(format!(
            "{} is a SQLite backup: load it with `slotbook restore`",
            file.display()
        )));
    }
    let header = read_header(file)?;
    if header.format != EXPORT_FORMAT {
        return Err(refused(format!(
            "{} is not a slotbook export (a backup is loaded with `slotbook restore`)",
            file.display()
        )));
    }
    load_lines(target, secrets, file, &header).await
}

/// The file's rows written as JSON Lines from one snapshot, under a temporary name first.
async fn write_lines(
    store: &Store,
    secrets: &SecretBox,
    file: &Path,
    format: &str,
    skipped: &[&str],
) -> OpResult<Summary> {
    let partial = partial_name(file);
    let mut out = std::io::BufWriter::new(std::fs::File::create(&partial)?);
    let mut conn = store.conn().await?;
    transfer::begin_snapshot(conn.ex()).await?;
    let written = async {
        let tables = transfer::tables(conn.ex()).await?;
        let schema = transfer::schema_version(conn.ex()).await?;
        let fingerprint = settings::get(conn.ex(), FINGERPRINT).await?;
        let header = json!({
            "format": format,
            "version": LAYOUT_VERSION,
            "schema": schema,
            "backend": if store.is_postgres() { "postgres" } else { "sqlite" },
            "created_at": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            "key_fingerprint": fingerprint.unwrap_or_else(|| secrets.fingerprint()),
        });
        writeln!(out, "{header}")?;
        let mut counts = serde_json::Map::new();
        let mut rows = 0;
        for table in tables
            .iter()
            .filter(|t| !skipped.contains(&t.name.as_str()))
        {
            let columns: Vec<&str> = table.columns.iter().map(|(c, _)| c.as_str()).collect();
            writeln!(out, "{}", json!({"table": table.name, "columns": columns}))?;
            let n = transfer::each_row(conn.ex(), table, |row| {
                writeln!(out, "{}", Value::Array(row))
            })
            .await?;
            counts.insert(table.name.clone(), n.into());
            rows += n;
        }
        writeln!(out, "{}", json!({"end": true, "rows": counts}))?;
        out.flush()?;
        out.get_ref().sync_all()?;
        Ok::<_, OperationError>((counts.len(), rows))
    }
    .await;
    transfer::end_snapshot(conn.ex()).await;
    drop(conn);
    let (tables, rows) = match written {
        Ok(done) => done,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
    };
    std::fs::rename(&partial, file)?;
    Ok(Summary {
        file: file.display().to_string(),
        tables,
        rows,
    })
}

/// Loads a JSON Lines file into an empty database at `target`, in one transaction.
async fn load_lines(
    target: &str,
    secrets: &SecretBox,
    file: &Path,
    header: &Header,
) -> OpResult<Summary> {
    check_file_key(header.key_fingerprint.as_deref(), secrets)?;
    let schema = header.schema;
    let store = Store::connect(target).await?;
    let loaded = async {
        let known = store.latest_migration();
        if schema > known {
            return Err(refused(format!(
                "{} was written by a newer slotbook (schema {schema}; this one knows {known}): load it with that version",
                file.display()
            )));
        }
        store.migrate_to(schema).await?;
        if transfer::holds_data(&store).await? {
            return Err(refused(
                "the target database is not empty (it holds users or calendars): restore and import load into a new or only migrated database",
            ));
        }
        let summary = insert_lines(&store, file).await?;
        store.migrate().await?;
        // The file's fingerprint came along (checked above); an older file had none.
        check_key(&store, secrets).await?;
        Ok(summary)
    }
    .await;
    store.close().await;
    loaded
}

/// Every table of the file, in one transaction on a database whose tables it replaces.
async fn insert_lines(store: &Store, file: &Path) -> OpResult<Summary> {
    let damaged = |why: String| refused(format!("{} is damaged: {why}", file.display()));
    let mut tx = store.begin().await?;
    let tables = transfer::tables(tx.ex()).await?;
    transfer::clear(&mut tx, &tables).await?;
    let mut lines = std::io::BufReader::new(std::fs::File::open(file)?).lines();
    lines.next();
    let mut current: Option<Loading> = None;
    let mut loaded: BTreeMap<String, u64> = BTreeMap::new();
    let mut expected = None;
    for line in lines {
        match serde_json::from_str::<Line>(&line?).map_err(|e| damaged(e.to_string()))? {
            Line::Row(row) => {
                let loading = current
                    .as_mut()
                    .ok_or_else(|| damaged("a row before its table".into()))?;
                loading.batch.push(row);
                if loading.batch.len() >= ROWS_PER_BATCH {
                    loading.flush(&mut tx).await?;
                }
            }
            Line::Table { table, columns } => {
                if let Some(done) = current.take() {
                    loaded.insert(done.table.name.clone(), done.finish(&mut tx).await?);
                }
                let table = tables
                    .iter()
                    .find(|t| t.name == table)
                    .cloned()
                    .ok_or_else(|| {
                        refused(format!(
                            "{} names a table this database does not have: {table}",
                            file.display()
                        ))
                    })?;
                current = Some(Loading::new(table, columns));
            }
            Line::End { end, rows } if end => {
                if let Some(done) = current.take() {
                    loaded.insert(done.table.name.clone(), done.finish(&mut tx).await?);
                }
                expected = Some(rows);
                break;
            }
            Line::End { .. } => return Err(damaged("an end line without `end: true`".into())),
        }
    }
    let Some(expected) = expected else {
        return Err(refused(format!(
            "{} is cut short (no end line): nothing was loaded",
            file.display()
        )));
    };
    for (table, n) in &expected {
        let got = loaded.get(table).copied().unwrap_or_default();
        if got != *n {
            return Err(damaged(format!(
                "{table} holds {got} rows of {n}: nothing was loaded"
            )));
        }
    }
    transfer::continue_sequences(&mut tx).await?;
    tx.commit().await?;
    Ok(Summary {
        file: file.display().to_string(),
        tables: loaded.len(),
        rows: loaded.values().sum(),
    })
}

/// Rows read before they are inserted together.
const ROWS_PER_BATCH: usize = 500;

/// The table being loaded: its columns as the file names them, the rows read and not yet
/// inserted, and how many were inserted.
struct Loading {
    table: Table,
    columns: Vec<String>,
    batch: Vec<Vec<Value>>,
    inserted: u64,
}

impl Loading {
    fn new(table: Table, columns: Vec<String>) -> Loading {
        Loading {
            table,
            columns,
            batch: Vec::new(),
            inserted: 0,
        }
    }

    async fn flush(&mut self, tx: &mut crate::store::Tx) -> OpResult<()> {
        transfer::insert(tx, &self.table, &self.columns, &self.batch).await?;
        self.inserted += self.batch.len() as u64;
        self.batch.clear();
        Ok(())
    }

    /// Inserts what is left; answers the table's row count.
    async fn finish(mut self, tx: &mut crate::store::Tx) -> OpResult<u64> {
        self.flush(tx).await?;
        Ok(self.inserted)
    }
}

/// A SQLite backup copied into place: the target (a file, new or only migrated) is replaced
/// by it, then migrated.
async fn restore_sqlite(target: &str, secrets: &SecretBox, file: &Path) -> OpResult<Summary> {
    if is_postgres_url(target) {
        return Err(refused(
            "this backup is a SQLite database: restore it into SQLite \
             (`slotbook export` and `import` move data between backends)",
        ));
    }
    let backup = Store::connect(&sqlite_url(file)).await?;
    let recorded = {
        let mut conn = backup.conn().await?;
        settings::get(conn.ex(), FINGERPRINT).await
    };
    backup.close().await;
    check_file_key(recorded?.as_deref(), secrets)?;
    let target_path = sqlite_path(target)
        .ok_or_else(|| refused("restore needs a SQLite database file, not an in-memory one"))?;
    if target_path.exists() {
        let existing = Store::connect(target).await?;
        let full = transfer::holds_data(&existing).await;
        existing.close().await;
        if full.unwrap_or(true) {
            return Err(refused(
                "the target database is not empty (it holds users or calendars): restore loads into a new or only migrated database",
            ));
        }
    }
    let partial = partial_name(&target_path);
    std::fs::copy(file, &partial)?;
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", target_path.display()));
    }
    std::fs::rename(&partial, &target_path)?;
    let store = Store::connect(target).await?;
    let migrated = store.migrate().await;
    let counted = count_rows(&store).await;
    store.close().await;
    migrated?;
    let (tables, rows) = counted?;
    Ok(Summary {
        file: file.display().to_string(),
        tables,
        rows,
    })
}

/// A file made with another key is refused; one without a fingerprint (older) is taken.
fn check_file_key(recorded: Option<&str>, secrets: &SecretBox) -> OpResult<()> {
    match recorded {
        Some(fingerprint) if fingerprint != secrets.fingerprint() => Err(key_refused()),
        _ => Ok(()),
    }
}

async fn count_rows(store: &Store) -> OpResult<(usize, u64)> {
    let mut conn = store.conn().await?;
    let tables = transfer::tables(conn.ex()).await?;
    let mut rows = 0;
    for table in &tables {
        rows += transfer::count(conn.ex(), table).await?;
    }
    Ok((tables.len(), rows))
}

/// The first line of a JSON Lines file: what it is and what it was written from.
#[derive(Debug, serde::Deserialize)]
struct Header {
    format: String,
    version: i64,
    schema: i64,
    key_fingerprint: Option<String>,
}

/// Every later line: a table's column names, one of its rows, or the trailer with the counts.
#[derive(Debug, serde::Deserialize)]
#[serde(untagged)]
enum Line {
    Row(Vec<Value>),
    Table {
        table: String,
        columns: Vec<String>,
    },
    End {
        end: bool,
        rows: BTreeMap<String, u64>,
    },
}

fn read_header(file: &Path) -> OpResult<Header> {
    let mut first = String::new();
    std::io::BufReader::new(std::fs::File::open(file)?).read_line(&mut first)?;
    let header: Header = serde_json::from_str(&first).map_err(|_| {
        refused(format!(
            "{} is not a slotbook backup or export",
            file.display()
        ))
    })?;
    if header.version != LAYOUT_VERSION {
        return Err(refused(format!(
            "{} has a layout this slotbook cannot read (version {})",
            file.display(),
            header.version
        )));
    }
    Ok(header)
}

fn is_sqlite_file(file: &Path) -> OpResult<bool> {
    let mut magic = [0u8; 16];
    let mut f = std::fs::File::open(file)?;
    let read = std::io::Read::read(&mut f, &mut magic)?;
    Ok(read == 16 && &magic == b"SQLite format 3\0")
}

fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

fn sqlite_url(file: &Path) -> String {
    format!("sqlite://{}", file.display())
}

/// The file of a SQLite URL or path (`None` for an in-memory database).
fn sqlite_path(url: &str) -> Option<PathBuf> {
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url);
    let path = path.split('?').next().unwrap_or_default();
    (!path.is_empty() && !path.contains(":memory:")).then(|| PathBuf::from(path))
}

/// `FILE.partial` beside `FILE`: a copy is complete before it takes the name.
fn partial_name(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// Every column holding values sealed with the secret key, as (table, column); each table has `id`.
const SEALED: [(&str, &str); 6] = [
    ("calendar_connections", "sealed_url"),
    ("calendar_connections", "sealed_password"),
    ("private_links", "token_sealed"),
    ("users", "totp_sealed"),
    ("users", "totp_pending_sealed"),
    ("calendar_feeds", "token_sealed"),
];

/// `slotbook rotate-key` (every `serve` stopped): each sealed value (credentials and attendee
/// data) opened with `old` and sealed again with `new`, the lookup hashes made again, and the
/// fingerprint of `new` recorded, in one transaction. Answers how many values were sealed
/// again. A value `old` cannot open refuses the whole rotation.
pub async fn rotate_key(store: &Store, old: &SecretBox, new: &SecretBox) -> OpResult<u64> {
    let mut tx = store.begin().await?;
    if let Some(recorded) = settings::get(tx.ex(), FINGERPRINT).await?
        && recorded != old.fingerprint()
    {
        return Err(key_refused());
    }
    let mut resealed = 0;
    for (table, column) in SEALED {
        for (id, sealed) in transfer::sealed_values(&mut tx, table, column).await? {
            let plain = old.open(&sealed).map_err(|_| {
                refused(format!(
                    "{table} {id}: its {column} does not open with SLOTBOOK_SECRET_KEY; nothing was changed"
                ))
            })?;
            transfer::set_sealed(&mut tx, table, column, id, &new.seal(&plain)).await?;
            resealed += 1;
        }
    }
    match crate::service::sealed_data::reseal(&mut tx, &old.keys(), &new.keys()).await? {
        Ok(attendee_values) => resealed += attendee_values,
        Err(unopened) => {
            return Err(refused(format!(
                "{} {}: its {} does not open with SLOTBOOK_SECRET_KEY; nothing was changed",
                unopened.table, unopened.id, unopened.column
            )));
        }
    }
    settings::put(tx.ex(), FINGERPRINT, &new.fingerprint()).await?;
    tx.commit().await?;
    Ok(resealed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_targets_name_their_file() {
        assert_eq!(
            sqlite_path("sqlite://data/a.db"),
            Some(PathBuf::from("data/a.db"))
        );
        assert_eq!(
            sqlite_path("sqlite:///tmp/a.db?mode=rwc"),
            Some(PathBuf::from("/tmp/a.db"))
        );
        assert_eq!(sqlite_path("data/b.db"), Some(PathBuf::from("data/b.db")));
        assert_eq!(sqlite_path("sqlite::memory:"), None);
    }

    #[test]
    fn a_file_of_another_key_is_refused_and_one_without_a_fingerprint_taken() {
        let key = SecretBox::ephemeral();
        let other = SecretBox::ephemeral();
        assert!(check_file_key(Some(&key.fingerprint()), &key).is_ok());
        assert!(check_file_key(None, &key).is_ok());
        let refusal = check_file_key(Some(&other.fingerprint()), &key).map_err(|e| e.to_string());
        assert!(refusal.is_err_and(|why| why.contains("SLOTBOOK_SECRET_KEY")));
    }
}
