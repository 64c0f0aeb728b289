//! Host-side event management: create, read, status, delete, clone, and what the editor's
//! tabs share (loading a managed event, saving its settings). The tabs themselves: details.rs,
//! availability.rs, limits.rs. Settings writes overlay the stored document (a shallow merge).

use crate::model::answer::MessageAnswer;

use crate::domain::access::Capability;
use crate::domain::values::EventStatus;
use crate::model::calendar::CalendarSettings;
use crate::model::event::{
    EditorEvent, EditorTab, EventAnswer, EventCalendar, EventCreated, EventOwner, EventSettings,
    EventSettingsOf, EventSettingsSaved,
};
use crate::service::calendars::admin::{Access, load_calendar};
use crate::service::events::new_event::{EventInput, insert_event, minutes_setting};
use crate::service::support::present::{calendar_settings, event_settings, event_wire};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult, random_hash};
use crate::store::calendars::{self, CalendarRow};
use crate::store::events::{self, EventRow};
use crate::store::reborrow;
use crate::store::{Ex, StoreError, availability_schedules, users};

/// Loads an event of a calendar for a caller who may manage it: the calendar's owner, the
/// event's hosts (team members included) and `manage_all_data`. Anything else is 404.
pub async fn load_managed_event(
    mut ex: Ex<'_>,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<(CalendarRow, EventRow)> {
    let cal = calendars::find(reborrow(&mut ex), calendar_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let ev = events::find(reborrow(&mut ex), event_id)
        .await?
        .filter(|e| e.calendar_id == cal.id)
        .ok_or(ServiceError::NotFound)?;
    if caller.can(Capability::ManageAllData)
        || cal.user_id == caller.id()
        || ev.user_id == caller.id()
    {
        return Ok((cal, ev));
    }
    if events::hosts(ex, ev.id).await?.contains(&caller.id()) {
        return Ok((cal, ev));
    }
    Err(ServiceError::NotFound)
}

pub(super) fn to_json(settings: &EventSettings) -> Result<String, StoreError> {
    serde_json::to_string(settings).map_err(StoreError::from)
}

/// Stores the event with `settings` and commits. The buffer columns are copies of the settings'
/// buffers (the slot engine reads them for every busy booking), kept in step here.
pub(super) async fn save(
    ctx: &Ctx,
    mut tx: crate::store::Tx,
    ev: &mut EventRow,
    settings: &EventSettings,
) -> ServiceResult<()> {
    ev.buffer_before_minutes = minutes_setting(&settings.buffer_time_before);
    ev.buffer_after_minutes = minutes_setting(&settings.buffer_time_after);
    ev.settings = to_json(settings)?;
    events::update(tx.ex(), ev).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(())
}

/// Checks that every team member exists; answers 422 naming `field` otherwise.
pub(super) async fn check_members(ex: Ex<'_>, members: &[i64], field: &str) -> ServiceResult<()> {
    let mut unique = members.to_vec();
    unique.sort_unstable();
    unique.dedup();
    if users::find_many(ex, &unique).await?.len() != unique.len() {
        return Err(ServiceError::field(field, "members", "Invalid Team Member"));
    }
    Ok(())
}

/// Appends an event to the calendar's display order.
async fn add_to_order(ex: Ex<'_>, cal: &mut CalendarRow, event_id: i64) -> ServiceResult<()> {
    let mut settings = calendar_settings(cal)?;
    settings
        .event_order
        .get_or_insert_with(Vec::new)
        .push(event_id);
    cal.settings = serde_json::to_string(&settings).map_err(StoreError::from)?;
    calendars::update(ex, cal).await?;
    Ok(())
}

/// A team event's hosts (the dashboard's "Hosts"; no REST route changes them): each must exist
/// and have accepted the team owner's invitation (as `POST …/events` checks), at least one.
/// Bookings keep the host they were made with.
pub async fn set_team_hosts(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    hosts: &[i64],
) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    let (cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    if cal.calendar_type == "simple" {
        return Err(ServiceError::field(
            "hosts",
            "team",
            "Only a team calendar's events have hosts to choose.",
        ));
    }
    if hosts.is_empty() {
        return Err(ServiceError::field(
            "hosts",
            "required",
            "Choose at least one host.",
        ));
    }
    check_members(tx.ex(), hosts, "hosts").await?;
    crate::service::team_invitations::check_consent(tx.ex(), caller, cal.user_id, hosts, "hosts")
        .await?;
    let mut settings = event_settings(&ev)?;
    settings.team_members = hosts.to_vec();
    events::set_hosts(tx.ex(), ev.id, hosts).await?;
    save(ctx, tx, &mut ev, &settings).await
}

/// Whether a calendar the caller may add events to is a team's (what its events may be):
/// the edge reads a new event's body only after this, so another host's calendar is 404
/// whatever the body says.
pub async fn calendar_is_team(ctx: &Ctx, caller: &Caller, calendar_id: i64) -> ServiceResult<bool> {
    let mut conn = ctx.store.conn().await?;
    let cal = load_calendar(conn.ex(), caller, calendar_id, Access::Write).await?;
    Ok(cal.calendar_type != "simple")
}

/// `POST /calendars/{id}/events`: the event read for this calendar (see
/// [`calendar_is_team`]).
pub async fn create(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    input: EventInput,
) -> ServiceResult<EventCreated> {
    let mut tx = ctx.store.begin().await?;
    let mut cal = load_calendar(tx.ex(), caller, calendar_id, Access::Write).await?;
    // A calendar keeps its kind from its creation, so the body was read for this one.
    let team = cal.calendar_type != "simple";
    if team {
        check_members(
            tx.ex(),
            &input.settings.team_members,
            "settings.team_members",
        )
        .await?;
        crate::service::team_invitations::check_consent(
            tx.ex(),
            caller,
            cal.user_id,
            &input.settings.team_members,
            "settings.team_members",
        )
        .await?;
    }
    let default_schedule = availability_schedules::find_default(tx.ex(), cal.user_id)
        .await?
        .map(|s| s.id);
    let event = insert_event(&mut tx, &cal, cal.user_id, input, default_schedule).await?;
    add_to_order(tx.ex(), &mut cal, event.id).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(EventCreated {
        message: "New Event Type has been created successfully".into(),
        slot: event_wire(ctx, &cal, &event)?,
    })
}

fn settings_menu(cal: &CalendarRow, ev: &EventRow) -> Vec<EditorTab> {
    let base = format!("/admin/calendars/{}/events/{}", cal.id, ev.id);
    [
        ("event-details", "Event Details"),
        ("availability", "Availability"),
        ("limits", "Limits"),
        ("booking-fields", "Question Settings"),
        ("email-notifications", "Email Notifications"),
        ("payment-settings", "Payment Settings"),
        ("integrations", "Integrations"),
    ]
    .into_iter()
    .map(|(key, title)| EditorTab {
        key: key.into(),
        title: title.into(),
        route: format!("{base}/{key}"),
    })
    .collect()
}

/// `GET /calendars/{id}/events/{event_id}` with the requested extras.
pub async fn get(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    with: &[&str],
) -> ServiceResult<EventAnswer> {
    let mut conn = ctx.store.conn().await?;
    let (cal, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    let owner = users::find(conn.ex(), ev.user_id).await?;
    drop(conn);
    let mut answer = EventAnswer {
        calendar_event: EditorEvent {
            event: event_wire(ctx, &cal, &ev)?,
            author_profile: EventOwner {
                ID: ev.user_id,
                name: owner
                    .as_ref()
                    .map(|u| u.full_name())
                    .unwrap_or_else(|| "Unknown".into()),
                avatar: owner
                    .as_ref()
                    .map(|u| u.avatar_url.clone())
                    .unwrap_or_default(),
            },
            calendar: EventCalendar {
                id: cal.id,
                title: cal.title.clone(),
                slug: cal.slug.clone(),
                calendar_type: cal.calendar_type.clone(),
                author_timezone: cal.author_timezone.clone(),
            },
        },
        calendar: None,
        smart_codes: None,
        settings_menu: None,
        calendar_event_lists: None,
    };
    if with.contains(&"calendar") {
        answer.calendar = Some(
            crate::service::calendars::admin::get(ctx, caller, calendar_id)
                .await?
                .calendar,
        );
    }
    if with.contains(&"smart_codes") {
        answer.smart_codes = Some(crate::domain::smart_codes::catalogue());
    }
    if with.contains(&"settings_menu") {
        answer.settings_menu = Some(settings_menu(&cal, &ev));
    }
    if with.contains(&"calendar_event_lists") {
        let list = crate::service::calendars::admin::list(
            ctx,
            caller,
            crate::service::calendars::admin::ListCalendars {
                page: 1,
                per_page: 1,
                search: String::new(),
                calendar_type: "all".into(),
                with_event_lists: true,
            },
        )
        .await?;
        answer.calendar_event_lists = list.calendar_event_lists;
    }
    Ok(answer)
}

pub(super) const UPDATED: &str = "Data has been updated";

pub(super) fn settings_saved(ev: &EventRow, settings: EventSettings) -> EventSettingsSaved {
    EventSettingsSaved {
        message: UPDATED.into(),
        event: EventSettingsOf {
            id: ev.id,
            settings,
        },
    }
}

/// 404 unless the caller manages this event. The ways in ask this before they read a body, so
/// another host's ids answer 404 whatever the body; each use case checks again in its
/// transaction.
pub async fn check_event_access(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<()> {
    let mut conn = ctx.store.conn().await?;
    load_managed_event(conn.ex(), caller, calendar_id, event_id)
        .await
        .map(drop)
}

/// `PUT …/{event_id}`: the event takes bookings or is hidden.
pub async fn set_status(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    status: EventStatus,
) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    ev.status = status.as_str().to_string();
    events::update(tx.ex(), &ev).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(MessageAnswer::new("Data has been updated"))
}

/// `DELETE …/{event_id}`: the calendar's owner (or `manage_all_data`) only. Bookings stay.
pub async fn delete(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    let (mut cal, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    if !(caller.can(Capability::ManageAllData) || cal.user_id == caller.id()) {
        return Err(ServiceError::forbidden());
    }
    events::delete(tx.ex(), ev.id).await?;
    let mut settings: CalendarSettings = calendar_settings(&cal)?;
    if let Some(order) = settings.event_order.as_mut() {
        order.retain(|id| *id != ev.id);
    }
    settings.sharing.enabled_slots.retain(|id| *id != ev.id);
    cal.settings = serde_json::to_string(&settings).map_err(StoreError::from)?;
    calendars::update(tx.ex(), &cal).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(())
}

/// `POST /calendars/{id}/clone-event/{event_id}`'s body, read once.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CloneEvent {
    /// Where the copy goes; `None`: the event's own calendar.
    pub new_calendar_id: Option<i64>,
}

/// `POST /calendars/{id}/clone-event/{event_id}`: a copy (title + " (clone)") in this or another
/// calendar the caller may write to, with its booking fields and integrations.
pub async fn clone(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    command: CloneEvent,
) -> ServiceResult<EventCreated> {
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let target_id = command.new_calendar_id.unwrap_or(calendar_id);
    let mut dest = match load_calendar(tx.ex(), caller, target_id, Access::Write).await {
        Err(ServiceError::Forbidden(_)) => {
            return Err(ServiceError::Forbidden(
                "You do not have permission to write to the destination calendar.".into(),
            ));
        }
        Err(ServiceError::NotFound) => {
            return Err(ServiceError::field(
                "new_calendar_id",
                "exists",
                "Calendar could not be found. Please try again",
            ));
        }
        other => other?,
    };
    let team_event = ev.kind().is_team();
    if team_event && dest.calendar_type == "simple" {
        return Err(ServiceError::field(
            "new_calendar_id",
            "type",
            "A team event can only be cloned into a team calendar.",
        ));
    }
    let mut copy = ev.clone();
    copy.hash = random_hash();
    copy.calendar_id = dest.id;
    copy.title = format!("{} (clone)", ev.title).chars().take(192).collect();
    copy.user_id = if dest.id == ev.calendar_id {
        ev.user_id
    } else {
        dest.user_id
    };
    copy.parent_id = None;
    let mut n = 0;
    let base = ev.slug.clone();
    copy.slug = base.clone();
    while events::slug_taken_in_calendar(tx.ex(), dest.id, &copy.slug).await? {
        n += 1;
        copy.slug = format!("{base}-{n}");
    }
    copy.id = events::insert(tx.ex(), &copy).await?;
    let hosts = events::hosts(tx.ex(), ev.id).await?;
    let hosts = if team_event {
        hosts
    } else {
        vec![copy.user_id]
    };
    events::set_hosts(tx.ex(), copy.id, &hosts).await?;
    crate::store::booking_fields::copy(tx.ex(), ev.id, copy.id).await?;
    // Notifications, SMS and payment settings and webhook feeds come along.
    events::copy_meta(tx.ex(), ev.id, copy.id).await?;
    crate::store::integrations::copy_all(tx.ex(), ev.id, copy.id).await?;
    add_to_order(tx.ex(), &mut dest, copy.id).await?;
    let copy = events::find(tx.ex(), copy.id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(EventCreated {
        message: "The Event Type has been cloned successfully".into(),
        slot: event_wire(ctx, &dest, &copy)?,
    })
}
