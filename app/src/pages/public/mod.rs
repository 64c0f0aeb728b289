//! The public booking pages' data: the landing page, the booking page (month grid, the day's
//! times, the form) and the attendee's manage page. Times come from the same slot service as
//! `GET /bookings/slots/{id}`; bookings are written by the same create and self-service use
//! cases as the REST routes (see `src/pages.rs`), so no rule exists twice.

use chrono_tz::Tz;

use crate::service::bookings::self_service::{find_with_event, may_reschedule};
use crate::service::slots::LoadedEvent;
use crate::service::support::present::author_profile;
use crate::service::{Ctx, ServiceError, ServiceResult};
// Every visible text lives with the pages' texts (one place to translate).
use crate::domain::dates::{first_of_month, parse_date, parse_month, zone_label};
use crate::domain::slots::local::local_of;
use crate::domain::zone::parse_zone;
use crate::model::public::{
    BookingPage, BookingQuery, DaySlots, FormField, FormHold, LandingEvent, LandingPage,
    ReschedulePage, SlotLink, ZoneView,
};
use crate::service::bookings::{holds, proof_of_work};
use crate::service::events::private_links;
use crate::store::holds::HoldRow;
use crate::store::{calendars, events, users};
use crate::texts as text;
use crate::texts::cldr::{Dates, default_h12};

pub use crate::domain::language::{Lang, LangAsk};

mod away;
mod form;
mod manage;
mod month;
mod submit;
mod waitlist;

use form::{
    booking_form, clock_choices, duration_choices, form_fields, reason_field, submit_text, summary,
    waitlist_form,
};
use manage::manage_view;
pub use manage::{cancel, erase_page, ics, manage, submit_erase};
use month::{day_slots, first_month_with_times, grid, month_slots, times_by_date};
pub use submit::{Sender, Submitted, submit_booking, submit_cancel, submit_reschedule};
pub use waitlist::{leave_page, offer_page, submit_claim, submit_leave};

/// How far the first day with times is searched for when the window is unlimited.
const SEARCH_MONTHS: i32 = 12;

/// Booking fields the form never shows: they belong to cancel and reschedule.
/// Fields the form does not take from the stored list: the reasons belong to cancel and
/// reschedule, and the payment choice is built with the event's price (`payment_field`).
const NOT_ON_FORM: [&str; 3] = [
    "cancellation_reason",
    "rescheduling_reason",
    "payment_method",
];

/// `/{calendar_slug}`: 404 for an unknown slug or a disabled landing page.
pub async fn landing(ctx: &Ctx, slug: &str, ask: &LangAsk) -> ServiceResult<LandingPage> {
    let mut conn = ctx.store.conn().await?;
    let cal = calendars::find_by_slug(conn.ex(), slug)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let settings = crate::service::support::present::calendar_settings(&cal)?;
    if !settings.sharing.is_enabled() || cal.status == "draft" {
        return Err(ServiceError::NotFound);
    }
    let owner = users::find(conn.ex(), cal.user_id).await?;
    let profile = author_profile(&cal, owner.as_ref())?;
    let mut list = events::list_for_calendars(conn.ex(), &[cal.id]).await?;
    list.retain(|ev| {
        ev.status == "active"
            && (settings.sharing.show_type != "selected"
                || settings.sharing.enabled_slots.contains(&ev.id))
            // A secret event is reached only through a private link.
            && !ev.decoded_settings().is_ok_and(|s| s.secret)
    });
    if let Some(order) = &settings.event_order {
        list.sort_by_key(|ev| {
            order
                .iter()
                .position(|id| *id == ev.id)
                .unwrap_or(usize::MAX)
        });
    }
    let general: crate::model::settings::GeneralSettings =
        crate::service::settings::site::load(conn.ex(), "general").await?;
    let lang = ask.resolve(None, Lang::from_code(&cal.language));
    Ok(LandingPage {
        lang,
        accent: crate::domain::brand::accent_style(&general.brand_color),
        theme: general.theme,
        title: cal.title.clone(),
        description_html: cal.description.clone(),
        host_name: profile.name,
        photo_url: profile.avatar,
        events: list
            .iter()
            .map(|ev| LandingEvent {
                title: ev.title.clone(),
                href: format!("/{}/{}?lang={}", cal.slug, ev.slug, lang.code()),
                duration_label: text::duration(lang, ev.duration),
            })
            .collect(),
    })
}

/// Who looks at a booking page: the hold their cookie names, and their address (holds are
/// limited per address).
#[derive(Debug, Clone, Default)]
pub struct Visitor {
    pub hold_token: Option<String>,
    pub ip: String,
    /// A browser's prefetch of the page, not a visit: it holds nothing.
    pub speculative: bool,
}

