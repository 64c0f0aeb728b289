//! `/{calendar_slug}/{event_slug}`: the booking page (event, month grid, the day's times, the
//! zone picker) and, with `time=`, the booking form. The reschedule page reuses its parts.

use crate::ui::PageTitle;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

use super::islands::{BrowserZone, InPlace};
use super::{Frame, Notices, booking_query, found, load_booking, text};
use crate::model::public::{
    AwayNotice, BookingForm, BookingPage, Choice, DaySlots, EventSummary, FormField, FormState,
    MonthGrid, SeriesChoice, ZoneView,
};

#[component]
pub fn BookingRoute() -> impl IntoView {
    crate::ui::may_be_stored();
    let params = use_params_map();
    let (calendar, event) = {
        let p = params.read_untracked();
        (
            p.get("calendar_slug").unwrap_or_default(),
            p.get("event_slug").unwrap_or_default(),
        )
    };
    let query = booking_query();
    view! {
        <Suspense fallback=|| ()>
            {move || {
                let (calendar, event, query) = (calendar.clone(), event.clone(), query.clone());
                Suspend::new(async move {
                    found(Box::pin(load_booking(calendar, event, query)).await, |page| {
                            let embed = page.embed;
                            let theme = page.event.theme.clone();
                            let accent = page.event.accent.clone();
                            view! {
                                <PageTitle text=page.event.title.clone() />
                                <Frame embed theme accent>
                                    <BookingView page />
                                </Frame>
                            }.into_any()
                        })
                })
            }}
        </Suspense>
    }
}

/// The event beside the grid and times, or beside the form once a time is chosen.
#[component]
pub fn BookingView(page: BookingPage) -> impl IntoView {
    let l = super::lang();
    let state = use_context::<FormState>().unwrap_or_default();
    let BookingPage {
        lang: _,
        event,
        path,
        notices,
        zone,
        durations,
        clock,
        grid,
        day,
        form,
        keep,
        embed: _,
        away,
    } = page;
    let main = match form {
        Some(form) => view! { <FormView form state=state.clone() /> }.into_any(),
        None => view! {
            <Alert state=state.clone() />
            <div class="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]">
                <div>{grid.map(|grid| view! { <GridView grid /> })}</div>
                <div>
                    <DayView day zone=zone.clone() />
                </div>
            </div>
            <div class="mt-6 flex flex-wrap items-end gap-x-8 gap-y-4 border-t border-slate-200 pt-4 dark:border-slate-800">
                <ZonePicker zone=zone.clone() path=path.clone() keep />
                <ChoiceLinks label=text::CLOCK.get(l) choices=clock />
                <ChoiceLinks label=text::DURATION_CHOICE.get(l) choices=durations />
            </div>
        }
        .into_any(),
    };
    view! {
        <BrowserZone locked=zone.locked from_query=zone.from_query shown=zone.id.clone() />
        <InPlace />
        <div class="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
            <EventCard event />
            // What changes from view to view: swapped in place after hydration (`InPlace`).
            <div id="booking-area">
                <Notices notices />
                <AwayNotices away />
                <section aria-labelledby="times-heading" class="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900">
                    {main}
                </section>
            </div>
        </div>
    }
}

/// Hosts out of office this month, each with a link to its teammate's page when it named one.
#[component]
fn AwayNotices(away: Vec<AwayNotice>) -> impl IntoView {
    (!away.is_empty()).then(|| {
        view! {
            <div class="mb-4 space-y-1 rounded-md border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
                {away.into_iter().map(|notice| view! {
                    <p>
                        {notice.text}
                        {notice.teammate.map(|(label, href)| view! {
                            " " <a href=href class="font-medium text-sky-800 underline underline-offset-2 dark:text-sky-300">{label}</a>
                        })}
                    </p>
                }).collect_view()}
            </div>
        }
    })
}

