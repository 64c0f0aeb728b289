//! Busy times of an external calendar: the VEVENTs of an iCalendar text turned into UTC
//! intervals within a window, recurrences expanded (RRULE, RDATE, EXDATE, RECURRENCE-ID
//! overrides) in each event's own zone, so a weekly 09:00 in Berlin stays 09:00 across DST.
//!
//! Not busy: `TRANSP:TRANSPARENT`, `STATUS:CANCELLED`, and the events slotbook wrote itself
//! (the caller names their UIDs). All-day events (DATE values) block whole dates in the
//! user's zone; floating times are read in the user's zone too.

use std::collections::HashMap;

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone};
use chrono_tz::Tz;
use icalendar::parser::{Component, Property, read_calendar, unfold};
use rrule::{RRule, RRuleSet, Unvalidated};

/// The most instances one recurring event may add: a daily event over a year and more, and a
/// bound on the work a hostile feed can cause.
const MAX_INSTANCES: u16 = 2000;

/// A busy interval in epoch seconds, `[start, end)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Interval {
    pub start: i64,
    pub end: i64,
}

/// What counts and where.
pub struct Window<'a> {
    /// Epoch seconds `[from, to)`: intervals that overlap it are answered.
    pub from: i64,
    pub to: i64,
    /// Whose calendar: all-day and floating times are read in this zone.
    pub user_zone: Tz,
    /// UIDs of the events slotbook wrote into this user's calendars.
    pub own_uids: &'a dyn Fn(&str) -> bool,
}

/// Why a text is not a calendar.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not an iCalendar text: {0}")]
pub struct NotICalendar(pub String);

/// Whether the text looks like iCalendar at all (a feed URL that answers HTML is refused).
pub fn is_icalendar(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .to_ascii_uppercase()
        .starts_with("BEGIN:VCALENDAR")
}

/// The busy intervals of every VEVENT in `text` that overlap the window, sorted.
pub fn busy_times(text: &str, window: &Window<'_>) -> Result<Vec<Interval>, NotICalendar> {
    if !is_icalendar(text) {
        return Err(NotICalendar(
            "it does not begin with BEGIN:VCALENDAR".into(),
        ));
    }
    let unfolded = unfold(text);
    let calendar = read_calendar(&unfolded).map_err(|e| {
        NotICalendar(
            e.lines()
                .next()
                .unwrap_or("unreadable")
                .chars()
                .take(120)
                .collect(),
        )
    })?;
    // A UID's master and its overrides (RECURRENCE-ID) are read together.
    let mut by_uid: HashMap<String, Vec<&Component<'_>>> = HashMap::new();
    let mut anonymous = Vec::new();
    for event in calendar
        .components
        .iter()
        .filter(|c| c.name.as_str().eq_ignore_ascii_case("VEVENT"))
    {
        match prop(event, "UID") {
            Some(uid) => by_uid
                .entry(uid.val.as_str().to_string())
                .or_default()
                .push(event),
            None => anonymous.push(event),
        }
    }
    let mut out = Vec::new();
    for (uid, events) in &by_uid {
        if (window.own_uids)(uid) {
            continue;
        }
        let (overrides, masters): (Vec<&Component<'_>>, Vec<&Component<'_>>) = events
            .iter()
            .partition(|e| prop(e, "RECURRENCE-ID").is_some());
        let moved: Vec<i64> = overrides
            .iter()
            .filter_map(|o| prop(o, "RECURRENCE-ID"))
            .filter_map(|p| parse_when(p, window.user_zone).map(|w| w.instant(window.user_zone)))
            .collect();
        for master in masters {
            expand(master, &moved, window, &mut out);
        }
        for o in overrides {
            expand(o, &[], window, &mut out);
        }
    }
    for event in anonymous {
        expand(event, &[], window, &mut out);
    }
    out.retain(|i| i.end > window.from && i.start < window.to && i.end > i.start);
    out.sort();
    out.dedup();
    Ok(out)
}

fn prop<'c, 'a>(component: &'c Component<'a>, name: &str) -> Option<&'c Property<'a>> {
    component
        .properties
        .iter()
        .find(|p| p.name.as_str().eq_ignore_ascii_case(name))
}

fn props<'c, 'a: 'c>(
    component: &'c Component<'a>,
    name: &'c str,
) -> impl Iterator<Item = &'c Property<'a>> + 'c {
    component
        .properties
        .iter()
        .filter(move |p| p.name.as_str().eq_ignore_ascii_case(name))
}

fn param<'p>(property: &'p Property<'_>, key: &str) -> Option<&'p str> {
    property
        .params
        .iter()
        .find(|p| p.key.as_str().eq_ignore_ascii_case(key))
        .and_then(|p| p.val.as_ref())
        .map(|v| v.as_str().trim_matches('"'))
}

