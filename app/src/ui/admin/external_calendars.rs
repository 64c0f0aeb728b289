//! `/admin/settings/calendars`: the user's connected calendars (DESIGN 2.7). Each connection
//! shows its status and last sync; per calendar a checkbox "Check for conflicts" and a choice
//! "Add bookings to this calendar"; "Sync now" and "Disconnect"; and the "Connect calendar"
//! form. Plain forms posted to this address (`src/pages/settings.rs`): all of it works
//! without JavaScript.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use super::forms::Refusal;
use super::style::{BUTTON, CARD, ERROR, FIELD, PRIMARY, SAVED};
use crate::model::calendar_connection::Connection;
use crate::model::errors::PageError;
use crate::model::public::FormState;

const ACTION: &str = "/admin/settings/calendars";

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_connections() -> Result<Vec<Connection>, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::service::calendars::connections::connections(&ctx, &caller)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        Err(PageError::rendered_on_the_server())
    }
}

/// `/admin/settings/calendars`; `done` names what the last post did.
pub async fn page(done: Option<String>, csrf: String) -> AnyView {
    // Read before any await: after one, the page's owner no longer reaches the context.
    let form = use_context::<FormState>().unwrap_or_default();
    let body = match load_connections().await {
        Ok(list) => view! { <Connections list form done csrf /> }.into_any(),
        Err(e) => super::load_error(e),
    };
    view! {
        <p class="text-sm"><a href="/admin/settings" class="text-sky-800 underline dark:text-sky-300">{t("back-to-settings")}</a></p>
        <h1 class="mt-2 text-xl font-semibold" id="section-title">{t("connected-calendars")}</h1>
        <p class="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-300">
            {t("times-you-are-busy-in-these")}" "
            {t("passwords-and-secret-feed-addresses-are")}
        </p>
        {body}
    }
    .into_any()
}

fn done_text(done: &str) -> Option<&'static str> {
    Some(match done {
        "connected" => t("calendar-has-been-connected"),
        "saved" => t("saved"),
        "synced" => t("calendar-has-been-synced"),
        "disconnected" => t("calendar-connection-has-been-deleted"),
        _ => return None,
    })
}

/// `2026-11-24T13:10:00+00:00` as "2026-11-24 13:10 UTC".
fn synced_text(at: Option<&str>) -> String {
    match at.and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok()) {
        Some(at) => tf(
            "last-synced",
            &[(
                "time",
                (&at.naive_utc().format("%Y-%m-%d %H:%M").to_string()).into(),
            )],
        ),
        None => t("not-synced-yet").into(),
    }
}

#[component]
fn Connections(
    list: Vec<Connection>,
    form: FormState,
    done: Option<String>,
    csrf: String,
) -> impl IntoView {
    let op = form.value("op");
    let connect_form = if op == "connect" {
        form.clone()
    } else {
        FormState::default()
    };
    let other_refusal = (op != "connect").then(|| form.clone());
    let done = done.as_deref().and_then(done_text);
    let any_destination = list
        .iter()
        .flat_map(|c| &c.calendars)
        .any(|k| k.is_destination);
    let empty = list.is_empty();
    let ids: Vec<i64> = list.iter().map(|c| c.id).collect();
    let csrf_side = csrf.clone();
    view! {
        {done.map(|text| view! { <p role="status" class=SAVED>{text}</p> })}
        {other_refusal.map(|form| view! { <Refusal form /> })}
        <section id="connections" aria-labelledby="connections-heading" class=format!("mt-6 {CARD}")>
            <h2 id="connections-heading" class="text-lg font-semibold">{t("your-calendars")}</h2>
            {if empty {
                view! { <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("no-calendar-is-connected-yet-connect")}</p> }.into_any()
            } else {
                view! {
                    <form method="post" action=format!("{ACTION}#connections") class="mt-3 grid gap-4">
                        <input type="hidden" name="csrf" value=csrf.clone() />
                        <input type="hidden" name="op" value="choices" />
                        {list.into_iter().map(|c| view! { <ConnectionCard connection=c /> }).collect_view()}
                        <div class="flex items-center gap-2 text-sm">
                            <input id="destination-none" type="radio" name="destination" value="none" checked=!any_destination class="size-4" />
                            <label for="destination-none">{t("do-not-add-bookings-to-any")}</label>
                        </div>
                        <div><button type="submit" class=PRIMARY>{t("save-choices")}</button></div>
                    </form>
                }.into_any()
            }}
            // The buttons of each card post these forms (`form=` attribute): forms cannot nest.
            {ids.into_iter().map(|id| {
                let csrf = csrf_side.clone();
                view! {
                    <form id=format!("sync-{id}") method="post" action=format!("{ACTION}#connection-{id}") hidden>
                        <input type="hidden" name="csrf" value=csrf.clone() />
                        <input type="hidden" name="op" value="sync" />
                        <input type="hidden" name="connection" value=id.to_string() />
                    </form>
                    <form id=format!("delete-{id}") method="post" action=format!("{ACTION}#connections") hidden>
                        <input type="hidden" name="csrf" value=csrf />
                        <input type="hidden" name="op" value="delete" />
                        <input type="hidden" name="connection" value=id.to_string() />
                    </form>
                }
            }).collect_view()}
        </section>
        <ConnectForm form=connect_form csrf />
    }
}

