//! `/admin/bookings`: the bookings desk's list, with tabs, filters and pages in the query.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

use crate::model::dashboard::{BookingsPage, BookingsQuery};
use crate::model::desk::BulkOutcome;
use crate::model::errors::PageError;

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_bookings(query: BookingsQuery) -> Result<BookingsPage, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::dashboard::bookings(&ctx, &caller, &query, chrono::Utc::now().timestamp())
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (query,);
        Err(PageError::rendered_on_the_server())
    }
}

/// The list's filters, tab and page, read from the address's query string.
pub fn query_from_url() -> BookingsQuery {
    let map = use_query_map();
    let map = map.read_untracked();
    BookingsQuery::from_pairs(
        [
            "period", "calendar", "event", "search", "from", "to", "page",
        ]
        .into_iter()
        .filter_map(|key| map.get_str(key).map(|value| (key, value)))
        .collect::<Vec<_>>(),
    )
}

/// The list's content, once its page of bookings is loaded.
pub async fn page(query: BookingsQuery, csrf: String) -> AnyView {
    // Set by the bulk form's post (`src/pages.rs`), which renders this page again.
    let outcome = use_context::<BulkOutcome>();
    let body = match load_bookings(query).await {
        Ok(page) => view! { <List page outcome csrf /> }.into_any(),
        Err(e) => super::load_error(e),
    };
    view! {
        <h1 class="text-xl font-semibold" id="section-title">{t("bookings")}</h1>
        {body}
    }
    .into_any()
}

/// A row's status: its code's words in English (as the list always wrote them, capitalised
/// by the style on phones), the catalog's in another language.
fn status_shown(code: &str) -> String {
    match crate::texts::dashboard::lang() {
        crate::texts::Lang::En => code.replace('_', " "),
        _ => crate::texts::dashboard::status(code).map_or_else(|| code.to_string(), str::to_string),
    }
}

#[component]
fn List(page: BookingsPage, outcome: Option<BulkOutcome>, csrf: String) -> impl IntoView {
    view! {
        <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("times-in")}" "{page.zone_label.clone()}</p>
        {(!page.notices.is_empty()).then(|| view! {
            <div role="status" class="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                {page.notices.iter().map(|n| view! { <p>{n.clone()}</p> }).collect_view()}
            </div>
        })}
        <ListTabs page=page.clone() />
        <Filters page=page.clone() />
        <p class="mt-4 text-sm text-slate-600 dark:text-slate-300" id="result-count">
            {match page.total { 0 => t("no-bookings-match").to_string(), n => tf("bookings-count", &[("count", n.into())]) }}
        </p>
        {outcome.map(|outcome| view! { <BulkReport outcome /> })}
        <Rows page=page.clone() csrf />
        <Pager page />
    }
}

/// A text field's or a `<select>`'s classes in the filters and the bulk form.
const INPUT: &str = "mt-1 block min-h-10 w-full rounded-md border border-slate-400 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-950";

