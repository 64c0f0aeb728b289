//! A host's blocking bookings, indexed for "is `[start, end)` free?" in O(log n).

use std::collections::BTreeMap;

use super::Reason;
use super::local::MINUTE;

/// A booking that blocks its host: scheduled, pending or completed (callers leave out
/// cancelled, rejected and no-show bookings).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Busy {
    pub start: i64,
    pub end: i64,
    pub event_id: i64,
    /// Attendees of one group slot share a group; limits count groups, not rows.
    pub group_id: i64,
    /// Buffers of the booked event, in minutes.
    pub buffer_before_minutes: u32,
    pub buffer_after_minutes: u32,
    /// A busy time from the host's external calendar (no event, no buffers of its own).
    pub external: bool,
    /// A time held for a visitor: it blocks like a booking (one seat of a group slot).
    pub held: bool,
}

struct Blocker {
    /// The booking widened by the buffers that apply between it and a candidate.
    padded_start: i64,
    padded_end: i64,
    start: i64,
    end: i64,
    same_event: bool,
    external: bool,
    held: bool,
}

pub(super) struct BusyIndex {
    /// Sorted by `padded_start`.
    blockers: Vec<Blocker>,
    longest: i64,
    /// Seats taken per start time by bookings of the event being booked, and how many of
    /// them are holds.
    seats_taken: BTreeMap<i64, (u32, u32)>,
}

impl BusyIndex {
    /// `before`/`after`: the candidate event's own buffers, in seconds. The gap required on
    /// each side is the larger of the two events' buffers facing each other.
    pub(super) fn new(
        busy: &[Busy],
        event_id: i64,
        before: i64,
        after: i64,
        capacity: u32,
    ) -> BusyIndex {
        let mut blockers: Vec<Blocker> = busy
            .iter()
            .map(|b| Blocker {
                padded_start: b.start - (i64::from(b.buffer_before_minutes) * MINUTE).max(after),
                padded_end: b.end + (i64::from(b.buffer_after_minutes) * MINUTE).max(before),
                start: b.start,
                end: b.end,
                same_event: !b.external && b.event_id == event_id,
                external: b.external,
                held: b.held,
            })
            .collect();
        // Stable sort: linear on the (usual) input already ordered by start time.
        blockers.sort_by_key(|b| b.padded_start);
        let longest = blockers
            .iter()
            .map(|b| b.padded_end - b.padded_start)
            .max()
            .unwrap_or(0);
        let mut seats_taken = BTreeMap::new();
        if capacity > 1 {
            for b in busy
                .iter()
                .filter(|b| !b.external && b.event_id == event_id)
            {
                let seats = seats_taken.entry(b.start).or_insert((0, 0));
                seats.0 += 1;
                seats.1 += u32::from(b.held);
            }
        }
        BusyIndex {
            blockers,
            longest,
            seats_taken,
        }
    }

    /// Free seats for `[start, end)`, or why there are none.
    pub(super) fn seats_free(&self, start: i64, end: i64, capacity: u32) -> Result<u32, Reason> {
        let upper = self.blockers.partition_point(|b| b.padded_start < end);
        self.seats_free_below(upper, start, end, capacity)
    }

    /// Like [`BusyIndex::seats_free`] for candidates in increasing order: `cursor` only moves
    /// forward, so a sweep over a day's slots costs no search per slot.
    pub(super) fn seats_free_sweep(
        &self,
        cursor: &mut usize,
        start: i64,
        end: i64,
        capacity: u32,
    ) -> Result<u32, Reason> {
        while *cursor < self.blockers.len() && self.blockers[*cursor].padded_start < end {
            *cursor += 1;
        }
        self.seats_free_below(*cursor, start, end, capacity)
    }

    /// The check against blockers `[..upper]`, those starting (padded) before `end`.
    fn seats_free_below(
        &self,
        upper: usize,
        start: i64,
        end: i64,
        capacity: u32,
    ) -> Result<u32, Reason> {
        let group = capacity > 1;
        let mut reason = None;
        for b in self.blockers[..upper].iter().rev() {
            if b.padded_start + self.longest <= start {
                break;
            }
            if b.padded_end <= start || (group && b.same_event && b.start == start) {
                continue;
            }
            if b.external {
                // The host's own calendar, its buffers included.
                return Err(Reason::Calendar);
            }
            if b.held {
                // Held for another visitor, its buffers included.
                return Err(Reason::Held);
            }
            if b.start < end && b.end > start {
                return Err(Reason::Overlap);
            }
            reason = Some(Reason::Buffer);
        }
        if let Some(reason) = reason {
            return Err(reason);
        }
        let (taken, held) = if group {
            self.seats_taken.get(&start).copied().unwrap_or((0, 0))
        } else {
            (0, 0)
        };
        if taken >= capacity {
            // Full only with holds counted: the held seats are why.
            Err(if taken - held < capacity {
                Reason::Held
            } else {
                Reason::Full
            })
        } else {
            Ok(capacity - taken)
        }
    }
}
