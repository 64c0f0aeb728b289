//! An event's email notifications (`GET/POST …/email-notifications`): which emails a booking's
//! changes send, to whom, with what subject and body (smart codes filled in when sent), and
//! when reminders go out. Keys, titles and default subjects are the reference plugin's.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Who an email goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Attendee,
    Host,
}

impl Audience {
    /// The outbox's name for it (`to` in a payload).
    pub fn as_str(self) -> &'static str {
        match self {
            Audience::Attendee => "attendee",
            Audience::Host => "host",
        }
    }
}

/// One notification key: (key, audience, title, default subject, whether it is a reminder).
pub struct Kind {
    pub key: &'static str,
    pub audience: Audience,
    pub title: &'static str,
    pub subject: &'static str,
    pub reminder: bool,
}

/// Every email notification, in the order the editor lists them.
pub const KINDS: [Kind; 11] = [
    Kind {
        key: "booking_conf_attendee",
        audience: Audience::Attendee,
        title: "Booking Confirmation Email to Attendee",
        subject: "Booking Confirmation between {{host.name}} & {{guest.full_name}}",
        reminder: false,
    },
    Kind {
        key: "booking_conf_host",
        audience: Audience::Host,
        title: "Booking Confirmation Email to Organizer (You)",
        subject: "New Booking: {{guest.full_name}} @ {{booking.start_date_time_for_host}}",
        reminder: false,
    },
    Kind {
        key: "reminder_to_attendee",
        audience: Audience::Attendee,
        title: "Configure Meeting Reminder to Attendee",
        subject: "Meeting Reminder with {{host.name}} @ {{booking.start_date_time_for_attendee}}",
        reminder: true,
    },
    Kind {
        key: "reminder_to_host",
        audience: Audience::Host,
        title: "Configure Meeting Reminder to Organizer (You)",
        subject: "Meeting Reminder with {{guest.full_name}} @ {{booking.start_date_time_for_host}}",
        reminder: true,
    },
    Kind {
        key: "cancelled_by_attendee",
        audience: Audience::Host,
        title: "Booking Cancelled by Attendee (email to Organizer)",
        subject: "A booking was cancelled with {{guest.full_name}}",
        reminder: false,
    },
    Kind {
        key: "cancelled_by_host",
        audience: Audience::Attendee,
        title: "Booking Cancelled by Organizer (email to Attendee)",
        subject: "Your booking was cancelled with {{host.name}}",
        reminder: false,
    },
    Kind {
        key: "rescheduled_by_attendee",
        audience: Audience::Host,
        title: "Booking Rescheduled by Attendee (email to Organizer)",
        subject: "A booking was rescheduled with {{guest.full_name}}",
        reminder: false,
    },
    Kind {
        key: "rescheduled_by_host",
        audience: Audience::Attendee,
        title: "Booking Rescheduled by Organizer (email to Attendee)",
        subject: "Your booking was rescheduled with {{host.name}}",
        reminder: false,
    },
    Kind {
        key: "booking_request_host",
        audience: Audience::Host,
        title: "Booking Approval Request to Host (email to Organizer)",
        subject: "Awaiting Approval: {{guest.full_name}} @ {{booking.start_date_time_for_host}}",
        reminder: false,
    },
    Kind {
        key: "booking_request_attendee",
        audience: Audience::Attendee,
        title: "Booking Submission Confirmation (email to Attendee)",
        subject: "Booking Submitted: Meeting between {{host.name}} & {{guest.full_name}}",
        reminder: false,
    },
    Kind {
        key: "declined_by_host",
        audience: Audience::Attendee,
        title: "Booking Declined by Organizer (email to Attendee)",
        subject: "Booking Declined: Your booking was declined with {{host.name}}",
        reminder: false,
    },
];

/// The notification `key`, if it is one.
pub fn kind(key: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.key == key)
}

/// When a reminder goes out: `value` `unit`s before the start.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReminderTime {
    pub unit: ReminderUnit,
    pub value: i64,
}

#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReminderUnit {
    Minutes,
    Hours,
    Days,
}

impl ReminderUnit {
    /// The unit as the REST body and the form write it: `minutes`, `hours`, `days`.
    pub fn as_str(self) -> &'static str {
        match self {
            ReminderUnit::Minutes => "minutes",
            ReminderUnit::Hours => "hours",
            ReminderUnit::Days => "days",
        }
    }

    pub fn parse(text: &str) -> Option<ReminderUnit> {
        [
            ReminderUnit::Minutes,
            ReminderUnit::Hours,
            ReminderUnit::Days,
        ]
        .into_iter()
        .find(|unit| unit.as_str() == text)
    }
}

impl ReminderTime {
    /// Seconds before the start.
    pub fn seconds(self) -> i64 {
        let unit = match self.unit {
            ReminderUnit::Minutes => 60,
            ReminderUnit::Hours => 3600,
            ReminderUnit::Days => 86_400,
        };
        self.value.saturating_mul(unit)
    }
}