/// A DTSTART-like value: a whole date, or a wall-clock time in a zone, or an instant in UTC.
#[derive(Debug, Clone, Copy)]
enum When {
    Date(NaiveDate),
    Local(NaiveDateTime, Tz),
    Utc(NaiveDateTime),
}

impl When {
    /// The instant; a date counts from its midnight in the user's zone.
    fn instant(self, user_zone: Tz) -> i64 {
        match self {
            When::Date(d) => local_instant(user_zone, d.and_time(NaiveTime::MIN)),
            When::Local(t, zone) => local_instant(zone, t),
            When::Utc(t) => t.and_utc().timestamp(),
        }
    }
}

/// A wall-clock time as an instant: the earlier of a repeated hour, the time after a gap.
fn local_instant(zone: Tz, local: NaiveDateTime) -> i64 {
    crate::domain::slots::local::instant_at_or_after(zone, local)
}

fn parse_when(property: &Property<'_>, user_zone: Tz) -> Option<When> {
    // EXDATE and RDATE may list several values; callers split them first.
    parse_value(property.val.as_str(), property, user_zone)
}

fn parse_value(text: &str, property: &Property<'_>, user_zone: Tz) -> Option<When> {
    let text = text.trim();
    let is_date = param(property, "VALUE").is_some_and(|v| v.eq_ignore_ascii_case("DATE"))
        || (text.len() == 8 && !text.contains('T'));
    if is_date {
        return NaiveDate::parse_from_str(text, "%Y%m%d")
            .ok()
            .map(When::Date);
    }
    if let Some(utc) = text.strip_suffix('Z') {
        return NaiveDateTime::parse_from_str(utc, "%Y%m%dT%H%M%S")
            .ok()
            .map(When::Utc);
    }
    let local = NaiveDateTime::parse_from_str(text, "%Y%m%dT%H%M%S").ok()?;
    let zone = param(property, "TZID")
        .and_then(zone_of_tzid)
        .unwrap_or(user_zone);
    Some(When::Local(local, zone))
}

/// An IANA zone from a TZID, also in the forms calendar programs write it
/// (`/mozilla.org/20050126_1/Europe/Berlin`, `Europe/Berlin` in quotes, and Outlook's Windows
/// names such as `W. Europe Standard Time`, by CLDR's mapping).
fn zone_of_tzid(tzid: &str) -> Option<Tz> {
    let tzid = tzid.trim().trim_matches('"');
    if let Ok(zone) = tzid.parse::<Tz>() {
        return Some(zone);
    }
    if let Ok(windows) = tzid.parse::<windows_timezones::WindowsTimezone>() {
        return Some(Tz::from(windows));
    }
    // The last two or three path segments of a prefixed TZID.
    let parts: Vec<&str> = tzid.split('/').collect();
    (2..=3)
        .filter(|n| parts.len() > *n)
        .find_map(|n| parts[parts.len() - n..].join("/").parse::<Tz>().ok())
}

fn duration_of(event: &Component<'_>, start: When, user_zone: Tz) -> Duration {
    if let Some(end) = prop(event, "DTEND").and_then(|p| parse_when(p, user_zone)) {
        return match (start, end) {
            (When::Date(s), When::Date(e)) => e - s,
            _ => Duration::seconds(end.instant(user_zone) - start.instant(user_zone)),
        };
    }
    if let Some(d) = prop(event, "DURATION").and_then(|p| parse_duration(p.val.as_str())) {
        return d;
    }
    // RFC 5545 3.6.1: a date lasts one day, a date-time no time at all.
    match start {
        When::Date(_) => Duration::days(1),
        _ => Duration::zero(),
    }
}

/// An RFC 5545 duration such as `PT1H30M`, `P1D`, `P2W`, `-PT15M`.
fn parse_duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let (sign, rest) = match text.strip_prefix('-') {
        Some(r) => (-1, r),
        None => (1, text.strip_prefix('+').unwrap_or(text)),
    };
    let rest = rest.strip_prefix('P')?;
    let mut total = 0i64;
    let mut number = String::new();
    let mut in_time = false;
    for c in rest.chars() {
        match c {
            'T' => in_time = true,
            '0'..='9' => number.push(c),
            _ => {
                let n: i64 = number.parse().ok()?;
                number.clear();
                total += n * match (c, in_time) {
                    ('W', false) => 7 * 86_400,
                    ('D', false) => 86_400,
                    ('H', true) => 3_600,
                    ('M', true) => 60,
                    ('S', true) => 1,
                    _ => return None,
                };
            }
        }
    }
    number.is_empty().then(|| Duration::seconds(sign * total))
}

