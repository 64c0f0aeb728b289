//! The security audit log's answers (DESIGN 2.10) and the query that selects its entries.

use serde::{Deserialize, Serialize};

use super::page::Page;
use crate::domain::audit::{AuditAction, Outcome};
#[cfg(feature = "ssr")]
use crate::domain::validation::FieldErrors;

/// One entry of the audit log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct AuditEntry {
    pub id: i64,
    /// RFC 3339.
    #[cfg_attr(feature = "ssr", schema(example = "2026-12-01T09:00:00+00:00"))]
    pub created_at: String,
    #[cfg_attr(feature = "ssr", schema(example = "login.succeeded"))]
    pub action: String,
    /// `success` or `failure`.
    pub outcome: String,
    /// How the actor authenticated: `password`, `oidc`, `app_password`, `cli`; null for jobs.
    pub method: Option<String>,
    pub actor_id: Option<i64>,
    pub actor_login: Option<String>,
    pub target_type: Option<String>,
    pub target_id: Option<i64>,
    pub target_label: Option<String>,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    /// What else the action names (never a secret).
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub details: serde_json::Value,
}

/// `{audit_log}`: one page of entries, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"audit_log": {"current_page": 1, "data": [{"id": 120, "created_at": "2026-11-20T08:12:40+00:00", "action": "login.failed", "outcome": "failure", "method": "password", "actor_id": 7, "actor_login": "sam", "target_type": null, "target_id": null, "target_label": null, "ip": "203.0.113.7", "user_agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "details": {"reason": "bad_credentials", "second_factor": null}}], "total": 1, "per_page": 15, "last_page": 1, "from": 1, "to": 1}})))]
pub struct AuditLogAnswer {
    pub audit_log: Page<AuditEntry>,
}

/// Which entries to list: every field empty lists all.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditQuery {
    pub actions: Vec<AuditAction>,
    /// The acting user's id.
    pub actor: Option<i64>,
    /// `target_type` and `target_id`.
    pub target: Option<(String, i64)>,
    pub outcome: Option<Outcome>,
    /// From the start of this UTC day (epoch seconds), inclusive.
    pub from: Option<i64>,
    /// Until the end of this UTC day (epoch seconds of the next day's start), exclusive.
    pub until: Option<i64>,
    pub page: i64,
    pub per_page: i64,
}

/// Entries per page at most.
pub const MAX_PER_PAGE: i64 = 100;