#[component]
fn EventCard(event: EventSummary) -> impl IntoView {
    let l = super::lang();
    view! {
        <aside class="rounded-xl border border-t-4 border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
            style=format!("border-top-color: {}", event.brand_color)>
            <a href=event.calendar_href class="text-sm text-sky-800 underline-offset-2 hover:underline dark:text-sky-300">{event.calendar_title}</a>
            <h1 id="page-title" tabindex="-1" class="mt-1 text-2xl font-semibold tracking-tight">{event.title}</h1>
            <dl class="mt-4 space-y-2 text-sm">
                <div class="flex gap-2">
                    <dt class="w-20 shrink-0 text-slate-600 dark:text-slate-300">{text::HOST.get(l)}</dt>
                    <dd class="flex items-center gap-2">
                        {(!event.host_photo.is_empty()).then(|| view! {
                            <img src=event.host_photo alt="" width="24" height="24" class="h-6 w-6 rounded-full object-cover" />
                        })}
                        {event.host_name}
                    </dd>
                </div>
                <div class="flex gap-2">
                    <dt class="w-20 shrink-0 text-slate-600 dark:text-slate-300">{text::DURATION.get(l)}</dt>
                    <dd>{event.duration_label}</dd>
                </div>
                {event.location.map(|location| view! {
                    <div class="flex gap-2">
                        <dt class="w-20 shrink-0 text-slate-600 dark:text-slate-300">{text::LOCATION.get(l)}</dt>
                        <dd>{location}</dd>
                    </div>
                })}
            </dl>
            {(!event.description_html.is_empty()).then(|| view! {
                <div class="mt-4 text-sm text-slate-700 dark:text-slate-200" inner_html=event.description_html></div>
            })}
        </aside>
    }
}

/// The month as a table: bookable days are links named with the full date.
#[component]
pub fn GridView(grid: MonthGrid) -> impl IntoView {
    let l = super::lang();
    let MonthGrid {
        caption,
        columns,
        weeks,
        previous,
        next,
    } = grid;
    let any_offset_change = weeks.iter().flatten().any(|c| c.offset_changes);
    // Right to left the arrows turn round: "previous" is on the right and points there.
    let nav_link = |href: Option<String>, label: String, arrow: &'static str| {
        match href {
        Some(href) => view! {
            <a href=href class="inline-flex min-h-10 items-center gap-1 rounded-md px-3 text-sm font-medium text-sky-800 hover:bg-sky-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-700 dark:text-sky-300 dark:hover:bg-slate-800">
                <span aria-hidden="true" class="inline-block rtl:-scale-x-100">{arrow}</span>{label}
            </a>
        }
        .into_any(),
        None => view! {
            <span class="inline-flex min-h-10 items-center gap-1 px-3 text-sm text-slate-400 dark:text-slate-500" aria-disabled="true">
                <span aria-hidden="true" class="inline-block rtl:-scale-x-100">{arrow}</span>{label}
            </span>
        }
        .into_any(),
    }
    };
    view! {
        <div class="flex items-center justify-between gap-2">
            {nav_link(previous, text::PREVIOUS_MONTH.get(l), "\u{2039}")}
            {nav_link(next, text::NEXT_MONTH.get(l), "\u{203a}")}
        </div>
        <table class="mt-2 w-full table-fixed border-collapse text-center">
            <caption id="times-heading" class="pb-2 text-lg font-semibold">{caption}</caption>
            <thead>
                <tr>
                    {columns.into_iter().map(|(short, long)| view! {
                        <th scope="col" class="pb-1 text-xs font-medium text-slate-600 dark:text-slate-300">
                            <abbr title=long.clone() aria-label=long class="no-underline">{short}</abbr>
                        </th>
                    }).collect_view()}
                </tr>
            </thead>
            <tbody>
                {weeks.into_iter().map(|week| view! {
                    <tr>
                        {week.into_iter().map(|cell| {
                            if cell.day == 0 {
                                return view! { <td></td> }.into_any();
                            }
                            let marks: Vec<&str> = [
                                cell.today.then_some("mark-today"),
                                cell.chosen.then_some("mark-chosen"),
                                cell.offset_changes.then_some("mark-dst"),
                            ].into_iter().flatten().collect();
                            let marks = (!marks.is_empty()).then(|| marks.join(" "));
                            let title = cell.label.clone();
                            let dst = cell.offset_changes.then(|| view! { <span aria-hidden="true" class="absolute end-1 top-0.5 text-[10px] text-amber-700 dark:text-amber-300">"\u{2022}"</span> });
                            let base = "relative mx-auto flex h-10 w-10 items-center justify-center rounded-full text-sm";
                            match cell.href {
                                Some(href) => view! {
                                    <td class="p-0.5">
                                        <a href=href aria-label=title aria-describedby=marks
                                            aria-current=cell.chosen.then_some("true")
                                            class=format!("{base} font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 {}",
                                                if cell.chosen { "bg-sky-700 text-white" } else { "bg-sky-50 text-sky-900 hover:bg-sky-100 dark:bg-slate-800 dark:text-sky-200" })>
                                            {cell.day}{dst}
                                            {cell.today.then(|| view! { <span aria-hidden="true" class="absolute bottom-1 h-1 w-1 rounded-full bg-current"></span> })}
                                        </a>
                                    </td>
                                }.into_any(),
                                None => view! {
                                    <td class="p-0.5">
                                        <span aria-label=title aria-describedby=marks class=format!("{base} text-slate-500 dark:text-slate-400 {}", if cell.today { "ring-1 ring-slate-400" } else { "" })>
                                            {cell.day}{dst}
                                        </span>
                                    </td>
                                }.into_any(),
                            }
                        }).collect_view()}
                    </tr>
                }).collect_view()}
            </tbody>
        </table>
        // What the marks on days mean, for screen readers (referenced by `aria-describedby`).
        <div hidden><span id="mark-today">{text::TODAY.get(l)}</span><span id="mark-chosen">{text::CHOSEN.get(l)}</span><span id="mark-dst">{text::CLOCK_CHANGE.get(l)}</span></div>
        {any_offset_change.then(|| view! {
            <p class="mt-2 text-xs text-slate-600 dark:text-slate-300">
                <span aria-hidden="true" class="text-amber-700 dark:text-amber-300">"\u{2022} "</span>{text::CLOCK_CHANGE_LEGEND.get(l)}
            </p>
        })}
    }
}

