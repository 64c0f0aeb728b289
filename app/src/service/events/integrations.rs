//! `/calendars/{id}/events/{event_id}/integrations…`: per-event webhook feeds, and the booking
//! triggers that queue their deliveries. Delivery (signing, retries, address checks) is the job
//! worker's (`src/jobs/webhook.rs`).

use crate::model::answer::MessageAnswer;
use crate::model::integration::{
    AvailableIntegration, Feed, IntegrationSaved, IntegrationsAnswer, SmartCode, TriggerOption,
    WebhookFeed,
};
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::domain::validation::{FieldErrors, check_max_len};
use crate::domain::values::BookingStatus;
use crate::service::events::admin::load_managed_event;
use crate::service::outbox::{self, Message, Outgoing, WebhookDelivery, new_message_id};
use crate::service::support::input::{Fields, is_http_url};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::bookings::{self, BookingRow};
use crate::store::events::EventRow;
use crate::store::integrations::{self, IntegrationRow};
use crate::store::users::UserRow;
use crate::store::{Ex, StoreError};

/// The one integration slotbook delivers itself.
pub const WEBHOOK: &str = "webhook";
pub const SAVED: &str = "Integration successfully saved";
pub const DELETED: &str = "Successfully deleted the Integration.";

/// Booking moments a webhook can subscribe to: (key, label). A pending booking fires nothing
/// until it is confirmed.
pub const TRIGGERS: [(&str, &str); 5] = [
    ("after_booking_scheduled", "Booking Confirmed"),
    ("booking_schedule_cancelled", "Booking Canceled"),
    ("booking_schedule_completed", "Booking Completed"),
    ("after_booking_rescheduled", "Booking Rescheduled"),
    ("booking_schedule_rejected", "Booking Rejected"),
];
const METHODS: [&str; 5] = ["POST", "GET", "PUT", "PATCH", "DELETE"];
const MAX_PAIRS: usize = 50;
/// Webhook feeds one event may have: each booking change queues one delivery per feed, so the
/// number bounds the work (and the outbound traffic) one booking can cause.
pub const MAX_FEEDS_PER_EVENT: usize = 10;

pub use crate::model::integration::KeyValue;

/// A webhook feed as stored. `secret` signs deliveries; it is answered once, on creation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct WebhookSettings {
    pub name: String,
    pub enabled: bool,
    pub request_url: String,
    pub request_method: String,
    pub request_format: String,
    pub request_body: String,
    pub fields: Vec<KeyValue>,
    pub with_header: String,
    pub request_headers: Vec<KeyValue>,
    pub event_triggers: Vec<String>,
    pub secret: String,
}

impl Default for WebhookSettings {
    fn default() -> Self {
        WebhookSettings {
            name: String::new(),
            enabled: true,
            request_url: String::new(),
            request_method: "POST".into(),
            request_format: "JSON".into(),
            request_body: "all_data".into(),
            fields: Vec::new(),
            with_header: "nop".into(),
            request_headers: Vec::new(),
            event_triggers: Vec::new(),
            secret: String::new(),
        }
    }
}

impl WebhookSettings {
    pub fn parse(row: &IntegrationRow) -> WebhookSettings {
        let mut settings: WebhookSettings = serde_json::from_str(&row.settings).unwrap_or_default();
        settings.enabled = row.enabled;
        settings
    }

    /// The feed as answered: everything but the secret.
    fn public(&self) -> WebhookFeed {
        WebhookFeed {
            name: self.name.clone(),
            enabled: self.enabled,
            request_url: self.request_url.clone(),
            request_method: self.request_method.clone(),
            request_format: self.request_format.clone(),
            request_body: self.request_body.clone(),
            fields: self.fields.clone(),
            with_header: self.with_header.clone(),
            request_headers: self.request_headers.clone(),
            event_triggers: self.event_triggers.clone(),
        }
    }
}

