//! The command every way in builds to book: the REST body (`input::bookings`), the posted
//! booking form (`pages::public::submit`) and the demo data. Each value is already of its type;
//! what depends on the event (required fields, the offered locations, the custom fields) is
//! checked by the use case against the event's form (`form::check`).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::domain::validation::FieldErrors;
use crate::domain::values::{BookingSource, BookingStatus};

/// One booking asked for, as typed by the attendee (or a host booking for them).
#[derive(Debug, Clone, Default)]
pub struct NewBooking {
    pub name: String,
    pub email: String,
    /// The IANA zone `event_time` is in, as given (checked with the form).
    pub timezone: String,
    /// The wall-clock start in `timezone`; `None` when none was chosen.
    pub event_time: Option<chrono::NaiveDateTime>,
    pub message: String,
    pub phone_number: String,
    pub address: String,
    pub location_type: Option<String>,
    pub location_description: String,
    pub guests: Vec<GuestEntry>,
    /// The answers to the event's own fields, by field name.
    pub custom_fields: BTreeMap<String, Answer>,
    pub duration: Option<i64>,
    /// The page the booking came from (embeds), or empty.
    pub source_url: String,
    pub payment_method: Option<String>,
    /// What only a host of the event may choose; ignored for anyone else.
    pub asked: HostRequest,
    /// `recurring_count`: how many occurrences of a series (`None`: one booking).
    pub recurring_count: Option<i64>,
    /// `hold`: the token of the attendee's own hold of this time, if any.
    pub hold: Option<String>,
    /// `private_link`: the token of the private link the booking goes through, if any.
    pub private_link: Option<String>,
    /// `altcha`: ALTCHA's solution (base64 JSON), while the site asks for a proof of work.
    pub altcha: Option<String>,
    /// `privacy_consent`: the attendee ticked the privacy notice (asked of the public only
    /// while the site requires consent).
    pub privacy_consent: Option<bool>,
    /// `language` (DESIGN 2.9): the language asked for; `None` when not given.
    pub language: Option<crate::domain::language::Lang>,
    /// The language the request's `Accept-Language` names, the first fallback when
    /// `language` is not given (then the calendar's).
    pub accept_language: Option<crate::domain::language::Lang>,
    /// The honeypot (`website`): hidden from people, so anything in it was typed by a robot.
    pub website: String,
    /// What the way in could not read (a wrong type, a malformed time), refused together with
    /// what the form's check finds, so one answer names every field at fault.
    pub unreadable: FieldErrors,
}

/// `status`, `source` and `host_user_id` as asked for; they count only from a host.
#[derive(Debug, Clone, Copy, Default)]
pub struct HostRequest {
    pub status: Option<BookingStatus>,
    pub source: Option<BookingSource>,
    pub host_user_id: Option<i64>,
}

/// A guest as given: a bare address (one-to-one events), a name with an address (a seat of a
/// group event), or something that is neither.
#[derive(Debug, Clone, PartialEq)]
pub enum GuestEntry {
    Address(String),
    Person { name: String, email: String },
    Unreadable,
}

/// An answer to a custom field. It is stored and answered as it was given (JSON on the wire),
/// so each kind keeps its own shape.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Answer {
    Text(String),
    Number(serde_json::Number),
    Flag(bool),
    Choices(Vec<String>),
    /// Left empty (`null`).
    Empty,
    /// A shape no field takes (an object, a list of non-texts): kept out of storage.
    #[serde(serialize_with = "as_null")]
    Unreadable,
}

fn as_null<S: serde::Serializer>(serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_none()
}

/// An answer as JSON carries it (a REST body, or the answers stored with a booking).
impl From<serde_json::Value> for Answer {
    fn from(value: serde_json::Value) -> Answer {
        use serde_json::Value;
        match value {
            Value::Null => Answer::Empty,
            Value::String(text) => Answer::Text(text),
            Value::Number(n) => Answer::Number(n),
            Value::Bool(b) => Answer::Flag(b),
            Value::Array(items) => items
                .into_iter()
                .map(|i| match i {
                    Value::String(text) => Some(text),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()
                .map_or(Answer::Unreadable, Answer::Choices),
            Value::Object(_) => Answer::Unreadable,
        }
    }
}

impl Answer {
    /// The answer as a host reads it: ticks as Yes/No, choices joined, nothing when empty.
    pub fn as_reading(&self) -> String {
        match self {
            Answer::Empty | Answer::Unreadable => String::new(),
            Answer::Flag(true) => "Yes".into(),
            Answer::Flag(false) => "No".into(),
            Answer::Text(text) => text.trim().to_string(),
            Answer::Number(n) => n.to_string(),
            Answer::Choices(items) => items
                .iter()
                .map(|i| i.trim())
                .filter(|i| !i.is_empty())
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// The answer as text; empty for every other kind.
    pub fn text(&self) -> &str {
        match self {
            Answer::Text(text) => text,
            _ => "",
        }
    }

    /// Whether nothing was answered: no value, blank text, no choice, or an unticked box.
    pub fn is_empty(&self) -> bool {
        match self {
            Answer::Empty => true,
            Answer::Text(text) => text.trim().is_empty(),
            Answer::Choices(items) => items.is_empty(),
            Answer::Flag(ticked) => !ticked,
            Answer::Number(_) | Answer::Unreadable => false,
        }
    }
}

impl NewBooking {
    /// The text rules of every way in (`domain::text`) on each text, under its field's name.
    pub fn check_text(&self, errors: &mut FieldErrors) {
        use crate::domain::text::{check_text, is_single_line};
        let one_line = [
            ("name", &self.name),
            ("email", &self.email),
            ("timezone", &self.timezone),
            ("phone_number", &self.phone_number),
            ("source_url", &self.source_url),
        ];
        for (field, text) in one_line {
            check_text(field, text, true, errors);
        }
        check_text("message", &self.message, false, errors);
        check_text("address", &self.address, false, errors);
        check_text(
            "location_description",
            &self.location_description,
            false,
            errors,
        );
        for (i, guest) in self.guests.iter().enumerate() {
            match guest {
                GuestEntry::Address(email) => {
                    check_text(&format!("guests.{i}"), email, true, errors)
                }
                GuestEntry::Person { name, email } => {
                    check_text(&format!("guests.{i}.name"), name, true, errors);
                    check_text(&format!("guests.{i}.email"), email, true, errors);
                }
                GuestEntry::Unreadable => {}
            }
        }
        for (key, answer) in &self.custom_fields {
            let field = format!("custom_fields.{key}");
            let one_line = is_single_line(key);
            match answer {
                Answer::Text(text) => check_text(&field, text, one_line, errors),
                Answer::Choices(items) => {
                    for (j, item) in items.iter().enumerate() {
                        check_text(&format!("{field}.{j}"), item, one_line, errors);
                    }
                }
                _ => {}
            }
        }
    }
}
