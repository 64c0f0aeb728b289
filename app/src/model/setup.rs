//! What the dashboard's setup pages show (calendars and their events), computed by
//! `pages::setup`.

use serde::{Deserialize, Serialize};

use crate::domain::validation::FieldErrors;
use crate::domain::week::{DateOverrides, WeeklySchedule, overrides_from_text, week_from_text};

/// `/admin/calendars`: the calendars the user may manage, and the "New calendar" form's default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CalendarsPage {
    pub calendars: Vec<CalendarCard>,
    /// The zone the "New calendar" form proposes (the user's calendar's, else UTC).
    pub zone: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CalendarCard {
    pub id: i64,
    pub title: String,
    /// The landing page's full address.
    pub url: String,
    /// `simple` (the user's own) or `team`.
    pub kind: String,
    pub events: usize,
}

/// `/admin/calendars/{id}`: the calendar, its links and its events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CalendarPage {
    pub id: i64,
    pub title: String,
    pub slug: String,
    /// "Europe/Berlin, UTC+01:00".
    pub zone: String,
    /// The description as stored (sanitized HTML), shown as HTML.
    pub description_html: String,
    pub landing_url: String,
    pub events: Vec<EventCard>,
    /// A team calendar: "New event" asks for its kind and hosts.
    pub team: bool,
    /// Users who may host a team event here: (id, name); the caller first.
    pub host_choices: Vec<(i64, String)>,
    /// The settings form's values: the zone's IANA id, the host's photo, the landing page.
    pub zone_id: String,
    pub photo_url: String,
    pub landing_enabled: bool,
    /// The calendar's pages' default language (a code).
    #[serde(default)]
    pub language: String,
    /// `true`: every active event is on the landing page; else only `shown_events`.
    pub show_all: bool,
    pub shown_events: Vec<i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventCard {
    pub id: i64,
    pub title: String,
    pub duration: i64,
    /// `active` or `draft`.
    pub status: String,
    /// The booking page's full address.
    pub url: String,
    /// The `<script>` tag that embeds the booking page (`/embed.js`).
    pub embed: String,
    /// The event's editor in the dashboard.
    pub editor: String,
}

/// A calendar's events in their landing-page order: those `order` names, in its order, then
/// the rest as given (newest last).
pub fn in_event_order(ids: &[i64], order: Option<&[i64]>) -> Vec<i64> {
    let order = order.unwrap_or_default();
    let mut listed: Vec<i64> = order
        .iter()
        .copied()
        .filter(|id| ids.contains(id))
        .collect();
    listed.dedup();
    listed.extend(ids.iter().copied().filter(|id| !order.contains(id)));
    listed
}

/// `ids` with `id` moved one place up (or down); unchanged at the edge or when absent.
pub fn moved_in_order(mut ids: Vec<i64>, id: i64, up: bool) -> Vec<i64> {
    if let Some(at) = ids.iter().position(|x| *x == id) {
        match (up, at) {
            (true, at) if at > 0 => ids.swap(at - 1, at),
            (false, at) if at + 1 < ids.len() => ids.swap(at, at + 1),
            _ => {}
        }
    }
    ids
}

/// The link builder's answer: the booking page `url` with a pre-chosen `date` (`YYYY-MM-DD`)
/// and `duration` (minutes), each left out when empty or malformed.
pub fn share_link(url: &str, date: &str, duration: &str) -> String {
    let mut query = Vec::new();
    let date = date.trim();
    if chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_ok() {
        query.push(format!("date={date}"));
    }
    if let Ok(minutes) = duration.trim().parse::<u32>()
        && minutes > 0
    {
        query.push(format!("duration={minutes}"));
    }
    if query.is_empty() {
        url.to_string()
    } else {
        format!("{url}?{}", query.join("&"))
    }
}

/// The kinds of event "New event" offers on a team calendar: (REST `event_type`, label).
pub const TEAM_EVENT_KINDS: [(&str, &str); 3] = [
    (
        "round_robin",
        "Round robin: one of the hosts, whoever is free",
    ),
    ("collective", "Collective: all hosts together"),
    ("single", "One host"),
];

