//! The public booking pages' data: the landing page, the booking page (month grid, the day's
//! times, the form) and the attendee's manage page. Times come from the same slot service as
//! `GET /bookings/slots/{id}`; bookings are written by the same create and self-service use
//! cases as the REST routes (see `src/pages.rs`), so no rule exists twice.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, NaiveDate, NaiveTime};
use chrono_tz::Tz;
use serde_json::Value;

use crate::service::bookings::create::{CreateRequest, create};
use crate::service::bookings::guard::SLOT_TAKEN;
use crate::service::bookings::self_service::{find_with_event, may_cancel, may_reschedule};
use crate::service::events::booking_fields::effective_fields;
use crate::service::slots::{LoadedEvent, SlotAnswer, SlotRequest, public_slots};
use crate::service::support::present::author_profile;
use crate::service::{Ctx, ServiceError, ServiceResult};
// Every visible text lives with the pages' texts (one place to translate).
use crate::domain::dates::{
    add_months, clock_label, first_of_month, full_date, month_caption, month_weeks, offset_change,
    offset_label, parse_date, parse_month, parse_time, zone_label,
};
use crate::domain::slots::local::local_of;
use crate::domain::zone::parse_zone;
use crate::model::public::{
    BookingForm, BookingPage, BookingQuery, CancelPage, Choice, DayCell, DaySlots, EventSummary,
    FormField, FormState, LandingEvent, LandingPage, ManagePage, MonthGrid, ReschedulePage,
    SlotLink, ZoneView,
};
use crate::store::bookings::BookingRow;
use crate::store::{booking_fields, calendars, events, users};
use crate::ui::public::text;

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
pub async fn landing(ctx: &Ctx, slug: &str) -> ServiceResult<LandingPage> {
    let mut conn = ctx.store.conn().await?;
    let cal = calendars::find_by_slug(conn.ex(), slug)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let settings = crate::service::support::present::calendar_settings(&cal);
    if !settings.sharing.is_enabled() || cal.status == "draft" {
        return Err(ServiceError::NotFound);
    }
    let owner = users::find(conn.ex(), cal.user_id).await?;
    let profile = author_profile(&cal, owner.as_ref());
    let mut list = events::list_for_calendars(conn.ex(), &[cal.id]).await?;
    list.retain(|ev| {
        ev.status == "active"
            && (settings.sharing.show_type != "selected"
                || settings.sharing.enabled_slots.contains(&ev.id))
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
    Ok(LandingPage {
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
                href: format!("/{}/{}", cal.slug, ev.slug),
                duration_label: text::duration(ev.duration),
            })
            .collect(),
    })
}

