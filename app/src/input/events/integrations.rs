//! The body of a webhook feed's save (`POST …/integrations/{integration_id}`).

use serde_json::Value;

use crate::domain::validation::FieldErrors;
use crate::input::fields::{Fields, clean_text};
use crate::service::events::integrations::changes::MAX_PAIRS;
use crate::service::events::integrations::{KeyValue, SaveIntegration, WEBHOOK, WebhookChanges};
use crate::service::{ServiceError, ServiceResult};

/// Reads `POST …/integrations/{integration_id}`'s `{integration_name: "webhook", status?,
/// integration?}`; the feed's settings may come as an object or as its JSON text.
pub fn save_integration(body: &Value) -> ServiceResult<SaveIntegration> {
    clean_text(body)?;
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
        integration: given.as_ref().map(webhook_changes),
    })
}

/// Reads the `integration` object; each key of the wrong type is named in its `unreadable`.
pub fn webhook_changes(given: &Value) -> WebhookChanges {
    let mut errors = FieldErrors::new();
    let mut changes = webhook_fields(given, &mut errors);
    changes.unreadable = errors;
    changes
}

fn webhook_fields(given: &Value, errors: &mut FieldErrors) -> WebhookChanges {
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
        unreadable: FieldErrors::new(),
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
    use serde_json::json;

    use super::*;
    use crate::service::events::integrations::changes::settled;
    use crate::service::events::integrations::{TRIGGERS, WebhookSettings};

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
            webhook_changes(
                &json!({"request_method": " put ", "event_triggers": [TRIGGERS[1].0, TRIGGERS[1].0]}),
            ),
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
            webhook_changes(&json!({"request_body": "some", "request_url": "ftp://example.org"})),
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
        let fresh = settled(webhook_changes(&json!({})), None, false);
        assert!(
            fresh.is_err(),
            "a new feed needs a name, an address and a trigger"
        );
    }

    #[test]
    fn a_webhook_save_reads_its_settings_as_an_object_or_as_json_text() {
        let given = json!({"request_url": "https://example.org/hook"});
        let as_object = save_integration(&json!({
            "integration_name": WEBHOOK, "status": true, "integration": given,
        }));
        let as_text = save_integration(&json!({
            "integration_name": WEBHOOK, "status": "yes", "integration": given.to_string(),
        }));
        let expected = SaveIntegration {
            status: Some(true),
            integration: Some(webhook_changes(&given)),
        };
        assert_eq!(as_object.ok(), Some(expected.clone()));
        assert_eq!(as_text.ok(), Some(expected));
        // An empty object or text keeps the stored settings.
        let keep = save_integration(&json!({"integration_name": WEBHOOK, "integration": {}}));
        assert_eq!(keep.ok().map(|s| s.integration), Some(None));
    }

    #[test]
    fn a_webhook_save_names_what_is_wrong() {
        let fields = |body: serde_json::Value| match save_integration(&body) {
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
