//! `/admin/calendars/{id}/events/{event_id}?tab=...`: the event editor. Each tab is a form
//! posted to the page's own address (`src/pages/setup.rs`): "Save" stores it through the REST
//! route's service (303 back with `saved=1`, or the form again with each message beside its
//! field); "Add window", "Remove" and "Add date override" change the form without saving, so
//! they work without JavaScript.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

mod advanced;
mod availability;
mod details;
mod fields;
mod limits;
mod links;
mod notifications;
mod payment;
mod webhooks;

use advanced::AdvancedForm;
use availability::{Explain, ScheduleChoice};
use details::DetailsForm;
use fields::FieldsForm;
use limits::LimitsForm;
use links::PrivateLinksForm;
use notifications::NotificationsForm;
use payment::PaymentForm;
use webhooks::WebhooksForm;

use super::forms::Refusal;
use super::hours::HoursForm;
use super::style::{CARD, SAVED};
use crate::model::errors::PageError;
use crate::model::event_tabs::{AdvancedTab, FieldLine, NotificationLine, PaymentTab, WebhooksTab};
use crate::model::public::FormState;
use crate::model::setup::{DayExplained, EDITOR_TABS, EventEditor, WeekDraft};

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_event_editor(calendar_id: i64, event_id: i64) -> Result<EventEditor, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::setup::editor(&ctx, &caller, calendar_id, event_id)
            .await
            .map_err(super::page_error_naming(t("there-is-no-such-event")))
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (calendar_id, event_id);
        Err(PageError::rendered_on_the_server())
    }
}

/// "Why is this time not offered?" for `date` (`YYYY-MM-DD`).
/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_day_explained(
    calendar_id: i64,
    event_id: i64,
    date: String,
) -> Result<DayExplained, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        let Ok(day) = chrono::NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d") else {
            crate::ui::set_status(422);
            return Err(PageError::new(422, t("date-format-needed")));
        };
        let editor = crate::pages::setup::editor(&ctx, &caller, calendar_id, event_id)
            .await
            .map_err(super::page_error)?;
        let now = chrono::Utc::now().timestamp();
        crate::pages::setup::explain_day(&ctx, &editor, day, now)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (calendar_id, event_id, date);
        Err(PageError::rendered_on_the_server())
    }
}

/// The "Booking fields" tab's rows.
/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_fields(calendar_id: i64, event_id: i64) -> Result<Vec<FieldLine>, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::event_tabs::fields(&ctx, &caller, calendar_id, event_id)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (calendar_id, event_id);
        Err(PageError::rendered_on_the_server())
    }
}

/// The "Webhooks" tab: feeds and their delivery logs.
/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_webhooks(calendar_id: i64, event_id: i64) -> Result<WebhooksTab, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::event_tabs::webhooks(&ctx, &caller, calendar_id, event_id)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (calendar_id, event_id);
        Err(PageError::rendered_on_the_server())
    }
}

/// The "Private links" tab's links.
/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_links(
    calendar_id: i64,
    event_id: i64,
) -> Result<crate::model::event::PrivateLinkList, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::service::events::private_links::list(&ctx, &caller, calendar_id, event_id)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (calendar_id, event_id);
        Err(PageError::rendered_on_the_server())
    }
}

/// The "Advanced" tab's options.
/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_advanced(calendar_id: i64, event_id: i64) -> Result<AdvancedTab, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::event_tabs::advanced(&ctx, &caller, calendar_id, event_id)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (calendar_id, event_id);
        Err(PageError::rendered_on_the_server())
    }
}

/// The "Payment" tab.
/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_payment(calendar_id: i64, event_id: i64) -> Result<PaymentTab, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::event_tabs::payment(&ctx, &caller, calendar_id, event_id)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (calendar_id, event_id);
        Err(PageError::rendered_on_the_server())
    }
}

/// The "Notifications" tab: every email of the event, with its text.
/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_emails(
    calendar_id: i64,
    event_id: i64,
) -> Result<Vec<NotificationLine>, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::event_tabs::notifications(&ctx, &caller, calendar_id, event_id)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (calendar_id, event_id);
        Err(PageError::rendered_on_the_server())
    }
}

