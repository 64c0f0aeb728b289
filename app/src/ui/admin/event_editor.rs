//! `/admin/calendars/{id}/events/{event_id}?tab=...`: the event editor. Each tab is a form
//! posted to the page's own address (`src/pages/setup.rs`): "Save" stores it through the REST
//! route's service (303 back with `saved=1`, or the form again with each message beside its
//! field); "Add window", "Remove" and "Add date override" change the form without saving, so
//! they work without JavaScript.

use leptos::prelude::*;

use super::forms::{HostChecklist, Refusal, ZoneField};
use super::hours::HoursForm;
use super::style::{BUTTON, CARD, ERROR, FIELD, PRIMARY, SAVED};
use crate::model::errors::PageError;
use crate::model::event_tabs::{
    AdvancedTab, CHOICE_TYPES, FIELD_TYPES, FieldLine, NotificationLine, PaymentTab, Policy,
    WebhooksTab, type_name,
};
use crate::model::public::FormState;
use crate::model::setup::{
    DayExplained, EDITOR_TABS, EventEditor, LOCATION_CHOICES, Limits, LocationDraft, PeriodCaps,
    WeekDraft,
};

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
    crate::service::setup_pages::explain_day(&ctx, &editor, day, now)
        .await
        .map_err(super::page_error)
}

/// The "Booking fields" tab's rows.
#[server(prefix = "/_app", endpoint = "admin/event/fields")]
pub async fn load_fields(calendar_id: i64, event_id: i64) -> Result<Vec<FieldLine>, PageError> {
    let caller = super::signed_in_caller().await?;
    let ctx = super::service_ctx()?;
    crate::service::events::tabs::fields(&ctx, &caller, calendar_id, event_id)
        .await
        .map_err(super::page_error)
}

/// The "Webhooks" tab: feeds and their delivery logs.
#[server(prefix = "/_app", endpoint = "admin/event/webhooks")]
pub async fn load_webhooks(calendar_id: i64, event_id: i64) -> Result<WebhooksTab, PageError> {
    let caller = super::signed_in_caller().await?;
    let ctx = super::service_ctx()?;
    crate::service::events::tabs::webhooks(&ctx, &caller, calendar_id, event_id)
        .await
        .map_err(super::page_error)
}

/// The "Advanced" tab's options.
#[server(prefix = "/_app", endpoint = "admin/event/advanced")]
pub async fn load_advanced(calendar_id: i64, event_id: i64) -> Result<AdvancedTab, PageError> {
    let caller = super::signed_in_caller().await?;
    let ctx = super::service_ctx()?;
    crate::service::events::tabs::advanced(&ctx, &caller, calendar_id, event_id)
        .await
        .map_err(super::page_error)
}

/// The "Payment" tab.
#[server(prefix = "/_app", endpoint = "admin/event/payment")]
pub async fn load_payment(calendar_id: i64, event_id: i64) -> Result<PaymentTab, PageError> {
    let caller = super::signed_in_caller().await?;
    let ctx = super::service_ctx()?;
    crate::service::events::tabs::payment(&ctx, &caller, calendar_id, event_id)
        .await
        .map_err(super::page_error)
}

/// The "Notifications" tab: every email of the event, with its text.
#[server(prefix = "/_app", endpoint = "admin/event/emails")]
pub async fn load_emails(
    calendar_id: i64,
    event_id: i64,
) -> Result<Vec<NotificationLine>, PageError> {
    let caller = super::signed_in_caller().await?;
    let ctx = super::service_ctx()?;
    crate::service::events::tabs::notifications(&ctx, &caller, calendar_id, event_id)
        .await
        .map_err(super::page_error)
}

/// The signing secret of a feed just added: shown once, on the page that answers "Add webhook".
#[derive(Debug, Clone)]
pub struct NewSecret(pub String);

/// What the current tab shows beyond the event itself.
enum TabData {
    None,
    Fields(Vec<FieldLine>),
    Webhooks(WebhooksTab),
    Advanced(AdvancedTab),
    Payment(PaymentTab),
    Emails(Vec<NotificationLine>),
}

/// The editor's address query.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditorQuery {
    /// `tab=`: one of [`EDITOR_TABS`] (else details).
    pub tab: String,
    /// `saved=1`: the tab was just saved.
    pub saved: bool,
    /// `explain=YYYY-MM-DD`: "Why is this time not offered?" for that date.
    pub explain: Option<String>,
    /// `edit=`: the booking field whose edit form is open.
    pub edit: Option<String>,
    /// `done=test|pause|resume|remove`: what a webhook button just did.
    pub done: Option<String>,
}

