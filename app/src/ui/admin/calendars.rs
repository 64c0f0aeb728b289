//! `/admin/calendars` (the list and "New calendar") and `/admin/calendars/{id}` (the calendar's
//! links, its events with their embed snippets, and "New event"). The forms post to the page's
//! own address (`src/pages/setup.rs`): 303 to the new calendar or the new event's editor, or the
//! page again with the REST route's messages beside their fields.

use leptos::prelude::*;

use super::forms::{Field, Refusal, ZoneField};
use super::style::{CARD, FIELD, PRIMARY};

use super::overview::CopyButton;
use crate::model::errors::PageError;
use crate::model::public::FormState;
use crate::model::setup::{CalendarPage, CalendarsPage, EventCard};

#[server(prefix = "/_app", endpoint = "admin/calendars")]
pub async fn load_calendars() -> Result<CalendarsPage, PageError> {
    let caller = super::signed_in_caller().await?;
    let ctx = super::service_ctx()?;
    crate::service::setup_pages::calendars(&ctx, &caller)
        .await
        .map_err(super::page_error)
}

#[server(prefix = "/_app", endpoint = "admin/calendar")]
pub async fn load_calendar(id: i64) -> Result<CalendarPage, PageError> {
    let caller = super::signed_in_caller().await?;
    let ctx = super::service_ctx()?;
    let now = chrono::Utc::now().timestamp();
    crate::service::setup_pages::calendar(&ctx, &caller, id, now)
        .await
        .map_err(|e| match e {
            crate::service::ServiceError::NotFound => {
                crate::ui::set_status(404);
                PageError::new(404, "There is no such calendar.")
            }
            other => super::page_error(other),
        })
}

/// `/admin/calendars`.
pub async fn list_page(csrf: String) -> AnyView {
    let form = use_context::<FormState>().unwrap_or_default();
    let body = match load_calendars().await {
        Ok(page) => view! { <Calendars page form csrf /> }.into_any(),
        Err(e) => super::load_error(e),
    };
    view! {
        <h1 class="text-xl font-semibold" id="section-title">"Calendars"</h1>
        {body}
    }
    .into_any()
}

