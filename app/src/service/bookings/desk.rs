//! The bookings desk: `/admin/bookings/{id}` and the list's bulk changes, over the services of
//! `/schedules/{id}` (same visibility, same transitions, same messages as the REST routes).

use crate::texts::dashboard::t;
use chrono::{DateTime, NaiveDate, NaiveTime};
use chrono_tz::Tz;
use serde_json::Value;

use super::host_actions;
use super::new_booking::Answer;
use super::update::{self, BookingChange, UpdateBooking};
use super::views::status_text;
use crate::domain::dates::zone_label;
use crate::domain::transitions;
use crate::domain::values::{BookingStatus, PaymentStatus};
use crate::domain::zone::parse_zone;
use crate::model::desk::{BookingDetail, BulkOutcome, DeskAction, Guest, STATUS_ACTIONS};
use crate::service::outbox::Message;
use crate::service::slots::{LoadedEvent, SlotRequest};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::booking_list;
use crate::store::bookings::{self, BookingRow};
use crate::store::{Ex, booking_fields, calendars, reborrow};

/// Group members listed on the detail page at most.
const GUESTS_SHOWN: usize = 200;
/// Bookings one bulk change may name.
pub const BULK_MAX: usize = 100;

/// A failed delivery as the detail page lists it: (outbox id, what it was, the last error).
fn failed_delivery(d: crate::store::outbox::DeliveryRow) -> (i64, String, String) {
    let what = match Message::parse(&d.kind, &d.payload) {
        Ok(Message::Email(n)) => format!("Email {}", n.template.replace('_', " ")),
        Ok(Message::Sms(n)) => format!("text {}", n.template.replace('_', " ")),
        Ok(Message::Webhook(w)) => format!("Webhook {}", w.trigger.replace('_', " ")),
        Ok(Message::CalendarWrite(_)) => "Calendar write-back".to_string(),
        Ok(Message::BookingLink(_)) => "Email with the booking's link".to_string(),
        Ok(Message::Waitlist(_)) => "Waitlist email".to_string(),
        Ok(Message::TestEmail(_)) | Err(_) => d.kind.clone(),
    };
    (d.id, what, d.last_error.unwrap_or_default())
}

/// A series member's dates for its detail page: (label, link, cancelled), the page's own
/// without a link; and whether a later date is still open.
async fn series_lines(
    ex: Ex<'_>,
    b: &BookingRow,
    zone: Tz,
) -> ServiceResult<(Vec<(String, String, bool)>, bool)> {
    let occurrences = match b.series_id {
        Some(series) => bookings::of_series(ex, series).await?,
        None => Vec::new(),
    };
    let later_open = occurrences.iter().any(|o| {
        o.start_time > b.start_time && matches!(o.status.as_str(), "scheduled" | "pending")
    });
    let lines = occurrences
        .iter()
        .map(|o| {
            let at = local(o.start_time, zone);
            let dates = crate::texts::dashboard::dates(true);
            let label = format!("{}, {}", dates.full_date(at.date()), dates.clock(at.time()));
            let href = if o.id == b.id {
                String::new()
            } else {
                format!("/admin/bookings/{}", o.id)
            };
            (
                label,
                href,
                matches!(o.status.as_str(), "cancelled" | "rejected"),
            )
        })
        .collect();
    Ok((lines, later_open))
}

/// Where the meeting happens, as the desk (the dashboard, in English) names it.
fn location_in_english(loaded: &LoadedEvent, booking: &BookingRow) -> Option<String> {
    crate::service::bookings::location::location_of_booking(
        loaded,
        booking,
        crate::domain::language::Lang::En,
    )
}

