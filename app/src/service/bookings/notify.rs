//! Which messages a booking's change queues: the event's enabled email and SMS notifications
//! for that change, and its reminders. They are outbox items written in the transaction of the
//! change; reminders are items due before the meeting, dropped on cancel and moved on
//! reschedule. Messages to one recipient on one channel go out in order.

use crate::model::notifications::{KINDS, Notifications, ReminderTime, SmsNotifications, kind};
use crate::service::ServiceResult;
use crate::service::events::email_notifications;
use crate::service::events::sms_notifications;
use crate::service::outbox::{self, EMAIL_KIND, Message, Notice, Outgoing, SMS_KIND};
use crate::store::{Ex, reborrow};
/// A reminder is not queued when it would go out sooner than this after booking.
const REMINDER_MIN_LEAD_SECONDS: i64 = 120;

/// What happened to a booking, as far as its messages go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Booked and scheduled at once.
    Booked,
    /// Booked, awaiting the host's confirmation.
    Requested,
    /// A pending booking confirmed.
    Confirmed,
    Cancelled {
        by_host: bool,
    },
    Rejected,
    Rescheduled {
        by_host: bool,
    },
}

impl Change {
    /// The notification keys this change sends.
    fn keys(self) -> &'static [&'static str] {
        match self {
            Change::Booked | Change::Confirmed => &["booking_conf_attendee", "booking_conf_host"],
            Change::Requested => &["booking_request_attendee", "booking_request_host"],
            Change::Cancelled { by_host: true } => &["cancelled_by_host"],
            Change::Cancelled { by_host: false } => &["cancelled_by_attendee"],
            Change::Rejected => &["declined_by_host"],
            Change::Rescheduled { by_host: true } => &["rescheduled_by_host"],
            Change::Rescheduled { by_host: false } => &["rescheduled_by_attendee"],
        }
    }

    /// Whether the booking is scheduled afterwards, so reminders apply.
    fn schedules(self) -> bool {
        matches!(
            self,
            Change::Booked | Change::Confirmed | Change::Rescheduled { .. }
        )
    }
}

/// An event's notifications on both channels.
#[derive(Debug, Clone)]
pub struct EventNotifications {
    pub email: Notifications,
    pub sms: SmsNotifications,
}

impl EventNotifications {
    /// (enabled, reminder times) of `key` on the channel of outbox kind `channel`.
    fn wanted(&self, channel: &str, key: &str) -> Option<(bool, &[ReminderTime])> {
        match channel {
            EMAIL_KIND => self
                .email
                .get(key)
                .map(|n| (n.enabled, n.email.times.as_deref().unwrap_or_default())),
            _ => self
                .sms
                .get(key)
                .map(|n| (n.enabled, n.sms.times.as_deref().unwrap_or_default())),
        }
    }

    /// Whether any SMS to the attendee is switched on (their number must then be usable).
    pub fn texts_attendee(&self) -> bool {
        self.sms.values().any(|n| n.enabled && !n.is_host)
    }
}

impl EventNotifications {
    /// From an event's stored documents (`events::all_meta`), defaults where none is stored.
    pub fn from_meta(meta: &[(String, String)]) -> EventNotifications {
        let stored = |key: &str| meta.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
        EventNotifications {
            email: email_notifications::merged(stored(email_notifications::META_KEY)),
            sms: sms_notifications::merged(stored(sms_notifications::META_KEY)),
        }
    }
}

/// Both channels' notifications of an event, in one read.
pub async fn load(ex: Ex<'_>, event_id: i64) -> ServiceResult<EventNotifications> {
    let meta = crate::store::events::all_meta(ex, event_id).await?;
    Ok(EventNotifications::from_meta(&meta))
}

