//! The attendee's pages by the booking's secret hash: manage, cancel and reschedule.

use crate::ui::PageTitle;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

use super::booking::{Alert, DayView, FormView, GridView, ZonePicker};
use super::islands::{BrowserZone, InPlace};
use super::{
    Frame, Notices, booking_query, found, load_cancel, load_erase, load_manage, load_reschedule,
    text,
};
use crate::model::public::{CancelPage, ErasePage, FormState, ManagePage, ReschedulePage};

fn hash_param() -> String {
    use_params_map()
        .read_untracked()
        .get("hash")
        .unwrap_or_default()
}

/// A public page's address with the page's language and, in embed mode, `embed=1`: every
/// link and form between public pages keeps both (DESIGN 2.9, 2.6).
fn page_link(path: &str, lang: crate::domain::language::Lang, embed: bool) -> String {
    with_embed(&format!("{path}?lang={}", lang.code()), embed)
}

/// `href` (which may have a query already) with `embed=1` in embed mode.
fn with_embed(href: &str, embed: bool) -> String {
    match (embed, href.contains('?')) {
        (false, _) => href.to_string(),
        (true, true) => format!("{href}&embed=1"),
        (true, false) => format!("{href}?embed=1"),
    }
}

#[component]
pub fn ManageRoute() -> impl IntoView {
    let embed = booking_query().is_embed();
    let just_booked = leptos_router::hooks::use_query_map()
        .read_untracked()
        .get("booked")
        .is_some_and(|v| v == "1");
    let hash = hash_param();
    view! {
        <Suspense fallback=|| ()>
            {move || {
                let hash = hash.clone();
                Suspend::new(async move {
                    found(load_manage(hash).await, |page| {
                        let booked = just_booked.then(|| (page.hash.clone(), page.start_time.clone()));
                        let theme = page.theme.clone();
                        let accent = page.accent.clone();
                        view! {
                            <PageTitle text=page.heading.clone() />
                            <Frame embed booked theme accent>
                                <Manage page embed />
                            </Frame>
                        }.into_any()
                    })
                })
            }}
        </Suspense>
    }
}

