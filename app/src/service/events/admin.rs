//! Host-side event management: create, read, details, availability, limits, status, delete,
//! clone, payment settings. Settings writes overlay the stored document (a shallow merge).

use crate::model::answer::MessageAnswer;
use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::domain::access::Capability;
use crate::domain::validation::{FieldErrors, MAX_HTML_CHARS, check_max_len, check_title};
use crate::domain::values::EventStatus;
use crate::model::calendar::CalendarSettings;
use crate::model::event::{
    AvailabilityAnswer, AvailableSchedule, ConditionalRule, EditorEvent, EditorTab, EventAnswer,
    EventCalendar, EventCreated, EventOwner, EventSettings, EventSettingsOf, EventSettingsSaved,
    EventUpdated, MultiDuration, ScheduleChoice, ScheduleOptions,
};
use crate::service::calendars::admin::{Access, load_calendar, reborrow};
use crate::service::events::new_event::{
    EventInput, insert_event, minutes_setting, parse_event_input,
};
use crate::service::events::settings::{apply_limits, apply_schedule};
use crate::service::support::input::{Fields, is_hex_color};
use crate::service::support::present::{calendar_settings, event_settings, event_wire};
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult, random_hash};
use crate::store::calendars::{self, CalendarRow};
use crate::store::events::{self, EventRow};
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

fn to_json(settings: &EventSettings) -> Result<String, StoreError> {
    serde_json::to_string(settings).map_err(StoreError::from)
}

