//! Write-back (DESIGN 2.7): a host's bookings appear in the external calendar it chose as
//! destination. Every change of a booking queues an outbox item for each of its hosts
//! ([`queue`]); the worker ([`deliver`]) makes the destination match the booking as it is
//! then: PUT the VEVENT while the slot has a scheduled (or completed, no-show) booking, DELETE
//! it once none is left. Items of one slot go out in order (one sequence key per host and
//! UID), so the last change wins; delivery is at least once and PUT/DELETE are idempotent.

use url::Url;

use crate::service::calendars::client::{self, Account, Reach};
use crate::service::notifications::{self, ics_uid};
use crate::service::outbox::{self, CalendarWrite, Message, Outgoing};
use crate::service::{Ctx, ServiceResult};
use crate::store::bookings::{self, BookingRow};
use crate::store::calendar_connections as store;
use crate::store::{Ex, reborrow};

/// The outbox kind of a write-back.
pub const WRITE_KIND: &str = crate::service::outbox::CALENDAR_WRITE_KIND;

/// Statuses whose booking stays in the host's calendar (pending is not written yet).
const SHOWN: [&str; 3] = ["scheduled", "completed", "no_show"];

/// Queues the write-back of `booking`'s slot for each of its hosts that has a destination
/// calendar, or an earlier copy of it to remove. Called in the transaction of the change.
pub async fn queue(mut ex: Ex<'_>, booking: &BookingRow, now: i64) -> ServiceResult<()> {
    let uid = ics_uid(booking);
    let hosts = store::write_targets(reborrow(&mut ex), booking.id, &uid).await?;
    for host in hosts {
        let write = CalendarWrite {
            host,
            slot: booking.slot_key(),
            uid: uid.clone(),
        };
        let outgoing = Outgoing {
            due_at: Some(now),
            ..Outgoing::about(booking.id, Message::CalendarWrite(write))
        };
        outbox::enqueue(reborrow(&mut ex), &outgoing).await?;
    }
    Ok(())
}

/// [`queue`] for these bookings as they are now (read in the caller's transaction), once
/// per slot.
pub async fn queue_for(mut ex: Ex<'_>, booking_ids: &[i64], now: i64) -> ServiceResult<()> {
    let mut slots = std::collections::HashSet::new();
    for id in booking_ids {
        if let Some(row) = bookings::find(reborrow(&mut ex), *id).await?
            && slots.insert(ics_uid(&row))
        {
            queue(reborrow(&mut ex), &row, now).await?;
        }
    }
    Ok(())
}