#[component]
fn ConnectionCard(connection: Connection) -> impl IntoView {
    let Connection {
        id,
        kind,
        title,
        url,
        username,
        status,
        last_error,
        last_synced_at,
        calendars,
    } = connection;
    let kind_text = if kind == "ics" {
        t("ics-feed")
    } else {
        t("caldav-account")
    };
    let account = if username.is_empty() {
        url
    } else {
        format!("{username} at {url}")
    };
    let ok = status == "ok";
    let status_view = if ok {
        view! { <span class="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">{t("working")}</span> }.into_any()
    } else {
        view! { <span class="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900 dark:bg-red-950 dark:text-red-100">{t("not-reachable")}</span> }.into_any()
    };
    let heading = format!("connection-{id}-title");
    view! {
        <fieldset id=format!("connection-{id}") class="rounded-lg border border-slate-300 p-4 dark:border-slate-700" aria-describedby=format!("connection-{id}-state")>
            <legend id=heading class="px-1 font-semibold">{format!("{title} ({kind_text})")}</legend>
            <p class="break-all text-sm text-slate-600 dark:text-slate-300">{account}</p>
            <p id=format!("connection-{id}-state") class="mt-1 flex flex-wrap items-center gap-2 text-sm">
                {status_view}
                <span>{synced_text(last_synced_at.as_deref())}</span>
            </p>
            {(!ok && !last_error.is_empty()).then(|| view! { <p class=ERROR>{last_error}</p> })}
            <ul class="mt-3 grid gap-3">
                {calendars.into_iter().map(|k| {
                    let check_id = format!("check-{}", k.id);
                    let dest_id = format!("destination-{}", k.id);
                    let name = k.name.clone();
                    view! {
                        <li class="rounded-md bg-slate-50 p-3 dark:bg-slate-800">
                            <p class="text-sm font-medium">{k.name.clone()}{k.read_only.then_some(" (read-only)")}</p>
                            <div class="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
                                <span class="flex items-center gap-2">
                                    <input id=check_id.clone() type="checkbox" name=format!("check_{}", k.id) checked=k.check_conflicts class="size-4" />
                                    <label for=check_id>{t("check-for-conflicts")}<span class="sr-only">{format!(" in {name}")}</span></label>
                                </span>
                                {(!k.read_only).then(|| view! {
                                    <span class="flex items-center gap-2">
                                        <input id=dest_id.clone() type="radio" name="destination" value=k.id.to_string() checked=k.is_destination class="size-4" />
                                        <label for=dest_id>{t("add-bookings-to-this-calendar")}<span class="sr-only">{format!(": {}", k.name)}</span></label>
                                    </span>
                                })}
                            </div>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <div class="mt-3 flex flex-wrap gap-2">
                <button type="submit" form=format!("sync-{id}") class=BUTTON>{t("sync-now")}<span class="sr-only">{format!(" {title}")}</span></button>
                <button type="submit" form=format!("delete-{id}") class=BUTTON>{t("disconnect")}<span class="sr-only">{format!(" {title}")}</span></button>
            </div>
        </fieldset>
    }
}

/// A labelled input of the connect form, its message beside it.
#[component]
fn Input(
    form: FormState,
    name: &'static str,
    label: &'static str,
    #[prop(default = "text")] kind: &'static str,
    #[prop(optional)] hint: Option<&'static str>,
    #[prop(optional)] autocomplete: Option<&'static str>,
) -> impl IntoView {
    let id = format!("connect-{name}");
    let error = form.errors.get(name).cloned();
    let error_id = format!("{id}-error");
    let hint_id = format!("{id}-hint");
    let described = match (&error, hint) {
        (Some(_), Some(_)) => Some(format!("{error_id} {hint_id}")),
        (Some(_), None) => Some(error_id.clone()),
        (None, Some(_)) => Some(hint_id.clone()),
        (None, None) => None,
    };
    // A password is never written back into the page.
    let value = if kind == "password" {
        String::new()
    } else {
        form.value(name)
    };
    view! {
        <div>
            <label for=id.clone() class="block text-sm font-medium">{label}</label>
            <input id=id name=name type=kind value=value class=FIELD autocomplete=autocomplete
                aria-invalid=error.as_ref().map(|_| "true") aria-describedby=described />
            {hint.map(|h| view! { <p id=hint_id class="mt-1 text-xs text-slate-600 dark:text-slate-300">{h}</p> })}
            {error.map(|e| view! { <p id=error_id class=ERROR>{e}</p> })}
        </div>
    }
}

#[component]
fn ConnectForm(form: FormState, csrf: String) -> impl IntoView {
    let ics = form.value("kind") == "ics";
    let kind_error = form.errors.get("kind").cloned();
    view! {
        <section id="connect" aria-labelledby="connect-heading" class=format!("mt-6 {CARD}")>
            <h2 id="connect-heading" class="text-lg font-semibold">{t("connect-calendar")}</h2>
            <Refusal form=form.clone() />
            <form method="post" action=format!("{ACTION}#connect") class="mt-3 grid max-w-xl gap-4">
                <input type="hidden" name="csrf" value=csrf />
                <input type="hidden" name="op" value="connect" />
                <fieldset>
                    <legend class="text-sm font-medium">{t("kind")}</legend>
                    <div class="mt-2 grid gap-2 text-sm">
                        <span class="flex items-center gap-2">
                            <input id="kind-caldav" type="radio" name="kind" value="caldav" checked=!ics class="size-4" />
                            <label for="kind-caldav">{t("caldav-account-icloud-fastmail-nextcloud-and")}</label>
                        </span>
                        <span class="flex items-center gap-2">
                            <input id="kind-ics" type="radio" name="kind" value="ics" checked=ics class="size-4" />
                            <label for="kind-ics">{t("ics-feed-a-secret-calendar-address")}</label>
                        </span>
                    </div>
                    {kind_error.map(|e| view! { <p class=ERROR>{e}</p> })}
                </fieldset>
                <fieldset class="grid gap-3 rounded-lg border border-slate-300 p-4 dark:border-slate-700">
                    <legend class="px-1 text-sm font-semibold">{t("caldav-account")}</legend>
                    <Input form=form.clone() name="server_url" label=t("server-url") kind="url"
                        hint=t("caldav-hint") />
                    <Input form=form.clone() name="username" label=t("username") autocomplete="username" />
                    <Input form=form.clone() name="password" label=t("password") kind="password" autocomplete="new-password" />
                </fieldset>
                <fieldset class="grid gap-3 rounded-lg border border-slate-300 p-4 dark:border-slate-700">
                    <legend class="px-1 text-sm font-semibold">{t("ics-feed")}</legend>
                    <Input form=form.clone() name="feed_url" label=t("feed-url") kind="url"
                        hint=t("ics-feed-hint") />
                </fieldset>
                <Input form=form.clone() name="title" label=t("title-optional") />
                <div><button type="submit" class=PRIMARY>{t("connect-calendar")}</button></div>
            </form>
        </section>
    }
}
