//! Host-side bookings ("schedules"): listings, detail, deletion and the activity log here;
//! confirmation emails and deliveries in messages.rs; group attendees and the caller's own
//! bookings as an attendee in attendees.rs. (One-column updates are update.rs's.)

use chrono::NaiveDate;

use crate::model::listing::{Activity, ActivityList};

use super::views::{BookingContext, booking_view};
use crate::domain::access::Capability;
use crate::model::booking::{
    Booking, BookingExtras, CalendarEventOptions, EventOption, ScheduleAnswer, ScheduleList,
};
use crate::model::page::Page;
use crate::service::support::present::rfc3339;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
pub use crate::store::booking_list::Period;
use crate::store::booking_list::{self, ActivityRow, BookingListRow, ScheduleFilter};
use crate::store::bookings;
use crate::store::{Ex, calendars};

mod attendees;
mod messages;

pub use attendees::{group_attendees, own_bookings};
pub use messages::{deliveries, retry_delivery, send_confirmation};

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
            privacy_consent: stored("privacy_consent")
                .and_then(|text| serde_json::from_str(text).ok()),
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
    /// `filters[series]`: one series' occurrences, any period (0: any).
    pub series_id: i64,
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
        series_id: q.series_id,
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
    let freed = (row.booking.start_time, row.booking.end_time);
    crate::service::waitlist::pass_on_freed(&mut tx, ctx, freed, ctx.clock.now()).await?;
    tx.commit().await?;
    ctx.slot_cache.forget_first_months();
    Ok(())
}
