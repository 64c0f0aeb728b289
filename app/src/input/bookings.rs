//! The bodies of the booking routes: `POST /bookings/create/{id}`, `…/{hash}/cancel`,
//! `…/{hash}/reschedule` and `PUT /schedules/{id}`.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::domain::language::Lang;
use crate::domain::validation::FieldErrors;
use crate::domain::values::{BookingSource, BookingStatus, Email, PaymentStatus, TimeZoneId};
use crate::input::fields::{Fields, clean_text};
use crate::service::bookings::form::local_event_time;
use crate::service::bookings::holds::HoldTime;
use crate::service::bookings::new_booking::{Answer, GuestEntry, HostRequest, NewBooking};
use crate::service::bookings::self_service::{CancelBooking, CancelScope, RescheduleBooking};
use crate::service::bookings::update::{BookingChange, COLUMNS, UpdateBooking, reason_field};
use crate::service::{ServiceError, ServiceResult};

/// Reads `{name, email, timezone, event_time, message, location_type, location_description,
/// phone_number, address, guests, custom_fields, duration, source, source_url, host_user_id,
/// status, payment_method}`. A value of the wrong type is carried as unreadable, so the answer
/// names it together with what the event's form refuses.
pub fn new_booking(body: &Value) -> ServiceResult<NewBooking> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let mut text = |key: &str| f.str(key, &mut errors).unwrap_or_default();
    let (name, email, timezone) = (text("name"), text("email"), text("timezone"));
    let event_time_text = text("event_time");
    let (message, phone_number) = (text("message"), text("phone_number"));
    let (address, location_description) = (text("address"), text("location_description"));
    let source_url = text("source_url");
    let website = text("website");
    let hold = Some(text("hold")).filter(|t| !t.trim().is_empty());
    let private_link = Some(text("private_link")).filter(|t| !t.trim().is_empty());
    let altcha = Some(text("altcha")).filter(|t| !t.trim().is_empty());
    let recurring_count = f.int("recurring_count", &mut errors);
    let privacy_consent = f.bool("privacy_consent", &mut errors);
    let location_type = f.str("location_type", &mut errors);
    let event_time = if event_time_text.trim().is_empty() {
        None
    } else {
        local_event_time(&event_time_text, &mut errors)
    };
    let duration = f.int("duration", &mut errors);
    let asked = host_request(&f, &mut errors);
    let language = language(&f, &mut errors);
    Ok(NewBooking {
        name,
        email,
        timezone,
        event_time,
        message,
        phone_number,
        address,
        location_type,
        location_description,
        guests: guests(f.get("guests"), &mut errors),
        custom_fields: custom_answers(f.get("custom_fields"), &mut errors),
        duration,
        source_url,
        payment_method: body
            .get("payment_method")
            .and_then(Value::as_str)
            .map(str::to_string),
        asked,
        website,
        hold,
        private_link,
        altcha,
        privacy_consent,
        recurring_count,
        language,
        accept_language: None,
        unreadable: errors,
    })
}

/// `language` (DESIGN 2.9): exactly one of the codes; another tag (`de-AT`), `""` or `"xx"`
/// is refused with rule `in`.
pub fn language(f: &Fields<'_>, errors: &mut FieldErrors) -> Option<Lang> {
    let codes = Lang::ALL.map(Lang::code);
    f.one_of("language", &codes, errors)
        .and_then(|code| Lang::from_code(&code))
}

/// `status`, `source` and `host_user_id`: whether they count is the use case's to say.
fn host_request(f: &Fields<'_>, errors: &mut FieldErrors) -> HostRequest {
    HostRequest {
        status: f
            .one_of("status", &["scheduled", "pending"], errors)
            .and_then(|s| BookingStatus::parse(&s)),
        source: f
            .one_of("source", &["web", "admin"], errors)
            .and_then(|s| BookingSource::parse(&s)),
        host_user_id: f.int("host_user_id", errors),
    }
}