/// The title a calendar's first event gets (the REST route makes a calendar with its first
/// event; the form asks for the calendar only).
pub const FIRST_EVENT_TITLE: &str = "30 Minute Meeting";

/// The event editor's tabs: (value of `tab=`, link text).
pub const EDITOR_TABS: [(&str, &str); 9] = [
    ("details", "details"),
    ("availability", "availability"),
    ("limits", "limits"),
    ("booking-fields", "booking-fields"),
    ("notifications", "notifications"),
    ("webhooks", "webhooks"),
    ("payment", "payment"),
    ("advanced", "advanced"),
    ("private-links", "private-links"),
];

/// `/admin/calendars/{id}/events/{event_id}`: the event and the tab's form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventEditor {
    pub calendar_id: i64,
    pub calendar_title: String,
    pub event_id: i64,
    pub title: String,
    pub duration: i64,
    pub description: String,
    /// `active` or `draft`.
    pub status: String,
    /// The booking page's full address.
    pub url: String,
    /// The calendar's zone, which the hours are in ("Europe/Berlin").
    pub zone: String,
    pub hours: WeekDraft,
    pub limits: Limits,
    /// `#0099ff`.
    pub color: String,
    /// The event's locations, as the form shows them (the attendee picks one when there are
    /// several).
    pub locations: Vec<LocationDraft>,
    /// `single`, `group`, `round_robin`, `collective`.
    pub event_type: String,
    /// The hosts of a team event (empty for a user's own calendar).
    pub hosts: Vec<i64>,
    /// Who may host it: (id, name).
    pub host_choices: Vec<(i64, String)>,
    /// Attendees per time (group events).
    pub seats: i64,
    /// The reusable schedules the event may follow: (id, "title (zone)").
    pub schedules: Vec<(i64, String)>,
    /// The schedule the event follows, when not its own hours.
    pub schedule_id: Option<i64>,
}

/// Where the meeting happens (the REST `location_settings` entry): `kind` is empty (none) or
/// one of `LOCATION_TYPES`; each kind uses some of the texts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LocationDraft {
    pub kind: String,
    /// A place's name, or a custom location's title.
    pub title: String,
    /// An address or how to get there (HTML allowed, sanitized).
    pub description: String,
    pub phone: String,
    pub link: String,
}

/// The location kinds the editor offers: (REST type, the message id of what the option says).
pub const LOCATION_CHOICES: [(&str, &str); 7] = [
    ("", "location-kind-none"),
    ("in_person_organizer", "location-kind-in-person-organizer"),
    ("in_person_guest", "location-kind-in-person-guest"),
    ("phone_organizer", "location-kind-phone-organizer"),
    ("phone_guest", "location-kind-phone-guest"),
    ("online_meeting", "location-kind-online-meeting"),
    ("custom", "location-kind-custom"),
];

/// Locations one event offers at most (the editor shows one more, empty, to add one).
pub const MAX_LOCATIONS: usize = 5;

impl LocationDraft {
    /// The suffix of the form names of the location at `index`: none for the first
    /// (`location_type`), `_2` for the second (`location_type_2`), …
    pub fn suffix(index: usize) -> String {
        if index == 0 {
            String::new()
        } else {
            format!("_{}", index + 1)
        }
    }
}

/// "Why is this time not offered?" for one date: each start time of the event's grid within
/// that date's hours (weekly, and the date's override), with "Offered" or the reasons in words.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DayExplained {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// (start `HH:MM` in the calendar's zone, "Offered" or the reasons joined by ", ").
    pub times: Vec<(String, String)>,
}

/// The engine's reason codes (`GET …/explain`) in the words the editor shows.
pub fn reason_words(code: &str) -> &'static str {
    match code {
        "outside_hours" => "Outside hours",
        "date_override" => "Date override",
        "off_grid" => "Not on the slot grid",
        "notice" => "Minimum notice",
        "outside_window" => "Booking window",
        "buffer" => "Buffer",
        "overlap" => "Booked",
        "limit_reached" => "Limit reached",
        "full" => "Full",
        "host_busy" => "No host free",
        "calendar" => "Busy in a connected calendar",
        "held" => "Held",
        "out_of_office" => "Out of office",
        _ => "Not offered",
    }
}

