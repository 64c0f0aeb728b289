//! The booking asked for ([`NewBooking`]) checked against the event's form into an
//! [`Attendee`]: every field-named error is collected before anything is written. The rules of time itself are the guard's, not the form's.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::new_booking::{Answer, GuestEntry, NewBooking};
use crate::domain::validation::{FieldErrors, check_max_len};
use crate::domain::values::is_valid_email;
use crate::domain::zone::parse_zone;
use crate::model::booking::PrivacyConsent;
use crate::service::slots::{LoadedEvent, parse_local_datetime};
use crate::service::support::checks::is_http_url;
use crate::service::{ServiceError, ServiceResult};
use crate::store::booking_fields::FieldRow;

/// A guest of the booking: a seat of its own in a group event, else a copy of the invitation.
#[derive(Debug, Clone)]
pub struct Guest {
    pub name: String,
    pub email: String,
}

/// A parsed, valid booking request.
pub struct Attendee {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub zone: String,
    pub local_time: chrono::NaiveDateTime,
    pub message: String,
    pub phone: String,
    pub location: Value,
    pub guests: Vec<Guest>,
    pub custom: BTreeMap<String, Answer>,
    pub duration: Option<i64>,
    pub source_url: String,
    /// The privacy notice accepted on the form, when the site asked for it.
    pub privacy_consent: Option<PrivacyConsent>,
    /// The language it is booked in: asked, else the request's, else the calendar's.
    pub language: crate::domain::language::Lang,
}

/// Checks the booking asked for against the event's form. Nothing is written.
pub fn check(
    mut asked: NewBooking,
    loaded: &LoadedEvent,
    fields: &[FieldRow],
) -> ServiceResult<Attendee> {
    // Text no way in may take (a NUL, a control character) is refused before anything else.
    let mut bad_text = FieldErrors::new();
    asked.check_text(&mut bad_text);
    bad_text.into_result().map_err(ServiceError::invalid)?;
    let mut errors = std::mem::take(&mut asked.unreadable);
    check_identity(&asked, &mut errors);
    check_texts(&asked, loaded, &mut errors);
    let enabled = |name: &str| fields.iter().find(|x| x.name == name && x.enabled);
    if enabled("message").is_some_and(|x| x.required) && asked.message.trim().is_empty() {
        errors.add("message", "required", "This field is required");
    }
    let location = location(&asked, loaded, &mut errors);
    let guest_limit = enabled("guests").map(|g| {
        serde_json::from_str::<Value>(&g.config)
            .ok()
            .and_then(|c| c.get("limit").and_then(Value::as_i64))
            .unwrap_or(10)
    });
    let group = loaded.event().kind().is_group();
    let guests = guests(&asked.guests, guest_limit, group, &mut errors);
    check_custom_answers(&asked.custom_fields, fields, &mut errors);
    if !errors.is_empty() {
        return Err(ServiceError::Validation {
            message: "Please fill up the required data".into(),
            errors,
        });
    }
    let (first_name, last_name) = split_name(&asked.name);
    Ok(Attendee {
        first_name,
        last_name,
        email: asked.email.trim().to_string(),
        zone: asked.timezone.trim().to_string(),
        local_time: asked.event_time.unwrap_or_default(),
        message: asked.message,
        phone: asked.phone_number.trim().to_string(),
        location,
        guests,
        custom: asked.custom_fields,
        duration: asked.duration,
        source_url: asked.source_url,
        privacy_consent: None,
        language: asked
            .language
            .or(asked.accept_language)
            .or_else(|| crate::domain::language::Lang::from_code(&loaded.row.cal_language))
            .unwrap_or_default(),
    })
}

/// Name, email, time zone and wall-clock time: present and well-formed.
pub(crate) fn check_identity(asked: &NewBooking, errors: &mut FieldErrors) {
    let name = &asked.name;
    if name.trim().is_empty() && !errors.contains("name") {
        errors.add("name", "required", "Please enter attendee's name");
    }
    check_max_len(errors, "name", Some(name), 192);
    let email = asked.email.trim();
    if email.is_empty() && !errors.contains("email") {
        errors.add("email", "required", "Please enter attendee's email address");
    } else if !is_valid_email(email) && !errors.contains("email") {
        errors.add("email", "email", "Please provide a valid email address");
    }
    let zone = &asked.timezone;
    if zone.trim().is_empty() && !errors.contains("timezone") {
        errors.add("timezone", "required", "Please select the timezone");
    } else if parse_zone(zone).is_none() && !errors.contains("timezone") {
        errors.add(
            "timezone",
            "timezone",
            "The timezone must be a valid IANA time zone",
        );
    }
    if asked.event_time.is_none() && !errors.contains("event_time") {
        errors.add("event_time", "required", "Please select a date and time");
    }
}

