//! `POST /bookings/create/{event_id}`: validate the attendee's input against the event's form,
//! then, inside one transaction that serialises writers of the event's hosts, re-run every rule
//! of the slot list for that time and write the booking, its hosts, answers, activity and
//! outbox rows together. Double booking is impossible: the check and the insert cannot
//! interleave with another writer of the same host (DESIGN 4).

use serde_json::{Map, Value, json};

use super::booking_fields::effective_fields;
use super::booking_view::{BookingContext, attendee_view, booking_json, utc_text};
use super::input::Fields;
use super::integrations;
use super::notify::{self, Change};
use super::payments;
use super::slots::{
    LoadedEvent, NOT_ACCEPTING, Recheck, load_event, parse_local_datetime, recheck_slot,
    schedule_rows,
};
use super::users::is_valid_email;
use super::{Caller, Ctx, ServiceError, ServiceResult, random_hash};
use crate::domain::slots::Reason;
use crate::domain::slots::local::{exact_instant, local_of};
use crate::domain::validation::{FieldErrors, check_max_len};
use crate::domain::zone::parse_zone;
use crate::store::booking_fields::FieldRow;
use crate::store::bookings::{self, BookingExtras, BookingRow, NewActivity, NewBooking};
use crate::store::{StoreError, Tx, users};

/// The message of a time that is not (or no longer) offered.
pub const SLOT_TAKEN: &str = "This selected time slot is not available. Maybe someone booked the spot just a few seconds ago.";

/// Who asks: the public, or an authenticated user (who may be a host of the event).
pub struct CreateRequest<'a> {
    pub event_id: i64,
    pub body: &'a Value,
    pub caller: Option<&'a Caller>,
    pub idempotency_key: Option<&'a str>,
    pub ip: &'a str,
}

/// A guest of the booking.
#[derive(Debug, Clone)]
struct Guest {
    name: String,
    email: String,
}

/// The validated request.
struct Attendee {
    first_name: String,
    last_name: String,
    email: String,
    zone: String,
    local_time: chrono::NaiveDateTime,
    message: String,
    phone: String,
    location: Value,
    guests: Vec<Guest>,
    custom: Map<String, Value>,
    duration: Option<i64>,
    source_url: String,
}

fn split_name(name: &str) -> (String, String) {
    let name = name.trim();
    match name.rsplit_once(' ') {
        Some((first, last)) => (first.trim().to_string(), last.trim().to_string()),
        None => (name.to_string(), String::new()),
    }
}

fn empty(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.trim().is_empty(),
        Some(Value::Array(a)) => a.is_empty(),
        Some(Value::Bool(b)) => !b,
        _ => false,
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
fn check_sms_number(fields: &[FieldRow], attendee: &Attendee) -> ServiceResult<()> {
    let Some(field) = super::sms_notifications::sms_field(fields) else {
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
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
        )
    };
    if value.trim().is_empty() || super::sms_notifications::e164(&value).is_some() {
        return Ok(());
    }
    Err(ServiceError::field(
        &key,
        "phone",
        "Please provide a valid phone number with its country code, such as +49 30 1234567.",
    ))
}

/// Checks one custom answer against its field's type.
fn check_custom(field: &FieldRow, value: &Value, errors: &mut FieldErrors) {
    let key = format!("custom_fields.{}", field.name);
    let text = value.as_str().unwrap_or_default();
    let bad = match field.field_type.as_str() {
        "email" => !is_valid_email(text),
        "number" => value.as_f64().is_none() && text.trim().parse::<f64>().is_err(),
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
            !value.as_array().is_some_and(|items| {
                items
                    .iter()
                    .all(|i| i.as_str().is_some_and(|s| allowed.contains(&s.to_string())))
            })
        }
        "checkbox" | "terms-and-conditions" => {
            !value.is_boolean() && !matches!(text, "yes" | "no" | "true" | "false" | "1" | "0")
        }
        _ => !value.is_string() || text.chars().count() > 5000,
    };
    if bad {
        errors.add(key, "invalid", format!("{} is not valid", field.label));
    }
}

