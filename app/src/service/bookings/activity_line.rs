//! A booking's activity as a timeline entry, in the reader's zone (the desk's and the reports'
//! feeds).

use chrono::DateTime;
use chrono_tz::Tz;

use crate::model::desk::ActivityLine;

/// A timeline entry in `zone` (the booking page's and the reports' feed), its time in the
/// dashboard's language.
pub fn activity_line(a: &crate::store::booking_list::ActivityRow, zone: Tz) -> ActivityLine {
    let at = DateTime::from_timestamp(a.created_at, 0).unwrap_or_default();
    let local = at.with_timezone(&zone).naive_local();
    let dates = crate::texts::dashboard::dates(true);
    ActivityLine {
        when: format!(
            "{}, {}",
            dates.full_date(local.date()),
            dates.clock(local.time())
        ),
        at: at.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
        title: a.title.clone(),
        description: a.description.clone(),
    }
}