/// `GET …/integrations`.
pub async fn list(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<IntegrationsAnswer> {
    let mut conn = ctx.store.conn().await?;
    let (_, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    let feeds = integrations::list_for_event(conn.ex(), ev.id)
        .await?
        .iter()
        .map(|row| Feed {
            id: row.id,
            name: row.title.clone(),
            enabled: row.enabled,
            provider: row.integration_key.clone(),
            feed: WebhookSettings::parse(row).public(),
        })
        .collect();
    let webhook = AvailableIntegration {
        title: "Webhook".into(),
        enabled: true,
        description: "Send booking data to any URL when a booking is confirmed, cancelled, completed, rescheduled or rejected. Each delivery is signed (Standard Webhooks).".into(),
    };
    let mut available_integrations = Map::new();
    available_integrations.insert(WEBHOOK.into(), json!(webhook));
    Ok(IntegrationsAnswer {
        feeds,
        available_integrations,
        event_triggers: TRIGGERS
            .iter()
            .map(|(value, label)| TriggerOption {
                label: label.to_string(),
                value: value.to_string(),
            })
            .collect(),
        smart_codes: SMART_CODES
            .iter()
            .map(|(code, label)| SmartCode {
                code: format!("{{{{{code}}}}}"),
                label: label.to_string(),
            })
            .collect(),
    })
}

/// `POST …/integrations/{integration_id}`'s body, read once: `{integration_name: "webhook",
/// status?, integration?}`; the feed's settings are checked against the stored ones on save.
#[derive(Debug, Clone, PartialEq)]
pub struct SaveIntegration {
    pub status: Option<bool>,
    /// The feed's settings given (an object, or its JSON text); `None`: keep them.
    pub integration: Option<Value>,
}

impl SaveIntegration {
    pub fn parse(body: &Value) -> ServiceResult<SaveIntegration> {
        let mut errors = FieldErrors::new();
        let f = Fields::new(Some(body), "");
        let name = f.one_of("integration_name", &[WEBHOOK], &mut errors);
        let status = f.bool("status", &mut errors);
        // The integration may come as an object or as its JSON text (`data_type: stringify`).
        let given: Option<Value> = match f.get("integration") {
            Some(Value::String(text)) if text.trim().is_empty() => None,
            Some(Value::String(text)) => match serde_json::from_str::<Value>(text) {
                Ok(v) if v.is_object() => Some(v),
                _ => {
                    errors.add(
                        "integration",
                        "object",
                        "The integration must be an object.",
                    );
                    None
                }
            },
            Some(v @ Value::Object(m)) if !m.is_empty() => Some(v.clone()),
            Some(Value::Object(_)) => None,
            Some(_) => {
                errors.add(
                    "integration",
                    "object",
                    "The integration must be an object.",
                );
                None
            }
            None => None,
        };
        if name.is_none() && errors.is_empty() {
            errors.add(
                "integration_name",
                "required",
                "The integration_name field is required.",
            );
        }
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(SaveIntegration {
            status,
            integration: given,
        })
    }
}

/// `POST …/integrations/{integration_id}` (`0` creates).
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    integration_id: i64,
    body: &Value,
) -> ServiceResult<IntegrationSaved> {
    // Access first: another host's ids answer 404 whatever the body.
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let existing = if integration_id == 0 {
        None
    } else {
        Some(
            integrations::find(tx.ex(), ev.id, integration_id)
                .await?
                .ok_or(ServiceError::NotFound)?,
        )
    };
    let SaveIntegration {
        status,
        integration,
    } = SaveIntegration::parse(body)?;
    let (id, created, secret) =
        store_feed(&mut tx, ctx, ev.id, existing, integration, status).await?;
    tx.commit().await?;
    // The secret is shown once, like an application password: the receiver needs it to verify
    // signatures.
    Ok(IntegrationSaved {
        message: SAVED.into(),
        integration_id: id,
        integration_name: WEBHOOK.into(),
        created,
        signing_secret: secret,
    })
}

/// Writes a feed: settings given replace the stored ones (a new feed gets its signing secret,
/// answered once); none given only switch an existing feed on or off. Answers (id, created,
/// the new secret).
async fn store_feed(
    tx: &mut crate::store::Tx,
    ctx: &Ctx,
    event_id: i64,
    existing: Option<IntegrationRow>,
    given: Option<Value>,
    status: Option<bool>,
) -> ServiceResult<(i64, bool, Option<String>)> {
    Ok(match (given, existing) {
        // No settings: switch an existing feed on or off.
        (None, Some(row)) => {
            let mut settings = WebhookSettings::parse(&row);
            settings.enabled = status.unwrap_or(settings.enabled);
            let text = serde_json::to_string(&settings).map_err(StoreError::from)?;
            integrations::update(tx.ex(), row.id, &row.title, settings.enabled, &text).await?;
            (row.id, false, None)
        }
        (None, None) => {
            return Err(ServiceError::field(
                "integration",
                "required",
                "The integration field is required.",
            ));
        }
        (Some(given), existing) => {
            let previous = existing.as_ref().map(WebhookSettings::parse);
            let mut settings = validate(&given, previous.as_ref(), ctx.allow_private_targets)?;
            if let Some(s) = status {
                settings.enabled = s;
            }
            let text = serde_json::to_string(&settings).map_err(StoreError::from)?;
            match existing {
                Some(row) => {
                    integrations::update(tx.ex(), row.id, &settings.name, settings.enabled, &text)
                        .await?;
                    (row.id, false, None)
                }
                None => {
                    if integrations::list_for_event(tx.ex(), event_id).await?.len()
                        >= MAX_FEEDS_PER_EVENT
                    {
                        return Err(ServiceError::field(
                            "integration",
                            "max",
                            &format!(
                                "An event can have at most {MAX_FEEDS_PER_EVENT} webhook feeds."
                            ),
                        ));
                    }
                    let id = integrations::insert(
                        tx.ex(),
                        event_id,
                        WEBHOOK,
                        &settings.name,
                        settings.enabled,
                        &text,
                    )
                    .await?;
                    (id, true, Some(settings.secret))
                }
            }
        }
    })
}

/// `DELETE …/integrations/{integration_id}`.
pub async fn delete(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    integration_id: i64,
) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    if !integrations::delete(tx.ex(), ev.id, integration_id).await? {
        return Err(ServiceError::NotFound);
    }
    tx.commit().await?;
    Ok(MessageAnswer::new(DELETED))
}