/// Validates the body against the event's form. Nothing is written.
fn validate(
    body: &Value,
    loaded: &LoadedEvent,
    fields: &[FieldRow],
) -> Result<Attendee, ServiceError> {
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let name = f.str("name", &mut errors).unwrap_or_default();
    if name.trim().is_empty() && !errors.contains("name") {
        errors.add("name", "required", "Please enter attendee's name");
    }
    check_max_len(&mut errors, "name", Some(&name), 192);
    let email = f
        .str("email", &mut errors)
        .unwrap_or_default()
        .trim()
        .to_string();
    if email.is_empty() && !errors.contains("email") {
        errors.add("email", "required", "Please enter attendee's email address");
    } else if !is_valid_email(&email) && !errors.contains("email") {
        errors.add("email", "email", "Please provide a valid email address");
    }
    let zone = f.str("timezone", &mut errors).unwrap_or_default();
    if zone.trim().is_empty() && !errors.contains("timezone") {
        errors.add("timezone", "required", "Please select the timezone");
    } else if parse_zone(&zone).is_none() && !errors.contains("timezone") {
        errors.add(
            "timezone",
            "timezone",
            "The timezone must be a valid IANA time zone",
        );
    }
    let time_text = f.str("event_time", &mut errors).unwrap_or_default();
    let local_time = parse_local_datetime(&time_text).filter(|_| time_text.trim().len() > 10);
    if time_text.trim().is_empty() && !errors.contains("event_time") {
        errors.add("event_time", "required", "Please select a date and time");
    } else if local_time.is_none() && !errors.contains("event_time") {
        errors.add(
            "event_time",
            "date_format",
            "The event_time must be YYYY-MM-DD HH:mm:ss",
        );
    }
    let message = f.str("message", &mut errors).unwrap_or_default();
    check_max_len(&mut errors, "message", Some(&message), 5000);
    let phone = f.str("phone_number", &mut errors).unwrap_or_default();
    let address = f.str("address", &mut errors).unwrap_or_default();
    let description = f
        .str("location_description", &mut errors)
        .unwrap_or_default();
    check_max_len(&mut errors, "phone_number", Some(&phone), 32);
    check_max_len(
        &mut errors,
        "location_description",
        Some(&description),
        1000,
    );
    let duration = f.int("duration", &mut errors);
    let md = &loaded.settings.multi_duration;
    if let (Some(d), true) = (duration, md.enabled)
        && !md.available_durations.contains(&d)
    {
        errors.add(
            "duration",
            "in",
            "The duration must be one of the event's durations",
        );
    }
    let source_url = f.str("source_url", &mut errors).unwrap_or_default();
    check_max_len(&mut errors, "source_url", Some(&source_url), 2048);
    if !source_url.is_empty() && !super::input::is_http_url(&source_url) {
        errors.add(
            "source_url",
            "url",
            "The source_url must be an http or https URL.",
        );
    }

    let field = |name: &str| fields.iter().find(|x| x.name == name && x.enabled);
    if field("message").is_some_and(|x| x.required) && message.trim().is_empty() {
        errors.add("message", "required", "This field is required");
    }
    // Location: the attendee picks one when the event offers several; some need details.
    let offered: Vec<String> =
        serde_json::from_str::<Vec<Value>>(&loaded.event().location_settings)
            .unwrap_or_default()
            .iter()
            .filter_map(|l| l.get("type").and_then(Value::as_str).map(str::to_string))
            .collect();
    let chosen = match f.str("location_type", &mut errors) {
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
    let detail = if !description.trim().is_empty() {
        description.clone()
    } else if chosen == "phone_guest" {
        phone.clone()
    } else {
        address.clone()
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
    let location = if chosen.is_empty() {
        json!({})
    } else {
        json!({"type": chosen, "description": detail.trim()})
    };

    // Guests: group events take {name, email} seats; others take plain email addresses.
    let mut guests = Vec::new();
    let guest_field = field("guests");
    let group = loaded.event().event_type == "group";
    match f.get("guests") {
        None => {}
        Some(Value::Array(items)) if items.is_empty() => {}
        Some(Value::Array(items)) => {
            let limit = guest_field
                .and_then(|g| serde_json::from_str::<Value>(&g.config).ok())
                .and_then(|c| c.get("limit").and_then(Value::as_i64))
                .unwrap_or(10);
            if guest_field.is_none() {
                errors.add(
                    "guests",
                    "disabled",
                    "This event does not take additional guests",
                );
            } else if items.len() as i64 > limit {
                errors.add(
                    "guests",
                    "max",
                    format!("At most {limit} guests may be added"),
                );
            }
            for (i, item) in items.iter().enumerate() {
                let (guest_name, guest_email) = match item {
                    Value::String(e) if !group => (String::new(), e.trim().to_string()),
                    Value::Object(o) => (
                        o.get("name")
                            .and_then(Value::as_str)
                            .unwrap_or_default()
                            .trim()
                            .to_string(),
                        o.get("email")
                            .and_then(Value::as_str)
                            .unwrap_or_default()
                            .trim()
                            .to_string(),
                    ),
                    _ => (String::new(), String::new()),
                };
                if !is_valid_email(&guest_email) {
                    errors.add(
                        format!("guests.{i}"),
                        "email",
                        "Please provide a valid email address for each guest",
                    );
                } else if group && guest_name.is_empty() {
                    errors.add(
                        format!("guests.{i}"),
                        "name",
                        "Please provide each guest's name",
                    );
                }
                guests.push(Guest {
                    name: guest_name,
                    email: guest_email,
                });
            }
        }
        Some(_) => errors.add("guests", "array", "The guests must be a list"),
    }

    // Custom fields: required ones answered, known ones only, each of its type.
    let custom: Map<String, Value> = match f.get("custom_fields") {
        None => Map::new(),
        Some(Value::Object(map)) => map.clone(),
        Some(_) => {
            errors.add(
                "custom_fields",
                "object",
                "The custom fields must be an object",
            );
            Map::new()
        }
    };
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
        let value = custom.get(&x.name);
        if empty(value) {
            if x.required {
                errors.add(
                    format!("custom_fields.{}", x.name),
                    "required",
                    format!("{} is required", x.label),
                );
            }
        } else if let Some(v) = value {
            check_custom(x, v, &mut errors);
        }
    }
    if !errors.is_empty() {
        return Err(ServiceError::Validation {
            message: "Please fill up the required data".into(),
            errors,
        });
    }
    let (first_name, last_name) = split_name(&name);
    Ok(Attendee {
        first_name,
        last_name,
        email,
        zone: zone.trim().to_string(),
        local_time: local_time.unwrap_or_default(),
        message,
        phone: phone.trim().to_string(),
        location,
        guests,
        custom,
        duration,
        source_url,
    })
}

fn slot_unavailable(reasons: &[Reason]) -> ServiceError {
    ServiceError::SlotUnavailable {
        message: SLOT_TAKEN.into(),
        reasons: reasons.iter().map(|r| json!(r)).collect(),
    }
}

/// The answer stored for an earlier request with the same key, caller and body; 422
/// `idempotency_key_reused` when the key was used for another body.
async fn replay(ctx: &Ctx, key: &bookings::IdempotencyKey) -> ServiceResult<Option<Value>> {
    let mut conn = ctx.store.conn().await?;
    match bookings::idempotent_answer(conn.ex(), key).await? {
        None => Ok(None),
        Some(stored) if stored.request_hash != key.request_hash => {
            Err(ServiceError::Unprocessable {
                code: "idempotency_key_reused",
                message: "This Idempotency-Key was already used for a different request.".into(),
            })
        }
        Some(stored) => Ok(Some(
            serde_json::from_str(&stored.response_body).map_err(StoreError::from)?,
        )),
    }
}

/// Creates the booking (and one row per guest of a group event). Answers the response body.
///
/// An `Idempotency-Key` is scoped to the event and the caller (an account, or the public), and
/// bound to the request body: a retry of the same request answers the first result, while the
/// same key with another body is refused, so a key cannot be used to read another attendee's
/// booking. Keys are kept for 24 hours.
pub async fn create(ctx: &Ctx, req: CreateRequest<'_>) -> ServiceResult<Value> {
    let idempotency = req.idempotency_key.map(|key| bookings::IdempotencyKey {
        scope: format!(
            "bookings.create:{}:{}",
            req.event_id,
            req.caller
                .map_or_else(|| "public".to_string(), |c| format!("user-{}", c.id()))
        ),
        key: key.to_string(),
        request_hash: super::auth::digest(&req.body.to_string()),
    });
    if let Some(key) = &idempotency
        && let Some(answer) = replay(ctx, key).await?
    {
        return Ok(answer);
    }
    let mut conn = ctx.store.conn().await?;
    let loaded = load_event(conn.ex(), req.event_id).await?;
    if loaded.event().status != "active" {
        return Err(ServiceError::Unprocessable {
            code: "event_inactive",
            message: NOT_ACCEPTING.into(),
        });
    }
    let stored = crate::store::booking_fields::list(conn.ex(), req.event_id).await?;
    // The hosts' names and addresses for the answer, read before the host lock is taken.
    let members = users::find_many(conn.ex(), &loaded.host_ids()).await?;
    // Schedules are not booking state: read before the lock, so it is held for less.
    let schedule_rows = schedule_rows(conn.ex(), &loaded).await?;
    let webhooks = crate::store::integrations::enabled_for_event(
        conn.ex(),
        req.event_id,
        integrations::WEBHOOK,
    )
    .await?;
    // The event's notifications and payment settings, in one read.
    let meta = crate::store::events::all_meta(conn.ex(), req.event_id).await?;
    let notifications = notify::EventNotifications::from_meta(&meta);
    let payment = payments::parsed(
        meta.iter()
            .find(|(k, _)| k == payments::META_KEY)
            .map(|(_, v)| v.as_str()),
    );
    drop(conn);
    let fields = effective_fields(loaded.event(), stored);
    let attendee = validate(req.body, &loaded, &fields)?;
    if notifications.texts_attendee() {
        check_sms_number(&fields, &attendee)?;
    }

    // Host-only choices: status, source=admin and host_user_id need a host of this event.
    let is_host = req.caller.is_some_and(|c| loaded.is_managed_by(c));
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(req.body), "");
    let asked_status = f.one_of("status", &["scheduled", "pending"], &mut errors);
    let asked_source = f.one_of("source", &["web", "admin"], &mut errors);
    let asked_host = f.int("host_user_id", &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    let needs_confirmation = loaded.settings.requires_confirmation.enabled;
    let status = match asked_status {
        Some(s) if is_host => s,
        _ if needs_confirmation => "pending".into(),
        _ => "scheduled".into(),
    };
    let source = if is_host {
        asked_source.unwrap_or_else(|| "web".into())
    } else {
        "web".into()
    };
    let chosen_host = if is_host { asked_host } else { None };

    let zone = parse_zone(&attendee.zone).unwrap_or(chrono_tz::UTC);
    let Some(start) = exact_instant(zone, attendee.local_time) else {
        return Err(slot_unavailable(&[Reason::OutsideHours]));
    };
    let duration = loaded.duration(attendee.duration);
    let end = start + duration * 60;
    // A paid event: the price of this duration and the method the attendee chose.
    let charge = match payments::price(&payment, &loaded.general.payments, duration) {
        None => None,
        Some(lines) => {
            let offered = payments::methods(&payment);
            let asked = req.body.get("payment_method").and_then(Value::as_str);
            let method = match asked {
                Some(key) => offered.iter().find(|m| m.key() == key),
                None => offered.first(),
            };
            let Some(method) = method.copied() else {
                return Err(ServiceError::field(
                    "payment_method",
                    "in",
                    "Please select a payment method",
                ));
            };
            Some((lines, method))
        }
    };
    let rules = loaded.rules(duration);
    let mut hosts = loaded.host_ids();
    if let Some(h) = chosen_host
        && !hosts.contains(&h)
    {
        return Err(ServiceError::field(
            "host_user_id",
            "in",
            "The host_user_id is not a host of this event",
        ));
    }

    // A meeting added to a host's own calendar a moment ago counts: their connected calendars
    // are read afresh (at most one time-out) before the transaction.
    super::calendar_connections::refresh_hosts(ctx, &hosts).await?;
    let mut tx = ctx.store.begin().await?;
    // Everything below sees every booking committed before the hosts' lock was granted.
    let verdict = recheck_slot(
        &mut tx,
        Recheck {
            loaded: &loaded,
            rules: &rules,
            schedules: &schedule_rows,
            only_host: chosen_host,
            start,
            excluded: None,
            now: chrono::Utc::now().timestamp(),
        },
    )
    .await?;
    let Some(slot) = verdict.slot.filter(|_| verdict.offered) else {
        return Err(slot_unavailable(&verdict.reasons));
    };
    let group = loaded.event().event_type == "group";
    let seats_needed = if group {
        1 + attendee.guests.len() as u32
    } else {
        1
    };
    if seats_needed > slot.remaining {
        return Err(slot_unavailable(&[Reason::Full]));
    }
    let host_id = match loaded.event().event_type.as_str() {
        "round_robin" => {
            pick_round_robin_host(&mut tx, &loaded, &slot.hosts, chosen_host, start).await?
        }
        _ if hosts.len() == 1 => hosts[0],
        _ => loaded.event().user_id,
    };
    hosts.retain(|h| *h != host_id);
    let other_hosts: Vec<i64> = if loaded.event().event_type == "collective" {
        hosts
    } else {
        Vec::new()
    };
    let group_id = if group {
        bookings::group_at(tx.ex(), req.event_id, start).await?
    } else {
        None
    };

    let hash = random_hash();
    let location = attendee.location.to_string();
    let booking = NewBooking {
        hash: &hash,
        calendar_id: loaded.event().calendar_id,
        event_id: req.event_id,
        host_user_id: host_id,
        person_time_zone: &attendee.zone,
        start_time: start,
        end_time: end,
        first_name: &attendee.first_name,
        last_name: &attendee.last_name,
        email: &attendee.email,
        message: &attendee.message,
        status: &status,
        source: &source,
        event_type: &loaded.event().event_type,
    };
    let extras = BookingExtras {
        group_id,
        phone: &attendee.phone,
        location_details: &location,
        source_url: &attendee.source_url,
        person_user_id: None,
        ip_address: req.ip,
        other_hosts: &other_hosts,
    };
    let who = req.caller.map(|c| c.id());
    let activity = NewActivity {
        booking_id: 0,
        created_by: who,
        status: "closed",
        kind: "success",
        title: "Booking created",
        description: &format!(
            "Booked for {} (status {status}, source {source})",
            utc_text(start)
        ),
    };
    let change = if status == "pending" {
        Change::Requested
    } else {
        Change::Booked
    };
    let outbox = notify::plan(
        &notifications,
        change,
        bookings::BOOKING_ID_TOKEN,
        start,
        ctx.clock.now(),
    );
    let (id, person_user_id) =
        bookings::insert_new(tx.ex(), &booking, &extras, &activity, &outbox).await?;
    if let Some((lines, method)) = &charge {
        payments::create_order(
            tx.ex(),
            id,
            lines,
            &loaded.general.payments.currency,
            *method,
        )
        .await?;
    }
    let group_id = group_id.unwrap_or(id);
    if !attendee.custom.is_empty() {
        bookings::add_meta(
            tx.ex(),
            id,
            "custom_fields_data",
            &Value::Object(attendee.custom.clone()).to_string(),
        )
        .await?;
    }
    let guests_json: Vec<Value> = attendee
        .guests
        .iter()
        .map(|g| json!({"name": g.name, "email": g.email}))
        .collect();
    if group {
        // Each guest of a group slot takes a seat: a row of its own in the same group.
        for guest in &attendee.guests {
            let (first, last) = split_name(if guest.name.is_empty() {
                &guest.email
            } else {
                &guest.name
            });
            let guest_hash = random_hash();
            let row = NewBooking {
                hash: &guest_hash,
                first_name: &first,
                last_name: &last,
                email: &guest.email,
                ..booking
            };
            let guest_extras = BookingExtras {
                group_id: Some(group_id),
                location_details: &location,
                source_url: &attendee.source_url,
                ip_address: req.ip,
                ..BookingExtras::default()
            };
            bookings::insert_full(tx.ex(), &row, &guest_extras).await?;
        }
    } else if !guests_json.is_empty() {
        bookings::add_meta(
            tx.ex(),
            id,
            "additional_guests",
            &Value::Array(guests_json.clone()).to_string(),
        )
        .await?;
    }
    // The answer is built from what was written, without reading it back under the lock.
    let now = crate::store::now_epoch();
    let row = BookingRow {
        id,
        hash: hash.clone(),
        calendar_id: booking.calendar_id,
        event_id: booking.event_id,
        group_id: Some(group_id),
        parent_id: None,
        host_user_id: host_id,
        person_user_id,
        person_time_zone: attendee.zone.clone(),
        start_time: start,
        end_time: end,
        slot_minutes: duration,
        first_name: attendee.first_name.clone(),
        last_name: attendee.last_name.clone(),
        email: attendee.email.clone(),
        message: attendee.message.clone(),
        internal_note: String::new(),
        phone: attendee.phone.clone(),
        location_details: location.clone(),
        cancelled_by: None,
        status: status.clone(),
        source: source.clone(),
        event_type: loaded.event().event_type.clone(),
        payment_status: charge.as_ref().map(|_| "pending".to_string()),
        payment_method: charge.as_ref().map(|(_, m)| m.key().to_string()),
        source_url: attendee.source_url.clone(),
        created_at: now,
        updated_at: now,
    };
    let host = members.iter().find(|u| u.id == host_id);
    if status == "scheduled" {
        // Webhooks subscribed to confirmed bookings (a pending one fires when confirmed),
        // each with the booking as it is now.
        for item in integrations::delivery_items(
            &webhooks,
            &row,
            Some(loaded.event()),
            host,
            "after_booking_scheduled",
        ) {
            crate::store::outbox::enqueue(tx.ex(), &item).await?;
        }
    }
    // Into the hosts' destination calendars (the worker skips a pending booking).
    super::calendar_write::queue(tx.ex(), &row, ctx.clock.now()).await?;
    let view = BookingContext {
        event_title: &loaded.event().title,
        event_slug: &loaded.event().slug,
        color_schema: &loaded.event().color_schema,
        calendar_title: &loaded.row.cal_title,
        calendar_slug: &loaded.row.cal_slug,
        host_name: &host
            .map(|h| h.full_name())
            .unwrap_or_else(|| "Unknown".into()),
        host_email: &host.map(|h| h.email.clone()).unwrap_or_default(),
        custom_fields: Value::Object(attendee.custom.clone()),
        additional_guests: Value::Array(guests_json),
        plain_timestamps: true,
    };
    let mut booking = booking_json(ctx, &row, &view);
    if !is_host {
        booking = attendee_view(booking);
    }
    let body = json!({"message": "Booking has been created", "booking": booking});
    if let Some(key) = &idempotency {
        bookings::remember_answer(tx.ex(), key, 200, &body.to_string()).await?;
    }
    match tx.commit().await {
        Err(StoreError::UniqueViolation) if idempotency.is_some() => {
            // The same key was answered by a concurrent request meanwhile: answer its result.
            return match idempotency.as_ref().map(|k| replay(ctx, k)) {
                Some(replayed) => replayed.await?.ok_or(ServiceError::NotFound),
                None => Err(ServiceError::NotFound),
            };
        }
        other => other?,
    }
    tracing::info!(
        booking_id = id,
        event_id = req.event_id,
        host_id,
        "booking created"
    );
    Ok(body)
}

/// Round robin: the requested member if free, else the free member with the fewest bookings of
/// this event on that day (ties to the lowest id).
async fn pick_round_robin_host(
    tx: &mut Tx,
    loaded: &LoadedEvent,
    free: &[i64],
    chosen: Option<i64>,
    start: i64,
) -> ServiceResult<i64> {
    if let Some(h) = chosen {
        return if free.contains(&h) {
            Ok(h)
        } else {
            Err(slot_unavailable(&[Reason::HostBusy]))
        };
    }
    let (date, _) = local_of(loaded.host_zone, start);
    let day = crate::domain::slots::local::LocalDay::new(loaded.host_zone, date);
    let counts =
        bookings::count_per_host(tx.ex(), loaded.event().id, day.start(), day.end()).await?;
    let load = |h: i64| {
        counts
            .iter()
            .find(|(id, _)| *id == h)
            .map(|(_, n)| *n)
            .unwrap_or(0)
    };
    free.iter()
        .copied()
        .min_by_key(|h| (load(*h), *h))
        .ok_or_else(|| slot_unavailable(&[Reason::HostBusy]))
}
