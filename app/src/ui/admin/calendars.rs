//! `/admin/calendars` (the list and "New calendar") and `/admin/calendars/{id}` (the calendar's
//! links, its events with their embed snippets, and "New event"). The forms post to the page's
//! own address (`src/pages/setup.rs`): 303 to the new calendar or the new event's editor, or the
//! page again with the REST route's messages beside their fields.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use super::forms::{Field, HostChecklist, Refusal, ZoneField};
use super::style::{BUTTON, CARD, ERROR, FIELD, PRIMARY, SAVED};

use super::overview::{CopyButton, CopyWords};
use crate::model::errors::PageError;
use crate::model::public::FormState;
use crate::model::setup::{CalendarPage, CalendarsPage, EventCard, TEAM_EVENT_KINDS, share_link};

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_calendars() -> Result<CalendarsPage, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::setup::calendars(&ctx, &caller)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        Err(PageError::rendered_on_the_server())
    }
}

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_calendar(id: i64) -> Result<CalendarPage, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        let now = chrono::Utc::now().timestamp();
        crate::pages::setup::calendar(&ctx, &caller, id, now)
            .await
            .map_err(super::page_error_naming(t("there-is-no-such-calendar")))
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (id,);
        Err(PageError::rendered_on_the_server())
    }
}

/// "Is this slug free?" for the New calendar form, as `POST /calendars/check-slug` answers:
/// the route's message either way.
#[server(prefix = "/_app", endpoint = "admin/check-slug")]
pub async fn check_slug(slug: String) -> Result<String, PageError> {
    super::signed_in_caller().await?;
    let ctx = super::service_ctx()?;
    crate::service::calendars::admin::check_slug_available(&ctx, &slug)
        .await
        .map(|answer| answer.message)
        .map_err(|e| PageError::new(422, e.to_string()))
}

/// Says under the Slug field, while it is typed, whether the slug is free (an island; without
/// JavaScript the form's answer says it).
#[cfg_attr(feature = "dashboard", island)]
#[cfg_attr(not(feature = "dashboard"), component)]
pub fn SlugCheck() -> impl IntoView {
    let (answer, set_answer) = signal(None::<Result<String, String>>);
    Effect::new(move |_| {
        #[cfg(feature = "hydrate")]
        slug_input::watch(set_answer);
        #[cfg(not(feature = "hydrate"))]
        let _ = set_answer;
    });
    view! {
        <p id="slug-status" aria-live="polite"
            class=move || match answer.get() {
                Some(Err(_)) => "mt-1 text-sm font-medium text-red-800 dark:text-red-300",
                _ => "mt-1 text-sm text-emerald-800 dark:text-emerald-300",
            }>
            {move || match answer.get() {
                Some(Ok(text) | Err(text)) => text,
                None => String::new(),
            }}
        </p>
    }
}

#[cfg(feature = "hydrate")]
mod slug_input {
    use leptos::prelude::*;
    use leptos::wasm_bindgen::{JsCast, closure::Closure};

    /// Asks the server 300 ms after the last keystroke; a later keystroke wins.
    pub fn watch(set_answer: WriteSignal<Option<Result<String, String>>>) {
        let Some(input) = document()
            .get_element_by_id("f-slug")
            .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let typed = StoredValue::new(0_u32);
        let field = input.clone();
        let on_input = Closure::<dyn Fn()>::new(move || {
            let slug = field.value().trim().to_string();
            typed.update_value(|n| *n += 1);
            let this = typed.get_value();
            if slug.is_empty() {
                set_answer.set(None);
                return;
            }
            set_timeout(
                move || {
                    if typed.get_value() != this {
                        return;
                    }
                    leptos::task::spawn_local(async move {
                        let answer = super::check_slug(slug).await.map_err(|e| e.message);
                        if typed.get_value() == this {
                            set_answer.set(Some(answer));
                        }
                    });
                },
                std::time::Duration::from_millis(300),
            );
        });
        let _ = input.add_event_listener_with_callback("input", on_input.as_ref().unchecked_ref());
        on_input.forget();
    }
}

