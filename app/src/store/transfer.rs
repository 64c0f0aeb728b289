//! Every table's rows, read in one snapshot and written back as they were: the one mechanism
//! behind `slotbook export`/`import` (between backends) and PostgreSQL's `backup`/`restore`.
//!
//! The schema has three column kinds on both backends (integers, text, booleans), so a row is a
//! JSON array of numbers, strings, booleans and nulls, whatever wrote it. Tables go in an order
//! where every table comes after the tables it references, rows by their first column (ids grow
//! with time, so a row referencing its own table comes after the one it names).

use std::collections::BTreeMap;

use futures_util::TryStreamExt;
use serde_json::Value;
use sqlx::Row;

use super::{Ex, Store, StoreError, StoreResult, Tx, on};

/// The kind of a column, the same on both backends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Integer,
    Text,
    Boolean,
}

/// A table's name and columns (in the database's order).
#[derive(Debug, Clone)]
pub struct Table {
    pub name: String,
    pub columns: Vec<(String, Kind)>,
}

/// Tables that are never moved: the migrations' own bookkeeping (each database makes its own).
const NOT_DATA: [&str; 1] = ["_sqlx_migrations"];

/// The database's tables, each after the tables it references.
pub async fn tables(mut ex: Ex<'_>) -> StoreResult<Vec<Table>> {
    let postgres = matches!(ex, Ex::Postgres(..));
    let names: Vec<String> = if postgres {
        on!(super::reborrow(&mut ex), c => sqlx::query_scalar(
            "SELECT table_name::TEXT FROM information_schema.tables
             WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1")
            .fetch_all(&mut *c).await)?
    } else {
        on!(super::reborrow(&mut ex), c => sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY 1")
            .fetch_all(&mut *c).await)?
    };
    let mut tables = Vec::new();
    let mut references = BTreeMap::new();
    for name in names
        .into_iter()
        .filter(|n| !NOT_DATA.contains(&n.as_str()))
    {
        let (columns, refs) = if postgres {
            postgres_columns(super::reborrow(&mut ex), &name).await?
        } else {
            sqlite_columns(super::reborrow(&mut ex), &name).await?
        };
        references.insert(name.clone(), refs);
        tables.push(Table { name, columns });
    }
    Ok(in_reference_order(tables, &references))
}

/// `tables` ordered so that each comes after those it references (its own name aside).
fn in_reference_order(
    mut tables: Vec<Table>,
    references: &BTreeMap<String, Vec<String>>,
) -> Vec<Table> {
    let mut ordered: Vec<Table> = Vec::with_capacity(tables.len());
    while !tables.is_empty() {
        let ready = tables.iter().position(|t| {
            references.get(&t.name).is_none_or(|refs| {
                refs.iter()
                    .all(|r| *r == t.name || ordered.iter().any(|o| o.name == *r))
            })
        });
        // A cycle (none in the schema) would otherwise stop the loop: take the first left.
        ordered.push(tables.remove(ready.unwrap_or(0)));
    }
    ordered
}

/// (name, declared type) of each column, as (name, kind).
fn kinds_of(info: Vec<(String, String)>) -> StoreResult<Vec<(String, Kind)>> {
    info.into_iter()
        .map(|(name, declared)| Ok((name, kind_of(&declared)?)))
        .collect()
}

fn kind_of(declared: &str) -> StoreResult<Kind> {
    let declared = declared.to_ascii_lowercase();
    if declared.contains("int") {
        Ok(Kind::Integer)
    } else if declared.contains("bool") {
        Ok(Kind::Boolean)
    } else if declared.contains("text") || declared.contains("char") {
        Ok(Kind::Text)
    } else {
        Err(StoreError::Other(sqlx::Error::Protocol(format!(
            "a column of type {declared} cannot be moved"
        ))))
    }
}

async fn sqlite_columns(
    ex: Ex<'_>,
    table: &str,
) -> StoreResult<(Vec<(String, Kind)>, Vec<String>)> {
    let Ex::Sqlite(c, _) = ex else {
        return Ok((Vec::new(), Vec::new()));
    };
    let info: Vec<(String, String)> =
        sqlx::query_as("SELECT name, type FROM pragma_table_info($1) ORDER BY cid")
            .bind(table)
            .fetch_all(&mut *c)
            .await?;
    let refs: Vec<String> =
        sqlx::query_scalar("SELECT DISTINCT \"table\" FROM pragma_foreign_key_list($1)")
            .bind(table)
            .fetch_all(&mut *c)
            .await?;
    Ok((kinds_of(info)?, refs))
}

async fn postgres_columns(
    ex: Ex<'_>,
    table: &str,
) -> StoreResult<(Vec<(String, Kind)>, Vec<String>)> {
    let Ex::Postgres(c, _) = ex else {
        return Ok((Vec::new(), Vec::new()));
    };
    let info: Vec<(String, String)> = sqlx::query_as(
        "SELECT column_name::TEXT, data_type::TEXT FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
    )
    .bind(table)
    .fetch_all(&mut *c)
    .await?;
    let refs: Vec<String> = sqlx::query_scalar(
        "SELECT DISTINCT target.relname::TEXT FROM pg_constraint k
         JOIN pg_class source ON source.oid = k.conrelid
         JOIN pg_class target ON target.oid = k.confrelid
         WHERE k.contype = 'f' AND source.relname = $1
           AND source.relnamespace = current_schema()::regnamespace",
    )
    .bind(table)
    .fetch_all(&mut *c)
    .await?;
    Ok((kinds_of(info)?, refs))
}

fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

fn select_all(table: &Table) -> String {
    let columns: Vec<String> = table.columns.iter().map(|(c, _)| quoted(c)).collect();
    format!(
        "SELECT {} FROM {} ORDER BY 1",
        columns.join(", "),
        quoted(&table.name)
    )
}

/// One row as JSON values, by its columns' kinds.
fn row_values<R>(row: &R, table: &Table) -> StoreResult<Vec<Value>>
where
    R: Row,
    usize: sqlx::ColumnIndex<R>,
    for<'r> Option<i64>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<String>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<bool>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    table
        .columns
        .iter()
        .enumerate()
        .map(|(i, (_, kind))| {
            Ok(match kind {
                Kind::Integer => row
                    .try_get::<Option<i64>, _>(i)?
                    .map_or(Value::Null, Value::from),
                Kind::Text => row
                    .try_get::<Option<String>, _>(i)?
                    .map_or(Value::Null, Value::from),
                Kind::Boolean => row
                    .try_get::<Option<bool>, _>(i)?
                    .map_or(Value::Null, Value::from),
            })
        })
        .collect()
}