/// `guests`: a list of addresses or of `{name, email}`.
fn guests(given: Option<&Value>, errors: &mut FieldErrors) -> Vec<GuestEntry> {
    let items = match given {
        None => return Vec::new(),
        Some(Value::Array(items)) => items,
        Some(_) => {
            errors.add("guests", "array", "The guests must be a list");
            return Vec::new();
        }
    };
    let text = |o: &Map<String, Value>, key: &str| {
        o.get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    items
        .iter()
        .map(|item| match item {
            Value::String(email) => GuestEntry::Address(email.clone()),
            Value::Object(o) => GuestEntry::Person {
                name: text(o, "name"),
                email: text(o, "email"),
            },
            _ => GuestEntry::Unreadable,
        })
        .collect()
}

/// `custom_fields`: an object of answers, each kept in its own shape.
fn custom_answers(given: Option<&Value>, errors: &mut FieldErrors) -> BTreeMap<String, Answer> {
    let map = match given {
        None => return BTreeMap::new(),
        Some(Value::Object(map)) => map,
        Some(_) => {
            errors.add(
                "custom_fields",
                "object",
                "The custom fields must be an object",
            );
            return BTreeMap::new();
        }
    };
    map.iter()
        .map(|(key, value)| (key.clone(), Answer::from(value.clone())))
        .collect()
}

/// Reads `{cancellation_reason}`.
pub fn cancel(body: &Value) -> ServiceResult<CancelBooking> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let reason = f
        .str("cancellation_reason", &mut errors)
        .unwrap_or_default();
    let scope = f
        .one_of("scope", &["this", "following"], &mut errors)
        .and_then(|s| CancelScope::parse(&s))
        .unwrap_or_default();
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(CancelBooking {
        scope,
        ..CancelBooking::new(&reason)?
    })
}

/// Reads `{event_time, timezone, duration?}` of `POST /bookings/holds/{event_id}`.
pub fn hold_time(body: &Value) -> ServiceResult<HoldTime> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let event_time = f.str("event_time", &mut errors).unwrap_or_default();
    let zone_text = f.str("timezone", &mut errors).unwrap_or_default();
    let duration = f.int("duration", &mut errors);
    let private_link = f
        .str("private_link", &mut errors)
        .filter(|t| !t.trim().is_empty());
    let local = local_event_time(&event_time, &mut errors);
    let zone = TimeZoneId::parse(&zone_text);
    if zone.is_none() {
        errors.add(
            "timezone",
            "timezone",
            "The timezone must be a valid IANA time zone",
        );
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    match (local, zone) {
        (Some(local), Some(zone)) => Ok(HoldTime {
            local,
            zone: zone.tz(),
            duration,
            private_link,
        }),
        _ => Err(ServiceError::field(
            "event_time",
            "date_format",
            crate::service::bookings::form::EVENT_TIME_FORMAT,
        )),
    }
}

/// Reads `{event_time, timezone, rescheduling_reason}`; no zone is the booking's own.
pub fn reschedule(body: &Value) -> ServiceResult<RescheduleBooking> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let event_time = f.str("event_time", &mut errors).unwrap_or_default();
    let zone_text = f.str("timezone", &mut errors).unwrap_or_default();
    let reason = f
        .str("rescheduling_reason", &mut errors)
        .unwrap_or_default();
    let local = local_event_time(&event_time, &mut errors);
    let zone = if zone_text.trim().is_empty() {
        None
    } else {
        let parsed = TimeZoneId::parse(&zone_text);
        if parsed.is_none() {
            errors.add(
                "timezone",
                "timezone",
                "The timezone must be a valid IANA time zone",
            );
        }
        parsed
    };
    errors.into_result().map_err(ServiceError::invalid)?;
    match local {
        Some(local) => RescheduleBooking::new(local, zone, &reason),
        None => Err(ServiceError::field(
            "event_time",
            "date_format",
            crate::service::bookings::form::EVENT_TIME_FORMAT,
        )),
    }
}

/// Reads `{column, value, update_all, refund_payment, cancel_reason | reject_reason}`.
pub fn update_booking(body: &Value) -> ServiceResult<UpdateBooking> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let column = f.str("column", &mut errors).unwrap_or_default();
    let value = f.str("value", &mut errors);
    let update_all = f.bool("update_all", &mut errors).unwrap_or(false);
    let refund = f
        .str("refund_payment", &mut errors)
        .is_some_and(|r| r == "yes");
    if column.is_empty() && errors.is_empty() {
        errors.add("column", "required", "The column field is required.");
    } else if !COLUMNS.contains(&column.as_str()) && !errors.contains("column") {
        errors.add("column", "in", "Invalid column");
    }
    if value.is_none() && !errors.contains("value") {
        errors.add("value", "required", "The value field is required.");
    }
    let value = value.unwrap_or_default();
    let scope = f
        .one_of("scope", &["this", "following"], &mut errors)
        .and_then(|s| CancelScope::parse(&s))
        .unwrap_or_default();
    let change = booking_change(&f, &column, &value, refund, &mut errors);
    if let Some(change) = &change {
        change.check_into(&mut errors);
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    let change = change.ok_or_else(|| ServiceError::field("column", "in", "Invalid column"))?;
    Ok(UpdateBooking {
        change,
        update_all,
        scope,
    })
}