/// The email of one notification.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmailTemplate {
    pub subject: String,
    /// Sanitised HTML with smart codes.
    pub body: String,
    /// Comma-separated addresses that get a blind copy (host-side emails).
    #[serde(default)]
    pub additional_recipients: String,
    /// Reminders only: when they go out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times: Option<Vec<ReminderTime>>,
}

/// One notification as stored and answered.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notification {
    pub title: String,
    pub enabled: bool,
    pub email: EmailTemplate,
    pub is_host: bool,
}

/// All of an event's notifications, by key (every key present).
pub type Notifications = BTreeMap<String, Notification>;

/// The default body of a notification: short, in plain words, with the links an attendee needs.
pub fn default_body(key: &str) -> &'static str {
    match key {
        "booking_conf_attendee" => {
            "<p>Hello {{guest.first_name}},</p><p>Your {{booking.event_name}} with {{host.name}} is confirmed.</p><p><strong>When:</strong> {{booking.full_start_end_guest_timezone}}<br><strong>Where:</strong> {{booking.location_details_text}}</p><p><a href=\"##booking.reschedule_url##\">Reschedule</a> or <a href=\"##booking.cancelation_url##\">cancel</a></p>"
        }
        "booking_conf_host" => {
            "<p>{{guest.full_name}} ({{guest.email}}) booked {{booking.event_name}} with you.</p><p><strong>When:</strong> {{booking.full_start_end_host_timezone}}</p><p>Note: {{guest.note}}</p><p><a href=\"##booking.admin_booking_url##\">Open the booking</a></p>"
        }
        "reminder_to_attendee" => {
            "<p>Hello {{guest.first_name}},</p><p>A reminder: your {{booking.event_name}} with {{host.name}} starts {{booking.full_start_end_guest_timezone}}.</p><p><strong>Where:</strong> {{booking.location_details_text}}</p><p><a href=\"##booking.reschedule_url##\">Reschedule</a> or <a href=\"##booking.cancelation_url##\">cancel</a></p>"
        }
        "reminder_to_host" => {
            "<p>A reminder: {{booking.event_name}} with {{guest.full_name}} starts {{booking.full_start_end_host_timezone}}.</p><p><a href=\"##booking.admin_booking_url##\">Open the booking</a></p>"
        }
        "cancelled_by_attendee" => {
            "<p>{{guest.full_name}} cancelled {{booking.event_name}} of {{booking.full_start_end_host_timezone}}.</p><p>Reason: {{booking.cancel_reason}}</p>"
        }
        "cancelled_by_host" => {
            "<p>Hello {{guest.first_name}},</p><p>{{host.name}} cancelled your {{booking.event_name}} of {{booking.full_start_end_guest_timezone}}.</p><p>Reason: {{booking.cancel_reason}}</p>"
        }
        "rescheduled_by_attendee" => {
            "<p>{{guest.full_name}} moved {{booking.event_name}} to {{booking.full_start_end_host_timezone}} (was {{booking.previous_meeting_date_time_host_timezone}}).</p><p>Reason: {{booking.reschedule_reason}}</p>"
        }
        "rescheduled_by_host" => {
            "<p>Hello {{guest.first_name}},</p><p>{{host.name}} moved your {{booking.event_name}} to {{booking.full_start_end_guest_timezone}} (was {{booking.previous_meeting_date_time_guest_timezone}}).</p><p><a href=\"##booking.reschedule_url##\">Reschedule</a> or <a href=\"##booking.cancelation_url##\">cancel</a></p>"
        }
        "booking_request_host" => {
            "<p>{{guest.full_name}} ({{guest.email}}) asks to book {{booking.event_name}} on {{booking.full_start_end_host_timezone}}.</p><p><a href=\"##booking.booking_confirm_url##\">Confirm</a> or <a href=\"##booking.booking_reject_url##\">decline</a></p>"
        }
        "booking_request_attendee" => {
            "<p>Hello {{guest.first_name}},</p><p>Your request for {{booking.event_name}} with {{host.name}} on {{booking.full_start_end_guest_timezone}} awaits the host's confirmation. You will get an email either way.</p><p><a href=\"##booking.cancelation_url##\">Withdraw the request</a></p>"
        }
        "declined_by_host" => {
            "<p>Hello {{guest.first_name}},</p><p>{{host.name}} declined your request for {{booking.event_name}} on {{booking.full_start_end_guest_timezone}}.</p><p>Reason: {{booking.reject_reason}}</p>"
        }
        _ => "",
    }
}

/// The notification `key` as a new event has it.
pub fn default_notification(kind: &Kind) -> Notification {
    Notification {
        title: kind.title.to_string(),
        // Reminders are opt-in, as in the reference; every other email is on.
        enabled: !kind.reminder,
        email: EmailTemplate {
            subject: kind.subject.to_string(),
            body: default_body(kind.key).to_string(),
            additional_recipients: String::new(),
            times: kind.reminder.then(|| {
                vec![ReminderTime {
                    unit: ReminderUnit::Minutes,
                    value: 15,
                }]
            }),
        },
        is_host: kind.audience == Audience::Host,
    }
}