/// The chosen day's times, each a link; the zone named beside them.
#[component]
pub fn DayView(day: Option<DaySlots>, zone: ZoneView) -> impl IntoView {
    let l = super::lang();
    let Some(day) = day else {
        return view! { <p class="text-sm text-slate-600 dark:text-slate-300">{text::NO_TIMES_MONTH.get(l)}</p> }.into_any();
    };
    let empty = day.slots.is_empty();
    let waitlist = day.waitlist.clone();
    let waitlist_label = format!("{} {}", text::WAITLIST_HEADING.get(l), day.label);
    view! {
        <h2 id="day-heading" tabindex="-1" class="text-base font-semibold" data-announce=day.announcement.clone()>{day.label.clone()}</h2>
        <p class="mt-1 text-xs text-slate-600 dark:text-slate-300" id="zone-label"><bdi>{zone.label.clone()}</bdi></p>
        {day.offset_note.map(|note| view! { <p class="mt-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-100">{note}</p> })}
        {if empty {
            view! { <p class="mt-3 text-sm text-slate-600 dark:text-slate-300">{text::NO_TIMES_DAY.get(l)}</p> }.into_any()
        } else {
            view! {
                <ul class="mt-3 grid max-h-[28rem] grid-cols-2 gap-2 overflow-y-auto md:grid-cols-1" aria-label=format!("{} {}", text::TIMES_HEADING.get(l), day.label) id="slots">
                    {day.slots.into_iter().map(|slot| view! {
                        <li>
                            <a href=slot.href aria-describedby="zone-label"
                                aria-current=slot.chosen.then_some("time")
                                class="flex min-h-11 flex-col items-center justify-center rounded-md border border-sky-700 px-3 py-2 text-sm font-semibold text-sky-800 hover:bg-sky-700 hover:text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 dark:border-sky-400 dark:text-sky-200">
                                {slot.label}
                                {slot.seats_left.map(|n| view! { <span class="text-xs font-normal">{text::seats_left(l, n)}</span> })}
                            </a>
                        </li>
                    }).collect_view()}
                </ul>
            }.into_any()
        }}
        {(!waitlist.is_empty()).then(|| view! {
            <section class="mt-4" aria-labelledby="waitlist-heading">
                <h3 id="waitlist-heading" class="text-sm font-semibold">{text::WAITLIST_HEADING.get(l)}</h3>
                <p class="mt-1 text-xs text-slate-600 dark:text-slate-300" id="waitlist-note">{text::WAITLIST_NOTE.get(l)}</p>
                <ul class="mt-2 space-y-2" aria-label=waitlist_label id="waitlist-slots">
                    {waitlist.into_iter().map(|slot| view! {
                        <li>
                            <a href=slot.href aria-describedby="zone-label"
                                aria-current=slot.chosen.then_some("time")
                                class="flex min-h-11 items-center justify-between gap-2 rounded-md border border-slate-400 px-3 py-2 text-sm hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 dark:border-slate-600 dark:hover:bg-slate-800">
                                <span class="font-semibold">{slot.label}</span>
                                <span class="text-sky-800 underline dark:text-sky-300">{text::JOIN_WAITLIST.get(l)}</span>
                            </a>
                        </li>
                    }).collect_view()}
                </ul>
            </section>
        })}
    }
    .into_any()
}