/// `/admin/bookings/{id}`: everything about one booking the caller may see (404 otherwise).
/// `reschedule_date` picks the day whose offered times the reschedule form lists.
pub async fn detail(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    reschedule_date: Option<&str>,
    now: i64,
) -> ServiceResult<BookingDetail> {
    let mut conn = ctx.store.conn().await?;
    let row = host_actions::load(conn.ex(), caller, id).await?;
    let b = &row.booking;
    let zone = calendar_zone(conn.ex(), b.calendar_id).await?;
    let loaded = crate::service::slots::load_event(conn.ex(), b.event_id)
        .await
        .ok();
    let meta = bookings::meta_of(conn.ex(), id).await?;
    let labels: Vec<(String, String)> = booking_fields::list(conn.ex(), b.event_id)
        .await?
        .into_iter()
        .map(|f| (f.name, f.label))
        .collect();
    let guests = guests_of(conn.ex(), b, &meta).await?;
    let activities = booking_list::activities(conn.ex(), id).await?;
    let failed_deliveries = crate::store::outbox::for_booking(conn.ex(), id)
        .await?
        .into_iter()
        .filter(|d| d.status == "failed")
        .map(failed_delivery)
        .collect();
    let (series, later_open) = series_lines(conn.ex(), b, zone).await?;
    drop(conn);

    let attendee_zone = parse_zone(&b.person_time_zone).unwrap_or(zone);
    let start_date = local(b.start_time, zone).date();
    let status = BookingStatus::parse(&b.status);
    let may_reschedule =
        status.is_some_and(BookingStatus::is_open) && b.start_time > now && loaded.is_some();
    let reschedule_date = reschedule_date
        .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
        .unwrap_or(start_date);
    let reschedule_times = match (&loaded, may_reschedule) {
        (Some(loaded), true) => offered_times(ctx, loaded, zone, reschedule_date, now).await?,
        _ => Vec::new(),
    };
    Ok(BookingDetail {
        id,
        attendee: full_name(b),
        email: b.email.clone(),
        phone: b.phone.clone(),
        event: row.event_title.clone().unwrap_or_default(),
        calendar: row.cal_title.clone().unwrap_or_default(),
        host: row.host_name().unwrap_or_default(),
        status: b.status.clone(),
        status_label: status_words(&b.status),
        when_host: span(b, zone),
        host_zone: zone_label(zone, start_date),
        when_attendee: (attendee_zone != zone).then(|| span(b, attendee_zone)),
        attendee_zone: zone_label(attendee_zone, local(b.start_time, attendee_zone).date()),
        location: loaded
            .as_ref()
            .and_then(|l| location_in_english(l, b))
            .unwrap_or_default(),
        payment: match (&b.payment_status, &b.payment_method) {
            (Some(s), Some(m)) if !s.is_empty() && !m.is_empty() => {
                format!("{} ({m})", status_text(s))
            }
            (Some(s), _) if !s.is_empty() => status_text(s),
            _ => String::new(),
        },
        source: if b.source_url.is_empty() {
            b.source.clone()
        } else {
            format!("{} \u{00b7} {}", b.source, b.source_url)
        },
        message: b.message.clone(),
        answers: answers(&meta, &labels),
        guests,
        internal_note: b.internal_note.clone(),
        actions: STATUS_ACTIONS
            .iter()
            .filter(|(_, to, _)| status.is_some_and(|from| transitions::allowed(from, *to)))
            .map(|(name, _, _)| (name.to_string(), action_words(name).to_string()))
            .chain(
                (later_open
                    && status
                        .is_some_and(|from| transitions::allowed(from, BookingStatus::Cancelled)))
                .then(|| {
                    (
                        "cancel_following".to_string(),
                        t("action-cancel-following").to_string(),
                    )
                }),
            )
            .collect(),
        may_reschedule,
        reschedule_date: reschedule_date.format("%Y-%m-%d").to_string(),
        reschedule_times,
        activities: activities
            .iter()
            .map(|a| crate::service::bookings::activity_line::activity_line(a, zone))
            .collect(),
        payment_pending: b.payment_status.as_deref() == Some("pending"),
        paid: b.payment_status.as_deref() == Some("paid"),
        failed_deliveries,
        series,
    })
}

/// Makes one change through the service its REST route uses; the refusal is that route's.
pub async fn act(ctx: &Ctx, caller: &Caller, id: i64, action: &DeskAction) -> ServiceResult<()> {
    let change = match action {
        DeskAction::SaveNote { note } => BookingChange::InternalNote(note.trim().to_string()),
        DeskAction::MarkPaid => BookingChange::PaymentStatus(PaymentStatus::Paid),
        DeskAction::ResendConfirmation => {
            return host_actions::send_confirmation(ctx, caller, id, "guest")
                .await
                .map(drop);
        }
        DeskAction::RetryDelivery { delivery } => {
            return host_actions::retry_delivery(ctx, caller, id, *delivery)
                .await
                .map(drop);
        }
        DeskAction::Reschedule { date, time, reason } => {
            return reschedule(ctx, caller, id, date, time, reason).await;
        }
        DeskAction::Confirm | DeskAction::NoShow | DeskAction::Complete => BookingChange::Status {
            to: action.target_status().unwrap_or(BookingStatus::Scheduled),
            reason: String::new(),
            refund: false,
        },
        DeskAction::Cancel { reason, refund, .. } => BookingChange::Status {
            to: BookingStatus::Cancelled,
            reason: reason.trim().to_string(),
            refund: *refund,
        },
        DeskAction::Reject { reason } => BookingChange::Status {
            to: BookingStatus::Rejected,
            reason: reason.trim().to_string(),
            refund: false,
        },
    };
    let scope = match action {
        DeskAction::Cancel {
            following: true, ..
        } => crate::service::bookings::self_service::CancelScope::Following,
        _ => crate::service::bookings::self_service::CancelScope::This,
    };
    let command = UpdateBooking {
        change,
        update_all: false,
        scope,
    };
    update::apply(ctx, caller, id, &command).await.map(drop)
}

