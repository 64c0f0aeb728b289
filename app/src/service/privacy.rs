//! Attendees' data (DESIGN 2.11): one rule of erasure for retention, the attendee and
//! administrators; administrators' export of everything held about one address. Each export
//! and erasure leaves one audit entry naming booking ids, never an address or a name.

use serde_json::Value;

use crate::domain::access::Capability;
use crate::domain::audit::AuditAction;
use crate::domain::values::is_valid_email;
use crate::model::answer::MessageAnswer;
use crate::model::privacy::{ErasedData, PersonalData, PersonalDelivery};
use crate::service::audit::{self, AuditEvent, Origin};
use crate::service::bookings::host_actions;
use crate::service::outbox::{BOOKING_LINK_KIND, EMAIL_KIND, SMS_KIND, WEBHOOK_KIND};
use crate::service::settings::privacy as settings;
use crate::service::settings::site::require;
use crate::service::support::metrics::lane_of;
use crate::service::support::present::rfc3339;
use crate::service::waitlist;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::bookings::BookingRow;
use crate::store::{Tx, booking_list, bookings, privacy as store};

/// Who erased: the `by` of the audit entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErasedBy {
    Administrator,
    Attendee,
    Retention,
}

impl ErasedBy {
    pub fn as_str(self) -> &'static str {
        match self {
            ErasedBy::Administrator => "administrator",
            ErasedBy::Attendee => "attendee",
            ErasedBy::Retention => "retention",
        }
    }
}

/// The words of a refused attendee erasure without the box ticked.
pub const CONFIRM_ERASURE: &str = "Please confirm that you want to erase your data";

/// An attendee address an administrator looks for: trimmed, in lower case, well-formed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonEmail(String);

