//! The Limits tab: notice, buffers, interval, booking window, caps per period, locked zone.

use crate::texts::dashboard::t;
use leptos::prelude::*;

use crate::model::public::FormState;
use crate::model::setup::{Limits, PeriodCaps};
use crate::ui::admin::forms::ZoneField;
use crate::ui::admin::style::{ERROR, FIELD, PRIMARY};

#[component]
pub(super) fn LimitsForm(
    limits: Limits,
    form: FormState,
    action: String,
    csrf: String,
) -> impl IntoView {
    let fields = [
        (
            "notice",
            t("minimum-notice"),
            limits.notice,
            t("how-long-before-a-time-it"),
        ),
        (
            "buffer_before",
            t("buffer-before"),
            limits.buffer_before,
            t("free-time-kept-before-each-booking"),
        ),
        (
            "buffer_after",
            t("buffer-after"),
            limits.buffer_after,
            t("free-time-kept-after-each-booking"),
        ),
        (
            "slot_interval",
            t("slot-interval"),
            limits.slot_interval,
            t("minutes-between-start-times-empty-the"),
        ),
    ];
    view! {
        <form method="post" action=action class="max-w-xl space-y-4" id="limits-form">
            <input type="hidden" name="csrf" value=csrf />
            <input type="hidden" name="tab" value="limits" />
            <p class="text-sm text-slate-600 dark:text-slate-300">{t("times-in-minutes-the-booking-window")}</p>
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
                <label for="f-window_days" class="block text-sm font-medium">{t("booking-window-days")}</label>
                <input id="f-window_days" name="window_days" type="number" min="1" max="3650" class=FIELD
                    value=form.shown("window_days", &limits.window_days)
                    aria-invalid=form.errors.get("window_days").map(|_| "true")
                    aria-describedby=if form.errors.contains_key("window_days") { "f-window_days-hint f-window_days-error" } else { "f-window_days-hint" } />
                <p id="f-window_days-hint" class="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("how-many-days-ahead-can-be")}</p>
                {form.errors.get("window_days").cloned().map(|e| view! { <p id="f-window_days-error" class=ERROR>{e}</p> })}
            </div>
            <Caps form=form.clone() prefix="frequency" legend=t("bookings-per-period") switch=t("limit-the-number-of-bookings") stored=limits.frequency.clone() />
            <Caps form=form.clone() prefix="booked_time" legend=t("booked-time-per-period") switch=t("limit-the-booked-time") stored=limits.booked_time.clone() />
            <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <legend class="px-1 text-sm font-semibold">{t("time-zone-of-the-booking-page")}</legend>
                <label class="flex min-h-10 items-center gap-2 text-sm">
                    <input type="checkbox" name="lock_zone_enabled" class="size-5"
                        checked=form.ticked("lock_zone_enabled", limits.lock_zone_enabled) />
                    {t("show-times-in-one-zone-only")}
                </label>
                <ZoneField form=form.clone() name="lock_zone" label=t("locked-time-zone") chosen=if limits.lock_zone.is_empty() { "UTC".to_string() } else { limits.lock_zone.clone() } />
            </fieldset>
            <button type="submit" class=PRIMARY>{t("save")}</button>
        </form>
    }
}

/// A cap per day, week and month with its switch; an empty box is no cap.
#[component]
pub(super) fn Caps(
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
                {[("per_day", t("per-day"), stored.per_day.clone()), ("per_week", t("per-week"), stored.per_week.clone()), ("per_month", t("per-month"), stored.per_month.clone())]
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
