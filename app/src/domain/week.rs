//! Weekly availability as wall-clock windows (DESIGN 2.5 "Windows"). Requests may use the list
//! form `[{day, from, to}]` or the keyed form `{mon: {enabled, slots: [{start, end}]}}`;
//! responses and storage use the keyed form.

use std::collections::BTreeMap;
use std::fmt;

use chrono::NaiveDate;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::validation::FieldErrors;

/// A wall-clock time of day in minutes, `00:00` to `24:00` inclusive (24:00 = midnight at the
/// end of the day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LocalTime(u16);

impl LocalTime {
    pub const MIDNIGHT_END: LocalTime = LocalTime(24 * 60);

    pub fn from_minutes(minutes: u16) -> Option<LocalTime> {
        (minutes <= 24 * 60).then_some(LocalTime(minutes))
    }

    /// Parses `HH:mm` (also `H:mm`); `24:00` is the only hour-24 time.
    pub fn parse(text: &str) -> Option<LocalTime> {
        let (h, m) = text.trim().split_once(':')?;
        if h.is_empty() || h.len() > 2 || m.len() != 2 {
            return None;
        }
        let hours: u16 = h.parse().ok()?;
        let minutes: u16 = m.parse().ok()?;
        if !h.chars().chain(m.chars()).all(|c| c.is_ascii_digit()) || minutes > 59 {
            return None;
        }
        match hours {
            0..=23 => Some(LocalTime(hours * 60 + minutes)),
            24 if minutes == 0 => Some(LocalTime::MIDNIGHT_END),
            _ => None,
        }
    }

    pub fn minutes(self) -> u16 {
        self.0
    }
}

impl fmt::Display for LocalTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.0 / 60, self.0 % 60)
    }
}

impl Serialize for LocalTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for LocalTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        LocalTime::parse(&text).ok_or_else(|| serde::de::Error::custom("expected HH:mm"))
    }
}

/// One window of a day, `start < end` after normalising (an end of `00:00` after a later start
/// means midnight). A window whose start equals its end is empty and never stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeWindow {
    pub start: LocalTime,
    pub end: LocalTime,
}

/// One weekday's availability.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DaySchedule {
    #[serde(default)]
    pub enabled: bool,
    #[serde(default)]
    pub slots: Vec<TimeWindow>,
}

/// Day keys in the order responses list them.
pub const DAY_KEYS: [&str; 7] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/// The seven days of a weekly schedule, keyed `sun` … `sat` in JSON.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct WeeklySchedule {
    #[serde(default)]
    pub sun: DaySchedule,
    #[serde(default)]
    pub mon: DaySchedule,
    #[serde(default)]
    pub tue: DaySchedule,
    #[serde(default)]
    pub wed: DaySchedule,
    #[serde(default)]
    pub thu: DaySchedule,
    #[serde(default)]
    pub fri: DaySchedule,
    #[serde(default)]
    pub sat: DaySchedule,
}

impl WeeklySchedule {
    /// Monday to Friday, 09:00 to 17:00: the schedule a new host starts with.
    pub fn office_hours() -> WeeklySchedule {
        let day = || DaySchedule {
            enabled: true,
            slots: vec![TimeWindow {
                start: LocalTime(9 * 60),
                end: LocalTime(17 * 60),
            }],
        };
        WeeklySchedule {
            mon: day(),
            tue: day(),
            wed: day(),
            thu: day(),
            fri: day(),
            ..Default::default()
        }
    }

    /// The day by its index, 0 = Sunday (as `chrono::Weekday::num_days_from_sunday`).
    pub fn day(&self, index_from_sunday: u32) -> &DaySchedule {
        match index_from_sunday % 7 {
            0 => &self.sun,
            1 => &self.mon,
            2 => &self.tue,
            3 => &self.wed,
            4 => &self.thu,
            5 => &self.fri,
            _ => &self.sat,
        }
    }

    fn day_mut(&mut self, index_from_sunday: usize) -> &mut DaySchedule {
        match index_from_sunday % 7 {
            0 => &mut self.sun,
            1 => &mut self.mon,
            2 => &mut self.tue,
            3 => &mut self.wed,
            4 => &mut self.thu,
            5 => &mut self.fri,
            _ => &mut self.sat,
        }
    }
}

/// Date-specific availability replacing the weekly one; no windows means the date is off.
pub type DateOverrides = BTreeMap<NaiveDate, Vec<TimeWindow>>;

fn day_index(name: &str) -> Option<usize> {
    let name = name.trim().to_ascii_lowercase();
    let short = name.get(..3)?;
    let index = DAY_KEYS.iter().position(|d| *d == short)?;
    let full = [
        "sunday",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
    ];
    (name.len() == 3 || name == full[index]).then_some(index)
}