impl PersonEmail {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Reads an administrator's address at the edge; 422 on `email` when malformed.
pub fn parse_email(given: &str) -> ServiceResult<PersonEmail> {
    let email = given.trim().to_lowercase();
    if is_valid_email(&email) {
        Ok(PersonEmail(email))
    } else {
        Err(ServiceError::field(
            "email",
            "email",
            "Please provide a valid email address",
        ))
    }
}

/// The address an administrator's request names, read at the edge once the caller may manage
/// options (403 comes before any complaint about the address).
pub fn address_for(caller: &Caller, given: &str) -> ServiceResult<PersonEmail> {
    require(caller, Capability::ManageOptions)?;
    parse_email(given)
}

fn entry(event: AuditEvent, by: ErasedBy, ids: &[i64]) -> AuditEvent {
    event
        .target("export", None, "personal data")
        .detail("by", by.as_str())
        .detail("rows", ids.len())
        .detail("booking_ids", ids.to_vec())
}

/// [`entry`], naming the waitlist entries too when there were any.
fn entry_with_waitlist(
    event: AuditEvent,
    by: ErasedBy,
    ids: &[i64],
    waitlist_ids: &[i64],
) -> AuditEvent {
    let event = entry(event, by, ids);
    if waitlist_ids.is_empty() {
        return event;
    }
    event.detail("waitlist_entry_ids", waitlist_ids.to_vec())
}

/// Erases each of `ids` not yet erased, in `tx`; answers the ids it erased. A booking that has
/// not ended is cancelled first, as by its attendee.
async fn erase_in(tx: &mut Tx, ctx: &Ctx, ids: &[i64], now: i64) -> ServiceResult<Vec<i64>> {
    let mut erased = Vec::with_capacity(ids.len());
    for id in ids {
        let Some(booking) = bookings::find(tx.ex(), *id).await? else {
            continue;
        };
        if booking.erased_at.is_some() {
            continue;
        }
        let open = matches!(booking.status.as_str(), "scheduled" | "pending");
        if open && booking.end_time > now {
            crate::service::bookings::self_service::cancel_for_erasure(ctx, tx, &booking).await?;
        }
        if !store::erase_booking(tx.ex(), *id, &kept_location(&booking), now).await? {
            continue;
        }
        scrub_messages(tx, *id).await?;
        // The host's calendar copy shows the attendee's name: rewritten without it.
        crate::service::calendars::write_back::queue_for(tx.ex(), &[*id], now).await?;
        erased.push(*id);
    }
    Ok(erased)
}

/// The location's kind only: what the attendee typed (an address, a number) goes.
fn kept_location(booking: &BookingRow) -> String {
    let stored: Value = serde_json::from_str(&booking.location_details).unwrap_or(Value::Null);
    let mut kept = serde_json::Map::new();
    if let Some(kind) = stored.get("type") {
        kept.insert("type".into(), kind.clone());
    }
    Value::Object(kept).to_string()
}

/// Messages to the attendee not yet sent are dropped; the others lose what they copied of
/// the attendee (a webhook's body is rendered again, from the erased booking, if it is still
/// to go; a booking link's address).
async fn scrub_messages(tx: &mut Tx, booking_id: i64) -> ServiceResult<()> {
    for message in store::messages_of(tx.ex(), booking_id).await? {
        let unsent = matches!(message.status.as_str(), "pending" | "failed");
        let mut payload: Value = serde_json::from_str(&message.payload).unwrap_or(Value::Null);
        let kind = message.kind.as_str();
        let to_attendee = payload.get("to").and_then(Value::as_str) == Some("attendee");
        if unsent
            && (kind == BOOKING_LINK_KIND
                || ((kind == EMAIL_KIND || kind == SMS_KIND) && to_attendee))
        {
            store::drop_message(tx.ex(), message.id).await?;
            continue;
        }
        let Some(object) = payload.as_object_mut() else {
            continue;
        };
        let changed = match kind {
            WEBHOOK_KIND => object.remove("body").is_some(),
            BOOKING_LINK_KIND => object.insert("to".into(), Value::from("")).is_some(),
            _ => false,
        };
        if changed {
            store::rewrite_message(tx.ex(), message.id, &payload.to_string()).await?;
        }
    }
    Ok(())
}

/// `GET /privacy/export?email=E` (`manage_options`).
pub async fn export(
    ctx: &Ctx,
    caller: &Caller,
    email: &PersonEmail,
) -> ServiceResult<PersonalData> {
    require(caller, Capability::ManageOptions)?;
    let mut tx = ctx.store.begin().await?;
    let ids = store::bookings_of_email(tx.ex(), email.as_str()).await?;
    let (mut found, mut activities, mut deliveries) = (Vec::new(), Vec::new(), Vec::new());
    for id in &ids {
        let Some(row) = booking_list::find(tx.ex(), *id).await? else {
            continue;
        };
        let meta = bookings::meta_of(tx.ex(), *id).await?;
        found.push(host_actions::view(ctx, &row, &meta));
        activities.extend(
            booking_list::activities(tx.ex(), *id)
                .await?
                .iter()
                .map(host_actions::activity),
        );
        deliveries.extend(
            store::messages_of(tx.ex(), *id)
                .await?
                .into_iter()
                .map(|m| PersonalDelivery {
                    id: m.id,
                    booking_id: *id,
                    lane: lane_of(&m.kind).to_string(),
                    status: m.status,
                    created_at: rfc3339(m.created_at),
                }),
        );
    }
    let entries = crate::store::waitlist::of_email(tx.ex(), email.as_str()).await?;
    let waitlist_entries = waitlist::views_of(tx.ex(), &entries).await?;
    let entry_ids: Vec<i64> = entries.iter().map(|e| e.id).collect();
    let event = entry_with_waitlist(
        AuditEvent::by(caller, AuditAction::DataExported),
        ErasedBy::Administrator,
        &ids,
        &entry_ids,
    );
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    Ok(PersonalData {
        email: email.as_str().to_string(),
        exported_at: rfc3339(ctx.clock.now()),
        bookings: found,
        activities,
        deliveries,
        waitlist_entries,
    })
}

/// The bookings of one address, for the dashboard's "Personal data" page (`manage_options`).
/// Looking is not exporting: the page shows times and events, and its "Download JSON" is the
/// audited export.
pub async fn find(
    ctx: &Ctx,
    caller: &Caller,
    email: &PersonEmail,
) -> ServiceResult<Vec<booking_list::BookingListRow>> {
    require(caller, Capability::ManageOptions)?;
    let mut conn = ctx.store.conn().await?;
    let ids = store::bookings_of_email(conn.ex(), email.as_str()).await?;
    let mut rows = Vec::with_capacity(ids.len());
    for id in ids {
        rows.extend(booking_list::find(conn.ex(), id).await?);
    }
    Ok(rows)
}

/// `POST /privacy/erase {email}` (`manage_options`): every booking of the address.
pub async fn erase_email(
    ctx: &Ctx,
    caller: &Caller,
    email: &PersonEmail,
) -> ServiceResult<ErasedData> {
    require(caller, Capability::ManageOptions)?;
    let now = ctx.clock.now();
    let mut tx = ctx.store.begin().await?;
    let ids = store::bookings_of_email(tx.ex(), email.as_str()).await?;
    let entries = crate::store::waitlist::of_email(tx.ex(), email.as_str()).await?;
    // Cancelling a booking or an entry passes its place on under its event's hosts' lock:
    // all of them at once, in host order, so that no writer of a team event deadlocks this.
    let mut events = Vec::with_capacity(ids.len() + entries.len());
    for id in &ids {
        events.extend(bookings::find(tx.ex(), *id).await?.map(|b| b.event_id));
    }
    events.extend(entries.iter().map(|e| e.event_id));
    waitlist::lock_events_hosts(&mut tx, &events).await?;
    let erased = erase_in(&mut tx, ctx, &ids, now).await?;
    let erased_entries = waitlist::erase_entries(&mut tx, ctx, &entries, now).await?;
    let event = entry_with_waitlist(
        AuditEvent::by(caller, AuditAction::DataErased),
        ErasedBy::Administrator,
        &erased,
        &erased_entries,
    );
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    ctx.slot_cache.forget_first_months();
    Ok(ErasedData {
        message: "Personal data has been erased".into(),
        erased: erased.len() as i64,
    })
}

/// Whether attendees may erase their own data (the manage page's link, the erase page and
/// `POST /bookings/{hash}/erase` exist only then).
pub async fn attendee_erasure_allowed(ctx: &Ctx) -> ServiceResult<bool> {
    let mut conn = ctx.store.conn().await?;
    Ok(settings::stored(conn.ex()).await?.attendee_erasure)
}

/// `POST /bookings/{hash}/erase {confirm: true}` and the erase page: the attendee's own
/// booking. 404 while the site does not allow it, or for an unknown (or erased) hash.
pub async fn erase_own(ctx: &Ctx, hash: &str, confirmed: bool) -> ServiceResult<MessageAnswer> {
    if !attendee_erasure_allowed(ctx).await? {
        return Err(ServiceError::NotFound);
    }
    let now = ctx.clock.now();
    let mut tx = ctx.store.begin().await?;
    let booking = bookings::find_by_hash(tx.ex(), hash)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if !confirmed {
        return Err(ServiceError::field("confirm", "accepted", CONFIRM_ERASURE));
    }
    let erased = erase_in(&mut tx, ctx, &[booking.id], now).await?;
    let event = AuditEvent::unattributed(AuditAction::DataErased, Origin::default());
    audit::record(tx.ex(), &entry(event, ErasedBy::Attendee, &erased)).await?;
    tx.commit().await?;
    ctx.slot_cache.forget_first_months();
    Ok(MessageAnswer {
        message: "Your data has been erased".into(),
    })
}

/// Bookings one retention pass erases at most per transaction (a pass takes as many as it
/// needs).
const RETENTION_BATCH: i64 = 200;

/// One retention pass: every booking that ended more than `retention_days` ago is erased
/// (none while it is `null`). Safe with several processes: a booking another pass erased
/// first is skipped. One audit entry per pass that erased any; answers how many.
pub async fn run_retention(ctx: &Ctx, now: i64) -> ServiceResult<usize> {
    let days = {
        let mut conn = ctx.store.conn().await?;
        settings::stored(conn.ex()).await?.retention_days
    };
    let Some(days) = days else {
        return Ok(0);
    };
    let cutoff = now - days * 86_400;
    let mut all = Vec::new();
    loop {
        let mut tx = ctx.store.begin().await?;
        let ids = store::ended_before(tx.ex(), cutoff, RETENTION_BATCH).await?;
        if ids.is_empty() {
            break;
        }
        let erased = erase_in(&mut tx, ctx, &ids, now).await?;
        tx.commit().await?;
        if erased.is_empty() {
            break;
        }
        all.extend(erased);
    }
    let entries = erase_ended_entries(ctx, cutoff, now).await?;
    if !all.is_empty() || !entries.is_empty() {
        let mut tx = ctx.store.begin().await?;
        let event = AuditEvent::unattributed(AuditAction::DataErased, Origin::default());
        let event = entry_with_waitlist(event, ErasedBy::Retention, &all, &entries);
        audit::record(tx.ex(), &event).await?;
        tx.commit().await?;
        ctx.slot_cache.forget_first_months();
    }
    Ok(all.len())
}

/// Retention for the waitlist: the entries whose time ended before `cutoff` lose the visitor's
/// name and address, a batch per transaction; answers their ids.
async fn erase_ended_entries(ctx: &Ctx, cutoff: i64, now: i64) -> ServiceResult<Vec<i64>> {
    let mut all = Vec::new();
    loop {
        let mut tx = ctx.store.begin().await?;
        let found =
            crate::store::waitlist::ended_with_data_before(tx.ex(), cutoff, RETENTION_BATCH)
                .await?;
        if found.is_empty() {
            break;
        }
        let erased = waitlist::erase_entries(&mut tx, ctx, &found, now).await?;
        tx.commit().await?;
        if erased.is_empty() {
            break;
        }
        all.extend(erased);
    }
    Ok(all)
}
