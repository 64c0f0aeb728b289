//! The Notifications tab: each email's switch, subject, text and reminder times.

use leptos::prelude::*;

use super::form_keys;
use crate::model::event_tabs::NotificationLine;
use crate::model::public::FormState;
use crate::ui::admin::style::{ERROR, FIELD, PRIMARY};

/// When a notification goes out, in the host's words.
pub(super) fn moment_of(key: &str) -> &'static str {
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
pub(super) fn NotificationsForm(
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