/// Makes the host's destination calendar show the slot as it is now. An error is worth a
/// retry (the calendar server failed or did not answer).
#[tracing::instrument(skip_all, fields(host = write.host, slot = write.slot))]
pub async fn deliver(ctx: &Ctx, write: &CalendarWrite) -> Result<(), String> {
    let (host, slot, uid) = (write.host, write.slot, write.uid.as_str());
    let store_error = |e: crate::store::StoreError| format!("database: {e}");
    let (members, destination, records) = {
        let mut conn = ctx.store.conn().await.map_err(store_error)?;
        let members: Vec<BookingRow> = bookings::slot_members(conn.ex(), slot)
            .await
            .map_err(store_error)?
            .into_iter()
            .filter(|b| SHOWN.contains(&b.status.as_str()))
            .collect();
        let destination = store::destination_of(conn.ex(), host)
            .await
            .map_err(store_error)?;
        let records = store::writes_of(conn.ex(), host, uid)
            .await
            .map_err(store_error)?;
        (members, destination, records)
    };
    let reach = Reach {
        allow_private: ctx.allow_private_targets,
        timeout: ctx.calendars.timeout,
    };
    // Copies elsewhere (a destination changed) or of a slot no longer shown go away.
    for record in &records {
        let keep = !members.is_empty()
            && destination
                .as_ref()
                .is_some_and(|d| d.id == record.calendar_id);
        if keep {
            continue;
        }
        if let Some(account) = account_of(ctx, record.calendar_id).await? {
            let href =
                Url::parse(&record.href).map_err(|_| "a stored address is unusable".to_string())?;
            client::delete_object(reach, &account, &href)
                .await
                .map_err(|e| e.to_string())?;
        }
        let mut conn = ctx.store.conn().await.map_err(store_error)?;
        store::forget_write(conn.ex(), record.calendar_id, uid)
            .await
            .map_err(store_error)?;
    }
    let (Some(destination), false) = (destination, members.is_empty()) else {
        return Ok(());
    };
    let Some(account) = account_of(ctx, destination.id).await? else {
        return Ok(());
    };
    let existing = records.iter().find(|r| r.calendar_id == destination.id);
    let sequence = existing.map_or(0, |r| r.sequence + 1);
    let href = match existing {
        Some(r) => r.href.clone(),
        None => object_url(&destination.href, uid)?,
    };
    let text = {
        let mut conn = ctx.store.conn().await.map_err(store_error)?;
        let first = &members[0];
        let event = crate::store::events::find(conn.ex(), first.event_id)
            .await
            .map_err(store_error)?;
        let organizer = crate::store::users::find(conn.ex(), host)
            .await
            .map_err(store_error)?;
        let title = event.as_ref().map_or("Booking", |e| e.title.as_str());
        // The host's calendar speaks the host's language (DESIGN 2.9).
        let lang = organizer
            .as_ref()
            .and_then(|u| u.language.as_deref())
            .and_then(crate::domain::language::Lang::from_code)
            .unwrap_or_default();
        let summary = match members.as_slice() {
            [one] => {
                let name = format!("{} {}", one.first_name, one.last_name);
                crate::texts::ics_summary(lang, title, name.trim())
            }
            many => crate::texts::ics_summary_group(lang, title, many.len()),
        };
        // The host's link is the dashboard's, never the attendee's secret booking page.
        let link = format!("{}/admin/bookings/{}", ctx.public_url, first.id);
        notifications::slot_ics(
            &members,
            &summary,
            organizer.as_ref(),
            Some(first.location_details.as_str()),
            &link,
            sequence,
        )
    };
    // Recorded before the PUT: a sync running meanwhile must not read it as busy.
    {
        let mut conn = ctx.store.conn().await.map_err(store_error)?;
        store::remember_write(conn.ex(), destination.id, host, uid, &href, sequence)
            .await
            .map_err(store_error)?;
    }
    let url = Url::parse(&href).map_err(|_| "a stored address is unusable".to_string())?;
    client::put_object(reach, &account, &url, &text)
        .await
        .map_err(|e| e.to_string())
}

/// `<calendar>/<uid's local part>.ics`.
fn object_url(calendar: &str, uid: &str) -> Result<String, String> {
    let base =
        Url::parse(calendar).map_err(|_| "the destination's address is unusable".to_string())?;
    let name = uid.split('@').next().unwrap_or(uid);
    let base = if base.path().ends_with('/') {
        base
    } else {
        Url::parse(&format!("{base}/"))
            .map_err(|_| "the destination's address is unusable".to_string())?
    };
    base.join(&format!("{name}.ics"))
        .map(|u| u.to_string())
        .map_err(|_| "the destination's address is unusable".to_string())
}

/// The credentials of the connection that holds `calendar_id` (none when it is gone).
async fn account_of(ctx: &Ctx, calendar_id: i64) -> Result<Option<Account>, String> {
    let mut conn = ctx
        .store
        .conn()
        .await
        .map_err(|e| format!("database: {e}"))?;
    let row = store::connection_of_calendar(conn.ex(), calendar_id)
        .await
        .map_err(|e| format!("database: {e}"))?;
    row.map(|row| crate::service::calendars::connections::account_of(ctx, &row))
        .transpose()
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_are_named_after_the_uid_inside_the_calendar() {
        assert_eq!(
            object_url("https://dav.example/alice/work/", "abc123@slotbook").as_deref(),
            Ok("https://dav.example/alice/work/abc123.ics")
        );
        assert_eq!(
            object_url("https://dav.example/alice/work", "abc123@slotbook").as_deref(),
            Ok("https://dav.example/alice/work/abc123.ics")
        );
    }
}