/// `/admin/calendars`.
pub async fn list_page(csrf: String) -> AnyView {
    let form = use_context::<FormState>().unwrap_or_default();
    let body = match load_calendars().await {
        Ok(page) => view! { <Calendars page form csrf /> }.into_any(),
        Err(e) => super::load_error(e),
    };
    view! {
        <h1 class="text-xl font-semibold" id="section-title">{t("calendars")}</h1>
        {body}
    }
    .into_any()
}

/// `/admin/calendars/{id}`.
pub async fn calendar_page(
    id: i64,
    confirm: Option<String>,
    done: Option<String>,
    editing: bool,
    share: Option<ShareQuery>,
    csrf: String,
) -> AnyView {
    let form = use_context::<FormState>().unwrap_or_default();
    match load_calendar(id).await {
        Ok(page) => view! { <Calendar page form confirm done editing share csrf /> }.into_any(),
        Err(e) => view! {
            <p><a href="/admin/calendars" class="text-sm text-sky-800 underline dark:text-sky-300">{t("back-to-calendars")}</a></p>
            <h1 class="mt-2 text-xl font-semibold" id="section-title">{t("calendar")}</h1>
            <p role="alert" class="mt-4 text-red-800 dark:text-red-300">{e.message}</p>
        }
        .into_any(),
    }
}

#[component]
fn Calendars(page: CalendarsPage, form: FormState, csrf: String) -> impl IntoView {
    let CalendarsPage { calendars, zone } = page;
    let description_error = form.errors.get("description").cloned();
    view! {
        <div class="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <section class=CARD aria-labelledby="list-heading">
                <h2 id="list-heading" class="text-lg font-semibold">{t("your-calendars")}</h2>
                {if calendars.is_empty() {
                    view! { <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("no-calendar-yet-make-the-first")}</p> }.into_any()
                } else {
                    view! {
                        <ul class="mt-3 divide-y divide-slate-200 dark:divide-slate-700" id="calendar-list">
                            {calendars.into_iter().map(|c| view! {
                                <li class="py-3">
                                    <a href=format!("/admin/calendars/{}", c.id) class="font-medium text-sky-800 underline-offset-2 hover:underline dark:text-sky-300">{c.title.clone()}</a>
                                    <span class="block text-sm text-slate-600 dark:text-slate-300">
                                        {match c.events { 1 => t("n-1-event").to_string(), n => format!("{n} events") }}
                                        {(c.kind == "team").then_some(" \u{00b7} team")}
                                        " \u{00b7} "{c.url.clone()}
                                    </span>
                                </li>
                            }).collect_view()}
                        </ul>
                    }.into_any()
                }}
            </section>
            <section class=CARD aria-labelledby="new-calendar-heading">
                <h2 id="new-calendar-heading" class="text-lg font-semibold">{t("new-calendar")}</h2>
                <Refusal form=form.clone() />
                <form method="post" action="/admin/calendars" class="mt-3 space-y-3" id="new-calendar">
                    <input type="hidden" name="csrf" value=csrf />
                    <Field form=form.clone() name="title" label=t("title") required=true />
                    <div>
                        <Field form=form.clone() name="slug" label=t("slug") />
                        <SlugCheck />
                    </div>
                    <ZoneField form=form.clone() name="author_timezone" chosen=zone />
                    <div>
                        <label for="f-description" class="block text-sm font-medium">{t("description")}</label>
                        <textarea id="f-description" name="description" rows="3" class=FIELD
                            aria-invalid=description_error.as_ref().map(|_| "true")
                            aria-describedby=description_error.as_ref().map(|_| "f-description-error")>
                            {crate::ui::textarea_text(&form.value("description"))}
                        </textarea>
                        {description_error.map(|e| view! { <p id="f-description-error" class="mt-1 text-sm font-medium text-red-800 dark:text-red-300">{e}</p> })}
                    </div>
                    <Field form=form.clone() name="photo_url" label=t("photo-url") kind="url" />
                    <p class="text-xs text-slate-600 dark:text-slate-300">{t("the-slug-is-the-calendars-address")}</p>
                    <button type="submit" class=PRIMARY>{t("create-calendar")}</button>
                </form>
            </section>
        </div>
    }
}

