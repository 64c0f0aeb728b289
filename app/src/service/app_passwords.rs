//! Application passwords (HTTP Basic for integrations): listed, created (the secret shown
//! once) and revoked by their owner, from REST, the dashboard or the command line. Each
//! creation and revocation is audited.

use crate::domain::audit::AuditAction;
use crate::domain::validation::FieldErrors;
use crate::model::user::{AppPassword, AppPasswordCreated, AppPasswordList};
use crate::service::audit::{self, AuditEvent};
use crate::service::auth::add_app_password;
use crate::service::support::present::rfc3339;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult, Store};
use crate::store::app_passwords::{self, AppPasswordRow};

/// Longest name of an application password.
pub const MAX_NAME_CHARS: usize = 100;

fn view(row: AppPasswordRow) -> AppPassword {
    AppPassword {
        id: row.id,
        name: row.name,
        created_at: rfc3339(row.created_at),
        last_used_at: row.last_used_at.map(rfc3339),
        last_used_ip: row.last_used_ip,
    }
}

/// A checked name: required, at most [`MAX_NAME_CHARS`].
pub fn checked_name(name: &str) -> ServiceResult<String> {
    let name = name.trim();
    let mut errors = FieldErrors::new();
    if name.is_empty() {
        errors.add("name", "required", "The name field is required.");
    } else if name.chars().count() > MAX_NAME_CHARS {
        errors.add(
            "name",
            "max",
            "The name may not be greater than 100 characters.",
        );
    }
    crate::domain::text::check_text("name", name, true, &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(name.to_string())
}

/// The caller's application passwords, newest first.
pub async fn list(ctx: &Ctx, caller: &Caller) -> ServiceResult<AppPasswordList> {
    let mut conn = ctx.store.conn().await?;
    let rows = app_passwords::of_user(conn.ex(), caller.id()).await?;
    Ok(AppPasswordList {
        application_passwords: rows.into_iter().map(view).collect(),
    })
}

/// Creates an application password for `user_id` (`user_login` names it in the audit entry);
/// `by` is the user doing it, none from the command line. Answers the secret, shown once.
pub async fn create_for(
    store: &Store,
    user_id: i64,
    user_login: &str,
    name: &str,
    by: Option<&Caller>,
) -> ServiceResult<(AppPassword, String)> {
    let name = checked_name(name)?;
    let mut tx = store.begin().await?;
    let (id, secret) = add_app_password(tx.ex(), user_id, &name).await?;
    let event = match by {
        Some(caller) => AuditEvent::by(caller, AuditAction::AppPasswordCreated),
        None => AuditEvent::from_command_line(AuditAction::AppPasswordCreated),
    };
    let event = event
        .target("app_password", Some(id), name.clone())
        .detail("user", user_login);
    audit::record(tx.ex(), &event).await?;
    let rows = app_passwords::of_user(tx.ex(), user_id).await?;
    tx.commit().await?;
    let created = rows
        .into_iter()
        .find(|r| r.id == id)
        .map(view)
        .ok_or_else(|| ServiceError::Internal("the new application password vanished".into()))?;
    Ok((created, secret))
}

/// `POST /application-passwords`: one for the caller.
pub async fn create(ctx: &Ctx, caller: &Caller, name: &str) -> ServiceResult<AppPasswordCreated> {
    let (application_password, password) = create_for(
        &ctx.store,
        caller.id(),
        &caller.user.login,
        name,
        Some(caller),
    )
    .await?;
    Ok(AppPasswordCreated {
        message: "Application password has been created".into(),
        application_password,
        password,
    })
}

/// Revokes one of the caller's application passwords (another user's id: 404). It is refused
/// from the next request on: this process forgets what it verified at once.
pub async fn revoke(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    let Some(revoked) = app_passwords::delete_of_user(tx.ex(), caller.id(), id).await? else {
        return Err(ServiceError::NotFound);
    };
    let event = AuditEvent::by(caller, AuditAction::AppPasswordRevoked).target(
        "app_password",
        Some(id),
        revoked.name,
    );
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    ctx.credentials.clear();
    Ok(())
}
