//! `/admin/waitlist` (DESIGN 2.12): each waiting visitor of the caller's events, filtered by
//! event and date with a GET form, and "Remove" as a plain POST form (works without
//! JavaScript).

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use super::style::{ALERT, BUTTON, CARD, FIELD, PRIMARY, SAVED};
use crate::model::desk::WaitlistDesk;
use crate::model::errors::PageError;

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_waitlist(event: Option<i64>, date: String) -> Result<WaitlistDesk, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        let now = chrono::Utc::now().timestamp();
        crate::pages::dashboard::waitlist_desk(&ctx, &caller, event, &date, now)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (event, date);
        Err(PageError::rendered_on_the_server())
    }
}

/// The desk for the address's filters; `done` after a removal, `error` after a refused one.
pub async fn page(event: Option<i64>, date: String, done: Option<String>, csrf: String) -> AnyView {
    let refused = use_context::<WaitlistRefusal>();
    let body = match load_waitlist(event, date).await {
        Ok(page) => view! { <Desk page done refused csrf /> }.into_any(),
        Err(e) => super::load_error(e),
    };
    view! {
        <h1 class="text-xl font-semibold" id="section-title">{t("waitlist")}</h1>
        {body}
    }
    .into_any()
}

/// Why a posted "Remove" was refused (the page is shown again with it).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WaitlistRefusal(pub String);

#[component]
fn Desk(
    page: WaitlistDesk,
    done: Option<String>,
    refused: Option<WaitlistRefusal>,
    csrf: String,
) -> impl IntoView {
    let WaitlistDesk {
        events,
        event,
        date,
        zone_label,
        rows,
        ..
    } = page;
    let keep = format!(
        "?{}{}",
        event.map(|e| format!("event={e}&")).unwrap_or_default(),
        if date.is_empty() {
            String::new()
        } else {
            format!("date={date}")
        }
    );
    view! {
        <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("visitors-waiting-for-a-taken-time")}" "{zone_label}"."</p>
        {done.map(|_| view! { <p role="status" class=SAVED>{t("waitlist-entry-has-been-removed")}</p> })}
        {refused.map(|r| view! { <p role="alert" class=ALERT>{r.0}</p> })}
        <form method="get" action="/admin/waitlist" id="waitlist-filter" class="mt-4 flex flex-wrap items-end gap-3">
            <div>
                <label for="waitlist-event" class="block text-sm font-medium">{t("event")}</label>
                <select id="waitlist-event" name="event" class=FIELD>
                    <option value="" selected=event.is_none()>{t("all-events")}</option>
                    {events.into_iter().map(|(id, title)| view! {
                        <option value=id.to_string() selected=event == Some(id)>{title}</option>
                    }).collect_view()}
                </select>
            </div>
            <div>
                <label for="waitlist-date" class="block text-sm font-medium">{t("date")}</label>
                <input id="waitlist-date" type="date" name="date" value=date class=FIELD />
            </div>
            <button type="submit" class=BUTTON>{t("show")}</button>
        </form>
        {if rows.is_empty() {
            view! { <p class=format!("{CARD} mt-4 text-sm") id="waitlist-empty">{t("nobody-is-waiting")}</p> }.into_any()
        } else {
            view! {
                // Focusable, so a keyboard can scroll the wide table on a narrow screen.
                <div class="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
                    tabindex="0" role="region" aria-label=t("waitlist-entries")>
                    <table class="w-full min-w-[44rem] text-left rtl:text-right text-sm" id="waitlist-table">
                        <caption class="sr-only">{t("waitlist-entries-by-time-and-join")}</caption>
                        <thead>
                            <tr class="border-b border-slate-200 dark:border-slate-700">
                                <th scope="col" class="py-2 pe-3">{t("time")}</th>
                                <th scope="col" class="py-2 pe-3">{t("event")}</th>
                                <th scope="col" class="py-2 pe-3">{t("name")}</th>
                                <th scope="col" class="py-2 pe-3">{t("email")}</th>
                                <th scope="col" class="py-2 pe-3">{t("status")}</th>
                                <th scope="col" class="py-2 pe-3">{t("position")}</th>
                                <th scope="col" class="py-2"><span class="sr-only">{t("actions")}</span></th>
                            </tr>
                        </thead>
                        <tbody>
                            {rows.into_iter().map(|row| {
                                let action = format!("/admin/waitlist{keep}");
                                let label = tf("remove-from-waitlist", &[("name", (&row.name).into())]);
                                view! {
                                    <tr class="border-b border-slate-100 dark:border-slate-800">
                                        <td class="py-2 pe-3 whitespace-nowrap">{row.when}</td>
                                        <td class="py-2 pe-3">{row.event_title}</td>
                                        <td class="py-2 pe-3">{row.name.clone()}</td>
                                        <td class="py-2 pe-3">{row.email}</td>
                                        <td class="py-2 pe-3">{row.status}</td>
                                        <td class="py-2 pe-3">{row.position.map(|p| p.to_string()).unwrap_or_default()}</td>
                                        <td class="py-2">
                                            {row.open.then(|| view! {
                                                <form method="post" action=action>
                                                    <input type="hidden" name="csrf" value=csrf.clone() />
                                                    <input type="hidden" name="entry_id" value=row.id.to_string() />
                                                    <input type="hidden" name="event_id" value=row.event_id.to_string() />
                                                    <input type="hidden" name="calendar_id" value=row.calendar_id.to_string() />
                                                    <button type="submit" class=PRIMARY aria-label=label>{t("remove")}</button>
                                                </form>
                                            })}
                                        </td>
                                    </tr>
                                }
                            }).collect_view()}
                        </tbody>
                    </table>
                </div>
            }.into_any()
        }}
    }
}