/// `/{calendar_slug}/{event_slug}`: 404 for an unknown or draft event. A chosen time
/// (`time=`) is held for the visitor while the form shows (DESIGN 2.8).
pub async fn booking(
    ctx: &Ctx,
    calendar_slug: &str,
    event_slug: &str,
    q: &BookingQuery,
    now: i64,
    visitor: Visitor,
    ask: &LangAsk,
) -> ServiceResult<BookingPage> {
    let loaded = event_by_slugs(ctx, calendar_slug, event_slug).await?;
    let lang = ask.resolve(None, Lang::from_code(&loaded.row.cal_language));
    // A secret event without a valid link is not found; a link used up is 410, no times.
    private_links::admit_with(ctx, loaded.asked(false), q.link.as_deref()).await?;
    let path = format!("/{}/{}", loaded.row.cal_slug, loaded.event().slug);
    // The booking fields are read only when the form is shown (a time is chosen).
    let fields = match q.time {
        Some(_) => {
            form_fields(
                ctx,
                &loaded,
                loaded.duration(q.duration.as_deref().and_then(|d| d.parse().ok())),
                lang,
            )
            .await?
        }
        None => Vec::new(),
    };
    let page = PageSpec {
        path,
        zone: None,
        fields,
        button: submit_text(&loaded, lang),
        visitor: Some(visitor),
        lang,
    };
    build(ctx, &loaded, page, q, now).await
}

/// `/booking/{hash}/reschedule`: the same grid and times, the booking's zone by default, and
/// a form that asks only for the reason when the event requires one.
pub async fn reschedule(
    ctx: &Ctx,
    hash: &str,
    q: &BookingQuery,
    now: i64,
    ask: &LangAsk,
) -> ServiceResult<ReschedulePage> {
    let (booking, loaded) = find_with_event(ctx, hash).await?;
    let lang = manage::page_lang(ask, &booking, &loaded);
    let manage = manage_view(ctx, &booking, &loaded, now, lang).await?;
    if let Err(refused) = may_reschedule(&booking, &loaded, now) {
        return Ok(ReschedulePage {
            booking: manage,
            view: None,
            refused: Some(refused.said_in(lang)),
        });
    }
    let reason = reason_field(ctx, &loaded, "rescheduling_reason", lang).await?;
    let page = PageSpec {
        path: format!("/booking/{hash}/reschedule"),
        zone: parse_zone(&booking.person_time_zone),
        fields: reason.into_iter().collect(),
        button: text::CONFIRM_NEW_TIME.get(lang),
        visitor: None,
        lang,
    };
    let view = build(ctx, &loaded, page, q, now).await?;
    Ok(ReschedulePage {
        booking: manage,
        view: Some(view),
        refused: None,
    })
}

/// The active event a booking page address names.
async fn event_by_slugs(
    ctx: &Ctx,
    calendar_slug: &str,
    event_slug: &str,
) -> ServiceResult<LoadedEvent> {
    let event_id = crate::service::slots::event_id_by_slugs(ctx, calendar_slug, event_slug)
        .await?
        .ok_or(ServiceError::NotFound)?;
    active_event(ctx, event_id).await
}

/// An event that takes bookings; drafts and unknown ids are not found (public pages never tell
/// them apart).
async fn active_event(ctx: &Ctx, event_id: i64) -> ServiceResult<LoadedEvent> {
    let loaded = crate::service::slots::public_event(ctx, event_id).await?;
    if loaded.event().status != "active" {
        return Err(ServiceError::NotFound);
    }
    Ok(loaded)
}

/// What differs between the booking page and the reschedule page.
struct PageSpec {
    path: String,
    /// The default zone when the query names none (the booking's, when rescheduling).
    zone: Option<Tz>,
    fields: Vec<FormField>,
    button: String,
    /// The booking page's visitor, whose chosen time is held (not when rescheduling).
    visitor: Option<Visitor>,
    lang: Lang,
}

/// The view state read from the query, with what every link carries on.
struct View {
    path: String,
    lang: Lang,
    /// The page's date and time forms, on its clock.
    dates: Dates,
    zone: Tz,
    zone_in_query: bool,
    h12: bool,
    h12_in_query: bool,
    duration: i64,
    duration_in_query: bool,
    embed: bool,
    /// The visitor's own hold: its time stays offered to them.
    own_hold: Option<i64>,
    /// The private link the page was opened with, kept by its links and forms.
    link: Option<String>,
}

impl View {
    /// The page's address with `extra` parameters and every kept one.
    fn href(&self, extra: &[(&str, String)]) -> String {
        let mut query = url::form_urlencoded::Serializer::new(String::new());
        for (key, value) in extra {
            query.append_pair(key, value);
        }
        for (key, value) in self.kept() {
            query.append_pair(&key, &value);
        }
        let query = query.finish();
        if query.is_empty() {
            self.path.clone()
        } else {
            format!("{}?{query}", self.path)
        }
    }

