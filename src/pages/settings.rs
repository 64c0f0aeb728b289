//! `POST /admin/settings`: one section of the settings page (`section=`). A save answers 303
//! back with `saved=<section>`; adding a user or sending a test email answers the page with
//! its message (a password is shown once, so never in an address); a refusal, the page with
//! the REST route's messages beside the fields (403 for a user who may not manage options).

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::Response;

use app::pages::settings::{self as page, Saved};
use app::ui::admin::settings::SettingsNotice;

use super::setup::{Posted, again, expired, read_post};
use super::{render_with, see_other};
use crate::AppState;

pub async fn post_settings(State(state): State<AppState>, request: Request) -> Response {
    let Posted {
        parts,
        form,
        caller,
    } = match read_post(&state, request).await {
        Ok(posted) => posted,
        Err(refused) => return refused,
    };
    let outcome = match caller {
        Some(caller) => page::save(&state.ctx, &caller, &form).await,
        None => Err(expired(&form)),
    };
    let section = form.value("section");
    match outcome {
        Ok(Saved::Done) => {
            // A role is changed in the Team section's list, a period deleted in its own.
            let anchor = match section.as_str() {
                "role" => "team",
                "away_delete" => "away",
                other => other,
            };
            see_other(&format!("/admin/settings?saved={section}#{anchor}"))
        }
        Ok(Saved::Feeds(done)) => see_other(&format!("/admin/settings?saved=feeds_{done}#feeds")),
        Ok(Saved::Shown(text)) => {
            let notice = SettingsNotice { section, text };
            render_with(
                &state,
                &parts.uri,
                &parts.headers,
                move || leptos::prelude::provide_context(notice.clone()),
                StatusCode::OK,
            )
            .await
        }
        Err(refused) if refused.message.as_deref() == Some(app::service::FORBIDDEN_MESSAGE) => {
            render_with(
                &state,
                &parts.uri,
                &parts.headers,
                move || leptos::prelude::provide_context(refused.clone()),
                StatusCode::FORBIDDEN,
            )
            .await
        }
        Err(refused) => again(&state, &parts, refused).await,
    }
}

/// `POST /admin/settings/calendars` (`op=connect|choices|sync|delete`): 303 back with
/// `done=`; a refusal, the page with the REST route's messages beside the fields.
pub async fn post_external_calendars(State(state): State<AppState>, request: Request) -> Response {
    let Posted {
        parts,
        form,
        caller,
    } = match read_post(&state, request).await {
        Ok(posted) => posted,
        Err(refused) => return refused,
    };
    let outcome = match caller {
        Some(caller) => app::pages::calendar_connections::save(&state.ctx, &caller, &form).await,
        None => Err(expired(&form)),
    };
    match outcome {
        Ok(done) => see_other(&format!("/admin/settings/calendars?done={done}")),
        Err(refused) => again(&state, &parts, refused).await,
    }
}

/// `POST /admin/settings/security` (`op=end|end_others|create|revoke`): 303 back with `done=`;
/// a new application password, the page with it shown once (never in an address); a refusal,
/// the page with its message.
pub async fn post_security(State(state): State<AppState>, request: Request) -> Response {
    let Posted {
        parts,
        form,
        caller,
    } = match read_post(&state, request).await {
        Ok(posted) => posted,
        Err(refused) => return refused,
    };
    let outcome = match caller {
        Some(caller) => app::pages::security::save(&state.ctx, &caller, &form).await,
        None => Err(expired(&form)),
    };
    match outcome {
        Ok(app::pages::security::Done::Said(done)) => {
            see_other(&format!("/admin/settings/security?done={done}"))
        }
        Ok(app::pages::security::Done::Created(made)) => {
            render_with(
                &state,
                &parts.uri,
                &parts.headers,
                move || leptos::prelude::provide_context(made.clone()),
                StatusCode::OK,
            )
            .await
        }
        Err(refused) => again(&state, &parts, refused).await,
    }
}

/// `POST /admin/settings/security/two-factor` (`op=enable|renew|disable`, each with `code`):
/// turned on or new codes, the page with the recovery codes shown once; turned off, 303 to the
/// security page; a wrong code, the page with "The code is not correct.".
pub async fn post_two_factor(State(state): State<AppState>, request: Request) -> Response {
    use app::pages::security::{TwoFactorDone, save_two_factor};
    let Posted {
        parts,
        form,
        caller,
    } = match read_post(&state, request).await {
        Ok(posted) => posted,
        Err(refused) => return refused,
    };
    let outcome = match caller {
        Some(caller) => save_two_factor(&state.ctx, &caller, &form).await,
        None => Err(expired(&form)),
    };
    match outcome {
        Ok(TwoFactorDone::Off) => see_other("/admin/settings/security?done=two_factor_off"),
        Ok(TwoFactorDone::Codes(codes)) => {
            render_with(
                &state,
                &parts.uri,
                &parts.headers,
                move || leptos::prelude::provide_context(codes.clone()),
                StatusCode::OK,
            )
            .await
        }
        Err(refused) => again(&state, &parts, refused).await,
    }
}