/// `/admin/calendars/{id}`.
pub async fn calendar_page(id: i64, csrf: String) -> AnyView {
    let form = use_context::<FormState>().unwrap_or_default();
    match load_calendar(id).await {
        Ok(page) => view! { <Calendar page form csrf /> }.into_any(),
        Err(e) => view! {
            <p><a href="/admin/calendars" class="text-sm text-sky-800 underline dark:text-sky-300">"Back to calendars"</a></p>
            <h1 class="mt-2 text-xl font-semibold" id="section-title">"Calendar"</h1>
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
                <h2 id="list-heading" class="text-lg font-semibold">"Your calendars"</h2>
                {if calendars.is_empty() {
                    view! { <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">"No calendar yet: make the first one with “New calendar”."</p> }.into_any()
                } else {
                    view! {
                        <ul class="mt-3 divide-y divide-slate-200 dark:divide-slate-700" id="calendar-list">
                            {calendars.into_iter().map(|c| view! {
                                <li class="py-3">
                                    <a href=format!("/admin/calendars/{}", c.id) class="font-medium text-sky-800 underline-offset-2 hover:underline dark:text-sky-300">{c.title.clone()}</a>
                                    <span class="block text-sm text-slate-600 dark:text-slate-300">
                                        {match c.events { 1 => "1 event".to_string(), n => format!("{n} events") }}
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
                <h2 id="new-calendar-heading" class="text-lg font-semibold">"New calendar"</h2>
                <Refusal form=form.clone() />
                <form method="post" action="/admin/calendars" class="mt-3 space-y-3" id="new-calendar">
                    <input type="hidden" name="csrf" value=csrf />
                    <Field form=form.clone() name="title" label="Title" required=true />
                    <Field form=form.clone() name="slug" label="Slug" />
                    <ZoneField form=form.clone() name="author_timezone" chosen=zone />
                    <div>
                        <label for="f-description" class="block text-sm font-medium">"Description"</label>
                        <textarea id="f-description" name="description" rows="3" class=FIELD
                            aria-invalid=description_error.as_ref().map(|_| "true")
                            aria-describedby=description_error.as_ref().map(|_| "f-description-error")>
                            {crate::ui::textarea_text(&form.value("description"))}
                        </textarea>
                        {description_error.map(|e| view! { <p id="f-description-error" class="mt-1 text-sm font-medium text-red-800 dark:text-red-300">{e}</p> })}
                    </div>
                    <p class="text-xs text-slate-600 dark:text-slate-300">"The slug is the calendar's address; left empty, one is made from the title. A first 30-minute event is made with it."</p>
                    <button type="submit" class=PRIMARY>"Create calendar"</button>
                </form>
            </section>
        </div>
    }
}

#[component]
fn Calendar(page: CalendarPage, form: FormState, csrf: String) -> impl IntoView {
    let CalendarPage {
        id,
        title,
        slug,
        zone,
        description_html,
        landing_url,
        events,
    } = page;
    view! {
        <p><a href="/admin/calendars" class="text-sm text-sky-800 underline dark:text-sky-300">"Back to calendars"</a></p>
        <h1 class="mt-2 text-xl font-semibold" id="section-title">{title}</h1>
        <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{format!("/{slug} \u{00b7} {zone}")}</p>
        {(!description_html.is_empty()).then(|| view! {
            // Sanitized when it was saved (ammonia).
            <div class="prose mt-3 max-w-none text-sm" inner_html=description_html></div>
        })}
        <div class="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div class="space-y-6">
                <section class=CARD aria-labelledby="landing-heading">
                    <h2 id="landing-heading" class="text-lg font-semibold">"Landing page"</h2>
                    <div class="mt-3 flex flex-wrap items-end gap-2">
                        <div class="min-w-0 flex-1">
                            <label for="landing-link" class="block text-sm font-medium">"Link"</label>
                            <input id="landing-link" readonly value=landing_url.clone() class=FIELD />
                        </div>
                        <CopyButton text=landing_url />
                    </div>
                </section>
                <section class=CARD aria-labelledby="events-heading">
                    <h2 id="events-heading" class="text-lg font-semibold">"Events"</h2>
                    {if events.is_empty() {
                        view! { <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">"No event yet."</p> }.into_any()
                    } else {
                        view! {
                            <ul class="mt-3 space-y-5" id="event-list">
                                {events.into_iter().map(|e| view! { <EventItem event=e /> }).collect_view()}
                            </ul>
                        }.into_any()
                    }}
                </section>
            </div>
            <section class=CARD aria-labelledby="new-event-heading">
                <h2 id="new-event-heading" class="text-lg font-semibold">"New event"</h2>
                <Refusal form=form.clone() />
                <form method="post" action=format!("/admin/calendars/{id}") class="mt-3 space-y-3" id="new-event">
                    <input type="hidden" name="csrf" value=csrf />
                    <Field form=form.clone() name="title" label="Title" required=true />
                    <Field form=form.clone() name="duration" label="Duration" kind="number" value="30".to_string() required=true />
                    <p class="text-xs text-slate-600 dark:text-slate-300">"Duration in minutes. The event is bookable right away, on your default hours."</p>
                    <button type="submit" class=PRIMARY>"Create event"</button>
                </form>
            </section>
        </div>
    }
}

#[component]
fn EventItem(event: EventCard) -> impl IntoView {
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
                <a href=editor class="text-sky-800 underline-offset-2 hover:underline dark:text-sky-300">{title.clone()}</a>
                <span class="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">
                    {format!("{duration} min")}{(status != "active").then_some(" \u{00b7} draft")}
                </span>
            </p>
            <p class="mt-1 text-sm"><a href=url class="break-all text-sky-800 underline dark:text-sky-300">{format!("Open the booking page of {title}")}</a></p>
            <div class="mt-2 flex flex-wrap items-end gap-2">
                <div class="min-w-0 flex-1">
                    <label for=embed_id.clone() class="block text-sm font-medium">"Embed code"</label>
                    <input id=embed_id readonly value=embed.clone() class=format!("{FIELD} font-mono text-xs") />
                </div>
                <CopyButton text=embed />
            </div>
        </li>
    }
}
