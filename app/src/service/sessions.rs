//! The caller's own dashboard sessions: listed, ended one by one or all but the current one
//! (DESIGN 2.10). Each end is audited and forgotten by this process at once.

use crate::domain::audit::AuditAction;
use crate::domain::user_agent::browser_name;
use crate::model::user::{SessionInfo, SessionList, SessionsEnded};
use crate::service::audit::{self, AuditEvent};
use crate::service::support::present::rfc3339;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::now_epoch;
use crate::store::sessions::{self, SessionRow};

fn info(row: SessionRow, current: Option<i64>) -> SessionInfo {
    SessionInfo {
        id: row.id,
        current: Some(row.id) == current,
        browser: browser_name(&row.user_agent),
        ip: row.ip,
        user_agent: row.user_agent,
        method: row.method,
        created_at: rfc3339(row.created_at),
        last_seen_at: rfc3339(row.last_seen_at),
    }
}

/// The caller's live sessions, newest first.
pub async fn list(ctx: &Ctx, caller: &Caller) -> ServiceResult<SessionList> {
    let now = now_epoch();
    let mut conn = ctx.store.conn().await?;
    let rows = sessions::of_user(
        conn.ex(),
        caller.id(),
        now,
        now - ctx.accounts.session_idle_seconds,
    )
    .await?;
    Ok(SessionList {
        sessions: rows
            .into_iter()
            .map(|row| info(row, caller.session_id))
            .collect(),
    })
}

/// Ends one of the caller's sessions (another user's id: 404).
pub async fn end(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    if !sessions::delete_of_user(tx.ex(), caller.id(), id).await? {
        return Err(ServiceError::NotFound);
    }
    let event = AuditEvent::by(caller, AuditAction::SessionRevoked).target(
        "session",
        Some(id),
        caller.user.login.clone(),
    );
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    ctx.credentials.clear();
    Ok(())
}

/// Ends every session of the caller but the one making the request.
pub async fn end_others(ctx: &Ctx, caller: &Caller) -> ServiceResult<SessionsEnded> {
    let mut tx = ctx.store.begin().await?;
    let ended = sessions::delete_others(tx.ex(), caller.id(), caller.session_id).await?;
    let event = AuditEvent::by(caller, AuditAction::SessionRevokedOthers)
        .target("user", Some(caller.id()), caller.user.login.clone())
        .detail("count", ended);
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    ctx.credentials.clear();
    Ok(SessionsEnded {
        message: "Other sessions have been ended".into(),
        ended: ended as i64,
    })
}

/// Deletes sessions past their idle or absolute limit (they are no session already) and single
/// sign-on logins past theirs.
pub async fn delete_expired(ctx: &Ctx, now: i64) -> ServiceResult<u64> {
    let mut tx = ctx.store.begin().await?;
    let deleted =
        sessions::delete_expired(tx.ex(), now, now - ctx.accounts.session_idle_seconds).await?;
    // Single sign-on logins nobody came back from.
    crate::store::sso::delete_expired(tx.ex(), now).await?;
    tx.commit().await?;
    Ok(deleted)
}
