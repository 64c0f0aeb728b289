//! A webhook feed's settings as a save sends them: read once into the changes asked for,
//! applied over the stored feed (or the defaults), then checked as they will be stored.

use base64::Engine as _;
use serde_json::Value;

use super::{KeyValue, METHODS, TRIGGERS, WebhookSettings};
use crate::domain::validation::{FieldErrors, check_max_len};
use crate::service::support::input::{Fields, is_http_url, set_if_sent};
use crate::service::{ServiceError, ServiceResult};

/// Longest list of body fields or headers.
const MAX_PAIRS: usize = 50;

/// The feed's settings `given` over `previous` (or the defaults), checked whole. A new feed
/// gets a fresh signing secret.
pub(crate) fn settled(
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
    WebhookChanges::read(given, &mut errors).apply(&mut s);
    check_settings(&s, allow_private, &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    s.event_triggers.sort();
    s.event_triggers.dedup();
    Ok(s)
}

/// The keys of a feed's settings that a save sent (`None`: keep), each of its stored type.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WebhookChanges {
    /// Trimmed.
    pub name: Option<String>,
    pub enabled: Option<bool>,
    /// Trimmed.
    pub request_url: Option<String>,
    /// Upper case.
    pub request_method: Option<String>,
    /// Upper case.
    pub request_format: Option<String>,
    /// `all_data` or `selected_fields`.
    pub request_body: Option<String>,
    /// `yup` or `nop`.
    pub with_header: Option<String>,
    pub fields: Option<Vec<KeyValue>>,
    pub request_headers: Option<Vec<KeyValue>>,
    pub event_triggers: Option<Vec<String>>,
}

impl WebhookChanges {
    /// Reads the `integration` object; each key of the wrong type is named in `errors`.
    pub fn read(given: &Value, errors: &mut FieldErrors) -> WebhookChanges {
        let f = Fields::new(Some(given), "integration");
        let trimmed = |key: &str, errors: &mut FieldErrors| {
            f.str(key, errors).map(|text| text.trim().to_string())
        };
        let mut changes = WebhookChanges {
            name: trimmed("name", errors),
            enabled: f.bool("enabled", errors),
            request_url: trimmed("request_url", errors),
            request_method: trimmed("request_method", errors).map(|m| m.to_uppercase()),
            request_format: trimmed("request_format", errors).map(|m| m.to_uppercase()),
            request_body: f.one_of("request_body", &["all_data", "selected_fields"], errors),
            with_header: f.one_of("with_header", &["yup", "nop"], errors),
            fields: pairs(&f, "fields", errors),
            request_headers: pairs(&f, "request_headers", errors),
            event_triggers: None,
        };
        if let Some(list) = f.get("event_triggers") {
            changes.event_triggers = serde_json::from_value::<Vec<String>>(list.clone()).ok();
            if changes.event_triggers.is_none() {
                errors.add(
                    "integration.event_triggers",
                    "array",
                    "The integration.event_triggers must be a list of trigger names.",
                );
            }
        }
        changes
    }

    pub fn apply(self, s: &mut WebhookSettings) {
        let WebhookChanges {
            name,
            enabled,
            request_url,
            request_method,
            request_format,
            request_body,
            with_header,
            fields,
            request_headers,
            event_triggers,
        } = self;
        set_if_sent(&mut s.name, name);
        set_if_sent(&mut s.enabled, enabled);
        set_if_sent(&mut s.request_url, request_url);
        set_if_sent(&mut s.request_method, request_method);
        set_if_sent(&mut s.request_format, request_format);
        set_if_sent(&mut s.request_body, request_body);
        set_if_sent(&mut s.with_header, with_header);
        set_if_sent(&mut s.fields, fields);
        set_if_sent(&mut s.request_headers, request_headers);
        set_if_sent(&mut s.event_triggers, event_triggers);
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_feed_change_keeps_what_was_not_sent_and_is_checked_whole() {
        let stored = WebhookSettings {
            name: "CRM".into(),
            request_url: "https://example.org/hook".into(),
            event_triggers: vec![TRIGGERS[0].0.into()],
            secret: "whsec_kept".into(),
            ..WebhookSettings::default()
        };
        let saved = settled(
            &json!({"request_method": " put ", "event_triggers": [TRIGGERS[1].0, TRIGGERS[1].0]}),
            Some(&stored),
            false,
        );
        let Ok(saved) = saved else {
            panic!("a valid change was refused: {saved:?}");
        };
        assert_eq!(saved.request_method, "PUT");
        assert_eq!(
            (saved.name.as_str(), saved.secret.as_str()),
            ("CRM", "whsec_kept")
        );
        assert_eq!(saved.event_triggers, vec![TRIGGERS[1].0]);

        let refused = settled(
            &json!({"request_body": "some", "request_url": "ftp://example.org"}),
            Some(&stored),
            false,
        );
        let Err(ServiceError::Validation { errors, .. }) = refused else {
            panic!("expected a validation error, got {refused:?}");
        };
        let fields: Vec<&str> = errors.messages().map(|(field, _)| field).collect();
        assert_eq!(
            fields,
            vec!["integration.request_body", "integration.request_url"],
            "a key of the wrong type and a rule of the whole feed are named together"
        );
        let fresh = settled(&json!({}), None, false);
        assert!(
            fresh.is_err(),
            "a new feed needs a name, an address and a trigger"
        );
    }
}