/// The words of a malformed `event_time`.
pub const EVENT_TIME_FORMAT: &str = "The event_time must be YYYY-MM-DD HH:mm:ss";

/// `event_time`'s text as a wall-clock time; `None` with the error added when it is empty or
/// malformed (and not already refused as the wrong type).
pub fn local_event_time(
    time_text: &str,
    errors: &mut FieldErrors,
) -> Option<chrono::NaiveDateTime> {
    let local_time = parse_local_datetime(time_text).filter(|_| time_text.trim().len() > 10);
    if time_text.trim().is_empty() && !errors.contains("event_time") {
        errors.add("event_time", "required", "Please select a date and time");
    } else if local_time.is_none() && !errors.contains("event_time") {
        errors.add("event_time", "date_format", EVENT_TIME_FORMAT);
    }
    local_time
}

/// The message, contact details, duration and the page the booking came from.
fn check_texts(asked: &NewBooking, loaded: &LoadedEvent, errors: &mut FieldErrors) {
    check_max_len(errors, "message", Some(&asked.message), 5000);
    check_max_len(errors, "phone_number", Some(&asked.phone_number), 32);
    check_max_len(
        errors,
        "location_description",
        Some(&asked.location_description),
        1000,
    );
    let md = &loaded.settings.multi_duration;
    if let (Some(d), true) = (asked.duration, md.enabled)
        && !md.available_durations.contains(&d)
    {
        errors.add(
            "duration",
            "in",
            "The duration must be one of the event's durations",
        );
    }
    let source_url = &asked.source_url;
    check_max_len(errors, "source_url", Some(source_url), 2048);
    if !source_url.is_empty() && !is_http_url(source_url) {
        errors.add(
            "source_url",
            "url",
            "The source_url must be an http or https URL.",
        );
    }
}

/// The location: the attendee picks one when the event offers several; some need details.
fn location(asked: &NewBooking, loaded: &LoadedEvent, errors: &mut FieldErrors) -> Value {
    let offered: Vec<String> =
        serde_json::from_str::<Vec<Value>>(&loaded.event().location_settings)
            .unwrap_or_default()
            .iter()
            .filter_map(|l| l.get("type").and_then(Value::as_str).map(str::to_string))
            .collect();
    let chosen = match asked.location_type.clone() {
        Some(t) if !t.is_empty() => {
            if !offered.is_empty() && !offered.contains(&t) {
                errors.add(
                    "location_type",
                    "in",
                    "Please select one of the event's locations",
                );
            }
            t
        }
        _ if offered.len() > 1 => {
            errors.add("location_type", "required", "Please select a location");
            String::new()
        }
        _ => offered.first().cloned().unwrap_or_default(),
    };
    let detail = if !asked.location_description.trim().is_empty() {
        &asked.location_description
    } else if chosen == "phone_guest" {
        &asked.phone_number
    } else {
        &asked.address
    };
    if chosen == "phone_guest" && detail.trim().is_empty() {
        errors.add(
            "location_description",
            "required",
            "Please provide attendee's phone number",
        );
    }
    if chosen == "in_person_guest" && detail.trim().is_empty() {
        errors.add(
            "location_description",
            "required",
            "Please provide attendee's address",
        );
    }
    if chosen.is_empty() {
        json!({})
    } else {
        json!({"type": chosen, "description": detail.trim()})
    }
}

/// Guests: group events take `{name, email}` seats; others take plain email addresses.
/// `limit` is `None` when the form has no guests field.
fn guests(
    given: &[GuestEntry],
    limit: Option<i64>,
    group: bool,
    errors: &mut FieldErrors,
) -> Vec<Guest> {
    if given.is_empty() {
        return Vec::new();
    }
    match limit {
        None => errors.add(
            "guests",
            "disabled",
            "This event does not take additional guests",
        ),
        Some(limit) if given.len() as i64 > limit => errors.add(
            "guests",
            "max",
            format!("At most {limit} guests may be added"),
        ),
        Some(_) => {}
    }
    let mut guests = Vec::new();
    for (i, entry) in given.iter().enumerate() {
        let (name, email) = match entry {
            GuestEntry::Address(e) if !group => (String::new(), e.trim().to_string()),
            GuestEntry::Person { name, email } => {
                (name.trim().to_string(), email.trim().to_string())
            }
            _ => (String::new(), String::new()),
        };
        if !is_valid_email(&email) {
            errors.add(
                format!("guests.{i}"),
                "email",
                "Please provide a valid email address for each guest",
            );
        } else if group && name.is_empty() {
            errors.add(
                format!("guests.{i}"),
                "name",
                "Please provide each guest's name",
            );
        }
        guests.push(Guest { name, email });
    }
    guests
}

