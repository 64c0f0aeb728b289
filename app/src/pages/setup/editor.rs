//! The event editor's pages: the event and its hours as the forms show them, and each tab's
//! form (details, hours, schedule, hosts, limits) through the REST route's service.

use crate::texts::dashboard::t;
use serde_json::Value;

use crate::domain::week::{DateOverrides, WeeklySchedule};
use crate::domain::zone::parse_zone;
use crate::model::public::FormState;
use crate::model::setup::{
    DayExplained, EventEditor, Limits, LocationDraft, MAX_LOCATIONS, PeriodCaps, WEEKDAYS,
    WeekDraft, grid_starts, reason_words,
};
use crate::service::{Caller, Ctx, ServiceResult};
use crate::store::events;

use super::{failed, form_int, host_choices, refused, refused_as};
use crate::domain::validation::FieldErrors;
use crate::model::event::{LockTimezone, PeriodLimit, Quantity};
use crate::service::events::availability::AvailabilityChanges;
use crate::service::events::details::EventDetails;
use crate::service::events::locations::LocationInput;
use crate::service::events::settings::{LimitsChanges, ScheduleChanges};

/// `/admin/calendars/{id}/events/{event_id}`: the event and its hours as the forms show them
/// (404 for an event the caller may not manage).
pub async fn editor(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<EventEditor> {
    let mut conn = ctx.store.conn().await?;
    let (cal, ev) =
        crate::service::events::admin::load_managed_event(conn.ex(), caller, calendar_id, event_id)
            .await?;
    let settings = crate::service::support::present::event_settings(&ev)?;
    let (week, overrides) = event_hours(conn.ex(), &ev, &settings).await?;
    let owners: Vec<i64> = std::iter::once(ev.user_id)
        .chain(settings.team_members.iter().copied())
        .collect();
    let schedules = crate::store::availability_schedules::list_for_users(conn.ex(), &owners)
        .await?
        .iter()
        .map(|row| (row.id, format!("{} ({})", row.title, row.timezone)))
        .collect();
    let schedule_id = (ev.availability_type == "existing_schedule")
        .then_some(ev.availability_id)
        .flatten();
    let (hosts, host_choices) = if cal.calendar_type == "simple" {
        (Vec::new(), Vec::new())
    } else {
        let mut choices = host_choices(conn.ex(), caller, cal.user_id).await?;
        // Current hosts stay listed even if they could not be chosen anew.
        for user in crate::store::users::find_many(conn.ex(), &settings.team_members).await? {
            if !choices.iter().any(|(id, _)| *id == user.id) {
                choices.push((user.id, user.full_name()));
            }
        }
        (settings.team_members.clone(), choices)
    };
    Ok(EventEditor {
        hosts,
        host_choices,
        color: ev.color_schema.clone(),
        locations: location_drafts(&ev.location_settings),
        event_type: ev.event_type.clone(),
        seats: ev.max_book_per_slot,
        schedules,
        schedule_id,
        calendar_id: cal.id,
        calendar_title: cal.title.clone(),
        event_id: ev.id,
        title: ev.title.clone(),
        duration: ev.duration,
        description: ev.description.clone(),
        status: ev.status.clone(),
        url: format!("{}/{}/{}", ctx.public_url, cal.slug, ev.slug),
        zone: cal.author_timezone.clone(),
        hours: draft_of(&week, &overrides),
        limits: editor_limits(&settings),
    })
}

/// The hours the slot list uses: the event's own, or those of its reusable schedule.
pub(super) async fn event_hours(
    ex: crate::store::Ex<'_>,
    ev: &events::EventRow,
    settings: &crate::model::event::EventSettings,
) -> ServiceResult<(WeeklySchedule, DateOverrides)> {
    if let ("existing_schedule", Some(id)) = (ev.availability_type.as_str(), ev.availability_id)
        && let Some(schedule) = crate::store::availability_schedules::find(ex, id).await?
    {
        return Ok((
            serde_json::from_str(&schedule.weekly_schedules).unwrap_or_default(),
            serde_json::from_str(&schedule.date_overrides).unwrap_or_default(),
        ));
    }
    Ok((
        settings.weekly_schedules.clone(),
        settings.date_overrides.clone(),
    ))
}

/// The stored locations as the editor's rows (rows without a kind are dropped).
pub(super) fn location_drafts(location_settings: &str) -> Vec<LocationDraft> {
    let stored: Vec<Value> = serde_json::from_str(location_settings).unwrap_or_default();
    stored
        .iter()
        .map(|l| {
            let text = |key: &str| l[key].as_str().unwrap_or_default().to_string();
            LocationDraft {
                kind: text("type"),
                title: text("title"),
                description: text("description"),
                phone: text("host_phone_number"),
                link: text("meeting_link"),
            }
        })
        .filter(|l| !l.kind.is_empty())
        .collect()
}

/// The limits tab's fields from the stored settings (the notice in minutes).
pub(super) fn editor_limits(settings: &crate::model::event::EventSettings) -> Limits {
    Limits {
        notice: (settings.schedule_conditions.value
            * match settings.schedule_conditions.unit.as_str() {
                "days" => 1440,
                "hours" => 60,
                _ => 1,
            })
        .to_string(),
        buffer_before: settings.buffer_time_before.clone(),
        buffer_after: settings.buffer_time_after.clone(),
        slot_interval: settings.slot_interval.clone(),
        window_days: settings.range_days.to_string(),
        frequency: caps(&settings.booking_frequency),
        booked_time: caps(&settings.booking_duration),
        lock_zone_enabled: settings.lock_timezone.enabled,
        lock_zone: settings.lock_timezone.timezone.clone(),
    }
}

/// Stored period limits as the form's caps.
pub(super) fn caps(limits: &crate::model::event::Limits) -> PeriodCaps {
    let pairs: Vec<(String, i64)> = limits
        .limits
        .iter()
        .map(|l| (l.unit.clone(), l.value))
        .collect();
    PeriodCaps::from_limits(limits.enabled, &pairs)
}

/// The stored hours as the form's rows.
pub(crate) fn draft_of(week: &WeeklySchedule, overrides: &DateOverrides) -> WeekDraft {
    let text = |t: &crate::domain::week::TimeWindow| (t.start.to_string(), t.end.to_string());
    WeekDraft {
        days: WEEKDAYS
            .iter()
            .enumerate()
            .map(|(i, (key, _))| {
                // WEEKDAYS starts on Monday; the schedule counts from Sunday.
                let day = week.day(((i + 1) % 7) as u32);
                let windows = if day.enabled {
                    day.slots.iter().map(text).collect()
                } else {
                    Vec::new()
                };
                (key.to_string(), windows)
            })
            .collect(),
        overrides: overrides
            .iter()
            .map(|(date, windows)| {
                let (start, end) = windows.first().map(text).unwrap_or_default();
                (date.format("%Y-%m-%d").to_string(), start, end)
            })
            .collect(),
    }
}

/// The editor's "Details" tab: title, duration, description, colour, location, status and a
/// group event's seats, through the service of `POST …/details`.
pub async fn save_details(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
) -> Result<(), FormState> {
    let current = {
        let mut conn = ctx.store.conn().await.map_err(|e| failed(form, e.into()))?;
        crate::service::events::admin::load_managed_event(conn.ex(), caller, calendar_id, event_id)
            .await
            .map_err(|e| refused(form, e, ""))?
            .1
    };
    let group = current.kind().is_group();
    let mut unreadable = FieldErrors::new();
    let details = EventDetails {
        title: Some(form.value("title")),
        duration: form_int(form, "duration", "duration", &mut unreadable),
        status: Some(form.value("status")),
        description: Some(form.value("description")),
        // A form without the colour (an older page) keeps the stored one.
        color: form
            .values
            .contains_key("color_schema")
            .then(|| form.value("color_schema")),
        locations: Some(
            posted_locations(form)
                .into_iter()
                .map(location_input)
                .collect(),
        ),
        // Seats are a group event's (the form does not change whether the page shows them).
        seats: group
            .then(|| form_int(form, "seats", "max_book_per_slot", &mut unreadable))
            .flatten(),
        display_spots: group.then_some(current.is_display_spots),
        multi_duration: None,
        unreadable,
    };
    crate::service::events::details::update_details(ctx, caller, calendar_id, event_id, details)
        .await
        .map(drop)
        .map_err(|e| {
            refused_as(form, e, |field| {
                match field.split('.').collect::<Vec<_>>()[..] {
                    ["location_settings", index, key] => {
                        // The REST index counts the locations with a kind, as posted.
                        let slot = location_slots(form)
                            .get(index.parse::<usize>().unwrap_or(0))
                            .copied()
                            .unwrap_or(0);
                        let name = match key {
                            "type" => "type",
                            "host_phone_number" => "phone",
                            "meeting_link" => "link",
                            other => other,
                        };
                        format!("location_{name}{}", LocationDraft::suffix(slot))
                    }
                    _ => field.to_string(),
                }
            })
        })
}

/// A location of the form as the use case takes it.
fn location_input(draft: LocationDraft) -> LocationInput {
    LocationInput {
        kind: draft.kind,
        title: draft.title,
        description: draft.description,
        phone: draft.phone,
        link: draft.link,
        display_on_booking: String::new(),
    }
}

/// The form slots (0 = the first location's fields) whose kind is chosen, in order.
pub(super) fn location_slots(form: &FormState) -> Vec<usize> {
    (0..MAX_LOCATIONS)
        .filter(|i| {
            !form
                .value(&format!("location_type{}", LocationDraft::suffix(*i)))
                .is_empty()
        })
        .collect()
}

/// The locations of a posted details form (a slot whose kind is "None" is left out).
pub(super) fn posted_locations(form: &FormState) -> Vec<LocationDraft> {
    location_slots(form)
        .into_iter()
        .map(|i| {
            let value = |name: &str| form.value(&format!("{name}{}", LocationDraft::suffix(i)));
            LocationDraft {
                kind: value("location_type"),
                title: value("location_title"),
                description: value("location_description"),
                phone: value("location_phone"),
                link: value("location_link"),
            }
        })
        .collect()
}

/// The editor's "Availability" tab: the event's own weekly hours and date overrides, through
/// the service of `POST …/availability`. A refusal names the row it is about
/// (`mon.0`, `override.1`).
pub async fn save_hours(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
    draft: &WeekDraft,
) -> Result<(), FormState> {
    crate::service::events::availability::update_availability(
        ctx,
        caller,
        calendar_id,
        event_id,
        own_hours(draft),
    )
    .await
    .map(drop)
    .map_err(|e| refused_as(form, e, row_of))
}

/// "Use": the event follows reusable schedule `schedule` (an id), or `own` hours: the ones the
/// form shows, saved as the event's own.
pub async fn choose_schedule(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
    draft: &WeekDraft,
) -> Result<(), FormState> {
    let changes = match form.value("schedule").parse::<i64>() {
        Ok(id) => AvailabilityChanges {
            availability_type: Some("existing_schedule".into()),
            availability_id: Some(id),
            ..AvailabilityChanges::default()
        },
        Err(_) => own_hours(draft),
    };
    crate::service::events::availability::update_availability(
        ctx,
        caller,
        calendar_id,
        event_id,
        changes,
    )
    .await
    .map(drop)
    .map_err(|e| {
        refused_as(form, e, |field| match field {
            "availability_id" => "schedule".to_string(),
            other => row_of(other),
        })
    })
}

/// The hours the form shows, as the event's own.
fn own_hours(draft: &WeekDraft) -> AvailabilityChanges {
    let mut unreadable = FieldErrors::new();
    let (weekly_schedules, date_overrides) = draft.parsed(&mut unreadable);
    AvailabilityChanges {
        availability_type: Some("custom".into()),
        schedule: ScheduleChanges {
            weekly_given: true,
            weekly_schedules,
            date_overrides,
            ..ScheduleChanges::default()
        },
        unreadable,
        ..AvailabilityChanges::default()
    }
}

/// "Update hosts" on a team event's Details tab.
pub async fn save_hosts(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
) -> Result<(), FormState> {
    let hosts: Vec<i64> = form.numbers("hosts");
    crate::service::events::admin::set_team_hosts(ctx, caller, calendar_id, event_id, &hosts)
        .await
        .map_err(|e| refused_as(form, e, str::to_string))
}

/// `weekly_schedules.mon.slots.0.start` -> `mon.0`; `weekly_schedules.mon` -> `mon`;
/// `date_overrides.1.0.start` -> `override.1`.
pub(crate) fn row_of(field: &str) -> String {
    let parts: Vec<&str> = field.split('.').collect();
    match parts.as_slice() {
        ["weekly_schedules", day, "slots", i, ..] => format!("{day}.{i}"),
        ["weekly_schedules", day, ..] => (*day).to_string(),
        ["date_overrides", i, ..] => format!("override.{i}"),
        _ => field.to_string(),
    }
}

/// The editor's "Limits" tab: minimum notice, buffers and slot interval (minutes), the booking
/// window (days), caps per period and the locked zone, through the service of `POST …/limits`
/// (one transaction).
pub async fn save_limits(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
) -> Result<(), FormState> {
    let changes = limits_from_form(form);
    crate::service::events::limits::update_limits(ctx, caller, calendar_id, event_id, changes)
        .await
        .map(drop)
        .map_err(|e| {
            refused_as(form, e, |field| {
                let field = field.strip_prefix("settings.").unwrap_or(field);
                match field.split('.').next().unwrap_or_default() {
                    "schedule_conditions" => "notice".to_string(),
                    "buffer_time_before" => "buffer_before".to_string(),
                    "buffer_time_after" => "buffer_after".to_string(),
                    "range_days" => "window_days".to_string(),
                    "booking_frequency" => "frequency".to_string(),
                    "booking_duration" => "booked_time".to_string(),
                    "lock_timezone" => "lock_zone".to_string(),
                    other => other.to_string(),
                }
            })
        })
}

/// The Limits form as the limits it sets (every one is sent); what is not a number is
/// refused under its REST name.
fn limits_from_form(form: &FormState) -> LimitsChanges {
    let mut unreadable = FieldErrors::new();
    let notice_field = "settings.schedule_conditions.value";
    let notice = form_int(form, "notice", notice_field, &mut unreadable);
    if notice.is_none() && !unreadable.contains(notice_field) {
        unreadable.add(
            notice_field,
            "required",
            t("the-minimum-notice-value-is-required"),
        );
    }
    LimitsChanges {
        range_days: form_int(form, "window_days", "settings.range_days", &mut unreadable),
        schedule_conditions: notice.map(|value| Quantity {
            value,
            unit: "minutes".into(),
        }),
        buffer_time_before: Some(form.value("buffer_before")),
        buffer_time_after: Some(form.value("buffer_after")),
        slot_interval: Some(form.value("slot_interval")),
        booking_frequency: Some(caps_from_form(
            form,
            "frequency",
            "booking_frequency",
            &mut unreadable,
        )),
        booking_duration: Some(caps_from_form(
            form,
            "booked_time",
            "booking_duration",
            &mut unreadable,
        )),
        lock_timezone: Some(LockTimezone {
            enabled: form.value("lock_zone_enabled") == "on",
            timezone: form.value("lock_zone"),
        }),
        unreadable,
    }
}

/// The form's `{prefix}_enabled`, `{prefix}_per_day`, ... as caps (an empty one is no cap).
fn caps_from_form(
    form: &FormState,
    prefix: &str,
    key: &str,
    errors: &mut FieldErrors,
) -> crate::model::event::Limits {
    let mut limits = Vec::new();
    let given = ["per_day", "per_week", "per_month"]
        .into_iter()
        .filter(|unit| !form.value(&format!("{prefix}_{unit}")).trim().is_empty());
    for (i, unit) in given.enumerate() {
        let field = format!("settings.{key}.limits.{i}.value");
        if let Some(value) = form_int(form, &format!("{prefix}_{unit}"), &field, errors) {
            limits.push(PeriodLimit {
                unit: unit.to_string(),
                value,
            });
        }
    }
    crate::model::event::Limits {
        enabled: form.value(&format!("{prefix}_enabled")) == "on",
        limits,
    }
}

/// "Why is this time not offered?": each start of the event's grid on `date` (the weekly hours'
/// grid and the date override's), judged by the engine as `GET …/explain` judges one time.
/// `editor` comes from [`editor`], which checked the caller's access.
pub async fn explain_day(
    ctx: &Ctx,
    editor: &EventEditor,
    date: chrono::NaiveDate,
    now: i64,
) -> ServiceResult<DayExplained> {
    let zone = parse_zone(&editor.zone).unwrap_or(chrono_tz::UTC);
    let interval = editor
        .limits
        .slot_interval
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|i| *i > 0)
        .unwrap_or(editor.duration);
    let key = date.format("%a").to_string().to_lowercase();
    let weekly = editor
        .hours
        .days
        .iter()
        .find(|(day, _)| *day == key)
        .map(|(_, windows)| windows.clone())
        .unwrap_or_default();
    let day = date.format("%Y-%m-%d").to_string();
    let overridden: Vec<(String, String)> = editor
        .hours
        .overrides
        .iter()
        .filter(|(d, start, end)| *d == day && !(start.is_empty() && end.is_empty()))
        .map(|(_, start, end)| (start.clone(), end.clone()))
        .collect();
    let mut starts = grid_starts(&weekly, editor.duration, interval);
    starts.extend(grid_starts(&overridden, editor.duration, interval));
    starts.sort();
    starts.dedup();
    let starts: Vec<(String, chrono::NaiveDateTime)> = starts
        .into_iter()
        .filter_map(|start| {
            let time = chrono::NaiveTime::parse_from_str(&start, "%H:%M").ok()?;
            Some((start, date.and_time(time)))
        })
        .collect();
    let locals: Vec<chrono::NaiveDateTime> = starts.iter().map(|(_, local)| *local).collect();
    let verdicts =
        crate::service::slots::explain_times(&ctx.store, editor.event_id, &locals, zone, now)
            .await?;
    let times = starts
        .into_iter()
        .zip(verdicts)
        .map(|((start, _), (offered, codes))| {
            let words = if offered {
                t("offered").to_string()
            } else if codes.is_empty() {
                t("not-offered").to_string()
            } else {
                codes
                    .iter()
                    .map(|c| reason_words(c))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            (start, words)
        })
        .collect();
    Ok(DayExplained { date: day, times })
}