#[component]
fn Calendar(
    page: CalendarPage,
    form: FormState,
    confirm: Option<String>,
    done: Option<String>,
    editing: bool,
    share: Option<ShareQuery>,
    csrf: String,
) -> impl IntoView {
    let id = page.id;
    let base = format!("/admin/calendars/{id}");
    // Each form's refusal shows beside that form only.
    let posted = form.value("action");
    let refused_for = |action: &str| {
        if posted == action {
            form.clone()
        } else {
            FormState::default()
        }
    };
    let (new_event_form, settings_form) = (refused_for(""), refused_for("settings"));
    let other_refusal = (!matches!(posted.as_str(), "" | "settings")).then(|| form.clone());
    let done_text = done.and_then(|d| match d.as_str() {
        "settings" => Some(t("saved")),
        "deleted" => Some(t("event-deleted")),
        _ => None,
    });
    let asking = confirm.and_then(|c| confirmation(&page, &c));
    let CalendarPage {
        title,
        slug,
        zone,
        description_html,
        landing_url,
        events,
        ..
    } = page.clone();
    view! {
        <p><a href="/admin/calendars" class="text-sm text-sky-800 underline dark:text-sky-300">{t("back-to-calendars")}</a></p>
        <h1 class="mt-2 text-xl font-semibold" id="section-title">{title}</h1>
        <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{format!("/{slug} \u{00b7} {zone}")}</p>
        {done_text.map(|text| view! { <p role="status" class=SAVED>{text}</p> })}
        {other_refusal.map(|form| view! { <Refusal form /> })}
        {asking.map(|(action, question, button)| view! {
            <form method="post" action=base.clone() role="alertdialog" aria-labelledby="confirm-question"
                class="mt-4 rounded-xl border-2 border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950">
                <input type="hidden" name="csrf" value=csrf.clone() />
                <input type="hidden" name="action" value=action />
                <p id="confirm-question" class="font-medium">{question}</p>
                <div class="mt-3 flex flex-wrap items-center gap-3">
                    <button type="submit" class="inline-flex min-h-10 items-center rounded-md bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800">{button}</button>
                    <a href=base.clone() class="text-sm text-sky-800 underline dark:text-sky-300">{t("keep-it")}</a>
                </div>
            </form>
        })}
        {(!description_html.is_empty()).then(|| view! {
            // Sanitized when it was saved (ammonia).
            <div class="prose mt-3 max-w-none text-sm" inner_html=description_html></div>
        })}
        <div class="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div class="space-y-6">
                <LandingCard base=base.clone() landing_url />
                <EventsCard events base=base.clone() csrf=csrf.clone() />
            </div>
            {if let Some(query) = share {
                view! { <ShareBuilder page=page.clone() query /> }.into_any()
            } else if editing {
                view! { <CalendarSettings page=page.clone() form=settings_form csrf=csrf.clone() /> }.into_any()
            } else {
                view! {
                    <NewEventCard page=page.clone() form=new_event_form base=base.clone() csrf=csrf.clone() />
                }.into_any()
            }}
        </div>
    }
}

/// What "Delete" asks before it deletes (`confirm=calendar` or `confirm=event:{id}`): the
/// action, the question and the button.
fn confirmation(page: &CalendarPage, c: &str) -> Option<(String, String, &'static str)> {
    if c == "calendar" {
        Some((
            "delete_calendar".to_string(),
            tf(
                "delete-calendar-question",
                &[
                    ("title", (&page.title).into()),
                    ("count", page.events.len().into()),
                ],
            ),
            t("delete-calendar"),
        ))
    } else {
        let event_id: i64 = c.strip_prefix("event:")?.parse().ok()?;
        let event = page.events.iter().find(|e| e.id == event_id)?;
        Some((
            format!("delete_event:{event_id}"),
            tf("delete-event-question", &[("title", (&event.title).into())]),
            t("delete-event"),
        ))
    }
}