/// The editor's content for the query's tab.
pub async fn page(calendar_id: i64, event_id: i64, query: EditorQuery, csrf: String) -> AnyView {
    let EditorQuery {
        tab,
        saved,
        explain,
        edit,
        done,
    } = query;
    let done = done.and_then(|d| match d.as_str() {
        "test" => Some(
            "Test delivery queued. It shows in the delivery log within seconds: reload to see it.",
        ),
        "pause" => Some("Webhook paused."),
        "resume" => Some("Webhook resumed."),
        "remove" => Some("Webhook removed."),
        _ => None,
    });
    let form = use_context::<FormState>().unwrap_or_default();
    // Set by an "Add window"/"Remove" post: the hours as changed, not yet saved.
    let draft = use_context::<WeekDraft>();
    // Read before any await: after one, the page's owner no longer reaches the context.
    let secret = use_context::<NewSecret>();
    let explained = match explain.filter(|d| !d.trim().is_empty()) {
        Some(date) => Some(
            load_day_explained(calendar_id, event_id, date.clone())
                .await
                .map_err(|e| (date, e.message)),
        ),
        None => None,
    };
    let data = match tab.as_str() {
        "booking-fields" => load_fields(calendar_id, event_id)
            .await
            .map(TabData::Fields),
        "webhooks" => load_webhooks(calendar_id, event_id)
            .await
            .map(TabData::Webhooks),
        "advanced" => load_advanced(calendar_id, event_id)
            .await
            .map(TabData::Advanced),
        "payment" => load_payment(calendar_id, event_id)
            .await
            .map(TabData::Payment),
        "notifications" => load_emails(calendar_id, event_id)
            .await
            .map(TabData::Emails),
        _ => Ok(TabData::None),
    };
    match load_event_editor(calendar_id, event_id)
        .await
        .and_then(|editor| data.map(|data| (editor, data)))
    {
        Ok((editor, data)) => view! {
            <Editor editor=editor.clone() tab=tab.clone() form draft data edit saved done secret csrf />
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
    data: TabData,
    edit: Option<String>,
    saved: bool,
    done: Option<&'static str>,
    secret: Option<NewSecret>,
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
    let form_ = form.clone();
    let body = match (tab.as_str(), data) {
        ("availability", _) => {
            let hours = draft.unwrap_or_else(|| editor.hours.clone());
            let note = format!(
                "Hours in {}, the calendar's time zone. A day without a window is not bookable.",
                editor.zone
            );
            let head = view! {
                <input type="hidden" name="tab" value="availability" />
                <ScheduleChoice editor=editor.clone() form=form.clone() />
            }
            .into_any();
            view! { <HoursForm hours note form=form_ action csrf head /> }.into_any()
        }
        ("limits", _) => {
            view! { <LimitsForm limits=editor.limits.clone() form=form_ action csrf /> }.into_any()
        }
        (_, TabData::Fields(fields)) => {
            view! { <FieldsForm fields edit form=form_ base=base.clone() csrf /> }.into_any()
        }
        (_, TabData::Webhooks(hooks)) => {
            view! { <WebhooksForm hooks secret form=form_ action csrf /> }.into_any()
        }
        (_, TabData::Advanced(options)) => {
            view! { <AdvancedForm options form=form_ action csrf /> }.into_any()
        }
        (_, TabData::Emails(emails)) => {
            view! { <NotificationsForm emails edit form=form_ base=base.clone() csrf /> }.into_any()
        }
        (_, TabData::Payment(payment)) => {
            view! { <PaymentForm payment form=form_ action csrf /> }.into_any()
        }
        _ => view! { <DetailsForm editor=editor.clone() form=form_ action csrf /> }.into_any(),
    };
    view! {
        <p><a href=format!("/admin/calendars/{}", editor.calendar_id) class="text-sm text-sky-800 underline dark:text-sky-300">{format!("Back to {}", editor.calendar_title)}</a></p>
        <div class="mt-2 flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <h1 class="text-xl font-semibold" id="section-title">{editor.title.clone()}</h1>
            <a href=editor.url.clone() class="text-sm text-sky-800 underline dark:text-sky-300">"Open the booking page"</a>
        </div>
        <nav aria-label="Event settings" class="mt-4">
            <ul class="flex flex-wrap gap-x-1 border-b border-slate-200 dark:border-slate-700">
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
        {done.map(|text| view! { <p role="status" id="editor-done" class="mt-3 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-100">{text}</p> })}
        {saved.then(|| view! { <p role="status" id="editor-saved" class=SAVED>"Saved."</p> })}
        <Refusal form=form.clone() />
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
    // A refused "Save hosts" belongs to the hosts form, anything else to the details.
    let (form, hosts_form) = if form.value("op") == "hosts" {
        (FormState::default(), form)
    } else {
        (form, FormState::default())
    };
    let (hosts_action, hosts_csrf) = (action.clone(), csrf.clone());
    let value = |name: &str, stored: String| form.shown(name, &stored);
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
                <label for="f-color_schema" class="block text-sm font-medium">"Colour"</label>
                <input id="f-color_schema" name="color_schema" type="color" value=value("color_schema", editor.color.clone())
                    class="mt-1 block h-10 w-20 rounded-md border border-slate-400 bg-white p-1 dark:border-slate-600 dark:bg-slate-950"
                    aria-invalid=error("color_schema").map(|_| "true") aria-describedby=described("color_schema") />
                {error("color_schema").map(|e| view! { <p id="f-color_schema-error" class=ERROR>{e}</p> })}
            </div>
            {
                // Every location, then an empty one to add another (up to the limit). A refused
                // form shows as many as were posted (their values come from the form).
                let max = crate::model::setup::MAX_LOCATIONS;
                let posted = (0..max)
                    .filter(|i| form.values.contains_key(&format!("location_type{}", LocationDraft::suffix(*i))))
                    .max()
                    .map_or(0, |last| last + 1);
                let stored = editor.locations.len().max(posted);
                let mut slots = editor.locations.clone();
                slots.resize(stored.min(max), LocationDraft::default());
                if slots.len() < max {
                    slots.push(LocationDraft::default());
                }
                slots.into_iter().enumerate().map(|(index, location)| {
                    let adding = index >= stored.max(1);
                    view! { <LocationFields location index adding form=form.clone() /> }
                }).collect_view()
            }

            {(editor.event_type == "group").then(|| {
                let seats = value("seats", editor.seats.to_string());
                view! {
                    <div>
                        <label for="f-seats" class="block text-sm font-medium">"Seats per time"</label>
                        <input id="f-seats" name="seats" type="number" min="1" value=seats class=FIELD
                            aria-invalid=error("max_book_per_slot").map(|_| "true") aria-describedby=described("max_book_per_slot") />
                        {error("max_book_per_slot").map(|e| view! { <p id="f-max_book_per_slot-error" class=ERROR>{e}</p> })}
                    </div>
                }
            })}
            <div>
                <label for="f-status" class="block text-sm font-medium">"Status"</label>
                <select id="f-status" name="status" class=FIELD>
                    <option value="active" selected=status == "active">"Active: bookable"</option>
                    <option value="draft" selected=status == "draft">"Draft: hidden"</option>
                </select>
            </div>
            <button type="submit" class=PRIMARY>"Save"</button>
        </form>
        {(!editor.host_choices.is_empty()).then(|| view! {
            <HostsForm editor=editor.clone() form=hosts_form.clone() action=hosts_action.clone() csrf=hosts_csrf.clone() />
        })}
    }
}

/// A team event's "Hosts", saved on their own ("Update hosts"; not "Save", which is the tab's).
#[component]
fn HostsForm(editor: EventEditor, form: FormState, action: String, csrf: String) -> impl IntoView {
    let error = form.errors.get("hosts").cloned();
    let chosen: Vec<i64> = if form.values.is_empty() {
        editor.hosts.clone()
    } else {
        form.numbers("hosts")
    };
    view! {
        <form method="post" action=action class="mt-6 max-w-xl rounded-lg border border-slate-200 p-3 dark:border-slate-700" id="hosts-form">
            <input type="hidden" name="csrf" value=csrf />
            <input type="hidden" name="tab" value="details" />
            <HostChecklist choices=editor.host_choices.clone() chosen error />
            <button type="submit" name="op" value="hosts" class=format!("mt-3 {BUTTON}")>"Update hosts"</button>
        </form>
    }
}

/// Where the meeting happens: a kind, and the texts that kind uses (all shown, so the form
/// needs no script; each says which kinds use it). `index` 0 is the first location (names
/// without a suffix); `adding` marks the empty slot that adds one more.
#[component]
fn LocationFields(
    location: LocationDraft,
    index: usize,
    adding: bool,
    form: FormState,
) -> impl IntoView {
    let suffix = LocationDraft::suffix(index);
    let value = |name: &str, stored: &str| form.shown(name, stored);
    let named = |base: &str| format!("{base}{suffix}");
    // Only the first location's labels are plain; the others say which one they are.
    let tagged = |label: &str| {
        if index == 0 {
            label.to_string()
        } else {
            format!("{label} (location {})", index + 1)
        }
    };
    let kind_name = named("location_type");
    let kind = value(&kind_name, &location.kind);
    let texts = [
        (
            named("location_title"),
            tagged("Place or title"),
            "In person at your address, and something else.",
            location.title.clone(),
        ),
        (
            named("location_description"),
            tagged("Address or details"),
            "In person at your address (required), and something else.",
            location.description.clone(),
        ),
        (
            named("location_phone"),
            tagged("Your phone number"),
            "When the attendee calls you.",
            location.phone.clone(),
        ),
        (
            named("location_link"),
            tagged("Meeting link"),
            "For an online meeting; empty: sent later.",
            location.link.clone(),
        ),
    ];
    let legend = match (index, adding) {
        (0, _) => "Location".to_string(),
        (_, true) => "Another location".to_string(),
        (n, false) => format!("Location {}", n + 1),
    };
    let kind_id = format!("f-{kind_name}");
    let kind_error = form.errors.get(&kind_name).cloned();
    view! {
        <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <legend class="px-1 text-sm font-semibold">{legend}</legend>
            {adding.then(|| view! {
                <p class="mb-2 text-xs text-slate-600 dark:text-slate-300">"Choose a kind to offer one more way to meet; with several, the attendee picks one when booking. \"None\" removes a location."</p>
            })}
            <div>
                <label for=kind_id.clone() class="block text-sm font-medium">{tagged("Where")}</label>
                <select id=kind_id name=kind_name.clone() class=FIELD
                    aria-invalid=kind_error.as_ref().map(|_| "true")>
                    {LOCATION_CHOICES.iter().map(|(value, label)| view! {
                        <option value=*value selected=kind == *value>{*label}</option>
                    }).collect_view()}
                </select>
                {kind_error.map(|e| view! { <p class=ERROR>{e}</p> })}
            </div>
            {texts.into_iter().map(|(name, label, hint, stored)| {
                let id = format!("f-{name}");
                let (hint_id, error_id) = (format!("{id}-hint"), format!("{id}-error"));
                let error = form.errors.get(&name).cloned();
                let described = match &error {
                    Some(_) => format!("{hint_id} {error_id}"),
                    None => hint_id.clone(),
                };
                let shown = value(&name, &stored);
                view! {
                    <div class="mt-3">
                        <label for=id.clone() class="block text-sm font-medium">{label}</label>
                        <input id=id name=name value=shown class=FIELD
                            aria-invalid=error.as_ref().map(|_| "true") aria-describedby=described />
                        <p id=hint_id class="mt-1 text-xs text-slate-600 dark:text-slate-300">{hint}</p>
                        {error.map(|e| view! { <p id=error_id class=ERROR>{e}</p> })}
                    </div>
                }
            }).collect_view()}
        </fieldset>
    }
}

/// Which hours the event follows: its own (the weekly editor below) or a reusable schedule.
/// "Use" saves the choice; with "Its own hours" the hours below become the event's own.
#[component]
fn ScheduleChoice(editor: EventEditor, form: FormState) -> impl IntoView {
    let chosen = editor
        .schedule_id
        .map_or_else(|| "own".to_string(), |id| id.to_string());
    let error = form.errors.get("schedule").cloned();
    let following = editor.schedule_id.and_then(|id| {
        editor
            .schedules
            .iter()
            .find(|(s, _)| *s == id)
            .map(|(_, title)| title.clone())
    });
    view! {
        <div class="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <div class="flex flex-wrap items-end gap-2">
                <div class="min-w-56 flex-1">
                    <label for="f-schedule" class="block text-sm font-medium">"Hours"</label>
                    <select id="f-schedule" name="schedule" class=FIELD aria-describedby="f-schedule-hint"
                        aria-invalid=error.as_ref().map(|_| "true")>
                        <option value="own" selected=chosen == "own">"Its own hours (below)"</option>
                        {editor.schedules.into_iter().map(|(id, title)| view! {
                            <option value=id.to_string() selected=chosen == id.to_string()>{format!("Schedule: {title}")}</option>
                        }).collect_view()}
                    </select>
                </div>
                <button type="submit" name="op" value="use_schedule" class=BUTTON>"Use"</button>
            </div>
            <p id="f-schedule-hint" class="mt-1 text-xs text-slate-600 dark:text-slate-300">
                {match following {
                    Some(title) => format!("Follows the schedule {title}; the hours below are its hours. Saving them makes them the event's own."),
                    None => "The event has its own hours. Reusable schedules are made under Availability.".to_string(),
                }}
            </p>
            {error.map(|e| view! { <p class=ERROR>{e}</p> })}
        </div>
    }
}

#[component]
fn LimitsForm(limits: Limits, form: FormState, action: String, csrf: String) -> impl IntoView {
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
            <p class="text-sm text-slate-600 dark:text-slate-300">"Times in minutes, the booking window in days."</p>
            {fields.into_iter().map(|(name, label, stored, hint)| {
                let id = format!("f-{name}");
                let (hint_id, error_id) = (format!("{id}-hint"), format!("{id}-error"));
                let error = form.errors.get(name).cloned();
                let value = form.shown(name, &stored);
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
            <div>
                <label for="f-window_days" class="block text-sm font-medium">"Booking window (days)"</label>
                <input id="f-window_days" name="window_days" type="number" min="1" max="3650" class=FIELD
                    value=form.shown("window_days", &limits.window_days)
                    aria-invalid=form.errors.get("window_days").map(|_| "true")
                    aria-describedby=if form.errors.contains_key("window_days") { "f-window_days-hint f-window_days-error" } else { "f-window_days-hint" } />
                <p id="f-window_days-hint" class="mt-1 text-xs text-slate-600 dark:text-slate-300">"How many days ahead can be booked."</p>
                {form.errors.get("window_days").cloned().map(|e| view! { <p id="f-window_days-error" class=ERROR>{e}</p> })}
            </div>
            <Caps form=form.clone() prefix="frequency" legend="Bookings per period" switch="Limit the number of bookings" stored=limits.frequency.clone() />
            <Caps form=form.clone() prefix="booked_time" legend="Booked time per period (minutes)" switch="Limit the booked time" stored=limits.booked_time.clone() />
            <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <legend class="px-1 text-sm font-semibold">"Time zone of the booking page"</legend>
                <label class="flex min-h-10 items-center gap-2 text-sm">
                    <input type="checkbox" name="lock_zone_enabled" class="size-5"
                        checked=form.ticked("lock_zone_enabled", limits.lock_zone_enabled) />
                    "Show times in one zone only (attendees cannot change it)"
                </label>
                <ZoneField form=form.clone() name="lock_zone" label="Locked time zone" chosen=if limits.lock_zone.is_empty() { "UTC".to_string() } else { limits.lock_zone.clone() } />
            </fieldset>
            <button type="submit" class=PRIMARY>"Save"</button>
        </form>
    }
}

/// A cap per day, week and month with its switch; an empty box is no cap.
#[component]
fn Caps(
    form: FormState,
    prefix: &'static str,
    legend: &'static str,
    switch: &'static str,
    stored: PeriodCaps,
) -> impl IntoView {
    let error = form.errors.get(prefix).cloned();
    let enabled = form.ticked(&format!("{prefix}_enabled"), stored.enabled);
    view! {
        <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <legend class="px-1 text-sm font-semibold">{legend}</legend>
            <label class="flex min-h-10 items-center gap-2 text-sm">
                <input type="checkbox" name=format!("{prefix}_enabled") checked=enabled class="size-5" />{switch}
            </label>
            <div class="flex flex-wrap gap-3">
                {[("per_day", "Per day", stored.per_day.clone()), ("per_week", "Per week", stored.per_week.clone()), ("per_month", "Per month", stored.per_month.clone())]
                    .into_iter()
                    .map(|(unit, label, value)| {
                        let name = format!("{prefix}_{unit}");
                        let shown = form.shown(&name, &value);
                        view! {
                            <div class="w-28">
                                <label for=format!("f-{name}") class="block text-xs font-medium">{label}</label>
                                <input id=format!("f-{name}") name=name type="number" min="1" value=shown class=FIELD
                                    aria-invalid=error.as_ref().map(|_| "true") />
                            </div>
                        }
                    })
                    .collect_view()}
            </div>
            {error.clone().map(|e| view! { <p class=ERROR>{e}</p> })}
        </fieldset>
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

/// The hidden inputs every editor form carries.
fn form_keys(csrf: &str, tab: &'static str) -> impl IntoView + use<> {
    view! {
        <input type="hidden" name="csrf" value=csrf.to_string() />
        <input type="hidden" name="tab" value=tab />
    }
}

/// "Booking fields": the form's fields in order, each with "Move up", "Move down", "Edit" and
/// (custom fields) "Remove"; "Add field" below. `edit` opens one field's edit form instead.
#[component]
fn FieldsForm(
    fields: Vec<FieldLine>,
    edit: Option<String>,
    form: FormState,
    base: String,
    csrf: String,
) -> impl IntoView {
    let action = format!("{base}?tab=booking-fields");
    let error = |key: &str| form.errors.get(key).cloned();
    if let Some(field) = edit.and_then(|name| fields.iter().find(|f| f.name == name).cloned()) {
        let posted = form.value("op") == "update";
        let label = if posted {
            form.value("label")
        } else {
            field.label.clone()
        };
        let required = if posted {
            form.value("required") == "on"
        } else {
            field.required
        };
        let shown = if posted {
            form.value("enabled") == "on"
        } else {
            field.enabled
        };
        let options = if posted {
            form.value("options")
        } else {
            field.options.join("\n")
        };
        let label_error = error("label");
        let options_error = error("options");
        let choice = CHOICE_TYPES.contains(&field.kind.as_str());
        return view! {
            <form method="post" action=format!("{action}&edit={}", field.name) class="max-w-xl space-y-4" id="field-edit-form">
                {form_keys(&csrf, "booking-fields")}
                <input type="hidden" name="field" value=field.name.clone() />
                <h2 class="text-lg font-semibold">{format!("Edit field: {}", field.label)}</h2>
                <p class="text-sm text-slate-600 dark:text-slate-300">{format!("Type: {}", type_name(&field.kind))}</p>
                <div>
                    <label for="f-label" class="block text-sm font-medium">"Label"</label>
                    <input id="f-label" name="label" value=label class=FIELD
                        aria-invalid=label_error.as_ref().map(|_| "true") aria-describedby=label_error.as_ref().map(|_| "f-label-error") />
                    {label_error.map(|e| view! { <p id="f-label-error" class=ERROR>{e}</p> })}
                </div>
                {choice.then(|| view! {
                    <div>
                        <label for="f-options" class="block text-sm font-medium">"Options"</label>
                        <textarea id="f-options" name="options" rows="4" class=FIELD aria-describedby="f-options-hint"
                            aria-invalid=options_error.as_ref().map(|_| "true")>{crate::ui::textarea_text(&options)}</textarea>
                        <p id="f-options-hint" class="mt-1 text-xs text-slate-600 dark:text-slate-300">"One choice per line."</p>
                        {options_error.map(|e| view! { <p class=ERROR>{e}</p> })}
                    </div>
                })}
                {if field.locked {
                    view! { <p class="text-sm text-slate-600 dark:text-slate-300">"Every booking needs this field: it is always shown and required."</p> }.into_any()
                } else {
                    view! {
                        <div class="flex flex-wrap gap-6">
                            <label class="inline-flex min-h-10 items-center gap-2 text-sm"><input type="checkbox" name="required" checked=required class="size-5" />"Required"</label>
                            <label class="inline-flex min-h-10 items-center gap-2 text-sm"><input type="checkbox" name="enabled" checked=shown class="size-5" />"Shown on the form"</label>
                        </div>
                    }.into_any()
                }}
                <div class="flex flex-wrap items-center gap-3">
                    <button type="submit" name="op" value="update" class=PRIMARY>"Save"</button>
                    <a href=action.clone() class="text-sm text-sky-800 underline dark:text-sky-300">"Back to the fields"</a>
                </div>
            </form>
        }
        .into_any();
    }
    let count = fields.len();
    let adding = form.value("op") == "add";
    let value = |name: &str| {
        if adding {
            form.value(name)
        } else {
            String::new()
        }
    };
    let new_type = if adding {
        form.value("type")
    } else {
        "text".to_string()
    };
    let (label_error, type_error, options_error) =
        (error("label"), error("type"), error("options"));
    view! {
        <p class="text-sm text-slate-600 dark:text-slate-300">"The booking form asks these, in this order. The two reasons are asked when an attendee cancels or reschedules."</p>
        <ol class="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700" id="fields-list">
            {fields.into_iter().enumerate().map(|(i, field)| {
                let title_id = format!("field-{i}-title");
                let state = match (field.enabled, field.required) {
                    (false, _) => "Hidden",
                    (true, true) => "Required",
                    (true, false) => "Optional",
                };
                view! {
                    <li class="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
                        <div class="min-w-40 flex-1">
                            <p id=title_id.clone() class="font-medium">{field.label.clone()}</p>
                            <p class="text-xs text-slate-600 dark:text-slate-300">{format!("{} · {state}", type_name(&field.kind))}</p>
                        </div>
                        <form method="post" action=action.clone() class="flex flex-wrap gap-2">
                            {form_keys(&csrf, "booking-fields")}
                            <button type="submit" name="op" value=format!("up:{i}") disabled=i == 0 aria-describedby=title_id.clone() class=BUTTON>"Move up"</button>
                            <button type="submit" name="op" value=format!("down:{i}") disabled=i + 1 == count aria-describedby=title_id.clone() class=BUTTON>"Move down"</button>
                            <a href=format!("{action}&edit={}", field.name) aria-describedby=title_id.clone() class=BUTTON>"Edit"</a>
                            {(!field.system).then(|| view! {
                                <button type="submit" name="op" value=format!("remove:{i}") aria-describedby=title_id.clone() class=BUTTON>"Remove"</button>
                            })}
                        </form>
                    </li>
                }
            }).collect_view()}
        </ol>
        <form method="post" action=action.clone() class="mt-6 max-w-xl" id="add-field-form">
            {form_keys(&csrf, "booking-fields")}
            <fieldset class="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                <legend class="px-1 font-semibold">"Add field"</legend>
                <div>
                    <label for="new-label" class="block text-sm font-medium">"Label"</label>
                    <input id="new-label" name="label" value=value("label") class=FIELD
                        aria-invalid=label_error.as_ref().map(|_| "true") aria-describedby=label_error.as_ref().map(|_| "new-label-error") />
                    {label_error.map(|e| view! { <p id="new-label-error" class=ERROR>{e}</p> })}
                </div>
                <div>
                    <label for="new-type" class="block text-sm font-medium">"Type"</label>
                    <select id="new-type" name="type" class=FIELD aria-invalid=type_error.as_ref().map(|_| "true")>
                        {FIELD_TYPES.iter().map(|(kind, name)| view! {
                            <option value=*kind selected=*kind == new_type>{*name}</option>
                        }).collect_view()}
                    </select>
                    {type_error.map(|e| view! { <p class=ERROR>{e}</p> })}
                </div>
                <div>
                    <label for="new-options" class="block text-sm font-medium">"Options"</label>
                    <textarea id="new-options" name="options" rows="3" class=FIELD aria-describedby="new-options-hint"
                        aria-invalid=options_error.as_ref().map(|_| "true")>{crate::ui::textarea_text(&value("options"))}</textarea>
                    <p id="new-options-hint" class="mt-1 text-xs text-slate-600 dark:text-slate-300">"For Dropdown, Radio buttons, Checkboxes and Multi-select: one choice per line."</p>
                    {options_error.map(|e| view! { <p class=ERROR>{e}</p> })}
                </div>
                <label class="inline-flex min-h-10 items-center gap-2 text-sm">
                    <input type="checkbox" name="required" checked=adding && form.value("required") == "on" class="size-5" />"Required"
                </label>
                <div><button type="submit" name="op" value="add" class=PRIMARY>"Add field"</button></div>
            </fieldset>
        </form>
    }
    .into_any()
}

/// "Webhooks": each feed with "Send test", "Pause"/"Resume", "Remove" and its delivery log;
/// "Add webhook" below.
#[component]
fn WebhooksForm(
    hooks: WebhooksTab,
    secret: Option<NewSecret>,
    form: FormState,
    action: String,
    csrf: String,
) -> impl IntoView {
    let url_error = form.errors.get("url").cloned();
    let adding = form.value("op") == "add";
    let chosen = |key: &str| !adding || form.has("triggers", key);
    view! {
        {secret.map(|NewSecret(secret)| view! {
            <div role="status" class="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
                <p class="font-semibold">"Webhook added. Its signing secret, shown only now:"</p>
                <p class="mt-1 break-all font-mono" id="signing-secret">{secret}</p>
                <p class="mt-1">"Every delivery is signed with it (headers webhook-id, webhook-timestamp, webhook-signature)."</p>
            </div>
        })}
        {hooks.feeds.is_empty().then(|| view! { <p class="text-sm text-slate-600 dark:text-slate-300">"No webhooks yet."</p> })}
        <div class="space-y-6">
            {hooks.feeds.into_iter().map(|feed| {
                let heading = format!("feed-{}", feed.id);
                view! {
                    <article class="rounded-lg border border-slate-200 p-4 dark:border-slate-700" aria-labelledby=heading.clone()>
                        <div class="flex flex-wrap items-baseline justify-between gap-2">
                            <h2 id=heading.clone() class="text-base font-semibold">{feed.name.clone()}</h2>
                            <span class="text-sm">{if feed.enabled { "Active" } else { "Paused" }}</span>
                        </div>
                        <p class="mt-1 break-all font-mono text-sm">{feed.url.clone()}</p>
                        <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{format!("Sends on: {}", feed.triggers.join(", "))}</p>
                        <form method="post" action=action.clone() class="mt-3 flex flex-wrap gap-2">
                            {form_keys(&csrf, "webhooks")}
                            <button type="submit" name="op" value=format!("test:{}", feed.id) aria-describedby=heading.clone() class=BUTTON>"Send test"</button>
                            {if feed.enabled {
                                view! { <button type="submit" name="op" value=format!("pause:{}", feed.id) aria-describedby=heading.clone() class=BUTTON>"Pause"</button> }.into_any()
                            } else {
                                view! { <button type="submit" name="op" value=format!("resume:{}", feed.id) aria-describedby=heading.clone() class=BUTTON>"Resume"</button> }.into_any()
                            }}
                            <button type="submit" name="op" value=format!("remove:{}", feed.id) aria-describedby=heading.clone() class=BUTTON>"Remove"</button>
                        </form>
                        <div class="mt-3 overflow-x-auto" tabindex="0" role="region" aria-label=format!("Delivery log of {}", feed.name)>
                            <table class="w-full text-left text-sm">
                                <caption class="text-left font-medium">"Delivery log"</caption>
                                <thead><tr class="border-b border-slate-200 dark:border-slate-700">
                                    <th scope="col" class="py-1 pr-3">"Time"</th>
                                    <th scope="col" class="py-1 pr-3">"Trigger"</th>
                                    <th scope="col" class="py-1 pr-3">"HTTP status"</th>
                                    <th scope="col" class="py-1">"Result"</th>
                                </tr></thead>
                                <tbody>
                                    {feed.deliveries.is_empty().then(|| view! { <tr><td colspan="4" class="py-1 text-slate-600 dark:text-slate-300">"No deliveries yet."</td></tr> })}
                                    {feed.deliveries.into_iter().map(|d| view! {
                                        <tr class="border-b border-slate-100 align-top dark:border-slate-800">
                                            <td class="whitespace-nowrap py-1 pr-3 tabular-nums">{d.at}</td>
                                            <td class="py-1 pr-3">{d.trigger}</td>
                                            <td class="py-1 pr-3 tabular-nums">{d.status.map_or_else(|| "none".to_string(), |s| s.to_string())}</td>
                                            <td class="py-1">
                                                <span class=if d.ok { "font-medium text-emerald-800 dark:text-emerald-300" } else { "font-medium text-red-800 dark:text-red-300" }>
                                                    {if d.ok { "Delivered" } else { "Failed" }}
                                                </span>
                                                <span class="block text-xs text-slate-600 dark:text-slate-300">{d.detail}</span>
                                            </td>
                                        </tr>
                                    }).collect_view()}
                                </tbody>
                            </table>
                        </div>
                    </article>
                }
            }).collect_view()}
        </div>
        <form method="post" action=action.clone() class="mt-6 max-w-xl" id="add-webhook-form">
            {form_keys(&csrf, "webhooks")}
            <fieldset class="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                <legend class="px-1 font-semibold">"Add webhook"</legend>
                <div>
                    <label for="hook-url" class="block text-sm font-medium">"URL"</label>
                    <input id="hook-url" name="url" type="url" value=if adding { form.value("url") } else { String::new() } placeholder="https://" class=FIELD
                        aria-invalid=url_error.as_ref().map(|_| "true") aria-describedby=url_error.as_ref().map(|_| "hook-url-error") />
                    {url_error.map(|e| view! { <p id="hook-url-error" class=ERROR>{e}</p> })}
                </div>
                <div>
                    <label for="hook-name" class="block text-sm font-medium">"Name (optional)"</label>
                    <input id="hook-name" name="name" value=if adding { form.value("name") } else { String::new() } class=FIELD />
                </div>
                <fieldset>
                    <legend class="text-sm font-medium">"Send when"</legend>
                    <div class="mt-1 grid gap-1 sm:grid-cols-2">
                        {hooks.triggers.into_iter().map(|(key, label)| view! {
                            <label class="inline-flex min-h-8 items-center gap-2 text-sm">
                                <input type="checkbox" name="triggers" value=key.clone() checked=chosen(&key) class="size-5" />{label}
                            </label>
                        }).collect_view()}
                    </div>
                </fieldset>
                <button type="submit" name="op" value="add" class=PRIMARY>"Add webhook"</button>
            </fieldset>
        </form>
    }
}

/// "Advanced": confirmation, the attendee's cancel and reschedule policies, several durations.
#[component]
fn AdvancedForm(
    options: AdvancedTab,
    form: FormState,
    action: String,
    csrf: String,
) -> impl IntoView {
    let checked = |name: &str, stored: bool| form.ticked(name, stored);
    let text = |name: &str, stored: &str| form.shown(name, stored);
    let error = |key: &str| form.errors.get(key).cloned();
    let policy = |prefix: &'static str, legend: &'static str, stored: &Policy| {
        let mode = text(&format!("{prefix}_mode"), &stored.mode);
        let value = text(&format!("{prefix}_value"), &stored.value);
        let unit = text(&format!("{prefix}_unit"), &stored.unit);
        let problem = error(prefix);
        view! {
            <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <legend class="px-1 text-sm font-semibold">{legend}</legend>
                <div class="flex flex-wrap items-end gap-2">
                    <div>
                        <label for=format!("{prefix}-mode") class="block text-xs font-medium">"Allowed"</label>
                        <select id=format!("{prefix}-mode") name=format!("{prefix}_mode") class=FIELD>
                            <option value="allowed" selected=mode == "allowed">"Any time before the start"</option>
                            <option value="before" selected=mode == "before">"Only until a time before the start"</option>
                            <option value="never" selected=mode == "never">"Never"</option>
                        </select>
                    </div>
                    <div>
                        <label for=format!("{prefix}-value") class="block text-xs font-medium">"Up to this long before"</label>
                        <input id=format!("{prefix}-value") name=format!("{prefix}_value") type="number" min="0" value=value class=FIELD />
                    </div>
                    <div>
                        <label for=format!("{prefix}-unit") class="block text-xs font-medium">"Unit"</label>
                        <select id=format!("{prefix}-unit") name=format!("{prefix}_unit") class=FIELD>
                            {[("minutes", "minutes"), ("hours", "hours"), ("days", "days")].into_iter().map(|(v, l)| view! {
                                <option value=v selected=unit == v>{l}</option>
                            }).collect_view()}
                        </select>
                    </div>
                </div>
                {problem.map(|e| view! { <p class=ERROR>{e}</p> })}
            </fieldset>
        }
    };
    let durations_error = error("durations");
    let default_error = error("default_duration");
    view! {
        <form method="post" action=action class="max-w-2xl space-y-4" id="advanced-form">
            {form_keys(&csrf, "advanced")}
            <label class="flex min-h-10 items-center gap-2 text-sm font-medium">
                <input type="checkbox" name="requires_confirmation" checked=checked("requires_confirmation", options.requires_confirmation) class="size-5" />
                "Requires confirmation: bookings wait for the host to confirm them"
            </label>
            {policy("cancel", "Attendees may cancel", &options.cancel)}
            {policy("reschedule", "Attendees may reschedule", &options.reschedule)}
            <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <legend class="px-1 text-sm font-semibold">"Several durations"</legend>
                <label class="flex min-h-10 items-center gap-2 text-sm">
                    <input type="checkbox" name="multi_duration" checked=checked("multi_duration", options.multi_duration) class="size-5" />
                    "Let the attendee choose the duration"
                </label>
                <div class="flex flex-wrap gap-3">
                    <div>
                        <label for="f-durations" class="block text-xs font-medium">"Durations (minutes)"</label>
                        <input id="f-durations" name="durations" value=text("durations", &options.durations) placeholder="15, 30, 60" class=FIELD
                            aria-invalid=durations_error.as_ref().map(|_| "true") aria-describedby=durations_error.as_ref().map(|_| "f-durations-error") />
                        {durations_error.map(|e| view! { <p id="f-durations-error" class=ERROR>{e}</p> })}
                    </div>
                    <div>
                        <label for="f-default-duration" class="block text-xs font-medium">"Default duration"</label>
                        <input id="f-default-duration" name="default_duration" type="number" min="5" value=text("default_duration", &options.default_duration) class=FIELD
                            aria-invalid=default_error.as_ref().map(|_| "true") aria-describedby=default_error.as_ref().map(|_| "f-default-duration-error") />
                        {default_error.map(|e| view! { <p id="f-default-duration-error" class=ERROR>{e}</p> })}
                    </div>
                </div>
            </fieldset>
            <button type="submit" class=PRIMARY>"Save"</button>
        </form>
    }
}

/// When a notification goes out, in the host's words.
fn moment_of(key: &str) -> &'static str {
    match key {
        "booking_conf_attendee" | "booking_conf_host" => {
            "A time is booked (or you confirm a request)"
        }
        "reminder_to_attendee" | "reminder_to_host" => "Before the meeting",
        "cancelled_by_attendee" => "The attendee cancels",
        "cancelled_by_host" => "You cancel",
        "rescheduled_by_attendee" => "The attendee moves the time",
        "rescheduled_by_host" => "You move the time",
        "booking_request_host" | "booking_request_attendee" => {
            "A booking awaits your confirmation (events that need it)"
        }
        "declined_by_host" => "The host declines a request",
        _ => "",
    }
}

/// "Notifications": every email with when it goes out, to whom and whether it is on; "Edit"
/// opens one email's form (subject, message, copies, reminder times).
#[component]
fn NotificationsForm(
    emails: Vec<NotificationLine>,
    edit: Option<String>,
    form: FormState,
    base: String,
    csrf: String,
) -> impl IntoView {
    let editing = edit.and_then(|key| emails.iter().find(|e| e.key == key).cloned());
    if let Some(line) = editing {
        let action = format!("{base}?tab=notifications&edit={}", line.key);
        let text = |name: &str, stored: &str| form.shown(name, stored);
        let enabled = form.ticked("enabled", line.enabled);
        let subject = text("subject", &line.subject);
        let body = text("body", &line.body);
        let copies = text("copies", &line.copies);
        let times = line.times.as_ref().map(|t| text("times", t));
        let error = |key: &str| form.errors.get(key).cloned();
        let field = |id: &'static str,
                     label: &'static str,
                     hint: &'static str,
                     control: AnyView| {
            let problem = error(id);
            view! {
                <div>
                    <label for=format!("n-{id}") class="block text-sm font-medium">{label}</label>
                    {(!hint.is_empty()).then(|| view! { <p id=format!("n-{id}-hint") class="text-xs text-slate-600 dark:text-slate-300">{hint}</p> })}
                    {control}
                    {problem.map(|e| view! { <p id=format!("n-{id}-error") class=ERROR>{e}</p> })}
                </div>
            }
        };
        let invalid = |id: &str| form.errors.contains_key(id).then_some("true");
        return view! {
            <form method="post" action=action class="max-w-2xl space-y-4" id="notification-form">
                {form_keys(&csrf, "notifications")}
                <input type="hidden" name="key" value=line.key.clone() />
                <h2 class="text-lg font-semibold">{line.title.clone()}</h2>
                <p class="text-sm text-slate-600 dark:text-slate-300">{format!("{}; to {}.", moment_of(&line.key), if line.to_host { "you (the host)" } else { "the attendee" })}</p>
                <div class="flex items-center gap-2">
                    <input id="n-enabled" type="checkbox" name="enabled" checked=enabled class="h-5 w-5" />
                    <label for="n-enabled" class="text-sm font-medium">"Send this email"</label>
                </div>
                {field("subject", "Subject", "", view! {
                    <input id="n-subject" name="subject" value=subject class=FIELD aria-invalid=invalid("subject") />
                }.into_any())}
                {field("body", "Message", "HTML; smart codes such as {{guest.full_name}} are filled in when it is sent.", view! {
                    <textarea id="n-body" name="body" rows="8" class=FIELD aria-describedby="n-body-hint" aria-invalid=invalid("body")>{crate::ui::textarea_text(&body)}</textarea>
                }.into_any())}
                {line.to_host.then(|| field("copies", "Blind copies to", "Addresses separated by commas.", view! {
                    <input id="n-copies" name="copies" value=copies.clone() class=FIELD aria-describedby="n-copies-hint" aria-invalid=invalid("copies") />
                }.into_any()))}
                {times.map(|times| field("times", "Reminder times", "Before the start, such as \"15 minutes, 1 day\".", view! {
                    <input id="n-times" name="times" value=times class=FIELD aria-describedby="n-times-hint" aria-invalid=invalid("times") />
                }.into_any()))}
                <div class="flex flex-wrap items-center gap-3">
                    <button type="submit" class=PRIMARY>"Save"</button>
                    <a href=format!("{base}?tab=notifications") class="text-sm text-sky-800 underline dark:text-sky-300">"Back to all emails"</a>
                </div>
            </form>
        }
        .into_any();
    }
    view! {
        <table class="w-full max-w-3xl text-left text-sm">
            <caption class="text-left font-semibold">"Emails this event sends"</caption>
            <thead><tr class="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" class="py-2 pr-4">"When"</th>
                <th scope="col" class="py-2 pr-4">"To"</th>
                <th scope="col" class="py-2 pr-4">"Sent"</th>
                <th scope="col" class="py-2"><span class="sr-only">"Actions"</span></th>
            </tr></thead>
            <tbody>
                {emails.into_iter().map(|line| {
                    let href = format!("{base}?tab=notifications&edit={}", line.key);
                    view! {
                        <tr class="border-b border-slate-100 dark:border-slate-800">
                            <td class="py-2 pr-4">{moment_of(&line.key)}{line.times.clone().map(|t| format!(" ({t} before)"))}</td>
                            <td class="py-2 pr-4">{if line.to_host { "You" } else { "The attendee" }}</td>
                            <td class="py-2 pr-4">{if line.enabled { "On" } else { "Off" }}</td>
                            <td class="py-2"><a href=href class="inline-block py-1 text-sky-800 underline dark:text-sky-300" aria-label=format!("Edit: {}", line.title)>"Edit"</a></td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
        <p class="mt-3 text-sm text-slate-600 dark:text-slate-300">
            "The sender, reply-to address and footer are set under "
            <a href="/admin/settings#email" class="text-sky-800 underline dark:text-sky-300">"Settings, Email"</a>"."
        </p>
    }
    .into_any()
}

/// "Payment": whether bookings of this event are paid, the price and how to pay offline.
#[component]
fn PaymentForm(
    payment: PaymentTab,
    form: FormState,
    action: String,
    csrf: String,
) -> impl IntoView {
    let checked = |name: &str, stored: bool| form.ticked(name, stored);
    let text = |name: &str, stored: &str| form.shown(name, stored);
    let take = checked("take_payment", payment.event_enabled);
    let offline = checked("offline", payment.offline_enabled);
    let price_title = text("price_title", &payment.price_title);
    let price = text("price", &payment.price);
    let instructions = text("instructions", &payment.instructions);
    let error = |key: &str| form.errors.get(key).cloned();
    let invalid = |id: &str| form.errors.contains_key(id).then_some("true");
    view! {
        <form method="post" action=action class="max-w-2xl space-y-4" id="payment-form">
            {form_keys(&csrf, "payment")}
            <p class="text-sm text-slate-600 dark:text-slate-300">
                {if payment.payments_active {
                    format!("Payments are switched on for this site, in {}.", payment.currency)
                } else {
                    "Payments are switched off for this site: bookings stay free until they are switched on.".to_string()
                }}
                " The currency and number format are set under "
                <a href="/admin/settings#payments" class="text-sky-800 underline dark:text-sky-300">"Settings, Payments"</a>"."
            </p>
            <p class="text-sm">{if payment.event_enabled { "Bookings of this event take payment." } else { "Bookings of this event are free: no payment is asked for." }}</p>
            <div class="flex items-center gap-2">
                <input id="p-take" type="checkbox" name="take_payment" checked=take class="h-5 w-5" aria-invalid=invalid("take_payment") />
                <label for="p-take" class="text-sm font-medium">"Take payment for bookings"</label>
            </div>
            {error("take_payment").map(|e| view! { <p class=ERROR>{e}</p> })}
            <div class="flex items-center gap-2">
                <input id="p-offline" type="checkbox" name="offline" checked=offline class="h-5 w-5" aria-invalid=invalid("offline") aria-describedby="p-offline-error" />
                <label for="p-offline" class="text-sm font-medium">"Attendees pay offline (you mark bookings paid)"</label>
            </div>
            {error("offline").map(|e| view! { <p id="p-offline-error" class=ERROR>{e}</p> })}
            <div class="flex flex-wrap gap-3">
                <div>
                    <label for="p-price-title" class="block text-sm font-medium">"Price name"</label>
                    <input id="p-price-title" name="price_title" value=price_title class=FIELD aria-invalid=invalid("price_title") />
                    {error("price_title").map(|e| view! { <p class=ERROR>{e}</p> })}
                </div>
                <div>
                    <label for="p-price" class="block text-sm font-medium">{format!("Price ({})", payment.currency)}</label>
                    <input id="p-price" name="price" value=price inputmode="decimal" class=FIELD aria-invalid=invalid("price") />
                    {error("price").map(|e| view! { <p class=ERROR>{e}</p> })}
                </div>
            </div>
            {payment.per_duration.then(|| view! { <p class="text-sm text-slate-600 dark:text-slate-300">"This event has a price per duration (set through the REST API); it applies instead of this price."</p> })}
            <div>
                <label for="p-instructions" class="block text-sm font-medium">"How to pay"</label>
                <p id="p-instructions-hint" class="text-xs text-slate-600 dark:text-slate-300">"Shown to attendees on the booking form, such as bank details or \"pay at the front desk\"."</p>
                <textarea id="p-instructions" name="instructions" rows="4" class=FIELD aria-describedby="p-instructions-hint">{crate::ui::textarea_text(&instructions)}</textarea>
            </div>
            <button type="submit" class=PRIMARY>"Save"</button>
        </form>
    }
}
