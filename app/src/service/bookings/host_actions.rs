//! Host-side bookings ("schedules"): listings, detail, one-column updates with status
//! transitions, deletion, activity log, confirmation emails, group attendees; and the caller's
//! own bookings as an attendee.

use super::notify;
use crate::model::answer::MessageAnswer;
use crate::model::listing::{
    Activity, ActivityList, Delivery, DeliveryList, OwnBooking, OwnBookingList,
};
use chrono::NaiveDate;

use super::views::{BookingContext, booking_view, status_text};
use crate::domain::access::Capability;
use crate::model::booking::{
    Booking, BookingExtras, CalendarEventOptions, EventOption, GroupAttendees, ScheduleAnswer,
    ScheduleList,
};
use crate::model::page::Page;
use crate::service::support::present::rfc3339;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
pub use crate::store::booking_list::Period;
use crate::store::booking_list::{self, ActivityRow, BookingListRow, ScheduleFilter};
use crate::store::bookings::{self, NewActivity};
use crate::store::{Ex, calendars};

/// A booking row as the REST interface shows it.
pub fn view(ctx: &Ctx, row: &BookingListRow, meta: &[(String, String)]) -> Booking {
    let host = row.host_name().unwrap_or_else(|| "Unknown".into());
    // A stored document that does not read as its type shows as empty, as before.
    let stored = |key: &str| meta.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    let custom_fields = stored("custom_fields_data")
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_default();
    let additional_guests = stored("additional_guests")
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_default();
    booking_view(
        ctx,
        &row.booking,
        &BookingContext {
            event_title: row.event_title.as_deref().unwrap_or(""),
            event_slug: row.event_slug.as_deref().unwrap_or(""),
            color_schema: row.event_color.as_deref().unwrap_or(""),
            calendar_title: row.cal_title.as_deref().unwrap_or(""),
            calendar_slug: row.cal_slug.as_deref().unwrap_or(""),
            host_name: &host,
            host_email: row.host_email.as_deref().unwrap_or(""),
            custom_fields,
            additional_guests,
            plain_timestamps: false,
        },
    )
}

pub fn activity(a: &ActivityRow) -> Activity {
    Activity {
        id: a.id,
        booking_id: a.booking_id,
        parent_id: a.parent_id,
        created_by: a.created_by,
        status: a.status.clone(),
        kind: a.kind.clone(),
        title: a.title.clone(),
        description: a.description.clone(),
        created_at: rfc3339(a.created_at),
        updated_at: rfc3339(a.updated_at),
    }
}

