//! Published calendar feeds (DESIGN 2.12): which bookings a feed shows and how.

/// What a feed publishes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeedKind {
    /// The host's bookings with their attendees.
    Bookings,
    /// Only when the host is busy: no titles, no attendees.
    FreeBusy,
}

impl FeedKind {
    pub const ALL: [FeedKind; 2] = [FeedKind::Bookings, FeedKind::FreeBusy];

    pub fn as_str(self) -> &'static str {
        match self {
            FeedKind::Bookings => "bookings",
            FeedKind::FreeBusy => "free_busy",
        }
    }

    pub fn parse(text: &str) -> Option<FeedKind> {
        FeedKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

/// Bookings starting this long ago at most are in a feed.
pub const PAST_DAYS: i64 = 90;
/// A cancelled or rejected booking stays in the bookings feed this long after its change.
pub const CANCELLED_DAYS: i64 = 30;

/// A feed entry's `STATUS` for the statuses of a slot's bookings: `CONFIRMED` while one holds
/// the time, `TENTATIVE` while one waits for the host, else `CANCELLED`.
pub fn slot_status<'a>(statuses: impl IntoIterator<Item = &'a str>) -> &'static str {
    let mut status = "CANCELLED";
    for s in statuses {
        match s {
            "scheduled" | "completed" | "no_show" => return "CONFIRMED",
            "pending" => status = "TENTATIVE",
            _ => {}
        }
    }
    status
}

/// Whether a booking of this status holds the host's time (the free/busy feed's intervals).
pub fn holds_time(status: &str) -> bool {
    matches!(status, "scheduled" | "pending" | "completed" | "no_show")
}

/// Intervals `(start, end, last_change)` merged where they overlap or touch, in start order;
/// a merged interval keeps the latest change of its parts.
pub fn merge_busy(mut intervals: Vec<(i64, i64, i64)>) -> Vec<(i64, i64, i64)> {
    intervals.sort_unstable();
    let mut merged: Vec<(i64, i64, i64)> = Vec::with_capacity(intervals.len());
    for (start, end, changed) in intervals {
        match merged.last_mut() {
            Some(last) if start <= last.1 => {
                last.1 = last.1.max(end);
                last.2 = last.2.max(changed);
            }
            _ => merged.push((start, end, changed)),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_read_back_from_their_names() {
        for kind in FeedKind::ALL {
            assert_eq!(FeedKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(FeedKind::parse("busy"), None);
    }

    #[test]
    fn a_slot_is_confirmed_while_anyone_holds_it() {
        assert_eq!(slot_status(["cancelled", "scheduled"]), "CONFIRMED");
        assert_eq!(slot_status(["pending", "rejected"]), "TENTATIVE");
        assert_eq!(slot_status(["cancelled", "rejected"]), "CANCELLED");
        assert_eq!(slot_status(["no_show"]), "CONFIRMED");
    }

    #[test]
    fn busy_intervals_merge_where_they_meet() {
        let merged = merge_busy(vec![(50, 60, 1), (0, 10, 5), (10, 20, 7), (15, 18, 2)]);
        assert_eq!(merged, vec![(0, 20, 7), (50, 60, 1)]);
        assert!(merge_busy(Vec::new()).is_empty());
        assert!(holds_time("pending") && !holds_time("cancelled"));
    }
}