/// The index of day `key` (`mon`, `Monday`, ...), or an error named by the key.
fn known_day(key: &str, errors: &mut FieldErrors) -> Option<usize> {
    let day = day_index(key);
    if day.is_none() {
        errors.add(
            key,
            "in",
            "Unknown day; use mon, tue, wed, thu, fri, sat or sun",
        );
    }
    day
}

/// Reads one window from its two ends (`HH:mm`); `None` for an empty window.
fn parse_window(
    start: Option<&str>,
    end: Option<&str>,
    field: &str,
    keys: (&str, &str),
    errors: &mut FieldErrors,
) -> Option<TimeWindow> {
    let read = |v: Option<&str>, key: &str, errors: &mut FieldErrors| {
        let parsed = v.and_then(LocalTime::parse);
        if parsed.is_none() {
            errors.add(
                format!("{field}.{key}"),
                "time",
                "The time must be in HH:mm format",
            );
        }
        parsed
    };
    let start = read(start, keys.0, errors)?;
    let mut end = read(end, keys.1, errors)?;
    if end.minutes() == 0 && start.minutes() > 0 {
        end = LocalTime::MIDNIGHT_END;
    }
    if start == end {
        return None;
    }
    if start > end || start == LocalTime::MIDNIGHT_END {
        errors.add(
            field.to_string(),
            "order",
            "The end time must be after the start time",
        );
        return None;
    }
    Some(TimeWindow { start, end })
}

/// Sorts a day's windows and reports overlaps (touching windows are fine).
fn sort_and_check(windows: &mut [TimeWindow], field: &str, errors: &mut FieldErrors) {
    windows.sort_by_key(|w| w.start);
    if windows.windows(2).any(|pair| pair[1].start < pair[0].end) {
        errors.add(
            field.to_string(),
            "overlap",
            "The time windows of a day must not overlap",
        );
    }
}

/// Sorts each day's windows and names a day whose windows overlap.
fn sort_days(week: &mut WeeklySchedule, errors: &mut FieldErrors) {
    for (index, key) in DAY_KEYS.iter().enumerate() {
        sort_and_check(&mut week.day_mut(index).slots, key, errors);
    }
}

/// Parses weekly availability in either request form. Error fields are relative to the value
/// (`0.from`, `mon.slots.1.end`, …); the caller adds its prefix.
pub fn parse_weekly(value: &Value) -> Result<WeeklySchedule, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut week = WeeklySchedule::default();
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let day = item.get("day").and_then(Value::as_str).and_then(day_index);
                let Some(day) = day else {
                    errors.add(
                        format!("{i}.day"),
                        "in",
                        "Unknown day; use mon, tue, wed, thu, fri, sat or sun",
                    );
                    continue;
                };
                if let Some(w) = parse_window(
                    item.get("from").and_then(Value::as_str),
                    item.get("to").and_then(Value::as_str),
                    &i.to_string(),
                    ("from", "to"),
                    &mut errors,
                ) {
                    let target = week.day_mut(day);
                    target.enabled = true;
                    target.slots.push(w);
                }
            }
        }
        Value::Object(days) => {
            for (key, day_value) in days {
                let Some(day) = known_day(key, &mut errors) else {
                    continue;
                };
                let enabled = match day_value.get("enabled") {
                    None => true,
                    Some(Value::Bool(b)) => *b,
                    Some(_) => {
                        errors.add(
                            format!("{key}.enabled"),
                            "boolean",
                            "The enabled field must be true or false",
                        );
                        false
                    }
                };
                let slots = match day_value.get("slots") {
                    None | Some(Value::Null) => Vec::new(),
                    Some(Value::Array(slots)) => slots.clone(),
                    Some(_) => {
                        errors.add(
                            format!("{key}.slots"),
                            "array",
                            "The slots field must be a list",
                        );
                        Vec::new()
                    }
                };
                let target = week.day_mut(day);
                target.enabled = enabled;
                for (i, slot) in slots.iter().enumerate() {
                    let field = format!("{key}.slots.{i}");
                    if let Some(w) = parse_window(
                        slot.get("start").and_then(Value::as_str),
                        slot.get("end").and_then(Value::as_str),
                        &field,
                        ("start", "end"),
                        &mut errors,
                    ) {
                        target.slots.push(w);
                    }
                }
            }
        }
        _ => errors.add(
            "",
            "array",
            "The weekly schedule must be a list or an object keyed by day",
        ),
    }
    sort_days(&mut week, &mut errors);
    errors.into_result().map(|()| week)
}

