//! The dashboard's setup pages: calendars and their events. Reads are typed views of what
//! `GET /calendars` shows the caller; the forms go through the services of `POST /calendars`
//! and `POST /calendars/{id}/events`, so every rule and message is the REST route's.

use crate::domain::access::Capability;
use crate::domain::dates::zone_label;
use crate::domain::slots::local::local_of;
use crate::domain::validation::FieldErrors;
use crate::domain::zone::parse_zone;
use crate::model::public::FormState;
use crate::model::setup::{
    CalendarCard, CalendarPage, CalendarsPage, EventCard, FIRST_EVENT_TITLE, in_event_order,
};
use crate::service::calendars::admin::{Access, load_calendar};
use crate::service::calendars::new_calendar::{CalendarGiven, CreateCalendar};
use crate::service::calendars::sharing::{self, LandingChange, ProfileTexts, SaveSharing};
use crate::service::events::new_event::EventBasics;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::{calendars, events};
use crate::texts::dashboard::t;

mod editor;
mod forms;

pub use editor::{
    choose_schedule, editor, explain_day, save_details, save_hosts, save_hours, save_limits,
};
pub(crate) use editor::{draft_of, row_of};
use forms::{failed, form_int, refused};
pub(crate) use forms::{refused_as, said};

/// Calendars listed at most.
const CALENDARS_SHOWN: i64 = 200;

/// `/admin/calendars`.
pub async fn calendars(ctx: &Ctx, caller: &Caller) -> ServiceResult<CalendarsPage> {
    let mut conn = ctx.store.conn().await?;
    let filter = calendars::CalendarFilter {
        visible_to: (!caller.can(Capability::ManageAllData)).then_some(caller.id()),
        calendar_type: "all",
        search: "",
    };
    let rows = calendars::list(conn.ex(), &filter, CALENDARS_SHOWN, 0).await?;
    let ids: Vec<i64> = rows.iter().map(|c| c.id).collect();
    let evs = events::list_for_calendars(conn.ex(), &ids).await?;
    let own = rows
        .iter()
        .find(|c| c.user_id == caller.id() && c.calendar_type == "simple");
    Ok(CalendarsPage {
        zone: own.map_or_else(|| "UTC".to_string(), |c| c.author_timezone.clone()),
        calendars: rows
            .iter()
            .map(|c| CalendarCard {
                id: c.id,
                title: c.title.clone(),
                url: format!("{}/{}", ctx.public_url, c.slug),
                kind: c.calendar_type.clone(),
                events: evs.iter().filter(|e| e.calendar_id == c.id).count(),
            })
            .collect(),
    })
}

/// `/admin/calendars/{id}`: 404 for a calendar the caller may not see.
pub async fn calendar(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    now: i64,
) -> ServiceResult<CalendarPage> {
    let mut conn = ctx.store.conn().await?;
    let cal = load_calendar(conn.ex(), caller, id, Access::Read).await?;
    let mut evs = events::list_for_calendars(conn.ex(), &[cal.id]).await?;
    let ids: Vec<i64> = evs.iter().map(|e| e.id).collect();
    let order = in_event_order(
        &ids,
        crate::service::support::present::calendar_settings(&cal)?
            .event_order
            .as_deref(),
    );
    evs.sort_by_key(|e| order.iter().position(|id| *id == e.id));
    let zone = parse_zone(&cal.author_timezone).unwrap_or(chrono_tz::UTC);
    let landing = format!("{}/{}", ctx.public_url, cal.slug);
    let settings = crate::service::support::present::calendar_settings(&cal)?;
    let team = cal.calendar_type != "simple";
    let host_choices = if team {
        // On the connection already held: a second one per request could starve the pool.
        host_choices(conn.ex(), caller, cal.user_id).await?
    } else {
        Vec::new()
    };
    Ok(CalendarPage {
        team,
        host_choices,
        zone_id: cal.author_timezone.clone(),
        photo_url: settings.profile_photo_url.clone(),
        landing_enabled: settings.sharing.is_enabled(),
        language: cal.language.clone(),
        show_all: settings.sharing.show_type != "selected",
        shown_events: settings.sharing.enabled_slots.clone(),
        id: cal.id,
        title: cal.title.clone(),
        slug: cal.slug.clone(),
        zone: zone_label(zone, local_of(zone, now).0),
        description_html: cal.description.clone(),
        events: evs
            .iter()
            .map(|e| EventCard {
                id: e.id,
                title: e.title.clone(),
                duration: e.duration,
                status: e.status.clone(),
                url: format!("{landing}/{}", e.slug),
                embed: format!(
                    "<script src=\"{}/embed.js\" data-slotbook=\"/{}/{}\" async></script>",
                    ctx.public_url, cal.slug, e.slug
                ),
                editor: format!("/admin/calendars/{}/events/{}", cal.id, e.id),
            })
            .collect(),
        landing_url: landing,
    })
}