/// Hands each row of `table` to `each`, in order, without holding the table in memory.
pub async fn each_row(
    ex: Ex<'_>,
    table: &Table,
    mut each: impl FnMut(Vec<Value>) -> std::io::Result<()>,
) -> StoreResult<u64> {
    let sql = select_all(table);
    let mut count = 0;
    let io = |e: std::io::Error| StoreError::Other(sqlx::Error::Io(e));
    on!(ex, c => {
        let mut rows = sqlx::query(sqlx::AssertSqlSafe(sql)).fetch(&mut *c);
        while let Some(row) = rows.try_next().await? {
            each(row_values(&row, table)?).map_err(io)?;
            count += 1;
        }
    });
    Ok(count)
}

/// Starts one read snapshot on this connection: every later read of it sees the database as
/// it was at its first read, while other connections write on.
pub async fn begin_snapshot(ex: Ex<'_>) -> StoreResult<()> {
    match ex {
        Ex::Sqlite(c, _) => {
            sqlx::query("BEGIN").execute(&mut *c).await?;
            // A deferred transaction takes its snapshot at its first read: take it now.
            sqlx::query("SELECT COUNT(*) FROM sqlite_master")
                .execute(&mut *c)
                .await?;
        }
        Ex::Postgres(c, _) => {
            sqlx::query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                .execute(&mut *c)
                .await?;
            sqlx::query("SELECT 1").execute(&mut *c).await?;
        }
    }
    Ok(())
}

/// Ends [`begin_snapshot`]'s transaction (it wrote nothing).
pub async fn end_snapshot(ex: Ex<'_>) {
    let _ = on!(ex, c => sqlx::query("ROLLBACK").execute(&mut *c).await.map(drop));
}

/// The newest migration applied to the database (0 when none).
pub async fn schema_version(ex: Ex<'_>) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar::<_, Option<i64>>(
        "SELECT MAX(version) FROM _sqlx_migrations WHERE success = TRUE")
        .fetch_one(&mut *c).await)?
    .unwrap_or_default())
}

/// How many rows `table` holds.
pub async fn count(ex: Ex<'_>, table: &Table) -> StoreResult<u64> {
    let sql = format!("SELECT COUNT(*) FROM {}", quoted(&table.name));
    let n: i64 =
        on!(ex, c => sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(&mut *c).await)?;
    Ok(n.max(0) as u64)
}

/// Empties every table of `tables` (last first: nothing references a row when it goes).
pub async fn clear(tx: &mut Tx, tables: &[Table]) -> StoreResult<()> {
    for table in tables.iter().rev() {
        let sql = format!("DELETE FROM {}", quoted(&table.name));
        on!(tx.ex(), c => sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut *c).await.map(drop))?;
    }
    Ok(())
}