/// The zone `<select>` with a "Show times" button (without JavaScript); fixed when locked.
#[component]
pub fn ZonePicker(zone: ZoneView, path: String, keep: Vec<(String, String)>) -> impl IntoView {
    let l = super::lang();
    if zone.locked {
        return view! {
            <p class="text-sm text-slate-600 dark:text-slate-300">{text::ZONE_LOCKED.get(l)}": "{zone.label}</p>
        }
        .into_any();
    }
    let current = zone.id.clone();
    view! {
        <form method="get" action=path class="flex flex-wrap items-end gap-2" id="zone-form">
            {keep.into_iter().map(|(name, value)| view! { <input type="hidden" name=name value=value /> }).collect_view()}
            <div>
                <label for="tz" class="block text-sm font-medium">{text::TIME_ZONE.get(l)}</label>
                <select id="tz" name="tz" inner_html=crate::ui::zone_options(&current)
                    class="mt-1 min-h-10 w-64 max-w-full rounded-md border border-slate-400 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900">
                </select>
            </div>
            <button type="submit" class="min-h-10 rounded-md border border-slate-400 bg-white px-3 text-sm font-medium hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-700 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800">
                {text::SHOW_TIMES.get(l)}
            </button>
        </form>
    }
    .into_any()
}

/// A row of mutually exclusive links (clock, duration); the current one is marked.
#[component]
fn ChoiceLinks(label: String, choices: Vec<Choice>) -> impl IntoView {
    (!choices.is_empty()).then(move || {
        let heading = label.clone();
        view! {
            <nav aria-label=label class="text-sm">
                <span class="block font-medium">{heading}</span>
                <ul class="mt-1 flex overflow-hidden rounded-md border border-slate-400 dark:border-slate-600">
                    {choices.into_iter().map(|c| view! {
                        <li>
                            <a href=c.href aria-current=c.current.then_some("true")
                                class=format!("flex min-h-10 items-center px-3 focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-700 {}",
                                    if c.current { "bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900" } else { "hover:bg-slate-100 dark:hover:bg-slate-800" })>
                                {c.label}
                            </a>
                        </li>
                    }).collect_view()}
                </ul>
            </nav>
        }
    })
}

/// The `role="alert"` summary of a refused post (errors or a time taken meanwhile).
#[component]
pub fn Alert(state: FormState) -> impl IntoView {
    let messages: Vec<String> = state.errors.values().cloned().collect();
    state.message.clone().map(|message| {
        view! {
            <div role="alert" id="form-alert" tabindex="-1" class="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100">
                <p class="font-semibold">{message}</p>
                {(!messages.is_empty()).then(|| view! {
                    <ul class="mt-1 list-disc ps-5">{messages.into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}</ul>
                })}
            </div>
        }
    })
}

