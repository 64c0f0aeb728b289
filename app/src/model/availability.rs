//! What `/admin/availability` shows: the user's reusable schedules and one schedule's editor.
//! Computed by `pages::availability`.

use serde::{Deserialize, Serialize};

use super::setup::WeekDraft;

/// `/admin/availability`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SchedulesPage {
    pub schedules: Vec<ScheduleCard>,
    /// The zone "New schedule" proposes: the user's calendar's, else UTC.
    pub zone: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ScheduleCard {
    pub id: i64,
    pub title: String,
    pub zone: String,
    pub is_default: bool,
    /// "Mon-Fri, 09:00-17:00"-like summary of the weekly hours.
    pub summary: String,
}

/// `/admin/availability/{id}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ScheduleEditor {
    pub id: i64,
    pub title: String,
    pub zone: String,
    pub is_default: bool,
    pub hours: WeekDraft,
    /// Titles of the events whose slots follow this schedule.
    pub used_by: Vec<String>,
}

/// A one-line summary of weekly hours: each day (its short name by `name_of`) with its
/// windows, days off left out; `none` without any.
pub fn week_summary<'a>(
    hours: &WeekDraft,
    name_of: impl Fn(&str) -> &'a str,
    none: &str,
) -> String {
    let days: Vec<String> = hours
        .days
        .iter()
        .filter(|(_, windows)| !windows.is_empty())
        .map(|(day, windows)| {
            let name = name_of(day);
            let spans: Vec<String> = windows.iter().map(|(s, e)| format!("{s}-{e}")).collect();
            format!("{name} {}", spans.join(", "))
        })
        .collect();
    if days.is_empty() {
        none.to_string()
    } else {
        days.join(" · ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_names_each_open_day_and_its_windows() {
        let hours = WeekDraft {
            days: vec![
                ("mon".into(), vec![("09:00".into(), "12:00".into())]),
                ("tue".into(), vec![]),
                (
                    "wed".into(),
                    vec![
                        ("09:00".into(), "12:00".into()),
                        ("13:00".into(), "17:00".into()),
                    ],
                ),
            ],
            overrides: vec![],
        };
        let short = |day: &str| if day == "mon" { "Mon" } else { "Wed" };
        assert_eq!(
            week_summary(&hours, short, "No hours"),
            "Mon 09:00-12:00 · Wed 09:00-12:00, 13:00-17:00"
        );
        assert_eq!(
            week_summary(&WeekDraft::default(), short, "No hours"),
            "No hours"
        );
    }
}