/// A week from the hours a form shows: (day key, its windows as (start, end) text); a day
/// with windows is enabled, a day not listed is off. Errors are named as the keyed request
/// form names them (`mon.slots.1.end`, `tue`).
pub fn week_from_text(
    days: &[(String, Vec<(String, String)>)],
) -> Result<WeeklySchedule, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut week = WeeklySchedule::default();
    for (key, windows) in days {
        let Some(day) = known_day(key, &mut errors) else {
            continue;
        };
        let target = week.day_mut(day);
        target.enabled = !windows.is_empty();
        for (i, (start, end)) in windows.iter().enumerate() {
            let field = format!("{key}.slots.{i}");
            if let Some(w) = parse_window(
                Some(start),
                Some(end),
                &field,
                ("start", "end"),
                &mut errors,
            ) {
                target.slots.push(w);
            }
        }
    }
    sort_days(&mut week, &mut errors);
    errors.into_result().map(|()| week)
}

/// Date overrides from a form's rows: (date `YYYY-MM-DD`, start, end), both times empty for
/// a day off. Errors are named by row as the listed request form names them (`1.0.start`).
pub fn overrides_from_text(
    rows: &[(String, String, String)],
) -> Result<DateOverrides, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut overrides = DateOverrides::new();
    for (i, (date, start, end)) in rows.iter().enumerate() {
        let field = i.to_string();
        let Ok(date) = NaiveDate::parse_from_str(date, "%Y-%m-%d") else {
            errors.add(field, "date", "The date must be in YYYY-MM-DD format");
            continue;
        };
        let mut windows = Vec::new();
        let day_off = start.trim().is_empty() && end.trim().is_empty();
        if !day_off
            && let Some(w) = parse_window(
                Some(start),
                Some(end),
                &format!("{field}.0"),
                ("start", "end"),
                &mut errors,
            )
        {
            windows.push(w);
        }
        overrides.insert(date, windows);
    }
    errors.into_result().map(|()| overrides)
}

