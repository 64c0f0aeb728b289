//! The setup pages' form posts: "New calendar" on `/admin/calendars` and "New event" on
//! `/admin/calendars/{id}`. Same checks as the desk's forms (the session's CSRF token, a
//! same-site `Origin`); success answers 303 to what was made, a refusal renders the page again
//! with the REST route's messages beside their fields (422).

use app::texts::dashboard::t;
use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use app::model::public::FormState;
use app::model::setup::{HoursOp, WeekDraft};
use app::pages::event_tabs::{self as tabs, FeedAction};
use app::pages::setup as setup_pages;
use app::service::{Caller, Ctx};
use app::ui::admin::event_editor::NewSecret;

use super::desk::{self, checked_caller};
use super::{form_pairs, render_with, see_other};
use crate::AppState;

/// A dashboard form post as read: the request's parts, the fields, and the caller when the
/// session's CSRF token and a same-site `Origin` check out.
pub(super) struct Posted {
    pub parts: axum::http::request::Parts,
    pub form: FormState,
    pub caller: Option<Caller>,
}

/// Reads a form post (400 for a body that is not a form).
pub(super) async fn read_post(state: &AppState, request: Request) -> Result<Posted, Response> {
    let (parts, body) = request.into_parts();
    let Some(pairs) = form_pairs(body).await else {
        return Err(StatusCode::BAD_REQUEST.into_response());
    };
    let caller = checked_caller(state, &parts, &pairs).await;
    Ok(Posted {
        form: FormState::from_pairs(&pairs),
        parts,
        caller,
    })
}

/// `POST /admin/calendars`: 303 to the new calendar's page.
pub async fn post_calendar(State(state): State<AppState>, request: Request) -> Response {
    create_with(
        &state,
        request,
        async |ctx, caller, form| setup_pages::create_calendar(ctx, caller, form).await,
        |id| format!("/admin/calendars/{id}"),
    )
    .await
}

/// A "New …" form: `make` makes the thing from the form and answers its id (then 303 to
/// `location(id)`), or the form with its refusal (then the page again).
pub(super) async fn create_with(
    state: &AppState,
    request: Request,
    make: impl AsyncFnOnce(&Ctx, &Caller, &FormState) -> Result<i64, FormState>,
    location: impl Fn(i64) -> String,
) -> Response {
    let Posted {
        parts,
        form,
        caller,
    } = match read_post(state, request).await {
        Ok(posted) => posted,
        Err(refused) => return refused,
    };
    let outcome = match caller {
        Some(caller) => make(&state.ctx, &caller, &form).await,
        None => Err(expired(&form)),
    };
    match outcome {
        Ok(id) => see_other(&location(id)),
        Err(refused) => again(state, &parts, refused).await,
    }
}

/// `POST /admin/calendars/{id}`: "New event" (303 to its editor), the calendar's settings,
/// "Clone" and the deletions a confirmation asked for (`action=`).
pub async fn post_event(
    State(state): State<AppState>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    let Posted {
        parts,
        form,
        caller,
    } = match read_post(&state, request).await {
        Ok(posted) => posted,
        Err(refused) => return refused,
    };
    let Ok(calendar_id) = id.parse::<i64>() else {
        return again(&state, &parts, FormState::default()).await;
    };
    let outcome = match caller {
        Some(caller) => setup_pages::calendar_action(&state.ctx, &caller, calendar_id, &form).await,
        None => Err(expired(&form)),
    };
    match outcome {
        Ok(location) => see_other(&location),
        Err(refused) => again(&state, &parts, refused).await,
    }
}

