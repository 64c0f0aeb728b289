//! Attendee data over a whole database, for sealing an older database's clear data and for
//! `rotate-key`: which columns hold it, and the rows their lookup hashes are made from. Table
//! and column names come from [`ATTENDEE_COLUMNS`], never from input.

use super::sealing::PREFIX;
use super::{StoreResult, Tx, on};

/// Every column holding attendee data sealed field by field, as (table, column); rows are
/// named by [`key_of`]. Besides these, `bookings.email_hash`,
/// `booking_attendees.name_words`, `waitlist_entries.email_hash`,
/// `outbox.sequence_key` and `holds.client_ip` hold keyed hashes, and
/// `agent_confirmations.state` sealed previews.
pub const ATTENDEE_COLUMNS: [(&str, &str); 17] = [
    ("booking_attendees", "first_name"),
    ("booking_attendees", "last_name"),
    ("booking_attendees", "email"),
    ("booking_attendees", "message"),
    ("booking_attendees", "internal_note"),
    ("booking_attendees", "phone"),
    ("booking_attendees", "location_details"),
    ("booking_attendees", "ip_address"),
    ("booking_meta", "value"),
    ("activities", "title"),
    ("activities", "description"),
    ("outbox", "payload"),
    ("outbox", "last_error"),
    ("webhook_deliveries", "detail"),
    ("idempotency_keys", "response_body"),
    ("waitlist_entries", "name"),
    ("waitlist_entries", "email"),
];

/// The column naming a row of `table`: a booking's attendee row is named by its booking.
fn key_of(table: &str) -> &'static str {
    if table == "booking_attendees" {
        "booking_id"
    } else {
        "id"
    }
}

/// (row key, value) of the rows whose `column` holds text: only the clear ones (`clear_only`), or
/// every one, sealed or not.
pub async fn filled(
    tx: &mut Tx,
    (table, column): (&str, &str),
    clear_only: bool,
) -> StoreResult<Vec<(i64, String)>> {
    let clear = if clear_only {
        // Sealed text starts with the prefix; `{}` is an empty location, plain by design.
        format!("AND {column} NOT LIKE '{PREFIX}%' AND {column} <> '{{}}'")
    } else {
        String::new()
    };
    let key = key_of(table);
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {key}, {column} FROM {table} WHERE {column} IS NOT NULL AND {column} <> '' {clear} ORDER BY {key}"
    ));
    Ok(on!(tx.ex(), c => sqlx::query_as(sql).fetch_all(&mut *c).await)?)
}

pub async fn set(
    tx: &mut Tx,
    (table, column): (&str, &str),
    id: i64,
    value: &str,
) -> StoreResult<()> {
    let key = key_of(table);
    let sql = sqlx::AssertSqlSafe(format!("UPDATE {table} SET {column} = $1 WHERE {key} = $2"));
    on!(tx.ex(), c => sqlx::query(sql).bind(value).bind(id).execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// An attendee's stored (possibly sealed) name and address.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AttendeeRow {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
}

/// Bookings not erased, with the columns their lookup hashes come from; only those without
/// hashes yet (`missing_only`), or all.
pub async fn booking_attendees(tx: &mut Tx, missing_only: bool) -> StoreResult<Vec<AttendeeRow>> {
    let missing = if missing_only {
        "AND b.email_hash = '' AND a.name_words = ''"
    } else {
        ""
    };
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT b.id, a.first_name, a.last_name, a.email FROM bookings b
         JOIN booking_attendees a ON a.booking_id = b.id
         WHERE b.erased_at IS NULL {missing} ORDER BY b.id"
    ));
    Ok(on!(tx.ex(), c => sqlx::query_as::<_, AttendeeRow>(sql).fetch_all(&mut *c).await)?)
}

pub async fn set_booking_hashes(
    tx: &mut Tx,
    id: i64,
    email_hash: &str,
    name_words: &str,
) -> StoreResult<()> {
    on!(tx.ex(), c => sqlx::query("UPDATE bookings SET email_hash = $2 WHERE id = $1")
        .bind(id).bind(email_hash).execute(&mut *c).await.map(drop))?;
    on!(tx.ex(), c => sqlx::query("UPDATE booking_attendees SET name_words = $2 WHERE booking_id = $1")
        .bind(id).bind(name_words).execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// (id, stored address) of waitlist entries; only those without a hash yet (`missing_only`).
pub async fn waitlist_emails(tx: &mut Tx, missing_only: bool) -> StoreResult<Vec<(i64, String)>> {
    let missing = if missing_only {
        "WHERE email_hash = ''"
    } else {
        ""
    };
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT id, email FROM waitlist_entries {missing} ORDER BY id"
    ));
    Ok(on!(tx.ex(), c => sqlx::query_as(sql).fetch_all(&mut *c).await)?)
}

pub async fn set_waitlist_hash(tx: &mut Tx, id: i64, email_hash: &str) -> StoreResult<()> {
    on!(tx.ex(), c => sqlx::query("UPDATE waitlist_entries SET email_hash = $2 WHERE id = $1")
        .bind(id).bind(email_hash).execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// A queued item with a sequence key: (id, kind, stored payload, stored key).
pub async fn sequenced_items(tx: &mut Tx) -> StoreResult<Vec<(i64, String, String, String)>> {
    Ok(on!(tx.ex(), c => sqlx::query_as(
        "SELECT id, kind, payload, sequence_key FROM outbox WHERE sequence_key IS NOT NULL ORDER BY id")
        .fetch_all(&mut *c).await)?)
}

pub async fn set_sequence_key(tx: &mut Tx, id: i64, key: &str) -> StoreResult<()> {
    on!(tx.ex(), c => sqlx::query("UPDATE outbox SET sequence_key = $2 WHERE id = $1")
        .bind(id).bind(key).execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// (id, stored address) of holds.
pub async fn hold_addresses(tx: &mut Tx) -> StoreResult<Vec<(i64, String)>> {
    Ok(
        on!(tx.ex(), c => sqlx::query_as("SELECT id, client_ip FROM holds ORDER BY id")
        .fetch_all(&mut *c).await)?,
    )
}

pub async fn set_hold_address(tx: &mut Tx, id: i64, address: &str) -> StoreResult<()> {
    on!(tx.ex(), c => sqlx::query("UPDATE holds SET client_ip = $2 WHERE id = $1")
        .bind(id).bind(address).execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// (token hash, stored state) of confirm tokens.
pub async fn confirmation_states(tx: &mut Tx) -> StoreResult<Vec<(String, String)>> {
    Ok(
        on!(tx.ex(), c => sqlx::query_as("SELECT token_hash, state FROM agent_confirmations")
        .fetch_all(&mut *c).await)?,
    )
}

pub async fn set_confirmation_state(tx: &mut Tx, token_hash: &str, state: &str) -> StoreResult<()> {
    on!(tx.ex(), c => sqlx::query("UPDATE agent_confirmations SET state = $2 WHERE token_hash = $1")
        .bind(token_hash).bind(state).execute(&mut *c).await.map(drop))?;
    Ok(())
}
