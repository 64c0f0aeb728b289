//! The security audit log (DESIGN 2.10): entries written in the transaction of the change they
//! record, listed for administrators, exported as CSV, and deleted after the retention time.
//!
//! An entry never holds a secret: the builder takes names, ids and labels only, and the callers
//! pass no password, token or code into `details`.

use serde_json::{Map, Value, json};

use crate::domain::access::Capability;
use crate::domain::audit::{AuditAction, AuthMethod, LoginRefusal, Outcome};
use crate::domain::text::spreadsheet_safe;
use crate::model::audit::{AuditEntry, AuditLogAnswer, AuditQuery};
use crate::model::page::Page;
use crate::service::support::present::rfc3339;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::audit_log::{self, AuditFilter, AuditRow};
use crate::store::{Ex, StoreResult, now_epoch};

/// The request an action came with: its peer address and User-Agent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
}

impl Origin {
    /// A request from `ip` sending `user_agent` (cut to 500 characters: it is the client's text).
    pub fn new(ip: impl Into<String>, user_agent: Option<&str>) -> Origin {
        Origin {
            ip: Some(ip.into()),
            user_agent: user_agent.map(|ua| ua.chars().take(500).collect()),
        }
    }
}

/// What an entry is about.
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    pub kind: &'static str,
    pub id: Option<i64>,
    pub label: String,
}

/// One entry to write.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditEvent {
    action: AuditAction,
    outcome: Outcome,
    method: Option<AuthMethod>,
    actor: Option<(i64, String)>,
    target: Option<Target>,
    origin: Origin,
    details: Map<String, Value>,
}

impl AuditEvent {
    /// `caller` did `action`, successfully.
    pub fn by(caller: &Caller, action: AuditAction) -> AuditEvent {
        AuditEvent {
            action,
            outcome: Outcome::Success,
            method: Some(caller.method),
            actor: Some((caller.id(), caller.user.login.clone())),
            target: None,
            origin: caller.origin.clone(),
            details: Map::new(),
        }
    }

    /// `action` by nobody known (a refused login naming no account, a job), from `origin`.
    pub fn unattributed(action: AuditAction, origin: Origin) -> AuditEvent {
        AuditEvent {
            action,
            outcome: Outcome::Success,
            method: None,
            actor: None,
            target: None,
            origin,
            details: Map::new(),
        }
    }

    /// `action` run from the command line (by whoever runs the server: no user, no request).
    pub fn from_command_line(action: AuditAction) -> AuditEvent {
        AuditEvent {
            method: Some(AuthMethod::Cli),
            ..AuditEvent::unattributed(action, Origin::default())
        }
    }

    /// A login attempt of the account `actor` (none when no account matches) through `method`.
    pub fn login(
        actor: Option<(i64, String)>,
        method: AuthMethod,
        origin: Origin,
        refusal: Option<LoginRefusal>,
        second_factor: Option<&'static str>,
    ) -> AuditEvent {
        let (action, outcome) = match refusal {
            None => (AuditAction::LoginSucceeded, Outcome::Success),
            Some(_) => (AuditAction::LoginFailed, Outcome::Failure),
        };
        let mut event = AuditEvent {
            action,
            outcome,
            method: Some(method),
            actor,
            target: None,
            origin,
            details: Map::new(),
        };
        if let Some(refusal) = refusal {
            event = event.detail("reason", refusal.as_str());
        }
        event.detail("second_factor", second_factor)
    }

    pub fn target(mut self, kind: &'static str, id: Option<i64>, label: impl Into<String>) -> Self {
        self.target = Some(Target {
            kind,
            id,
            label: label.into(),
        });
        self
    }

    pub fn detail(mut self, key: &str, value: impl Into<Value>) -> Self {
        self.details.insert(key.to_string(), value.into());
        self
    }