#[cfg(feature = "ssr")]
impl AuditQuery {
    /// Reads the query's `(name, value)` pairs (the last value of a name counts).
    pub fn from_pairs(pairs: &[(String, String)]) -> Result<AuditQuery, FieldErrors> {
        let get = |key: &str| {
            pairs
                .iter()
                .rev()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.trim())
                .filter(|v| !v.is_empty())
        };
        let mut errors = FieldErrors::new();
        let mut q = AuditQuery::default();
        if let Some(names) = get("action") {
            for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                match AuditAction::parse(name) {
                    Some(action) if !q.actions.contains(&action) => q.actions.push(action),
                    Some(_) => {}
                    None => {
                        errors.add(
                            "action",
                            "in",
                            "The action is not one of the audited actions.",
                        );
                        break;
                    }
                }
            }
        }
        let id = |key: &str, errors: &mut FieldErrors| match get(key) {
            None => None,
            Some(text) => match text.parse::<i64>() {
                Ok(n) if n > 0 => Some(n),
                _ => {
                    errors.add(
                        key,
                        "integer",
                        format!("The {key} must be a positive integer."),
                    );
                    None
                }
            },
        };
        q.actor = id("actor", &mut errors);
        let target_id = id("target_id", &mut errors);
        match (get("target_type"), target_id) {
            (Some(kind), id) => q.target = Some((kind.to_string(), id.unwrap_or(0))),
            (None, Some(id)) => q.target = Some((String::new(), id)),
            (None, None) => {}
        }
        if let Some(outcome) = get("outcome") {
            q.outcome = Outcome::parse(outcome);
            if q.outcome.is_none() {
                errors.add("outcome", "in", "The outcome must be success or failure.");
            }
        }
        let day = |key: &str, errors: &mut FieldErrors| {
            let text = get(key)?;
            match chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
                Ok(date) => date.and_hms_opt(0, 0, 0).map(|t| t.and_utc().timestamp()),
                Err(_) => {
                    errors.add(
                        key,
                        "date",
                        format!("The {key} must be a date (YYYY-MM-DD)."),
                    );
                    None
                }
            }
        };
        q.from = day("from", &mut errors);
        q.until = day("to", &mut errors).map(|start| start + 86_400);
        let number = |key: &str, range: std::ops::RangeInclusive<i64>, errors: &mut FieldErrors| {
            let text = get(key)?;
            match text.parse::<i64>() {
                Ok(n) if range.contains(&n) => Some(n),
                _ => {
                    errors.add(
                        key,
                        "invalid",
                        format!(
                            "The {key} must be an integer from {} to {}.",
                            range.start(),
                            range.end()
                        ),
                    );
                    None
                }
            }
        };
        if let Some(page) = number("page", 1..=1_000_000, &mut errors) {
            q.page = page;
        }
        if let Some(per_page) = number("per_page", 1..=MAX_PER_PAGE, &mut errors) {
            q.per_page = per_page;
        }
        errors.into_result()?;
        Ok(q)
    }

    /// The query as URL parameters (without `page`), for links to other pages and the CSV.
    pub fn to_query_string(&self) -> String {
        let q = self;
        let mut out = url::form_urlencoded::Serializer::new(String::new());
        if !q.actions.is_empty() {
            let names: Vec<&str> = q.actions.iter().map(|a| a.as_str()).collect();
            out.append_pair("action", &names.join(","));
        }
        if let Some(actor) = q.actor {
            out.append_pair("actor", &actor.to_string());
        }
        if let Some((kind, id)) = &q.target {
            if !kind.is_empty() {
                out.append_pair("target_type", kind);
            }
            if *id != 0 {
                out.append_pair("target_id", &id.to_string());
            }
        }
        if let Some(outcome) = q.outcome {
            out.append_pair("outcome", outcome.as_str());
        }
        let date = |t: i64| {
            chrono::DateTime::from_timestamp(t, 0)
                .map(|d| d.format("%Y-%m-%d").to_string())
                .unwrap_or_default()
        };
        if let Some(from) = q.from {
            out.append_pair("from", &date(from));
        }
        if let Some(until) = q.until {
            out.append_pair("to", &date(until - 86_400));
        }
        if q.per_page != AuditQuery::default().per_page {
            out.append_pair("per_page", &q.per_page.to_string());
        }
        out.finish()
    }
}

impl Default for AuditQuery {
    fn default() -> AuditQuery {
        AuditQuery {
            actions: Vec::new(),
            actor: None,
            target: None,
            outcome: None,
            from: None,
            until: None,
            page: 1,
            per_page: 15,
        }
    }
}

/// `/admin/audit-log` as rendered: the filter form's values, one page of entries, links.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AuditLogPage {
    /// The filters as typed (shown back in the form).
    pub action: String,
    pub actor: String,
    pub outcome: String,
    pub from: String,
    pub to: String,
    /// Every user as (id, login), for the "User" choice.
    pub users: Vec<(i64, String)>,
    pub rows: Vec<AuditLine>,
    pub total: i64,
    pub page: i64,
    pub last_page: i64,
    pub previous_href: Option<String>,
    pub next_href: Option<String>,
    /// `/admin/audit-log.csv` with the same filters.
    pub csv_href: String,
    /// Why the filters were refused, when they were.
    pub error: Option<String>,
}

/// One entry as the table shows it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AuditLine {
    /// RFC 3339, for `<time datetime>`.
    pub at: String,
    /// "27 Nov 2026, 09:12:40 UTC".
    pub when: String,
    pub action: String,
    /// The actor's login, or "—" when none (a refused unknown login, a job).
    pub user: String,
    /// "user sam", "settings general", or "—".
    pub target: String,
    pub ip: String,
    pub outcome: String,
}