    /// Parameters every link keeps: the zone, duration and clock when the visitor chose them.
    fn kept(&self) -> Vec<(String, String)> {
        let mut kept = Vec::new();
        if self.zone_in_query {
            kept.push(("tz".into(), self.zone.name().to_string()));
        }
        if self.duration_in_query {
            kept.push(("duration".into(), self.duration.to_string()));
        }
        if self.h12_in_query {
            kept.push(("h12".into(), if self.h12 { "1" } else { "0" }.into()));
        }
        if self.embed {
            kept.push(("embed".into(), "1".into()));
        }
        if let Some(link) = &self.link {
            kept.push(("link".into(), link.clone()));
        }
        kept.push(("lang".into(), self.lang.code().into()));
        kept
    }
}

async fn build(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    spec: PageSpec,
    q: &BookingQuery,
    now: i64,
) -> ServiceResult<BookingPage> {
    let mut notices = Vec::new();
    let mut view = read_view(loaded, &spec, q, &mut notices);
    let own_hold = match &spec.visitor {
        Some(visitor) => {
            holds::visitor_hold(ctx, visitor.hold_token.as_deref(), loaded.event().id).await?
        }
        None => None,
    };
    view.own_hold = own_hold.as_ref().map(|h| h.id);
    let today = local_of(view.zone, now).0;
    let asked_date = q.date.as_deref().and_then(|text| {
        let date = parse_date(text);
        if date.is_none() {
            notices.push(text::not_a_date(view.lang, text));
        }
        date
    });
    let asked_month = q.month.as_deref().and_then(|text| {
        let month = parse_month(text);
        if month.is_none() {
            notices.push(text::not_a_month(view.lang, text));
        }
        month
    });

    // The month shown: the asked date's or month, else the first month with times.
    let (month, answer) = match asked_date.map(first_of_month).or(asked_month) {
        Some(month) => {
            let answer = month_slots(ctx, loaded, &view, month, now).await?;
            (month, answer)
        }
        None => first_month_with_times(ctx, loaded, &view, first_of_month(today), now).await?,
    };
    let times = times_by_date(&answer, view.zone);
    // Only the booking page offers the waitlist (a reschedule moves to a free time).
    let waiting = match &spec.visitor {
        Some(_) => answer.waitlist.clone().unwrap_or_default(),
        None => Default::default(),
    };
    // Days with only taken times still open, for their waitlist.
    let mut days = times.clone();
    for date in waiting.keys().filter_map(|d| parse_date(d)) {
        days.entry(date).or_default();
    }
    let chosen = asked_date.or_else(|| days.keys().next().copied());
    let last = parse_date(&answer.max_lookup_date).unwrap_or(today);
    let grid = grid(&view, month, &days, chosen, today, last);
    let day =
        chosen.map(|date| day_slots(&view, loaded, date, &times, q.time.as_deref(), &waiting));

    let mut form = None;
    let joining = q.waitlist.as_deref() == Some("1") && spec.visitor.is_some();
    if let (true, Some(text), Some(day)) = (joining, q.time.as_deref(), &day) {
        match day.waitlist.iter().find(|s| s.time == text) {
            Some(slot) => form = Some(waitlist_form(&view, day, slot, &spec)),
            None => notices.push(text::TIME_GONE.get(view.lang)),
        }
    } else if let (Some(text), Some(day)) = (q.time.as_deref(), &day) {
        match day.slots.iter().find(|s| s.time == text) {
            Some(slot) => {
                let mut shown = booking_form(loaded, &view, day, slot, &spec);
                if let Some(visitor) = &spec.visitor {
                    shown.proof_of_work = proof_of_work::asked(ctx).await?;
                    let chosen = held_start(&view, day, slot);
                    shown.hold = hold_for_form(ctx, loaded, &view, visitor, own_hold, chosen).await;
                }
                form = Some(shown);
            }
            None => notices.push(text::TIME_GONE.get(view.lang)),
        }
    }
    let mut keep = view.kept();
    // The zone form has its own `tz`; the language picker its own `lang`.
    keep.retain(|(k, _)| k != "tz");
    if let Some(date) = chosen {
        keep.push(("date".into(), date.format("%Y-%m-%d").to_string()));
    }
    let label_date = chosen.unwrap_or(month);
    Ok(BookingPage {
        lang: view.lang,
        event: summary(loaded, view.lang),
        path: spec.path.clone(),
        notices,
        zone: ZoneView {
            id: view.zone.name().to_string(),
            label: zone_label(view.zone, label_date),
            locked: loaded.settings.lock_timezone.enabled,
            from_query: view.zone_in_query,
        },
        durations: duration_choices(loaded, &view, chosen),
        clock: clock_choices(&view, chosen),
        grid: Some(grid),
        day,
        form,
        keep,
        embed: view.embed,
        away: away::notices(ctx, loaded, month, view.lang).await?,
    })
}

