//! The Availability tab: which hours the event follows, and why a day is open or not.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use crate::model::public::FormState;
use crate::model::setup::{DayExplained, EventEditor};
use crate::ui::admin::style::{BUTTON, CARD, ERROR, FIELD};

/// Which hours the event follows: its own (the weekly editor below) or a reusable schedule.
/// "Use" saves the choice; with "Its own hours" the hours below become the event's own.
#[component]
pub(super) fn ScheduleChoice(editor: EventEditor, form: FormState) -> impl IntoView {
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
                    <label for="f-schedule" class="block text-sm font-medium">{t("hours")}</label>
                    <select id="f-schedule" name="schedule" class=FIELD aria-describedby="f-schedule-hint"
                        aria-invalid=error.as_ref().map(|_| "true")>
                        <option value="own" selected=chosen == "own">{t("its-own-hours-below")}</option>
                        {editor.schedules.into_iter().map(|(id, title)| view! {
                            <option value=id.to_string() selected=chosen == id.to_string()>{tf("schedule-named", &[("title", (&title).into())])}</option>
                        }).collect_view()}
                    </select>
                </div>
                <button type="submit" name="op" value="use_schedule" class=BUTTON>{t("use")}</button>
            </div>
            <p id="f-schedule-hint" class="mt-1 text-xs text-slate-600 dark:text-slate-300">
                {match following {
                    Some(title) => tf("follows-schedule", &[("title", (&title).into())]),
                    None => t("the-event-has-its-own-hours").to_string(),
                }}
            </p>
            {error.map(|e| view! { <p class=ERROR>{e}</p> })}
        </div>
    }
}

/// "Why is this time not offered?": a date, then each start time of that date with "Offered"
/// or the engine's reasons in words. A plain GET form (`explain=`), on every tab.
#[component]
pub(super) fn Explain(
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
            <h2 id="explain-heading" class="text-lg font-semibold">{t("why-is-this-time-not-offered")}</h2>
            <form method="get" action=base aria-labelledby="explain-heading" class="mt-3 flex flex-wrap items-end gap-2" id="explain-form">
                <input type="hidden" name="tab" value=tab />
                <div>
                    <label for="explain-date" class="block text-sm font-medium">{t("date")}</label>
                    <input id="explain-date" type="date" name="explain" value=date required class=FIELD />
                </div>
                <button type="submit" class=BUTTON>{t("explain")}</button>
            </form>
            {explained.map(|result| match result {
                Err((_, message)) => view! { <p role="alert" class=ERROR>{message}</p> }.into_any(),
                Ok(day) if day.times.is_empty() => view! {
                    <p class="mt-3 text-sm" id="explained">{tf("no-hours-on", &[("date", (&day.date).into())])}</p>
                }.into_any(),
                Ok(day) => view! {
                    <ul class="mt-3 grid gap-1 text-sm sm:grid-cols-2" id="explained">
                        {day.times.into_iter().map(|(time, words)| {
                            let offered = words == t("offered");
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
