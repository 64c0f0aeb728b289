//! `/admin/audit-log`: the audit log's filter form and table for administrators (anyone else
//! gets the dashboard's 404 page), and its CSV with the same filters.

use crate::domain::access::Capability;
use crate::model::audit::{AuditEntry, AuditLine, AuditLogPage, AuditQuery};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult, audit};
use crate::store::users;

fn value<'a>(pairs: &'a [(String, String)], key: &str) -> &'a str {
    pairs
        .iter()
        .rev()
        .find(|(k, _)| k == key)
        .map_or("", |(_, v)| v.trim())
}

fn line(entry: AuditEntry) -> AuditLine {
    let when = crate::texts::dashboard::utc_stamp(&entry.created_at, true);
    let target = match (&entry.target_type, &entry.target_label) {
        (Some(kind), Some(label)) => format!("{kind} {label}"),
        (Some(kind), None) => kind.clone(),
        _ => "\u{2014}".into(),
    };
    AuditLine {
        at: entry.created_at,
        when,
        action: entry.action,
        user: entry.actor_login.unwrap_or_else(|| "\u{2014}".into()),
        target,
        ip: entry.ip.unwrap_or_default(),
        outcome: entry.outcome,
    }
}

/// The page for the query's `(name, value)` pairs.
pub async fn audit_log(
    ctx: &Ctx,
    caller: &Caller,
    pairs: &[(String, String)],
) -> ServiceResult<AuditLogPage> {
    if !caller.can(Capability::ManageOptions) {
        return Err(ServiceError::NotFound);
    }
    let users = {
        let mut conn = ctx.store.conn().await?;
        users::all(conn.ex()).await?
    };
    let mut page = AuditLogPage {
        action: value(pairs, "action").to_string(),
        actor: value(pairs, "actor").to_string(),
        outcome: value(pairs, "outcome").to_string(),
        from: value(pairs, "from").to_string(),
        to: value(pairs, "to").to_string(),
        users: users.into_iter().map(|u| (u.id, u.login)).collect(),
        page: 1,
        last_page: 1,
        ..AuditLogPage::default()
    };
    let q = match AuditQuery::from_pairs(pairs) {
        Ok(q) => q,
        Err(refused) => {
            page.error = Some(ServiceError::invalid(refused).to_string());
            page.csv_href = "/admin/audit-log.csv".into();
            return Ok(page);
        }
    };
    let listed = audit::list(ctx, caller, &q).await?.audit_log;
    let filters = q.to_query_string();
    let href = |base: &str, n: i64| {
        let mut query = filters.clone();
        if n > 1 {
            query.push_str(if query.is_empty() { "" } else { "&" });
            query.push_str(&format!("page={n}"));
        }
        if query.is_empty() {
            base.to_string()
        } else {
            format!("{base}?{query}")
        }
    };
    page.total = listed.total;
    page.page = listed.current_page;
    page.last_page = listed.last_page;
    page.previous_href = (q.page > 1).then(|| href("/admin/audit-log", q.page - 1));
    page.next_href = (q.page < listed.last_page).then(|| href("/admin/audit-log", q.page + 1));
    page.csv_href = href("/admin/audit-log.csv", 1);
    page.rows = listed.data.into_iter().map(line).collect();
    Ok(page)
}

/// `/admin/audit-log.csv`: administrators only (others: 404).
pub async fn audit_log_csv(
    ctx: &Ctx,
    caller: &Caller,
    pairs: &[(String, String)],
) -> ServiceResult<String> {
    if !caller.can(Capability::ManageOptions) {
        return Err(ServiceError::NotFound);
    }
    let q = AuditQuery::from_pairs(pairs).map_err(ServiceError::invalid)?;
    audit::csv(ctx, caller, &AuditQuery { page: 1, ..q }).await
}
