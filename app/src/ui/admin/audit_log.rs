//! `/admin/audit-log`: who did what, for administrators. A GET filter form (works without
//! JavaScript), the entries as a table, pages, and the same entries as CSV.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use super::style::{ALERT, BUTTON, CARD, FIELD, PRIMARY};
use crate::domain::audit::AuditAction;
use crate::model::audit::AuditLogPage;
use crate::model::errors::PageError;

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_audit_log(pairs: Vec<(String, String)>) -> Result<AuditLogPage, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::dashboard::audit_log(&ctx, &caller, &pairs)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = pairs;
        Err(PageError::rendered_on_the_server())
    }
}

/// The page for the query's filters.
pub async fn page(pairs: Vec<(String, String)>) -> AnyView {
    match load_audit_log(pairs).await {
        Ok(page) => view! { <AuditLog page /> }.into_any(),
        Err(e) if e.status == 404 => view! {
            <h1 class="text-xl font-semibold" id="section-title">{t("page-not-found")}</h1>
            <p class="mt-2 text-slate-600 dark:text-slate-300">{t("there-is-nothing-at-this-address")}</p>
        }
        .into_any(),
        Err(e) => view! {
            <h1 class="text-xl font-semibold" id="section-title">{t("audit-log")}</h1>
            {super::load_error(e)}
        }
        .into_any(),
    }
}

#[component]
fn AuditLog(page: AuditLogPage) -> impl IntoView {
    let AuditLogPage {
        action,
        actor,
        outcome,
        from,
        to,
        users,
        rows,
        total,
        page,
        last_page,
        previous_href,
        next_href,
        csv_href,
        error,
    } = page;
    let selected = |current: &str, value: &str| current == value;
    let summary = match total {
        0 => t("no-entries-match").to_string(),
        1 => t("n-1-entry").to_string(),
        n => tf(
            "entries-page",
            &[
                ("count", n.into()),
                ("page", page.into()),
                ("pages", last_page.into()),
            ],
        ),
    };
    view! {
        <h1 class="text-xl font-semibold" id="section-title">{t("audit-log")}</h1>
        <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("logins-account-and-settings-changes-and")}</p>
        {error.map(|e| view! { <p role="alert" class=ALERT>{e}</p> })}
        <form method="get" action="/admin/audit-log" id="audit-filter"
            class=format!("mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end {CARD}")>
            <div class="lg:col-span-2">
                <label for="audit-action" class="block text-sm font-medium">{t("action")}</label>
                <select id="audit-action" name="action" class=FIELD>
                    <option value="" selected=action.is_empty()>{t("any-action")}</option>
                    {AuditAction::ALL.into_iter().map(|a| {
                        let name = a.as_str();
                        view! { <option value=name selected=selected(&action, name)>{name}</option> }
                    }).collect_view()}
                </select>
            </div>
            <div>
                <label for="audit-actor" class="block text-sm font-medium">{t("user")}</label>
                <select id="audit-actor" name="actor" class=FIELD>
                    <option value="" selected=actor.is_empty()>{t("anyone")}</option>
                    {users.into_iter().map(|(id, login)| {
                        let id = id.to_string();
                        let chosen = selected(&actor, &id);
                        view! { <option value=id selected=chosen>{login}</option> }
                    }).collect_view()}
                </select>
            </div>
            <div>
                <label for="audit-outcome" class="block text-sm font-medium">{t("outcome")}</label>
                <select id="audit-outcome" name="outcome" class=FIELD>
                    <option value="" selected=outcome.is_empty()>{t("any-outcome")}</option>
                    <option value="success" selected=selected(&outcome, "success")>{t("success")}</option>
                    <option value="failure" selected=selected(&outcome, "failure")>{t("failure")}</option>
                </select>
            </div>
            <div>
                <label for="audit-from" class="block text-sm font-medium">{t("from")}</label>
                <input id="audit-from" type="date" name="from" value=from class=FIELD />
            </div>
            <div>
                <label for="audit-to" class="block text-sm font-medium">{t("to")}</label>
                <input id="audit-to" type="date" name="to" value=to class=FIELD />
            </div>
            <div class="flex flex-wrap gap-2 lg:col-span-6">
                <button type="submit" class=PRIMARY>{t("filter")}</button>
                <a href=csv_href class=BUTTON id="audit-csv">{t("export-csv")}</a>
            </div>
        </form>
        <p class="mt-4 text-sm" id="audit-summary" role="status">{summary}</p>
        {(!rows.is_empty()).then(|| view! {
            // Focusable, so a keyboard can scroll the wide table on a narrow screen.
            <div class="relative mt-2 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700"
                tabindex="0" role="region" aria-label=t("audit-log-entries")>
                <table class="w-full min-w-[44rem] text-left rtl:text-right text-sm" id="audit-table">
                    <caption class="sr-only">{t("audit-log-entries-newest-first")}</caption>
                    <thead class="bg-slate-50 dark:bg-slate-800">
                        <tr>
                            <th scope="col" class="px-3 py-2">{t("time")}</th>
                            <th scope="col" class="px-3 py-2">{t("action")}</th>
                            <th scope="col" class="px-3 py-2">{t("user")}</th>
                            <th scope="col" class="px-3 py-2">{t("target")}</th>
                            <th scope="col" class="px-3 py-2">{t("ip-address")}</th>
                            <th scope="col" class="px-3 py-2">{t("outcome")}</th>
                        </tr>
                    </thead>
                    <tbody>
                        {rows.into_iter().map(|r| view! {
                            <tr class="border-t border-slate-200 dark:border-slate-700">
                                <td class="whitespace-nowrap px-3 py-2"><time datetime=r.at>{r.when}</time></td>
                                <td class="px-3 py-2 font-mono text-xs">{r.action}</td>
                                <td class="px-3 py-2">{r.user}</td>
                                <td class="px-3 py-2">{r.target}</td>
                                <td class="px-3 py-2">{r.ip}</td>
                                <td class="px-3 py-2">{r.outcome}</td>
                            </tr>
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
        })}
        <nav aria-label=t("pages") class="mt-3 flex gap-2">
            {previous_href.map(|href| view! { <a href=href class=BUTTON rel="prev">{t("previous-page")}</a> })}
            {next_href.map(|href| view! { <a href=href class=BUTTON rel="next">{t("next-page")}</a> })}
        </nav>
    }
}
