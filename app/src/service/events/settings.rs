//! Event settings in requests: the schedule (weekly hours, overrides, booking window) and the
//! limits (notice, buffers, interval, frequency and duration limits, locked zone). Each is
//! read once into the changes a request asks for (`None`: keep), then applied over the stored
//! settings and checked where a rule spans stored and sent values. Every bad field is named.

use chrono::NaiveDate;

use crate::domain::validation::{FieldErrors, field_under};
use crate::domain::week::{DateOverrides, WeeklySchedule};
use crate::domain::zone::parse_zone;
use crate::model::event::{EventSettings, Limits, LockTimezone, Quantity};
use crate::service::support::checks::set_if_sent;

/// Longest buffer or interval, in minutes.
pub const MAX_MINUTES: i64 = 24 * 60;

/// The schedule keys of a request: `schedule_type` (required, `weekly_schedules`),
/// `weekly_schedules`, `date_overrides`, `range_type`, `range_days`, `range_date_between`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ScheduleChanges {
    /// Whether `weekly_schedules` was sent at all (a refused one was, too).
    pub weekly_given: bool,
    pub weekly_schedules: Option<WeeklySchedule>,
    pub date_overrides: Option<DateOverrides>,
    /// 1 to 3650.
    pub range_days: Option<i64>,
    /// `range_days` or `date_range`.
    pub range_type: Option<String>,
    /// Two dates, checked once applied (they matter only for a date range).
    pub range_date_between: Option<Vec<String>>,
}

impl ScheduleChanges {
    /// Applies the changes to `settings` (sent under `prefix`), then checks what spans both: a
    /// weekly schedule when `weekly_required`, and the two dates of a date range.
    pub fn apply(
        self,
        prefix: &str,
        settings: &mut EventSettings,
        errors: &mut FieldErrors,
        weekly_required: bool,
    ) {
        if weekly_required && !self.weekly_given {
            errors.add(
                field_under(prefix, "weekly_schedules"),
                "required",
                "Event weekly schedules field is required",
            );
        }
        if let Some(week) = self.weekly_schedules {
            settings.weekly_schedules = week;
        }
        if let Some(overrides) = self.date_overrides {
            settings.date_overrides = overrides;
        }
        if let Some(days) = self.range_days {
            check_range_days(days, &field_under(prefix, "range_days"), errors);
            settings.range_days = days;
        }
        if let Some(range_type) = self.range_type {
            settings.range_type = range_type;
        }
        if let Some(dates) = self.range_date_between {
            settings.range_date_between = dates;
        }
        let range_field = field_under(prefix, "range_date_between");
        if settings.range_type == "date_range" && !errors.contains(&range_field) {
            check_date_range(&settings.range_date_between, &range_field, errors);
        }
    }
}

/// A booking window of 1 to 3650 days.
fn check_range_days(days: i64, field: &str, errors: &mut FieldErrors) {
    if !(1..=3650).contains(&days) {
        errors.add(
            field,
            "between",
            "The range days must be between 1 and 3650.",
        );
    }
}

/// Caps per period: each 1 to `max`, and at least one when enabled. An item the way in
/// could not read leaves the others unchecked (their place in the list would be misnamed).
fn check_period_limits(limits: &Limits, field: &str, max: i64, errors: &mut FieldErrors) {
    let list = format!("{field}.limits");
    if errors.contains_under(&list) {
        return;
    }
    for (i, limit) in limits.limits.iter().enumerate() {
        if !(1..=max).contains(&limit.value) {
            errors.add(
                format!("{list}.{i}.value"),
                "between",
                format!("The limit must be between 1 and {max}."),
            );
        }
    }
    if limits.enabled && limits.limits.is_empty() {
        errors.add(
            list.clone(),
            "required",
            format!("The {list} field is required when enabled."),
        );
    }
}

/// A date range's two dates, `YYYY-MM-DD` (a time after the date is ignored), in order.
fn check_date_range(dates: &[String], field: &str, errors: &mut FieldErrors) {
    let parse = |t: &str| NaiveDate::parse_from_str(t.get(..10).unwrap_or(t), "%Y-%m-%d").ok();
    let from = dates.first().and_then(|t| parse(t));
    let to = dates.get(1).and_then(|t| parse(t));
    match (from, to) {
        (Some(a), Some(b)) if a <= b => {}
        (Some(_), Some(_)) => errors.add(
            field,
            "order",
            "The end date of the range must not precede its start.",
        ),
        _ => errors.add(
            field,
            "date",
            "A date range needs two dates in YYYY-MM-DD format.",
        ),
    }
}

