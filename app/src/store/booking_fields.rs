//! `booking_fields`: the form an attendee fills in, per event.

use super::{Ex, StoreResult, on};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FieldRow {
    pub position: i64,
    pub name: String,
    #[sqlx(rename = "type")]
    pub field_type: String,
    pub label: String,
    pub required: bool,
    pub enabled: bool,
    pub system_defined: bool,
    pub disable_alter: bool,
    pub is_visible: bool,
    pub placeholder: String,
    pub help_text: String,
    /// Type-specific keys (options, limit, …) as a JSON object.
    pub config: String,
}

const COLUMNS: &str = "position, name, type, label, required, enabled, system_defined, disable_alter, is_visible, placeholder, help_text, config";

pub async fn list(ex: Ex<'_>, event_id: i64) -> StoreResult<Vec<FieldRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM booking_fields WHERE event_id = $1 ORDER BY position, id"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, FieldRow>(sql).bind(event_id).fetch_all(&mut *c).await)?)
}

/// Replaces the event's fields (call inside a transaction).
pub async fn replace(mut ex: Ex<'_>, event_id: i64, fields: &[FieldRow]) -> StoreResult<()> {
    on!(&mut ex, c => sqlx::query("DELETE FROM booking_fields WHERE event_id = $1").bind(event_id).execute(&mut **c).await.map(|_| ()))?;
    for f in fields {
        on!(&mut ex, c => sqlx::query(
            "INSERT INTO booking_fields (event_id, position, name, type, label, required, enabled, system_defined,
                disable_alter, is_visible, placeholder, help_text, config)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)")
            .bind(event_id).bind(f.position).bind(&f.name).bind(&f.field_type).bind(&f.label).bind(f.required)
            .bind(f.enabled).bind(f.system_defined).bind(f.disable_alter).bind(f.is_visible).bind(&f.placeholder)
            .bind(&f.help_text).bind(&f.config)
            .execute(&mut **c).await.map(|_| ()))?;
    }
    Ok(())
}

/// Copies one event's fields to another (event cloning).
pub async fn copy(mut ex: Ex<'_>, from_event: i64, to_event: i64) -> StoreResult<()> {
    let fields = list(super::reborrow(&mut ex), from_event).await?;
    if fields.is_empty() {
        return Ok(());
    }
    replace(ex, to_event, &fields).await
}
