//! The bookings desk: one booking's detail page and the changes a host makes from it or from
//! the list.

use serde::{Deserialize, Serialize};

use crate::domain::values::BookingStatus;

/// A change a host asks for on one booking (the detail page's buttons and forms).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeskAction {
    Confirm,
    Reject {
        reason: String,
    },
    Cancel {
        reason: String,
        /// Refund the paid order too ("Refund the payment").
        refund: bool,
        /// A series member: this and every later open occurrence ("Cancel this and later
        /// dates").
        following: bool,
    },
    NoShow,
    Complete,
    SaveNote {
        note: String,
    },
    ResendConfirmation,
    /// The attendee paid (offline): the order and booking are marked paid.
    MarkPaid,
    /// Sends a failed email, text or webhook again (`delivery` names it).
    RetryDelivery {
        delivery: i64,
    },
    /// Moves the booking to `date` `time` (`YYYY-MM-DD`, `HH:MM`) in the host's zone.
    Reschedule {
        date: String,
        time: String,
        reason: String,
    },
}

/// The status changes offered as buttons: (action name, the status it sets, button text).
pub const STATUS_ACTIONS: [(&str, BookingStatus, &str); 5] = [
    ("confirm", BookingStatus::Scheduled, "Confirm"),
    ("reject", BookingStatus::Rejected, "Reject"),
    ("cancel", BookingStatus::Cancelled, "Cancel booking"),
    ("no_show", BookingStatus::NoShow, "Mark as no-show"),
    ("complete", BookingStatus::Completed, "Mark as completed"),
];

impl DeskAction {
    /// Reads a posted form: `action` names the change, the other fields carry its input.
    /// `None` for an unknown action.
    pub fn from_form<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Option<Self> {
        let mut action = "";
        let (mut reason, mut note, mut date, mut time) =
            (String::new(), String::new(), String::new(), String::new());
        let (mut refund, mut delivery) = (false, 0);
        for (key, value) in pairs {
            match key {
                "action" => action = value,
                "reason" => reason = value.to_string(),
                "note" => note = value.to_string(),
                "date" => date = value.to_string(),
                "time" => time = value.to_string(),
                "refund" => refund = value == "on",
                "delivery" => delivery = value.parse().unwrap_or(0),
                _ => {}
            }
        }
        Some(match action {
            "confirm" => DeskAction::Confirm,
            "reject" => DeskAction::Reject { reason },
            "cancel" => DeskAction::Cancel {
                reason,
                refund,
                following: false,
            },
            "cancel_following" => DeskAction::Cancel {
                reason,
                refund,
                following: true,
            },
            "no_show" => DeskAction::NoShow,
            "complete" => DeskAction::Complete,
            "note" => DeskAction::SaveNote { note },
            "resend" => DeskAction::ResendConfirmation,
            "paid" => DeskAction::MarkPaid,
            "retry" => DeskAction::RetryDelivery { delivery },
            "reschedule" => DeskAction::Reschedule { date, time, reason },
            _ => return None,
        })
    }

    /// The status this action sets, for the status changes.
    pub fn target_status(&self) -> Option<BookingStatus> {
        Some(match self {
            DeskAction::Confirm => BookingStatus::Scheduled,
            DeskAction::Reject { .. } => BookingStatus::Rejected,
            DeskAction::Cancel { .. } => BookingStatus::Cancelled,
            DeskAction::NoShow => BookingStatus::NoShow,
            DeskAction::Complete => BookingStatus::Completed,
            _ => return None,
        })
    }

    /// What the page says once the change is made.
    pub fn done_message(&self) -> &'static str {
        match self {
            DeskAction::Confirm => "Booking confirmed.",
            DeskAction::Reject { .. } => "Booking rejected.",
            DeskAction::Cancel { .. } => "Booking cancelled.",
            DeskAction::NoShow => "Marked as no-show.",
            DeskAction::Complete => "Marked as completed.",
            DeskAction::SaveNote { .. } => "Note saved.",
            DeskAction::ResendConfirmation => "The confirmation email is on its way.",
            DeskAction::MarkPaid => "Marked as paid.",
            DeskAction::RetryDelivery { .. } => "Queued to be sent again.",
            DeskAction::Reschedule { .. } => "Booking moved to the new time.",
        }
    }

    /// The `done=` value of the address the page is sent to after the change.
    pub fn done_key(&self) -> &'static str {
        match self {
            DeskAction::Confirm => "confirm",
            DeskAction::Reject { .. } => "reject",
            DeskAction::Cancel { .. } => "cancel",
            DeskAction::NoShow => "no_show",
            DeskAction::Complete => "complete",
            DeskAction::SaveNote { .. } => "note",
            DeskAction::ResendConfirmation => "resend",
            DeskAction::MarkPaid => "paid",
            DeskAction::RetryDelivery { .. } => "retry",
            DeskAction::Reschedule { .. } => "reschedule",
        }
    }

    /// The action a `done=` value names (only to pick its message).
    pub fn from_done_key(key: &str) -> Option<DeskAction> {
        DeskAction::from_form([("action", key)])
    }
}

/// One line of the activity timeline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActivityLine {
    /// "Tuesday 24 November 2026, 9:03am" in the host's zone.
    pub when: String,
    /// `YYYY-MM-DDTHH:MM:SSZ`, for `<time datetime>`.
    pub at: String,
    pub title: String,
    pub description: String,
}

