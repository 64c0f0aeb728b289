//! Calendars: list, read, create (with the first event), update, delete, slug checks.

use crate::model::listing::SlugAvailable;
use std::collections::HashMap;

use serde_json::Value;

use crate::domain::access::Capability;
use crate::domain::slug::slugify;
use crate::domain::validation::{FieldErrors, MAX_HTML_CHARS, check_max_len, check_title};
use crate::domain::values::{Slug, TimeZoneId};
use crate::model::booking::EventOption;
use crate::model::calendar::{
    Calendar, CalendarAnswer, CalendarList, CalendarRef, CalendarSettings, EventGroup, EventLists,
    EventSchemaAnswer, EventTemplate, EventTemplateSettings, NewCalendarAnswer,
};
use crate::model::page::Page;
use crate::service::events::new_event::{EventInput, insert_event, parse_event_input};
use crate::service::support::input::Fields;
use crate::service::support::present::{calendar_wire, event_wire};
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult, random_hash};
use crate::store::availability_schedules::{self, NewSchedule};
use crate::store::calendars::{self, CalendarFilter, CalendarRow, NewCalendar};
use crate::store::users::UserRow;
use crate::store::{Ex, StoreError, Tx, events, users};

/// What a caller needs to do with a calendar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Read,
    Write,
}

