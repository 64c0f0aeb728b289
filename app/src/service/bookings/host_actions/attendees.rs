//! Who booked: a group booking's attendees for its host, and the caller's own bookings as an
//! attendee.

use super::{load, view};
use crate::model::booking::GroupAttendees;
use crate::model::listing::{OwnBooking, OwnBookingList};
use crate::model::page::Page;
use crate::service::bookings::views::status_text;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::booking_list::{self, Period, ScheduleFilter};

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
        series_id: 0,
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