/// Stores the event with `settings` and commits. The buffer columns are copies of the settings'
/// buffers (the slot engine reads them for every busy booking), kept in step here.
async fn save(
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
async fn check_members(ex: Ex<'_>, members: &[i64], field: &str) -> ServiceResult<()> {
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
    let mut settings = calendar_settings(cal);
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
    let mut settings = event_settings(&ev);
    settings.team_members = hosts.to_vec();
    events::set_hosts(tx.ex(), ev.id, hosts).await?;
    save(ctx, tx, &mut ev, &settings).await
}

/// `POST /calendars/{id}/events`.
pub async fn create(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    body: &Value,
) -> ServiceResult<EventCreated> {
    let mut body = body.clone();
    let mut errors = FieldErrors::new();
    if body.get("status").is_none_or(Value::is_null) {
        errors.add("status", "required", "Event status field is required");
    }
    // Availability defaults to the host's primary schedule.
    if body.get("availability_type").is_none_or(Value::is_null) {
        body["availability_type"] = json!("existing_schedule");
    }
    let mut tx = ctx.store.begin().await?;
    let mut cal = load_calendar(tx.ex(), caller, calendar_id, Access::Write).await?;
    let team = cal.calendar_type != "simple";
    let input = parse_event_input(Some(&body), "", team, &mut errors);
    let (Some(input), true) = (input, errors.is_empty()) else {
        return Err(ServiceError::invalid(errors));
    };
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
        slot: event_wire(ctx, &cal, &event),
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
            event: event_wire(ctx, &cal, &ev),
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
        answer.smart_codes = Some(crate::service::events::email_notifications::smart_codes());
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

/// `POST …/details`: title, duration, status, description, colour, locations, group seats and
/// multi-duration.
pub async fn update_details(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<EventUpdated> {
    let mut tx = ctx.store.begin().await?;
    let (cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let title = f.str("title", &mut errors);
    check_title(&mut errors, "title", "Event title", title.as_deref());
    let duration = f.int("duration", &mut errors);
    crate::service::events::new_event::check_duration(&f, duration, &mut errors);
    let status = f.one_of("status", &["active", "draft"], &mut errors);
    if status.is_none() && !errors.contains("status") {
        errors.add("status", "required", "Event status field is required");
    }
    let description = f.str("description", &mut errors);
    check_max_len(
        &mut errors,
        "description",
        description.as_deref(),
        MAX_HTML_CHARS,
    );
    let color = f.str("color_schema", &mut errors);
    if color.as_deref().is_some_and(|c| !is_hex_color(c)) {
        errors.add(
            "color_schema",
            "color",
            "The color must be a hex colour such as #0099ff.",
        );
    }
    let group = ev.kind().is_group();
    let seats = f.int("max_book_per_slot", &mut errors);
    let display_spots = f.bool("is_display_spots", &mut errors);
    if group {
        crate::service::events::new_event::check_seats(&f, seats, &mut errors);
        if display_spots.is_none() && !errors.contains("is_display_spots") {
            errors.add(
                "is_display_spots",
                "required",
                "The is display spots field is required for group events",
            );
        }
    }
    let mut settings = event_settings(&ev);
    if let Some(md) = f.object("multi_duration", &mut errors)
        && let Some(parsed) = parse_multi_duration(md, &mut errors)
    {
        settings.multi_duration = parsed;
    }
    // Locations reuse the create-time rules.
    let locations = f.get("location_settings").map(|v| {
        let probe = json!({"title": "x", "duration": 30, "event_type": "single", "availability_type": "custom",
            "location_settings": v, "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": []}});
        let mut location_errors = FieldErrors::new();
        let parsed: Option<EventInput> = parse_event_input(Some(&probe), "", false, &mut location_errors);
        errors.merge_prefixed("", location_errors);
        parsed.map(|p| p.location_settings)
    });
    errors.into_result().map_err(ServiceError::invalid)?;
    ev.title = title.unwrap_or_default().trim().to_string();
    ev.duration = duration.unwrap_or(ev.duration);
    ev.status = status.unwrap_or_else(|| ev.status.clone());
    if let Some(d) = description {
        ev.description = clean_html(&d);
    }
    if let Some(c) = color.filter(|c| !c.is_empty()) {
        ev.color_schema = c;
    }
    if let Some(Some(locations)) = locations {
        ev.location_settings = locations.to_string();
    }
    if group {
        ev.max_book_per_slot = seats.unwrap_or(ev.max_book_per_slot);
        ev.is_display_spots = display_spots.unwrap_or(ev.is_display_spots);
    }
    ev.settings = to_json(&settings)?;
    events::update(tx.ex(), &ev).await?;
    let ev = events::find(tx.ex(), ev.id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(EventUpdated {
        message: UPDATED.into(),
        event: event_wire(ctx, &cal, &ev),
    })
}

fn parse_multi_duration(value: &Value, errors: &mut FieldErrors) -> Option<MultiDuration> {
    let f = Fields::new(Some(value), "multi_duration");
    let enabled = f.bool("enabled", errors).unwrap_or(false);
    let default = f.int("default_duration", errors);
    let available = f
        .int_list("available_durations", errors)
        .unwrap_or_default();
    if enabled {
        if default.is_none() && !errors.contains("multi_duration.default_duration") {
            errors.add(
                "multi_duration.default_duration",
                "required",
                "The default duration is required when multiple durations are enabled.",
            );
        }
        if available.is_empty() && !errors.contains("multi_duration.available_durations") {
            errors.add(
                "multi_duration.available_durations",
                "required",
                "The available durations are required when multiple durations are enabled.",
            );
        }
        if available.iter().any(|d| {
            !(crate::service::events::new_event::MIN_DURATION
                ..=crate::service::events::new_event::MAX_DURATION)
                .contains(d)
        }) {
            errors.add(
                "multi_duration.available_durations",
                "between",
                "Each duration must be between 5 and 1440 minutes.",
            );
        }
        if let Some(d) = default
            && !available.is_empty()
            && !available.contains(&d)
        {
            errors.add(
                "multi_duration.default_duration",
                "in",
                "The default duration must be one of the available durations.",
            );
        }
    }
    Some(MultiDuration {
        enabled,
        default_duration: default
            .map(Value::from)
            .unwrap_or_else(|| Value::String(String::new())),
        available_durations: available,
    })
}

/// `GET …/availability`: the schedule options and the schedules the event may use.
pub async fn get_availability(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<AvailabilityAnswer> {
    let mut conn = ctx.store.conn().await?;
    let (_cal, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    let settings = event_settings(&ev);
    let mut owners = vec![ev.user_id];
    owners.extend(settings.team_members.iter().copied());
    owners.sort_unstable();
    owners.dedup();
    let rows = availability_schedules::list_for_users(conn.ex(), &owners).await?;
    let people = users::find_many(conn.ex(), &owners).await?;
    let mut by_owner: BTreeMap<String, Vec<ScheduleChoice>> = BTreeMap::new();
    for row in &rows {
        let name = if row.user_id == caller.id() {
            "My Schedules".to_string()
        } else {
            people
                .iter()
                .find(|u| u.id == row.user_id)
                .map(|u| u.full_name())
                .unwrap_or_else(|| "Deleted User".into())
        };
        by_owner.entry(name).or_default().push(ScheduleChoice {
            label: row.title.clone(),
            value: row.id,
            default: row.is_default,
        });
    }
    let words = |list: &[&str]| list.iter().map(|w| w.to_string()).collect();
    Ok(AvailabilityAnswer {
        schedule_options: ScheduleOptions {
            range_types: words(&["range_days", "date_range"]),
            schedule_types: words(&["weekly_schedules"]),
            availability_types: words(&["existing_schedule", "custom"]),
            by_owner,
        },
        available_schedules: rows
            .iter()
            .map(|r| AvailableSchedule {
                id: r.id,
                title: r.title.clone(),
                user_id: r.user_id,
                default: r.is_default,
                timezone: r.timezone.clone(),
                weekly_schedules: serde_json::from_str(&r.weekly_schedules).unwrap_or(Value::Null),
                date_overrides: serde_json::from_str(&r.date_overrides).unwrap_or(Value::Null),
            })
            .collect(),
    })
}

/// `{host id: schedule id}`, ids as numbers or numeric text.
fn parse_hosts_schedules(
    map: &serde_json::Map<String, Value>,
    errors: &mut FieldErrors,
) -> BTreeMap<String, i64> {
    let mut parsed = BTreeMap::new();
    for (host, schedule) in map {
        let schedule_id = schedule
            .as_i64()
            .or_else(|| schedule.as_str().and_then(|s| s.parse().ok()));
        match (host.parse::<i64>(), schedule_id) {
            (Ok(h), Some(s)) => {
                parsed.insert(h.to_string(), s);
            }
            _ => errors.add(
                format!("hosts_schedules.{host}"),
                "integer",
                "Each host must map to a schedule id.",
            ),
        }
    }
    parsed
}

/// Each host is a team member and each schedule one of that host's.
async fn check_hosts_schedules(
    tx: &mut crate::store::Tx,
    members: &[i64],
    map: &BTreeMap<String, i64>,
) -> ServiceResult<()> {
    let owners: Vec<i64> = map.keys().filter_map(|k| k.parse().ok()).collect();
    let rows = availability_schedules::list_for_users(tx.ex(), &owners).await?;
    for (host, schedule) in map {
        let host_id: i64 = host.parse().unwrap_or_default();
        if !members.contains(&host_id)
            || !rows
                .iter()
                .any(|r| r.id == *schedule && r.user_id == host_id)
        {
            return Err(ServiceError::field(
                &format!("hosts_schedules.{host}"),
                "exists",
                "Each host must be a team member and each schedule one of that host's.",
            ));
        }
    }
    Ok(())
}

/// `POST …/availability`.
pub async fn update_availability(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<EventSettingsSaved> {
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let mut settings = event_settings(&ev);
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let availability_type = f
        .one_of(
            "availability_type",
            &["existing_schedule", "custom"],
            &mut errors,
        )
        .unwrap_or_else(|| ev.availability_type.clone());
    apply_schedule(
        &f,
        &mut settings,
        &mut errors,
        availability_type == "custom",
    );
    let availability_id = f.int("availability_id", &mut errors);
    let team = ev.kind().is_team();
    if let Some(common) = f.bool("common_schedule", &mut errors) {
        settings.common_schedule = common;
    }
    let mut hosts_schedules = None;
    if let Some(map) = f
        .object("hosts_schedules", &mut errors)
        .and_then(Value::as_object)
    {
        hosts_schedules = Some(parse_hosts_schedules(map, &mut errors));
    } else if team
        && !settings.common_schedule
        && f.get("hosts_schedules").is_none()
        && !errors.contains("hosts_schedules")
    {
        errors.add(
            "hosts_schedules",
            "required",
            "The hosts schedules are required for team events without a common schedule.",
        );
    }
    if availability_type == "existing_schedule"
        && availability_id.is_none()
        && ev.availability_id.is_none()
        && !errors.contains("availability_id")
    {
        errors.add(
            "availability_id",
            "required",
            "The availability id is required for an existing schedule.",
        );
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    if let Some(id) = availability_id {
        let schedule = availability_schedules::find(tx.ex(), id).await?;
        let hosts = events::hosts(tx.ex(), ev.id).await?;
        if !schedule.is_some_and(|s| s.user_id == ev.user_id || hosts.contains(&s.user_id)) {
            return Err(ServiceError::field(
                "availability_id",
                "exists",
                "The schedule does not exist or does not belong to a host of this event.",
            ));
        }
        ev.availability_id = Some(id);
    }
    if let Some(map) = hosts_schedules {
        check_hosts_schedules(&mut tx, &settings.team_members, &map).await?;
        settings.hosts_schedules = map;
    }
    ev.availability_type = availability_type;
    save(ctx, tx, &mut ev, &settings).await?;
    Ok(settings_saved(&ev, settings))
}

const UPDATED: &str = "Data has been updated";

fn settings_saved(ev: &EventRow, settings: EventSettings) -> EventSettingsSaved {
    EventSettingsSaved {
        message: UPDATED.into(),
        event: EventSettingsOf {
            id: ev.id,
            settings,
        },
    }
}

/// `POST …/limits` with body `{settings: {…}}`.
pub async fn update_limits(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<EventSettingsSaved> {
    let mut errors = FieldErrors::new();
    let root = Fields::new(Some(body), "");
    let inner = root.object("settings", &mut errors);
    if inner.is_none() && !errors.contains("settings") {
        errors.add("settings", "required", "The settings field is required.");
    }
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let mut settings = event_settings(&ev);
    apply_limits(&Fields::new(inner, "settings"), &mut settings, &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    save(ctx, tx, &mut ev, &settings).await?;
    Ok(settings_saved(&ev, settings))
}

/// `POST …/{event_id}/advanced-settings`: the options no other route sets, with the
/// reference's keys: `requires_confirmation`, `can_not_cancel`, `can_not_reschedule` (each
/// `true`/`false` or `{enabled, type: always|conditional, condition: {value, unit}, message}`)
/// and `multi_duration` (`{enabled, default_duration, available_durations}`). Keys not sent
/// keep their values; unknown keys are ignored.
pub async fn update_advanced(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<EventSettingsSaved> {
    // Access first: another host's ids answer 404 whatever the body.
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let mut errors = FieldErrors::new();
    let inner = Fields::new(Some(body), "").object("settings", &mut errors);
    if inner.is_none() && !errors.contains("settings") {
        errors.add("settings", "required", "The settings field is required.");
    }
    let mut settings = event_settings(&ev);
    if let Some(inner) = inner {
        let rules = [
            ("requires_confirmation", &mut settings.requires_confirmation),
            ("can_not_cancel", &mut settings.can_not_cancel),
            ("can_not_reschedule", &mut settings.can_not_reschedule),
        ];
        for (key, rule) in rules {
            if let Some(given) = inner.get(key) {
                let field = format!("settings.{key}");
                match merged_rule(rule, given) {
                    Ok(merged) => *rule = merged,
                    Err(message) => errors.add(&field, "invalid", message),
                }
            }
        }
        if let Some(given) = inner.get("multi_duration")
            && let Some(parsed) = parse_multi_duration(given, &mut errors)
        {
            settings.multi_duration = parsed;
        }
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    save(ctx, tx, &mut ev, &settings).await?;
    Ok(settings_saved(&ev, settings))
}

/// `rule` with what was sent: a switch (`true`, `"yes"`, ...) or the rule's keys to change.
fn merged_rule(rule: &ConditionalRule, given: &Value) -> Result<ConditionalRule, String> {
    let switch = |value: &Value| match value {
        Value::Bool(b) => Some(*b),
        Value::String(s) => match s.as_str() {
            "yes" | "true" | "1" => Some(true),
            "no" | "false" | "0" => Some(false),
            _ => None,
        },
        Value::Number(n) => n.as_i64().filter(|n| *n == 0 || *n == 1).map(|n| n == 1),
        _ => None,
    };
    let invalid = "Send true, false or {enabled, type, condition: {value, unit}, message}.";
    let mut merged = rule.clone();
    match given {
        Value::Object(keys) => {
            if let Some(enabled) = keys.get("enabled") {
                merged.enabled = switch(enabled).ok_or(invalid)?;
            }
            if let Some(kind) = keys.get("type") {
                match kind.as_str() {
                    Some(kind @ ("always" | "conditional")) => merged.rule_type = kind.into(),
                    _ => return Err("The type must be always or conditional.".into()),
                }
            }
            if let Some(condition) = keys.get("condition") {
                merged.condition =
                    serde_json::from_value(condition.clone()).map_err(|_| invalid.to_string())?;
                if merged.condition.value < 0
                    || !["minutes", "hours", "days"].contains(&merged.condition.unit.as_str())
                {
                    return Err(
                        "The condition must be a value of 0 or more in minutes, hours or days."
                            .into(),
                    );
                }
            }
            if let Some(message) = keys.get("message") {
                let text = message.as_str().ok_or(invalid)?.trim();
                if text.chars().count() > 500 {
                    return Err("The message may not be greater than 500 characters.".into());
                }
                merged.message = Some(clean_html(text));
            }
        }
        switch_value => merged.enabled = switch(switch_value).ok_or(invalid)?,
    }
    Ok(merged)
}

/// Reads a body only once the caller is known to manage the event: another host's ids answer
/// 404 whatever the body (the order integrators meet).
pub async fn managed_then<C>(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    parse: impl FnOnce() -> ServiceResult<C>,
) -> ServiceResult<C> {
    let mut conn = ctx.store.conn().await?;
    load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    parse()
}

/// `PUT …/{event_id}`'s body, `{status: active|draft}`.
pub fn parse_status(body: &Value) -> ServiceResult<EventStatus> {
    let mut errors = FieldErrors::new();
    let status = Fields::new(Some(body), "").one_of("status", &["active", "draft"], &mut errors);
    if status.is_none() && errors.is_empty() {
        errors.add("status", "required", "Event status field is required");
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    status
        .as_deref()
        .and_then(EventStatus::parse)
        .ok_or_else(|| ServiceError::field("status", "required", "Event status field is required"))
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
    let mut settings: CalendarSettings = calendar_settings(&cal);
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

impl CloneEvent {
    /// Reads `{new_calendar_id?}`.
    pub fn parse(body: &Value) -> ServiceResult<CloneEvent> {
        let mut errors = FieldErrors::new();
        let new_calendar_id = Fields::new(Some(body), "").int("new_calendar_id", &mut errors);
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(CloneEvent { new_calendar_id })
    }
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
        slot: event_wire(ctx, &dest, &copy),
    })
}