/// The starts of a slot grid: from each window's start every `interval` minutes, while a slot
/// of `duration` minutes still ends within the window. Times are `HH:MM`; bad ones are skipped.
pub fn grid_starts(windows: &[(String, String)], duration: i64, interval: i64) -> Vec<String> {
    let minutes = |t: &str| {
        let (h, m) = t.trim().split_once(':')?;
        Some(h.parse::<i64>().ok()? * 60 + m.parse::<i64>().ok()?)
    };
    let mut starts = Vec::new();
    for (start, end) in windows {
        let (Some(mut t), Some(mut end)) = (minutes(start), minutes(end)) else {
            continue;
        };
        if end <= t {
            end += 24 * 60; // an end of 00:00 is midnight
        }
        while t + duration <= end && duration > 0 && interval > 0 {
            starts.push(format!("{:02}:{:02}", (t / 60) % 24, t % 60));
            t += interval;
        }
    }
    starts.sort();
    starts.dedup();
    starts
}

/// The "Limits" tab's numbers, in minutes, as the form shows them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Limits {
    /// "Minimum notice": how long before a time it may still be booked.
    pub notice: String,
    pub buffer_before: String,
    pub buffer_after: String,
    /// "Slot interval": minutes between start times; empty = the duration.
    pub slot_interval: String,
    /// "Booking window": how many days ahead can be booked.
    pub window_days: String,
    /// Bookings per day, week and month.
    pub frequency: PeriodCaps,
    /// Booked minutes per day, week and month.
    pub booked_time: PeriodCaps,
    /// The booking page shows times in `lock_zone` only.
    pub lock_zone_enabled: bool,
    pub lock_zone: String,
}

/// Caps per period as the form shows them; an empty one is no cap.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PeriodCaps {
    pub enabled: bool,
    pub per_day: String,
    pub per_week: String,
    pub per_month: String,
}

impl PeriodCaps {
    /// From stored limits (`per_day`, `per_week`, `per_month`).
    pub fn from_limits(enabled: bool, limits: &[(String, i64)]) -> PeriodCaps {
        let of = |unit: &str| {
            limits
                .iter()
                .find(|(u, _)| u == unit)
                .map(|(_, v)| v.to_string())
                .unwrap_or_default()
        };
        PeriodCaps {
            enabled,
            per_day: of("per_day"),
            per_week: of("per_week"),
            per_month: of("per_month"),
        }
    }
}

/// The weekly hours and date overrides as the availability form shows them: times `HH:MM`,
/// in the calendar's zone.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct WeekDraft {
    /// Monday first: (day key `mon`, windows (start, end)).
    pub days: Vec<(String, Vec<(String, String)>)>,
    /// (date `YYYY-MM-DD`, start, end); empty times = the whole day off.
    pub overrides: Vec<(String, String, String)>,
}

/// Day keys Monday first, with their names.
pub const WEEKDAYS: [(&str, &str); 7] = [
    ("mon", "Monday"),
    ("tue", "Tuesday"),
    ("wed", "Wednesday"),
    ("thu", "Thursday"),
    ("fri", "Friday"),
    ("sat", "Saturday"),
    ("sun", "Sunday"),
];

/// What the availability form's button asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HoursOp {
    Save,
    AddWindow(String),
    RemoveWindow(String, usize),
    AddOverride,
    RemoveOverride(usize),
    /// "Copy to weekdays": this day's windows on Monday to Friday.
    CopyToWeekdays(String),
}

impl HoursOp {
    /// `op=save`, `add:mon`, `remove:mon:1`, `copy:mon`, `add_override`, `remove_override:0`.
    pub fn parse(text: &str) -> Option<HoursOp> {
        let mut parts = text.split(':');
        let op = match (parts.next()?, parts.next(), parts.next()) {
            ("save", None, None) => HoursOp::Save,
            ("add", Some(day), None) => HoursOp::AddWindow(day.to_string()),
            ("copy", Some(day), None) => HoursOp::CopyToWeekdays(day.to_string()),
            ("remove", Some(day), Some(i)) => {
                HoursOp::RemoveWindow(day.to_string(), i.parse().ok()?)
            }
            ("add_override", None, None) => HoursOp::AddOverride,
            ("remove_override", Some(i), None) => HoursOp::RemoveOverride(i.parse().ok()?),
            _ => return None,
        };
        if let HoursOp::AddWindow(day)
        | HoursOp::RemoveWindow(day, _)
        | HoursOp::CopyToWeekdays(day) = &op
            && !WEEKDAYS.iter().any(|(key, _)| key == day)
        {
            return None;
        }
        Some(op)
    }
}

