//! The settings page's "Calendar feeds" section (DESIGN 2.12): "Create bookings feed",
//! "Create free/busy feed", and per feed its address, "Copy", "Regenerate" and "Revoke". Each
//! button is a form posted to `/admin/settings` (`section=feeds`), so it all works without
//! JavaScript; "Copy" needs it and the address stays selectable without.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use super::forms::Refusal;
use super::overview::{CopyButton, CopyWords};
use super::style::{BUTTON, CARD, FIELD, PRIMARY, SAVED};
use crate::model::feeds::CalendarFeed;
use crate::model::public::FormState;

/// What a feeds form did, said once in the section.
pub fn done_text(done: &str) -> Option<&'static str> {
    match done {
        "created" => Some(t("the-feed-has-been-created-subscribe")),
        "regenerated" => Some(t("the-feed-has-a-new-address")),
        "revoked" => Some(t("the-feed-has-been-revoked-its")),
        _ => None,
    }
}

fn kind_title(kind: &str) -> &'static str {
    if kind == "free_busy" {
        t("free-busy-feed")
    } else {
        t("bookings-feed")
    }
}

#[component]
pub fn CalendarFeeds(
    feeds: Vec<CalendarFeed>,
    refused: FormState,
    done: Option<&'static str>,
    csrf: String,
) -> impl IntoView {
    let has = |kind: &str| feeds.iter().any(|f| f.kind == kind);
    let missing: Vec<(&'static str, &'static str)> = [
        ("bookings", t("create-bookings-feed")),
        ("free_busy", t("create-free-busy-feed")),
    ]
    .into_iter()
    .filter(|(kind, _)| !has(kind))
    .collect();
    let form_csrf = csrf.clone();
    view! {
        <section id="feeds" class=format!("mt-6 {CARD}") aria-labelledby="feeds-heading">
            <h2 id="feeds-heading" class="text-lg font-semibold">{t("calendar-feeds")}</h2>
            <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("feeds-help")}</p>
            {done.map(|text| view! { <p role="status" class=SAVED>{text}</p> })}
            <Refusal form=refused />
            {(!feeds.is_empty()).then(|| view! {
                <ul class="mt-3 grid gap-3">
                    {feeds.into_iter().map(|feed| {
                        let field = format!("feed-{}", feed.id);
                        let title = kind_title(&feed.kind);
                        let fetched = feed.last_fetched_at.as_deref().map_or_else(
                            || t("not-read-by-a-calendar-yet").to_string(),
                            |at| tf("last-read", &[("time", (&crate::texts::dashboard::utc_stamp(at, false)).into())]),
                        );
                        let id = feed.id.to_string();
                        view! {
                            <li class="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                                <div class="flex flex-wrap items-end gap-2">
                                    <div class="min-w-0 flex-1">
                                        <label for=field.clone() class="block text-sm font-medium">{title}</label>
                                        <input id=field readonly value=feed.webcal_url.clone() class=format!("{FIELD} font-mono text-xs") />
                                    </div>
                                    <CopyButton text=feed.webcal_url.clone() words=CopyWords::new() />
                                </div>
                                <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">{fetched}</p>
                                <div class="mt-2 flex flex-wrap gap-2">
                                    <FeedButton csrf=csrf.clone() op="regenerate" id=id.clone() label=t("regenerate") name=tf("regenerate-named", &[("name", (&title.to_lowercase()).into())]) />
                                    <FeedButton csrf=csrf.clone() op="revoke" id=id label=t("revoke") name=tf("revoke-named", &[("name", (&title.to_lowercase()).into())]) />
                                </div>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            })}
            {(!missing.is_empty()).then(|| view! {
                <div class="mt-3 flex flex-wrap gap-2">
                    {missing.into_iter().map(|(kind, label)| view! {
                        <form method="post" action="/admin/settings#feeds">
                            <input type="hidden" name="csrf" value=form_csrf.clone() />
                            <input type="hidden" name="section" value="feeds" />
                            <input type="hidden" name="op" value="create" />
                            <input type="hidden" name="kind" value=kind />
                            <button type="submit" class=PRIMARY>{label}</button>
                        </form>
                    }).collect_view()}
                </div>
            })}
        </section>
    }
}

/// One feed's button: its own form, named for screen readers with the feed it acts on.
#[component]
fn FeedButton(
    csrf: String,
    op: &'static str,
    id: String,
    label: &'static str,
    name: String,
) -> impl IntoView {
    view! {
        <form method="post" action="/admin/settings#feeds">
            <input type="hidden" name="csrf" value=csrf />
            <input type="hidden" name="section" value="feeds" />
            <input type="hidden" name="op" value=op />
            <input type="hidden" name="id" value=id />
            <button type="submit" class=BUTTON aria-label=name>{label}</button>
        </form>
    }
}
