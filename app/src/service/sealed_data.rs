//! Attendee data sealed at rest over a whole database (DESIGN 2.11): `migrate` and `serve`
//! seal what a database older than sealing holds in clear and make its lookup hashes;
//! `rotate-key` opens every sealed value with the old key and seals it with the new one, and
//! makes every lookup hash again. The storage layer seals and opens row by row otherwise.

use crate::service::bookings::holds::WAITLIST_HOLDER;
use crate::service::outbox::Message;
use crate::store::sealed_rows::{self, ATTENDEE_COLUMNS};
use crate::store::sealing::{Keys, PREFIX};
use crate::store::{Store, StoreResult, Tx};

/// Whether `text` is one of the lookup hashes (64 hex digits), not a clear value.
fn is_hash(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Seals the clear attendee data of the store's database in place, and fills the lookup
/// hashes it lacks, in one transaction. Answers how many values it sealed or hashed (0 once
/// a database is sealed: the next starts only read).
pub async fn seal_clear_data(store: &Store) -> StoreResult<u64> {
    let mut tx = store.begin().await?;
    let keys = tx.ex().keys()?;
    let mut changed = 0;
    for column in ATTENDEE_COLUMNS {
        for (id, clear) in sealed_rows::filled(&mut tx, column, true).await? {
            sealed_rows::set(&mut tx, column, id, &keys.seal_field(&clear)).await?;
            changed += 1;
        }
    }
    changed += make_hashes(&mut tx, &keys, true).await?;
    for (id, kind, payload, stored) in sealed_rows::sequenced_items(&mut tx).await? {
        if !is_hash(&stored) {
            let key = sequence_key(&keys, &kind, &payload)?.unwrap_or(stored);
            sealed_rows::set_sequence_key(&mut tx, id, &keys.key_hash(&key)).await?;
            changed += 1;
        }
    }
    for (id, address) in sealed_rows::hold_addresses(&mut tx).await? {
        if !is_hash(&address) {
            sealed_rows::set_hold_address(&mut tx, id, &keys.address_hash(&address)).await?;
            changed += 1;
        }
    }
    for (token, state) in sealed_rows::confirmation_states(&mut tx).await? {
        if !state.is_empty() && !state.starts_with(PREFIX) {
            sealed_rows::set_confirmation_state(&mut tx, &token, &keys.seal(&state)).await?;
            changed += 1;
        }
    }
    tx.commit().await?;
    if changed > 0 {
        tracing::info!(values = changed, "sealed the attendee data stored in clear");
    }
    Ok(changed)
}

/// Fills the lookup hashes of bookings and waitlist entries from their (sealed) values: those
/// without any (`missing_only`), or all. Answers how many rows it changed.
async fn make_hashes(tx: &mut Tx, keys: &Keys, missing_only: bool) -> StoreResult<u64> {
    let mut changed = 0;
    for row in sealed_rows::booking_attendees(tx, missing_only).await? {
        let (first, last) = (
            keys.open_field(&row.first_name)?,
            keys.open_field(&row.last_name)?,
        );
        let email = keys.open_field(&row.email)?;
        let (email_hash, words) = (keys.email_hash(&email), keys.name_words(&first, &last));
        if missing_only && email_hash.is_empty() && words.is_empty() {
            continue;
        }
        sealed_rows::set_booking_hashes(tx, row.id, &email_hash, &words).await?;
        changed += 1;
    }
    for (id, email) in sealed_rows::waitlist_emails(tx, missing_only).await? {
        let email_hash = keys.email_hash(&keys.open_field(&email)?);
        sealed_rows::set_waitlist_hash(tx, id, &email_hash).await?;
        changed += 1;
    }
    Ok(changed)
}

/// The clear sequence key of a queued item, made again from its (sealed) message.
fn sequence_key(keys: &Keys, kind: &str, payload: &str) -> StoreResult<Option<String>> {
    let payload = keys.open_field(payload)?;
    Ok(Message::parse(kind, &payload)
        .ok()
        .and_then(|m| m.sequence_key()))
}

/// A value `old` cannot open: `rotate-key` refuses and changes nothing.
#[derive(Debug)]
pub struct Unopened {
    pub table: &'static str,
    pub column: &'static str,
    pub id: String,
}

/// In `rotate-key`'s transaction: every sealed attendee value opened with `old` and sealed
/// with `new`, every lookup hash made again under `new`. A visitor's hold keeps counting
/// toward the address's cap only until it ends (its address is known only by the old hash).
/// Answers how many values were sealed again.
pub async fn reseal(tx: &mut Tx, old: &Keys, new: &Keys) -> StoreResult<Result<u64, Unopened>> {
    let mut resealed = 0;
    for column in ATTENDEE_COLUMNS {
        for (id, stored) in sealed_rows::filled(tx, column, false).await? {
            let Ok(plain) = old.open_field(&stored) else {
                let (table, column) = column;
                return Ok(Err(Unopened {
                    table,
                    column,
                    id: id.to_string(),
                }));
            };
            sealed_rows::set(tx, column, id, &new.seal_field(&plain)).await?;
            resealed += 1;
        }
    }
    for (token, state) in sealed_rows::confirmation_states(tx).await? {
        let Ok(plain) = old.open_field(&state) else {
            let id = token.chars().take(8).collect();
            return Ok(Err(Unopened {
                table: "agent_confirmations",
                column: "state",
                id,
            }));
        };
        sealed_rows::set_confirmation_state(tx, &token, &new.seal_field(&plain)).await?;
        resealed += 1;
    }
    make_hashes(tx, new, false).await?;
    for (id, kind, payload, _) in sealed_rows::sequenced_items(tx).await? {
        if let Some(key) = sequence_key(new, &kind, &payload)? {
            sealed_rows::set_sequence_key(tx, id, &new.key_hash(&key)).await?;
        }
    }
    let waitlist = old.address_hash(WAITLIST_HOLDER);
    for (id, address) in sealed_rows::hold_addresses(tx).await? {
        if address == waitlist {
            sealed_rows::set_hold_address(tx, id, &new.address_hash(WAITLIST_HOLDER)).await?;
        }
    }
    Ok(Ok(resealed))
}