/// Every tab's "Save" but the availability tab's and the webhooks': which use case `tab`
/// (and `op`) names, and the tab to return to.
async fn save_tab(
    state: &AppState,
    caller: &Caller,
    (calendar_id, event_id): (i64, i64),
    form: &FormState,
) -> (&'static str, Result<(), FormState>) {
    let ctx = &state.ctx;
    match form.value("tab").as_str() {
        "booking-fields" => (
            "booking-fields",
            tabs::save_fields(ctx, caller, calendar_id, event_id, form).await,
        ),
        "advanced" => (
            "advanced",
            tabs::save_advanced(ctx, caller, calendar_id, event_id, form).await,
        ),
        "notifications" => (
            "notifications",
            tabs::save_notification(ctx, caller, calendar_id, event_id, form).await,
        ),
        "payment" => (
            "payment",
            tabs::save_payment(ctx, caller, calendar_id, event_id, form).await,
        ),
        _ if form.value("op") == "hosts" => (
            "details",
            setup_pages::save_hosts(ctx, caller, calendar_id, event_id, form).await,
        ),
        "limits" => (
            "limits",
            setup_pages::save_limits(ctx, caller, calendar_id, event_id, form).await,
        ),
        _ => (
            "details",
            setup_pages::save_details(ctx, caller, calendar_id, event_id, form).await,
        ),
    }
}

/// `POST /admin/calendars/{id}/events/{event_id}`: a tab of the event editor (`tab=`).
/// "Save" answers 303 back to the tab with `saved=1`; the availability tab's add and remove
/// buttons answer the form again with the change, unsaved.
pub async fn post_editor(
    State(state): State<AppState>,
    Path((id, event)): Path<(String, String)>,
    request: Request,
) -> Response {
    let Posted {
        parts,
        form,
        caller,
    } = match read_post(&state, request).await {
        Ok(posted) => posted,
        Err(refused) => return refused,
    };
    let (Ok(calendar_id), Ok(event_id)) = (id.parse::<i64>(), event.parse::<i64>()) else {
        return again(&state, &parts, FormState::default()).await;
    };
    let Some(caller) = caller else {
        return again(&state, &parts, expired(&form)).await;
    };
    let back = |tab: &str| {
        see_other(&format!(
            "/admin/calendars/{calendar_id}/events/{event_id}?tab={tab}&saved=1"
        ))
    };
    let tab = form.value("tab");
    if tab == "webhooks" {
        return webhook_post(&state, &parts, &caller, (calendar_id, event_id), form).await;
    }
    if tab == "private-links" {
        return link_post(&state, &parts, &caller, (calendar_id, event_id), form).await;
    }
    if tab != "availability" || form.value("op") == "hosts" {
        let (back_to, saved) = save_tab(&state, &caller, (calendar_id, event_id), &form).await;
        return match saved {
            Ok(()) => back(back_to),
            Err(refused) => again(&state, &parts, refused).await,
        };
    }
    let mut draft = WeekDraft::from_form(&form);
    if form.value("op") == "use_schedule" {
        return match setup_pages::choose_schedule(
            &state.ctx,
            &caller,
            calendar_id,
            event_id,
            &form,
            &draft,
        )
        .await
        {
            Ok(()) => back("availability"),
            Err(refused) => again(&state, &parts, refused).await,
        };
    }
    match HoursOp::parse(&form.value("op")).unwrap_or(HoursOp::Save) {
        HoursOp::Save => {
            match setup_pages::save_hours(&state.ctx, &caller, calendar_id, event_id, &form, &draft)
                .await
            {
                Ok(()) => back("availability"),
                Err(refused) => again_with_hours(&state, &parts, refused, draft).await,
            }
        }
        op => {
            draft.apply(&op);
            render_with(
                &state,
                &parts.uri,
                &parts.headers,
                move || leptos::prelude::provide_context(draft.clone()),
                StatusCode::OK,
            )
            .await
        }
    }
}

