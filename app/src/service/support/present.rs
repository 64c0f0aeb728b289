//! Rows to wire shapes. Stored documents that fail to parse fall back to defaults rather than
//! failing a read: a read never changes data, and never breaks on an old document.

use chrono::{DateTime, SecondsFormat};
use serde_json::json;

use crate::model::calendar::{AuthorProfile, Calendar, CalendarSettings, CalendarUser};
use crate::model::event::{Event, EventSettings, location_fields};
use crate::service::{Ctx, ServiceResult};
use crate::store::calendars::CalendarRow;
use crate::store::events::EventRow;
use crate::store::users::UserRow;

/// RFC 3339 with offset, e.g. `2027-01-04T09:00:00+00:00`.
pub fn rfc3339(epoch: i64) -> String {
    DateTime::from_timestamp(epoch, 0)
        .unwrap_or_default()
        .to_rfc3339_opts(SecondsFormat::Secs, false)
}

pub fn calendar_settings(cal: &CalendarRow) -> ServiceResult<CalendarSettings> {
    Ok(cal.decoded_settings()?)
}

pub fn event_settings(ev: &EventRow) -> ServiceResult<EventSettings> {
    Ok(ev.decoded_settings()?)
}

/// The public landing page, or `""` while sharing is off.
pub fn calendar_public_url(ctx: &Ctx, cal: &CalendarRow) -> ServiceResult<String> {
    Ok(if calendar_settings(cal)?.sharing.is_enabled() {
        share_url(ctx, cal)
    } else {
        String::new()
    })
}

/// The landing page address whether or not sharing is on.
pub fn share_url(ctx: &Ctx, cal: &CalendarRow) -> String {
    format!("{}/{}", ctx.public_url, cal.slug)
}

pub fn event_public_url(ctx: &Ctx, cal: &CalendarRow, ev: &EventRow) -> ServiceResult<String> {
    let base = calendar_public_url(ctx, cal)?;
    Ok(if base.is_empty() {
        base
    } else {
        format!("{base}/{}", ev.slug)
    })
}

/// An event as the REST interface shows it.
pub fn event_wire(ctx: &Ctx, cal: &CalendarRow, ev: &EventRow) -> ServiceResult<Event> {
    Ok(Event {
        id: ev.id,
        hash: ev.hash.clone(),
        calendar_id: ev.calendar_id,
        parent_id: ev.parent_id,
        user_id: ev.user_id,
        title: ev.title.clone(),
        slug: ev.slug.clone(),
        description: ev.description.clone(),
        duration: ev.duration,
        status: ev.status.clone(),
        payment_type: ev.payment_type.clone(),
        event_type: ev.event_type.clone(),
        color_schema: ev.color_schema.clone(),
        availability_type: ev.availability_type.clone(),
        availability_id: ev.availability_id,
        location_type: ev.location_type.clone(),
        location_heading: ev.location_heading.clone(),
        location_settings: serde_json::from_str(&ev.location_settings)
            .unwrap_or_else(|_| json!([])),
        location_fields: location_fields(),
        is_display_spots: ev.is_display_spots,
        max_book_per_slot: ev.max_book_per_slot,
        shortcode: format!("[slotbook id=\"{}\"]", ev.id),
        public_url: event_public_url(ctx, cal, ev)?,
        price_total: 0,
        author_profiles: Vec::new(),
        created_at: rfc3339(ev.created_at),
        updated_at: rfc3339(ev.updated_at),
        settings: event_settings(ev)?,
    })
}

pub fn author_profile(cal: &CalendarRow, user: Option<&UserRow>) -> ServiceResult<AuthorProfile> {
    let settings = calendar_settings(cal)?;
    let avatar = if settings.profile_photo_url.is_empty() {
        user.map(|u| u.avatar_url.clone()).unwrap_or_default()
    } else {
        settings.profile_photo_url.clone()
    };
    let phone = if settings.phone.is_empty() {
        user.map(|u| u.phone.clone()).unwrap_or_default()
    } else {
        settings.phone
    };
    Ok(AuthorProfile {
        ID: cal.user_id,
        name: user
            .map(UserRow::full_name)
            .unwrap_or_else(|| "Unknown".into()),
        author_slug: cal.slug.clone(),
        first_name: user.map(|u| u.first_name.clone()).unwrap_or_default(),
        last_name: user.map(|u| u.last_name.clone()).unwrap_or_default(),
        avatar,
        phone,
        featured_image: settings.featured_image_url,
    })
}

/// A calendar with its events (`slots`) and owner (`user`).
pub fn calendar_wire(
    ctx: &Ctx,
    cal: &CalendarRow,
    user: Option<&UserRow>,
    events: &[&EventRow],
) -> ServiceResult<Calendar> {
    Ok(Calendar {
        id: cal.id,
        hash: cal.hash.clone(),
        user_id: cal.user_id,
        parent_id: cal.parent_id,
        title: cal.title.clone(),
        slug: cal.slug.clone(),
        description: cal.description.clone(),
        status: cal.status.clone(),
        calendar_type: cal.calendar_type.clone(),
        event_type: cal.event_type.clone(),
        account_type: cal.account_type.clone(),
        visibility: cal.visibility.clone(),
        author_timezone: cal.author_timezone.clone(),
        max_book_per_slot: cal.max_book_per_slot,
        language: cal.language.clone(),
        created_at: rfc3339(cal.created_at),
        updated_at: rfc3339(cal.updated_at),
        author_profile: author_profile(cal, user)?,
        public_url: calendar_public_url(ctx, cal)?,
        event_order: calendar_settings(cal)?.event_order,
        slots: events
            .iter()
            .map(|ev| event_wire(ctx, cal, ev))
            .collect::<ServiceResult<_>>()?,
        user: user.map(|u| CalendarUser {
            ID: u.id,
            user_login: u.login.clone(),
            display_name: u.display_name.clone(),
            full_name: u.full_name(),
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_carries_an_offset() {
        assert_eq!(rfc3339(1_798_794_000), "2027-01-01T09:00:00+00:00");
    }
}
