//! `/admin`: today's bookings, the next ones, what waits for the host, and the links to share.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use crate::model::dashboard::{BookingLine, Overview};
use crate::model::errors::PageError;

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_overview() -> Result<Overview, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::dashboard::overview(&ctx, &caller, chrono::Utc::now().timestamp())
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        Err(PageError::rendered_on_the_server())
    }
}

/// The overview's content, once its data is loaded.
pub async fn page() -> AnyView {
    let body = match load_overview().await {
        Ok(overview) => view! { <OverviewBody overview /> }.into_any(),
        Err(e) => super::load_error(e),
    };
    view! {
        <h1 class="text-xl font-semibold" id="section-title">{t("overview")}</h1>
        {body}
    }
    .into_any()
}

#[component]
fn OverviewBody(overview: Overview) -> impl IntoView {
    let Overview {
        zone_label,
        today,
        next,
        pending,
        calendars,
    } = overview;
    let card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900";
    view! {
        <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("times-in")}" "{zone_label}</p>
        {calendars.is_empty().then(|| view! {
            <section class=format!("mt-6 {card}") aria-labelledby="first-run">
                <h2 id="first-run" class="text-lg font-semibold">{t("get-started")}</h2>
                <ol class="mt-2 list-decimal space-y-1 ps-5 text-sm">
                    <li><a class="text-sky-800 underline dark:text-sky-300" href="/admin/calendars">{t("create-your-calendar")}</a>" "{t("with-a-first-event")}</li>
                    <li>{t("set-the-hours-you-can-be")}" "<a class="text-sky-800 underline dark:text-sky-300" href="/admin/availability">{t("availability")}</a>"."</li>
                    <li>{t("share-your-calendars-link-bookings-appear")}</li>
                </ol>
            </section>
        })}
        <div class="mt-6 grid gap-6 lg:grid-cols-2">
            <section class=card aria-labelledby="today-heading">
                <h2 id="today-heading" class="text-lg font-semibold">{t("today")}</h2>
                <Lines lines=today empty=t("no-bookings-today") />
            </section>
            <section class=card aria-labelledby="next-heading">
                <h2 id="next-heading" class="text-lg font-semibold">{t("next-bookings")}</h2>
                <Lines lines=next empty=t("nothing-booked-after-today") />
                <p class="mt-3 text-sm">
                    <a class="text-sky-800 underline dark:text-sky-300" href="/admin/bookings?period=pending" id="pending-link">
                        {match pending { 0 => t("no-booking-waits-for-your-confirmation").to_string(), n => tf("bookings-wait", &[("count", n.into())]) }}
                    </a>
                </p>
            </section>
        </div>
        {(!calendars.is_empty()).then(|| view! {
            <section class=format!("mt-6 {card}") aria-labelledby="links-heading">
                <h2 id="links-heading" class="text-lg font-semibold">{t("your-booking-links")}</h2>
                <ul class="mt-3 space-y-3">
                    {calendars.into_iter().enumerate().map(|(i, cal)| {
                        let id = format!("calendar-link-{i}");
                        view! {
                            <li class="flex flex-wrap items-end gap-2">
                                <div class="min-w-0 flex-1">
                                    <label for=id.clone() class="block text-sm font-medium">{cal.title}</label>
                                    <input id=id.clone() readonly value=cal.url.clone()
                                        class="mt-1 w-full rounded-md border border-slate-400 bg-slate-50 px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950" />
                                </div>
                                <CopyButton text=cal.url words=CopyWords::new() />
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </section>
        })}
    }
}

#[component]
fn Lines(lines: Vec<BookingLine>, empty: &'static str) -> impl IntoView {
    if lines.is_empty() {
        return view! { <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">{empty}</p> }
            .into_any();
    }
    view! {
        <ul class="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
            {lines.into_iter().map(|line| view! {
                <li class="py-2">
                    <a href=line.href class="block rounded-md text-sm hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-700 dark:hover:bg-slate-800">
                        <span class="font-medium">{line.attendee}</span>" \u{00b7} "{line.event}
                        <span class="block text-slate-600 dark:text-slate-300">{line.when}
                            {(line.status != "scheduled").then(|| format!(" \u{00b7} {}", line.status.replace('_', " ")))}
                        </span>
                    </a>
                </li>
            }).collect_view()}
        </ul>
    }
    .into_any()
}

/// The words of [`CopyButton`].
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct CopyWords {
    copy: String,
    copied: String,
}

impl CopyWords {
    pub(crate) fn new() -> Self {
        Self {
            copy: t("copy").into(),
            copied: t("copied").into(),
        }
    }
}

/// "Copy" puts `text` on the clipboard (an island; without JavaScript the link stays
/// selectable in its field).
#[cfg_attr(feature = "dashboard", island)]
#[cfg_attr(not(feature = "dashboard"), component)]
pub(crate) fn CopyButton(
    text: String,
    /// The button's words before and after a copy, in the dashboard's language.
    words: CopyWords,
) -> impl IntoView {
    let CopyWords { copy, copied: done } = words;
    let (copied, set_copied) = signal(false);
    let on_click = move |_| {
        #[cfg(feature = "hydrate")]
        {
            let _ = window().navigator().clipboard().write_text(&text);
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = &text;
        set_copied.set(true);
    };
    view! {
        <button type="button" on:click=on_click
            class="min-h-10 rounded-md border border-slate-400 px-3 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">
            {move || if copied.get() { done.clone() } else { copy.clone() }}
        </button>
    }
}
