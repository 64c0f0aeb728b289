//! `/admin/bookings/{id}`: one booking, everything about it, and the changes its status allows.
//! Every change is a form posted to the page's own address (`src/pages.rs`): 303 back here
//! with `done=` on success, or this page again with the refusal and the REST route's status.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use crate::model::desk::{BookingDetail, DeskAction, DeskNotice};
use crate::model::errors::PageError;

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_booking_detail(
    id: i64,
    reschedule_date: Option<String>,
) -> Result<BookingDetail, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        let now = chrono::Utc::now().timestamp();
        crate::service::bookings::desk::detail(&ctx, &caller, id, reschedule_date.as_deref(), now)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (id, reschedule_date);
        Err(PageError::rendered_on_the_server())
    }
}

/// The detail page's content, once the booking is loaded.
pub async fn page(
    id: i64,
    reschedule_date: Option<String>,
    done: Option<String>,
    csrf: String,
) -> AnyView {
    let notice = use_context::<DeskNotice>().unwrap_or_default();
    match load_booking_detail(id, reschedule_date).await {
        Ok(detail) => view! { <Detail detail notice done csrf /> }.into_any(),
        Err(e) => {
            crate::ui::set_status(e.status);
            view! {
                <p><a href="/admin/bookings" class="text-sm text-sky-800 underline dark:text-sky-300">{t("back-to-bookings")}</a></p>
                <h1 class="mt-2 text-xl font-semibold" id="section-title">{t("booking")}</h1>
                <p role="alert" class="mt-4 text-red-800 dark:text-red-300">{e.message}</p>
            }
            .into_any()
        }
    }
}

const CARD: &str = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900";
const BUTTON: &str = "inline-flex min-h-10 items-center justify-center rounded-md border border-slate-400 px-3 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
const PRIMARY: &str = "inline-flex min-h-10 items-center justify-center rounded-md bg-sky-700 px-4 text-sm font-semibold text-white hover:bg-sky-800";
const FIELD: &str = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950";

#[component]
fn Detail(
    detail: BookingDetail,
    notice: DeskNotice,
    done: Option<String>,
    csrf: String,
) -> impl IntoView {
    let BookingDetail {
        id,
        attendee,
        email,
        phone,
        event,
        calendar,
        host,
        status,
        status_label,
        when_host,
        host_zone,
        when_attendee,
        attendee_zone,
        location,
        payment,
        source,
        message,
        answers,
        guests,
        internal_note,
        actions,
        may_reschedule,
        reschedule_date,
        reschedule_times,
        activities,
        payment_pending,
        paid,
        failed_deliveries,
        series,
    } = detail;
    let action_url = format!("/admin/bookings/{id}");
    let done = done
        .as_deref()
        .and_then(DeskAction::from_done_key)
        .map(|a| a.done_message());
    let note_value = notice.note.clone().unwrap_or(internal_note);
    let facts: Vec<(&'static str, String)> = [
        (t("event"), event),
        (t("calendar"), calendar),
        (t("host"), host),
        (t("location"), location),
        (t("email"), email),
        (t("phone"), phone),
        (t("payment"), payment),
        (t("source"), source),
    ]
    .into_iter()
    .filter(|(_, v)| !v.is_empty())
    .collect();
    let actions_card = view! {
        <ActionsCard action_url=action_url.clone() csrf=csrf.clone() actions status=status.clone() paid payment_pending failed_deliveries />
    };
    view! {
        <p><a href="/admin/bookings" class="text-sm text-sky-800 underline dark:text-sky-300">{t("back-to-bookings")}</a></p>
        <div class="mt-2 flex flex-wrap items-center gap-3">
            <h1 class="text-xl font-semibold" id="section-title">{attendee}</h1>
            <span id="booking-status" class=format!("rounded-full px-2.5 py-0.5 text-xs font-semibold {}", status_tone(&status))>{status_label}</span>
        </div>
        {done.map(|m| view! { <p role="status" id="desk-done" class="mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">{m}</p> })}
        {notice.error.clone().map(|m| view! { <p role="alert" id="desk-error" class="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">{m}</p> })}
        <div class="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div class="space-y-6">
                <WhenCard when_host host_zone when_attendee attendee_zone facts />
                <AnswersCard message answers />
                <GuestsCard guests />
                <SeriesCard series />
            </div>
            <div class="space-y-6">
                {actions_card}
                <RescheduleCard action_url=action_url.clone() csrf=csrf.clone() may_reschedule reschedule_date reschedule_times />
                <NoteCard action_url csrf note_value />
            </div>
        </div>
        <ActivityCard activities />
    }
}