/// "Landing page": its link, "Copy", and the links to edit and share it.
#[component]
fn LandingCard(base: String, landing_url: String) -> impl IntoView {
    view! {
        <section class=CARD aria-labelledby="landing-heading">
            <h2 id="landing-heading" class="text-lg font-semibold">{t("landing-page")}</h2>
            <div class="mt-3 flex flex-wrap items-end gap-2">
                <div class="min-w-0 flex-1">
                    <label for="landing-link" class="block text-sm font-medium">{t("link")}</label>
                    <input id="landing-link" readonly value=landing_url.clone() class=FIELD />
                </div>
                <CopyButton text=landing_url words=CopyWords::new() />
            </div>
            <p class="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <a href=format!("{base}?edit=settings#calendar-settings") class="inline-flex min-h-8 items-center text-sky-800 underline dark:text-sky-300">{t("edit-the-calendar-and-its-landing")}</a>
                <a href=format!("{base}?share=1#share") class="inline-flex min-h-8 items-center text-sky-800 underline dark:text-sky-300">{t("build-a-link-and-preview-the")}</a>
            </p>
        </section>
    }
}

/// "Events", in the landing page's order, each with its actions.
#[component]
fn EventsCard(
    events: Vec<crate::model::setup::EventCard>,
    base: String,
    csrf: String,
) -> impl IntoView {
    let count = events.len();
    view! {
        <section class=CARD aria-labelledby="events-heading">
            <h2 id="events-heading" class="text-lg font-semibold">{t("events")}</h2>
            <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("in-the-order-the-landing-page")}</p>
            {if events.is_empty() {
                view! { <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("no-event-yet")}</p> }.into_any()
            } else {
                view! {
                    <ul class="mt-3 space-y-5" id="event-list">
                        {events.into_iter().enumerate().map(|(i, e)| view! {
                            <EventItem event=e base=base.clone() csrf=csrf.clone() first=i == 0 last=i + 1 == count />
                        }).collect_view()}
                    </ul>
                }.into_any()
            }}
        </section>
    }
}

/// "New event": title and duration (and on a team calendar, its kind and hosts).
#[component]
fn NewEventCard(page: CalendarPage, form: FormState, base: String, csrf: String) -> impl IntoView {
    let new_event_form = form;
    view! {
        <section class=CARD aria-labelledby="new-event-heading">
            <h2 id="new-event-heading" class="text-lg font-semibold">{t("new-event")}</h2>
            <Refusal form=new_event_form.clone() />
            <form method="post" action=base.clone() class="mt-3 space-y-3" id="new-event">
                <input type="hidden" name="csrf" value=csrf.clone() />
                <Field form=new_event_form.clone() name="title" label=t("title") required=true />
                <Field form=new_event_form.clone() name="duration" label=t("duration") kind="number" value="30".to_string() required=true />
                {page.team.then(|| view! { <TeamHosts page=page.clone() form=new_event_form.clone() /> })}
                <p class="text-xs text-slate-600 dark:text-slate-300">{t("duration-in-minutes-the-event-is")}</p>
                <button type="submit" class=PRIMARY>{t("create-event")}</button>
            </form>
        </section>
    }
}

