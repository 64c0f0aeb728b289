//! What the outbox carries, typed: every side effect a change queues is a [`Message`], and
//! every enqueue goes through this module, in the caller's transaction. The worker of each
//! kind reads its message back with [`Message::parse`]. A message names the booking it is
//! about by id; a booking being created is written first and its messages after, so no
//! payload is ever patched in SQL.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::service::ServiceResult;
use crate::store::Ex;
use crate::store::outbox::{self, NewItem};

/// Outbox kinds.
pub const EMAIL_KIND: &str = "email";
pub const SMS_KIND: &str = "sms";
pub const WEBHOOK_KIND: &str = "webhook";
pub const CALENDAR_WRITE_KIND: &str = "calendar_write";
pub const TEST_EMAIL_KIND: &str = "test_email";
pub const BOOKING_LINK_KIND: &str = "booking_link";
pub const WAITLIST_KIND: &str = "waitlist_email";
/// An item's `purpose` when it is a reminder.
pub const REMINDER: &str = "reminder";

/// A booking message by email or text: a notification, or a reminder planned for the
/// booking's `start_time` (dropped by the worker when the booking has moved since).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    /// The notification's key, such as `booking_conf_attendee`.
    pub template: String,
    pub booking_id: i64,
    /// `attendee` or `host`.
    pub to: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_time: Option<i64>,
}

/// A webhook delivery to one feed of an event. `body` is rendered when queued, so it reports
/// the booking as it was then; `message_id` stays the same across retries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WebhookDelivery {
    pub event_id: i64,
    pub integration_id: i64,
    /// 0 for a test delivery.
    pub booking_id: i64,
    pub trigger: String,
    /// Set on "Send test" deliveries only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub test: bool,
    pub message_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<Value>,
}

/// Make one host's destination calendar show a booking slot as it is at delivery.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CalendarWrite {
    pub host: i64,
    /// The slot's booking (a group slot's first attendee).
    pub slot: i64,
    pub uid: String,
}

/// A test email from the settings page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestEmail {
    pub to: String,
}

/// The link of an attendee's existing booking, sent when the event's per-attendee limit
/// refused another (the refusal itself shows nothing of it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookingLink {
    pub booking_id: i64,
    pub event_id: i64,
    /// The address the refused create gave (the booking's, in lower case).
    pub to: String,
}

/// An email to a waitlist entry (DESIGN 2.12): `joined` carries its leave link, `offered` its
/// claim link. The link's token is sealed with the server's key: the database never holds it
/// in the clear.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitlistMail {
    pub entry_id: i64,
    /// `joined` or `offered`.
    pub kind: String,
    pub token_sealed: String,
}

/// One side effect, by kind.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    Email(Notice),
    Sms(Notice),
    Webhook(WebhookDelivery),
    CalendarWrite(CalendarWrite),
    TestEmail(TestEmail),
    BookingLink(BookingLink),
    Waitlist(WaitlistMail),
}

/// A stored payload that does not read as its kind's message (an item of an unknown kind, or
/// written by hand).
#[derive(Debug, thiserror::Error)]
#[error("outbox item of kind {kind} does not hold a valid message: {reason}")]
pub struct UnreadableMessage {
    pub kind: String,
    pub reason: String,
}

impl Message {
    /// The outbox kind, which picks the worker's lane.
    pub fn kind(&self) -> &'static str {
        match self {
            Message::Email(_) => EMAIL_KIND,
            Message::Sms(_) => SMS_KIND,
            Message::Webhook(_) => WEBHOOK_KIND,
            Message::CalendarWrite(_) => CALENDAR_WRITE_KIND,
            Message::TestEmail(_) => TEST_EMAIL_KIND,
            Message::BookingLink(_) => BOOKING_LINK_KIND,
            Message::Waitlist(_) => WAITLIST_KIND,
        }
    }

    fn payload(&self) -> String {
        let text = match self {
            Message::Email(m) | Message::Sms(m) => serde_json::to_string(m),
            Message::Webhook(m) => serde_json::to_string(m),
            Message::CalendarWrite(m) => serde_json::to_string(m),
            Message::TestEmail(m) => serde_json::to_string(m),
            Message::BookingLink(m) => serde_json::to_string(m),
            Message::Waitlist(m) => serde_json::to_string(m),
        };
        // These types hold strings, numbers and JSON values only: serialising cannot fail.
        text.unwrap_or_default()
    }

    /// Items with the same key go out one after another, in the order they were queued:
    /// messages to one recipient on one channel, deliveries to one feed about one booking,
    /// writes of one slot to one host's calendar. Reminders and tests need no order.
    pub(crate) fn sequence_key(&self) -> Option<String> {
        match self {
            Message::Email(m) | Message::Sms(m) if m.start_time.is_none() => {
                Some(format!("{}:{}:{}", self.kind(), m.booking_id, m.to))
            }
            Message::Webhook(m) if !m.test => {
                Some(format!("webhook:{}:{}", m.booking_id, m.integration_id))
            }
            Message::CalendarWrite(m) => Some(format!("calendar:{}:{}", m.host, m.uid)),
            Message::BookingLink(m) => Some(format!("booking_link:{}:{}", m.event_id, m.to)),
            _ => None,
        }
    }

    /// Reads a stored item back.
    pub fn parse(kind: &str, payload: &str) -> Result<Message, UnreadableMessage> {
        let unreadable = |reason: String| UnreadableMessage {
            kind: kind.to_string(),
            reason,
        };
        let message = match kind {
            EMAIL_KIND => serde_json::from_str(payload).map(Message::Email),
            SMS_KIND => serde_json::from_str(payload).map(Message::Sms),
            WEBHOOK_KIND => serde_json::from_str(payload).map(Message::Webhook),
            CALENDAR_WRITE_KIND => serde_json::from_str(payload).map(Message::CalendarWrite),
            TEST_EMAIL_KIND => serde_json::from_str(payload).map(Message::TestEmail),
            BOOKING_LINK_KIND => serde_json::from_str(payload).map(Message::BookingLink),
            WAITLIST_KIND => serde_json::from_str(payload).map(Message::Waitlist),
            other => return Err(unreadable(format!("unknown kind {other}"))),
        };
        message.map_err(|e| unreadable(e.to_string()))
    }
}

