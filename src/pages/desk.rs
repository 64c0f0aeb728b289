//! The bookings desk's form posts: a change on `/admin/bookings/{id}`, the list's bulk
//! changes on `/admin/bookings`, and "Remove" on `/admin/waitlist`. Each needs the session's
//! CSRF token in the form and a same-site `Origin`; the session itself is checked by
//! `admin_session_required` first.

use app::texts::dashboard::t;
use axum::extract::{Path, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use app::model::desk::{BulkOutcome, DeskAction, DeskNotice};
use app::service::bookings::desk;

use super::{form_pairs, render_with, see_other};
use crate::AppState;

/// Shown when the token is missing or stale (an old tab, or another site's form).
pub(super) fn expired() -> &'static str {
    t("form-expired")
}

/// `POST /admin/bookings/{id}`: 303 back to the page with `done=` on success; otherwise the
/// page again with the refusal, answering the status the REST route would.
pub async fn post_action(
    State(state): State<AppState>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    let (parts, body) = request.into_parts();
    let Some(form) = form_pairs(body).await else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let pairs = || form.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    let page = |notice: DeskNotice, status: StatusCode| {
        let notice = notice.clone();
        render_with(
            &state,
            &parts.uri,
            &parts.headers,
            move || leptos::prelude::provide_context(notice.clone()),
            status,
        )
    };
    let Some(caller) = checked_caller(&state, &parts, &form).await else {
        let notice = DeskNotice {
            error: Some(expired().into()),
            ..DeskNotice::default()
        };
        return page(notice, StatusCode::FORBIDDEN).await;
    };
    let Ok(id) = id.parse::<i64>() else {
        return page(DeskNotice::default(), StatusCode::NOT_FOUND).await;
    };
    let Some(action) = DeskAction::from_form(pairs()) else {
        let notice = DeskNotice {
            error: Some(t("choose-a-button").into()),
            ..DeskNotice::default()
        };
        return page(notice, StatusCode::UNPROCESSABLE_ENTITY).await;
    };
    match desk::act(&state.ctx, &caller, id, &action).await {
        Ok(()) => see_other(&format!("/admin/bookings/{id}?done={}", action.done_key())),
        Err(refusal) => {
            let error = app::ui::admin::page_error(refusal);
            let notice = DeskNotice {
                error: Some(error.message),
                note: match action {
                    DeskAction::SaveNote { note } => Some(note),
                    _ => None,
                },
            };
            let status = StatusCode::from_u16(error.status).unwrap_or(StatusCode::CONFLICT);
            page(notice, status).await
        }
    }
}

/// `POST /admin/bookings?<filters>`: confirms or cancels the selected bookings one by one and
/// shows the same list again with what was done and what was refused.
pub async fn post_bulk(State(state): State<AppState>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let Some(form) = form_pairs(body).await else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let page = |outcome: BulkOutcome, status: StatusCode| {
        render_with(
            &state,
            &parts.uri,
            &parts.headers,
            move || leptos::prelude::provide_context(outcome.clone()),
            status,
        )
    };
    let refused_all = |message: &str| BulkOutcome {
        error: Some(message.to_string()),
        ..BulkOutcome::default()
    };
    let Some(caller) = checked_caller(&state, &parts, &form).await else {
        return page(refused_all(expired()), StatusCode::FORBIDDEN).await;
    };
    let value = |key: &str| {
        form.iter()
            .find(|(k, _)| k == key)
            .map_or("", |(_, v)| v.as_str())
    };
    let action = match value("action") {
        "confirm" => DeskAction::Confirm,
        "cancel" => DeskAction::Cancel {
            reason: value("reason").to_string(),
            refund: false,
            following: false,
        },
        _ => {
            let outcome = refused_all(t("choose-confirm-or-cancel"));
            return page(outcome, StatusCode::UNPROCESSABLE_ENTITY).await;
        }
    };
    let ids: Vec<i64> = form
        .iter()
        .filter(|(k, _)| k == "ids")
        .filter_map(|(_, v)| v.parse().ok())
        .collect();
    match desk::bulk(&state.ctx, &caller, &ids, &action).await {
        Ok(outcome) => page(outcome, StatusCode::OK).await,
        Err(refusal) => {
            let error = app::ui::admin::page_error(refusal);
            let status =
                StatusCode::from_u16(error.status).unwrap_or(StatusCode::UNPROCESSABLE_ENTITY);
            page(refused_all(&error.message), status).await
        }
    }
}

