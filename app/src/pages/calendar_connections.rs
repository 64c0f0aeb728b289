//! `/admin/settings/calendars`: the settings page of external calendars. Every form goes
//! through the REST route's use case (`service::calendar_connections`), so the rules and
//! messages are the route's; refused fields are named as the page's inputs.

use crate::model::public::FormState;
use crate::pages::setup::refused_as;
use crate::service::calendars::connections::{
    self as connections, CalendarChoice, ConnectRequest, Flag, UpdateConnection,
};
use crate::service::{Caller, Ctx, ServiceError};
use crate::texts::dashboard::t;

/// What a successful post did (the page's `done=`).
pub async fn save(ctx: &Ctx, caller: &Caller, form: &FormState) -> Result<&'static str, FormState> {
    let id = || form.value("connection").trim().parse::<i64>().unwrap_or(0);
    let plain = |e: ServiceError| refused_as(form, e, str::to_string);
    match form.value("op").as_str() {
        "connect" => connect(ctx, caller, form).await,
        "choices" => save_choices(ctx, caller, form).await.map(|()| "saved"),
        "sync" => connections::sync_now(ctx, caller, id())
            .await
            .map(|_| "synced")
            .map_err(plain),
        "delete" => connections::delete(ctx, caller, id())
            .await
            .map(|_| "disconnected")
            .map_err(plain),
        _ => Err(FormState {
            message: Some(t("this-form-is-not-one-of").into()),
            ..form.clone()
        }),
    }
}

async fn connect(ctx: &Ctx, caller: &Caller, form: &FormState) -> Result<&'static str, FormState> {
    let kind = form.value("kind");
    let url_field = if kind == "ics" {
        "feed_url"
    } else {
        "server_url"
    };
    let text = |name: &str| Some(form.value(name)).filter(|v| !v.trim().is_empty());
    let request = ConnectRequest {
        kind: Some(kind.clone()),
        url: text(url_field),
        username: if kind == "ics" {
            None
        } else {
            text("username")
        },
        password: if kind == "ics" {
            None
        } else {
            text("password")
        },
        title: text("title"),
    };
    match connections::connect(ctx, caller, &request).await {
        Ok(_) => Ok("connected"),
        Err(e) => {
            let mut state = refused_as(form, e, |field| match field {
                "url" => url_field.to_string(),
                other => other.to_string(),
            });
            // A password is never written back into a page.
            state.values.remove("password");
            Err(state)
        }
    }
}

/// The calendars' choices of every connection: `check_<calendar id>=on` for each calendar
/// that checks conflicts, `destination=<calendar id>` (or `none`).
async fn save_choices(ctx: &Ctx, caller: &Caller, form: &FormState) -> Result<(), FormState> {
    let plain = |e: ServiceError| refused_as(form, e, str::to_string);
    let destination = form.value("destination").trim().parse::<i64>().ok();
    let list = connections::connections(ctx, caller).await.map_err(plain)?;
    // The chosen destination's connection goes last, so clearing the others cannot undo it.
    let mut ordered: Vec<_> = list.iter().collect();
    ordered.sort_by_key(|c| c.calendars.iter().any(|k| Some(k.id) == destination));
    for connection in ordered {
        let calendars = connection
            .calendars
            .iter()
            .map(|k| CalendarChoice {
                id: Some(k.id),
                check_conflicts: Flag::Set(form.value(&format!("check_{}", k.id)) == "on"),
                is_destination: Flag::Set(Some(k.id) == destination),
            })
            .collect();
        let change = UpdateConnection {
            calendars: Some(calendars),
            ..UpdateConnection::default()
        };
        connections::update(ctx, caller, connection.id, change)
            .await
            .map_err(plain)?;
    }
    Ok(())
}