/// A message with when it is due and the booking it belongs to (which lists it among the
/// booking's deliveries and drops its unsent reminders on cancel).
#[derive(Debug, Clone, PartialEq)]
pub struct Outgoing {
    pub message: Message,
    pub booking_id: Option<i64>,
    /// `None` = now.
    pub due_at: Option<i64>,
}

impl Outgoing {
    /// A message about a booking, due now.
    pub fn about(booking_id: i64, message: Message) -> Outgoing {
        Outgoing {
            message,
            booking_id: Some(booking_id),
            due_at: None,
        }
    }

    /// Whether it is a reminder (a notice planned for a start time).
    pub fn is_reminder(&self) -> bool {
        matches!(&self.message, Message::Email(m) | Message::Sms(m) if m.start_time.is_some())
    }

    /// The row to store.
    pub(crate) fn item(&self) -> NewItem<'static> {
        NewItem {
            kind: self.message.kind(),
            payload: self.message.payload(),
            booking_id: self.booking_id,
            sequence_key: self.message.sequence_key(),
            purpose: self.is_reminder().then_some(REMINDER),
            due_at: self.due_at,
        }
    }
}

/// Queues one message in the caller's transaction.
pub async fn enqueue(ex: Ex<'_>, outgoing: &Outgoing) -> ServiceResult<()> {
    outbox::enqueue(ex, &outgoing.item()).await?;
    Ok(())
}

/// Queues messages in the caller's transaction, in one statement.
pub async fn enqueue_all(ex: Ex<'_>, all: &[Outgoing]) -> ServiceResult<()> {
    if all.is_empty() {
        return Ok(());
    }
    let items: Vec<NewItem<'static>> = all.iter().map(Outgoing::item).collect();
    outbox::enqueue_many(ex, &items).await?;
    Ok(())
}

/// A message id receivers can drop duplicates by: `msg_` and 24 random hex digits.
pub fn new_message_id() -> String {
    let digits: String = rand::random::<[u8; 12]>()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("msg_{digits}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_keep_the_stored_shape_workers_and_older_items_share() {
        let notice = Notice {
            template: "booking_conf_host".into(),
            booking_id: 7,
            to: "host".into(),
            start_time: None,
        };
        let email = Outgoing::about(7, Message::Email(notice.clone()));
        let item = email.item();
        assert_eq!(
            item.payload,
            r#"{"template":"booking_conf_host","booking_id":7,"to":"host"}"#
        );
        assert_eq!(item.sequence_key.as_deref(), Some("email:7:host"));
        assert_eq!(item.purpose, None);

        let reminder = Outgoing {
            message: Message::Sms(Notice {
                start_time: Some(1_800_000_000),
                ..notice
            }),
            booking_id: Some(7),
            due_at: Some(1_799_996_400),
        };
        let item = reminder.item();
        assert_eq!(
            item.payload,
            r#"{"template":"booking_conf_host","booking_id":7,"to":"host","start_time":1800000000}"#
        );
        assert_eq!((item.kind, item.purpose), (SMS_KIND, Some(REMINDER)));
        assert_eq!(item.sequence_key, None, "reminders need no order");

        let write = Message::CalendarWrite(CalendarWrite {
            host: 3,
            slot: 9,
            uid: "u@x".into(),
        });
        assert_eq!(write.payload(), r#"{"host":3,"slot":9,"uid":"u@x"}"#);
        assert_eq!(write.sequence_key().as_deref(), Some("calendar:3:u@x"));
    }

    #[test]
    fn every_kind_reads_back_as_written_and_other_kinds_are_refused() {
        let all = [
            Message::Email(Notice {
                template: "reminder_to_host".into(),
                booking_id: 1,
                to: "host".into(),
                start_time: Some(5),
            }),
            Message::Webhook(WebhookDelivery {
                event_id: 1,
                integration_id: 2,
                booking_id: 0,
                trigger: "test".into(),
                test: true,
                message_id: new_message_id(),
                body: None,
            }),
            Message::TestEmail(TestEmail {
                to: "a@example.org".into(),
            }),
            Message::Waitlist(WaitlistMail {
                entry_id: 3,
                kind: "offered".into(),
                token_sealed: "sealed".into(),
            }),
        ];
        for message in all {
            let read = Message::parse(message.kind(), &message.payload()).expect("reads back");
            assert_eq!(read, message);
        }
        assert!(Message::parse("fax", "{}").is_err());
        assert!(Message::parse(EMAIL_KIND, r#"{"to":"host"}"#).is_err());
    }
}