/// The signing secret of a feed just added: shown once, on the page that answers "Add webhook".
#[derive(Debug, Clone)]
pub struct NewSecret(pub String);

/// What the current tab shows beyond the event itself.
enum TabData {
    None,
    Fields(Vec<FieldLine>),
    Webhooks(WebhooksTab),
    Advanced(Box<AdvancedTab>),
    Payment(PaymentTab),
    Emails(Vec<NotificationLine>),
    Links(crate::model::event::PrivateLinkList),
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
        "test" => Some(t("test-delivery-queued-it-shows-in")),
        "pause" => Some(t("webhook-paused")),
        "resume" => Some(t("webhook-resumed")),
        "remove" => Some(t("webhook-removed")),
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
            .map(|tab| TabData::Advanced(Box::new(tab))),
        "payment" => load_payment(calendar_id, event_id)
            .await
            .map(TabData::Payment),
        "notifications" => load_emails(calendar_id, event_id)
            .await
            .map(TabData::Emails),
        "private-links" => load_links(calendar_id, event_id).await.map(TabData::Links),
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
            <p><a href=format!("/admin/calendars/{calendar_id}") class="text-sm text-sky-800 underline dark:text-sky-300">{t("back-to-the-calendar")}</a></p>
            <h1 class="mt-2 text-xl font-semibold" id="section-title">{t("event")}</h1>
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
            let note = tf("event-hours-note", &[("zone", (&editor.zone).into())]);
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
            view! { <AdvancedForm options=*options form=form_ action csrf /> }.into_any()
        }
        (_, TabData::Emails(emails)) => {
            view! { <NotificationsForm emails edit form=form_ base=base.clone() csrf /> }.into_any()
        }
        (_, TabData::Payment(payment)) => {
            view! { <PaymentForm payment form=form_ action csrf /> }.into_any()
        }
        (_, TabData::Links(links)) => {
            let zone = editor.zone.clone();
            view! { <PrivateLinksForm links zone form=form_ action csrf /> }.into_any()
        }
        _ => view! { <DetailsForm editor=editor.clone() form=form_ action csrf /> }.into_any(),
    };
    view! {
        <p><a href=format!("/admin/calendars/{}", editor.calendar_id) class="text-sm text-sky-800 underline dark:text-sky-300">{tf("back-to", &[("title", (&editor.calendar_title).into())])}</a></p>
        <div class="mt-2 flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <h1 class="text-xl font-semibold" id="section-title">{editor.title.clone()}</h1>
            <a href=editor.url.clone() class="text-sm text-sky-800 underline dark:text-sky-300">{t("open-the-booking-page")}</a>
        </div>
        <nav aria-label=t("event-settings") class="mt-4">
            <ul class="flex flex-wrap gap-x-1 border-b border-slate-200 dark:border-slate-700">
                {EDITOR_TABS.iter().map(|(value, label)| {
                    let current = *value == tab;
                    view! {
                        <li>
                            <a href=format!("{base}?tab={value}") aria-current=current.then_some("page")
                                class=format!("inline-flex min-h-10 items-center whitespace-nowrap border-b-2 px-3 text-sm {}",
                                    if current { "border-sky-700 font-semibold text-sky-900 dark:text-sky-200" } else { "border-transparent hover:border-slate-400" })>
                                {t(label)}
                            </a>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </nav>
        {done.map(|text| view! { <p role="status" id="editor-done" class="mt-3 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-100">{text}</p> })}
        {saved.then(|| view! { <p role="status" id="editor-saved" class=SAVED>{t("saved")}</p> })}
        <Refusal form=form.clone() />
        <section class=format!("mt-4 {CARD}")>{body}</section>
    }
}

/// The hidden inputs every editor form carries.
pub(super) fn form_keys(csrf: &str, tab: &'static str) -> impl IntoView + use<> {
    view! {
        <input type="hidden" name="csrf" value=csrf.to_string() />
        <input type="hidden" name="tab" value=tab />
    }
}
