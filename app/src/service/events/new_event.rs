//! Reading and writing events (event types). Calendar creation writes its first event here too.

use serde_json::Value;

use crate::domain::text::check_text;
use crate::domain::validation::{
    FieldErrors, MAX_HTML_CHARS, check_max_len, check_title, field_under,
};
use crate::domain::values::EventType;
use crate::domain::week::WeeklySchedule;
use crate::model::event::{DEFAULT_COLOR, EVENT_TYPES, EventSettings};
use crate::service::events::locations::{LocationInput, stored_locations};
use crate::service::support::sanitize::clean_html;
use crate::service::{ServiceResult, random_hash};
use crate::store::Tx;
use crate::store::calendars::CalendarRow;
use crate::store::events::{self, EventRow};

/// Shortest and longest event, in minutes.
pub const MIN_DURATION: i64 = 5;
pub const MAX_DURATION: i64 = 24 * 60;

/// Minutes: required, within the allowed range.
pub fn check_duration(field: &str, duration: Option<i64>, errors: &mut FieldErrors) {
    match duration {
        None if !errors.contains(field) => {
            errors.add(field, "required", "Event duration field is required")
        }
        Some(d) if d < MIN_DURATION => errors.add(
            field,
            "min",
            format!("The {field} must be at least {MIN_DURATION}."),
        ),
        Some(d) if d > MAX_DURATION => errors.add(
            field,
            "max",
            format!("The {field} may not be greater than {MAX_DURATION}."),
        ),
        _ => {}
    }
}

/// A group event's seats per slot: required, 1 to 1000.
pub fn check_seats(field: &str, seats: Option<i64>, errors: &mut FieldErrors) {
    match seats {
        None if !errors.contains(field) => errors.add(
            field,
            "required",
            "The max book per slot field is required for group events",
        ),
        Some(n) if !(1..=1000).contains(&n) => errors.add(
            field,
            "between",
            "The max book per slot must be between 1 and 1000.",
        ),
        _ => {}
    }
}

/// One of the event types the calendar allows (team types on team calendars only).
pub fn check_event_type(
    given: Option<&str>,
    team_calendar: bool,
    field: &str,
    errors: &mut FieldErrors,
) -> Option<EventType> {
    let allowed: &[&str] = if team_calendar {
        EVENT_TYPES
    } else {
        &EVENT_TYPES[..2]
    };
    match given {
        None => errors.add(field, "required", "Event type field is required"),
        Some(t) if !allowed.contains(&t) => errors.add(
            field,
            "in",
            format!(
                "The selected {field} is invalid. Allowed: {}.",
                allowed.join(", ")
            ),
        ),
        _ => {}
    }
    given
        .filter(|t| allowed.contains(t))
        .and_then(EventType::parse)
}

/// A new event as the dashboard's forms (and the demo data) give it: a title, its minutes,
/// its kind and hosts, optionally a description, locations and its own weekly hours. It is
/// active; without hours of its own it follows the host's primary schedule and keeps
/// Monday to Friday 09:00-17:00 as its own hours (the host changes them in the editor).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EventBasics {
    pub title: String,
    pub duration: Option<i64>,
    pub event_type: String,
    /// Required on a team calendar.
    pub hosts: Vec<i64>,
    /// HTML, sanitised.
    pub description: String,
    pub locations: Vec<LocationInput>,
    /// The event's own weekly hours (`None`: the host's primary schedule).
    pub own_hours: Option<WeeklySchedule>,
    /// What the way in could not read, refused together with the rest.
    pub unreadable: FieldErrors,
}

impl EventBasics {
    /// The event to create in a calendar (`team_calendar`: team kinds and hosts allowed);
    /// errors are named by the REST fields under `prefix` (`calendar.slot` on a new calendar).
    pub fn checked(
        self,
        team_calendar: bool,
        prefix: &str,
        errors: &mut FieldErrors,
    ) -> Option<EventInput> {
        let name = |key: &str| field_under(prefix, key);
        errors.merge_prefixed(prefix, self.unreadable);
        check_title(errors, &name("title"), "Event title", Some(&self.title));
        check_text(&name("title"), &self.title, true, errors);
        check_duration(&name("duration"), self.duration, errors);
        let event_type = check_event_type(
            Some(&self.event_type),
            team_calendar,
            &name("event_type"),
            errors,
        );
        check_max_len(
            errors,
            &name("description"),
            Some(&self.description),
            MAX_HTML_CHARS,
        );
        check_text(&name("description"), &self.description, false, errors);
        let locations = stored_locations(&self.locations, &name("location_settings"), errors);
        if team_calendar
            && self.hosts.is_empty()
            && !errors.contains(&name("settings.team_members"))
        {
            errors.add(
                name("settings.team_members"),
                "required",
                "The team members field is required for team calendars",
            );
        }
        let event_type = event_type.filter(|_| errors.is_empty())?;
        Some(EventInput {
            title: self.title.trim().to_string(),
            duration: self.duration.unwrap_or(30),
            description: clean_html(&self.description),
            event_type,
            status: "active".into(),
            color_schema: DEFAULT_COLOR.into(),
            availability_type: if self.own_hours.is_some() {
                "custom"
            } else {
                "existing_schedule"
            }
            .into(),
            location_type: String::new(),
            location_heading: String::new(),
            location_settings: locations,
            max_book_per_slot: 1,
            is_display_spots: false,
            settings: EventSettings {
                weekly_schedules: self.own_hours.unwrap_or_else(WeeklySchedule::office_hours),
                team_members: self.hosts,
                ..EventSettings::default()
            },
            weekly_given: true,
        })
    }
}