/// On a team calendar, "New event" also asks for the kind of event and its hosts (those who
/// may host: anyone for an administrator, else the team's owner and who accepted its
/// invitation).
#[component]
fn TeamHosts(page: CalendarPage, form: FormState) -> impl IntoView {
    let posted = !form.values.is_empty();
    let kind = if posted {
        form.value("event_type")
    } else {
        "round_robin".to_string()
    };
    let me = page.host_choices.first().map(|(id, _)| *id);
    let error = form.errors.get("hosts").cloned();
    let chosen: Vec<i64> = if posted {
        form.numbers("hosts")
    } else {
        me.into_iter().collect()
    };
    view! {
        <div>
            <label for="f-event_type" class="block text-sm font-medium">{t("kind-of-event")}</label>
            <select id="f-event_type" name="event_type" class=FIELD>
                {TEAM_EVENT_KINDS.iter().map(|(value, label)| view! {
                    <option value=*value selected=kind == *value>{*label}</option>
                }).collect_view()}
            </select>
        </div>
        <HostChecklist choices=page.host_choices.clone() chosen error />
    }
}

/// The link builder's choices (`share=1&event=&date=&length=`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShareQuery {
    pub event: Option<i64>,
    pub date: String,
    pub length: String,
}

/// "Share": an event with a pre-chosen date and length gives a link and an embed code (each
/// with "Copy"), and a live preview of the embedded booking page. A plain GET form.
#[component]
fn ShareBuilder(page: CalendarPage, query: ShareQuery) -> impl IntoView {
    let base = format!("/admin/calendars/{}", page.id);
    let chosen = query
        .event
        .and_then(|id| page.events.iter().find(|e| e.id == id))
        .or(page.events.first())
        .cloned();
    // The site's address: the landing page's without the calendar's slug.
    let site = page
        .landing_url
        .strip_suffix(&format!("/{}", page.slug))
        .unwrap_or(&page.landing_url)
        .to_string();
    let built = chosen.as_ref().map(|event| {
        let link = share_link(&event.url, &query.date, &query.length);
        let path = link.strip_prefix(&site).unwrap_or(&link).to_string();
        let embed =
            format!("<script src=\"{site}/embed.js\" data-slotbook=\"{path}\" async></script>");
        let preview = format!(
            "{path}{}embed=1",
            if path.contains('?') { "&" } else { "?" }
        );
        (link, embed, preview)
    });
    view! {
        <section class=CARD aria-labelledby="share-heading" id="share">
            <h2 id="share-heading" class="text-lg font-semibold">{t("share-an-event")}</h2>
            {if page.events.is_empty() {
                view! { <p class="mt-2 text-sm">{t("make-an-event-first")}</p> }.into_any()
            } else {
                view! {
                    <form method="get" action=format!("{base}#share") class="mt-3 space-y-3">
                        <input type="hidden" name="share" value="1" />
                        <div>
                            <label for="share-event" class="block text-sm font-medium">{t("event")}</label>
                            <select id="share-event" name="event" class=FIELD>
                                {page.events.iter().map(|e| view! {
                                    <option value=e.id.to_string() selected=chosen.as_ref().is_some_and(|c| c.id == e.id)>{e.title.clone()}</option>
                                }).collect_view()}
                            </select>
                        </div>
                        <div>
                            <label for="share-date" class="block text-sm font-medium">{t("pre-chosen-date")}</label>
                            <input id="share-date" name="date" type="date" value=query.date.clone() class=FIELD />
                        </div>
                        <div>
                            <label for="share-length" class="block text-sm font-medium">{t("pre-chosen-length-minutes")}</label>
                            <input id="share-length" name="length" type="number" min="5" value=query.length.clone() class=FIELD />
                        </div>
                        <div class="flex flex-wrap items-center gap-3">
                            <button type="submit" class=PRIMARY>{t("build-link")}</button>
                            <a href=base.clone() class="text-sm text-sky-800 underline dark:text-sky-300">{t("done")}</a>
                        </div>
                    </form>
                }.into_any()
            }}
            {built.map(|(link, embed, preview)| view! {
                <div class="mt-4 space-y-3">
                    <div class="flex flex-wrap items-end gap-2">
                        <div class="min-w-0 flex-1">
                            <label for="share-link" class="block text-sm font-medium">{t("link-to-share")}</label>
                            <input id="share-link" readonly value=link.clone() class=FIELD />
                        </div>
                        <CopyButton text=link words=CopyWords::new() />
                    </div>
                    <div class="flex flex-wrap items-end gap-2">
                        <div class="min-w-0 flex-1">
                            <label for="share-embed" class="block text-sm font-medium">{t("embed-code-for-this-link")}</label>
                            <input id="share-embed" readonly value=embed.clone() class=format!("{FIELD} font-mono text-xs") />
                        </div>
                        <CopyButton text=embed words=CopyWords::new() />
                    </div>
                    <p class="text-sm font-medium">{t("preview")}</p>
                    <iframe src=preview title=t("preview-of-the-embedded-booking-page")
                        class="h-[36rem] w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"></iframe>
                </div>
            })}
        </section>
    }
}

