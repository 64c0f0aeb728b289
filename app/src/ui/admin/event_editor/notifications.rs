//! The Notifications tab: each email's switch, subject, text and reminder times.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use super::form_keys;
use crate::model::event_tabs::NotificationLine;
use crate::model::public::FormState;
use crate::ui::admin::style::{ERROR, FIELD, PRIMARY};

/// When a notification goes out, in the host's words.
pub(super) fn moment_of(key: &str) -> &'static str {
    match key {
        "booking_conf_attendee" | "booking_conf_host" => t("a-time-is-booked-or-you"),
        "reminder_to_attendee" | "reminder_to_host" => t("before-the-meeting"),
        "cancelled_by_attendee" => t("the-attendee-cancels"),
        "cancelled_by_host" => t("you-cancel"),
        "rescheduled_by_attendee" => t("the-attendee-moves-the-time"),
        "rescheduled_by_host" => t("you-move-the-time"),
        "booking_request_host" | "booking_request_attendee" => {
            t("a-booking-awaits-your-confirmation-events")
        }
        "declined_by_host" => t("the-host-declines-a-request"),
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
                <p class="text-sm text-slate-600 dark:text-slate-300">{tf(if line.to_host { "moment-to-host" } else { "moment-to-attendee" }, &[("moment", moment_of(&line.key).into())])}</p>
                <div class="flex items-center gap-2">
                    <input id="n-enabled" type="checkbox" name="enabled" checked=enabled class="h-5 w-5" />
                    <label for="n-enabled" class="text-sm font-medium">{t("send-this-email")}</label>
                </div>
                {field("subject", t("subject"), "", view! {
                    <input id="n-subject" name="subject" value=subject class=FIELD aria-invalid=invalid("subject") />
                }.into_any())}
                {field("body", t("message"), t("body-help"), view! {
                    <textarea id="n-body" name="body" rows="8" class=FIELD aria-describedby="n-body-hint" aria-invalid=invalid("body")>{crate::ui::textarea_text(&body)}</textarea>
                }.into_any())}
                {line.to_host.then(|| field("copies", t("blind-copies-to"), t("addresses-separated-by-commas"), view! {
                    <input id="n-copies" name="copies" value=copies.clone() class=FIELD aria-describedby="n-copies-hint" aria-invalid=invalid("copies") />
                }.into_any()))}
                {times.map(|times| field("times", t("reminder-times"), t("before-the-start-such-as-15"), view! {
                    <input id="n-times" name="times" value=times class=FIELD aria-describedby="n-times-hint" aria-invalid=invalid("times") />
                }.into_any()))}
                <div class="flex flex-wrap items-center gap-3">
                    <button type="submit" class=PRIMARY>{t("save")}</button>
                    <a href=format!("{base}?tab=notifications") class="text-sm text-sky-800 underline dark:text-sky-300">{t("back-to-all-emails")}</a>
                </div>
            </form>
        }
        .into_any();
    }
    view! {
        <table class="w-full max-w-3xl text-left rtl:text-right text-sm">
            <caption class="text-start font-semibold">{t("emails-this-event-sends")}</caption>
            <thead><tr class="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" class="py-2 pe-4">{t("when")}</th>
                <th scope="col" class="py-2 pe-4">{t("to")}</th>
                <th scope="col" class="py-2 pe-4">{t("sent")}</th>
                <th scope="col" class="py-2"><span class="sr-only">{t("actions")}</span></th>
            </tr></thead>
            <tbody>
                {emails.into_iter().map(|line| {
                    let href = format!("{base}?tab=notifications&edit={}", line.key);
                    view! {
                        <tr class="border-b border-slate-100 dark:border-slate-800">
                            <td class="py-2 pe-4">{moment_of(&line.key)}{line.times.clone().map(|times| format!(" ({})", tf("times-before", &[("times", (&times).into())])))}</td>
                            <td class="py-2 pe-4">{if line.to_host { t("you") } else { t("the-attendee-2") }}</td>
                            <td class="py-2 pe-4">{if line.enabled { t("on") } else { t("off") }}</td>
                            <td class="py-2"><a href=href class="inline-block py-1 text-sky-800 underline dark:text-sky-300" aria-label=tf("edit-named", &[("name", (&line.title).into())])>{t("edit")}</a></td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
        <p class="mt-3 text-sm text-slate-600 dark:text-slate-300">
            {t("the-sender-reply-to-address-and")}" "
            <a href="/admin/settings#email" class="text-sky-800 underline dark:text-sky-300">{t("settings-email")}</a>"."
        </p>
    }
    .into_any()
}
