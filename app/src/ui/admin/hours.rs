//! The weekly hours editor (each weekday a fieldset of windows, then date overrides), shared
//! by the event editor's Availability tab and `/admin/availability/{id}`. Its buttons post the
//! form: "Add window", "Remove" and "Add date override" come back changed and unsaved, "Save"
//! stores it.

use crate::texts::dashboard::t;
use leptos::prelude::*;

use super::style::{BUTTON, ERROR, FIELD, PRIMARY};
use crate::model::public::FormState;
use crate::model::setup::WeekDraft;

#[component]
pub fn HoursForm(
    hours: WeekDraft,
    /// The line above the days (which zone the hours are in).
    note: String,
    form: FormState,
    action: String,
    csrf: String,
    /// Inputs before the days: the editor's `tab`, a schedule's name and zone.
    head: AnyView,
) -> impl IntoView {
    let error = move |key: &str| form.errors.get(key).cloned();
    let error_view =
        move |key: String, id: String| error(&key).map(|e| view! { <p id=id class=ERROR>{e}</p> });
    view! {
        <form method="post" action=action class="space-y-5" id="hours-form">
            <input type="hidden" name="csrf" value=csrf />
            {head}
            <p class="text-sm text-slate-600 dark:text-slate-300">{note}</p>
            {hours.days.into_iter().map(|(day, windows)| {
                let name = crate::texts::dashboard::weekday(&day);
                let day_error = error_view(day.clone(), format!("{day}-error"));
                view! {
                    <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700" id=format!("day-{day}")>
                        <legend class="px-1 text-sm font-semibold">{name}</legend>
                        {windows.is_empty().then(|| view! { <p class="text-sm text-slate-600 dark:text-slate-300">{t("unavailable")}</p> })}
                        {windows.into_iter().enumerate().map(|(i, (start, end))| {
                            let (start_id, end_id) = (format!("{day}-start-{i}"), format!("{day}-end-{i}"));
                            view! {
                                <div class="mt-2 flex flex-wrap items-end gap-2">
                                    <div>
                                        <label for=start_id.clone() class="block text-xs font-medium">{t("start")}</label>
                                        <input id=start_id type="time" name=format!("{day}_start") value=start class=FIELD />
                                    </div>
                                    <div>
                                        <label for=end_id.clone() class="block text-xs font-medium">{t("end")}</label>
                                        <input id=end_id type="time" name=format!("{day}_end") value=end class=FIELD />
                                    </div>
                                    <button type="submit" name="op" value=format!("remove:{day}:{i}") class=BUTTON>{t("remove")}</button>
                                </div>
                                {error_view(format!("{day}.{i}"), format!("{day}-{i}-error"))}
                            }
                        }).collect_view()}
                        {day_error}
                        <div class="mt-2 flex flex-wrap gap-2">
                            <button type="submit" name="op" value=format!("add:{day}") class=BUTTON>{t("add-window")}</button>
                            <button type="submit" name="op" value=format!("copy:{day}") class=BUTTON>{t("copy-to-weekdays")}</button>
                        </div>
                    </fieldset>
                }
            }).collect_view()}
            <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700" id="overrides">
                <legend class="px-1 text-sm font-semibold">{t("date-overrides")}</legend>
                <p class="text-sm text-slate-600 dark:text-slate-300">{t("a-date-with-its-own-hours")}</p>
                {hours.overrides.into_iter().enumerate().map(|(i, (date, start, end))| {
                    let (date_id, start_id, end_id) = (format!("override-date-{i}"), format!("override-start-{i}"), format!("override-end-{i}"));
                    view! {
                        <div class="mt-2 flex flex-wrap items-end gap-2">
                            <div>
                                <label for=date_id.clone() class="block text-xs font-medium">{t("date")}</label>
                                <input id=date_id type="date" name="override_date" value=date class=FIELD />
                            </div>
                            <div>
                                <label for=start_id.clone() class="block text-xs font-medium">{t("start")}</label>
                                <input id=start_id type="time" name="override_start" value=start class=FIELD />
                            </div>
                            <div>
                                <label for=end_id.clone() class="block text-xs font-medium">{t("end")}</label>
                                <input id=end_id type="time" name="override_end" value=end class=FIELD />
                            </div>
                            <button type="submit" name="op" value=format!("remove_override:{i}") class=BUTTON>{t("remove")}</button>
                        </div>
                        {error_view(format!("override.{i}"), format!("override-{i}-error"))}
                    }
                }).collect_view()}
                <button type="submit" name="op" value="add_override" class=format!("mt-2 {BUTTON}")>{t("add-date-override")}</button>
            </fieldset>
            <button type="submit" name="op" value="save" class=PRIMARY>{t("save")}</button>
        </form>
    }
}