/// The lists (upcoming, pending, ...) as tabs.
#[component]
fn ListTabs(page: BookingsPage) -> impl IntoView {
    view! {
        <nav aria-label=t("booking-lists") class="mt-4 overflow-x-auto">
            <ul class="flex gap-1 border-b border-slate-200 dark:border-slate-700">
                {page.tabs.iter().map(|(value, label, href, current)| {
                    let text = if value == "pending" && page.pending > 0 { format!("{label} ({})", page.pending) } else { label.clone() };
                    view! {
                        <li>
                            <a href=href.clone() aria-current=current.then_some("page")
                                class=format!("inline-flex min-h-10 items-center whitespace-nowrap border-b-2 px-3 text-sm {}",
                                    if *current { "border-sky-700 font-semibold text-sky-900 dark:text-sky-200" } else { "border-transparent hover:border-slate-400" })>
                                {text}
                            </a>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </nav>
    }
}

/// Calendar, event, attendee and dates; "Filter" and "Export CSV".
#[component]
fn Filters(page: BookingsPage) -> impl IntoView {
    let input = INPUT;
    let selected = |current: &str, value: &str| current == value;
    view! {
        <form method="get" action="/admin/bookings" class="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end" id="booking-filters">
            <input type="hidden" name="period" value=page.period.clone() />
            <div>
                <label for="filter-calendar" class="block text-sm font-medium">{t("calendar")}</label>
                <select id="filter-calendar" name="calendar" class=input>
                    <option value="">{t("all-calendars")}</option>
                    {page.calendars.iter().map(|(v, l)| view! { <option value=v.clone() selected=selected(&page.calendar, v)>{l.clone()}</option> }).collect_view()}
                </select>
            </div>
            <div>
                <label for="filter-event" class="block text-sm font-medium">{t("event")}</label>
                <select id="filter-event" name="event" class=input>
                    <option value="">{t("all-events")}</option>
                    {page.events.iter().map(|(v, l)| view! { <option value=v.clone() selected=selected(&page.event, v)>{l.clone()}</option> }).collect_view()}
                </select>
            </div>
            <div>
                <label for="filter-search" class="block text-sm font-medium">{t("attendee")}</label>
                <input id="filter-search" type="search" name="search" value=page.search.clone() placeholder=t("name-or-email") class=input />
            </div>
            <div>
                <label for="filter-from" class="block text-sm font-medium">{t("from")}</label>
                <input id="filter-from" type="date" name="from" value=page.from.clone() class=input />
            </div>
            <div>
                <label for="filter-to" class="block text-sm font-medium">{t("to")}</label>
                <input id="filter-to" type="date" name="to" value=page.to.clone() class=input />
            </div>
            <div class="flex flex-wrap gap-2">
                <button type="submit" class="min-h-10 rounded-md bg-sky-700 px-4 text-sm font-semibold text-white hover:bg-sky-800">{t("filter")}</button>
                <a href=page.csv_href.clone() class="inline-flex min-h-10 items-center rounded-md border border-slate-400 px-3 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">{t("export-csv")}</a>
            </div>
        </form>
    }
}

/// The bookings of this page, each selectable, and what to do with the selected ones.
#[component]
fn Rows(page: BookingsPage, csrf: String) -> impl IntoView {
    let input = INPUT;
    view! {
        {(!page.rows.is_empty()).then(|| view! {
            // The selection posts to this address with its query, so the page comes back
            // with the same filters and the outcome of each booking.
            <form method="post" action=page.self_href.clone() id="bulk-form">
            <input type="hidden" name="csrf" value=csrf.clone() />
            <div class="mt-2 overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
                <table class="w-full text-left rtl:text-right text-sm">
                    <caption class="sr-only">{t("bookings")}</caption>
                    <thead class="hidden sm:table-header-group border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
                        <tr>
                            <th scope="col" class="w-10 px-3 py-2 font-medium"><span class="sr-only">{t("select")}</span></th>
                            <th scope="col" class="px-3 py-2 font-medium">{t("attendee")}</th>
                            <th scope="col" class="px-3 py-2 font-medium">{t("event")}</th>
                            <th scope="col" class="px-3 py-2 font-medium">{t("when")}</th>
                            <th scope="col" class="px-3 py-2 font-medium">{t("status")}</th>
                            <th scope="col" class="px-3 py-2 font-medium">{t("payment")}</th>
                        </tr>
                    </thead>
                    <tbody class="divide-y divide-slate-200 dark:divide-slate-700">
                        {page.rows.iter().map(|row| view! {
                            <tr class="grid grid-cols-[2.5rem_minmax(0,1fr)] py-2 sm:table-row sm:py-0">
                                <td class="row-span-5 ps-3 pt-1 sm:px-3 sm:py-2">
                                    <input type="checkbox" name="ids" value=row.line.id.to_string() id=format!("select-{}", row.line.id)
                                        class="size-6 align-middle" aria-label=tf("select-booking", &[("attendee", (&row.line.attendee).into()), ("when", (&row.line.when).into())]) />
                                </td>
                                <td class="px-3 sm:py-2">
                                    <a href=row.line.href.clone() class="font-medium text-sky-800 underline-offset-2 hover:underline dark:text-sky-300">{row.line.attendee.clone()}</a>
                                    <span class="block text-xs text-slate-600 dark:text-slate-300">{row.email.clone()}</span>
                                </td>
                                <td class="px-3 sm:py-2">{row.line.event.clone()}{row.line.series.clone().map(|s| view! { <span class="block text-xs text-slate-600 dark:text-slate-300">{s}</span> })}</td>
                                <td class="px-3 sm:py-2">{row.line.when.clone()}</td>
                                <td class="px-3 capitalize sm:py-2 sm:normal-case">{status_shown(&row.line.status)}</td>
                                <td class=if row.payment.is_empty() { "hidden px-3 sm:table-cell sm:py-2" } else { "px-3 sm:py-2" }>{if row.payment.is_empty() { "\u{2014}".to_string() } else { row.payment.clone() }}</td>
                            </tr>
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
            <fieldset class="mt-3 flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
                <legend class="px-1 text-sm font-medium">{t("with-the-selected-bookings")}</legend>
                <button type="submit" name="action" value="confirm" class="inline-flex min-h-10 items-center rounded-md bg-sky-700 px-4 text-sm font-semibold text-white hover:bg-sky-800">{t("confirm-selected")}</button>
                <div class="min-w-48 flex-1">
                    <label for="bulk-reason" class="block text-sm font-medium">{t("reason-for-cancelling")}</label>
                    <input id="bulk-reason" name="reason" type="text" class=input />
                </div>
                <button type="submit" name="action" value="cancel" class="inline-flex min-h-10 items-center rounded-md border border-slate-400 px-3 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">{t("cancel-selected")}</button>
            </fieldset>
            </form>
        })}
    }
}

/// "Previous", "Page n of m", "Next".
#[component]
fn Pager(page: BookingsPage) -> impl IntoView {
    view! {
        {(page.last_page > 1).then(|| view! {
            <nav aria-label=t("pages") class="mt-4 flex items-center gap-3 text-sm">
                {match page.previous.clone() {
                    Some(href) => view! { <a href=href class="inline-flex min-h-10 items-center rounded-md border border-slate-400 px-3 dark:border-slate-600">{t("previous")}</a> }.into_any(),
                    None => view! { <span class="inline-flex min-h-10 items-center px-3 text-slate-500 dark:text-slate-400">{t("previous")}</span> }.into_any(),
                }}
                <span>{tf("page-of", &[("page", page.page.into()), ("pages", page.last_page.into())])}</span>
                {match page.next.clone() {
                    Some(href) => view! { <a href=href class="inline-flex min-h-10 items-center rounded-md border border-slate-400 px-3 dark:border-slate-600">{t("next")}</a> }.into_any(),
                    None => view! { <span class="inline-flex min-h-10 items-center px-3 text-slate-500 dark:text-slate-400">{t("next")}</span> }.into_any(),
                }}
            </nav>
        })}
    }
}

/// What a bulk change did: the bookings changed and, each with its reason, the ones refused.
#[component]
fn BulkReport(outcome: BulkOutcome) -> impl IntoView {
    let BulkOutcome {
        done,
        refused,
        error,
    } = outcome;
    let names = |list: Vec<String>| list.join(", ");
    view! {
        <div id="bulk-outcome" class="mt-4 space-y-2 text-sm">
            {error.map(|message| view! {
                <p role="alert" class="rounded-md bg-red-50 px-3 py-2 text-red-900 dark:bg-red-950 dark:text-red-100">{message}</p>
            })}
            {(!done.is_empty()).then(|| view! {
                <p role="status" class="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
                    {tf("bulk-changed", &[
                        ("count", done.len().into()),
                        ("names", (&names(done.into_iter().map(|(_, name)| name).collect())).into()),
                    ])}
                </p>
            })}
            {(!refused.is_empty()).then(|| view! {
                <div role="alert" class="rounded-md bg-red-50 px-3 py-2 text-red-900 dark:bg-red-950 dark:text-red-100">
                    <p>{tf("bulk-refused", &[("count", refused.len().into())])}</p>
                    <ul class="mt-1 list-disc ps-5">
                        {refused.into_iter().map(|(_, name, why)| view! { <li>{format!("{name}: {why}")}</li> }).collect_view()}
                    </ul>
                </div>
            })}
        </div>
    }
}
