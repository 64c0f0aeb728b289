//! The Webhooks tab: the event's feeds, each with its address, triggers and test delivery.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use super::{NewSecret, form_keys};
use crate::model::event_tabs::WebhooksTab;
use crate::model::public::FormState;
use crate::ui::admin::style::{BUTTON, ERROR, FIELD, PRIMARY};

/// "Webhooks": each feed with "Send test", "Pause"/"Resume", "Remove" and its delivery log;
/// "Add webhook" below.
#[component]
pub(super) fn WebhooksForm(
    hooks: WebhooksTab,
    secret: Option<NewSecret>,
    form: FormState,
    action: String,
    csrf: String,
) -> impl IntoView {
    let url_error = form.errors.get("url").cloned();
    let adding = form.value("op") == "add";
    let chosen = |key: &str| !adding || form.has("triggers", key);
    view! {
        {secret.map(|NewSecret(secret)| view! {
            <div role="status" class="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
                <p class="font-semibold">{t("webhook-added-its-signing-secret-shown")}</p>
                <p class="mt-1 break-all font-mono" id="signing-secret">{secret}</p>
                <p class="mt-1">{t("every-delivery-is-signed-with-it")}</p>
            </div>
        })}
        {hooks.feeds.is_empty().then(|| view! { <p class="text-sm text-slate-600 dark:text-slate-300">{t("no-webhooks-yet")}</p> })}
        <div class="space-y-6">
            {hooks.feeds.into_iter().map(|feed| {
                let heading = format!("feed-{}", feed.id);
                view! {
                    <article class="rounded-lg border border-slate-200 p-4 dark:border-slate-700" aria-labelledby=heading.clone()>
                        <div class="flex flex-wrap items-baseline justify-between gap-2">
                            <h2 id=heading.clone() class="text-base font-semibold">{feed.name.clone()}</h2>
                            <span class="text-sm">{if feed.enabled { t("active") } else { t("paused") }}</span>
                        </div>
                        <p class="mt-1 break-all font-mono text-sm">{feed.url.clone()}</p>
                        <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{tf("sends-on", &[("triggers", (&feed.triggers.join(", ")).into())])}</p>
                        <form method="post" action=action.clone() class="mt-3 flex flex-wrap gap-2">
                            {form_keys(&csrf, "webhooks")}
                            <button type="submit" name="op" value=format!("test:{}", feed.id) aria-describedby=heading.clone() class=BUTTON>{t("send-test")}</button>
                            {if feed.enabled {
                                view! { <button type="submit" name="op" value=format!("pause:{}", feed.id) aria-describedby=heading.clone() class=BUTTON>{t("pause")}</button> }.into_any()
                            } else {
                                view! { <button type="submit" name="op" value=format!("resume:{}", feed.id) aria-describedby=heading.clone() class=BUTTON>{t("resume")}</button> }.into_any()
                            }}
                            <button type="submit" name="op" value=format!("remove:{}", feed.id) aria-describedby=heading.clone() class=BUTTON>{t("remove")}</button>
                        </form>
                        <div class="mt-3 overflow-x-auto" tabindex="0" role="region" aria-label=tf("delivery-log-of", &[("name", (&feed.name).into())])>
                            <table class="w-full text-left rtl:text-right text-sm">
                                <caption class="text-start font-medium">{t("delivery-log")}</caption>
                                <thead><tr class="border-b border-slate-200 dark:border-slate-700">
                                    <th scope="col" class="py-1 pe-3">{t("time")}</th>
                                    <th scope="col" class="py-1 pe-3">{t("trigger")}</th>
                                    <th scope="col" class="py-1 pe-3">{t("http-status")}</th>
                                    <th scope="col" class="py-1">{t("result")}</th>
                                </tr></thead>
                                <tbody>
                                    {feed.deliveries.is_empty().then(|| view! { <tr><td colspan="4" class="py-1 text-slate-600 dark:text-slate-300">{t("no-deliveries-yet")}</td></tr> })}
                                    {feed.deliveries.into_iter().map(|d| view! {
                                        <tr class="border-b border-slate-100 align-top dark:border-slate-800">
                                            <td class="whitespace-nowrap py-1 pe-3 tabular-nums">{d.at}</td>
                                            <td class="py-1 pe-3">{d.trigger}</td>
                                            <td class="py-1 pe-3 tabular-nums">{d.status.map_or_else(|| "none".to_string(), |s| s.to_string())}</td>
                                            <td class="py-1">
                                                <span class=if d.ok { "font-medium text-emerald-800 dark:text-emerald-300" } else { "font-medium text-red-800 dark:text-red-300" }>
                                                    {if d.ok { t("delivered") } else { t("failed") }}
                                                </span>
                                                <span class="block text-xs text-slate-600 dark:text-slate-300">{d.detail}</span>
                                            </td>
                                        </tr>
                                    }).collect_view()}
                                </tbody>
                            </table>
                        </div>
                    </article>
                }
            }).collect_view()}
        </div>
        <form method="post" action=action.clone() class="mt-6 max-w-xl" id="add-webhook-form">
            {form_keys(&csrf, "webhooks")}
            <fieldset class="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                <legend class="px-1 font-semibold">{t("add-webhook")}</legend>
                <div>
                    <label for="hook-url" class="block text-sm font-medium">{t("url")}</label>
                    <input id="hook-url" name="url" type="url" value=if adding { form.value("url") } else { String::new() } placeholder="https://" class=FIELD
                        aria-invalid=url_error.as_ref().map(|_| "true") aria-describedby=url_error.as_ref().map(|_| "hook-url-error") />
                    {url_error.map(|e| view! { <p id="hook-url-error" class=ERROR>{e}</p> })}
                </div>
                <div>
                    <label for="hook-name" class="block text-sm font-medium">{t("name-optional")}</label>
                    <input id="hook-name" name="name" value=if adding { form.value("name") } else { String::new() } class=FIELD />
                </div>
                <fieldset>
                    <legend class="text-sm font-medium">{t("send-when")}</legend>
                    <div class="mt-1 grid gap-1 sm:grid-cols-2">
                        {hooks.triggers.into_iter().map(|(key, label)| view! {
                            <label class="inline-flex min-h-8 items-center gap-2 text-sm">
                                <input type="checkbox" name="triggers" value=key.clone() checked=chosen(&key) class="size-5" />{label}
                            </label>
                        }).collect_view()}
                    </div>
                </fieldset>
                <button type="submit" name="op" value="add" class=PRIMARY>{t("add-webhook")}</button>
            </fieldset>
        </form>
    }
}