/// The booking form (or the reschedule confirmation): a summary of the chosen time, the fields,
/// and the submit button. It posts to the page's own address.
#[component]
pub fn FormView(form: BookingForm, state: FormState) -> impl IntoView {
    let l = super::lang();
    let BookingForm {
        summary,
        action,
        fields,
        button,
        change_href,
        series,
        hold,
        proof_of_work,
    } = form;
    let (hold_token, held_until) = match hold {
        Some(h) => (Some(h.token), Some(h.until)),
        None => (None, None),
    };
    view! {
        <h2 id="times-heading" tabindex="-1" class="text-lg font-semibold">{text::FORM_HEADING.get(l)}</h2>
        <p class="mt-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-slate-800 dark:text-sky-100" id="booking-summary">
            {summary}" "
            <a href=change_href class="ms-1 font-medium text-sky-800 underline dark:text-sky-300">{text::CHANGE_TIME.get(l)}</a>
        </p>
        {held_until.map(|until| view! {
            <p id="hold-note" class="mt-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">{until}</p>
        })}
        <form method="post" action=action class="mt-4 space-y-4" id="booking-form" novalidate>
            <Alert state=state.clone() />
            {hold_token.map(|token| view! { <input type="hidden" name="hold" value=token /> })}
            // Filled by the hydrated page (islands.rs, `proof`) with ALTCHA's solution.
            {proof_of_work.then(|| view! { <input type="hidden" name="altcha" value="" data-challenge="/api/v2/bookings/challenge" /> })}
            {series.map(|choice| view! { <SeriesControl choice state=state.clone() /> })}
            {fields.into_iter().map(|field| view! { <FieldView field state=state.clone() /> }).collect_view()}
            <Honeypot />
            <button type="submit" class="min-h-11 w-full rounded-md bg-sky-700 px-4 py-2 font-semibold text-white hover:bg-sky-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 sm:w-auto">
                {button}
            </button>
        </form>
    }
}

/// How many dates of a series to book ("Occurrences"), or the fixed count, and how it repeats.
#[component]
fn SeriesControl(choice: SeriesChoice, state: FormState) -> impl IntoView {
    let l = super::lang();
    let asked = state.value("recurring_count");
    let chosen = asked.parse::<i64>().unwrap_or(choice.max_count);
    if choice.fixed {
        return view! {
            <p class="text-sm" id="series-repeats">{choice.repeats}", "{text::series_dates(l, choice.max_count)}</p>
        }
        .into_any();
    }
    view! {
        <div>
            <label for="f-recurring-count" class="block text-sm font-medium">{text::OCCURRENCES.get(l)}</label>
            <select id="f-recurring-count" name="recurring_count" aria-describedby="series-repeats"
                class="mt-1 block w-40 rounded-md border border-slate-400 bg-white px-3 py-2 text-base focus:border-sky-700 focus:outline-none focus:ring-2 focus:ring-sky-700 dark:border-slate-600 dark:bg-slate-950">
                {(1..=choice.max_count).map(|n| view! {
                    <option value=n.to_string() selected=n == chosen>{n.to_string()}</option>
                }).collect_view()}
            </select>
            <p id="series-repeats" class="mt-1 text-sm text-slate-600 dark:text-slate-300">{choice.repeats}</p>
        </div>
    }
    .into_any()
}

/// The spam trap (`website`): off screen and hidden from assistive technology, never reached
/// by Tab; only a robot filling every input types into it.
#[component]
pub fn Honeypot() -> impl IntoView {
    let l = super::lang();
    view! {
        // Off the start edge: off screen in either direction, never a scrollable overflow.
        <div aria-hidden="true" class="absolute -start-[10000px] top-auto h-px w-px overflow-hidden">
            <label for="f-website">{text::WEBSITE.get(l)}</label>
            <input id="f-website" type="text" name="website" value="" tabindex="-1" autocomplete="off" />
        </div>
    }
}