/// The start of the chosen time as an instant.
fn held_start(view: &View, day: &DaySlots, slot: &SlotLink) -> Option<i64> {
    let date = parse_date(&day.date)?;
    let time = crate::domain::dates::parse_time(&slot.time)?;
    crate::domain::slots::local::exact_instant(view.zone, date.and_time(time))
}

/// The visitor's hold of the form's time: theirs already (kept, not extended), or a new one
/// (their hold of another time of the event is released first). At the address's limit, with
/// holds off or on any other refusal, the form shows without one.
async fn hold_for_form(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    view: &View,
    visitor: &Visitor,
    own: Option<HoldRow>,
    start: Option<i64>,
) -> Option<FormHold> {
    if visitor.speculative {
        tracing::debug!("a prefetch of the form holds nothing");
        return None;
    }
    let start = start?;
    let end = start + view.duration * 60;
    let now = chrono::Utc::now().timestamp();
    let until = |expires_at: i64| {
        let local = chrono::DateTime::from_timestamp(expires_at, 0)
            .unwrap_or_default()
            .with_timezone(&view.zone)
            .time();
        text::held_until(view.lang, &view.dates.clock(local))
    };
    if let Some(own) = own {
        if own.start_time == start && own.end_time == end {
            return Some(FormHold {
                token: visitor.hold_token.clone().unwrap_or_default(),
                until: until(own.expires_at),
                new: false,
                seconds_left: own.expires_at - now,
            });
        }
        if let Err(e) = holds::release_row(ctx, &own).await {
            tracing::warn!(error = %e, "could not release the visitor's earlier hold");
        }
    }
    let local = chrono::DateTime::from_timestamp(start, 0)?
        .with_timezone(&view.zone)
        .naive_local();
    let time = holds::HoldTime {
        local,
        zone: view.zone,
        duration: Some(view.duration),
        private_link: view.link.clone(),
    };
    match holds::take(ctx, loaded.event().id, &time, &visitor.ip).await {
        Ok((token, made)) => Some(FormHold {
            token,
            until: until(made.expires_at),
            new: true,
            seconds_left: made.expires_at - now,
        }),
        Err(e) => {
            tracing::debug!(error = %e, "the form shows without a hold");
            None
        }
    }
}

/// Reads zone, clock, duration and embed from the query, noting any value not used.
fn read_view(
    loaded: &LoadedEvent,
    spec: &PageSpec,
    q: &BookingQuery,
    notices: &mut Vec<String>,
) -> View {
    let host_zone = loaded.host_zone;
    let lock = &loaded.settings.lock_timezone;
    let locked_zone = lock.enabled.then(|| parse_zone(&lock.timezone)).flatten();
    let default_zone = locked_zone.or(spec.zone).unwrap_or(host_zone);
    let (zone, zone_in_query) = match (locked_zone, q.tz.as_deref()) {
        (Some(zone), _) => (zone, false),
        (None, Some(text)) => match parse_zone(text) {
            Some(zone) => (zone, true),
            None => {
                notices.push(text::not_a_zone(spec.lang, text, default_zone.name()));
                (default_zone, false)
            }
        },
        (None, None) => (
            q.remembered_tz
                .as_deref()
                .and_then(parse_zone)
                .unwrap_or(default_zone),
            false,
        ),
    };
    let (h12, h12_in_query) = match q.h12.as_deref() {
        Some("1") => (true, true),
        Some("0") => (false, true),
        _ => (
            default_h12(spec.lang, loaded.general.time_format == "12"),
            false,
        ),
    };
    let md = &loaded.settings.multi_duration;
    let asked = q.duration.as_deref().map(|d| d.parse::<i64>().ok());
    let (duration, duration_in_query) = match asked {
        Some(Some(d)) if md.enabled && md.available_durations.contains(&d) => (d, true),
        Some(_) if md.enabled => {
            notices.push(text::DURATION_NOT_OFFERED.get(spec.lang));
            (loaded.duration(None), false)
        }
        _ => (loaded.duration(None), false),
    };
    View {
        path: spec.path.clone(),
        lang: spec.lang,
        dates: Dates::new(spec.lang, h12),
        zone,
        zone_in_query,
        h12,
        h12_in_query,
        duration,
        duration_in_query,
        embed: q.is_embed(),
        own_hold: None,
        link: q.link.clone(),
    }
}