/// Who may host a team event of `owner`'s calendar: with `invite_team_members` any user;
/// otherwise the caller, the owner and those who accepted the owner's invitation (the rule
/// `POST …/events` applies).
async fn host_choices(
    mut ex: crate::store::Ex<'_>,
    caller: &Caller,
    owner: i64,
) -> ServiceResult<Vec<(i64, String)>> {
    use crate::store::{reborrow, team_invitations, users};
    let people = if caller.can(Capability::InviteTeamMembers) {
        users::search(ex, "", CALENDARS_SHOWN).await?
    } else {
        let mut ids = vec![caller.id(), owner];
        ids.extend(
            team_invitations::list_for(reborrow(&mut ex), owner)
                .await?
                .iter()
                .filter(|i| i.inviter_id == owner && i.status == "accepted")
                .map(|i| i.invitee_id),
        );
        users::find_many(ex, &ids).await?
    };
    let mut choices: Vec<(i64, String)> = people.iter().map(|u| (u.id, u.full_name())).collect();
    choices.sort_by_key(|(id, _)| *id != caller.id());
    choices.dedup_by_key(|(id, _)| *id);
    Ok(choices)
}

/// "New calendar": Title, Slug, Time zone, Description. The user's first calendar is its own
/// (`simple`); a further one is a team calendar with the user as its member. Answers the new
/// calendar's id, or the form with each REST message beside its field.
pub async fn create_calendar(
    ctx: &Ctx,
    caller: &Caller,
    form: &FormState,
) -> Result<i64, FormState> {
    // The title is required here even for the user's own calendar: the form names it.
    if form.value("title").trim().is_empty() {
        let mut refused = form.clone();
        refused
            .errors
            .insert("title".into(), t("the-title-field-is-required").into());
        refused.message = Some(t("the-title-field-is-required").into());
        return Err(refused);
    }
    let has_own = {
        let mut conn = ctx.store.conn().await.map_err(|e| failed(form, e.into()))?;
        calendars::simple_calendar_of(conn.ex(), caller.id())
            .await
            .map_err(|e| failed(form, e.into()))?
            .is_some()
    };
    let given = CalendarGiven {
        calendar_type: Some(if has_own { "team" } else { "simple" }.into()),
        title: Some(form.value("title")),
        slug: Some(form.value("slug")),
        zone: Some(form.value("author_timezone")),
        description: Some(form.value("description")),
        avatar: Some(form.value("photo_url")),
        requested_user: None,
        language: None,
    };
    let first_event = EventBasics {
        title: FIRST_EVENT_TITLE.into(),
        duration: Some(30),
        event_type: "single".into(),
        hosts: vec![caller.id()],
        ..EventBasics::default()
    };
    let mut errors = FieldErrors::new();
    let event = first_event.checked(given.is_team(), "calendar.slot", &mut errors);
    let created = match CreateCalendar::new(given, event, errors) {
        Ok(command) => {
            crate::service::calendars::new_calendar::create_titled(ctx, caller, command).await
        }
        Err(refusal) => Err(refusal),
    };
    match created {
        Ok(made) => Ok(made.calendar.id),
        Err(e) => {
            let mut state = refused(form, e, "calendar.");
            if let Some(message) = state.errors.remove("calendar_avatar") {
                state.errors.insert("photo_url".into(), message);
            }
            Err(state)
        }
    }
}

/// "New event" on a calendar's page: Title and Duration (minutes); the event is active.
/// Answers the new event's id, or the form with the REST messages.
pub async fn create_event(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    form: &FormState,
) -> Result<i64, FormState> {
    // On a team calendar the form names the kind and the hosts; else the user hosts alone.
    let kind = match form.value("event_type") {
        k if k.is_empty() => "single".to_string(),
        k => k,
    };
    let mut unreadable = FieldErrors::new();
    let posted_hosts = form.values.get("hosts").filter(|ids| !ids.is_empty());
    let hosts = match posted_hosts {
        Some(ids) => ids
            .iter()
            .map(|id| id.trim().parse::<i64>())
            .collect::<Result<Vec<_>, _>>()
            .unwrap_or_else(|_| {
                unreadable.add(
                    "settings.team_members",
                    "array",
                    "The settings.team_members must be a list of integers.",
                );
                Vec::new()
            }),
        None => vec![caller.id()],
    };
    let basics = EventBasics {
        title: form.value("title"),
        duration: form_int(form, "duration", "duration", &mut unreadable),
        event_type: kind,
        hosts,
        unreadable,
        ..EventBasics::default()
    };
    let read = async || {
        use crate::service::events::admin;
        let team = admin::calendar_is_team(ctx, caller, calendar_id).await?;
        let mut errors = FieldErrors::new();
        let input = match basics.checked(team, "", &mut errors) {
            Some(event) if errors.is_empty() => event,
            _ => return Err(ServiceError::invalid(errors)),
        };
        admin::create(ctx, caller, calendar_id, input).await
    };
    match read().await {
        Ok(made) => Ok(made.slot.id),
        Err(e) => Err(refused_as(form, e, |field| match field {
            "settings.team_members" => "hosts".to_string(),
            other => other.to_string(),
        })),
    }
}

