//! A webhook feed's settings as a save sends them: read once into the changes asked for,
//! applied over the stored feed (or the defaults), then checked as they will be stored.

use base64::Engine as _;

use super::{KeyValue, METHODS, TRIGGERS, WebhookSettings};
use crate::domain::validation::{FieldErrors, check_max_len};
use crate::service::support::checks::{is_http_url, set_if_sent};
use crate::service::{ServiceError, ServiceResult};

/// Longest list of body fields or headers.
pub const MAX_PAIRS: usize = 50;

/// The feed's settings `changes` over `previous` (or the defaults), checked whole. A new feed
/// gets a fresh signing secret.
pub fn settled(
    mut changes: WebhookChanges,
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
    let mut errors = std::mem::take(&mut changes.unreadable);
    changes.check_text(&mut errors);
    changes.apply(&mut s);
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
    /// What the way in could not read, refused together with the feed's own rules.
    pub unreadable: FieldErrors,
}

impl WebhookChanges {
    /// The text rules of every way in (`domain::text`): a page builds these changes without a
    /// body.
    pub fn check_text(&self, errors: &mut FieldErrors) {
        use crate::domain::text::check_text;
        let one_line = [("name", &self.name), ("request_url", &self.request_url)];
        for (key, text) in one_line {
            if let Some(text) = text {
                check_text(&format!("integration.{key}"), text, true, errors);
            }
        }
        for (list, pairs) in [
            ("fields", &self.fields),
            ("request_headers", &self.request_headers),
        ] {
            for (i, pair) in pairs.iter().flatten().enumerate() {
                check_text(
                    &format!("integration.{list}.{i}.key"),
                    &pair.key,
                    true,
                    errors,
                );
                check_text(
                    &format!("integration.{list}.{i}.value"),
                    &pair.value,
                    false,
                    errors,
                );
            }
        }
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
            unreadable: _,
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
