//! `/calendars/{id}/events/{event_id}/integrations…`: per-event webhook feeds, and the booking
//! triggers that queue their deliveries. Delivery (signing, retries, address checks) is the job
//! worker's (`src/jobs/webhook.rs`).

use crate::model::answer::MessageAnswer;
use crate::model::integration::{
    AvailableIntegration, Feed, IntegrationSaved, IntegrationsAnswer, SmartCode, TriggerOption,
    WebhookFeed,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, json};

use crate::service::events::admin::load_managed_event;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::integrations::{self, IntegrationRow};
use crate::store::{Ex, StoreError};

pub mod changes;
mod deliveries;

pub use changes::WebhookChanges;
pub use changes::settled;
pub use deliveries::{
    DELIVERY_KIND, SMART_CODES, delivery_body, delivery_items, enqueue_webhooks,
    test_delivery_body, trigger_for_status,
};

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
pub(super) const METHODS: [&str; 5] = ["POST", "GET", "PUT", "PATCH", "DELETE"];
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

/// A webhook feed saved: switched on or off, and its settings changed (checked against the
/// stored ones on save).
#[derive(Debug, Clone, PartialEq)]
pub struct SaveIntegration {
    pub status: Option<bool>,
    /// The feed's settings given; `None`: keep them.
    pub integration: Option<WebhookChanges>,
}

/// 404 unless the caller manages the event and, unless `integration_id` is 0 (a new feed), the
/// feed is the event's. The way in asks this before it reads a body: another host's ids answer
/// 404 whatever the body.
pub async fn check_access(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    integration_id: i64,
) -> ServiceResult<()> {
    let mut conn = ctx.store.conn().await?;
    let (_, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    existing_feed(conn.ex(), ev.id, integration_id)
        .await
        .map(drop)
}

/// The event's feed `integration_id` (`None` for 0, a new one); 404 if it has no such feed.
async fn existing_feed(
    ex: Ex<'_>,
    event_id: i64,
    integration_id: i64,
) -> ServiceResult<Option<IntegrationRow>> {
    if integration_id == 0 {
        return Ok(None);
    }
    integrations::find(ex, event_id, integration_id)
        .await?
        .ok_or(ServiceError::NotFound)
        .map(Some)
}

/// `POST …/integrations/{integration_id}` (`0` creates).
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    integration_id: i64,
    command: SaveIntegration,
) -> ServiceResult<IntegrationSaved> {
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let existing = existing_feed(tx.ex(), ev.id, integration_id).await?;
    let SaveIntegration {
        status,
        integration,
    } = command;
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
    given: Option<WebhookChanges>,
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
            let mut settings =
                changes::settled(given, previous.as_ref(), ctx.allow_private_targets)?;
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

/// "Send test" on a feed: queued like a delivery (signed, logged) without booking data.
pub async fn send_test(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    integration_id: i64,
) -> ServiceResult<()> {
    use crate::service::outbox::{Message, Outgoing, WebhookDelivery, enqueue, new_message_id};
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    integrations::find(tx.ex(), ev.id, integration_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let delivery = WebhookDelivery {
        event_id: ev.id,
        integration_id,
        booking_id: 0,
        trigger: "test".into(),
        test: true,
        message_id: new_message_id(),
        body: None,
    };
    let outgoing = Outgoing {
        message: Message::Webhook(delivery),
        booking_id: None,
        due_at: None,
    };
    enqueue(tx.ex(), &outgoing).await?;
    tx.commit().await?;
    Ok(())
}
