//! The Advanced tab: confirmation, cancelling and rescheduling rules, multiple durations.

use crate::texts::dashboard::t;
use leptos::prelude::*;

use super::form_keys;
use crate::model::event_tabs::{AdvancedTab, Policy};
use crate::model::public::FormState;
use crate::ui::admin::style::{ERROR, FIELD, PRIMARY};

/// "Advanced": confirmation, the attendee's cancel and reschedule policies, several durations.
#[component]
pub(super) fn AdvancedForm(
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
                        <label for=format!("{prefix}-mode") class="block text-xs font-medium">{t("allowed")}</label>
                        <select id=format!("{prefix}-mode") name=format!("{prefix}_mode") class=FIELD>
                            <option value="allowed" selected=mode == "allowed">{t("any-time-before-the-start")}</option>
                            <option value="before" selected=mode == "before">{t("only-until-a-time-before-the")}</option>
                            <option value="never" selected=mode == "never">{t("never")}</option>
                        </select>
                    </div>
                    <div>
                        <label for=format!("{prefix}-value") class="block text-xs font-medium">{t("up-to-this-long-before")}</label>
                        <input id=format!("{prefix}-value") name=format!("{prefix}_value") type="number" min="0" value=value class=FIELD />
                    </div>
                    <div>
                        <label for=format!("{prefix}-unit") class="block text-xs font-medium">{t("unit")}</label>
                        <select id=format!("{prefix}-unit") name=format!("{prefix}_unit") class=FIELD>
                            {[("minutes", t("unit-minutes")), ("hours", t("unit-hours")), ("days", t("unit-days"))].into_iter().map(|(v, l)| view! {
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
                {t("requires-confirmation-bookings-wait-for-the")}
            </label>
            {policy("cancel", t("attendees-may-cancel"), &options.cancel)}
            {policy("reschedule", t("attendees-may-reschedule"), &options.reschedule)}
            <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <legend class="px-1 text-sm font-semibold">{t("several-durations")}</legend>
                <label class="flex min-h-10 items-center gap-2 text-sm">
                    <input type="checkbox" name="multi_duration" checked=checked("multi_duration", options.multi_duration) class="size-5" />
                    {t("let-the-attendee-choose-the-duration")}
                </label>
                <div class="flex flex-wrap gap-3">
                    <div>
                        <label for="f-durations" class="block text-xs font-medium">{t("durations-minutes")}</label>
                        <input id="f-durations" name="durations" value=text("durations", &options.durations) placeholder="15, 30, 60" class=FIELD
                            aria-invalid=durations_error.as_ref().map(|_| "true") aria-describedby=durations_error.as_ref().map(|_| "f-durations-error") />
                        {durations_error.map(|e| view! { <p id="f-durations-error" class=ERROR>{e}</p> })}
                    </div>
                    <div>
                        <label for="f-default-duration" class="block text-xs font-medium">{t("default-duration")}</label>
                        <input id="f-default-duration" name="default_duration" type="number" min="5" value=text("default_duration", &options.default_duration) class=FIELD
                            aria-invalid=default_error.as_ref().map(|_| "true") aria-describedby=default_error.as_ref().map(|_| "f-default-duration-error") />
                        {default_error.map(|e| view! { <p id="f-default-duration-error" class=ERROR>{e}</p> })}
                    </div>
                </div>
            </fieldset>
            <PolicyFields options=options.clone() form=form.clone() />
            <button type="submit" class=PRIMARY>{t("save")}</button>
        </form>
    }
}

/// The booking policies (DESIGN 2.8): series, held times, who may book, the video link.
#[component]
fn PolicyFields(options: AdvancedTab, form: FormState) -> impl IntoView {
    let checked = |name: &str, stored: bool| form.ticked(name, stored);
    let text = |name: &str, stored: &str| form.shown(name, stored);
    let error = |key: &str| form.errors.get(key).cloned();
    let interval_error = error("interval");
    let max_count_error = error("max_count");
    let frequency = text("frequency", &options.frequency);
    view! {
            <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <legend class="px-1 text-sm font-semibold">{t("series")}</legend>
                <label class="flex min-h-10 items-center gap-2 text-sm">
                    <input type="checkbox" name="recurring" checked=checked("recurring", options.recurring) class="size-5" />
                    {t("allow-recurring-bookings")}
                </label>
                <div class="flex flex-wrap items-end gap-3">
                    <div>
                        <label for="f-interval" class="block text-xs font-medium">{t("repeat-every")}</label>
                        <input id="f-interval" name="interval" type="number" min="1" max="30" value=text("interval", &options.interval) class=FIELD
                            aria-invalid=interval_error.as_ref().map(|_| "true") aria-describedby=interval_error.as_ref().map(|_| "f-interval-error") />
                    </div>
                    <div>
                        <label for="f-frequency" class="block text-xs font-medium">{t("unit-of-the-repeat")}</label>
                        <select id="f-frequency" name="frequency" class=FIELD>
                            {[("daily", t("unit-days")), ("weekly", t("unit-weeks")), ("monthly", t("unit-months"))].into_iter().map(|(v, l)| view! {
                                <option value=v selected=frequency == v>{l}</option>
                            }).collect_view()}
                        </select>
                    </div>
                    <div>
                        <label for="f-max-count" class="block text-xs font-medium">{t("maximum-occurrences")}</label>
                        <input id="f-max-count" name="max_count" type="number" min="2" max="52" value=text("max_count", &options.max_count) class=FIELD
                            aria-invalid=max_count_error.as_ref().map(|_| "true") aria-describedby=max_count_error.as_ref().map(|_| "f-max-count-error") />
                    </div>
                </div>
                {interval_error.map(|e| view! { <p id="f-interval-error" class=ERROR>{e}</p> })}
                {max_count_error.map(|e| view! { <p id="f-max-count-error" class=ERROR>{e}</p> })}
                <label class="flex min-h-10 items-center gap-2 text-sm">
                    <input type="checkbox" name="is_count_fixed" checked=checked("is_count_fixed", options.is_count_fixed) class="size-5" />
                    {t("always-book-the-maximum-attendees-do")}
                </label>
            </fieldset>
            <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <legend class="px-1 text-sm font-semibold">{t("who-may-book")}</legend>
                <div class="flex flex-wrap gap-3">
                    <div>
                        <label for="f-hold-minutes" class="block text-xs font-medium">{t("hold-minutes")}</label>
                        <input id="f-hold-minutes" name="hold_minutes" type="number" min="0" max="60" value=text("hold_minutes", &options.hold_minutes) class=FIELD
                            aria-describedby="f-hold-minutes-help" />
                        <p id="f-hold-minutes-help" class="text-xs text-slate-600 dark:text-slate-300">{t("a-chosen-time-is-kept-for")}</p>
                        {error("hold_minutes").map(|e| view! { <p class=ERROR>{e}</p> })}
                    </div>
                    <div>
                        <label for="f-attendee-limit" class="block text-xs font-medium">{t("bookings-per-attendee")}</label>
                        <input id="f-attendee-limit" name="attendee_limit" type="number" min="1" max="100" value=text("attendee_limit", &options.attendee_limit) class=FIELD
                            aria-describedby="f-attendee-limit-help" />
                        <p id="f-attendee-limit-help" class="text-xs text-slate-600 dark:text-slate-300">{t("upcoming-bookings-one-email-address-may")}</p>
                        {error("attendee_limit").map(|e| view! { <p class=ERROR>{e}</p> })}
                    </div>
                </div>
                <label class="flex min-h-10 items-center gap-2 text-sm">
                    <input type="checkbox" name="secret" checked=checked("secret", options.secret) class="size-5" />
                    {t("secret-event-bookable-only-through-a")}
                </label>
                <div>
                    <label class="flex min-h-10 items-center gap-2 text-sm">
                        <input type="checkbox" name="agents_may_book" checked=checked("agents_may_book", options.agents_may_book) class="size-5"
                            aria-describedby="f-agents-help" />
                        {t("allow-agents-to-book")}
                    </label>
                    <p id="f-agents-help" class="text-xs text-slate-600 dark:text-slate-300">{t("agents-help")}</p>
                </div>
                <div class="flex flex-wrap items-end gap-3">
                    <label class="flex min-h-10 items-center gap-2 text-sm">
                        <input type="checkbox" name="waitlist" checked=checked("waitlist", options.waitlist) class="size-5"
                            aria-describedby="f-waitlist-help" />
                        {t("enable-waitlist")}
                    </label>
                    <div>
                        <label for="f-offer-minutes" class="block text-xs font-medium">{t("offer-minutes")}</label>
                        <input id="f-offer-minutes" name="offer_minutes" type="number" min="5" max="1440" value=text("offer_minutes", &options.offer_minutes) class=FIELD
                            aria-describedby="f-waitlist-help" />
                        {error("offer_minutes").map(|e| view! { <p class=ERROR>{e}</p> })}
                    </div>
                </div>
                <p id="f-waitlist-help" class="mb-3 text-xs text-slate-600 dark:text-slate-300">{t("visitors-may-wait-for-a-taken")}</p>
                <div class="grid gap-3 sm:grid-cols-2">
                    <div>
                        <label for="f-allowed-domains" class="block text-xs font-medium">{t("allowed-email-domains")}</label>
                        <textarea id="f-allowed-domains" name="allowed_domains" rows="3" class=FIELD placeholder=t("example-com")>{text("allowed_domains", &options.allowed_domains)}</textarea>
                    </div>
                    <div>
                        <label for="f-blocked-domains" class="block text-xs font-medium">{t("blocked-email-domains")}</label>
                        <textarea id="f-blocked-domains" name="blocked_domains" rows="3" class=FIELD>{text("blocked_domains", &options.blocked_domains)}</textarea>
                    </div>
                </div>
                {error("allowed_domains").map(|e| view! { <p class=ERROR>{e}</p> })}
            </fieldset>
            <div>
                <label for="f-video-link" class="block text-sm font-medium">{t("video-link-template")}</label>
                <input id="f-video-link" name="video_link_template" type="url" value=text("video_link_template", &options.video_link_template) placeholder="https://meet.jit.si/{uid}" class=FIELD
                    aria-describedby="f-video-link-help" />
                <p id="f-video-link-help" class="text-xs text-slate-600 dark:text-slate-300">{t("video-link-help")}</p>
                {error("video_link_template").map(|e| view! { <p class=ERROR>{e}</p> })}
            </div>
    }
}
