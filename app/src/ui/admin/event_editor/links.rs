//! The Private links tab: "Create private link" ("Uses", "Expires"), and each link with its
//! address ("Copy"), how often it was used, until when, and "Revoke".

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use super::form_keys;
use crate::model::event::PrivateLinkList;
use crate::model::public::FormState;
use crate::ui::admin::overview::{CopyButton, CopyWords};
use crate::ui::admin::style::{BUTTON, ERROR, FIELD, PRIMARY};

#[component]
pub(super) fn PrivateLinksForm(
    links: PrivateLinkList,
    zone: String,
    form: FormState,
    action: String,
    csrf: String,
) -> impl IntoView {
    let uses_error = form.errors.get("max_uses").cloned();
    let expires_error = form.errors.get("expires_at").cloned();
    let uses = form.shown("max_uses", "1");
    let expires = form.shown("expires_at", "");
    view! {
        <p class="text-sm text-slate-600 dark:text-slate-300">{t("a-private-link-lets-whoever-has")}</p>
        <form method="post" action=action.clone() class="mt-3 flex flex-wrap items-end gap-3">
            {form_keys(&csrf, "private-links")}
            <div>
                <label for="link-uses" class="block text-sm font-medium">{t("uses")}</label>
                <input id="link-uses" name="max_uses" type="number" min="1" max="1000" value=uses class=format!("{FIELD} w-28")
                    aria-invalid=uses_error.as_ref().map(|_| "true") aria-describedby=uses_error.as_ref().map(|_| "link-uses-error") />
                {uses_error.map(|e| view! { <p id="link-uses-error" class=ERROR>{e}</p> })}
            </div>
            <div>
                <label for="link-expires" class="block text-sm font-medium">{t("expires")}</label>
                <input id="link-expires" name="expires_at" type="datetime-local" value=expires class=FIELD
                    aria-describedby="link-expires-help"
                    aria-invalid=expires_error.as_ref().map(|_| "true") />
                <p id="link-expires-help" class="mt-1 text-xs text-slate-600 dark:text-slate-300">{tf("expiry-help", &[("zone", (&zone).into())])}</p>
                {expires_error.map(|e| view! { <p class=ERROR>{e}</p> })}
            </div>
            <button type="submit" name="op" value="create" class=PRIMARY>{t("create-private-link")}</button>
        </form>
        {links.links.is_empty().then(|| view! { <p class="mt-4 text-sm text-slate-600 dark:text-slate-300">{t("no-private-links-yet")}</p> })}
        <ul class="mt-4 space-y-4">
            {links.links.into_iter().enumerate().map(|(n, link)| {
                let field = format!("link-url-{}", link.id);
                let state = if link.revoked {
                    t("revoked")
                } else if link.uses >= link.max_uses {
                    t("used-up")
                } else {
                    t("active")
                };
                let expiry = link.expires_at.clone().map_or_else(|| t("no-end").to_string(), |at| tf("expires-at", &[("time", (&at).into())]));
                view! {
                    <li class="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                        <div class="flex flex-wrap items-end gap-2">
                            <div class="min-w-0 flex-1">
                                <label for=field.clone() class="block text-sm font-medium">{tf("link-number", &[("number", (n + 1).into())])}</label>
                                <input id=field readonly value=link.url.clone() class=format!("{FIELD} font-mono text-xs") />
                            </div>
                            <CopyButton text=link.url.clone() words=CopyWords::new() />
                        </div>
                        <p class="mt-2 text-sm">{format!("{state} \u{00b7} {} \u{00b7} {expiry}", tf("uses-of", &[("uses", link.uses.into()), ("count", link.max_uses.into())]))}</p>
                        {(!link.revoked).then(|| view! {
                            <form method="post" action=action.clone() class="mt-2">
                                {form_keys(&csrf, "private-links")}
                                <button type="submit" name="op" value=format!("revoke:{}", link.id) class=BUTTON
                                    aria-label=tf("revoke-link-number", &[("number", (n + 1).into())])>{t("revoke")}</button>
                            </form>
                        })}
                    </li>
                }
            }).collect_view()}
        </ul>
    }
}