    fn row(&self, now: i64) -> AuditRow {
        AuditRow {
            id: 0,
            created_at: now,
            action: self.action.as_str().to_string(),
            outcome: self.outcome.as_str().to_string(),
            method: self.method.map(|m| m.as_str().to_string()),
            actor_id: self.actor.as_ref().map(|(id, _)| *id),
            actor_login: self.actor.as_ref().map(|(_, login)| login.clone()),
            target_type: self.target.as_ref().map(|t| t.kind.to_string()),
            target_id: self.target.as_ref().and_then(|t| t.id),
            target_label: self.target.as_ref().map(|t| t.label.clone()),
            ip: self.origin.ip.clone(),
            user_agent: self.origin.user_agent.clone(),
            details: Value::Object(self.details.clone()).to_string(),
        }
    }
}

/// Writes `event`, within the caller's transaction when `ex` is one.
pub async fn record(ex: Ex<'_>, event: &AuditEvent) -> StoreResult<()> {
    audit_log::insert(ex, &event.row(now_epoch())).await?;
    Ok(())
}

/// Writes `event` on its own (an attempt that changed nothing else, such as a failed login).
pub async fn record_alone(ctx: &Ctx, event: &AuditEvent) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    record(tx.ex(), event).await?;
    tx.commit().await?;
    Ok(())
}

/// Entries a CSV export holds at most.
pub const CSV_MAX_ROWS: i64 = 100_000;

fn filter_of(q: &AuditQuery) -> AuditFilter {
    let (target_type, target_id) = q.target.clone().unwrap_or_default();
    AuditFilter {
        actions: q
            .actions
            .iter()
            .map(|a| a.as_str())
            .collect::<Vec<_>>()
            .join(","),
        actor_id: q.actor.unwrap_or(0),
        target_type,
        target_id,
        outcome: q
            .outcome
            .map(|o| o.as_str().to_string())
            .unwrap_or_default(),
        from: q.from.unwrap_or(i64::MIN),
        until: q.until.unwrap_or(i64::MAX),
    }
}

fn entry_of(row: AuditRow) -> AuditEntry {
    AuditEntry {
        id: row.id,
        created_at: rfc3339(row.created_at),
        action: row.action,
        outcome: row.outcome,
        method: row.method,
        actor_id: row.actor_id,
        actor_login: row.actor_login,
        target_type: row.target_type,
        target_id: row.target_id,
        target_label: row.target_label,
        ip: row.ip,
        user_agent: row.user_agent,
        details: serde_json::from_str(&row.details).unwrap_or_else(|_| json!({})),
    }
}

/// 403 unless `caller` is an administrator. The ways in ask it before they read a query, so 403
/// comes before any complaint about the query.
pub fn check_reader(caller: &Caller) -> ServiceResult<()> {
    if !caller.can(Capability::ManageOptions) {
        return Err(ServiceError::forbidden());
    }
    Ok(())
}

/// Writes the `data.exported` entry of a file `caller` downloaded with `rows` rows.
pub async fn record_export(
    ctx: &Ctx,
    caller: &Caller,
    file: &str,
    rows: usize,
) -> ServiceResult<()> {
    record_alone(ctx, &exported(caller, file, rows)).await
}

/// `GET /audit-log`: one page of the matching entries, newest first (administrators).
pub async fn list(ctx: &Ctx, caller: &Caller, q: &AuditQuery) -> ServiceResult<AuditLogAnswer> {
    check_reader(caller)?;
    let filter = filter_of(q);
    let mut conn = ctx.store.conn().await?;
    let total = audit_log::count(conn.ex(), &filter).await?;
    let rows = audit_log::list(conn.ex(), &filter, q.per_page, (q.page - 1) * q.per_page).await?;
    Ok(AuditLogAnswer {
        audit_log: Page::new(
            rows.into_iter().map(entry_of).collect(),
            total,
            q.page,
            q.per_page,
        ),
    })
}