/// The messages of `change` for one booking starting at `start`; reminders closer than two
/// minutes to `now` are left out.
pub fn plan(
    all: &EventNotifications,
    change: Change,
    booking_id: i64,
    start: i64,
    now: i64,
) -> Vec<Outgoing> {
    let mut items = Vec::new();
    for channel in [EMAIL_KIND, SMS_KIND] {
        let on_channel = |notice: Notice| match channel {
            EMAIL_KIND => Message::Email(notice),
            _ => Message::Sms(notice),
        };
        for key in change.keys() {
            if !all.wanted(channel, key).is_some_and(|(on, _)| on) {
                continue;
            }
            let Some(kind) = kind(key) else { continue };
            let notice = Notice {
                template: (*key).to_string(),
                booking_id,
                to: kind.audience.as_str().to_string(),
                start_time: None,
            };
            items.push(Outgoing::about(booking_id, on_channel(notice)));
        }
        if !change.schedules() {
            continue;
        }
        for kind in KINDS.iter().filter(|k| k.reminder) {
            let Some((true, times)) = all.wanted(channel, kind.key) else {
                continue;
            };
            let mut dues: Vec<i64> = times
                .iter()
                .map(|t| start - t.seconds())
                .filter(|due| *due > now + REMINDER_MIN_LEAD_SECONDS)
                .collect();
            dues.sort_unstable();
            dues.dedup();
            for due in dues {
                let notice = Notice {
                    template: kind.key.to_string(),
                    booking_id,
                    to: kind.audience.as_str().to_string(),
                    start_time: Some(start),
                };
                items.push(Outgoing {
                    message: on_channel(notice),
                    booking_id: Some(booking_id),
                    due_at: Some(due),
                });
            }
        }
    }
    items
}

/// Queues the messages of `change` to stored bookings of one event starting at `start` (a
/// booking, or the seats of a group slot) in the caller's transaction: drops their unsent
/// reminders when they are no longer scheduled or have moved, and queues the new ones. The
/// event's notifications are read once.
pub async fn queue(
    mut ex: Ex<'_>,
    event_id: i64,
    booking_ids: &[i64],
    start: i64,
    change: Change,
    now: i64,
) -> ServiceResult<()> {
    let all = load(reborrow(&mut ex), event_id).await?;
    for &booking_id in booking_ids {
        if !matches!(change, Change::Booked | Change::Requested) {
            crate::store::outbox::drop_reminders(reborrow(&mut ex), booking_id).await?;
        }
        let planned = plan(&all, change, booking_id, start, now);
        outbox::enqueue_all(reborrow(&mut ex), &planned).await?;
    }
    Ok(())
}

/// Queues email notification `key` about a booking once more ("Resend" on the booking),
/// whether or not it is enabled: the host asked for it.
pub async fn resend(ex: Ex<'_>, booking_id: i64, key: &str) -> ServiceResult<()> {
    let to = kind(key).map_or("attendee", |k| k.audience.as_str());
    let notice = Notice {
        template: key.to_string(),
        booking_id,
        to: to.to_string(),
        start_time: None,
    };
    outbox::enqueue(ex, &Outgoing::about(booking_id, Message::Email(notice))).await
}