/// Checks a webhook's settings; keys not sent keep `previous` (or the defaults). A new feed
/// gets a fresh signing secret.
fn validate(
    given: &Value,
    previous: Option<&WebhookSettings>,
    allow_private: bool,
) -> ServiceResult<WebhookSettings> {
    let mut s = previous.cloned().unwrap_or_default();
    if s.secret.is_empty() {
        s.secret = format!(
            "whsec_{}",
            base64::engine::general_purpose::STANDARD.encode(rand::random::<[u8; 24]>())
        );
    }
    let mut errors = FieldErrors::new();
    merge_given(&mut s, given, &mut errors);
    check_settings(&s, allow_private, &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    s.event_triggers.sort();
    s.event_triggers.dedup();
    Ok(s)
}

/// The keys sent replace the settings' values.
fn merge_given(s: &mut WebhookSettings, given: &Value, errors: &mut FieldErrors) {
    let f = Fields::new(Some(given), "integration");
    if let Some(name) = f.str("name", errors) {
        s.name = name.trim().to_string();
    }
    if let Some(enabled) = f.bool("enabled", errors) {
        s.enabled = enabled;
    }
    if let Some(url) = f.str("request_url", errors) {
        s.request_url = url.trim().to_string();
    }
    if let Some(method) = f.str("request_method", errors) {
        s.request_method = method.trim().to_uppercase();
    }
    if let Some(format) = f.str("request_format", errors) {
        s.request_format = format.trim().to_uppercase();
    }
    if let Some(v) = f.one_of("request_body", &["all_data", "selected_fields"], errors) {
        s.request_body = v;
    }
    if let Some(v) = f.one_of("with_header", &["yup", "nop"], errors) {
        s.with_header = v;
    }
    if let Some(pairs) = pairs(&f, "fields", errors) {
        s.fields = pairs;
    }
    if let Some(pairs) = pairs(&f, "request_headers", errors) {
        s.request_headers = pairs;
    }
    if let Some(list) = f.get("event_triggers") {
        match serde_json::from_value::<Vec<String>>(list.clone()) {
            Ok(list) => s.event_triggers = list,
            Err(_) => errors.add(
                "integration.event_triggers",
                "array",
                "The integration.event_triggers must be a list of trigger names.",
            ),
        }
    }
}

/// Every rule of a feed's settings as they will be stored.
fn check_settings(s: &WebhookSettings, allow_private: bool, errors: &mut FieldErrors) {
    if s.name.is_empty() {
        errors.add("integration.name", "required", "Feed name is required");
    }
    check_max_len(errors, "integration.name", Some(&s.name), 190);
    if !is_http_url(&s.request_url) {
        errors.add(
            "integration.request_url",
            "url",
            "The integration.request_url must be an http or https URL.",
        );
    }
    check_max_len(
        errors,
        "integration.request_url",
        Some(&s.request_url),
        2000,
    );
    // A literal address outside the public ranges is refused now, so no request ever leaves
    // for it; a host name is resolved and checked again at every delivery.
    let literal = url::Url::parse(&s.request_url)
        .ok()
        .and_then(|u| crate::service::support::targets::literal_ip(&u));
    if !allow_private
        && literal.is_some_and(|ip| !crate::service::support::targets::is_public_ip(ip))
    {
        errors.add(
            "integration.request_url",
            "public",
            "The integration.request_url must be a public internet address.",
        );
    }
    if !METHODS.contains(&s.request_method.as_str()) {
        errors.add(
            "integration.request_method",
            "in",
            "The integration.request_method must be one of POST, GET, PUT, PATCH, DELETE.",
        );
    }
    if !["JSON", "FORM"].contains(&s.request_format.as_str()) {
        errors.add(
            "integration.request_format",
            "in",
            "The integration.request_format must be JSON or FORM.",
        );
    }
    if s.request_body == "selected_fields" && s.fields.is_empty() {
        errors.add(
            "integration.fields",
            "required",
            "Name at least one field to send, or send all data.",
        );
    }
    if s.event_triggers.is_empty() {
        errors.add(
            "integration.event_triggers",
            "required",
            "Event trigger is required",
        );
    }
    for trigger in &s.event_triggers {
        if !TRIGGERS.iter().any(|(key, _)| key == trigger) {
            errors.add(
                "integration.event_triggers",
                "in",
                format!("{trigger} is not a booking trigger."),
            );
        }
    }
    for header in &s.request_headers {
        let valid_name = !header.key.is_empty()
            && header
                .key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_".contains(c));
        if !valid_name || header.value.contains(['\r', '\n']) {
            errors.add(
                "integration.request_headers",
                "header",
                format!("{} is not a valid header.", header.key),
            );
        }
    }
}

/// A list of `{key, value}` pairs (empty keys are dropped, as a form's blank rows).
fn pairs(f: &Fields<'_>, key: &str, errors: &mut FieldErrors) -> Option<Vec<KeyValue>> {
    let value = f.get(key)?;
    match serde_json::from_value::<Vec<KeyValue>>(value.clone()) {
        Ok(list) if list.len() <= MAX_PAIRS => Some(
            list.into_iter()
                .filter(|p| !p.key.trim().is_empty())
                .map(|p| KeyValue {
                    key: p.key.trim().to_string(),
                    value: p.value,
                })
                .collect(),
        ),
        _ => {
            errors.add(
                f.name(key),
                "array",
                format!(
                    "The {} must be a list of at most {MAX_PAIRS} {{key, value}} pairs.",
                    f.name(key)
                ),
            );
            None
        }
    }
}

/// Outbox kind of one webhook delivery.
pub const DELIVERY_KIND: &str = crate::service::outbox::WEBHOOK_KIND;

/// The outbox items of `trigger` for a booking: one delivery per enabled feed of its event that
/// subscribes to it, each carrying the body rendered now, so that it reports the booking as it
/// was at this moment, however late it goes out (and even when the booking is deleted before).
/// Deliveries to one feed about one booking go out in order. The message id stays the same
/// across retries, so receivers can drop duplicates.
pub fn delivery_items(
    feeds: &[IntegrationRow],
    booking: &BookingRow,
    event: Option<&EventRow>,
    host: Option<&UserRow>,
    trigger: &str,
) -> Vec<Outgoing> {
    feeds
        .iter()
        .filter(|feed| feed.enabled && feed.integration_key == WEBHOOK)
        .filter_map(|feed| {
            let settings = WebhookSettings::parse(feed);
            if !settings.event_triggers.iter().any(|t| t == trigger) {
                return None;
            }
            let delivery = WebhookDelivery {
                event_id: feed.event_id,
                integration_id: feed.id,
                booking_id: booking.id,
                trigger: trigger.to_string(),
                test: false,
                message_id: new_message_id(),
                body: Some(delivery_body(&settings, trigger, booking, event, host)),
            };
            Some(Outgoing::about(booking.id, Message::Webhook(delivery)))
        })
        .collect()
}

/// What a test delivery sends: the feed and event it is about, and no attendee data.
pub fn test_delivery_body(settings: &WebhookSettings, event: Option<&EventRow>) -> Value {
    serde_json::json!({
        "trigger": "test",
        "message": "A test delivery from slotbook: this feed works.",
        "feed": settings.name,
        "event": event.map(|e| serde_json::json!({"id": e.id, "title": e.title})),
        "sent_at": chrono::Utc::now().format("%Y-%m-%d %H:%M:%S").to_string(),
    })
}

/// Queues the deliveries of `trigger` for stored bookings, given as (booking id, event id), in
/// the caller's transaction. Each event's feeds are read once; a booking is read only when a
/// feed wants it.
pub async fn enqueue_webhooks(
    mut ex: Ex<'_>,
    booked: &[(i64, i64)],
    trigger: &str,
) -> ServiceResult<()> {
    let mut feeds_of: std::collections::HashMap<i64, Vec<IntegrationRow>> = Default::default();
    for (booking_id, event_id) in booked {
        if !feeds_of.contains_key(event_id) {
            let feeds = integrations::enabled_for_event(
                crate::store::reborrow(&mut ex),
                *event_id,
                WEBHOOK,
            )
            .await?;
            feeds_of.insert(*event_id, feeds);
        }
        let feeds = feeds_of
            .get(event_id)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let wanted = feeds.iter().any(|f| {
            f.enabled
                && WebhookSettings::parse(f)
                    .event_triggers
                    .iter()
                    .any(|t| t == trigger)
        });
        if !wanted {
            continue;
        }
        let Some(booking) = bookings::find(crate::store::reborrow(&mut ex), *booking_id).await?
        else {
            continue;
        };
        let event = crate::store::events::find(crate::store::reborrow(&mut ex), *event_id).await?;
        let host = crate::store::users::find(crate::store::reborrow(&mut ex), booking.host_user_id)
            .await?;
        let deliveries = delivery_items(feeds, &booking, event.as_ref(), host.as_ref(), trigger);
        outbox::enqueue_all(crate::store::reborrow(&mut ex), &deliveries).await?;
    }
    Ok(())
}

/// The trigger a status change fires, if any.
pub fn trigger_for_status(status: BookingStatus) -> Option<&'static str> {
    match status {
        BookingStatus::Scheduled => Some("after_booking_scheduled"),
        BookingStatus::Cancelled => Some("booking_schedule_cancelled"),
        BookingStatus::Completed => Some("booking_schedule_completed"),
        BookingStatus::Rejected => Some("booking_schedule_rejected"),
        BookingStatus::Pending | BookingStatus::NoShow => None,
    }
}