/// `/{calendar_slug}/{event_slug}`: 404 for an unknown or draft event.
pub async fn booking(
    ctx: &Ctx,
    calendar_slug: &str,
    event_slug: &str,
    q: &BookingQuery,
    now: i64,
) -> ServiceResult<BookingPage> {
    let loaded = event_by_slugs(ctx, calendar_slug, event_slug).await?;
    let path = format!("/{}/{}", loaded.row.cal_slug, loaded.event().slug);
    // The booking fields are read only when the form is shown (a time is chosen).
    let fields = match q.time {
        Some(_) => {
            form_fields(
                ctx,
                &loaded,
                loaded.duration(q.duration.as_deref().and_then(|d| d.parse().ok())),
            )
            .await?
        }
        None => Vec::new(),
    };
    let page = PageSpec {
        path,
        zone: None,
        fields,
        button: submit_text(&loaded),
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
) -> ServiceResult<ReschedulePage> {
    let (booking, loaded) = find_with_event(ctx, hash).await?;
    let manage = manage_view(ctx, &booking, &loaded, now).await?;
    if let Err(refused) = may_reschedule(&booking, &loaded, now) {
        return Ok(ReschedulePage {
            booking: manage,
            view: None,
            refused: Some(refused.to_string()),
        });
    }
    let reason = reason_field(ctx, &loaded, "rescheduling_reason").await?;
    let page = PageSpec {
        path: format!("/booking/{hash}/reschedule"),
        zone: parse_zone(&booking.person_time_zone),
        fields: reason.into_iter().collect(),
        button: text::CONFIRM_NEW_TIME.into(),
    };
    let view = build(ctx, &loaded, page, q, now).await?;
    Ok(ReschedulePage {
        booking: manage,
        view: Some(view),
        refused: None,
    })
}

/// `/booking/{hash}`.
pub async fn manage(ctx: &Ctx, hash: &str, now: i64) -> ServiceResult<ManagePage> {
    let (booking, loaded) = find_with_event(ctx, hash).await?;
    manage_view(ctx, &booking, &loaded, now).await
}

/// `/booking/{hash}/cancel`.
pub async fn cancel(ctx: &Ctx, hash: &str, now: i64) -> ServiceResult<CancelPage> {
    let (booking, loaded) = find_with_event(ctx, hash).await?;
    let refused = may_cancel(&booking, &loaded, now)
        .err()
        .map(|e| e.to_string());
    let reason_required = reason_field(ctx, &loaded, "cancellation_reason")
        .await?
        .is_some_and(|f| f.required);
    Ok(CancelPage {
        booking: manage_view(ctx, &booking, &loaded, now).await?,
        refused,
        reason_required,
    })
}

/// `/booking/{hash}/ics`: the meeting as iCalendar, from the generator the emails attach.
pub async fn ics(ctx: &Ctx, hash: &str) -> ServiceResult<String> {
    let (booking, loaded) = find_with_event(ctx, hash).await?;
    let mut conn = ctx.store.conn().await?;
    let host = users::find(conn.ex(), booking.host_user_id).await?;
    let location = location_of_booking(&loaded, &booking);
    Ok(crate::service::notifications::ics(
        &booking,
        &loaded.event().title,
        host.as_ref(),
        location.as_deref(),
        &ctx.public_url,
    ))
}

/// The active event a booking page address names.
async fn event_by_slugs(
    ctx: &Ctx,
    calendar_slug: &str,
    event_slug: &str,
) -> ServiceResult<LoadedEvent> {
    let event_id = {
        let mut conn = ctx.store.conn().await?;
        events::find_id_by_slugs(conn.ex(), calendar_slug, event_slug)
            .await?
            .ok_or(ServiceError::NotFound)?
    };
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
}

/// The view state read from the query, with what every link carries on.
struct View {
    path: String,
    zone: Tz,
    zone_in_query: bool,
    h12: bool,
    h12_in_query: bool,
    duration: i64,
    duration_in_query: bool,
    embed: bool,
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
    let view = read_view(loaded, &spec, q, &mut notices);
    let today = local_of(view.zone, now).0;
    let asked_date = q.date.as_deref().and_then(|text| {
        let date = parse_date(text);
        if date.is_none() {
            notices.push(text::not_a_date(text));
        }
        date
    });
    let asked_month = q.month.as_deref().and_then(|text| {
        let month = parse_month(text);
        if month.is_none() {
            notices.push(text::not_a_month(text));
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
    let chosen = asked_date.or_else(|| times.keys().next().copied());
    let last = parse_date(&answer.max_lookup_date).unwrap_or(today);
    let grid = grid(&view, month, &times, chosen, today, last);
    let day = chosen.map(|date| day_slots(&view, loaded, date, &times, q.time.as_deref()));

    let mut form = None;
    if let (Some(text), Some(day)) = (q.time.as_deref(), &day) {
        match day.slots.iter().find(|s| s.time == text) {
            Some(slot) => form = Some(booking_form(&view, day, slot, &spec)),
            None => notices.push(text::TIME_GONE.into()),
        }
    }
    let mut keep = view.kept();
    keep.retain(|(k, _)| k != "tz");
    if let Some(date) = chosen {
        keep.push(("date".into(), date.format("%Y-%m-%d").to_string()));
    }
    let label_date = chosen.unwrap_or(month);
    Ok(BookingPage {
        event: summary(loaded),
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
    })
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
                notices.push(text::not_a_zone(text, default_zone.name()));
                (default_zone, false)
            }
        },
        (None, None) => (default_zone, false),
    };
    let (h12, h12_in_query) = match q.h12.as_deref() {
        Some("1") => (true, true),
        Some("0") => (false, true),
        _ => (loaded.general.time_format == "12", false),
    };
    let md = &loaded.settings.multi_duration;
    let asked = q.duration.as_deref().map(|d| d.parse::<i64>().ok());
    let (duration, duration_in_query) = match asked {
        Some(Some(d)) if md.enabled && md.available_durations.contains(&d) => (d, true),
        Some(_) if md.enabled => {
            notices.push(text::DURATION_NOT_OFFERED.into());
            (loaded.duration(None), false)
        }
        _ => (loaded.duration(None), false),
    };
    View {
        path: spec.path.clone(),
        zone,
        zone_in_query,
        h12,
        h12_in_query,
        duration,
        duration_in_query,
        embed: q.is_embed(),
    }
}

/// The times of the month of `first` (from now on), in the view's zone.
async fn month_slots(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    view: &View,
    first: NaiveDate,
    now: i64,
) -> ServiceResult<SlotAnswer> {
    let request = SlotRequest {
        event_id: loaded.event().id,
        start: first.and_hms_opt(0, 0, 0),
        zone: view.zone,
        duration: Some(view.duration),
        host_id: None,
    };
    public_slots(ctx, request, now).await
}

/// The first month from `from` on with any time, searched across the whole booking window;
/// `from`'s month when there is none.
async fn first_month_with_times(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    view: &View,
    from: NaiveDate,
    now: i64,
) -> ServiceResult<(NaiveDate, SlotAnswer)> {
    let first = month_slots(ctx, loaded, view, from, now).await?;
    if !first.slots.is_empty() {
        return Ok((from, first));
    }
    let last = parse_date(&first.max_lookup_date)
        .map(first_of_month)
        .unwrap_or(from)
        .min(add_months(from, SEARCH_MONTHS));
    let mut month = add_months(from, 1);
    while month <= last {
        let answer = month_slots(ctx, loaded, view, month, now).await?;
        if !answer.slots.is_empty() {
            return Ok((month, answer));
        }
        month = add_months(month, 1);
    }
    Ok((from, first))
}

/// Offered starts per local date: (`HH:mm`, free seats).
fn times_by_date(answer: &SlotAnswer, zone: Tz) -> BTreeMap<NaiveDate, Vec<(NaiveTime, u32)>> {
    let mut times: BTreeMap<NaiveDate, Vec<(NaiveTime, u32)>> = BTreeMap::new();
    for slot in &answer.slots {
        let local = DateTime::from_timestamp(slot.start, 0)
            .unwrap_or_default()
            .with_timezone(&zone)
            .naive_local();
        times
            .entry(local.date())
            .or_default()
            .push((local.time(), slot.remaining));
    }
    times
}

fn grid(
    view: &View,
    month: NaiveDate,
    times: &BTreeMap<NaiveDate, Vec<(NaiveTime, u32)>>,
    chosen: Option<NaiveDate>,
    today: NaiveDate,
    last: NaiveDate,
) -> MonthGrid {
    let month_href = |m: NaiveDate| view.href(&[("month", m.format("%Y-%m").to_string())]);
    let weeks = month_weeks(month)
        .iter()
        .map(|week| {
            week.iter()
                .map(|day| match day {
                    None => DayCell {
                        day: 0,
                        label: String::new(),
                        href: None,
                        today: false,
                        chosen: false,
                        offset_changes: false,
                    },
                    Some(date) => DayCell {
                        day: date.day(),
                        label: full_date(*date),
                        href: times
                            .contains_key(date)
                            .then(|| view.href(&[("date", date.format("%Y-%m-%d").to_string())])),
                        today: *date == today,
                        chosen: Some(*date) == chosen,
                        offset_changes: offset_change(view.zone, *date).is_some(),
                    },
                })
                .collect()
        })
        .collect();
    let previous = add_months(month, -1);
    let next = add_months(month, 1);
    MonthGrid {
        caption: month_caption(month),
        weeks,
        previous: (month > first_of_month(today)).then(|| month_href(previous)),
        next: (next <= first_of_month(last)).then(|| month_href(next)),
    }
}

fn day_slots(
    view: &View,
    loaded: &LoadedEvent,
    date: NaiveDate,
    times: &BTreeMap<NaiveDate, Vec<(NaiveTime, u32)>>,
    chosen_time: Option<&str>,
) -> DaySlots {
    let ev = loaded.event();
    let show_seats = ev.event_type == "group" && ev.is_display_spots;
    let date_text = date.format("%Y-%m-%d").to_string();
    let slots = times
        .get(&date)
        .map(|list| {
            list.iter()
                .map(|(time, seats)| {
                    let hhmm = time.format("%H:%M").to_string();
                    SlotLink {
                        label: clock_label(*time, view.h12),
                        href: view.href(&[("date", date_text.clone()), ("time", hhmm.clone())]),
                        seats_left: show_seats.then_some(*seats),
                        chosen: chosen_time == Some(hhmm.as_str()),
                        time: hhmm,
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    DaySlots {
        label: full_date(date),
        date: date_text,
        slots,
        offset_note: offset_change(view.zone, date).map(|(before, after)| {
            text::clocks_change(
                view.zone.name(),
                &offset_label(before),
                &offset_label(after),
            )
        }),
    }
}

fn booking_form(view: &View, day: &DaySlots, slot: &SlotLink, spec: &PageSpec) -> BookingForm {
    let date = parse_date(&day.date).unwrap_or_default();
    let start = parse_time(&slot.time).unwrap_or_default();
    let end = start + chrono::Duration::minutes(view.duration);
    let summary = format!(
        "{}, {} \u{2013} {} ({})",
        day.label,
        clock_label(start, view.h12),
        clock_label(end, view.h12),
        zone_label(view.zone, date)
    );
    BookingForm {
        summary,
        action: view.href(&[("date", day.date.clone()), ("time", slot.time.clone())]),
        fields: spec.fields.clone(),
        button: spec.button.clone(),
        change_href: view.href(&[("date", day.date.clone())]),
    }
}

fn duration_choices(loaded: &LoadedEvent, view: &View, chosen: Option<NaiveDate>) -> Vec<Choice> {
    let md = &loaded.settings.multi_duration;
    if !md.enabled || md.available_durations.len() < 2 {
        return Vec::new();
    }
    md.available_durations
        .iter()
        .map(|minutes| {
            let mut extra = vec![("duration", minutes.to_string())];
            if let Some(date) = chosen {
                extra.push(("date", date.format("%Y-%m-%d").to_string()));
            }
            let mut v = View {
                duration_in_query: false,
                path: view.path.clone(),
                ..*view
            };
            v.duration = *minutes;
            Choice {
                label: text::duration(*minutes),
                href: v.href(&extra),
                current: *minutes == view.duration,
            }
        })
        .collect()
}

fn clock_choices(view: &View, chosen: Option<NaiveDate>) -> Vec<Choice> {
    [("12-hour", true), ("24-hour", false)]
        .into_iter()
        .map(|(label, h12)| {
            let mut extra = vec![("h12", if h12 { "1" } else { "0" }.to_string())];
            if let Some(date) = chosen {
                extra.push(("date", date.format("%Y-%m-%d").to_string()));
            }
            let v = View {
                h12_in_query: false,
                path: view.path.clone(),
                ..*view
            };
            Choice {
                label: label.into(),
                href: v.href(&extra),
                current: h12 == view.h12,
            }
        })
        .collect()
}

fn summary(loaded: &LoadedEvent) -> EventSummary {
    let row = &loaded.row;
    let host_name = row.owner_name().unwrap_or_default();
    let md = &loaded.settings.multi_duration;
    let duration_label = if md.enabled && md.available_durations.len() > 1 {
        md.available_durations
            .iter()
            .map(|m| text::duration(*m))
            .collect::<Vec<_>>()
            .join(" or ")
    } else {
        text::duration(loaded.duration(None))
    };
    let locations = event_locations(loaded);
    let color = row.event.color_schema.trim();
    EventSummary {
        title: row.event.title.clone(),
        brand_color: if crate::service::support::input::is_hex_color(color) && color.len() == 7 {
            color.to_string()
        } else {
            "#0099ff".into()
        },
        theme: loaded.general.theme.clone(),
        accent: crate::domain::brand::accent_style(&loaded.general.brand_color),
        calendar_title: row.cal_title.clone(),
        calendar_href: format!("/{}", row.cal_slug),
        host_name,
        host_photo: row.owner_avatar.clone().unwrap_or_default(),
        duration_label,
        location: (!locations.is_empty()).then(|| {
            locations
                .iter()
                .map(|(_, label)| label.clone())
                .collect::<Vec<_>>()
                .join(" or ")
        }),
        description_html: row.event.description.clone(),
    }
}

/// The event's locations: (type, what the attendee reads).
fn event_locations(loaded: &LoadedEvent) -> Vec<(String, String)> {
    serde_json::from_str::<Vec<Value>>(&loaded.event().location_settings)
        .unwrap_or_default()
        .iter()
        .filter_map(|l| {
            let kind = l.get("type").and_then(Value::as_str)?.to_string();
            let field = |k: &str| {
                l.get(k)
                    .and_then(Value::as_str)
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
            };
            let label = match kind.as_str() {
                "in_person_organizer" => match (field("title"), field("description")) {
                    (Some(t), Some(d)) => format!("{t}, {d}"),
                    (t, d) => t.or(d).unwrap_or_else(|| text::IN_PERSON.into()),
                },
                "in_person_guest" => text::IN_PERSON_GUEST.into(),
                "phone_organizer" => match field("host_phone_number") {
                    Some(n) => text::phone_call_to_host(&n),
                    None => text::PHONE_CALL.into(),
                },
                "phone_guest" => text::PHONE_GUEST.into(),
                "custom" => field("title").unwrap_or_else(|| text::CUSTOM_LOCATION.into()),
                _ => field("title").unwrap_or_else(|| text::ONLINE_MEETING.into()),
            };
            Some((kind, label))
        })
        .collect()
}

/// Where the booked meeting happens, as the attendee reads it.
pub(crate) fn location_of_booking(loaded: &LoadedEvent, booking: &BookingRow) -> Option<String> {
    let chosen = serde_json::from_str::<Value>(&booking.location_details).ok();
    let kind = chosen
        .as_ref()
        .and_then(|v| v.get("type"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let detail = chosen
        .as_ref()
        .and_then(|v| v.get("description"))
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string);
    let locations = event_locations(loaded);
    let label = match &kind {
        Some(k) => locations
            .iter()
            .find(|(t, _)| t == k)
            .map(|(_, l)| l.clone()),
        None => locations.first().map(|(_, l)| l.clone()),
    };
    match (kind.as_deref(), label, detail) {
        (Some("in_person_guest"), _, Some(address)) => Some(address),
        (Some("phone_guest"), _, Some(phone)) => Some(text::phone_call_to_attendee(&phone)),
        (_, Some(label), _) => Some(label),
        (_, None, detail) => detail,
    }
}

fn submit_text(loaded: &LoadedEvent) -> String {
    let text = loaded.settings.submit_button_text.trim();
    if text.is_empty() || text.eq_ignore_ascii_case("submit") {
        text::CONFIRM_BOOKING.into()
    } else {
        text.to_string()
    }
}

/// The form's inputs: the event's enabled, visible booking fields; the location choice when the
/// event offers several. Keys match what `src/pages.rs` turns into the create body.
async fn form_fields(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    duration: i64,
) -> ServiceResult<Vec<FormField>> {
    let (stored, payment) = {
        let mut conn = ctx.store.conn().await?;
        (
            booking_fields::list(conn.ex(), loaded.event().id).await?,
            crate::service::events::payments::load(conn.ex(), loaded.event().id).await?,
        )
    };
    let locations = event_locations(loaded);
    let mut out = Vec::new();
    for f in effective_fields(loaded.event(), stored) {
        if !f.enabled || !f.is_visible || NOT_ON_FORM.contains(&f.name.as_str()) {
            continue;
        }
        let config = serde_json::from_str::<Value>(&f.config).unwrap_or(Value::Null);
        let mut options: Vec<(String, String)> = config
            .get("options")
            .or_else(|| config.get("payment_items"))
            .and_then(Value::as_array)
            .map(|list| {
                list.iter()
                    .filter_map(|o| {
                        let value = o
                            .as_str()
                            .or_else(|| o.get("value").and_then(Value::as_str))?;
                        let label = o.get("label").and_then(Value::as_str).unwrap_or(value);
                        Some((value.to_string(), label.to_string()))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let name = match f.name.as_str() {
            "location" => {
                options = locations.clone();
                "location_type".to_string()
            }
            n if f.system_defined => n.to_string(),
            n => format!("custom_fields.{n}"),
        };
        let help_text = if f.field_type == "multi-guests" && f.help_text.is_empty() {
            if loaded.event().event_type == "group" {
                text::GUESTS_HELP_GROUP.into()
            } else {
                text::GUESTS_HELP.into()
            }
        } else {
            f.help_text.clone()
        };
        out.push(FormField {
            name,
            label: f.label.clone(),
            kind: f.field_type.clone(),
            required: f.required,
            placeholder: f.placeholder.clone(),
            help_text,
            options,
        });
    }
    if let Some(field) = payment_field(loaded, &payment, duration) {
        out.push(field);
    }
    Ok(out)
}

/// A paid event's "Payment" choice: each method with the price of the chosen duration, and
/// the offline instructions as help.
fn payment_field(
    loaded: &LoadedEvent,
    payment: &crate::service::events::payments::EventPayment,
    duration: i64,
) -> Option<FormField> {
    let site = &loaded.general.payments;
    let lines = crate::service::events::payments::price(payment, site, duration)?;
    let total = crate::domain::money::format_amount(
        lines.iter().map(|(_, v)| v).sum(),
        &crate::service::events::payments::money_format(site),
    );
    let options = crate::service::events::payments::methods(payment)
        .iter()
        .map(|m| (m.key().to_string(), format!("{} ({total})", m.title())))
        .collect();
    Some(FormField {
        name: "payment_method".into(),
        label: "Payment".into(),
        kind: "payment".into(),
        required: true,
        placeholder: String::new(),
        help_text: crate::domain::smart_codes::html_to_text(&payment.offline_instructions)
            .trim()
            .to_string(),
        options,
    })
}

/// A reason field (`cancellation_reason`, `rescheduling_reason`) when the event asks for it.
async fn reason_field(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    name: &str,
) -> ServiceResult<Option<FormField>> {
    let stored = {
        let mut conn = ctx.store.conn().await?;
        booking_fields::list(conn.ex(), loaded.event().id).await?
    };
    Ok(effective_fields(loaded.event(), stored)
        .into_iter()
        .find(|f| f.name == name && f.enabled)
        .map(|f| FormField {
            name: f.name.clone(),
            label: text::reason_label(&f.label),
            kind: "textarea".into(),
            required: f.required,
            placeholder: f.placeholder.clone(),
            help_text: f.help_text.clone(),
            options: Vec::new(),
        }))
}

async fn manage_view(
    ctx: &Ctx,
    booking: &BookingRow,
    loaded: &LoadedEvent,
    now: i64,
) -> ServiceResult<ManagePage> {
    let mut conn = ctx.store.conn().await?;
    let host = users::find(conn.ex(), booking.host_user_id).await?;
    drop(conn);
    let zone = parse_zone(&booking.person_time_zone).unwrap_or(loaded.host_zone);
    let h12 = loaded.general.time_format == "12";
    let start = DateTime::from_timestamp(booking.start_time, 0)
        .unwrap_or_default()
        .with_timezone(&zone)
        .naive_local();
    let end = DateTime::from_timestamp(booking.end_time, 0)
        .unwrap_or_default()
        .with_timezone(&zone)
        .naive_local();
    let when = format!(
        "{}, {} \u{2013} {}",
        full_date(start.date()),
        clock_label(start.time(), h12),
        clock_label(end.time(), h12)
    );
    let heading = text::status_heading(&booking.status);
    let title = loaded.event().title.clone();
    let host_name = host.as_ref().map(|h| h.full_name()).unwrap_or_default();
    let location = location_of_booking(loaded, booking);
    let hash = booking.hash.clone();
    let (google_href, outlook_href) =
        calendar_links(booking, &title, location.as_deref(), &ctx.public_url);
    Ok(ManagePage {
        theme: loaded.general.theme.clone(),
        accent: crate::domain::brand::accent_style(&loaded.general.brand_color),
        heading: heading.into(),
        status: booking.status.clone(),
        event_title: title,
        host_name,
        attendee_name: format!("{} {}", booking.first_name, booking.last_name)
            .trim()
            .to_string(),
        when,
        zone_label: zone_label(zone, start.date()),
        location,
        google_href,
        outlook_href,
        ics_href: format!("/booking/{hash}/ics"),
        reschedule_href: may_reschedule(booking, loaded, now)
            .is_ok()
            .then(|| format!("/booking/{hash}/reschedule")),
        cancel_href: may_cancel(booking, loaded, now)
            .is_ok()
            .then(|| format!("/booking/{hash}/cancel")),
        book_again_href: format!("/{}/{}", loaded.row.cal_slug, loaded.event().slug),
        start_time: crate::service::bookings::views::utc_text(booking.start_time),
        hash,
    })
}

/// "Add to Google Calendar" and "Add to Outlook" addresses of a booking.
pub(crate) fn calendar_links(
    booking: &BookingRow,
    title: &str,
    location: Option<&str>,
    public_url: &str,
) -> (String, String) {
    let utc = |t: i64| {
        DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .format("%Y%m%dT%H%M%SZ")
            .to_string()
    };
    let iso = |t: i64| {
        DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .format("%Y-%m-%dT%H:%M:%SZ")
            .to_string()
    };
    let details = format!("{public_url}/booking/{}", booking.hash);
    let location = location.unwrap_or_default().to_string();
    let google = external_link(
        "https://calendar.google.com/calendar/render",
        &[
            ("action", "TEMPLATE".into()),
            ("text", title.to_string()),
            (
                "dates",
                format!("{}/{}", utc(booking.start_time), utc(booking.end_time)),
            ),
            ("details", details.clone()),
            ("location", location.clone()),
        ],
    );
    let outlook = external_link(
        "https://outlook.live.com/calendar/0/deeplink/compose",
        &[
            ("path", "/calendar/action/compose".into()),
            ("rru", "addevent".into()),
            ("subject", title.to_string()),
            ("startdt", iso(booking.start_time)),
            ("enddt", iso(booking.end_time)),
            ("body", details),
            ("location", location),
        ],
    );
    (google, outlook)
}

fn external_link(base: &str, params: &[(&str, String)]) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    for (key, value) in params {
        query.append_pair(key, value);
    }
    format!("{base}?{}", query.finish())
}

/// The outcome of a posted form: done (the booking's hash), or the page again with the
/// entered values, the messages and the status to answer with.
#[derive(Debug)]
pub enum Submitted {
    Done(String),
    Refused {
        state: FormState,
        status: u16,
        /// The chosen time is gone: show the day's remaining times instead of the form.
        drop_time: bool,
    },
}

/// A posted booking form, written by the same create use case as `POST /bookings/create/{id}`.
pub async fn submit_booking(
    ctx: &Ctx,
    calendar_slug: &str,
    event_slug: &str,
    q: &BookingQuery,
    form: &[(String, String)],
    ip: &str,
) -> ServiceResult<Submitted> {
    let loaded = event_by_slugs(ctx, calendar_slug, event_slug).await?;
    let spec = PageSpec {
        path: String::new(),
        zone: None,
        fields: form_fields(
            ctx,
            &loaded,
            loaded.duration(q.duration.as_deref().and_then(|d| d.parse().ok())),
        )
        .await?,
        button: String::new(),
    };
    let state = FormState::from_pairs(form);
    let Some(event_time) = chosen_time(q) else {
        return Ok(refused(state, 409, true, SLOT_TAKEN));
    };
    let view = read_view(&loaded, &spec, q, &mut Vec::new());
    let body = create_body(&loaded, &spec.fields, &state, &view, &event_time);
    let request = CreateRequest {
        event_id: loaded.event().id,
        body: &body,
        caller: None,
        idempotency_key: None,
        ip,
    };
    match create(ctx, request).await {
        Ok(answer) => Ok(Submitted::Done(answer.booking.hash)),
        Err(e) => refusal(e, state),
    }
}

/// A posted cancel form, by the same use case as `POST /bookings/{hash}/cancel`.
pub async fn submit_cancel(
    ctx: &Ctx,
    hash: &str,
    form: &[(String, String)],
) -> ServiceResult<Submitted> {
    let state = FormState::from_pairs(form);
    let body = serde_json::json!({"cancellation_reason": state.value("cancellation_reason")});
    match crate::service::bookings::self_service::cancel(ctx, hash, &body, None).await {
        Ok(_) => Ok(Submitted::Done(hash.to_string())),
        Err(e) => refusal(e, state),
    }
}

/// A posted new time, by the same use case as `POST /bookings/{hash}/reschedule`.
pub async fn submit_reschedule(
    ctx: &Ctx,
    hash: &str,
    q: &BookingQuery,
    form: &[(String, String)],
) -> ServiceResult<Submitted> {
    let (booking, loaded) = find_with_event(ctx, hash).await?;
    let state = FormState::from_pairs(form);
    let Some(event_time) = chosen_time(q) else {
        return Ok(refused(state, 409, true, SLOT_TAKEN));
    };
    let spec = PageSpec {
        path: String::new(),
        zone: parse_zone(&booking.person_time_zone),
        fields: Vec::new(),
        button: String::new(),
    };
    let view = read_view(&loaded, &spec, q, &mut Vec::new());
    let body = serde_json::json!({
        "event_time": event_time,
        "timezone": view.zone.name(),
        "rescheduling_reason": state.value("rescheduling_reason"),
    });
    match crate::service::bookings::self_service::reschedule(ctx, hash, &body, None).await {
        Ok(_) => Ok(Submitted::Done(hash.to_string())),
        Err(e) => refusal(e, state),
    }
}

/// `date` + `time` of the page's query as the create body's `event_time`.
fn chosen_time(q: &BookingQuery) -> Option<String> {
    let date = parse_date(q.date.as_deref()?)?;
    let time = parse_time(q.time.as_deref()?)?;
    Some(format!(
        "{} {}:00",
        date.format("%Y-%m-%d"),
        time.format("%H:%M")
    ))
}

fn refused(state: FormState, status: u16, drop_time: bool, message: &str) -> Submitted {
    Submitted::Refused {
        state: FormState {
            message: Some(message.to_string()),
            ..state
        },
        status,
        drop_time,
    }
}

/// A refused write as the form shows it: each field's message beside it (under the form's
/// own key), the headline in the alert. Store failures stay errors.
fn refusal(error: ServiceError, mut state: FormState) -> ServiceResult<Submitted> {
    match error {
        ServiceError::Validation { message, errors } => {
            for (field, text) in errors.messages() {
                let key = form_key(field, &state);
                state.errors.entry(key).or_insert_with(|| text.to_string());
            }
            Ok(refused(state, 422, false, &message))
        }
        ServiceError::SlotUnavailable { message, .. } => Ok(refused(state, 409, true, &message)),
        ServiceError::Conflict { message, .. } | ServiceError::Unprocessable { message, .. } => {
            Ok(refused(state, 409, false, &message))
        }
        ServiceError::Forbidden(message) => Ok(refused(state, 403, false, &message)),
        other => Err(other),
    }
}

/// The form key an error of the create body belongs to.
fn form_key(field: &str, state: &FormState) -> String {
    if field.starts_with("guests") {
        return "guests".into();
    }
    if field == "location_description" {
        let key = if state.values.contains_key("phone_number") {
            "phone_number"
        } else {
            "address"
        };
        return key.into();
    }
    field.to_string()
}

/// The create body of `POST /bookings/create/{id}` from the form's answers.
fn create_body(
    loaded: &LoadedEvent,
    fields: &[FormField],
    state: &FormState,
    view: &View,
    event_time: &str,
) -> Value {
    let mut body = serde_json::Map::new();
    body.insert("timezone".into(), view.zone.name().into());
    body.insert("event_time".into(), event_time.into());
    if loaded.settings.multi_duration.enabled {
        body.insert("duration".into(), view.duration.into());
    }
    let mut custom = serde_json::Map::new();
    for field in fields {
        let values = state.values.get(&field.name).cloned().unwrap_or_default();
        let first = values.first().cloned().unwrap_or_default();
        let value = match field.kind.as_str() {
            "checkbox-group" | "multi-select" => Value::from(values),
            "checkbox" | "terms-and-conditions" => Value::Bool(first == "yes"),
            "multi-guests" => Value::from(guests(&first)),
            _ => Value::from(first),
        };
        match field.name.strip_prefix("custom_fields.") {
            Some(name) => {
                custom.insert(name.to_string(), value);
            }
            None => {
                body.insert(field.name.clone(), value);
            }
        }
    }
    if let Some(Value::String(address)) = body.get("address").cloned() {
        body.insert("location_description".into(), address.into());
    }
    body.insert("custom_fields".into(), Value::Object(custom));
    Value::Object(body)
}

/// Guests from a textarea: one per line, `email` or `Name <email>`.
fn guests(text: &str) -> Vec<Value> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (name, email) = match line.rsplit_once('<') {
                Some((name, rest)) => (name.trim(), rest.trim_end_matches('>').trim()),
                None => ("", line),
            };
            serde_json::json!({"name": name, "email": email})
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_words() {
        assert_eq!(text::duration(30), "30 minutes");
        assert_eq!(text::duration(60), "1 hour");
        assert_eq!(text::duration(90), "1 hour 30 minutes");
        assert_eq!(text::duration(120), "2 hours");
    }
}

#[cfg(test)]
mod form_tests {
    use super::*;

    #[test]
    fn guests_read_one_per_line_with_or_without_a_name() {
        let list = guests("a@example.org\n\n  Bea Lee <bea@example.org>  \n");
        assert_eq!(list.len(), 2);
        assert_eq!(list[0]["email"], "a@example.org");
        assert_eq!(list[0]["name"], "");
        assert_eq!(list[1]["name"], "Bea Lee");
        assert_eq!(list[1]["email"], "bea@example.org");
    }

    #[test]
    fn the_chosen_time_needs_a_real_date_and_time() {
        let q = |date: &str, time: &str| BookingQuery {
            date: Some(date.into()),
            time: Some(time.into()),
            ..BookingQuery::default()
        };
        assert_eq!(
            chosen_time(&q("2026-12-14", "09:30")).as_deref(),
            Some("2026-12-14 09:30:00")
        );
        assert_eq!(chosen_time(&q("2026-12-32", "09:30")), None);
        assert_eq!(chosen_time(&q("2026-12-14", "25:00")), None);
        assert_eq!(chosen_time(&BookingQuery::default()), None);
    }
}