/// Every key with its default.
pub fn defaults() -> Notifications {
    KINDS
        .iter()
        .map(|k| (k.key.to_string(), default_notification(k)))
        .collect()
}

/// The text message of one SMS notification.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SmsTemplate {
    /// `phone` (an SMS; the only channel the gateway carries).
    pub send_to: String,
    /// Host-side messages: the number they go to, in international form (`+4930…`).
    #[serde(default)]
    pub number: String,
    /// Plain text with smart codes.
    pub body: String,
    /// Reminders only: when they go out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times: Option<Vec<ReminderTime>>,
}

/// One SMS notification as stored and answered (`…/sms-notifications`).
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SmsNotification {
    pub title: String,
    pub enabled: bool,
    pub sms: SmsTemplate,
    pub is_host: bool,
}

/// All of an event's SMS notifications, by key (every key present).
pub type SmsNotifications = BTreeMap<String, SmsNotification>;

/// `GET …/email-notifications`: every notification by key, and the smart codes their texts
/// may use.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EmailNotificationsAnswer {
    #[cfg_attr(feature = "ssr", schema(value_type = HashMap<String, Notification>))]
    pub notifications: Notifications,
    /// `[{title, shortcodes: {"{{code}}": label}}]`.
    #[cfg_attr(feature = "ssr", schema(value_type = Vec<Object>))]
    pub smart_codes: serde_json::Value,
}

/// `POST …/email-notifications/clone`: the notifications copied over this event's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct NotificationsCloned {
    #[cfg_attr(
        feature = "ssr",
        schema(example = "The Notification has been cloned successfully")
    )]
    pub message: String,
    #[cfg_attr(feature = "ssr", schema(value_type = HashMap<String, Notification>))]
    pub notifications: Notifications,
}

/// `GET …/sms-notifications`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct SmsNotificationsAnswer {
    #[cfg_attr(feature = "ssr", schema(value_type = HashMap<String, SmsNotification>))]
    pub notifications: SmsNotifications,
    #[cfg_attr(feature = "ssr", schema(value_type = Vec<Object>))]
    pub smart_codes: serde_json::Value,
}

/// The default text of an SMS notification: one short line with the essentials.
pub fn default_sms_body(key: &str) -> &'static str {
    match key {
        "booking_conf_attendee" => {
            "Confirmed: {{booking.event_name}} with {{host.name}}, {{booking.start_date_time_for_attendee}}. Change or cancel: ##booking.manage_url##"
        }
        "booking_conf_host" => {
            "New booking: {{guest.full_name}}, {{booking.event_name}}, {{booking.start_date_time_for_host}}"
        }
        "reminder_to_attendee" => {
            "Reminder: {{booking.event_name}} with {{host.name}}, {{booking.start_date_time_for_attendee}}"
        }
        "reminder_to_host" => {
            "Reminder: {{booking.event_name}} with {{guest.full_name}}, {{booking.start_date_time_for_host}}"
        }
        "cancelled_by_attendee" => {
            "{{guest.full_name}} cancelled {{booking.event_name}} of {{booking.start_date_time_for_host}}"
        }
        "cancelled_by_host" => {
            "{{host.name}} cancelled your {{booking.event_name}} of {{booking.start_date_time_for_attendee}}"
        }
        "rescheduled_by_attendee" => {
            "{{guest.full_name}} moved {{booking.event_name}} to {{booking.start_date_time_for_host}}"
        }
        "rescheduled_by_host" => {
            "{{host.name}} moved your {{booking.event_name}} to {{booking.start_date_time_for_attendee}}"
        }
        "booking_request_host" => {
            "{{guest.full_name}} asks to book {{booking.event_name}} on {{booking.start_date_time_for_host}}"
        }
        "booking_request_attendee" => {
            "Request sent: {{booking.event_name}} with {{host.name}}, {{booking.start_date_time_for_attendee}}. You will hear back."
        }
        "declined_by_host" => {
            "{{host.name}} declined your request for {{booking.event_name}} on {{booking.start_date_time_for_attendee}}"
        }
        _ => "",
    }
}

/// Every SMS key with its default: all off (texts cost money, so a host opts in).
pub fn sms_defaults() -> SmsNotifications {
    KINDS
        .iter()
        .map(|k| {
            let email = default_notification(k);
            let n = SmsNotification {
                title: k.title.replace("Email", "SMS").replace("email", "SMS"),
                enabled: false,
                sms: SmsTemplate {
                    send_to: "phone".into(),
                    number: String::new(),
                    body: default_sms_body(k.key).into(),
                    times: email.email.times,
                },
                is_host: email.is_host,
            };
            (k.key.to_string(), n)
        })
        .collect()
}