/// Placeholders a `selected_fields` value may use: (code, label).
pub const SMART_CODES: [(&str, &str); 14] = [
    ("guest.first_name", "Attendee first name"),
    ("guest.last_name", "Attendee last name"),
    ("guest.full_name", "Attendee name"),
    ("guest.email", "Attendee email"),
    ("guest.phone", "Attendee phone"),
    ("guest.timezone", "Attendee time zone"),
    ("guest.note", "Attendee note"),
    ("booking.id", "Booking id"),
    ("booking.status", "Booking status"),
    ("booking.start_time", "Start (UTC, YYYY-MM-DD HH:mm:ss)"),
    ("booking.end_time", "End (UTC, YYYY-MM-DD HH:mm:ss)"),
    ("event.title", "Event title"),
    ("host.name", "Host name"),
    ("host.email", "Host email"),
];

/// What one delivery sends: the whole booking and event, or the selected fields with their
/// smart codes replaced.
pub fn delivery_body(
    settings: &WebhookSettings,
    trigger: &str,
    booking: &BookingRow,
    event: Option<&EventRow>,
    host: Option<&UserRow>,
) -> Value {
    let time = |t: i64| {
        chrono::DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .format("%Y-%m-%d %H:%M:%S")
            .to_string()
    };
    let status = if trigger == "after_booking_rescheduled" {
        "rescheduled"
    } else {
        booking.status.as_str()
    };
    if settings.request_body == "selected_fields" {
        let codes = |code: &str| -> String {
            match code {
                "guest.first_name" => booking.first_name.clone(),
                "guest.last_name" => booking.last_name.clone(),
                "guest.full_name" => format!("{} {}", booking.first_name, booking.last_name)
                    .trim()
                    .to_string(),
                "guest.email" => booking.email.clone(),
                "guest.phone" => booking.phone.clone(),
                "guest.timezone" => booking.person_time_zone.clone(),
                "guest.note" => booking.message.clone(),
                "booking.id" => booking.id.to_string(),
                "booking.status" => status.to_string(),
                "booking.start_time" => time(booking.start_time),
                "booking.end_time" => time(booking.end_time),
                "event.title" => event.map(|e| e.title.clone()).unwrap_or_default(),
                "host.name" => host.map(UserRow::full_name).unwrap_or_default(),
                "host.email" => host.map(|h| h.email.clone()).unwrap_or_default(),
                _ => String::new(),
            }
        };
        let mut map = Map::new();
        for field in &settings.fields {
            let mut value = field.value.clone();
            for (code, _) in SMART_CODES {
                let placeholder = format!("{{{{{code}}}}}");
                if value.contains(&placeholder) {
                    value = value.replace(&placeholder, &codes(code));
                }
            }
            map.insert(field.key.clone(), json!(value));
        }
        return Value::Object(map);
    }
    json!({
        "trigger": trigger,
        "booking": {
            "id": booking.id, "hash": booking.hash, "status": status, "event_id": booking.event_id,
            "calendar_id": booking.calendar_id, "group_id": booking.group_id, "host_user_id": booking.host_user_id,
            "first_name": booking.first_name, "last_name": booking.last_name, "email": booking.email,
            "phone": booking.phone, "message": booking.message, "person_time_zone": booking.person_time_zone,
            "start_time": time(booking.start_time), "end_time": time(booking.end_time),
            "slot_minutes": booking.slot_minutes, "source": booking.source,
            "payment_status": booking.payment_status,
        },
        "calendar_event": event.map(|e| json!({
            "id": e.id, "calendar_id": e.calendar_id, "user_id": e.user_id, "title": e.title,
            "slug": e.slug, "duration": e.duration, "event_type": e.event_type, "status": e.status,
        })),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_webhook_save_reads_its_settings_as_an_object_or_as_json_text() {
        let given = json!({"request_url": "https://example.org/hook"});
        let as_object = SaveIntegration::parse(&json!({
            "integration_name": WEBHOOK, "status": true, "integration": given,
        }));
        let as_text = SaveIntegration::parse(&json!({
            "integration_name": WEBHOOK, "status": "yes", "integration": given.to_string(),
        }));
        let expected = SaveIntegration {
            status: Some(true),
            integration: Some(given),
        };
        assert_eq!(as_object.ok(), Some(expected.clone()));
        assert_eq!(as_text.ok(), Some(expected));
        // An empty object or text keeps the stored settings.
        let keep = SaveIntegration::parse(&json!({"integration_name": WEBHOOK, "integration": {}}));
        assert_eq!(keep.ok().map(|s| s.integration), Some(None));
    }

    #[test]
    fn a_webhook_save_names_what_is_wrong() {
        let fields = |body: Value| match SaveIntegration::parse(&body) {
            Err(ServiceError::Validation { errors, .. }) => errors
                .messages()
                .map(|(field, _)| field.to_string())
                .collect::<Vec<_>>(),
            other => panic!("expected a validation error, got {other:?}"),
        };
        assert_eq!(fields(json!({})), vec!["integration_name"]);
        assert_eq!(
            fields(json!({"integration_name": WEBHOOK, "integration": "[1]"})),
            vec!["integration"]
        );
        assert_eq!(
            fields(json!({"integration_name": "zapier"})),
            vec!["integration_name"]
        );
    }
}
