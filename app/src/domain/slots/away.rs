//! Out of office (DESIGN 2.8): the local dates on which a host takes no bookings.

use chrono::NaiveDate;
use chrono_tz::Tz;

use super::local::local_of;

/// One stretch of days away, both ends included, and who takes the host's round-robin turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AwayPeriod {
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub teammate: Option<i64>,
}

/// A host's days away, as dates of its own zone (its own calendar's, else UTC).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Away {
    pub zone: Tz,
    pub periods: Vec<AwayPeriod>,
}

impl Default for Away {
    fn default() -> Away {
        Away {
            zone: chrono_tz::UTC,
            periods: Vec::new(),
        }
    }
}

impl Away {
    /// The period a time starting at `start` (epoch seconds) falls in, if any.
    pub fn period_at(&self, start: i64) -> Option<&AwayPeriod> {
        if self.periods.is_empty() {
            return None;
        }
        let (date, _) = local_of(self.zone, start);
        self.periods
            .iter()
            .find(|p| p.start <= date && date <= p.end)
    }

    pub fn covers(&self, start: i64) -> bool {
        self.period_at(start).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    #[test]
    fn both_ends_count_as_local_dates_of_the_hosts_zone() {
        let away = Away {
            zone: chrono_tz::Asia::Tokyo,
            periods: vec![AwayPeriod {
                start: day(2027, 3, 1),
                end: day(2027, 3, 2),
                teammate: Some(7),
            }],
        };
        let at = |y, m, d, h| {
            chrono_tz::Asia::Tokyo
                .with_ymd_and_hms(y, m, d, h, 0, 0)
                .unwrap()
                .timestamp()
        };
        assert!(!away.covers(at(2027, 2, 28, 23)));
        assert!(away.covers(at(2027, 3, 1, 0)));
        assert_eq!(
            away.period_at(at(2027, 3, 2, 23)).and_then(|p| p.teammate),
            Some(7)
        );
        assert!(!away.covers(at(2027, 3, 3, 0)));
        // 2027-03-01 00:30 in Tokyo is still 2027-02-28 in UTC: the host's zone decides.
        let utc = chrono::Utc
            .with_ymd_and_hms(2027, 2, 28, 15, 30, 0)
            .unwrap()
            .timestamp();
        assert!(away.covers(utc));
    }
}