/// A person on the booking besides the attendee (group seats and invited guests).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Guest {
    pub name: String,
    pub email: String,
}

/// `/admin/bookings/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BookingDetail {
    pub id: i64,
    pub attendee: String,
    pub email: String,
    pub phone: String,
    pub event: String,
    pub calendar: String,
    pub host: String,
    /// `scheduled`, `pending`, ... and its words ("Scheduled").
    pub status: String,
    pub status_label: String,
    /// The time in the host's zone, and that zone ("Europe/Berlin, UTC+01:00").
    pub when_host: String,
    pub host_zone: String,
    /// The same time in the attendee's zone, when it differs from the host's.
    pub when_attendee: Option<String>,
    pub attendee_zone: String,
    pub location: String,
    /// "Paid (stripe)", or empty without payment.
    pub payment: String,
    /// Where the booking came from (`web`, `admin`, `api`, ...) and the page it was made on.
    pub source: String,
    pub message: String,
    /// Every booking field with an answer: (label, answer).
    pub answers: Vec<(String, String)>,
    pub guests: Vec<Guest>,
    pub internal_note: String,
    /// The status buttons this status allows: (action name, button text).
    pub actions: Vec<(String, String)>,
    /// Whether the booking can still move to another time.
    pub may_reschedule: bool,
    /// The date whose offered times are listed for the reschedule form (`YYYY-MM-DD`).
    pub reschedule_date: String,
    /// The offered start times of that date, `HH:MM` in the host's zone, with their labels.
    pub reschedule_times: Vec<(String, String)>,
    pub activities: Vec<ActivityLine>,
    /// The payment awaits the host's "Mark as paid".
    pub payment_pending: bool,
    /// The booking was paid: cancelling may refund it.
    pub paid: bool,
    /// Emails, texts and webhooks that failed for good: (delivery id, what it was, why).
    pub failed_deliveries: Vec<(i64, String, String)>,
    /// A series member's occurrences: (label in the host's zone, detail page, cancelled),
    /// the page's own with an empty link.
    pub series: Vec<(String, String, bool)>,
}

/// What a posted desk form left behind when it was refused: shown on the page rendered again.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DeskNotice {
    /// The refusal, as the REST route words it.
    pub error: Option<String>,
    /// The typed note, kept when saving it failed.
    pub note: Option<String>,
}

/// The outcome of a bulk change of the bookings list: per booking, done or why not.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BulkOutcome {
    /// (booking id, attendee) of the changed bookings.
    pub done: Vec<(i64, String)>,
    /// (booking id, attendee, reason) of the refused ones.
    pub refused: Vec<(i64, String, String)>,
    /// Why nothing was tried (no selection, an expired form).
    pub error: Option<String>,
}

/// `/admin/waitlist` (DESIGN 2.12): the waitlists of the caller's events, one event or all,
/// one date or from today on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct WaitlistDesk {
    /// The events with a waitlist the caller manages: (id, "Calendar · Event").
    pub events: Vec<(i64, String)>,
    pub event: Option<i64>,
    /// `YYYY-MM-DD` (the host's zone), or empty for every date from today.
    pub date: String,
    pub zone_label: String,
    pub rows: Vec<WaitlistDeskRow>,
    /// "Waitlist entry has been removed", after a removal.
    pub done: Option<String>,
}

/// One entry as the desk lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WaitlistDeskRow {
    pub id: i64,
    pub calendar_id: i64,
    pub event_id: i64,
    pub event_title: String,
    /// "Mon 14 Dec 2026, 9:00am" in the host's zone.
    pub when: String,
    pub name: String,
    pub email: String,
    pub status: String,
    pub position: Option<i64>,
    /// Still on the list (waiting or offered): the row has "Remove".
    pub open: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn posted_forms_name_their_change_and_unknown_ones_are_refused() {
        assert_eq!(
            DeskAction::from_form([("action", "cancel"), ("reason", "Ill")]),
            Some(DeskAction::Cancel {
                reason: "Ill".into(),
                refund: false,
                following: false,
            })
        );
        assert_eq!(
            DeskAction::from_form([("action", "retry"), ("delivery", "42")]),
            Some(DeskAction::RetryDelivery { delivery: 42 })
        );
        assert_eq!(
            DeskAction::from_form([
                ("action", "reschedule"),
                ("date", "2026-12-01"),
                ("time", "09:30")
            ]),
            Some(DeskAction::Reschedule {
                date: "2026-12-01".into(),
                time: "09:30".into(),
                reason: String::new()
            })
        );
        assert_eq!(DeskAction::from_form([("action", "delete")]), None);
        assert_eq!(DeskAction::from_form([("reason", "x")]), None);
    }

    #[test]
    fn each_status_button_sets_the_status_its_action_names() {
        for (name, status, _) in STATUS_ACTIONS {
            let action = DeskAction::from_form([("action", name)]).expect(name);
            assert_eq!(action.target_status(), Some(status));
            assert_eq!(action.done_key(), name);
            assert_eq!(DeskAction::from_done_key(name), Some(action));
        }
        assert_eq!(DeskAction::ResendConfirmation.target_status(), None);
    }
}