fn is_free(event: &Component<'_>) -> bool {
    let value = |name| prop(event, name).map(|p| p.val.as_str().trim().to_ascii_uppercase());
    value("TRANSP").as_deref() == Some("TRANSPARENT")
        || value("STATUS").as_deref() == Some("CANCELLED")
}

/// The instances of one VEVENT that touch the window, less those `moved` (an override
/// stands for them) and the EXDATEs.
fn expand(event: &Component<'_>, moved: &[i64], window: &Window<'_>, out: &mut Vec<Interval>) {
    if is_free(event) {
        return;
    }
    let zone = window.user_zone;
    let Some(start) = prop(event, "DTSTART").and_then(|p| parse_when(p, zone)) else {
        return;
    };
    let length = duration_of(event, start, zone);
    let interval_at = |when: When| -> Interval {
        match when {
            // An all-day event spans its dates in the user's zone (a DST day is 23 or 25 hours).
            When::Date(d) => Interval {
                start: When::Date(d).instant(zone),
                end: When::Date(d + Duration::days(length.num_days().max(1))).instant(zone),
            },
            _ => {
                let s = when.instant(zone);
                Interval {
                    start: s,
                    end: s + length.num_seconds().max(0),
                }
            }
        }
    };
    let rules: Vec<&Property<'_>> = props(event, "RRULE").collect();
    let rdates: Vec<When> = values(event, "RDATE", zone);
    if rules.is_empty() && rdates.is_empty() {
        out.push(interval_at(start));
        return;
    }
    let exdates: Vec<When> = values(event, "EXDATE", zone);
    match recurrences(start, &rules, &rdates, &exdates, length, window) {
        Some(instances) => out.extend(
            instances
                .into_iter()
                .filter(|w| !moved.contains(&w.instant(zone)))
                .map(interval_at),
        ),
        // A rule the expander cannot read: the first instance still counts.
        None => out.push(interval_at(start)),
    }
}

/// Every value of a multi-valued date property (`EXDATE;TZID=…:a,b`, repeated lines too).
fn values(event: &Component<'_>, name: &str, zone: Tz) -> Vec<When> {
    props(event, name)
        .flat_map(|p| {
            p.val
                .as_str()
                .split(',')
                .filter_map(|v| parse_value(v, p, zone))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Recurrence instants as `When`s of the start's kind, from the window's start (less the
/// event's length, so an instance running into the window counts) to its end.
fn recurrences(
    start: When,
    rules: &[&Property<'_>],
    rdates: &[When],
    exdates: &[When],
    length: Duration,
    window: &Window<'_>,
) -> Option<Vec<When>> {
    // Expansion runs in the event's own zone; dates expand as midnights in UTC.
    let (zone, naive) = match start {
        When::Date(d) => (chrono_tz::UTC, d.and_time(NaiveTime::MIN)),
        When::Local(t, z) => (z, t),
        When::Utc(t) => (chrono_tz::UTC, t),
    };
    let rzone = rrule::Tz::Tz(zone);
    let at = |local: NaiveDateTime| -> Option<DateTime<rrule::Tz>> {
        rzone.from_local_datetime(&local).earliest().or_else(|| {
            rzone
                .from_local_datetime(&(local + Duration::hours(1)))
                .earliest()
        })
    };
    let to_rrule_time = |w: &When| -> Option<DateTime<rrule::Tz>> {
        match (start, *w) {
            (When::Date(_), When::Date(d)) => at(d.and_time(NaiveTime::MIN)),
            (_, When::Utc(t)) => Some(t.and_utc().with_timezone(&rzone)),
            (_, When::Local(t, z)) => z
                .from_local_datetime(&t)
                .earliest()
                .map(|dt| dt.with_timezone(&rzone)),
            (_, When::Date(d)) => at(d.and_time(naive.time())),
        }
    };
    let dt_start = at(naive)?;
    let mut set = RRuleSet::new(dt_start);
    for rule in rules {
        let parsed: RRule<Unvalidated> = rule.val.as_str().parse().ok()?;
        set = set.rrule(parsed.validate(dt_start).ok()?);
    }
    set = set.set_rdates(rdates.iter().filter_map(to_rrule_time).collect());
    set = set.set_exdates(exdates.iter().filter_map(to_rrule_time).collect());
    let reach = length.num_seconds().max(0) + 86_400;
    let after = DateTime::from_timestamp(window.from - reach, 0)?.with_timezone(&rzone);
    let before = DateTime::from_timestamp(window.to, 0)?.with_timezone(&rzone);
    let found = set.after(after).before(before).all(MAX_INSTANCES);
    Some(
        found
            .dates
            .into_iter()
            .map(|dt| match start {
                When::Date(_) => When::Date(dt.naive_local().date()),
                When::Utc(_) => When::Utc(dt.naive_utc()),
                When::Local(_, z) => When::Local(dt.with_timezone(&z).naive_local(), z),
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests;
