//! `settings`: global settings documents by key.

use super::{Ex, StoreResult, now_epoch, on};

pub async fn get(ex: Ex<'_>, key: &str) -> StoreResult<Option<String>> {
    Ok(
        on!(ex, c => sqlx::query_scalar("SELECT value FROM settings WHERE key = $1")
        .bind(key).fetch_optional(&mut *c).await)?,
    )
}

/// The document stored under `key`, decoded; `None` when there is none (`Corrupt` when it
/// does not decode).
pub async fn document<T: serde::de::DeserializeOwned + Default>(
    ex: Ex<'_>,
    key: &str,
) -> StoreResult<Option<T>> {
    match get(ex, key).await? {
        Some(text) => super::decode(&format!("settings row {key}"), &text).map(Some),
        None => Ok(None),
    }
}

pub async fn put(ex: Ex<'_>, key: &str, value: &str) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at")
        .bind(key).bind(value).bind(now_epoch()).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}