/// A button of the calendar page (`action=`): "Create event" (none), "settings", "clone:{id}",
/// "up:{id}", "down:{id}", "delete_event:{id}" or "delete_calendar". Answers where to go next, or the form with the
/// refusal.
pub async fn calendar_action(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    form: &FormState,
) -> Result<String, FormState> {
    let page = format!("/admin/calendars/{calendar_id}");
    let editor = |event: i64| format!("{page}/events/{event}?tab=details");
    let action = form.value("action");
    let (verb, event) = action.split_once(':').unwrap_or((action.as_str(), ""));
    let event = event.parse::<i64>();
    let plain = |e: ServiceError| refused_as(form, e, str::to_string);
    match (verb, event) {
        ("", _) => create_event(ctx, caller, calendar_id, form)
            .await
            .map(editor),
        ("settings", _) => save_calendar(ctx, caller, calendar_id, form)
            .await
            .map(|()| format!("{page}?edit=settings&done=settings#calendar-settings")),
        ("clone", Ok(event)) => crate::service::events::admin::clone(
            ctx,
            caller,
            calendar_id,
            event,
            Default::default(),
        )
        .await
        .map(|made| editor(made.slot.id))
        .map_err(plain),
        ("delete_event", Ok(event)) => {
            crate::service::events::admin::delete(ctx, caller, calendar_id, event)
                .await
                .map(|()| format!("{page}?done=deleted"))
                .map_err(plain)
        }
        (direction @ ("up" | "down"), Ok(event)) => {
            let up = direction == "up";
            crate::service::calendars::admin::move_event(ctx, caller, calendar_id, event, up)
                .await
                .map(|()| format!("{page}#event-{event}"))
                .map_err(plain)
        }
        ("delete_calendar", _) => {
            crate::service::calendars::admin::delete(ctx, caller, calendar_id)
                .await
                .map(|()| "/admin/calendars".to_string())
                .map_err(plain)
        }
        _ => Err(plain(ServiceError::NotFound)),
    }
}

/// The calendar page's settings form: title, zone, description and photo of the host
/// profile, and the landing page's switch and events, through the service of
/// `POST /calendars/{id}/sharing-settings`.
pub async fn save_calendar(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    form: &FormState,
) -> Result<(), FormState> {
    let mut unreadable = FieldErrors::new();
    let shown: Vec<i64> = form
        .values
        .get("shown_events")
        .into_iter()
        .flatten()
        .filter_map(|e| {
            e.trim().parse().ok().or_else(|| {
                unreadable.add("shown_events", "integer", t("choose-events-from-the-list"));
                None
            })
        })
        .collect();
    let profile = ProfileTexts {
        title: Some(form.value("title")),
        slug: Some(form.value("slug")),
        timezone: Some(form.value("author_timezone")),
        description: Some(form.value("description")),
        avatar: Some(form.value("photo_url")),
        language: Some(form.value("language")).filter(|l| !l.is_empty()),
        ..ProfileTexts::default()
    };
    let landing = LandingChange {
        enabled: Some(form.value("landing_enabled") == "on"),
        show_type: Some(
            if form.value("show_type") == "selected" {
                "selected"
            } else {
                "all"
            }
            .to_string(),
        ),
        enabled_slots: Some(shown),
    };
    let saved = match SaveSharing::new(Some(profile), landing, unreadable) {
        Ok(change) => sharing::save(ctx, caller, id, change).await.map(drop),
        Err(refusal) => Err(refusal),
    };
    saved.map_err(|e| {
        refused_as(form, e, |field| {
            match field.rsplit('.').next().unwrap_or(field) {
                "timezone" => "author_timezone".to_string(),
                "calendar_avatar" => "photo_url".to_string(),
                "enabled_slots" => "shown_events".to_string(),
                other => other.to_string(),
            }
        })
    })
}
