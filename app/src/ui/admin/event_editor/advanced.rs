//! The Advanced tab: confirmation, cancelling and rescheduling rules, multiple durations.

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
