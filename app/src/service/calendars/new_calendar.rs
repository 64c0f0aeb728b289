//! `POST /calendars` (and the dashboard's "New calendar"): a calendar with its first event,
//! and the host's first availability schedule when it has none.

use super::slug_taken;
use crate::domain::access::Capability;
use crate::domain::slug::slugify;
use crate::domain::text::check_text;
use crate::domain::validation::{FieldErrors, MAX_HTML_CHARS, check_max_len, check_title};
use crate::domain::values::{Slug, TimeZoneId};
use crate::model::calendar::{CalendarSettings, NewCalendarAnswer};
use crate::service::events::new_event::{EventInput, insert_event};
use crate::service::support::checks::{is_http_url, optional_slug};
use crate::service::support::present::{calendar_wire, event_wire};
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult, random_hash};
use crate::store::availability_schedules::{self, NewSchedule};
use crate::store::calendars::{self, NewCalendar};
use crate::store::reborrow;
use crate::store::users::UserRow;
use crate::store::{Ex, StoreError, Tx, users};

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

/// A new calendar and its first event, each value checked (the REST body is read by
/// `input::calendars::create_calendar`).
#[derive(Debug, Clone)]
pub struct CreateCalendar {
    pub zone: TimeZoneId,
    pub calendar_type: String,
    pub team: bool,
    pub title: Option<String>,
    /// Another host than the caller (administrators who may invite only).
    pub requested_user: Option<i64>,
    pub slug: Option<Slug>,
    pub description: String,
    pub avatar: Option<String>,
    pub event: EventInput,
    pub language: Option<crate::domain::language::Lang>,
}

/// A new calendar as given (REST body or form), before its rules: see [`CreateCalendar::new`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CalendarGiven {
    /// An IANA zone; absent or blank means UTC.
    pub zone: Option<String>,
    /// `simple` (the default) or `team`.
    pub calendar_type: Option<String>,
    pub title: Option<String>,
    pub requested_user: Option<i64>,
    pub slug: Option<String>,
    pub description: Option<String>,
    /// An `http(s)` address of the host's photo.
    pub avatar: Option<String>,
    /// `language` (DESIGN 2.9), already one of the codes.
    pub language: Option<crate::domain::language::Lang>,
}

impl CalendarGiven {
    /// Whether a team calendar is asked for (its first event may then be a team kind).
    pub fn is_team(&self) -> bool {
        self.calendar_type.as_deref() == Some("team")
    }
}

impl CreateCalendar {
    /// The calendar checked, errors named `calendar.<key>`: a valid zone, type, title (required
    /// for a team calendar), slug, description and photo address. `event` is its first event,
    /// `None` when refused (its errors are in `errors`, with what the way in could not read).
    pub fn new(
        given: CalendarGiven,
        event: Option<EventInput>,
        mut errors: FieldErrors,
    ) -> ServiceResult<CreateCalendar> {
        for (key, text, one_line) in [
            ("author_timezone", &given.zone, true),
            ("title", &given.title, true),
            ("slug", &given.slug, true),
            ("description", &given.description, false),
            ("calendar_avatar", &given.avatar, true),
        ] {
            if let Some(text) = text {
                check_text(&format!("calendar.{key}"), text, one_line, &mut errors);
            }
        }
        let zone = match given.zone.as_deref().map(str::trim) {
            None | Some("") => Some(TimeZoneId::utc()),
            Some(text) => TimeZoneId::parse(text),
        };
        if zone.is_none() {
            errors.add(
                "calendar.author_timezone",
                "timezone",
                "The author timezone must be a valid IANA time zone",
            );
        }
        let calendar_type = given
            .calendar_type
            .clone()
            .unwrap_or_else(|| "simple".into());
        if !["simple", "team"].contains(&calendar_type.as_str()) {
            errors.add(
                "calendar.type",
                "in",
                "The selected calendar.type is invalid. Allowed: simple, team.",
            );
        }
        let team = given.is_team();
        if team {
            check_title(
                &mut errors,
                "calendar.title",
                "Calendar title",
                given.title.as_deref(),
            );
        } else {
            check_max_len(&mut errors, "calendar.title", given.title.as_deref(), 192);
        }
        let slug = optional_slug(given.slug.as_deref(), "calendar.slug", &mut errors);
        let description = given.description.unwrap_or_default();
        check_max_len(
            &mut errors,
            "calendar.description",
            Some(&description),
            MAX_HTML_CHARS,
        );
        let avatar = given
            .avatar
            .map(|u| u.trim().to_string())
            .filter(|u| !u.is_empty());
        if avatar
            .as_deref()
            .is_some_and(|u| u.len() > 2048 || !is_http_url(u))
        {
            errors.add(
                "calendar.calendar_avatar",
                "url",
                "The calendar.calendar_avatar format is invalid.",
            );
        }
        let (Some(zone), Some(event), true) = (zone, event, errors.is_empty()) else {
            return Err(ServiceError::invalid(errors));
        };
        Ok(CreateCalendar {
            zone,
            calendar_type,
            team,
            title: given.title,
            requested_user: given.requested_user,
            slug,
            description,
            avatar,
            event,
            language: given.language,
        })
    }
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
    // Without one asked for: the creating user's profile language, else English.
    let creator_language = match command.language {
        Some(_) => None,
        None => users::find(tx.ex(), caller.id())
            .await?
            .and_then(|u| u.language),
    };
    let language = command
        .language
        .or_else(|| {
            creator_language
                .as_deref()
                .and_then(crate::domain::language::Lang::from_code)
        })
        .unwrap_or_default()
        .code()
        .to_string();
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
        language: &language,
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
        calendar: calendar_wire(ctx, &cal, Some(&host), &[&event])?,
        slot: event_wire(ctx, &cal, &event)?,
        redirect_url: format!(
            "{}/admin/calendars/{}/events/{}",
            ctx.public_url, cal.id, event.id
        ),
    })
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