/// The calendar's settings: the host profile the landing page shows, which events it lists,
/// and "Delete calendar" (which asks first).
#[component]
fn CalendarSettings(page: CalendarPage, form: FormState, csrf: String) -> impl IntoView {
    let posted = !form.values.is_empty();
    let value = |name: &str, stored: &str| form.shown(name, stored);
    let landing_enabled = form.ticked("landing_enabled", page.landing_enabled);
    let show_selected = if posted {
        form.value("show_type") == "selected"
    } else {
        !page.show_all
    };
    let shown = |event: i64| {
        if posted {
            form.has("shown_events", &event.to_string())
        } else {
            page.shown_events.contains(&event)
        }
    };
    let description = value("description", &page.description_html);
    let description_error = form.errors.get("description").cloned();
    let base = format!("/admin/calendars/{}", page.id);
    view! {
        <section class=CARD aria-labelledby="calendar-settings-heading" id="calendar-settings">
            <h2 id="calendar-settings-heading" class="text-lg font-semibold">{t("calendar-settings")}</h2>
            <Refusal form=form.clone() />
            <form method="post" action=format!("{base}?edit=settings#calendar-settings") class="mt-3 space-y-4">
                <input type="hidden" name="csrf" value=csrf />
                <input type="hidden" name="action" value="settings" />
                <Field form=form.clone() name="title" label=t("title") value=page.title.clone() required=true />
                <div>
                    <Field form=form.clone() name="slug" label=t("slug") value=page.slug.clone() />
                    <p class="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("the-calendars-address-changing-it-changes")}</p>
                </div>
                <ZoneField form=form.clone() name="author_timezone" chosen=page.zone_id.clone() />
                <div>
                    <label for="f-calendar-description" class="block text-sm font-medium">{t("description")}</label>
                    <textarea id="f-calendar-description" name="description" rows="3" class=FIELD
                        aria-invalid=description_error.as_ref().map(|_| "true")
                        aria-describedby=description_error.as_ref().map(|_| "f-calendar-description-error")>
                        {crate::ui::textarea_text(&description)}
                    </textarea>
                    {description_error.map(|e| view! { <p id="f-calendar-description-error" class=ERROR>{e}</p> })}
                </div>
                <Field form=form.clone() name="photo_url" label=t("photo-url") kind="url" value=page.photo_url.clone() />
                <LanguageField form=form.clone() stored=page.language.clone() />
                <label class="flex min-h-10 items-center gap-2 text-sm">
                    <input type="checkbox" name="landing_enabled" checked=landing_enabled class="size-5" />{t("show-the-landing-page")}
                </label>
                <fieldset>
                    <legend class="text-sm font-medium">{t("events-on-the-landing-page")}</legend>
                    <label class="mt-1 flex min-h-8 items-center gap-2 text-sm">
                        <input type="radio" name="show_type" value="all" checked=!show_selected class="size-5" />{t("every-active-event")}
                    </label>
                    <label class="flex min-h-8 items-center gap-2 text-sm">
                        <input type="radio" name="show_type" value="selected" checked=show_selected class="size-5" />{t("only-the-events-ticked-below")}
                    </label>
                    <div class="ms-7 mt-1 grid gap-1">
                        {page.events.iter().map(|e| view! {
                            <label class="flex min-h-8 items-center gap-2 text-sm">
                                <input type="checkbox" name="shown_events" value=e.id.to_string() checked=shown(e.id) class="size-5" />{e.title.clone()}
                            </label>
                        }).collect_view()}
                    </div>
                </fieldset>
                <div class="flex flex-wrap items-center gap-3">
                    <button type="submit" class=PRIMARY>{t("save")}</button>
                    <a href=base.clone() class="text-sm text-sky-800 underline dark:text-sky-300">{t("done")}</a>
                    <a href=format!("{base}?confirm=calendar") class="text-sm text-red-800 underline dark:text-red-300">{t("delete-calendar")}</a>
                </div>
            </form>
        </section>
    }
}