/// The limits keys of a request: `schedule_conditions`, `buffer_time_before/after`,
/// `slot_interval`, `booking_frequency`, `booking_duration`, `lock_timezone`, and (an
/// extension, so that a limits form saves in one request) `range_days`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LimitsChanges {
    /// Sets the booking window to that many days.
    pub range_days: Option<i64>,
    pub schedule_conditions: Option<Quantity>,
    /// Minutes as text, 0 to [`MAX_MINUTES`].
    pub buffer_time_before: Option<String>,
    pub buffer_time_after: Option<String>,
    /// Minutes as text, 1 to [`MAX_MINUTES`], or empty for the duration.
    pub slot_interval: Option<String>,
    pub booking_frequency: Option<Limits>,
    pub booking_duration: Option<Limits>,
    pub lock_timezone: Option<LockTimezone>,
    /// What the way in could not read, refused together with the values' own rules.
    pub unreadable: FieldErrors,
}

impl LimitsChanges {
    /// The values' own rules, errors named under `prefix` (`settings` in the REST bodies):
    /// what [`LimitsChanges::apply`] may store. A refused value is not stored.
    pub fn check(&mut self, prefix: &str, errors: &mut FieldErrors) {
        if let Some(days) = self.range_days {
            check_range_days(days, &field_under(prefix, "range_days"), errors);
        }
        if let Some(notice) = &self.schedule_conditions
            && !(0..=100_000).contains(&notice.value)
        {
            errors.add(
                field_under(prefix, "schedule_conditions.value"),
                "between",
                "The minimum notice must be between 0 and 100000.",
            );
            self.schedule_conditions = None;
        }
        let minutes = [
            ("buffer_time_before", &mut self.buffer_time_before),
            ("buffer_time_after", &mut self.buffer_time_after),
            ("slot_interval", &mut self.slot_interval),
        ];
        for (key, slot) in minutes {
            let Some(text) = slot.as_mut() else {
                continue;
            };
            *text = text.trim().to_string();
            let minimum = if key == "slot_interval" { 1 } else { 0 };
            let valid = (key == "slot_interval" && text.is_empty())
                || text
                    .parse::<i64>()
                    .is_ok_and(|n| (minimum..=MAX_MINUTES).contains(&n));
            if !valid {
                let field = field_under(prefix, key);
                let message = format!(
                    "The {field} must be a number of minutes from {minimum} to {MAX_MINUTES}."
                );
                errors.add(field, "between", message);
                *slot = None;
            }
        }
        if let Some(limits) = &self.booking_frequency {
            check_period_limits(
                limits,
                &field_under(prefix, "booking_frequency"),
                10_000,
                errors,
            );
        }
        if let Some(limits) = &self.booking_duration {
            check_period_limits(
                limits,
                &field_under(prefix, "booking_duration"),
                100_000,
                errors,
            );
        }
        if let Some(lock) = &self.lock_timezone {
            let field = field_under(prefix, "lock_timezone.timezone");
            let known = parse_zone(&lock.timezone).is_some();
            if lock.enabled && !known {
                errors.add(
                    field,
                    "timezone",
                    "A valid IANA time zone is required when the time zone is locked.",
                );
            } else if !lock.timezone.is_empty() && !known {
                errors.add(
                    field,
                    "timezone",
                    "The time zone must be a valid IANA time zone.",
                );
            }
        }
    }

    pub fn apply(self, settings: &mut EventSettings) {
        let LimitsChanges {
            range_days,
            schedule_conditions,
            buffer_time_before,
            buffer_time_after,
            slot_interval,
            booking_frequency,
            booking_duration,
            lock_timezone,
            unreadable: _,
        } = self;
        if let Some(days) = range_days {
            settings.range_days = days;
            settings.range_type = "range_days".into();
        }
        set_if_sent(&mut settings.schedule_conditions, schedule_conditions);
        set_if_sent(&mut settings.buffer_time_before, buffer_time_before);
        set_if_sent(&mut settings.buffer_time_after, buffer_time_after);
        set_if_sent(&mut settings.slot_interval, slot_interval);
        set_if_sent(&mut settings.booking_frequency, booking_frequency);
        set_if_sent(&mut settings.booking_duration, booking_duration);
        set_if_sent(&mut settings.lock_timezone, lock_timezone);
    }
}