/// Inserts `rows` (values in the order of `columns`) into `table`, several rows per statement.
pub async fn insert(
    tx: &mut Tx,
    table: &Table,
    columns: &[String],
    rows: &[Vec<Value>],
) -> StoreResult<()> {
    let kinds: Vec<Kind> = columns
        .iter()
        .map(|name| {
            table
                .columns
                .iter()
                .find(|(c, _)| c == name)
                .map(|(_, k)| *k)
                .ok_or_else(|| {
                    StoreError::Other(sqlx::Error::Protocol(format!(
                        "{}.{name} is not a column of this database",
                        table.name
                    )))
                })
        })
        .collect::<StoreResult<_>>()?;
    let names: Vec<String> = columns.iter().map(|c| quoted(c)).collect();
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let mut n = 0;
        let tuples: Vec<String> = chunk
            .iter()
            .map(|_| {
                let marks: Vec<String> = kinds
                    .iter()
                    .map(|_| {
                        n += 1;
                        format!("${n}")
                    })
                    .collect();
                format!("({})", marks.join(", "))
            })
            .collect();
        let sql = format!(
            "INSERT INTO {} ({}) VALUES {}",
            quoted(&table.name),
            names.join(", "),
            tuples.join(", ")
        );
        on!(tx.ex(), c => {
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
            for row in chunk {
                if row.len() != kinds.len() {
                    return Err(StoreError::Other(sqlx::Error::Protocol(format!(
                        "a row of {} has {} values for {} columns",
                        table.name,
                        row.len(),
                        kinds.len()
                    ))));
                }
                for (value, kind) in row.iter().zip(&kinds) {
                    query = match kind {
                        Kind::Integer => query.bind(value.as_i64()),
                        Kind::Text => query.bind(value.as_str().map(str::to_string)),
                        Kind::Boolean => query.bind(value.as_bool()),
                    };
                }
            }
            query.execute(&mut *c).await.map(drop)
        })?;
    }
    Ok(())
}

/// (id, value) of every row of `table` whose `column` holds a value (sealed columns: the names
/// come from the code, never from input).
pub async fn sealed_values(
    tx: &mut Tx,
    table: &str,
    column: &str,
) -> StoreResult<Vec<(i64, String)>> {
    let sql = format!(
        "SELECT id, {c} FROM {t} WHERE {c} IS NOT NULL ORDER BY id",
        c = quoted(column),
        t = quoted(table)
    );
    Ok(on!(tx.ex(), c => sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(&mut *c).await)?)
}

/// Stores `value` in `column` of the row `id` of `table`.
pub async fn set_sealed(
    tx: &mut Tx,
    table: &str,
    column: &str,
    id: i64,
    value: &str,
) -> StoreResult<()> {
    let sql = format!(
        "UPDATE {t} SET {c} = $1 WHERE id = $2",
        c = quoted(column),
        t = quoted(table)
    );
    on!(tx.ex(), c => sqlx::query(sqlx::AssertSqlSafe(sql)).bind(value).bind(id).execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// Rows per `INSERT`: well under both backends' limit on bound values for the widest table.
const ROWS_PER_INSERT: usize = 100;

/// PostgreSQL: every identity column's sequence continues after the highest id now stored
/// (SQLite's `AUTOINCREMENT` follows inserted ids by itself).
pub async fn continue_sequences(tx: &mut Tx) -> StoreResult<()> {
    let Tx::Postgres(c, _) = tx else {
        return Ok(());
    };
    let identities: Vec<(String, String)> = sqlx::query_as(
        "SELECT table_name::TEXT, column_name::TEXT FROM information_schema.columns
         WHERE table_schema = current_schema() AND is_identity = 'YES'",
    )
    .fetch_all(&mut **c)
    .await?;
    for (table, column) in identities {
        let sql = format!(
            "SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX({col}) FROM {tab}), 0) + 1, false)",
            col = quoted(&column),
            tab = quoted(&table)
        );
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(&table)
            .bind(&column)
            .execute(&mut **c)
            .await?;
    }
    Ok(())
}

/// Whether the database holds anything a restore or import would overwrite: a user or a
/// calendar (a database that is only migrated holds neither).
pub async fn holds_data(store: &Store) -> StoreResult<bool> {
    let mut conn = store.conn().await?;
    let count: i64 = on!(conn.ex(), c => sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM users) + (SELECT COUNT(*) FROM calendars)")
        .fetch_one(&mut *c).await)?;
    Ok(count > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(name: &str) -> Table {
        Table {
            name: name.into(),
            columns: Vec::new(),
        }
    }

    #[test]
    fn a_table_comes_after_every_table_it_references() {
        let references: BTreeMap<String, Vec<String>> = [
            ("bookings", vec!["events", "bookings", "users"]),
            ("events", vec!["calendars", "users"]),
            ("calendars", vec!["users"]),
            ("users", vec![]),
        ]
        .into_iter()
        .map(|(t, r)| (t.to_string(), r.into_iter().map(str::to_string).collect()))
        .collect();
        let ordered = in_reference_order(
            vec![
                table("bookings"),
                table("events"),
                table("calendars"),
                table("users"),
            ],
            &references,
        );
        let names: Vec<&str> = ordered.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["users", "calendars", "events", "bookings"]);
    }

    #[test]
    fn the_schema_has_only_movable_column_kinds() {
        assert_eq!(kind_of("BIGINT").ok(), Some(Kind::Integer));
        assert_eq!(kind_of("boolean").ok(), Some(Kind::Boolean));
        assert_eq!(kind_of("text").ok(), Some(Kind::Text));
        assert!(kind_of("BLOB").is_err());
    }
}