/// The webhooks tab's buttons: "Add webhook" answers the tab with the new feed's signing
/// secret (shown once, so not behind a redirect whose address could be logged); "Send test",
/// "Pause", "Resume" and "Remove" answer 303 back to the tab.
async fn webhook_post(
    state: &AppState,
    parts: &axum::http::request::Parts,
    caller: &app::service::Caller,
    (calendar_id, event_id): (i64, i64),
    form: FormState,
) -> Response {
    let op = form.value("op");
    if op == "add" {
        return match tabs::add_webhook(&state.ctx, caller, calendar_id, event_id, &form).await {
            Ok(secret) => {
                render_with(
                    state,
                    &parts.uri,
                    &parts.headers,
                    move || leptos::prelude::provide_context(NewSecret(secret.clone())),
                    StatusCode::OK,
                )
                .await
            }
            Err(refused) => again(state, parts, refused).await,
        };
    }
    let (verb, id) = op.split_once(':').unwrap_or_default();
    let action = match verb {
        "test" => FeedAction::SendTest,
        "remove" => FeedAction::Remove,
        "pause" => FeedAction::Enable(false),
        "resume" => FeedAction::Enable(true),
        _ => FeedAction::SendTest,
    };
    let done = match (id.parse::<i64>(), verb) {
        (Ok(id), "test" | "remove" | "pause" | "resume") => {
            tabs::feed_action(&state.ctx, caller, calendar_id, event_id, id, action).await
        }
        _ => Err(app::service::ServiceError::NotFound),
    };
    match done {
        Ok(()) => see_other(&format!(
            "/admin/calendars/{calendar_id}/events/{event_id}?tab=webhooks&done={verb}"
        )),
        Err(error) => again(state, parts, refusal(error, t("there-is-no-such-webhook"))).await,
    }
}

/// The private links tab's buttons: "Create private link" and "Revoke" answer 303 back to the
/// tab; a refusal shows the tab again with the message beside its field.
async fn link_post(
    state: &AppState,
    parts: &axum::http::request::Parts,
    caller: &app::service::Caller,
    (calendar_id, event_id): (i64, i64),
    form: FormState,
) -> Response {
    let op = form.value("op");
    let done = match op.split_once(':') {
        Some(("revoke", id)) => match id.parse::<i64>() {
            Ok(id) => app::service::events::private_links::revoke(
                &state.ctx,
                caller,
                calendar_id,
                event_id,
                id,
            )
            .await
            .map_err(|e| refusal(e, t("there-is-no-such-link"))),
            Err(_) => Err(FormState::default()),
        },
        _ => tabs::create_link(&state.ctx, caller, calendar_id, event_id, &form).await,
    };
    match done {
        Ok(()) => see_other(&format!(
            "/admin/calendars/{calendar_id}/events/{event_id}?tab=private-links&saved=1"
        )),
        Err(refused) => again(state, parts, refused).await,
    }
}

/// A button's refusal as the tab shows it: `missing` for an item that is not there (or not the
/// caller's), else the service's message.
fn refusal(error: app::service::ServiceError, missing: &str) -> FormState {
    FormState {
        message: Some(match error {
            app::service::ServiceError::NotFound => missing.to_string(),
            other => other.to_string(),
        }),
        ..FormState::default()
    }
}

/// The hours editor again with the hours as posted and the refusal beside its rows.
pub(super) async fn again_with_hours(
    state: &AppState,
    parts: &axum::http::request::Parts,
    form: FormState,
    draft: WeekDraft,
) -> Response {
    render_with(
        state,
        &parts.uri,
        &parts.headers,
        move || {
            leptos::prelude::provide_context(form.clone());
            leptos::prelude::provide_context(draft.clone());
        },
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await
}

pub(super) fn expired(form: &FormState) -> FormState {
    FormState {
        message: Some(desk::expired().into()),
        errors: Default::default(),
        ..form.clone()
    }
}

/// The page again with the refused form: 403 for an expired form, 422 otherwise (the page
/// itself answers 404 for a calendar the user may not see).
pub(super) async fn again(
    state: &AppState,
    parts: &axum::http::request::Parts,
    form: FormState,
) -> Response {
    let status = if form.message.as_deref() == Some(desk::expired()) {
        StatusCode::FORBIDDEN
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    render_with(
        state,
        &parts.uri,
        &parts.headers,
        move || leptos::prelude::provide_context(form.clone()),
        status,
    )
    .await
}