/// One input with its label, help text and error (`aria-invalid`, `aria-describedby`).
#[component]
pub fn FieldView(field: FormField, state: FormState) -> impl IntoView {
    let l = super::lang();
    let id = format!("f-{}", field.name.replace(['.', '_'], "-"));
    let error = state.errors.get(&field.name).cloned();
    let error_id = format!("{id}-error");
    let help_id = format!("{id}-help");
    let described = [
        (!field.help_text.is_empty()).then(|| help_id.clone()),
        error.as_ref().map(|_| error_id.clone()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" ");
    let described = (!described.is_empty()).then_some(described);
    let invalid = error.as_ref().map(|_| "true");
    let value = state.value(&field.name);
    let input_class = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base focus:border-sky-700 focus:outline-none focus:ring-2 focus:ring-sky-700 dark:border-slate-600 dark:bg-slate-950";
    let label_text = view! {
        {field.label.clone()}
        {field.required.then(|| view! { <span class="text-red-800 dark:text-red-300">" *"<span class="sr-only">{text::REQUIRED.get(l)}</span></span> })}
    };
    let name = field.name.clone();
    let control = match field.kind.as_str() {
        "textarea" | "multi-guests" => view! {
            <label for=id.clone() class="block text-sm font-medium">{label_text}</label>
            <textarea id=id.clone() name=name rows="3" required=field.required placeholder=field.placeholder
                aria-invalid=invalid aria-describedby=described class=input_class>{crate::ui::textarea_text(&value)}</textarea>
        }.into_any(),
        "radio" | "payment" | "checkbox-group" | "multi-select" => {
            let kind = if matches!(field.kind.as_str(), "radio" | "payment") { "radio" } else { "checkbox" };
            view! {
                <fieldset aria-invalid=invalid aria-describedby=described>
                    <legend class="text-sm font-medium">{label_text}</legend>
                    <div class="mt-1 space-y-1">
                        {field.options.iter().enumerate().map(|(i, (v, l))| {
                            let option_id = format!("{id}-{i}");
                            view! {
                                <div class="flex min-h-6 items-center gap-2">
                                    <input type=kind id=option_id.clone() name=name.clone() value=v.clone()
                                        checked=state.has(&name, v) class="h-5 w-5 accent-sky-700" />
                                    <label for=option_id class="text-sm">{l.clone()}</label>
                                </div>
                            }
                        }).collect_view()}
                    </div>
                </fieldset>
            }.into_any()
        }
        "dropdown" | "select" => view! {
            <label for=id.clone() class="block text-sm font-medium">{label_text}</label>
            <select id=id.clone() name=name.clone() required=field.required aria-invalid=invalid aria-describedby=described class=input_class>
                <option value="">"\u{2014}"</option>
                {field.options.iter().map(|(v, l)| view! { <option value=v.clone() selected=*v == value>{l.clone()}</option> }).collect_view()}
            </select>
        }.into_any(),
        "checkbox" | "terms-and-conditions" => view! {
            <div class="flex min-h-6 items-start gap-2">
                <input type="checkbox" id=id.clone() name=name.clone() value="yes" checked=value == "yes"
                    required=field.required aria-invalid=invalid aria-describedby=described class="mt-0.5 h-5 w-5 accent-sky-700" />
                <label for=id.clone() class="text-sm">{label_text}</label>
            </div>
        }.into_any(),
        other => {
            let (kind, autocomplete) = match (other, field.name.as_str()) {
                (_, "name") => ("text", Some("name")),
                (_, "email") | ("email", _) => ("email", Some("email")),
                (_, "phone_number") | ("phone", _) => ("tel", Some("tel")),
                (_, "address") => ("text", Some("street-address")),
                ("number", _) => ("number", None),
                ("date", _) => ("date", None),
                ("url", _) => ("url", None),
                _ => ("text", None),
            };
            view! {
                <label for=id.clone() class="block text-sm font-medium">{label_text}</label>
                <input type=kind id=id.clone() name=name value=value required=field.required placeholder=field.placeholder
                    autocomplete=autocomplete aria-invalid=invalid aria-describedby=described class=input_class />
            }.into_any()
        }
    };
    view! {
        <div>
            {control}
            {(!field.help_text.is_empty()).then(|| view! { <p id=help_id class="mt-1 text-xs text-slate-600 dark:text-slate-300">{field.help_text.clone()}</p> })}
            {error.map(|e| view! { <p id=error_id class="mt-1 text-sm font-medium text-red-800 dark:text-red-300">{e}</p> })}
        </div>
    }
}