/// Loads a booking the caller may see: its hosts, its calendar's owner, `manage_all_data`.
pub async fn load(mut ex: Ex<'_>, caller: &Caller, id: i64) -> ServiceResult<BookingListRow> {
    let row = booking_list::find(crate::store::reborrow(&mut ex), id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if caller.can(Capability::ManageAllData)
        || booking_list::is_visible_to(ex, id, caller.id()).await?
    {
        Ok(row)
    } else {
        Err(ServiceError::NotFound)
    }
}

pub struct ListSchedules {
    pub page: i64,
    pub per_page: i64,
    pub search: String,
    pub event_id: i64,
    pub author: String,
    pub event_type: String,
    pub period: Period,
    pub range: Option<(NaiveDate, NaiveDate)>,
    pub zone: chrono_tz::Tz,
}

/// `GET /schedules`.
pub async fn list(ctx: &Ctx, caller: &Caller, q: ListSchedules) -> ServiceResult<ScheduleList> {
    let everything = caller.can(Capability::ManageAllData);
    let (calendar_id, hosted_by) = match q.author.as_str() {
        "" | "all" => (0, 0),
        "me" => (0, caller.id()),
        other => (
            other.parse::<i64>().map_err(|_| {
                ServiceError::field(
                    "filters[author]",
                    "invalid",
                    "The author filter must be a calendar id, me or all.",
                )
            })?,
            0,
        ),
    };
    let today = crate::domain::slots::local::local_of(q.zone, chrono::Utc::now().timestamp()).0;
    let day = crate::domain::slots::local::LocalDay::new(q.zone, today);
    let (range_from, range_to) = match q.range {
        Some((a, b)) => (
            crate::domain::slots::local::LocalDay::new(q.zone, a).start(),
            crate::domain::slots::local::LocalDay::new(q.zone, b).end(),
        ),
        None => (0, 0),
    };
    let filter = ScheduleFilter {
        visible_to: if everything { 0 } else { caller.id() },
        event_id: q.event_id,
        calendar_id,
        hosted_by,
        event_type: &q.event_type,
        search: q.search.trim(),
        range_from,
        range_to,
        period: q.period,
        today: (day.start(), day.end()),
        group_id: 0,
    };
    let mut conn = ctx.store.conn().await?;
    let total = booking_list::count(conn.ex(), &filter).await?;
    let rows =
        booking_list::list(conn.ex(), &filter, q.per_page, (q.page - 1) * q.per_page).await?;
    let data: Vec<Booking> = rows.iter().map(|r| view(ctx, r, &[])).collect();
    let visible = calendars::CalendarFilter {
        visible_to: (!everything).then_some(caller.id()),
        calendar_type: "all",
        search: "",
    };
    let cals = calendars::list(conn.ex(), &visible, 500, 0).await?;
    let ids: Vec<i64> = cals.iter().map(|c| c.id).collect();
    let evs = crate::store::events::list_for_calendars(conn.ex(), &ids).await?;
    let calendar_event_lists = cals
        .iter()
        .map(|c| CalendarEventOptions {
            id: c.id,
            title: c.title.clone(),
            options: evs
                .iter()
                .filter(|e| e.calendar_id == c.id)
                .map(|e| EventOption {
                    id: e.id,
                    title: e.title.clone(),
                })
                .collect(),
        })
        .collect();
    let mut answer = ScheduleList {
        schedules: Page::new(data, total, q.page, q.per_page),
        timezone: q.zone.name().to_string(),
        calendar_event_lists,
        pending_count: None,
        no_show_count: None,
        cancelled_count: None,
    };
    if q.page == 1 {
        let mut count = async |period| {
            let counted = ScheduleFilter {
                period,
                search: "",
                range_from: 0,
                range_to: 0,
                ..filter
            };
            booking_list::count(conn.ex(), &counted).await
        };
        answer.pending_count = Some(count(Period::Pending).await?);
        answer.no_show_count = Some(count(Period::NoShow).await?);
        answer.cancelled_count = Some(count(Period::Cancelled).await?);
    }
    Ok(answer)
}

/// The site's payment settings (refunds and "paid" follow them).
pub(super) async fn site_payments(
    ex: Ex<'_>,
) -> ServiceResult<crate::model::settings::PaymentSettings> {
    let general: crate::model::settings::GeneralSettings =
        crate::service::settings::site::load(ex, crate::model::settings::GENERAL).await?;
    Ok(general.payments)
}

/// The extra parts of `with[]=all_data` and `meta-info`: activities and the payment order.
async fn extras(mut ex: Ex<'_>, id: i64) -> ServiceResult<BookingExtras> {
    let activities = booking_list::activities(crate::store::reborrow(&mut ex), id).await?;
    let site = site_payments(crate::store::reborrow(&mut ex)).await?;
    let order = crate::service::events::payments::payment_order(ex, id, &site).await?;
    Ok(BookingExtras {
        activities: activities.iter().map(activity).collect(),
        sidebar_contents: Vec::new(),
        payment_order: order,
        main_body_contents: Vec::new(),
    })
}

/// `GET /schedules/{id}`.
pub async fn get(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    all_data: bool,
) -> ServiceResult<ScheduleAnswer> {
    let mut conn = ctx.store.conn().await?;
    let row = load(conn.ex(), caller, id).await?;
    let meta = bookings::meta_of(conn.ex(), id).await?;
    let mut answer = ScheduleAnswer {
        schedule: view(ctx, &row, &meta),
        activities: None,
        sidebar_contents: None,
        payment_order: None,
        main_body_contents: None,
    };
    if all_data {
        let more = extras(conn.ex(), id).await?;
        answer.activities = Some(more.activities);
        answer.sidebar_contents = Some(more.sidebar_contents);
        answer.payment_order = Some(more.payment_order);
        answer.main_body_contents = Some(more.main_body_contents);
    }
    Ok(answer)
}

/// `GET /schedules/{id}/activities`.
pub async fn activities(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<ActivityList> {
    let mut conn = ctx.store.conn().await?;
    load(conn.ex(), caller, id).await?;
    let list = booking_list::activities(conn.ex(), id).await?;
    Ok(ActivityList {
        activities: list.iter().map(activity).collect(),
    })
}

/// `GET /schedules/{id}/meta-info`.
pub async fn meta_info(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<BookingExtras> {
    let mut conn = ctx.store.conn().await?;
    load(conn.ex(), caller, id).await?;
    extras(conn.ex(), id).await
}

/// `DELETE /schedules/{id}`: the booking and, for a group booking, every attendee of the group.
#[tracing::instrument(skip_all, fields(booking_id = id, user_id = caller.id()))]
pub async fn delete(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    let row = load(tx.ex(), caller, id).await?;
    let ids = booking_list::group_ids(tx.ex(), row.booking.group_id.unwrap_or(id)).await?;
    let ids = if ids.is_empty() { vec![id] } else { ids };
    // Queued while the bookings still exist; the worker then finds them gone and removes the
    // copy from the hosts' calendars.
    crate::service::calendars::write_back::queue_for(tx.ex(), &ids, ctx.clock.now()).await?;
    booking_list::delete(tx.ex(), &ids).await?;
    tx.commit().await?;
    Ok(())
}

/// `POST /schedules/{id}/send-confirmation-email`: queues the email and logs it.
pub async fn send_confirmation(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    to: &str,
) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    let row = load(tx.ex(), caller, id).await?;
    let key = match (row.booking.status.as_str(), to == "host") {
        ("pending", true) => "booking_request_host",
        ("pending", false) => "booking_request_attendee",
        (_, true) => "booking_conf_host",
        (_, false) => "booking_conf_attendee",
    };
    notify::resend(tx.ex(), id, key).await?;
    bookings::add_activity(
        tx.ex(),
        &NewActivity {
            booking_id: id,
            created_by: Some(caller.id()),
            status: "closed",
            kind: "info",
            title: "Confirmation email queued",
            description: &format!(
                "Sent again to the {} by {}",
                if to == "host" { "host" } else { "attendee" },
                caller.user.full_name()
            ),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(MessageAnswer::new("Notification sent successfully"))
}

/// `GET /schedules/group-bookings/{group_id}/attendees`.
pub async fn group_attendees(
    ctx: &Ctx,
    caller: &Caller,
    group_id: i64,
    search: &str,
    page: i64,
    per_page: i64,
) -> ServiceResult<GroupAttendees> {
    let mut conn = ctx.store.conn().await?;
    let first = load(conn.ex(), caller, group_id).await?;
    if !first.booking.kind().is_group() {
        return Err(ServiceError::Unprocessable {
            code: "not_a_group",
            message: "Invalid group id or the event is not a group event".into(),
        });
    }
    let filter = ScheduleFilter {
        visible_to: 0,
        event_id: 0,
        calendar_id: 0,
        hosted_by: 0,
        event_type: "",
        search: search.trim(),
        range_from: 0,
        range_to: 0,
        period: Period::All,
        today: (0, 0),
        group_id,
    };
    let total = booking_list::count(conn.ex(), &filter).await?;
    let rows = booking_list::list(conn.ex(), &filter, per_page, (page - 1) * per_page).await?;
    Ok(GroupAttendees {
        attendees: Page::new(
            rows.iter().map(|r| view(ctx, r, &[])).collect(),
            total,
            page,
            per_page,
        ),
    })
}

/// `GET /bookings`: the caller's own bookings as an attendee (by account or email address).
pub async fn own_bookings(
    ctx: &Ctx,
    caller: &Caller,
    per_page: i64,
    period: &str,
    calendar_ids: &[i64],
) -> ServiceResult<OwnBookingList> {
    let mut conn = ctx.store.conn().await?;
    let rows = crate::store::booking_list::attended_by(
        conn.ex(),
        caller.id(),
        &caller.user.email,
        period,
        calendar_ids,
        per_page,
    )
    .await?;
    let total = crate::store::booking_list::attended_count(
        conn.ex(),
        caller.id(),
        &caller.user.email,
        period,
        calendar_ids,
    )
    .await?;
    let bookings = rows
        .iter()
        .map(|r| {
            let b = &r.booking;
            let zone =
                crate::domain::zone::parse_zone(&b.person_time_zone).unwrap_or(chrono_tz::UTC);
            let at = |t: i64| {
                chrono::DateTime::from_timestamp(t, 0)
                    .unwrap_or_default()
                    .with_timezone(&zone)
            };
            let (start, end) = (at(b.start_time), at(b.end_time));
            OwnBooking {
                id: b.id,
                person_time_zone: b.person_time_zone.clone(),
                status: status_text(&b.status),
                payment_status: b.payment_status.clone(),
                booking_title: r.event_title.clone().unwrap_or_default(),
                author_name: r.host_name().unwrap_or_default(),
                booking_date: start.format("%A, %B %-d, %Y").to_string(),
                booking_time: format!("{} - {}", start.format("%H:%M"), end.format("%H:%M")),
            }
        })
        .collect();
    Ok(OwnBookingList { bookings, total })
}

/// `GET /schedules/{id}/deliveries` (an extension): every email, reminder and webhook of the
/// booking with its state, so a host sees what failed and why.
pub async fn deliveries(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<DeliveryList> {
    let mut conn = ctx.store.conn().await?;
    load(conn.ex(), caller, id).await?;
    let rows = crate::store::outbox::for_booking(conn.ex(), id).await?;
    Ok(DeliveryList {
        deliveries: rows.iter().map(delivery).collect(),
    })
}

/// An outbox row as the deliveries list shows it, named from its message.
fn delivery(r: &crate::store::outbox::DeliveryRow) -> Delivery {
    use crate::service::outbox::Message;
    let rfc3339 = |t: i64| {
        chrono::DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .to_rfc3339()
    };
    let (name, to) = match Message::parse(&r.kind, &r.payload) {
        Ok(Message::Email(n) | Message::Sms(n)) => (
            notify::key_of(&n.template, &n.to)
                .unwrap_or(r.kind.as_str())
                .to_string(),
            Some(n.to),
        ),
        Ok(Message::Webhook(w)) => (w.trigger, None),
        Ok(Message::CalendarWrite(_)) => ("host_calendar".to_string(), None),
        Ok(Message::TestEmail(t)) => ("test_email".to_string(), Some(t.to)),
        Err(_) => (String::new(), None),
    };
    let status = match r.status.as_str() {
        "done" => "sent",
        "working" => "sending",
        "failed" => "failed",
        _ => "queued",
    };
    Delivery {
        id: r.id,
        kind: r.kind.clone(),
        name,
        to,
        reminder: r.purpose.as_deref() == Some("reminder"),
        status: status.to_string(),
        attempts: r.attempts,
        last_error: r.last_error.clone(),
        due_at: rfc3339(r.run_after),
        updated_at: rfc3339(r.updated_at),
    }
}

/// `POST /schedules/{id}/deliveries/{delivery_id}/retry` (an extension): queues a failed
/// delivery again, due now, with a fresh three days of retries.
pub async fn retry_delivery(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    delivery_id: i64,
) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    load(tx.ex(), caller, id).await?;
    let known = crate::store::outbox::for_booking(tx.ex(), id)
        .await?
        .iter()
        .any(|r| r.id == delivery_id);
    if !known {
        return Err(ServiceError::NotFound);
    }
    if !crate::store::outbox::retry_failed(tx.ex(), id, delivery_id, ctx.clock.now()).await? {
        return Err(ServiceError::Conflict {
            code: "invalid_transition",
            message: "Only a failed delivery can be sent again.".into(),
        });
    }
    bookings::add_activity(
        tx.ex(),
        &NewActivity {
            booking_id: id,
            created_by: Some(caller.id()),
            status: "closed",
            kind: "info",
            title: "Delivery queued again",
            description: &format!(
                "Delivery {delivery_id} queued again by {}",
                caller.user.full_name()
            ),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(MessageAnswer::new("Delivery has been queued again"))
}