/// The hidden inputs of a desk form: the session's token and the action.
fn hidden(csrf: &str, action: &str) -> impl IntoView + use<> {
    view! {
        <input type="hidden" name="csrf" value=csrf.to_string() />
        <input type="hidden" name="action" value=action.to_string() />
    }
}

/// "When": the time for the host and the attendee, and the booking's facts.
#[component]
fn WhenCard(
    when_host: String,
    host_zone: String,
    when_attendee: Option<String>,
    attendee_zone: String,
    facts: Vec<(&'static str, String)>,
) -> impl IntoView {
    view! {
        <section class=CARD aria-labelledby="when-heading">
            <h2 id="when-heading" class="text-lg font-semibold">{t("when")}</h2>
            <p class="mt-2" id="when-host">{when_host}<span class="block text-sm text-slate-600 dark:text-slate-300">{host_zone}</span></p>
            {when_attendee.map(|w| view! {
                <p class="mt-3" id="when-attendee"><span class="text-sm text-slate-600 dark:text-slate-300">{t("for-the-attendee")}" "</span>{w}
                    <span class="block text-sm text-slate-600 dark:text-slate-300">{attendee_zone.clone()}</span></p>
            })}
            <dl class="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
                {facts.into_iter().map(|(label, value)| view! {
                    <dt class="text-slate-600 dark:text-slate-300">{label}</dt>
                    <dd class="min-w-0 break-words">{value}</dd>
                }).collect_view()}
            </dl>
        </section>
    }
}

/// "Answers": the attendee's message and answers to the booking form (none: nothing).
#[component]
fn AnswersCard(message: String, answers: Vec<(String, String)>) -> impl IntoView {
    view! {
        {(!answers.is_empty() || !message.is_empty()).then(|| view! {
            <section class=CARD aria-labelledby="answers-heading">
                <h2 id="answers-heading" class="text-lg font-semibold">{t("answers")}</h2>
                <dl class="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
                    {(!message.is_empty()).then(|| view! {
                        <dt class="text-slate-600 dark:text-slate-300">{t("message")}</dt>
                        <dd class="min-w-0 whitespace-pre-line break-words">{message.clone()}</dd>
                    })}
                    {answers.into_iter().map(|(label, value)| view! {
                        <dt class="text-slate-600 dark:text-slate-300">{label}</dt>
                        <dd class="min-w-0 break-words">{value}</dd>
                    }).collect_view()}
                </dl>
            </section>
        })}
    }
}

#[component]
fn GuestsCard(guests: Vec<crate::model::desk::Guest>) -> impl IntoView {
    view! {
        {(!guests.is_empty()).then(|| view! {
            <section class=CARD aria-labelledby="guests-heading">
                <h2 id="guests-heading" class="text-lg font-semibold">{t("guests")}</h2>
                <ul class="mt-2 space-y-1 text-sm">
                    {guests.into_iter().map(|g| view! {
                        <li>{if g.name.is_empty() { g.email.clone() } else { format!("{} \u{00b7} {}", g.name, g.email) }}</li>
                    }).collect_view()}
                </ul>
            </section>
        })}
    }
}

/// "Actions": the status moves this booking allows (a reason for cancel and reject), resend,
/// mark as paid, and each delivery that failed with "Send again".
/// The other dates of the booking's series, with links to their pages.
#[component]
fn SeriesCard(series: Vec<(String, String, bool)>) -> impl IntoView {
    (!series.is_empty()).then(|| {
        let count = series.len();
        view! {
            <section class=CARD aria-labelledby="series-heading">
                <h2 id="series-heading" class="text-lg font-semibold">{tf("series-of-dates", &[("count", count.into())])}</h2>
                <ol class="mt-2 space-y-1 text-sm">
                    {series.into_iter().map(|(label, href, cancelled)| {
                        let shown = if href.is_empty() {
                            view! { <span aria-current="page" class="font-medium">{label}</span> }.into_any()
                        } else {
                            view! { <a href=href class="text-sky-800 underline dark:text-sky-300">{label}</a> }.into_any()
                        };
                        view! { <li>{shown}{cancelled.then(|| format!(" · {}", t("cancelled")))}</li> }
                    }).collect_view()}
                </ol>
            </section>
        }
    })
}

#[component]
fn ActionsCard(
    action_url: String,
    csrf: String,
    actions: Vec<(String, String)>,
    status: String,
    paid: bool,
    payment_pending: bool,
    failed_deliveries: Vec<(i64, String, String)>,
) -> impl IntoView {
    let needs_reason = |name: &str| matches!(name, "cancel" | "cancel_following" | "reject");
    view! {
        <section class=CARD aria-labelledby="actions-heading">
            <h2 id="actions-heading" class="text-lg font-semibold">{t("actions")}</h2>
            {actions.is_empty().then(|| view! { <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("this-bookings-status-is-final")}</p> })}
            <div class="mt-3 flex flex-wrap gap-2">
                {actions.iter().filter(|(name, _)| !needs_reason(name)).map(|(name, label)| view! {
                    <form method="post" action=action_url.clone()>
                        {hidden(&csrf, name)}
                        <button type="submit" class=if name == "confirm" { PRIMARY } else { BUTTON }>{label.clone()}</button>
                    </form>
                }).collect_view()}
            </div>
            {actions.iter().filter(|(name, _)| needs_reason(name)).map(|(name, label)| {
                let field = format!("reason-{name}");
                view! {
                    <form method="post" action=action_url.clone() class="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
                        {hidden(&csrf, name)}
                        <label for=field.clone() class="block text-sm font-medium">{if name.starts_with("cancel") { t("reason-for-cancelling") } else { t("reason-for-rejecting") }}</label>
                        <textarea id=field name="reason" rows="2" required class=FIELD></textarea>
                        {(name == "cancel" && paid).then(|| view! {
                            <div class="mt-2 flex items-center gap-2">
                                <input id="refund" type="checkbox" name="refund" class="h-5 w-5" />
                                <label for="refund" class="text-sm">{t("refund-the-payment")}</label>
                            </div>
                        })}
                        <button type="submit" class=format!("mt-2 {BUTTON}")>{label.clone()}</button>
                    </form>
                }
            }).collect_view()}
            {(status == "scheduled" || status == "pending").then(|| view! {
                <form method="post" action=action_url.clone() class="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
                    {hidden(&csrf, "resend")}
                    <button type="submit" class=BUTTON>{t("resend-confirmation-email")}</button>
                </form>
            })}
            {payment_pending.then(|| view! {
                <form method="post" action=action_url.clone() class="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
                    {hidden(&csrf, "paid")}
                    <button type="submit" class=BUTTON>{t("mark-as-paid")}</button>
                </form>
            })}
            {(!failed_deliveries.is_empty()).then(|| view! {
                <div class="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
                    <h3 class="text-sm font-semibold">{t("not-delivered")}</h3>
                    <ul class="mt-2 space-y-2 text-sm">
                        {failed_deliveries.iter().map(|(delivery, what, why)| view! {
                            <li>
                                <form method="post" action=action_url.clone() class="flex flex-wrap items-center gap-2">
                                    {hidden(&csrf, "retry")}
                                    <input type="hidden" name="delivery" value=delivery.to_string() />
                                    <span class="min-w-0 break-words">{what.clone()}<span class="block text-xs text-slate-600 dark:text-slate-300">{why.clone()}</span></span>
                                    <button type="submit" class=BUTTON aria-label=tf("send-again-what", &[("what", what.into())])>{t("send-again")}</button>
                                </form>
                            </li>
                        }).collect_view()}
                    </ul>
                </div>
            })}
        </section>
    }
}

