//! `/admin/availability` form posts: "New schedule" (303 to the new schedule), and on a
//! schedule's page the weekly editor's buttons, "Set as default" and "Delete". Same checks as
//! the other dashboard forms (the session's CSRF token, a same-site `Origin`).

use app::texts::dashboard::t;
use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::response::Response;

use app::model::public::FormState;
use app::model::setup::{HoursOp, WeekDraft};
use app::pages::availability as availability_pages;
use app::service::{ServiceError, schedules};

use super::setup::{Posted, again, again_with_hours, create_with, expired, read_post};
use super::{render_with, see_other};
use crate::AppState;

/// `POST /admin/availability`: "New schedule"; 303 to its editor.
pub async fn post_schedule(State(state): State<AppState>, request: Request) -> Response {
    create_with(
        &state,
        request,
        async |ctx, caller, form| availability_pages::create(ctx, caller, form).await,
        |id| format!("/admin/availability/{id}"),
    )
    .await
}

/// `POST /admin/availability/{id}`: `op=save|add:mon|remove:mon:0|add_override|
/// remove_override:0|default|delete`.
pub async fn post_schedule_change(
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
    let Ok(id) = id.parse::<i64>() else {
        return again(&state, &parts, FormState::default()).await;
    };
    let Some(caller) = caller else {
        return again(&state, &parts, expired(&form)).await;
    };
    let refusal = |error: ServiceError| FormState {
        message: Some(match error {
            ServiceError::NotFound => t("there-is-no-such-schedule").to_string(),
            other => other.to_string(),
        }),
        ..FormState::default()
    };
    match form.value("op").as_str() {
        "default" => match schedules::set_default(&state.ctx, &caller, id).await {
            Ok(()) => see_other(&format!("/admin/availability/{id}?saved=1")),
            Err(e) => again(&state, &parts, refusal(e)).await,
        },
        "delete" => match schedules::delete(&state.ctx, &caller, id).await {
            Ok(()) => see_other("/admin/availability"),
            Err(e) => again(&state, &parts, refusal(e)).await,
        },
        op => {
            let mut draft = WeekDraft::from_form(&form);
            match HoursOp::parse(op).unwrap_or(HoursOp::Save) {
                HoursOp::Save => {
                    match availability_pages::save(&state.ctx, &caller, id, &form, &draft).await {
                        Ok(()) => see_other(&format!("/admin/availability/{id}?saved=1")),
                        Err(refused) => again_with_hours(&state, &parts, refused, draft).await,
                    }
                }
                op => {
                    draft.apply(&op);
                    // The name and zone as typed come back with the changed hours.
                    let typed = form.clone();
                    render_with(
                        &state,
                        &parts.uri,
                        &parts.headers,
                        move || {
                            leptos::prelude::provide_context(draft.clone());
                            leptos::prelude::provide_context(FormState {
                                values: typed.values.clone(),
                                ..FormState::default()
                            });
                        },
                        StatusCode::OK,
                    )
                    .await
                }
            }
        }
    }
}
