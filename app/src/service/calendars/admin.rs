//! Calendars: list, read, update, delete, slug checks (creating one is `new_calendar.rs`).

use crate::model::listing::SlugAvailable;
use std::collections::HashMap;

use crate::domain::access::Capability;
use crate::domain::text::check_text;
use crate::domain::validation::{FieldErrors, MAX_HTML_CHARS, check_max_len, check_title};
use crate::domain::values::Slug;
use crate::model::booking::EventOption;
use crate::model::calendar::{
    Calendar, CalendarAnswer, CalendarList, CalendarRef, EventGroup, EventLists, EventSchemaAnswer,
    EventTemplate, EventTemplateSettings,
};
use crate::model::page::Page;
use crate::model::setup::{in_event_order, moved_in_order};
use crate::service::support::present::{calendar_settings, calendar_wire};
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::availability_schedules;
use crate::store::calendars::{self, CalendarFilter, CalendarRow};
use crate::store::{Ex, events, users};

use super::slug_taken;
use crate::store::reborrow;

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
    rows.iter()
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
        .collect()
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

/// `POST /calendars/{id}`'s body, read once; `None` keeps the stored value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UpdateCalendar {
    /// Trimmed, and a valid calendar title.
    pub title: Option<String>,
    /// As given; sanitised when stored.
    pub description: Option<String>,
    /// The calendar's pages' default language (DESIGN 2.9).
    pub language: Option<crate::domain::language::Lang>,
    /// What the way in could not read, refused once the caller may change the calendar.
    pub unreadable: FieldErrors,
}

impl UpdateCalendar {
    /// The change, checked: a title (when given) is a valid calendar title, a description
    /// within the limit. `errors` are what the way in could not read, refused together.
    pub fn new(
        title: Option<String>,
        description: Option<String>,
        mut errors: FieldErrors,
    ) -> ServiceResult<UpdateCalendar> {
        if let Some(description) = &description {
            check_text("description", description, false, &mut errors);
        }
        check_max_len(
            &mut errors,
            "description",
            description.as_deref(),
            MAX_HTML_CHARS,
        );
        if let Some(title) = &title {
            check_text("title", title, true, &mut errors);
            check_title(&mut errors, "title", "Calendar title", Some(title));
        }
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(UpdateCalendar {
            title: title.map(|t| t.trim().to_string()),
            description,
            language: None,
            unreadable: FieldErrors::new(),
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
    change
        .unreadable
        .into_result()
        .map_err(ServiceError::invalid)?;
    if let Some(description) = change.description {
        cal.description = clean_html(&description);
    }
    if let Some(title) = change.title {
        cal.title = title;
    }
    if let Some(language) = change.language {
        cal.language = language.code().to_string();
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

/// "Move up"/"Move down": the event's place on the landing page (the calendar's
/// `event_order`, stored whole so every event has a place).
pub async fn move_event(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    up: bool,
) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    let mut cal = load_calendar(tx.ex(), caller, calendar_id, Access::Write).await?;
    let ids: Vec<i64> = events::list_for_calendars(tx.ex(), &[cal.id])
        .await?
        .iter()
        .map(|e| e.id)
        .collect();
    if !ids.contains(&event_id) {
        return Err(ServiceError::NotFound);
    }
    let mut settings = calendar_settings(&cal)?;
    let order = in_event_order(&ids, settings.event_order.as_deref());
    settings.event_order = Some(moved_in_order(order, event_id, up));
    cal.settings = serde_json::to_string(&settings).map_err(crate::store::StoreError::from)?;
    calendars::update(tx.ex(), &cal).await?;
    tx.commit().await?;
    Ok(())
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