/// "Reschedule": a date, then its offered times to move the booking to.
#[component]
fn RescheduleCard(
    action_url: String,
    csrf: String,
    may_reschedule: bool,
    reschedule_date: String,
    reschedule_times: Vec<(String, String)>,
) -> impl IntoView {
    view! {
        {may_reschedule.then(|| view! {
            <section class=CARD aria-labelledby="reschedule-heading">
                <h2 id="reschedule-heading" class="text-lg font-semibold">{t("reschedule")}</h2>
                <form method="get" action=action_url.clone() class="mt-3 flex flex-wrap items-end gap-2">
                    <div>
                        <label for="reschedule-date" class="block text-sm font-medium">{t("date")}</label>
                        <input id="reschedule-date" type="date" name="date" value=reschedule_date.clone() class=FIELD />
                    </div>
                    <button type="submit" class=BUTTON>{t("show-times")}</button>
                </form>
                {if reschedule_times.is_empty() {
                    view! { <p class="mt-3 text-sm text-slate-600 dark:text-slate-300" id="no-times">{t("no-time-is-offered-on-this")}</p> }.into_any()
                } else {
                    view! {
                        <form method="post" action=action_url.clone() class="mt-3">
                            {hidden(&csrf, "reschedule")}
                            <input type="hidden" name="date" value=reschedule_date.clone() />
                            <fieldset>
                                <legend class="text-sm font-medium">{t("offered-times")}</legend>
                                <div class="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
                                    {reschedule_times.into_iter().map(|(value, label)| view! {
                                        <label class="flex min-h-10 items-center gap-2 rounded-md border border-slate-300 px-2 text-sm dark:border-slate-600">
                                            <input type="radio" name="time" value=value required />
                                            {label}
                                        </label>
                                    }).collect_view()}
                                </div>
                            </fieldset>
                            <label for="reschedule-reason" class="mt-3 block text-sm font-medium">{t("reason-for-the-new-time")}</label>
                            <textarea id="reschedule-reason" name="reason" rows="2" class=FIELD></textarea>
                            <button type="submit" class=format!("mt-2 {PRIMARY}")>{t("move-booking")}</button>
                        </form>
                    }.into_any()
                }}
            </section>
        })}
    }
}