/// The session's user when the form carries its CSRF token and, when the browser names one,
/// comes from this site.
pub(super) async fn checked_caller(
    state: &AppState,
    parts: &axum::http::request::Parts,
    form: &[(String, String)],
) -> Option<app::service::Caller> {
    let headers = &parts.headers;
    let (caller, csrf) = super::session_with_token(state, headers, &parts.extensions)
        .await
        .ok()??;
    let sent = form.iter().find(|(k, _)| k == "csrf").map(|(_, v)| v);
    let same_site = match headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) {
        None => true,
        Some(origin) => {
            let host = headers
                .get(header::HOST)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default();
            origin
                .split_once("://")
                .is_some_and(|(_, authority)| authority == host)
        }
    };
    (same_site && sent == Some(&csrf)).then_some(caller)
}

/// "Remove" on `/admin/waitlist`: the REST route's use case; the desk again, saying so.
pub async fn post_waitlist(State(state): State<AppState>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let Some(form) = form_pairs(body).await else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let refused = |message: String, status: StatusCode| {
        refused_page(
            &state,
            &parts,
            app::ui::admin::waitlist::WaitlistRefusal(message),
            status,
        )
    };
    let Some(caller) = checked_caller(&state, &parts, &form).await else {
        return refused(expired().into(), StatusCode::FORBIDDEN).await;
    };
    let id = |key: &str| {
        form.iter()
            .find(|(k, _)| k == key)
            .and_then(|(_, v)| v.parse::<i64>().ok())
            .unwrap_or_default()
    };
    let (calendar, event, entry) = (id("calendar_id"), id("event_id"), id("entry_id"));
    match app::service::waitlist::remove(&state.ctx, &caller, calendar, event, entry).await {
        Ok(_) => {
            let query = parts.uri.query().unwrap_or_default();
            let sep = if query.is_empty() { "" } else { "&" };
            see_other(&format!("/admin/waitlist?{query}{sep}done=removed"))
        }
        Err(e) => {
            let (message, status) = refusal_of(e);
            refused(message, status).await
        }
    }
}

/// "Erase all data" on `/admin/privacy`: with the box ticked, the REST route's use case, then
/// the page again saying how many bookings were erased; otherwise the page with the refusal.
pub async fn post_privacy(State(state): State<AppState>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let Some(form) = form_pairs(body).await else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let refused = |message: String, status: StatusCode| {
        refused_page(
            &state,
            &parts,
            app::ui::admin::privacy::PrivacyRefusal(message),
            status,
        )
    };
    let Some(caller) = checked_caller(&state, &parts, &form).await else {
        return refused(expired().into(), StatusCode::FORBIDDEN).await;
    };
    let value = |key: &str| {
        form.iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or_default()
    };
    if value("confirm") != "yes" {
        let message = app::service::privacy::CONFIRM_ERASURE.to_string();
        return refused(message, StatusCode::UNPROCESSABLE_ENTITY).await;
    }
    let email = value("email");
    let erased = match app::service::privacy::address_for(&caller, email) {
        Ok(address) => app::service::privacy::erase_email(&state.ctx, &caller, &address).await,
        Err(refusal) => Err(refusal),
    };
    match erased {
        Ok(done) => {
            let query = url::form_urlencoded::Serializer::new(String::new())
                .append_pair("email", email.trim())
                .append_pair("erased", &done.erased.to_string())
                .finish();
            see_other(&format!("/admin/privacy?{query}"))
        }
        Err(e) => {
            let (message, status) = refusal_of(e);
            refused(message, status).await
        }
    }
}

/// The page of a refused desk post, with `refusal` in its context for the page to show.
async fn refused_page<T: Clone + Send + Sync + 'static>(
    state: &AppState,
    parts: &axum::http::request::Parts,
    refusal: T,
    status: StatusCode,
) -> Response {
    let provide = move || leptos::prelude::provide_context(refusal.clone());
    render_with(state, &parts.uri, &parts.headers, provide, status).await
}

/// A use case's refusal as the page says it, with the status the REST route would answer.
fn refusal_of(error: app::service::ServiceError) -> (String, StatusCode) {
    let error = app::ui::admin::page_error(error);
    let status = StatusCode::from_u16(error.status).unwrap_or(StatusCode::NOT_FOUND);
    (error.message, status)
}