/// Loads a calendar the caller may use. Invisible calendars answer 404 so ids cannot be
/// probed; a team member who may read but not write gets 403.
pub async fn load_calendar(
    mut ex: Ex<'_>,
    caller: &Caller,
    id: i64,
    access: Access,
) -> ServiceResult<CalendarRow> {
    let cal = calendars::find(reborrow(&mut ex), id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if caller.can(Capability::ManageAllData) || cal.user_id == caller.id() {
        return Ok(cal);
    }
    if calendars::is_event_host(ex, cal.id, caller.id()).await? {
        return match access {
            Access::Read => Ok(cal),
            Access::Write => Err(ServiceError::forbidden()),
        };
    }
    Err(ServiceError::NotFound)
}

/// A shorter-lived borrow of the same connection.
pub fn reborrow<'a>(ex: &'a mut Ex<'_>) -> Ex<'a> {
    match ex {
        Ex::Sqlite(c) => Ex::Sqlite(c),
        Ex::Postgres(c) => Ex::Postgres(c),
    }
}

pub struct ListCalendars {
    pub page: i64,
    pub per_page: i64,
    pub search: String,
    pub calendar_type: String,
    pub with_event_lists: bool,
}

/// Calendars the caller may see, newest first, with their events and owners.
pub async fn list(ctx: &Ctx, caller: &Caller, q: ListCalendars) -> ServiceResult<CalendarList> {
    let filter = CalendarFilter {
        visible_to: (!caller.can(Capability::ManageAllData)).then_some(caller.id()),
        calendar_type: &q.calendar_type,
        search: q.search.trim(),
    };
    let mut conn = ctx.store.conn().await?;
    let total = calendars::count(conn.ex(), &filter).await?;
    let rows = calendars::list(conn.ex(), &filter, q.per_page, (q.page - 1) * q.per_page).await?;
    let data = with_events_and_users(ctx, &mut conn.ex(), &rows, q.search.trim()).await?;
    let mut answer = CalendarList {
        message: "Calendars have been fetched".into(),
        calendars: Page::new(data, total, q.page, q.per_page),
        calendar_event_lists: None,
    };
    if q.with_event_lists {
        let all = calendars::list(
            conn.ex(),
            &CalendarFilter {
                search: "",
                ..filter
            },
            500,
            0,
        )
        .await?;
        answer.calendar_event_lists = Some(event_lists(&mut conn.ex(), &all).await?);
    }
    Ok(answer)
}

/// Builds wire calendars for `rows` with two more queries (events, users), none per row.
async fn with_events_and_users(
    ctx: &Ctx,
    ex: &mut Ex<'_>,
    rows: &[CalendarRow],
    search: &str,
) -> ServiceResult<Vec<Calendar>> {
    let ids: Vec<i64> = rows.iter().map(|c| c.id).collect();
    let all_events = events::list_for_calendars(reborrow(ex), &ids).await?;
    let needle = search.to_lowercase();
    let mut owners: Vec<i64> = rows.iter().map(|c| c.user_id).collect();
    owners.sort_unstable();
    owners.dedup();
    let users: HashMap<i64, _> = users::find_many(reborrow(ex), &owners)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    Ok(rows
        .iter()
        .map(|cal| {
            let evs: Vec<_> = all_events
                .iter()
                .filter(|e| {
                    e.calendar_id == cal.id
                        && (needle.is_empty() || e.title.to_lowercase().contains(&needle))
                })
                .collect();
            calendar_wire(ctx, cal, users.get(&cal.user_id), &evs)
        })
        .collect())
}

/// Event options grouped as the dashboard's filters show them: host calendars, team
/// calendars, and every event.
async fn event_lists(ex: &mut Ex<'_>, rows: &[CalendarRow]) -> ServiceResult<EventLists> {
    let ids: Vec<i64> = rows.iter().map(|c| c.id).collect();
    let all_events = events::list_for_calendars(reborrow(ex), &ids).await?;
    let option = |e: &events::EventRow| EventOption {
        id: e.id,
        title: e.title.clone(),
    };
    let group = |cal: &CalendarRow| EventGroup {
        id: cal.id,
        title: cal.title.clone(),
        kind: cal.calendar_type.clone(),
        options: all_events
            .iter()
            .filter(|e| e.calendar_id == cal.id)
            .map(option)
            .collect(),
    };
    Ok(EventLists {
        hosts: rows
            .iter()
            .filter(|c| c.calendar_type == "simple")
            .map(group)
            .collect(),
        teams: rows
            .iter()
            .filter(|c| c.calendar_type != "simple")
            .map(group)
            .collect(),
        events: all_events
            .iter()
            .map(|e| EventGroup {
                id: e.id,
                title: e.title.clone(),
                kind: "event".into(),
                options: vec![option(e)],
            })
            .collect(),
    })
}

/// One calendar with its events and owner.
pub async fn get(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<CalendarAnswer> {
    let mut conn = ctx.store.conn().await?;
    let cal = load_calendar(conn.ex(), caller, id, Access::Read).await?;
    let calendar = with_events_and_users(ctx, &mut conn.ex(), std::slice::from_ref(&cal), "")
        .await?
        .pop()
        .ok_or(ServiceError::NotFound)?;
    Ok(CalendarAnswer {
        calendar,
        message: None,
    })
}

/// The first free slug: `wanted` itself, then `wanted-2`, `wanted-3`, …
async fn free_calendar_slug(ex: &mut Ex<'_>, wanted: &str) -> ServiceResult<String> {
    if !calendars::slug_taken(reborrow(ex), wanted).await? {
        return Ok(wanted.to_string());
    }
    for n in 2..100 {
        let candidate = format!("{wanted}-{n}");
        if !calendars::slug_taken(reborrow(ex), &candidate).await? {
            return Ok(candidate);
        }
    }
    Err(slug_taken())
}

fn slug_taken() -> ServiceError {
    ServiceError::Conflict {
        code: "slug_taken",
        message: "The provided slug is not available. Please choose a different one".into(),
    }
}

/// Creates a calendar with its first event (and the host's first schedule when it has none).
pub async fn create(
    ctx: &Ctx,
    caller: &Caller,
    command: CreateCalendar,
) -> ServiceResult<NewCalendarAnswer> {
    create_calendar(ctx, caller, command, false).await
}

/// The dashboard's "New calendar": as [`create`], but the user's own calendar also keeps the
/// title it was given (DESIGN 2.6), where the REST route names it after its host.
pub async fn create_titled(
    ctx: &Ctx,
    caller: &Caller,
    command: CreateCalendar,
) -> ServiceResult<NewCalendarAnswer> {
    create_calendar(ctx, caller, command, true).await
}

/// `POST /calendars`'s body, read once ([`CreateCalendar::parse`]): the calendar and its
/// first event.
#[derive(Debug, Clone)]
pub struct CreateCalendar {
    zone: TimeZoneId,
    calendar_type: String,
    team: bool,
    title: Option<String>,
    /// Another host than the caller (administrators who may invite only).
    requested_user: Option<i64>,
    slug: Option<Slug>,
    description: String,
    avatar: Option<String>,
    event: EventInput,
}

async fn create_calendar(
    ctx: &Ctx,
    caller: &Caller,
    command: CreateCalendar,
    keep_title: bool,
) -> ServiceResult<NewCalendarAnswer> {
    let may_choose_host =
        caller.can(Capability::ManageAllData) && caller.can(Capability::InviteTeamMembers);
    let host_id = match command.requested_user {
        Some(id) if may_choose_host => id,
        _ => caller.id(),
    };
    let mut tx = ctx.store.begin().await?;
    let host = users::find(tx.ex(), host_id)
        .await?
        .ok_or_else(|| ServiceError::field("calendar.user_id", "exists", "User not found"))?;
    check_may_have_calendar(&mut tx, caller, &host, &command).await?;
    let team = command.team;
    let wanted = command
        .slug
        .as_ref()
        .map(|s| s.as_str().to_string())
        .unwrap_or_else(|| {
            slugify(if team {
                command.title.as_deref().unwrap_or_default()
            } else {
                &host.login
            })
        });
    let slug = free_calendar_slug(&mut tx.ex(), &wanted).await?;
    let given = command.title.clone().unwrap_or_default().trim().to_string();
    let title = if team || (keep_title && !given.is_empty()) {
        given
    } else {
        host.full_name()
    };
    let hash = random_hash();
    let new_calendar = NewCalendar {
        hash: &hash,
        user_id: host.id,
        title: &title,
        slug: &slug,
        description: &clean_html(&command.description),
        settings: "{}",
        calendar_type: &command.calendar_type,
        author_timezone: command.zone.as_str(),
    };
    let calendar_id = match calendars::insert(tx.ex(), &new_calendar).await {
        Err(StoreError::UniqueViolation) => return Err(slug_taken()),
        other => other?,
    };
    let default_schedule = default_schedule_of(&mut tx, &host, &command).await?;
    let mut cal = calendars::find(tx.ex(), calendar_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let event = insert_event(
        &mut tx,
        &cal,
        host.id,
        command.event,
        Some(default_schedule),
    )
    .await?;
    let settings = CalendarSettings {
        event_order: Some(vec![event.id]),
        profile_photo_url: command.avatar.unwrap_or_default(),
        ..CalendarSettings::default()
    };
    cal.settings = serde_json::to_string(&settings).map_err(StoreError::from)?;
    calendars::update(tx.ex(), &cal).await?;
    let cal = calendars::find(tx.ex(), calendar_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(NewCalendarAnswer {
        calendar: calendar_wire(ctx, &cal, Some(&host), &[&event]),
        slot: event_wire(ctx, &cal, &event),
        redirect_url: format!(
            "{}/admin/calendars/{}/events/{}",
            ctx.public_url, cal.id, event.id
        ),
    })
}

impl CreateCalendar {
    /// Reads `{calendar: {author_timezone, type, title, user_id, slug, description,
    /// calendar_avatar, slot}}`; every field's errors at once.
    pub fn parse(body: &Value) -> ServiceResult<CreateCalendar> {
        let mut errors = FieldErrors::new();
        let root = Fields::new(Some(body), "");
        let Some(cal_value) = root.object("calendar", &mut errors) else {
            if errors.is_empty() {
                errors.add("calendar", "required", "The calendar field is required.");
            }
            return Err(ServiceError::invalid(errors));
        };
        let f = Fields::new(Some(cal_value), "calendar");
        // A refused zone fails the whole parse below; absent or blank means UTC.
        let zone = f
            .time_zone("author_timezone", "author timezone", &mut errors)
            .unwrap_or_else(TimeZoneId::utc);
        let calendar_type = f
            .one_of("type", &["simple", "team"], &mut errors)
            .unwrap_or_else(|| "simple".into());
        let team = calendar_type != "simple";
        let title = f.str("title", &mut errors);
        if team {
            check_title(
                &mut errors,
                "calendar.title",
                "Calendar title",
                title.as_deref(),
            );
        } else {
            check_max_len(&mut errors, "calendar.title", title.as_deref(), 192);
        }
        let requested_user = f.int("user_id", &mut errors);
        let slug = match f.str("slug", &mut errors).filter(|s| !s.trim().is_empty()) {
            Some(text) => match Slug::parse(text.trim()) {
                Ok(slug) => Some(slug),
                Err(problem) => {
                    errors.add("calendar.slug", "slug", problem.message());
                    None
                }
            },
            None => None,
        };
        let description = f.str("description", &mut errors).unwrap_or_default();
        check_max_len(
            &mut errors,
            "calendar.description",
            Some(&description),
            MAX_HTML_CHARS,
        );
        // An extension: the host profile's photo, as the sharing settings take it.
        let avatar = f
            .str("calendar_avatar", &mut errors)
            .map(|u| u.trim().to_string())
            .filter(|u| !u.is_empty());
        if avatar
            .as_deref()
            .is_some_and(|u| u.len() > 2048 || !crate::service::support::input::is_http_url(u))
        {
            errors.add(
                "calendar.calendar_avatar",
                "url",
                "The calendar.calendar_avatar format is invalid.",
            );
        }
        let event = parse_event_input(f.get("slot"), "calendar.slot", team, &mut errors);
        let (Some(event), true) = (event, errors.is_empty()) else {
            return Err(ServiceError::invalid(errors));
        };
        Ok(CreateCalendar {
            zone,
            calendar_type,
            team,
            title,
            requested_user,
            slug,
            description,
            avatar,
            event,
        })
    }
}

/// A user has one simple calendar; a team calendar needs known members, its host among them,
/// each of whom agreed to join.
async fn check_may_have_calendar(
    tx: &mut Tx,
    caller: &Caller,
    host: &UserRow,
    command: &CreateCalendar,
) -> ServiceResult<()> {
    if !command.team {
        if calendars::simple_calendar_of(tx.ex(), host.id)
            .await?
            .is_some()
        {
            return Err(ServiceError::Unprocessable {
                code: "calendar_exists",
                message:
                    "The user already has a calendar. Please delete it first to create a new one"
                        .into(),
            });
        }
        return Ok(());
    }
    let members = &command.event.settings.team_members;
    let known = users::find_many(tx.ex(), members).await?;
    let mut distinct = members.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if !members.contains(&host.id) || known.len() != distinct.len() {
        return Err(ServiceError::field(
            "calendar.slot.settings.team_members",
            "members",
            "Invalid Team Member",
        ));
    }
    crate::service::team_invitations::check_consent(
        tx.ex(),
        caller,
        host.id,
        members,
        "calendar.slot.settings.team_members",
    )
    .await
}

/// The host's default availability schedule, made from the first event's weekly hours when
/// the host has none yet.
async fn default_schedule_of(
    tx: &mut Tx,
    host: &UserRow,
    command: &CreateCalendar,
) -> ServiceResult<i64> {
    if let Some(schedule) = availability_schedules::find_default(tx.ex(), host.id).await? {
        return Ok(schedule.id);
    }
    let weekly = serde_json::to_string(&command.event.settings.weekly_schedules)
        .map_err(StoreError::from)?;
    let id = availability_schedules::insert(
        tx.ex(),
        &NewSchedule {
            user_id: host.id,
            title: "Weekly Hours",
            is_default: true,
            timezone: command.zone.as_str(),
            weekly_schedules: &weekly,
            date_overrides: "{}",
        },
    )
    .await?;
    Ok(id)
}

/// `POST /calendars/{id}`'s body, read once; `None` keeps the stored value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UpdateCalendar {
    /// Trimmed, and a valid calendar title.
    pub title: Option<String>,
    /// As given; sanitised when stored.
    pub description: Option<String>,
}

impl UpdateCalendar {
    /// Reads `{title?, description?}`.
    pub fn parse(body: &Value) -> ServiceResult<UpdateCalendar> {
        let mut errors = FieldErrors::new();
        let f = Fields::new(Some(body), "");
        let description = f.str("description", &mut errors);
        check_max_len(
            &mut errors,
            "description",
            description.as_deref(),
            MAX_HTML_CHARS,
        );
        let title = f.str("title", &mut errors);
        if title.is_some() {
            check_title(&mut errors, "title", "Calendar title", title.as_deref());
        }
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(UpdateCalendar {
            title: title.map(|t| t.trim().to_string()),
            description,
        })
    }
}

/// Updates the description (and the title, when given).
pub async fn update(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    change: UpdateCalendar,
) -> ServiceResult<CalendarAnswer> {
    let mut tx = ctx.store.begin().await?;
    let mut cal = load_calendar(tx.ex(), caller, id, Access::Write).await?;
    if let Some(description) = change.description {
        cal.description = clean_html(&description);
    }
    if let Some(title) = change.title {
        cal.title = title;
    }
    calendars::update(tx.ex(), &cal).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    let mut answer = get(ctx, caller, id).await?;
    answer.message = Some("Calendar has been updated successfully".into());
    Ok(answer)
}

/// Deletes the calendar, its events and their bookings, in one transaction.
pub async fn delete(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    let cal = load_calendar(tx.ex(), caller, id, Access::Write).await?;
    calendars::delete_bookings(tx.ex(), cal.id).await?;
    calendars::delete(tx.ex(), cal.id).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(())
}

/// `POST /calendars/check-slug`'s body, `{slug}`, read once: the text, not yet checked.
pub fn slug_to_check(body: &Value) -> ServiceResult<String> {
    let mut errors = FieldErrors::new();
    let slug = Fields::new(Some(body), "")
        .str("slug", &mut errors)
        .unwrap_or_default();
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(slug)
}

/// Whether `slug` can be used for a new calendar: a valid slug no calendar has.
pub async fn check_slug_available(ctx: &Ctx, slug: &str) -> ServiceResult<SlugAvailable> {
    let slug = slug.trim();
    if slug.is_empty() {
        return Err(ServiceError::field(
            "slug",
            "required",
            "The slug field is required.",
        ));
    }
    let slug = Slug::parse(slug)
        .map_err(|problem| ServiceError::field("slug", "slug", problem.message()))?;
    let mut conn = ctx.store.conn().await?;
    if calendars::slug_taken(conn.ex(), slug.as_str()).await? {
        return Err(slug_taken());
    }
    Ok(SlugAvailable {
        status: true,
        message: "The provided slug is available".into(),
    })
}

/// The template the dashboard starts a new event from.
pub async fn event_schema(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<EventSchemaAnswer> {
    let mut conn = ctx.store.conn().await?;
    let cal = load_calendar(conn.ex(), caller, id, Access::Read).await?;
    let weekly = match availability_schedules::find_default(conn.ex(), cal.user_id).await? {
        Some(s) => serde_json::from_str(&s.weekly_schedules)
            .unwrap_or_else(|_| crate::domain::week::WeeklySchedule::office_hours()),
        None => crate::domain::week::WeeklySchedule::office_hours(),
    };
    Ok(EventSchemaAnswer {
        slot: EventTemplate {
            title: String::new(),
            status: "active".into(),
            description: String::new(),
            duration: "30".into(),
            color_schema: crate::model::event::DEFAULT_COLOR.into(),
            event_type: "single".into(),
            calendar: CalendarRef {
                id: cal.id,
                title: cal.title.clone(),
                slug: cal.slug.clone(),
            },
            settings: EventTemplateSettings {
                schedule_type: "weekly_schedules".into(),
                weekly_schedules: weekly,
                range_type: "range_days".into(),
                range_days: 60,
                location_fields: crate::model::event::location_fields(),
            },
        },
    })
}