/// Parses date overrides keyed by date (`{"2027-01-04": [{start, end}]}`) or as a list
/// (`[{date, slots: [{start, end}]}]`).
pub fn parse_overrides(value: &Value) -> Result<DateOverrides, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut overrides = DateOverrides::new();
    let mut entries: Vec<(String, String, Option<&Value>)> = Vec::new();
    match value {
        Value::Null => {}
        Value::Object(map) => {
            entries.extend(
                map.iter()
                    .map(|(date, slots)| (date.clone(), date.clone(), Some(slots))),
            );
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let date = item.get("date").and_then(Value::as_str).unwrap_or_default();
                entries.push((format!("{i}"), date.to_string(), item.get("slots")));
            }
        }
        _ => errors.add(
            "",
            "array",
            "The date overrides must be a list or an object keyed by date",
        ),
    }
    for (field, date_text, slots) in entries {
        let Ok(date) = NaiveDate::parse_from_str(&date_text, "%Y-%m-%d") else {
            errors.add(field, "date", "The date must be in YYYY-MM-DD format");
            continue;
        };
        let mut windows = Vec::new();
        match slots {
            None | Some(Value::Null) => {}
            Some(Value::Array(slots)) => {
                for (i, slot) in slots.iter().enumerate() {
                    let f = format!("{field}.{i}");
                    if let Some(w) = parse_window(
                        slot.get("start").and_then(Value::as_str),
                        slot.get("end").and_then(Value::as_str),
                        &f,
                        ("start", "end"),
                        &mut errors,
                    ) {
                        windows.push(w);
                    }
                }
            }
            Some(_) => errors.add(field.clone(), "array", "The slots of a date must be a list"),
        }
        sort_and_check(&mut windows, &field, &mut errors);
        overrides.insert(date, windows);
    }
    errors.into_result().map(|()| overrides)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn t(text: &str) -> LocalTime {
        LocalTime::parse(text).unwrap_or(LocalTime(9999))
    }

    #[test]
    fn local_time_parses_valid_and_refuses_invalid_times() {
        assert_eq!(t("09:30").minutes(), 570);
        assert_eq!(t("24:00"), LocalTime::MIDNIGHT_END);
        for bad in [
            "24:01", "9:5", "25:00", "ab:cd", "12:60", "", "-1:00", "+1:00",
        ] {
            assert_eq!(LocalTime::parse(bad), None, "{bad}");
        }
        assert_eq!(t("07:05").to_string(), "07:05");
    }

    #[test]
    fn list_form_becomes_keyed_days() {
        let week = parse_weekly(&json!([
            {"day": "mon", "from": "13:00", "to": "17:00"},
            {"day": "mon", "from": "09:00", "to": "12:00"},
            {"day": "Friday", "from": "22:00", "to": "00:00"}
        ]))
        .unwrap_or_default();
        assert!(week.mon.enabled);
        assert_eq!(
            week.mon.slots,
            vec![
                TimeWindow {
                    start: t("09:00"),
                    end: t("12:00")
                },
                TimeWindow {
                    start: t("13:00"),
                    end: t("17:00")
                },
            ]
        );
        assert_eq!(week.fri.slots[0].end, LocalTime::MIDNIGHT_END);
        assert!(!week.tue.enabled);
    }

    #[test]
    fn keyed_form_round_trips() {
        let week = WeeklySchedule::office_hours();
        let value = serde_json::to_value(&week).unwrap_or_default();
        assert_eq!(
            value["mon"],
            json!({"enabled": true, "slots": [{"start": "09:00", "end": "17:00"}]})
        );
        assert_eq!(parse_weekly(&value), Ok(week));
    }

    #[test]
    fn bad_windows_name_their_field() {
        let errors = parse_weekly(&json!([
            {"day": "mon", "from": "17:00", "to": "09:00"},
            {"day": "funday", "from": "09:00", "to": "10:00"},
            {"day": "tue", "from": "9am", "to": "10:00"}
        ]))
        .err()
        .unwrap_or_default();
        assert!(errors.contains("0"), "{errors:?}");
        assert!(errors.contains("1.day"), "{errors:?}");
        assert!(errors.contains("2.from"), "{errors:?}");
    }

    #[test]
    fn overlapping_windows_are_refused_and_touching_ones_accepted() {
        let overlap = parse_weekly(&json!({"wed": {"enabled": true, "slots": [
            {"start": "09:00", "end": "12:00"}, {"start": "11:00", "end": "13:00"}]}}));
        assert!(overlap.err().unwrap_or_default().contains("wed"));
        let touching = parse_weekly(&json!({"wed": {"enabled": true, "slots": [
            {"start": "09:00", "end": "12:00"}, {"start": "12:00", "end": "13:00"}]}}));
        assert!(touching.is_ok());
    }

    #[test]
    fn empty_windows_are_dropped() {
        let week = parse_weekly(&json!([{"day": "sat", "from": "00:00", "to": "00:00"}]))
            .unwrap_or_default();
        assert!(week.sat.slots.is_empty());
    }

    #[test]
    fn overrides_accept_both_forms_and_an_empty_day_means_off() {
        let keyed = parse_overrides(
            &json!({"2027-01-04": [{"start": "10:00", "end": "12:00"}], "2027-01-05": []}),
        )
        .unwrap_or_default();
        let listed = parse_overrides(&json!([
            {"date": "2027-01-04", "slots": [{"start": "10:00", "end": "12:00"}]},
            {"date": "2027-01-05", "slots": [{"start": "00:00", "end": "00:00"}]}
        ]))
        .unwrap_or_default();
        assert_eq!(keyed, listed);
        assert_eq!(keyed.len(), 2);
        assert!(keyed.values().nth(1).is_some_and(Vec::is_empty));
        assert!(parse_overrides(&json!({"2027-13-01": []})).is_err());
    }

    #[test]
    fn hours_from_a_form_name_each_bad_row_as_the_keyed_request_does() {
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        let days = vec![
            (
                "mon".to_string(),
                vec![pair("13:00", "15:00"), pair("09:00", "12:00")],
            ),
            ("tue".to_string(), vec![pair("09:00", "")]),
            (
                "wed".to_string(),
                vec![pair("10:00", "12:00"), pair("11:00", "13:00")],
            ),
        ];
        let refused = week_from_text(&days).err().unwrap_or_default();
        let fields: Vec<&str> = refused.messages().map(|(field, _)| field).collect();
        assert_eq!(fields, vec!["tue.slots.0.end", "wed"]);
        let week = week_from_text(&days[..1]).unwrap_or_default();
        assert_eq!(week.mon.slots[0].start, t("09:00"), "windows are sorted");
        assert!(week.mon.enabled && !week.tue.enabled);

        let rows = vec![
            ("2027-01-04".to_string(), String::new(), String::new()),
            (
                "2027-01-05".to_string(),
                "10:00".to_string(),
                "09:00".to_string(),
            ),
            ("someday".to_string(), String::new(), String::new()),
        ];
        let refused = overrides_from_text(&rows).err().unwrap_or_default();
        let fields: Vec<&str> = refused.messages().map(|(field, _)| field).collect();
        assert_eq!(fields, vec!["1.0", "2"]);
        let day_off = overrides_from_text(&rows[..1]).unwrap_or_default();
        assert_eq!(
            day_off.values().next(),
            Some(&Vec::new()),
            "empty times: the day is off"
        );
    }
}