/// `/admin/audit-log.csv`: every matching entry (up to [`CSV_MAX_ROWS`]), newest first. The
/// export is itself audited (`data.exported`), in the transaction that reads it.
pub async fn csv(ctx: &Ctx, caller: &Caller, q: &AuditQuery) -> ServiceResult<String> {
    check_reader(caller)?;
    let filter = filter_of(q);
    let mut tx = ctx.store.begin().await?;
    let rows = audit_log::list(tx.ex(), &filter, CSV_MAX_ROWS, 0).await?;
    let mut out = csv::Writer::from_writer(Vec::new());
    let failed = |e: csv::Error| ServiceError::Internal(format!("CSV: {e}"));
    out.write_record([
        "id",
        "created_at",
        "action",
        "outcome",
        "method",
        "actor_id",
        "actor_login",
        "target_type",
        "target_id",
        "target_label",
        "ip",
        "user_agent",
        "details",
    ])
    .map_err(failed)?;
    let count = rows.len();
    for row in rows {
        let text = |v: Option<String>| v.unwrap_or_default();
        let number = |v: Option<i64>| v.map(|n| n.to_string()).unwrap_or_default();
        let cells = [
            row.id.to_string(),
            rfc3339(row.created_at),
            row.action,
            row.outcome,
            text(row.method),
            number(row.actor_id),
            text(row.actor_login),
            text(row.target_type),
            number(row.target_id),
            text(row.target_label),
            text(row.ip),
            text(row.user_agent),
            row.details,
        ];
        out.write_record(cells.iter().map(|c| spreadsheet_safe(c)))
            .map_err(failed)?;
    }
    let bytes = out
        .into_inner()
        .map_err(|e| ServiceError::Internal(format!("CSV: {e}")))?;
    record(tx.ex(), &exported(caller, "audit-log.csv", count)).await?;
    tx.commit().await?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The `data.exported` entry of a file `caller` downloaded with `rows` rows.
pub fn exported(caller: &Caller, file: &str, rows: usize) -> AuditEvent {
    AuditEvent::by(caller, AuditAction::DataExported)
        .target("export", None, file)
        .detail("rows", rows)
}

/// Deletes entries older than `retention_days` (0: keeps all); answers how many went.
pub async fn apply_retention(ctx: &Ctx, retention_days: i64, now: i64) -> ServiceResult<u64> {
    if retention_days <= 0 {
        return Ok(0);
    }
    let mut tx = ctx.store.begin().await?;
    let deleted = audit_log::delete_before(tx.ex(), now - retention_days * 86_400).await?;
    tx.commit().await?;
    Ok(deleted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_login_entry_names_its_reason_and_second_factor() {
        let origin = Origin::new("192.0.2.1", Some("curl/8"));
        let failed = AuditEvent::login(
            None,
            AuthMethod::Password,
            origin.clone(),
            Some(LoginRefusal::BadCredentials),
            None,
        )
        .row(100);
        assert_eq!(failed.action, "login.failed");
        assert_eq!(failed.outcome, "failure");
        assert_eq!((failed.actor_id, failed.actor_login), (None, None));
        assert_eq!(failed.ip.as_deref(), Some("192.0.2.1"));
        let details: Value = serde_json::from_str(&failed.details).unwrap();
        assert_eq!(
            details,
            json!({"reason": "bad_credentials", "second_factor": null})
        );
        let ok = AuditEvent::login(
            Some((7, "ann".into())),
            AuthMethod::Password,
            origin,
            None,
            Some("totp"),
        )
        .row(100);
        assert_eq!(
            (ok.action.as_str(), ok.outcome.as_str()),
            ("login.succeeded", "success")
        );
        assert_eq!(ok.actor_id, Some(7));
        assert_eq!(ok.details, r#"{"second_factor":"totp"}"#);
    }

    #[test]
    fn a_long_user_agent_is_cut() {
        let origin = Origin::new("::1", Some(&"x".repeat(2000)));
        assert_eq!(origin.user_agent.map(|ua| ua.len()), Some(500));
    }
}