impl WeekDraft {
    /// The form's hours: `{day}_start`/`{day}_end` pairs per day in order, and
    /// `override_date`/`override_start`/`override_end` per override.
    pub fn from_form(form: &crate::model::public::FormState) -> WeekDraft {
        let list = |name: &str| form.values.get(name).cloned().unwrap_or_default();
        let days = WEEKDAYS
            .iter()
            .map(|(key, _)| {
                let (starts, ends) = (list(&format!("{key}_start")), list(&format!("{key}_end")));
                let windows = starts
                    .into_iter()
                    .zip(ends)
                    .filter(|(s, e)| !(s.trim().is_empty() && e.trim().is_empty()))
                    .collect();
                (key.to_string(), windows)
            })
            .collect();
        let (dates, starts, ends) = (
            list("override_date"),
            list("override_start"),
            list("override_end"),
        );
        let overrides = dates
            .into_iter()
            .enumerate()
            .map(|(i, date)| {
                let at = |v: &Vec<String>| v.get(i).cloned().unwrap_or_default();
                (date, at(&starts), at(&ends))
            })
            .collect();
        WeekDraft { days, overrides }
    }

    /// Applies an add or remove button (not saved: the form comes back with the change).
    pub fn apply(&mut self, op: &HoursOp) {
        match op {
            HoursOp::Save => {}
            HoursOp::AddWindow(day) => {
                if let Some((_, windows)) = self.days.iter_mut().find(|(k, _)| k == day) {
                    let start = windows
                        .last()
                        .map_or("09:00".to_string(), |(_, end)| end.clone());
                    windows.push((start, String::new()));
                }
            }
            HoursOp::RemoveWindow(day, i) => {
                if let Some((_, windows)) = self.days.iter_mut().find(|(k, _)| k == day)
                    && *i < windows.len()
                {
                    windows.remove(*i);
                }
            }
            HoursOp::CopyToWeekdays(day) => {
                let windows = self
                    .days
                    .iter()
                    .find(|(k, _)| k == day)
                    .map(|(_, w)| w.clone())
                    .unwrap_or_default();
                for (key, target) in &mut self.days {
                    if ["mon", "tue", "wed", "thu", "fri"].contains(&key.as_str()) {
                        *target = windows.clone();
                    }
                }
            }
            HoursOp::AddOverride => {
                self.overrides
                    .push((String::new(), String::new(), String::new()))
            }
            HoursOp::RemoveOverride(i) => {
                if *i < self.overrides.len() {
                    self.overrides.remove(*i);
                }
            }
        }
    }