/// A validated new event, not yet stored.
#[derive(Debug, Clone)]
pub struct EventInput {
    pub title: String,
    pub duration: i64,
    pub description: String,
    pub event_type: EventType,
    pub status: String,
    pub color_schema: String,
    pub availability_type: String,
    pub location_type: String,
    pub location_heading: String,
    pub location_settings: Value,
    pub max_book_per_slot: i64,
    pub is_display_spots: bool,
    pub settings: EventSettings,
    /// Whether the body carried a weekly schedule (used to seed the host's first schedule).
    pub weekly_given: bool,
}

/// The first free `{duration}min`, `{duration}min-1`, … slug in the calendar.
async fn free_event_slug(tx: &mut Tx, calendar_id: i64, duration: i64) -> ServiceResult<String> {
    let base = format!("{duration}min");
    let mut candidate = base.clone();
    let mut n = 0;
    while events::slug_taken_in_calendar(tx.ex(), calendar_id, &candidate).await? {
        n += 1;
        candidate = format!("{base}-{n}");
    }
    Ok(candidate)
}

/// Stores a validated event in `cal` for `host_id`; `default_schedule` is used when the event
/// takes an existing schedule.
pub async fn insert_event(
    tx: &mut Tx,
    cal: &CalendarRow,
    host_id: i64,
    input: EventInput,
    default_schedule: Option<i64>,
) -> ServiceResult<EventRow> {
    let slug = free_event_slug(tx, cal.id, input.duration).await?;
    let hosts: Vec<i64> = if input.settings.team_members.is_empty() {
        vec![host_id]
    } else {
        input.settings.team_members.clone()
    };
    let mut row = EventRow {
        id: 0,
        hash: random_hash(),
        user_id: host_id,
        calendar_id: cal.id,
        parent_id: None,
        duration: input.duration,
        title: input.title,
        slug,
        description: input.description,
        settings: serde_json::to_string(&input.settings).map_err(crate::store::StoreError::from)?,
        availability_id: if input.availability_type == "existing_schedule" {
            default_schedule
        } else {
            None
        },
        availability_type: input.availability_type,
        status: input.status,
        payment_type: "free".into(),
        color_schema: input.color_schema,
        location_type: input.location_type,
        location_heading: input.location_heading,
        location_settings: input.location_settings.to_string(),
        event_type: input.event_type.as_str().to_string(),
        is_display_spots: input.is_display_spots,
        max_book_per_slot: input.max_book_per_slot,
        buffer_before_minutes: minutes_setting(&input.settings.buffer_time_before),
        buffer_after_minutes: minutes_setting(&input.settings.buffer_time_after),
        created_at: 0,
        updated_at: 0,
    };
    row.id = events::insert(tx.ex(), &row).await?;
    events::set_hosts(tx.ex(), row.id, &hosts).await?;
    Ok(events::find(tx.ex(), row.id).await?.unwrap_or(row))
}

/// A minutes setting stored as text (`"15"`, `""`): its value, 0 when empty.
pub fn minutes_setting(text: &str) -> i64 {
    text.trim().parse::<i64>().unwrap_or(0).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basics_become_an_active_event_on_office_hours_and_a_team_one_needs_hosts() {
        let basics = EventBasics {
            title: "  Intro  ".into(),
            duration: Some(45),
            event_type: "single".into(),
            ..EventBasics::default()
        };
        let mut errors = FieldErrors::new();
        let event = basics.clone().checked(false, "", &mut errors);
        let Some(event) = event else {
            panic!("valid basics were refused: {errors:?}");
        };
        assert_eq!((event.title.as_str(), event.duration), ("Intro", 45));
        assert_eq!(event.availability_type, "existing_schedule");
        assert_eq!(
            event.settings.weekly_schedules,
            WeeklySchedule::office_hours()
        );

        let team_kind = EventBasics {
            event_type: "round_robin".into(),
            duration: Some(2),
            ..basics
        };
        let mut errors = FieldErrors::new();
        assert!(team_kind.clone().checked(false, "", &mut errors).is_none());
        assert!(errors.contains("event_type") && errors.contains("duration"));
        let mut errors = FieldErrors::new();
        assert!(
            team_kind
                .checked(true, "calendar.slot", &mut errors)
                .is_none()
        );
        let fields: Vec<&str> = errors.messages().map(|(field, _)| field).collect();
        assert_eq!(
            fields,
            vec![
                "calendar.slot.duration",
                "calendar.slot.settings.team_members"
            ]
        );
    }
}