/// The list's "Confirm selected" / "Cancel selected": each booking through [`act`] on its
/// own, so one refusal changes nothing of the others.
pub async fn bulk(
    ctx: &Ctx,
    caller: &Caller,
    ids: &[i64],
    action: &DeskAction,
) -> ServiceResult<BulkOutcome> {
    if ids.is_empty() {
        return Err(ServiceError::field(
            "ids",
            "required",
            "Select at least one booking.",
        ));
    }
    if ids.len() > BULK_MAX {
        return Err(ServiceError::field(
            "ids",
            "max",
            &format!("Select at most {BULK_MAX} bookings at a time."),
        ));
    }
    let mut outcome = BulkOutcome::default();
    for &id in ids {
        let name = {
            let mut conn = ctx.store.conn().await?;
            match host_actions::load(conn.ex(), caller, id).await {
                Ok(row) => full_name(&row.booking),
                // Another host's or a missing booking: refused like any other, named by id.
                Err(ServiceError::NotFound) => {
                    outcome.refused.push((
                        id,
                        format!("#{id}"),
                        t("there-is-no-such-booking").into(),
                    ));
                    continue;
                }
                Err(e) => return Err(e),
            }
        };
        match act(ctx, caller, id, action).await {
            Ok(()) => outcome.done.push((id, name)),
            Err(ServiceError::Store(e)) => return Err(ServiceError::Store(e)),
            Err(refusal) => {
                let why = refusal.said_in(crate::texts::dashboard::lang());
                outcome.refused.push((id, name, why));
            }
        }
    }
    Ok(outcome)
}

/// Moves the booking to an offered time through the reschedule service of
/// `POST /bookings/{hash}/reschedule`, which checks every rule again under its lock.
async fn reschedule(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    date: &str,
    time: &str,
    reason: &str,
) -> ServiceResult<()> {
    let (hash, zone) = {
        let mut conn = ctx.store.conn().await?;
        let row = host_actions::load(conn.ex(), caller, id).await?;
        let zone = calendar_zone(conn.ex(), row.booking.calendar_id).await?;
        (row.booking.hash, zone)
    };
    if time.trim().is_empty() {
        return Err(ServiceError::field(
            "event_time",
            "required",
            "Please select a date and time",
        ));
    }
    let start = crate::domain::dates::parse_date(date.trim())
        .zip(crate::domain::dates::parse_time(time.trim()))
        .map(|(date, time)| date.and_time(time))
        .ok_or_else(|| {
            ServiceError::field("event_time", "date_format", super::form::EVENT_TIME_FORMAT)
        })?;
    let command = super::self_service::RescheduleBooking::new(
        start,
        crate::domain::values::TimeZoneId::parse(zone.name()),
        reason,
    )?;
    super::self_service::reschedule(ctx, &hash, &command, Some(caller))
        .await
        .map(drop)
}