    /// These hours as a week and date overrides; what is wrong is named under
    /// `weekly_schedules.` and `date_overrides.` (as the REST routes name it).
    pub fn parsed(
        &self,
        errors: &mut FieldErrors,
    ) -> (Option<WeeklySchedule>, Option<DateOverrides>) {
        let week = week_from_text(&self.days)
            .map_err(|e| errors.merge_prefixed("weekly_schedules", e))
            .ok();
        let overrides = overrides_from_text(&self.overrides)
            .map_err(|e| errors.merge_prefixed("date_overrides", e))
            .ok();
        (week, overrides)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::week::LocalTime;
    use crate::model::public::FormState;

    fn form(pairs: &[(&str, &str)]) -> FormState {
        let owned: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        FormState::from_pairs(&owned)
    }

    #[test]
    fn a_shared_link_carries_only_well_formed_choices() {
        let url = "https://book.example/jane/intro";
        assert_eq!(share_link(url, "", ""), url);
        assert_eq!(
            share_link(url, "2026-12-14", "45"),
            "https://book.example/jane/intro?date=2026-12-14&duration=45"
        );
        assert_eq!(share_link(url, "14/12/2026", "x&y=1"), url);
    }

    #[test]
    fn events_keep_the_stored_order_and_move_one_place_at_a_time() {
        let ids = [1, 2, 3, 4];
        assert_eq!(in_event_order(&ids, Some(&[3, 9, 1])), vec![3, 1, 2, 4]);
        assert_eq!(in_event_order(&ids, None), vec![1, 2, 3, 4]);
        assert_eq!(moved_in_order(vec![3, 1, 2], 1, true), vec![1, 3, 2]);
        assert_eq!(moved_in_order(vec![3, 1, 2], 2, false), vec![3, 1, 2]);
        assert_eq!(moved_in_order(vec![3, 1, 2], 7, true), vec![3, 1, 2]);
    }

    #[test]
    fn the_grid_runs_from_each_window_start_while_a_slot_still_fits() {
        let windows = vec![
            ("10:00".to_string(), "12:00".to_string()),
            ("13:00".to_string(), "14:00".to_string()),
        ];
        assert_eq!(
            grid_starts(&windows, 45, 45),
            vec!["10:00", "10:45", "13:00"]
        );
        assert_eq!(
            grid_starts(&windows, 45, 30),
            vec!["10:00", "10:30", "11:00", "13:00"]
        );
        assert_eq!(
            grid_starts(&[("23:00".into(), "00:00".into())], 30, 30),
            vec!["23:00", "23:30"]
        );
        assert!(grid_starts(&[("bad".into(), "12:00".into())], 30, 30).is_empty());
        assert_eq!(reason_words("overlap"), "Booked");
    }

    #[test]
    fn the_hours_form_reads_windows_per_day_and_its_buttons_change_only_the_draft() {
        let posted = form(&[
            ("mon_start", "10:00"),
            ("mon_end", "12:00"),
            ("mon_start", "13:00"),
            ("mon_end", "15:00"),
            ("tue_start", ""),
            ("tue_end", ""),
            ("override_date", "2026-12-24"),
            ("override_start", ""),
            ("override_end", ""),
        ]);
        let mut draft = WeekDraft::from_form(&posted);
        assert_eq!(
            draft.days[0].1,
            vec![
                ("10:00".into(), "12:00".into()),
                ("13:00".into(), "15:00".into())
            ]
        );
        assert!(draft.days[1].1.is_empty(), "an empty row is no window");
        draft.apply(&HoursOp::parse("add:tue").expect("op"));
        assert_eq!(draft.days[1].1, vec![("09:00".into(), String::new())]);
        draft.apply(&HoursOp::parse("remove:mon:0").expect("op"));
        assert_eq!(draft.days[0].1, vec![("13:00".into(), "15:00".into())]);
        let mut errors = FieldErrors::new();
        draft.parsed(&mut errors);
        let fields: Vec<&str> = errors.messages().map(|(field, _)| field).collect();
        assert_eq!(fields, vec!["weekly_schedules.tue.slots.0.end"]);
        draft.apply(&HoursOp::parse("remove:tue:0").expect("op"));
        let mut errors = FieldErrors::new();
        let (week, overrides) = draft.parsed(&mut errors);
        assert!(errors.is_empty(), "{errors:?}");
        let week = week.expect("a readable week");
        assert_eq!(
            week.mon.slots[0].start,
            LocalTime::parse("13:00").expect("time")
        );
        assert!(week.mon.enabled && !week.wed.enabled);
        let christmas = chrono::NaiveDate::from_ymd_opt(2026, 12, 24).expect("date");
        assert_eq!(
            overrides.expect("readable overrides").get(&christmas),
            Some(&Vec::new())
        );
        draft.apply(&HoursOp::parse("copy:mon").expect("op"));
        assert_eq!(draft.days[4].1, vec![("13:00".into(), "15:00".into())]);
        assert!(draft.days[5].1.is_empty(), "Saturday is not a weekday");
        assert_eq!(HoursOp::parse("copy:xyz"), None);
        assert_eq!(HoursOp::parse("add:xyz"), None);
        assert_eq!(HoursOp::parse("remove:mon:x"), None);
        assert_eq!(
            HoursOp::parse("remove_override:1"),
            Some(HoursOp::RemoveOverride(1))
        );
    }
}
