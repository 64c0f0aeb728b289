//! `/{calendar_slug}`: the calendar's landing page.

use crate::ui::PageTitle;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

use super::{Frame, found, load_landing, text};
use crate::model::public::LandingPage;

#[component]
pub fn LandingRoute() -> impl IntoView {
    crate::ui::may_be_stored();
    let params = use_params_map();
    let calendar = params
        .read_untracked()
        .get("calendar_slug")
        .unwrap_or_default();
    view! {
        <Suspense fallback=|| ()>
            {move || {
                let calendar = calendar.clone();
                Suspend::new(async move {
                    found(load_landing(calendar).await, |page| view! { <Landing page /> }.into_any())
                })
            }}
        </Suspense>
    }
}

#[component]
fn Landing(page: LandingPage) -> impl IntoView {
    let l = super::lang();
    let LandingPage {
        lang: _,
        theme,
        accent,
        title,
        description_html,
        host_name,
        photo_url,
        events,
    } = page;
    view! {
        <PageTitle text=title.clone() />
        <Frame embed=false theme accent>
            <section class="mx-auto max-w-2xl">
                <div class="flex items-center gap-4">
                    {(!photo_url.is_empty()).then(|| view! {
                        <img src=photo_url alt="" width="64" height="64"
                            class="h-16 w-16 rounded-full object-cover ring-1 ring-slate-200 dark:ring-slate-700" />
                    })}
                    <div>
                        <h1 class="text-2xl font-semibold tracking-tight sm:text-3xl">{title.clone()}</h1>
                        {(host_name != title).then(|| view! { <p class="text-slate-600 dark:text-slate-300">{host_name}</p> })}
                    </div>
                </div>
                {(!description_html.is_empty()).then(|| view! {
                    <div class="prose mt-4 max-w-none text-slate-700 dark:text-slate-200" inner_html=description_html></div>
                })}
                <h2 class="mt-8 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">{text::EVENTS_HEADING.get(l)}</h2>
                {if events.is_empty() {
                    view! { <p class="mt-3 text-slate-600 dark:text-slate-300">{text::LANDING_EMPTY.get(l)}</p> }.into_any()
                } else {
                    view! {
                        <ul class="mt-3 grid gap-3">
                            {events.into_iter().map(|ev| view! {
                                <li>
                                    <a href=ev.href class="flex items-center justify-between gap-4 rounded-lg border border-slate-200 bg-white px-5 py-4 shadow-sm hover:border-sky-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 dark:border-slate-700 dark:bg-slate-900">
                                        <span class="font-medium">{ev.title}</span>
                                        <span class="shrink-0 text-sm text-slate-600 dark:text-slate-300">{ev.duration_label}</span>
                                    </a>
                                </li>
                            }).collect_view()}
                        </ul>
                    }.into_any()
                }}
            </section>
        </Frame>
    }
}