/// The value of `column` as its type (`None` when it is not one, with the error added).
fn booking_change(
    f: &Fields<'_>,
    column: &str,
    value: &str,
    refund: bool,
    errors: &mut FieldErrors,
) -> Option<BookingChange> {
    let trimmed = value.trim().to_string();
    Some(match column {
        "status" => {
            let to = BookingStatus::parse(value).filter(|to| *to != BookingStatus::Pending);
            if to.is_none() && !errors.contains("value") {
                errors.add("value", "in", "Invalid status");
            }
            let reason = to
                .and_then(reason_field)
                .map(|key| f.str(key, errors).unwrap_or_default().trim().to_string())
                .unwrap_or_default();
            BookingChange::Status {
                to: to?,
                reason,
                refund,
            }
        }
        "payment_status" => {
            let status = PaymentStatus::parse(value);
            if status.is_none() {
                errors.add("value", "in", "Invalid payment status");
            }
            BookingChange::PaymentStatus(status?)
        }
        "email" => {
            let email = Email::parse(value);
            if email.is_none() {
                errors.add("value", "email", "Invalid email address");
            }
            BookingChange::Email(email?)
        }
        "first_name" => BookingChange::FirstName(trimmed),
        "last_name" => BookingChange::LastName(trimmed),
        "internal_note" => BookingChange::InternalNote(trimmed),
        "phone" => BookingChange::Phone(trimmed),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::service::bookings::form::EVENT_TIME_FORMAT;

    fn refused_fields<T: std::fmt::Debug>(result: ServiceResult<T>) -> Vec<(String, String)> {
        match result {
            Err(ServiceError::Validation { errors, .. }) => errors
                .messages()
                .map(|(field, text)| (field.to_string(), text.to_string()))
                .collect(),
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    #[test]
    fn a_reschedule_body_becomes_its_command() {
        let command = reschedule(&json!({
            "event_time": "2026-03-29 02:30:00",
            "timezone": " Europe/Berlin ",
            "rescheduling_reason": "  clash  ",
        }));
        let Ok(command) = command else {
            panic!("a valid body was refused: {command:?}");
        };
        assert_eq!(command.event_time.to_string(), "2026-03-29 02:30:00");
        assert_eq!(
            command.zone.as_ref().map(TimeZoneId::as_str),
            Some("Europe/Berlin")
        );
        assert_eq!(command.reason, "clash");
        // No zone: the booking's own.
        let own = reschedule(&json!({"event_time": "2026-03-30 09:00:00"}));
        assert!(own.is_ok_and(|c| c.zone.is_none() && c.reason.is_empty()));
    }

    #[test]
    fn a_bad_reschedule_body_names_each_field_with_the_known_words() {
        let fields = refused_fields(reschedule(&json!({
            "event_time": "next tuesday",
            "timezone": "Mars/Olympus",
        })));
        assert_eq!(
            fields,
            vec![
                ("event_time".to_string(), EVENT_TIME_FORMAT.to_string()),
                (
                    "timezone".to_string(),
                    "The timezone must be a valid IANA time zone".to_string()
                ),
            ]
        );
        let fields = refused_fields(reschedule(&json!({})));
        assert_eq!(fields[0].1, "Please select a date and time");
        // A list where text belongs is refused as such, not as a missing time.
        let fields = refused_fields(reschedule(&json!({"event_time": [5]})));
        assert_eq!(fields.len(), 1);
        assert_ne!(fields[0].1, "Please select a date and time");
    }

    #[test]
    fn a_cancel_body_keeps_its_reason_trimmed_and_refuses_a_list() {
        let command = cancel(&json!({"cancellation_reason": " ill "}));
        assert_eq!(command.ok().map(|c| c.reason), Some("ill".to_string()));
        let none = cancel(&json!({}));
        assert_eq!(none.ok(), Some(CancelBooking::default()));
        assert!(matches!(
            cancel(&json!({"cancellation_reason": ["ill"]})),
            Err(ServiceError::Validation { .. })
        ));
        // The command itself refuses what no way in may send.
        assert!(CancelBooking::new("ill\0").is_err());
    }

    #[test]
    fn a_create_body_keeps_each_answer_in_its_shape_and_names_what_it_could_not_read() {
        let Ok(asked) = new_booking(&json!({
            "name": "Ada", "email": 5, "event_time": "2026-03-30 09:00:00",
            "guests": ["a@example.org", {"name": "Bea", "email": "b@example.org"}, 7],
            "custom_fields": {"size": 3, "topics": ["a", "b"], "ok": true, "blank": null,
                              "odd": {"x": 1}, "mixed": ["a", 1]},
            "status": "pending", "host_user_id": "x",
        })) else {
            panic!("a readable body was refused");
        };
        assert_eq!(asked.email, "5", "numbers are taken as their text");
        assert_eq!(
            asked.event_time.map(|t| t.to_string()).as_deref(),
            Some("2026-03-30 09:00:00")
        );
        assert_eq!(asked.guests[0], GuestEntry::Address("a@example.org".into()));
        assert_eq!(asked.guests[2], GuestEntry::Unreadable);
        assert_eq!(
            asked.custom_fields["topics"],
            Answer::Choices(vec!["a".into(), "b".into()])
        );
        assert_eq!(asked.custom_fields["ok"], Answer::Flag(true));
        assert_eq!(asked.custom_fields["blank"], Answer::Empty);
        assert_eq!(asked.custom_fields["odd"], Answer::Unreadable);
        assert_eq!(asked.custom_fields["mixed"], Answer::Unreadable);
        assert_eq!(asked.asked.status, Some(BookingStatus::Pending));
        let unread: Vec<&str> = asked.unreadable.messages().map(|(f, _)| f).collect();
        assert_eq!(unread, vec!["host_user_id"]);
        // Stored as given: the answers serialise back to the shapes sent.
        assert_eq!(
            serde_json::to_value(&asked.custom_fields).ok(),
            Some(
                json!({"size": 3, "topics": ["a", "b"], "ok": true, "blank": null,
                        "odd": null, "mixed": null})
            )
        );
    }

    /// The command, or the refusal's field and headline message.
    fn parsed(body: serde_json::Value) -> Result<UpdateBooking, (String, String)> {
        update_booking(&body).map_err(|e| match e {
            ServiceError::Validation { message, errors } => {
                let field = errors
                    .messages()
                    .find(|(_, m)| *m == message)
                    .map(|(field, _)| field.to_string())
                    .unwrap_or_default();
                (field, message)
            }
            other => ("?".into(), format!("{other:?}")),
        })
    }

    #[test]
    fn each_column_becomes_its_typed_change() {
        assert_eq!(
            parsed(
                json!({"column": "status", "value": "cancelled", "cancel_reason": " Ill ",
                "refund_payment": "yes", "update_all": true, "scope": "following"})
            ),
            Ok(UpdateBooking {
                change: BookingChange::Status {
                    to: BookingStatus::Cancelled,
                    reason: "Ill".into(),
                    refund: true
                },
                update_all: true,
                scope: CancelScope::Following,
            })
        );
        assert_eq!(
            parsed(json!({"column": "email", "value": " maya@example.org "}))
                .map(|u| u.change.value().to_string()),
            Ok("maya@example.org".to_string())
        );
        assert_eq!(
            parsed(json!({"column": "payment_status", "value": "paid"})).map(|u| u.change),
            Ok(BookingChange::PaymentStatus(PaymentStatus::Paid))
        );
    }

    #[test]
    fn refusals_keep_their_field_and_words() {
        let first = |body: serde_json::Value| parsed(body).err();
        assert_eq!(
            first(json!({"column": "status", "value": "pending"})),
            Some(("value".into(), "Invalid status".into()))
        );
        assert_eq!(
            first(json!({"column": "status", "value": "rejected"})),
            Some((
                "reject_reason".into(),
                "The reject_reason field is required.".into()
            ))
        );
        assert_eq!(
            first(json!({"column": "colour", "value": "red"})),
            Some(("column".into(), "Invalid column".into()))
        );
        assert_eq!(
            first(json!({"column": "first_name", "value": "  "})),
            Some(("value".into(), "The first name may not be empty.".into()))
        );
        assert_eq!(
            first(json!({"value": "x"})),
            Some(("column".into(), "The column field is required.".into()))
        );
    }
}
