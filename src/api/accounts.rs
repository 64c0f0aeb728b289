//! Accounts (DESIGN 2.10): `/users`, the caller's `/sessions` and `/application-passwords`,
//! and the administrators' `/audit-log`.

use app::domain::access::Capability;
use app::model::answer::MessageAnswer;
use app::model::audit::AuditLogAnswer;
use app::model::user::{
    AppPasswordCreated, AppPasswordList, AppPasswordRequest, NewUserRequest, RoleRequest,
    SessionList, SessionsEnded, UserAnswer, UserChanged, UserList,
};
use app::service::settings::site;
use app::service::{app_passwords, audit, sessions, two_factor, users};
use axum::Json;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::error::ApiError;
use super::extract::{ApiJson, ApiPath, QueryParams};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_me))
        .routes(routes!(list_users, create_user))
        .routes(routes!(update_user, delete_user))
        .routes(routes!(disable_two_factor))
        .routes(routes!(list_sessions, end_other_sessions))
        .routes(routes!(end_session))
        .routes(routes!(
            list_application_passwords,
            create_application_password
        ))
        .routes(routes!(revoke_application_password))
        .routes(routes!(get_audit_log))
}

#[utoipa::path(get, path = "/users/me", tag = "users",
    description = "The caller's own account.",
    responses((status = 200, description = "`{user}`", body = UserAnswer)))]
pub async fn get_me(host: Host) -> Answer<UserAnswer> {
    Ok(Json(users::me(&host.caller)))
}

#[utoipa::path(get, path = "/users", tag = "users",
    description = "Every user (`list_users`; a host: 403).",
    responses((status = 200, description = "`{users}`", body = UserList)))]
pub async fn list_users(host: Host) -> Answer<UserList> {
    users::list(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(post, path = "/users", tag = "users",
    description = "Adds a user (`list_users`). 422 on `login` or `email` (`A user with this login or email already exists`), `name`, `role` (`The role must be administrator or host`) and `password` (`The password must be at least 8 characters`). Without a password the user logs in by single sign-on or after an administrator sets one.",
    request_body(content = NewUserRequest, description = "`{login, email, name, role?, password?}`"),
    responses((status = 201, description = "`{message: 'User has been created', user}`", body = UserChanged)))]
pub async fn create_user(
    host: Host,
    ApiJson(body): ApiJson,
) -> Result<(StatusCode, Json<UserChanged>), ApiError> {
    // 403 comes before any complaint about the body.
    site::require(&host.caller, Capability::ListUsers)?;
    let input = app::input::users::new_user(&body)?;
    let created = users::create(&host.ctx, &host.caller, input).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

#[utoipa::path(put, path = "/users/{id}", tag = "users",
    description = "Changes a user's role (`list_users`). One's own: 422 on `role` (`You cannot change your own role.`).",
    params(("id" = i64, Path)),
    request_body(content = RoleRequest, description = "`{role}`: `administrator` or `host`"),
    responses((status = 200, description = "`{message: 'User has been updated', user}`", body = UserChanged)))]
pub async fn update_user(
    host: Host,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson,
) -> Answer<UserChanged> {
    site::require(&host.caller, Capability::ListUsers)?;
    let change = app::input::users::role_change(id, &body)?;
    users::update(&host.ctx, &host.caller, change).await.json()
}

#[utoipa::path(delete, path = "/users/{id}", tag = "users",
    description = "Deletes a user (`list_users`): its sessions, application passwords and password end at once; its calendars and bookings stay (host `Deleted User`). One's own: 422 on `id`.",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{message: 'User has been deleted'}`", body = MessageAnswer)))]
pub async fn delete_user(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<MessageAnswer> {
    users::delete(&host.ctx, &host.caller, id).await?;
    Ok(Json(MessageAnswer::new("User has been deleted")))
}

#[utoipa::path(delete, path = "/users/{id}/two-factor", tag = "users",
    description = "Turns another user's two-factor login off, for a lost phone (`list_users`); they log in with their password alone until they set it up again.",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Two-factor authentication has been turned off'}`", body = MessageAnswer)))]
