//! `/admin/calendars/{id}/events/{event_id}?tab=...`: the event editor. Each tab is a form
//! posted to the page's own address (`src/pages/setup.rs`): "Save" stores it through the REST
//! route's service (303 back with `saved=1`, or the form again with each message beside its
//! field); "Add window", "Remove" and "Add date override" change the form without saving, so
//! they work without JavaScript.

use leptos::prelude::*;

use crate::model::errors::PageError;
use crate::model::public::FormState;
use crate::model::setup::{DayExplained, EDITOR_TABS, EventEditor, Limits, WEEKDAYS, WeekDraft};

#[server(prefix = "/_app", endpoint = "admin/event")]
pub async fn load_event_editor(calendar_id: i64, event_id: i64) -> Result<EventEditor, PageError> {
    let caller = super::signed_in_caller().await?;
    let ctx = super::service_ctx()?;
    crate::service::setup_pages::editor(&ctx, &caller, calendar_id, event_id)
        .await
        .map_err(|e| match e {
            crate::service::ServiceError::NotFound => {
                crate::ui::set_status(404);
                PageError::new(404, "There is no such event.")
            }
            other => super::page_error(other),
        })
}

/// "Why is this time not offered?" for `date` (`YYYY-MM-DD`).
#[server(prefix = "/_app", endpoint = "admin/event/explain")]
pub async fn load_day_explained(
    calendar_id: i64,
    event_id: i64,
    date: String,
) -> Result<DayExplained, PageError> {
    let caller = super::signed_in_caller().await?;
    let ctx = super::service_ctx()?;
    let Ok(day) = chrono::NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d") else {
        crate::ui::set_status(422);
        return Err(PageError::new(422, "The date must be in YYYY-MM-DD format"));
    };
    let editor = crate::service::setup_pages::editor(&ctx, &caller, calendar_id, event_id)
        .await
        .map_err(super::page_error)?;
    let now = chrono::Utc::now().timestamp();
    crate::service::setup_pages::explain_day(&ctx, &caller, &editor, day, now)
        .await
        .map_err(super::page_error)
}

const CARD: &str = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900";
const FIELD: &str = "mt-1 block min-h-10 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950 dark:[color-scheme:dark]";
const BUTTON: &str = "inline-flex min-h-10 items-center rounded-md border border-slate-400 px-3 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
const PRIMARY: &str = "inline-flex min-h-10 items-center rounded-md bg-sky-700 px-4 text-sm font-semibold text-white hover:bg-sky-800";
const ERROR: &str = "mt-1 text-sm font-medium text-red-800 dark:text-red-300";

/// The editor's content for `tab` (`details` unless `availability`).
pub async fn page(
    calendar_id: i64,
    event_id: i64,
    tab: String,
    saved: bool,
    explain: Option<String>,
    csrf: String,
) -> AnyView {
    let form = use_context::<FormState>().unwrap_or_default();
    // Set by an "Add window"/"Remove" post: the hours as changed, not yet saved.
    let draft = use_context::<WeekDraft>();
    let explained = match explain.filter(|d| !d.trim().is_empty()) {
        Some(date) => Some(
            load_day_explained(calendar_id, event_id, date.clone())
                .await
                .map_err(|e| (date, e.message)),
        ),
        None => None,
    };
    match load_event_editor(calendar_id, event_id).await {
        Ok(editor) => view! {
            <Editor editor=editor.clone() tab=tab.clone() form draft saved csrf />
            <Explain editor tab explained />
        }
        .into_any(),
        Err(e) => view! {
            <p><a href=format!("/admin/calendars/{calendar_id}") class="text-sm text-sky-800 underline dark:text-sky-300">"Back to the calendar"</a></p>
            <h1 class="mt-2 text-xl font-semibold" id="section-title">"Event"</h1>
            <p role="alert" class="mt-4 text-red-800 dark:text-red-300">{e.message}</p>
        }
        .into_any(),
    }
}