/// The booking as its attendee sees it: state, what, with whom, when, where, and what to do.
#[component]
fn Manage(page: ManagePage, embed: bool) -> impl IntoView {
    let l = super::lang();
    let link = "inline-flex min-h-10 items-center rounded-md border border-slate-400 px-3 text-sm font-medium hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 dark:border-slate-600 dark:hover:bg-slate-800";
    view! {
        <article class="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
            <h1 id="page-title" tabindex="-1" class="text-2xl font-semibold tracking-tight">{page.heading}</h1>
            <dl class="mt-5 space-y-3 text-sm">
                <Row label=text::EVENT.get(l) value=page.event_title />
                <Row label=text::HOST.get(l) value=page.host_name />
                <Row label=text::ATTENDEE.get(l) value=page.attendee_name />
                <div class="grid grid-cols-[6rem_1fr] gap-2">
                    <dt class="text-slate-600 dark:text-slate-300">{text::WHEN.get(l)}</dt>
                    <dd>{page.when}<br /><span class="text-slate-600 dark:text-slate-300"><bdi>{page.zone_label}</bdi></span></dd>
                </div>
                {page.location.map(|place| view! { <Row label=text::LOCATION.get(l) value=place /> })}
            </dl>
            {(!page.series.is_empty()).then(|| view! {
                <section class="mt-5" aria-labelledby="series-heading">
                    <h2 id="series-heading" class="text-base font-semibold">{text::SERIES_HEADING.get(l)}</h2>
                    <ol class="mt-2 space-y-1 text-sm">
                        {page.series.into_iter().map(|date| {
                            let label = date.label.clone();
                            let shown = match date.href {
                                Some(href) => view! { <a class="text-sky-800 underline dark:text-sky-300" href=with_embed(&href, embed)>{label}</a> }.into_any(),
                                None => view! { <span aria-current="page" class="font-medium">{label}</span> }.into_any(),
                            };
                            view! {
                                <li>{shown}{date.cancelled.then(|| view! { " · "<span class="text-red-800 dark:text-red-300">{text::SERIES_CANCELLED.get(l)}</span> })}</li>
                            }
                        }).collect_view()}
                    </ol>
                </section>
            })}
            {page.video_url.map(|href| view! {
                <p class="mt-4"><a class="inline-flex min-h-11 items-center rounded-md bg-sky-700 px-4 font-semibold text-white hover:bg-sky-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
                    href=href rel="noopener noreferrer" target="_blank">{text::JOIN_VIDEO.get(l)}</a></p>
            })}
            <div class="mt-6 flex flex-wrap gap-2">
                <a class=link href=page.google_href rel="noopener noreferrer" target="_blank">{text::ADD_GOOGLE.get(l)}</a>
                <a class=link href=page.outlook_href rel="noopener noreferrer" target="_blank">{text::ADD_OUTLOOK.get(l)}</a>
                <a class=link href=page.ics_href download="booking.ics">{text::DOWNLOAD_ICS.get(l)}</a>
            </div>
            {(page.reschedule_href.is_some() || page.cancel_href.is_some()).then(|| view! {
                <div class="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
                    {page.reschedule_href.map(|href| view! { <a class=link href=with_embed(&href, embed)>{text::RESCHEDULE.get(l)}</a> })}
                    {page.cancel_href.map(|href| view! { <a class=link href=with_embed(&href, embed)>{text::CANCEL.get(l)}</a> })}
                </div>
            })}
            {page.erase_href.map(|href| view! {
                <p class="mt-4 text-sm"><a class="text-sky-800 underline dark:text-sky-300" href=with_embed(&href, embed)>{text::ERASE_DATA.get(l)}</a></p>
            })}
            {(!page.notices.is_empty()).then(|| view! {
                <ul class="mt-4 space-y-1 border-t border-slate-200 pt-4 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-200" id="booking-notices">
                    {page.notices.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                </ul>
            })}
            <p class="mt-6 text-sm"><a class="text-sky-800 underline dark:text-sky-300" href=page.book_again_href>{text::BOOK_AGAIN.get(l)}</a></p>
        </article>
    }
}

#[component]
fn Row(label: String, value: String) -> impl IntoView {
    view! {
        <div class="grid grid-cols-[6rem_1fr] gap-2">
            <dt class="text-slate-600 dark:text-slate-300">{label}</dt>
            <dd>{value}</dd>
        </div>
    }
}

#[component]
pub fn CancelRoute() -> impl IntoView {
    let l = super::lang();
    let embed = booking_query().is_embed();
    let hash = hash_param();
    view! {
        <Suspense fallback=|| ()>
            {move || {
                let hash = hash.clone();
                Suspend::new(async move {
                    found(load_cancel(hash).await, |page| view! {
                            <PageTitle text=text::CANCEL_HEADING.get(l) />
                            <Frame embed theme=page.booking.theme.clone() accent=page.booking.accent.clone()><Cancel page embed /></Frame>
                        }.into_any())
                })
            }}
        </Suspense>
    }
}

#[component]
fn Cancel(page: CancelPage, embed: bool) -> impl IntoView {
    let l = super::lang();
    let state = use_context::<FormState>().unwrap_or_default();
    let CancelPage {
        booking,
        refused,
        reason_required,
        offer_scope,
    } = page;
    let following = state.value("scope") == "following";
    let error = state.errors.get("cancellation_reason").cloned();
    let manage_href = page_link(&format!("/booking/{}", booking.hash), l, embed);
    let action = page_link(&format!("/booking/{}/cancel", booking.hash), l, embed);
    view! {
        <article class="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
            <h1 id="page-title" tabindex="-1" class="text-2xl font-semibold tracking-tight">{text::CANCEL_HEADING.get(l)}</h1>
            <p class="mt-2 text-sm">{booking.event_title}" \u{00b7} "{booking.when}" \u{00b7} "<bdi>{booking.zone_label}</bdi></p>
            {match refused {
                Some(why) => view! {
                    <p role="alert" class="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">{why}</p>
                    <p class="mt-4"><a href=manage_href class="text-sky-800 underline dark:text-sky-300">{text::BACK_TO_BOOKING.get(l)}</a></p>
                }.into_any(),
                None => view! {
                    <form method="post" action=action class="mt-4 space-y-4" novalidate>
                        <Alert state=state.clone() />
                        <div>
                            <label for="cancel-reason" class="block text-sm font-medium">
                                {text::REASON.get(l)}
                                {reason_required.then(|| view! { <span class="text-red-800 dark:text-red-300">" *"<span class="sr-only">{text::REQUIRED.get(l)}</span></span> })}
                            </label>
                            <textarea id="cancel-reason" name="cancellation_reason" rows="3" required=reason_required
                                aria-invalid=error.as_ref().map(|_| "true")
                                aria-describedby=error.as_ref().map(|_| "cancel-reason-error")
                                class="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-950">{crate::ui::textarea_text(&state.value("cancellation_reason"))}</textarea>
                            {error.map(|e| view! { <p id="cancel-reason-error" class="mt-1 text-sm font-medium text-red-800 dark:text-red-300">{e}</p> })}
                        </div>
                        {offer_scope.then(|| view! {
                            <fieldset>
                                <legend class="text-sm font-medium">{text::SERIES_HEADING.get(l)}</legend>
                                <div class="mt-1 space-y-1">
                                    <div class="flex min-h-6 items-center gap-2">
                                        <input type="radio" id="scope-this" name="scope" value="this" checked=!following class="h-5 w-5 accent-sky-700" />
                                        <label for="scope-this" class="text-sm">{text::SCOPE_THIS.get(l)}</label>
                                    </div>
                                    <div class="flex min-h-6 items-center gap-2">
                                        <input type="radio" id="scope-following" name="scope" value="following" checked=following class="h-5 w-5 accent-sky-700" />
                                        <label for="scope-following" class="text-sm">{text::SCOPE_FOLLOWING.get(l)}</label>
                                    </div>
                                </div>
                            </fieldset>
                        })}
                        <div class="flex flex-wrap items-center gap-3">
                            <button type="submit" class="min-h-11 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700">{text::CANCEL_BUTTON.get(l)}</button>
                            <a href=manage_href class="text-sm text-sky-800 underline dark:text-sky-300">{text::KEEP_BOOKING.get(l)}</a>
                        </div>
                    </form>
                }.into_any(),
            }}
        </article>
    }
}

/// `/booking/{hash}/erase` (DESIGN 2.11): what goes, a box to tick, the button; after the
/// erasure (`?done=1`) only that it is done.
#[component]
pub fn EraseRoute() -> impl IntoView {
    let l = super::lang();
    let embed = booking_query().is_embed();
    let done = leptos_router::hooks::use_query_map()
        .read_untracked()
        .get("done")
        .is_some_and(|v| v == "1");
    let hash = hash_param();
    view! {
        <Suspense fallback=|| ()>
            {move || {
                let hash = hash.clone();
                Suspend::new(async move {
                    found(load_erase(hash, done).await, |page| {
                        let heading = if page.booking.is_some() { text::ERASE_DATA.get(l) } else { text::DATA_ERASED.get(l) };
                        view! {
                            <PageTitle text=heading />
                            <Frame embed theme=page.theme.clone() accent=page.accent.clone()><Erase page embed /></Frame>
                        }.into_any()
                    })
                })
            }}
        </Suspense>
    }
}

#[component]
fn Erase(page: ErasePage, embed: bool) -> impl IntoView {
    let l = super::lang();
    let state = use_context::<FormState>().unwrap_or_default();
    let article = "mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900";
    let Some(booking) = page.booking else {
        return view! {
            <article class=article>
                <h1 id="page-title" tabindex="-1" class="text-2xl font-semibold tracking-tight">{text::DATA_ERASED.get(l)}</h1>
                <p class="mt-2 text-sm">{text::DATA_ERASED_EXPLAINED.get(l)}</p>
            </article>
        }.into_any();
    };
    let manage_href = page_link(&format!("/booking/{}", booking.hash), l, embed);
    let action = page_link(&format!("/booking/{}/erase", booking.hash), l, embed);
    view! {
        <article class=article>
            <h1 id="page-title" tabindex="-1" class="text-2xl font-semibold tracking-tight">{text::ERASE_DATA.get(l)}</h1>
            <p class="mt-2 text-sm">{booking.event_title}" \u{00b7} "{booking.when}" \u{00b7} "<bdi>{booking.zone_label}</bdi></p>
            <form method="post" action=action class="mt-4 space-y-4" novalidate>
                <Alert state=state.clone() />
                <p id="erase-what" class="text-sm">{text::ERASE_EXPLAINED.get(l)}</p>
                <div class="flex min-h-6 items-center gap-2">
                    <input type="checkbox" id="erase-confirm" name="confirm" value="yes" required aria-describedby="erase-what" class="h-5 w-5 accent-sky-700" />
                    <label for="erase-confirm" class="text-sm">{text::ERASE_CONFIRM.get(l)}</label>
                </div>
                <div class="flex flex-wrap items-center gap-3">
                    <button type="submit" class="min-h-11 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700">{text::ERASE_DATA.get(l)}</button>
                    <a href=manage_href class="text-sm text-sky-800 underline dark:text-sky-300">{text::BACK_TO_BOOKING.get(l)}</a>
                </div>
            </form>
        </article>
    }.into_any()
}

#[component]
pub fn RescheduleRoute() -> impl IntoView {
    let l = super::lang();
    let query = booking_query();
    let embed = query.is_embed();
    let hash = hash_param();
    view! {
        <Suspense fallback=|| ()>
            {move || {
                let (hash, query) = (hash.clone(), query.clone());
                Suspend::new(async move {
                    found(load_reschedule(hash, query).await, |ReschedulePage { booking, view: view_page, refused }| view! {
                            <PageTitle text=text::RESCHEDULE_HEADING.get(l) />
                            <Frame embed theme=booking.theme.clone() accent=booking.accent.clone()>
                                <Reschedule booking view_page refused />
                            </Frame>
                        }.into_any())
                })
            }}
        </Suspense>
    }
}

#[component]
fn Reschedule(
    booking: ManagePage,
    view_page: Option<crate::model::public::BookingPage>,
    refused: Option<String>,
) -> impl IntoView {
    let l = super::lang();
    let state = use_context::<FormState>().unwrap_or_default();
    let manage_href = page_link(&format!("/booking/{}", booking.hash), l, false);
    let body = match (view_page, refused) {
        (Some(page), _) => {
            let zone = page.zone.clone();
            let main = match page.form {
                Some(form) => view! { <FormView form state=state.clone() /> }.into_any(),
                None => view! {
                    <Alert state=state.clone() />
                    <div class="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]">
                        <div>{page.grid.map(|grid| view! { <GridView grid /> })}</div>
                        <div><DayView day=page.day zone=zone.clone() /></div>
                    </div>
                    <div class="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
                        <ZonePicker zone=zone.clone() path=page.path.clone() keep=page.keep />
                    </div>
                }.into_any(),
            };
            view! {
                <BrowserZone locked=zone.locked from_query=zone.from_query shown=zone.id.clone() />
                <InPlace />
                <div id="booking-area">
                <Notices notices=page.notices />
                <section class="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900">{main}</section>
                </div>
            }.into_any()
        }
        (None, why) => view! {
            <p role="alert" class="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">{why.unwrap_or_default()}</p>
        }.into_any(),
    };
    view! {
        <div class="mx-auto max-w-4xl">
            <h1 id="page-title" tabindex="-1" class="text-2xl font-semibold tracking-tight">{text::RESCHEDULE_HEADING.get(l)}</h1>
            <p class="mt-2 text-sm">
                {booking.event_title}" \u{00b7} "{text::CURRENT_TIME.get(l)}": "{booking.when}" ("<bdi>{booking.zone_label}</bdi>") "
                <a href=manage_href class="text-sky-800 underline dark:text-sky-300">{text::BACK_TO_BOOKING.get(l)}</a>
            </p>
            {body}
        </div>
    }
}
