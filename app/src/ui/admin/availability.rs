//! `/admin/availability`: reusable schedules. The list with "New schedule" (Name, Time zone),
//! and `/admin/availability/{id}`: the weekly editor with date overrides, "Set as default" and
//! "Delete". Forms post to the page's own address (`src/pages/schedules.rs`).

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use super::forms::{Field, Refusal, ZoneField};
use super::hours::HoursForm;
use super::style::{BUTTON, CARD, PRIMARY, SAVED};
use crate::model::availability::{ScheduleEditor, SchedulesPage};
use crate::model::errors::PageError;
use crate::model::public::FormState;
use crate::model::setup::WeekDraft;

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_schedules() -> Result<SchedulesPage, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::availability::list(&ctx, &caller)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        Err(PageError::rendered_on_the_server())
    }
}

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_schedule(id: i64) -> Result<ScheduleEditor, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::availability::editor(&ctx, &caller, id)
            .await
            .map_err(super::page_error_naming(t("there-is-no-such-schedule")))
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (id,);
        Err(PageError::rendered_on_the_server())
    }
}

/// `/admin/availability`.
pub async fn list_page(csrf: String) -> AnyView {
    let form = use_context::<FormState>().unwrap_or_default();
    let body = match load_schedules().await {
        Ok(page) => view! { <Schedules page form csrf /> }.into_any(),
        Err(e) => super::load_error(e),
    };
    view! {
        <h1 class="text-xl font-semibold" id="section-title">{t("availability")}</h1>
        {body}
    }
    .into_any()
}

#[component]
fn Schedules(page: SchedulesPage, form: FormState, csrf: String) -> impl IntoView {
    view! {
        <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("named-weekly-hours-that-events-can")}</p>
        <Refusal form=form.clone() />
        <section class=format!("mt-4 {CARD}") aria-labelledby="schedules-heading">
            <h2 id="schedules-heading" class="text-lg font-semibold">{t("schedules")}</h2>
            {page.schedules.is_empty().then(|| view! { <p class="mt-2 text-sm">{t("no-schedule-yet")}</p> })}
            <ul class="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
                {page.schedules.into_iter().map(|s| view! {
                    <li class="py-3">
                        <div class="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                            <a href=format!("/admin/availability/{}", s.id) class="font-medium text-sky-800 underline dark:text-sky-300">{s.title}</a>
                            {s.is_default.then(|| view! { <span class="rounded bg-sky-100 px-2 text-xs font-semibold text-sky-900 dark:bg-sky-900 dark:text-sky-100">{t("default")}</span> })}
                            <span class="text-sm text-slate-600 dark:text-slate-300">{s.zone}</span>
                        </div>
                        <p class="mt-1 text-sm">{s.summary}</p>
                    </li>
                }).collect_view()}
            </ul>
        </section>
        <section class=format!("mt-6 {CARD}") aria-labelledby="new-schedule-heading">
            <h2 id="new-schedule-heading" class="text-lg font-semibold">{t("new-schedule")}</h2>
            <form method="post" action="/admin/availability" class="mt-3 max-w-xl space-y-4" id="new-schedule-form">
                <input type="hidden" name="csrf" value=csrf />
                <Field form=form.clone() name="title" label=t("name") required=true />
                <ZoneField form=form.clone() name="timezone" chosen=page.zone />
                <button type="submit" class=PRIMARY>{t("create-schedule")}</button>
            </form>
        </section>
    }
}

/// `/admin/availability/{id}`; `saved` after a save, `done=default`.
pub async fn schedule_page(id: i64, saved: bool, csrf: String) -> AnyView {
    let form = use_context::<FormState>().unwrap_or_default();
    // Set by "Add window"/"Remove": the hours as changed, not yet saved.
    let draft = use_context::<WeekDraft>();
    match load_schedule(id).await {
        Ok(schedule) => view! { <Schedule schedule form draft saved csrf /> }.into_any(),
        Err(e) => view! {
            <p><a href="/admin/availability" class="text-sm text-sky-800 underline dark:text-sky-300">{t("back-to-availability")}</a></p>
            <h1 class="mt-2 text-xl font-semibold" id="section-title">{t("schedule")}</h1>
            <p role="alert" class="mt-4 text-red-800 dark:text-red-300">{e.message}</p>
        }
        .into_any(),
    }
}

#[component]
fn Schedule(
    schedule: ScheduleEditor,
    form: FormState,
    draft: Option<WeekDraft>,
    saved: bool,
    csrf: String,
) -> impl IntoView {
    let action = format!("/admin/availability/{}", schedule.id);
    let hours = draft.unwrap_or_else(|| schedule.hours.clone());
    let head = view! {
        <div class="grid max-w-xl gap-4">
            <Field form=form.clone() name="title" label=t("name") value=schedule.title.clone() required=true />
            <ZoneField form=form.clone() name="timezone" chosen=schedule.zone.clone() />
        </div>
    }
    .into_any();
    let note = t("schedule-hours-note").to_string();
    let used = if schedule.used_by.is_empty() {
        t("no-event-uses-this-schedule").to_string()
    } else {
        tf(
            "used-by",
            &[("events", (&schedule.used_by.join(", ")).into())],
        )
    };
    view! {
        <p><a href="/admin/availability" class="text-sm text-sky-800 underline dark:text-sky-300">{t("back-to-availability")}</a></p>
        <div class="mt-2 flex flex-wrap items-baseline gap-x-3">
            <h1 class="text-xl font-semibold" id="section-title">{schedule.title.clone()}</h1>
            {schedule.is_default.then(|| view! { <span class="rounded bg-sky-100 px-2 text-xs font-semibold text-sky-900 dark:bg-sky-900 dark:text-sky-100">{t("default")}</span> })}
        </div>
        <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{used}</p>
        {saved.then(|| view! { <p role="status" class=SAVED>{t("saved")}</p> })}
        <Refusal form=form.clone() />
        <section class=format!("mt-4 {CARD}")>
            <HoursForm hours note form=form.clone() action=action.clone() csrf=csrf.clone() head />
        </section>
        <section class=format!("mt-6 {CARD}") aria-labelledby="schedule-actions">
            <h2 id="schedule-actions" class="text-lg font-semibold">{t("use-and-remove")}</h2>
            <form method="post" action=action class="mt-3 flex flex-wrap gap-2">
                <input type="hidden" name="csrf" value=csrf />
                <button type="submit" name="op" value="default" disabled=schedule.is_default class=BUTTON>{t("set-as-default")}</button>
                <button type="submit" name="op" value="delete" class=BUTTON>{t("delete")}</button>
            </form>
        </section>
    }
}
