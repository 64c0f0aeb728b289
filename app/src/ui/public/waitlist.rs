//! The waitlist's pages (DESIGN 2.12): the offer that books a freed place, and the entry's
//! page that leaves the list. Plain forms: they work with JavaScript off.

use crate::ui::PageTitle;
use leptos::prelude::*;
use leptos_router::hooks::{use_params_map, use_query_map};

use super::booking::{Alert, FieldView, Honeypot};
use super::{Frame, found, load_waitlist_leave, load_waitlist_offer, text};
use crate::model::public::{FormState, WaitlistLeavePage, WaitlistOfferPage};

const CARD: &str = "mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900";
const BUTTON: &str = "min-h-11 rounded-md bg-sky-700 px-4 py-2 font-semibold text-white hover:bg-sky-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700";

fn param(name: &str) -> String {
    use_params_map()
        .read_untracked()
        .get(name)
        .unwrap_or_default()
}

#[component]
pub fn WaitlistOfferRoute() -> impl IntoView {
    let l = super::lang();
    let token = param("token");
    view! {
        <Suspense fallback=|| ()>
            {move || {
                let token = token.clone();
                Suspend::new(async move {
                    found(load_waitlist_offer(token).await, |page| view! {
                        <PageTitle text=text::OFFER_HEADING.get(l) />
                        <Frame embed=false theme=page.theme.clone() accent=page.accent.clone()><Offer page /></Frame>
                    }.into_any())
                })
            }}
        </Suspense>
    }
}

/// "A place is free": the time, until when it is held, and the form that books it.
#[component]
fn Offer(page: WaitlistOfferPage) -> impl IntoView {
    let l = super::lang();
    let state = use_context::<FormState>().unwrap_or_default();
    view! {
        <article class=CARD>
            <h1 id="page-title" tabindex="-1" class="text-2xl font-semibold tracking-tight">{text::OFFER_HEADING.get(l)}</h1>
            <p class="mt-2 text-sm" id="offer-summary">{page.event_title}" \u{00b7} "{page.when}" \u{00b7} "<bdi>{page.zone_label}</bdi></p>
            {match page.closed {
                Some(why) => view! {
                    <p role="alert" class="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">{why}</p>
                }.into_any(),
                None => view! {
                    {page.held_until.map(|until| view! {
                        <p id="hold-note" class="mt-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">{until}</p>
                    })}
                    <form method="post" action=page.action class="mt-4 space-y-4" id="offer-form" novalidate>
                        <Alert state=state.clone() />
                        {page.fields.into_iter().map(|field| view! { <FieldView field state=state.clone() /> }).collect_view()}
                        <Honeypot />
                        <button type="submit" class=BUTTON>{text::BOOK_THIS_TIME.get(l)}</button>
                    </form>
                }.into_any(),
            }}
        </article>
    }
}

#[component]
pub fn WaitlistLeaveRoute() -> impl IntoView {
    let hash = param("hash");
    let joined = use_query_map()
        .read_untracked()
        .get("joined")
        .is_some_and(|v| v == "1");
    view! {
        <Suspense fallback=|| ()>
            {move || {
                let hash = hash.clone();
                Suspend::new(async move {
                    found(load_waitlist_leave(hash, joined).await, |page| view! {
                        <PageTitle text=page.heading.clone() />
                        <Frame embed=false theme=page.theme.clone() accent=page.accent.clone()><Leave page /></Frame>
                    }.into_any())
                })
            }}
        </Suspense>
    }
}

/// The entry: its time, where it stands, and "Leave the waitlist" while it is on the list.
#[component]
fn Leave(page: WaitlistLeavePage) -> impl IntoView {
    let l = super::lang();
    let state = use_context::<FormState>().unwrap_or_default();
    view! {
        <article class=CARD>
            <h1 id="page-title" tabindex="-1" class="text-2xl font-semibold tracking-tight">{page.heading}</h1>
            <p class="mt-2 text-sm" id="entry-summary">{page.event_title}" \u{00b7} "{page.when}" \u{00b7} "<bdi>{page.zone_label}</bdi></p>
            <p class="mt-3 text-sm" id="entry-status" role="status">{page.status_line}</p>
            {page.open.then(|| view! {
                <form method="post" action=page.action class="mt-4" id="leave-form">
                    <Alert state=state.clone() />
                    <button type="submit" class="min-h-11 rounded-md border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 dark:border-slate-600 dark:hover:bg-slate-800">{text::LEAVE_WAITLIST.get(l)}</button>
                </form>
            })}
        </article>
    }
}
