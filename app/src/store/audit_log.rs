//! `audit_log`: the security audit log (DESIGN 2.10). Rows are only added, and deleted only by
//! the retention job.

use super::{Ex, StoreResult, on};

/// One entry as stored. `details` is a JSON object.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct AuditRow {
    pub id: i64,
    pub created_at: i64,
    pub action: String,
    pub outcome: String,
    pub method: Option<String>,
    pub actor_id: Option<i64>,
    pub actor_login: Option<String>,
    pub target_type: Option<String>,
    pub target_id: Option<i64>,
    pub target_label: Option<String>,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub details: String,
}

/// Which entries a listing holds; empty text and 0 mean "any".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AuditFilter {
    /// Action names, comma-separated.
    pub actions: String,
    pub actor_id: i64,
    pub target_type: String,
    pub target_id: i64,
    pub outcome: String,
    /// `created_at` from (inclusive) and to (exclusive), epoch seconds.
    pub from: i64,
    pub until: i64,
}

const COLUMNS: &str = "id, created_at, action, outcome, method, actor_id, actor_login, target_type, target_id, target_label, ip, user_agent, details";

const FILTER: &str = "($1 = '' OR (',' || $1 || ',') LIKE ('%,' || action || ',%'))
    AND ($2 = 0 OR actor_id = $2)
    AND ($3 = '' OR target_type = $3)
    AND ($4 = 0 OR target_id = $4)
    AND ($5 = '' OR outcome = $5)
    AND created_at >= $6 AND created_at < $7";

macro_rules! bind_filter {
    ($query:expr, $f:expr) => {
        $query
            .bind(&$f.actions)
            .bind($f.actor_id)
            .bind(&$f.target_type)
            .bind($f.target_id)
            .bind(&$f.outcome)
            .bind($f.from)
            .bind($f.until)
    };
}

/// Adds an entry (its `id` is ignored) and answers its id.
pub async fn insert(ex: Ex<'_>, e: &AuditRow) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO audit_log (created_at, action, outcome, method, actor_id, actor_login, target_type, target_id, target_label, ip, user_agent, details)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id")
        .bind(e.created_at).bind(&e.action).bind(&e.outcome).bind(&e.method).bind(e.actor_id)
        .bind(&e.actor_login).bind(&e.target_type).bind(e.target_id).bind(&e.target_label)
        .bind(&e.ip).bind(&e.user_agent).bind(&e.details)
        .fetch_one(&mut *c).await)?)
}

/// The matching entries, newest first.
pub async fn list(
    ex: Ex<'_>,
    f: &AuditFilter,
    limit: i64,
    offset: i64,
) -> StoreResult<Vec<AuditRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM audit_log WHERE {FILTER} ORDER BY id DESC LIMIT $8 OFFSET $9"
    ));
    Ok(
        on!(ex, c => bind_filter!(sqlx::query_as::<_, AuditRow>(sql), f)
        .bind(limit).bind(offset).fetch_all(&mut *c).await)?,
    )
}

pub async fn count(ex: Ex<'_>, f: &AuditFilter) -> StoreResult<i64> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM audit_log WHERE {FILTER}"));
    Ok(on!(ex, c => bind_filter!(sqlx::query_scalar(sql), f).fetch_one(&mut *c).await)?)
}

/// Deletes the entries made before `before` (retention); answers how many went.
pub async fn delete_before(ex: Ex<'_>, before: i64) -> StoreResult<u64> {
    Ok(
        on!(ex, c => sqlx::query("DELETE FROM audit_log WHERE created_at < $1")
        .bind(before).execute(&mut *c).await.map(|r| r.rows_affected()))?,
    )
}