/// Custom fields: required ones answered, known ones only, each of its type.
fn check_custom_answers(
    custom: &BTreeMap<String, Answer>,
    fields: &[FieldRow],
    errors: &mut FieldErrors,
) {
    let custom_fields: Vec<&FieldRow> = fields
        .iter()
        .filter(|x| !x.system_defined && x.enabled)
        .collect();
    for key in custom.keys() {
        if !custom_fields.iter().any(|x| &x.name == key) {
            errors.add(
                format!("custom_fields.{key}"),
                "unknown",
                "This field is not part of the booking form",
            );
        }
    }
    for x in &custom_fields {
        match custom.get(&x.name) {
            Some(answer) if !answer.is_empty() => check_custom(x, answer, errors),
            _ if x.required => errors.add(
                format!("custom_fields.{}", x.name),
                "required",
                format!("{} is required", x.label),
            ),
            _ => {}
        }
    }
}

pub(super) fn split_name(name: &str) -> (String, String) {
    let name = name.trim();
    match name.rsplit_once(' ') {
        Some((first, last)) => (first.trim().to_string(), last.trim().to_string()),
        None => (name.to_string(), String::new()),
    }
}

fn option_values(field: &FieldRow) -> Vec<String> {
    serde_json::from_str::<Value>(&field.config)
        .ok()
        .and_then(|c| c.get("options").cloned())
        .and_then(|o| o.as_array().cloned())
        .unwrap_or_default()
        .iter()
        .filter_map(|o| {
            o.as_str()
                .map(str::to_string)
                .or_else(|| o.get("value").and_then(Value::as_str).map(str::to_string))
        })
        .collect()
}

/// When the event texts attendees, the number they give must be a valid international one
/// (or left empty, when the field is optional: then no texts go out).
pub fn check_sms_number(fields: &[FieldRow], attendee: &Attendee) -> ServiceResult<()> {
    let Some(field) = crate::service::events::sms_notifications::sms_field(fields) else {
        return Ok(());
    };
    let (key, value) = if field.system_defined {
        ("phone_number".to_string(), attendee.phone.clone())
    } else {
        (
            format!("custom_fields.{}", field.name),
            attendee
                .custom
                .get(&field.name)
                .map(Answer::text)
                .unwrap_or_default()
                .to_string(),
        )
    };
    if value.trim().is_empty() || crate::service::events::sms_notifications::e164(&value).is_some()
    {
        return Ok(());
    }
    Err(ServiceError::field(
        &key,
        "phone",
        "Please provide a valid phone number with its country code, such as +49 30 1234567.",
    ))
}

/// Checks one custom answer against its field's type.
fn check_custom(field: &FieldRow, answer: &Answer, errors: &mut FieldErrors) {
    let key = format!("custom_fields.{}", field.name);
    let text = answer.text();
    let bad = match field.field_type.as_str() {
        "email" => !is_valid_email(text),
        "number" => !matches!(answer, Answer::Number(_)) && text.trim().parse::<f64>().is_err(),
        "date" => chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").is_err(),
        "phone" => {
            text.len() > 32
                || !text
                    .chars()
                    .all(|c| c.is_ascii_digit() || " +-().".contains(c))
        }
        "radio" | "dropdown" => !option_values(field).contains(&text.to_string()),
        "multi-select" | "checkbox-group" => {
            let allowed = option_values(field);
            !matches!(answer, Answer::Choices(items) if items.iter().all(|i| allowed.contains(i)))
        }
        "checkbox" | "terms-and-conditions" => {
            !matches!(answer, Answer::Flag(_))
                && !matches!(text, "yes" | "no" | "true" | "false" | "1" | "0")
        }
        _ => !matches!(answer, Answer::Text(_)) || text.chars().count() > 5000,
    };
    if bad {
        errors.add(key, "invalid", format!("{} is not valid", field.label));
    }
}