#[component]
fn Editor(
    editor: EventEditor,
    tab: String,
    form: FormState,
    draft: Option<WeekDraft>,
    saved: bool,
    csrf: String,
) -> impl IntoView {
    let base = format!(
        "/admin/calendars/{}/events/{}",
        editor.calendar_id, editor.event_id
    );
    let tab = if EDITOR_TABS.iter().any(|(t, _)| *t == tab) {
        tab
    } else {
        "details".to_string()
    };
    let action = format!("{base}?tab={tab}");
    let body = if tab == "availability" {
        let hours = draft.unwrap_or_else(|| editor.hours.clone());
        view! { <HoursForm hours zone=editor.zone.clone() form=form.clone() action csrf /> }
            .into_any()
    } else if tab == "limits" {
        view! { <LimitsForm limits=editor.limits.clone() form=form.clone() action csrf /> }
            .into_any()
    } else {
        view! { <DetailsForm editor=editor.clone() form=form.clone() action csrf /> }.into_any()
    };
    view! {
        <p><a href=format!("/admin/calendars/{}", editor.calendar_id) class="text-sm text-sky-800 underline dark:text-sky-300">{format!("Back to {}", editor.calendar_title)}</a></p>
        <div class="mt-2 flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <h1 class="text-xl font-semibold" id="section-title">{editor.title.clone()}</h1>
            <a href=editor.url.clone() class="text-sm text-sky-800 underline dark:text-sky-300">"Open the booking page"</a>
        </div>
        <nav aria-label="Event settings" class="mt-4 overflow-x-auto">
            <ul class="flex gap-1 border-b border-slate-200 dark:border-slate-700">
                {EDITOR_TABS.iter().map(|(value, label)| {
                    let current = *value == tab;
                    view! {
                        <li>
                            <a href=format!("{base}?tab={value}") aria-current=current.then_some("page")
                                class=format!("inline-flex min-h-10 items-center whitespace-nowrap border-b-2 px-3 text-sm {}",
                                    if current { "border-sky-700 font-semibold text-sky-900 dark:text-sky-200" } else { "border-transparent hover:border-slate-400" })>
                                {*label}
                            </a>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </nav>
        {saved.then(|| view! { <p role="status" id="editor-saved" class="mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">"Saved."</p> })}
        {form.message.clone().map(|m| view! { <p role="alert" class="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">{m}</p> })}
        <section class=format!("mt-4 {CARD}")>{body}</section>
    }
}

#[component]
fn DetailsForm(
    editor: EventEditor,
    form: FormState,
    action: String,
    csrf: String,
) -> impl IntoView {
    let posted = !form.values.is_empty();
    let value = |name: &str, stored: String| if posted { form.value(name) } else { stored };
    let title = value("title", editor.title.clone());
    let duration = value("duration", editor.duration.to_string());
    let description = value("description", editor.description.clone());
    let status = value("status", editor.status.clone());
    let error = |name: &str| form.errors.get(name).cloned();
    let described = |name: &str| error(name).map(|_| format!("f-{name}-error"));
    view! {
        <form method="post" action=action class="max-w-xl space-y-4" id="details-form">
            <input type="hidden" name="csrf" value=csrf />
            <input type="hidden" name="tab" value="details" />
            <div>
                <label for="f-title" class="block text-sm font-medium">"Title"</label>
                <input id="f-title" name="title" value=title required class=FIELD
                    aria-invalid=error("title").map(|_| "true") aria-describedby=described("title") />
                {error("title").map(|e| view! { <p id="f-title-error" class=ERROR>{e}</p> })}
            </div>
            <div>
                <label for="f-duration" class="block text-sm font-medium">"Duration"</label>
                <input id="f-duration" name="duration" type="number" min="5" max="1440" value=duration required class=FIELD
                    aria-invalid=error("duration").map(|_| "true") aria-describedby=described("duration") />
                {error("duration").map(|e| view! { <p id="f-duration-error" class=ERROR>{e}</p> })}
            </div>
            <div>
                <label for="f-description" class="block text-sm font-medium">"Description"</label>
                <textarea id="f-description" name="description" rows="4" class=FIELD
                    aria-invalid=error("description").map(|_| "true") aria-describedby=described("description")>
                    {crate::ui::textarea_text(&description)}
                </textarea>
                {error("description").map(|e| view! { <p id="f-description-error" class=ERROR>{e}</p> })}
            </div>
            <div>
                <label for="f-status" class="block text-sm font-medium">"Status"</label>
                <select id="f-status" name="status" class=FIELD>
                    <option value="active" selected=status == "active">"Active: bookable"</option>
                    <option value="draft" selected=status == "draft">"Draft: hidden"</option>
                </select>
            </div>
            <button type="submit" class=PRIMARY>"Save"</button>
        </form>
    }
}

#[component]
fn HoursForm(
    hours: WeekDraft,
    zone: String,
    form: FormState,
    action: String,
    csrf: String,
) -> impl IntoView {
    let error = move |key: &str| form.errors.get(key).cloned();
    let error_view =
        move |key: String, id: String| error(&key).map(|e| view! { <p id=id class=ERROR>{e}</p> });
    view! {
        <form method="post" action=action class="space-y-5" id="hours-form">
            <input type="hidden" name="csrf" value=csrf />
            <input type="hidden" name="tab" value="availability" />
            <p class="text-sm text-slate-600 dark:text-slate-300">{format!("Hours in {zone}, the calendar's time zone. A day without a window is not bookable.")}</p>
            {hours.days.into_iter().map(|(day, windows)| {
                let name = WEEKDAYS.iter().find(|(k, _)| *k == day).map_or("", |(_, n)| *n);
                let day_error = error_view(day.clone(), format!("{day}-error"));
                view! {
                    <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700" id=format!("day-{day}")>
                        <legend class="px-1 text-sm font-semibold">{name}</legend>
                        {windows.is_empty().then(|| view! { <p class="text-sm text-slate-600 dark:text-slate-300">"Unavailable"</p> })}
                        {windows.into_iter().enumerate().map(|(i, (start, end))| {
                            let (start_id, end_id) = (format!("{day}-start-{i}"), format!("{day}-end-{i}"));
                            view! {
                                <div class="mt-2 flex flex-wrap items-end gap-2">
                                    <div>
                                        <label for=start_id.clone() class="block text-xs font-medium">"Start"</label>
                                        <input id=start_id type="time" name=format!("{day}_start") value=start class=FIELD />
                                    </div>
                                    <div>
                                        <label for=end_id.clone() class="block text-xs font-medium">"End"</label>
                                        <input id=end_id type="time" name=format!("{day}_end") value=end class=FIELD />
                                    </div>
                                    <button type="submit" name="op" value=format!("remove:{day}:{i}") class=BUTTON>"Remove"</button>
                                </div>
                                {error_view(format!("{day}.{i}"), format!("{day}-{i}-error"))}
                            }
                        }).collect_view()}
                        {day_error}
                        <button type="submit" name="op" value=format!("add:{day}") class=format!("mt-2 {BUTTON}")>"Add window"</button>
                    </fieldset>
                }
            }).collect_view()}
            <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700" id="overrides">
                <legend class="px-1 text-sm font-semibold">"Date overrides"</legend>
                <p class="text-sm text-slate-600 dark:text-slate-300">"A date with its own hours; without a window the date is not bookable."</p>
                {hours.overrides.into_iter().enumerate().map(|(i, (date, start, end))| {
                    let (date_id, start_id, end_id) = (format!("override-date-{i}"), format!("override-start-{i}"), format!("override-end-{i}"));
                    view! {
                        <div class="mt-2 flex flex-wrap items-end gap-2">
                            <div>
                                <label for=date_id.clone() class="block text-xs font-medium">"Date"</label>
                                <input id=date_id type="date" name="override_date" value=date class=FIELD />
                            </div>
                            <div>
                                <label for=start_id.clone() class="block text-xs font-medium">"Start"</label>
                                <input id=start_id type="time" name="override_start" value=start class=FIELD />
                            </div>
                            <div>
                                <label for=end_id.clone() class="block text-xs font-medium">"End"</label>
                                <input id=end_id type="time" name="override_end" value=end class=FIELD />
                            </div>
                            <button type="submit" name="op" value=format!("remove_override:{i}") class=BUTTON>"Remove"</button>
                        </div>
                        {error_view(format!("override.{i}"), format!("override-{i}-error"))}
                    }
                }).collect_view()}
                <button type="submit" name="op" value="add_override" class=format!("mt-2 {BUTTON}")>"Add date override"</button>
            </fieldset>
            <button type="submit" name="op" value="save" class=PRIMARY>"Save"</button>
        </form>
    }
}

#[component]
fn LimitsForm(limits: Limits, form: FormState, action: String, csrf: String) -> impl IntoView {
    let posted = !form.values.is_empty();
    let fields = [
        (
            "notice",
            "Minimum notice",
            limits.notice,
            "How long before a time it can still be booked.",
        ),
        (
            "buffer_before",
            "Buffer before",
            limits.buffer_before,
            "Free time kept before each booking.",
        ),
        (
            "buffer_after",
            "Buffer after",
            limits.buffer_after,
            "Free time kept after each booking.",
        ),
        (
            "slot_interval",
            "Slot interval",
            limits.slot_interval,
            "Minutes between start times; empty: the event's duration.",
        ),
    ];
    view! {
        <form method="post" action=action class="max-w-xl space-y-4" id="limits-form">
            <input type="hidden" name="csrf" value=csrf />
            <input type="hidden" name="tab" value="limits" />
            <p class="text-sm text-slate-600 dark:text-slate-300">"All in minutes."</p>
            {fields.into_iter().map(|(name, label, stored, hint)| {
                let id = format!("f-{name}");
                let (hint_id, error_id) = (format!("{id}-hint"), format!("{id}-error"));
                let error = form.errors.get(name).cloned();
                let value = if posted { form.value(name) } else { stored };
                let described = match &error {
                    Some(_) => format!("{hint_id} {error_id}"),
                    None => hint_id.clone(),
                };
                view! {
                    <div>
                        <label for=id.clone() class="block text-sm font-medium">{label}</label>
                        <input id=id name=name type="number" min="0" value=value class=FIELD
                            aria-invalid=error.as_ref().map(|_| "true") aria-describedby=described />
                        <p id=hint_id class="mt-1 text-xs text-slate-600 dark:text-slate-300">{hint}</p>
                        {error.map(|e| view! { <p id=error_id class=ERROR>{e}</p> })}
                    </div>
                }
            }).collect_view()}
            <button type="submit" class=PRIMARY>"Save"</button>
        </form>
    }
}

/// "Why is this time not offered?": a date, then each start time of that date with "Offered"
/// or the engine's reasons in words. A plain GET form (`explain=`), on every tab.
#[component]
fn Explain(
    editor: EventEditor,
    tab: String,
    explained: Option<Result<DayExplained, (String, String)>>,
) -> impl IntoView {
    let base = format!(
        "/admin/calendars/{}/events/{}",
        editor.calendar_id, editor.event_id
    );
    let date = match &explained {
        Some(Ok(day)) => day.date.clone(),
        Some(Err((date, _))) => date.clone(),
        None => String::new(),
    };
    let tab = if tab.is_empty() {
        "details".to_string()
    } else {
        tab
    };
    view! {
        <section class=format!("mt-6 {CARD}") aria-labelledby="explain-heading">
            <h2 id="explain-heading" class="text-lg font-semibold">"Why is this time not offered?"</h2>
            <form method="get" action=base aria-labelledby="explain-heading" class="mt-3 flex flex-wrap items-end gap-2" id="explain-form">
                <input type="hidden" name="tab" value=tab />
                <div>
                    <label for="explain-date" class="block text-sm font-medium">"Date"</label>
                    <input id="explain-date" type="date" name="explain" value=date required class=FIELD />
                </div>
                <button type="submit" class=BUTTON>"Explain"</button>
            </form>
            {explained.map(|result| match result {
                Err((_, message)) => view! { <p role="alert" class=ERROR>{message}</p> }.into_any(),
                Ok(day) if day.times.is_empty() => view! {
                    <p class="mt-3 text-sm" id="explained">{format!("No hours on {}: every time that day is outside hours.", day.date)}</p>
                }.into_any(),
                Ok(day) => view! {
                    <ul class="mt-3 grid gap-1 text-sm sm:grid-cols-2" id="explained">
                        {day.times.into_iter().map(|(time, words)| {
                            let offered = words == "Offered";
                            view! {
                                <li class="flex gap-3">
                                    <span class="w-12 font-medium tabular-nums">{time}</span>
                                    <span class=if offered { "text-emerald-800 dark:text-emerald-300" } else { "text-slate-700 dark:text-slate-200" }>{words}</span>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                }.into_any(),
            })}
        </section>
    }
}