/// The start times offered on `date` (host's zone), as `(HH:MM, label)`.
async fn offered_times(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    zone: Tz,
    date: NaiveDate,
    now: i64,
) -> ServiceResult<Vec<(String, String)>> {
    let request = SlotRequest {
        event_id: loaded.event().id,
        start: date.and_hms_opt(0, 0, 0),
        zone,
        duration: None,
        host_id: None,
        own_hold: None,
        access: crate::service::slots::SlotAccess::Checked,
        waitlist: false,
    };
    let answer = match crate::service::slots::public_slots(ctx, request, now).await {
        Ok(answer) => answer,
        // A draft or closed event offers nothing; the form says so.
        Err(ServiceError::Unprocessable { .. }) => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let key = date.format("%Y-%m-%d").to_string();
    Ok(answer
        .by_date
        .get(&key)
        .map(|times| {
            times
                .iter()
                .filter_map(|t| {
                    let clock = NaiveTime::parse_from_str(t, "%H:%M").ok()?;
                    Some((t.clone(), crate::texts::dashboard::dates(true).clock(clock)))
                })
                .collect()
        })
        .unwrap_or_default())
}

async fn calendar_zone(ex: Ex<'_>, calendar_id: i64) -> ServiceResult<Tz> {
    Ok(calendars::find(ex, calendar_id)
        .await?
        .and_then(|cal| parse_zone(&cal.author_timezone))
        .unwrap_or(chrono_tz::UTC))
}

fn local(epoch: i64, zone: Tz) -> chrono::NaiveDateTime {
    DateTime::from_timestamp(epoch, 0)
        .unwrap_or_default()
        .with_timezone(&zone)
        .naive_local()
}

/// "Tuesday 24 November 2026, 9:00am – 9:30am" in `zone`.
fn span(b: &BookingRow, zone: Tz) -> String {
    let (start, end) = (local(b.start_time, zone), local(b.end_time, zone));
    let dates = crate::texts::dashboard::dates(true);
    format!(
        "{}, {} \u{2013} {}",
        dates.full_date(start.date()),
        dates.clock(start.time()),
        dates.clock(end.time())
    )
}

/// A booking status as the dashboard names it ("Scheduled", "Geplant").
fn status_words(status: &str) -> String {
    crate::texts::dashboard::status(status).map_or_else(|| status_text(status), str::to_string)
}

/// A status button's words, by its action name.
fn action_words(name: &str) -> &'static str {
    match name {
        "confirm" => t("action-confirm"),
        "reject" => t("action-reject"),
        "cancel" => t("action-cancel"),
        "no_show" => t("action-no-show"),
        _ => t("action-complete"),
    }
}

/// The attendee's name, or that it was erased (DESIGN 2.11).
fn full_name(b: &BookingRow) -> String {
    if b.erased_at.is_some() {
        return crate::texts::ERASED_ATTENDEE.into();
    }
    format!("{} {}", b.first_name, b.last_name)
        .trim()
        .to_string()
}

/// The other seats of a group booking, or the guests the attendee invited.
async fn guests_of(
    mut ex: Ex<'_>,
    b: &BookingRow,
    meta: &[(String, String)],
) -> ServiceResult<Vec<Guest>> {
    if b.kind().is_group() {
        let ids = booking_list::group_ids(reborrow(&mut ex), b.group_id.unwrap_or(b.id)).await?;
        let mut guests = Vec::new();
        for other in ids.into_iter().filter(|&i| i != b.id).take(GUESTS_SHOWN) {
            if let Some(row) = bookings::find(reborrow(&mut ex), other).await? {
                guests.push(Guest {
                    name: full_name(&row),
                    email: row.email,
                });
            }
        }
        return Ok(guests);
    }
    let invited = meta
        .iter()
        .find(|(k, _)| k == "additional_guests")
        .and_then(|(_, v)| serde_json::from_str::<Vec<Value>>(v).ok())
        .unwrap_or_default();
    Ok(invited
        .iter()
        .map(|g| Guest {
            name: g["name"].as_str().unwrap_or_default().to_string(),
            email: g["email"].as_str().unwrap_or_default().to_string(),
        })
        .collect())
}

/// The answers to the event's booking fields, labelled with the field's label when it still
/// exists (else its name).
fn answers(meta: &[(String, String)], labels: &[(String, String)]) -> Vec<(String, String)> {
    let Some(custom) = meta
        .iter()
        .find(|(k, _)| k == "custom_fields_data")
        .and_then(|(_, v)| serde_json::from_str::<serde_json::Map<String, Value>>(v).ok())
    else {
        return Vec::new();
    };
    custom
        .into_iter()
        .filter_map(|(name, value)| {
            let text = Answer::from(value).as_reading();
            if text.is_empty() {
                return None;
            }
            let label = labels
                .iter()
                .find(|(n, _)| *n == name)
                .map_or_else(|| name.clone(), |(_, l)| l.clone());
            Some((label, text))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn answers_carry_the_fields_labels_and_read_as_text() {
        let meta = vec![(
            "custom_fields_data".to_string(),
            json!({"custom_topic": "Roof", "custom_extras": ["a", "b"], "custom_terms": true, "custom_gone": "kept", "custom_empty": ""})
                .to_string(),
        )];
        let labels = vec![
            ("custom_topic".to_string(), "Topic".to_string()),
            ("custom_extras".to_string(), "Extras".to_string()),
            ("custom_terms".to_string(), "Terms".to_string()),
        ];
        let mut got = answers(&meta, &labels);
        got.sort();
        assert_eq!(
            got,
            vec![
                ("Extras".to_string(), "a, b".to_string()),
                ("Terms".to_string(), "Yes".to_string()),
                ("Topic".to_string(), "Roof".to_string()),
                ("custom_gone".to_string(), "kept".to_string()),
            ]
        );
        assert!(answers(&[], &labels).is_empty());
    }
}
