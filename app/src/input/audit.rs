//! The audit log's query (`GET /audit-log`): read by [`AuditQuery::from_pairs`], each bad
//! value refused under its own name in the error envelope.

use crate::model::audit::AuditQuery;
use crate::service::{ServiceError, ServiceResult};

/// Reads the query's `(name, value)` pairs (the last value of a name counts).
pub fn audit_query(pairs: &[(String, String)]) -> ServiceResult<AuditQuery> {
    AuditQuery::from_pairs(pairs).map_err(ServiceError::invalid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::audit::{AuditAction, Outcome};

    fn pairs(query: &str) -> Vec<(String, String)> {
        url::form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .collect()
    }

    fn refused_fields(query: &str) -> Vec<String> {
        match audit_query(&pairs(query)) {
            Err(ServiceError::Validation { errors, .. }) => {
                errors.messages().map(|(f, _)| f.to_string()).collect()
            }
            other => panic!("{query}: not refused: {other:?}"),
        }
    }

    #[test]
    fn every_parameter_is_read() {
        let q = audit_query(&pairs(
            "action=login.failed,logout&actor=3&target_type=user&target_id=9&outcome=failure&from=2026-01-02&to=2026-01-02&page=2&per_page=100",
        ))
        .unwrap();
        assert_eq!(q.actions, [AuditAction::LoginFailed, AuditAction::Logout]);
        assert_eq!(q.actor, Some(3));
        assert_eq!(q.target, Some(("user".into(), 9)));
        assert_eq!(q.outcome, Some(Outcome::Failure));
        assert_eq!(q.from, Some(1_767_312_000));
        assert_eq!(q.until, Some(1_767_312_000 + 86_400));
        assert_eq!((q.page, q.per_page), (2, 100));
        let again = audit_query(&pairs(&q.to_query_string())).unwrap();
        assert_eq!(again, AuditQuery { page: 1, ..q });
    }

    #[test]
    fn empty_values_are_absent_and_bad_ones_refused_by_name() {
        assert_eq!(
            audit_query(&pairs("action=&actor=&outcome=&from=&to=")).unwrap(),
            AuditQuery::default()
        );
        assert_eq!(refused_fields("action=login"), ["action"]);
        assert_eq!(
            refused_fields("actor=x&outcome=maybe"),
            ["actor", "outcome"]
        );
        assert_eq!(
            refused_fields("from=2026-13-01&to=yesterday"),
            ["from", "to"]
        );
        assert_eq!(refused_fields("per_page=101"), ["per_page"]);
        assert_eq!(refused_fields("page=0"), ["page"]);
    }
}