#[component]
fn NoteCard(action_url: String, csrf: String, note_value: String) -> impl IntoView {
    view! {
        <section class=CARD aria-labelledby="note-heading">
            <h2 id="note-heading" class="text-lg font-semibold">{t("internal-note")}</h2>
            <form method="post" action=action_url.clone() class="mt-2">
                {hidden(&csrf, "note")}
                <label for="internal-note" class="block text-sm text-slate-600 dark:text-slate-300">{t("note-only-hosts-see-it")}</label>
                <textarea id="internal-note" name="note" rows="4" class=FIELD>{crate::ui::textarea_text(&note_value)}</textarea>
                <button type="submit" class=format!("mt-2 {BUTTON}")>{t("save-note")}</button>
            </form>
        </section>
    }
}

/// "Activity": the booking's timeline.
#[component]
fn ActivityCard(activities: Vec<crate::model::desk::ActivityLine>) -> impl IntoView {
    view! {
        <section class=format!("mt-6 {CARD}") aria-labelledby="activity-heading">
            <h2 id="activity-heading" class="text-lg font-semibold">{t("activity")}</h2>
            {if activities.is_empty() {
                view! { <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("nothing-recorded-yet")}</p> }.into_any()
            } else {
                view! {
                    <ol class="mt-3 space-y-3 border-s border-slate-200 ps-4 text-sm dark:border-slate-700" id="activity">
                        {activities.into_iter().map(|a| view! {
                            <li>
                                <p class="font-medium">{a.title}</p>
                                <p class="text-slate-700 dark:text-slate-200">{a.description}</p>
                                <time class="text-xs text-slate-600 dark:text-slate-300" datetime=a.at>{a.when}</time>
                            </li>
                        }).collect_view()}
                    </ol>
                }.into_any()
            }}
        </section>
    }
}

/// The status badge's colours (each pair meets 4.5:1).
fn status_tone(status: &str) -> &'static str {
    match status {
        "scheduled" | "completed" => {
            "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50"
        }
        "pending" => "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
        "cancelled" | "rejected" => "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
        _ => "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50",
    }
}