/// A notification's key from an outbox payload's `template`, also for items queued by earlier
/// versions (which named the email, not the notification).
pub fn key_of(template: &str, to: &str) -> Option<&'static str> {
    let host = to == "host";
    let key = match template {
        "booking_confirmation" if host => "booking_conf_host",
        "booking_confirmation" => "booking_conf_attendee",
        "approval_request" if host => "booking_request_host",
        "approval_request" => "booking_request_attendee",
        "booking_cancelled" if host => "cancelled_by_attendee",
        "booking_cancelled" => "cancelled_by_host",
        "booking_rejected" => "declined_by_host",
        "booking_rescheduled" if host => "rescheduled_by_attendee",
        "booking_rescheduled" => "rescheduled_by_host",
        other => other,
    };
    kind(key).map(|k| k.key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::notifications::{ReminderUnit, defaults, sms_defaults};
    use crate::store::outbox::NewItem;

    /// The rows [`plan`] stores.
    fn planned(
        all: &EventNotifications,
        change: Change,
        booking_id: i64,
        start: i64,
        now: i64,
    ) -> Vec<NewItem<'static>> {
        plan(all, change, booking_id, start, now)
            .iter()
            .map(Outgoing::item)
            .collect()
    }

    fn with_reminders(times: &[(ReminderUnit, i64)]) -> EventNotifications {
        let mut email = defaults();
        for key in ["reminder_to_attendee", "reminder_to_host"] {
            let n = email.get_mut(key).expect("key");
            n.enabled = true;
            n.email.times = Some(
                times
                    .iter()
                    .map(|(unit, value)| ReminderTime {
                        unit: *unit,
                        value: *value,
                    })
                    .collect(),
            );
        }
        EventNotifications {
            email,
            sms: sms_defaults(),
        }
    }

    #[test]
    fn a_booking_queues_both_confirmations_and_its_reminders_at_their_times() {
        let all = with_reminders(&[(ReminderUnit::Hours, 1), (ReminderUnit::Days, 1)]);
        let start = 1_800_000_000;
        let items = planned(&all, Change::Booked, 7, start, start - 3 * 86_400);
        let emails: Vec<&str> = items
            .iter()
            .filter(|i| i.purpose.is_none())
            .map(|i| i.payload.as_str())
            .collect();
        assert_eq!(
            emails,
            [
                r#"{"template":"booking_conf_attendee","booking_id":7,"to":"attendee"}"#,
                r#"{"template":"booking_conf_host","booking_id":7,"to":"host"}"#
            ]
        );
        let mut dues: Vec<i64> = items.iter().filter_map(|i| i.due_at).collect();
        dues.sort_unstable();
        assert_eq!(
            dues,
            [start - 86_400, start - 86_400, start - 3600, start - 3600]
        );
        assert!(
            items.iter().all(|i| i.kind == EMAIL_KIND),
            "SMS are off by default"
        );
    }

    #[test]
    fn reminders_already_past_or_too_close_are_skipped() {
        let all = with_reminders(&[(ReminderUnit::Minutes, 15), (ReminderUnit::Days, 1)]);
        let start = 1_800_000_000;
        // Booked 10 hours ahead: the day-before reminder is past, the 15-minute one is not.
        let items = planned(&all, Change::Booked, 1, start, start - 10 * 3600);
        let dues: Vec<i64> = items.iter().filter_map(|i| i.due_at).collect();
        assert_eq!(dues, [start - 900, start - 900]);
        // Booked 16 minutes ahead: a reminder a minute from now is not worth sending.
        let items = planned(&all, Change::Booked, 1, start, start - 16 * 60);
        assert!(items.iter().all(|i| i.due_at.is_none()));
    }

    #[test]
    fn disabled_notifications_queue_nothing_and_pending_bookings_get_no_reminders() {
        let mut all = with_reminders(&[(ReminderUnit::Hours, 1)]);
        all.email.get_mut("booking_conf_host").expect("key").enabled = false;
        let items = planned(&all, Change::Booked, 1, 1_800_000_000, 0);
        assert!(
            !items
                .iter()
                .any(|i| i.payload.contains("booking_conf_host"))
        );
        let items = planned(&all, Change::Requested, 1, 1_800_000_000, 0);
        assert!(items.iter().all(|i| i.purpose.is_none()) && items.len() == 2);
        let items = planned(
            &all,
            Change::Cancelled { by_host: true },
            1,
            1_800_000_000,
            0,
        );
        assert_eq!(items.len(), 1);
        assert!(
            items[0].payload.contains("cancelled_by_host") && items[0].payload.contains("attendee")
        );
    }

    #[test]
    fn enabled_texts_are_queued_on_their_own_channel_and_sequence() {
        let mut all = with_reminders(&[]);
        let sms = all.sms.get_mut("booking_conf_attendee").expect("key");
        sms.enabled = true;
        let reminder = all.sms.get_mut("reminder_to_attendee").expect("key");
        reminder.enabled = true;
        let items = planned(&all, Change::Booked, 9, 1_800_000_000, 0);
        let texts: Vec<&NewItem> = items.iter().filter(|i| i.kind == SMS_KIND).collect();
        assert_eq!(texts.len(), 2, "{items:?}");
        assert_eq!(texts[0].sequence_key.as_deref(), Some("sms:9:attendee"));
        assert_eq!(texts[1].due_at, Some(1_800_000_000 - 15 * 60));
    }

    #[test]
    fn earlier_payload_names_map_to_notification_keys() {
        assert_eq!(
            key_of("booking_confirmation", "host"),
            Some("booking_conf_host")
        );
        assert_eq!(
            key_of("booking_cancelled", "attendee"),
            Some("cancelled_by_host")
        );
        assert_eq!(key_of("reminder_to_host", "host"), Some("reminder_to_host"));
        assert_eq!(key_of("nonsense", "host"), None);
    }
}