/// "Language": the default language of the calendar's public pages (DESIGN 2.9).
#[component]
fn LanguageField(form: FormState, stored: String) -> impl IntoView {
    let chosen = form.shown("language", &stored);
    let error = form.errors.get("language").cloned();
    view! {
        <div>
            <label for="f-calendar-language" class="block text-sm font-medium">{t("language")}</label>
            <select id="f-calendar-language" name="language" class=FIELD
                aria-invalid=error.as_ref().map(|_| "true")
                aria-describedby="f-calendar-language-help">
                {crate::domain::language::Lang::ALL.into_iter().map(|l| view! {
                    <option value=l.code() lang=l.code() selected={l.code() == chosen}>{l.own_name()}</option>
                }).collect_view()}
            </select>
            <p id="f-calendar-language-help" class="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("the-public-pages-use-it-unless")}</p>
            {error.map(|e| view! { <p class=ERROR>{e}</p> })}
        </div>
    }
}

#[component]
fn EventItem(
    event: EventCard,
    base: String,
    csrf: String,
    /// First or last in the landing page's order (that move is disabled).
    first: bool,
    last: bool,
) -> impl IntoView {
    let EventCard {
        id,
        title,
        duration,
        status,
        url,
        embed,
        editor,
    } = event;
    let embed_id = format!("embed-{id}");
    view! {
        <li id=format!("event-{id}")>
            <p class="font-medium">
                <a href=editor id=format!("event-{id}-title") class="text-sky-800 underline-offset-2 hover:underline dark:text-sky-300">{title.clone()}</a>
                <span class="ms-2 text-sm font-normal text-slate-600 dark:text-slate-300">
                    {tf("minutes-short", &[("minutes", duration.into())])}{(status != "active").then(|| format!(" \u{00b7} {}", t("draft")))}
                </span>
            </p>
            <p class="mt-1 text-sm"><a href=url class="break-all text-sky-800 underline dark:text-sky-300">{tf("open-booking-page-of", &[("title", (&title).into())])}</a></p>
            <div class="mt-2 flex flex-wrap items-end gap-2">
                <div class="min-w-0 flex-1">
                    <label for=embed_id.clone() class="block text-sm font-medium">{t("embed-code")}</label>
                    <input id=embed_id readonly value=embed.clone() class=format!("{FIELD} font-mono text-xs") />
                </div>
                <CopyButton text=embed words=CopyWords::new() />
            </div>
            <form method="post" action=base.clone() class="mt-2 flex flex-wrap items-center gap-3">
                <input type="hidden" name="csrf" value=csrf />
                <button type="submit" name="action" value=format!("up:{id}") disabled=first aria-describedby=format!("event-{id}-title") class=BUTTON>{t("move-up")}</button>
                <button type="submit" name="action" value=format!("down:{id}") disabled=last aria-describedby=format!("event-{id}-title") class=BUTTON>{t("move-down")}</button>
                <button type="submit" name="action" value=format!("clone:{id}") aria-describedby=format!("event-{id}-title") class=BUTTON>{t("clone")}</button>
                <a href=format!("{base}?confirm=event:{id}") aria-describedby=format!("event-{id}-title") class="inline-flex min-h-10 items-center text-sm text-red-800 underline dark:text-red-300">{t("delete")}</a>
            </form>
        </li>
    }
}
