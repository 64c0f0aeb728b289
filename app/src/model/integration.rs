//! An event's integrations (webhook feeds) as the REST interface shows them.

use serde::{Deserialize, Serialize};

/// A header or body field of a webhook request.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct KeyValue {
    pub key: String,
    pub value: String,
}

/// A webhook feed's settings, without its signing secret (answered once, on creation).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct WebhookFeed {
    pub name: String,
    pub enabled: bool,
    pub request_url: String,
    #[cfg_attr(feature = "ssr", schema(example = "POST"))]
    pub request_method: String,
    #[cfg_attr(feature = "ssr", schema(example = "JSON"))]
    pub request_format: String,
    /// `all_data` or `selected_fields`.
    pub request_body: String,
    pub fields: Vec<KeyValue>,
    /// `yup` sends `request_headers`, `nop` none.
    pub with_header: String,
    pub request_headers: Vec<KeyValue>,
    pub event_triggers: Vec<String>,
}

/// One feed of the event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct Feed {
    pub id: i64,
    pub name: String,
    pub enabled: bool,
    #[cfg_attr(feature = "ssr", schema(example = "webhook"))]
    pub provider: String,
    pub feed: WebhookFeed,
}

/// `GET …/integrations`: the feeds, what can be added, the triggers and the smart codes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct IntegrationsAnswer {
    pub feeds: Vec<Feed>,
    /// Integration key -> what it is.
    #[cfg_attr(feature = "ssr", schema(value_type = HashMap<String, AvailableIntegration>))]
    pub available_integrations: serde_json::Map<String, serde_json::Value>,
    pub event_triggers: Vec<TriggerOption>,
    pub smart_codes: Vec<SmartCode>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct AvailableIntegration {
    pub title: String,
    pub enabled: bool,
    pub description: String,
}

/// A booking change that can fire a feed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct TriggerOption {
    pub label: String,
    #[cfg_attr(feature = "ssr", schema(example = "after_booking_scheduled"))]
    pub value: String,
}

/// A placeholder `selected_fields` values may use.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct SmartCode {
    #[cfg_attr(feature = "ssr", schema(example = "{{guest.email}}"))]
    pub code: String,
    pub label: String,
}

/// `POST …/integrations/{integration_id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct IntegrationSaved {
    #[cfg_attr(feature = "ssr", schema(example = "Integration successfully saved"))]
    pub message: String,
    pub integration_id: i64,
    pub integration_name: String,
    pub created: bool,
    /// A new feed's signing secret (`whsec_…`), shown this once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signing_secret: Option<String>,
}