pub async fn disable_two_factor(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<MessageAnswer> {
    two_factor::disable_for(&host.ctx, &host.caller, id).await?;
    Ok(Json(MessageAnswer::new(
        "Two-factor authentication has been turned off",
    )))
}

#[utoipa::path(get, path = "/sessions", tag = "users",
    description = "The caller's dashboard sessions, newest first; `current` marks the one making the request.",
    responses((status = 200, description = "`{sessions}`", body = SessionList)))]
pub async fn list_sessions(host: Host) -> Answer<SessionList> {
    sessions::list(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(delete, path = "/sessions", tag = "users",
    description = "Ends every session of the caller but the current one.",
    responses((status = 200, description = "`{message: 'Other sessions have been ended', ended}`", body = SessionsEnded)))]
pub async fn end_other_sessions(host: Host) -> Answer<SessionsEnded> {
    sessions::end_others(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(delete, path = "/sessions/{id}", tag = "users",
    description = "Ends one of the caller's sessions (another user's: 404).",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Session has been ended'}`", body = MessageAnswer)))]
pub async fn end_session(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<MessageAnswer> {
    sessions::end(&host.ctx, &host.caller, id).await?;
    Ok(Json(MessageAnswer::new("Session has been ended")))
}

#[utoipa::path(get, path = "/application-passwords", tag = "users",
    description = "The caller's application passwords, newest first (never a secret).",
    responses((status = 200, description = "`{application_passwords}`", body = AppPasswordList)))]
pub async fn list_application_passwords(host: Host) -> Answer<AppPasswordList> {
    app_passwords::list(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(post, path = "/application-passwords", tag = "users",
    description = "Creates an application password for HTTP Basic; `password` is shown this once. 422 on `name` (required, at most 100 characters).",
    request_body(content = AppPasswordRequest, description = "`{name}`"),
    responses((status = 201, description = "`{message: 'Application password has been created', application_password, password}`", body = AppPasswordCreated)))]
pub async fn create_application_password(
    host: Host,
    ApiJson(body): ApiJson,
) -> Result<(StatusCode, Json<AppPasswordCreated>), ApiError> {
    let name = app::input::users::app_password_name(&body)?;
    let created = app_passwords::create(&host.ctx, &host.caller, &name).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

#[utoipa::path(delete, path = "/application-passwords/{id}", tag = "users",
    description = "Revokes one of the caller's application passwords (another user's: 404); it answers 401 from then on.",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Application password has been revoked'}`", body = MessageAnswer)))]
pub async fn revoke_application_password(
    host: Host,
    ApiPath(id): ApiPath<i64>,
) -> Answer<MessageAnswer> {
    app_passwords::revoke(&host.ctx, &host.caller, id).await?;
    Ok(Json(MessageAnswer::new(
        "Application password has been revoked",
    )))
}

#[utoipa::path(get, path = "/audit-log", tag = "users",
    description = "The security audit log (`manage_options`), newest first, paginated. Filters: `action` (one name or several, comma-separated), `actor` (user id), `target_type` + `target_id`, `outcome` (`success`/`failure`), `from`/`to` (`YYYY-MM-DD`, UTC, inclusive), `page`, `per_page` (default 15, at most 100). A bad value: 422 on that parameter.",
    params(
        ("action" = Option<String>, Query), ("actor" = Option<i64>, Query),
        ("target_type" = Option<String>, Query), ("target_id" = Option<i64>, Query),
        ("outcome" = Option<String>, Query), ("from" = Option<String>, Query),
        ("to" = Option<String>, Query), ("page" = Option<i64>, Query), ("per_page" = Option<i64>, Query),
    ),
    responses((status = 200, description = "`{audit_log: <paginated entries>}`", body = AuditLogAnswer)))]
pub async fn get_audit_log(host: Host, query: QueryParams) -> Answer<AuditLogAnswer> {
    audit::check_reader(&host.caller)?;
    let q = app::input::audit::audit_query(&query.0)?;
    audit::list(&host.ctx, &host.caller, &q).await.json()
}
