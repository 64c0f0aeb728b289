//! The Limits tab's body and the advanced settings (`POST …/limits`, `…/advanced-settings`).

use serde_json::Value;

use super::settings::limits_changes;
use crate::domain::validation::FieldErrors;
use crate::input::fields::{Fields, clean_text};
use crate::model::event::{MultiDuration, Quantity};
use crate::service::events::limits::{AdvancedSettings, RulePatch};
use crate::service::events::new_event::{MAX_DURATION, MIN_DURATION};
use crate::service::events::settings::LimitsChanges;
use crate::service::support::sanitize::clean_html;
use crate::service::{ServiceError, ServiceResult};

/// `{settings: {…limits}}`, read once.
pub fn read_limits(body: &Value) -> ServiceResult<LimitsChanges> {
    let mut errors = FieldErrors::new();
    let inner = Fields::new(Some(body), "").object("settings", &mut errors);
    if inner.is_none() && !errors.contains("settings") {
        errors.add("settings", "required", "The settings field is required.");
    }
    let changes = limits_changes(&Fields::new(inner, "settings"), &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(changes)
}

/// Reads `{settings: {requires_confirmation?, can_not_cancel?, can_not_reschedule?,
/// multi_duration?}}`; unknown keys are ignored.
pub fn advanced_settings(body: &Value) -> ServiceResult<AdvancedSettings> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let inner = Fields::new(Some(body), "").object("settings", &mut errors);
    if inner.is_none() && !errors.contains("settings") {
        errors.add("settings", "required", "The settings field is required.");
    }
    let mut patch = AdvancedSettings::default();
    if let Some(inner) = inner {
        let rules = [
            ("requires_confirmation", &mut patch.requires_confirmation),
            ("can_not_cancel", &mut patch.can_not_cancel),
            ("can_not_reschedule", &mut patch.can_not_reschedule),
        ];
        for (key, slot) in rules {
            if let Some(given) = inner.get(key) {
                match rule_patch(given) {
                    Ok(rule) => *slot = Some(rule),
                    Err(message) => errors.add(format!("settings.{key}"), "invalid", message),
                }
            }
        }
        patch.multi_duration = inner
            .get("multi_duration")
            .and_then(|given| multi_duration(given, &mut errors));
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(patch)
}

/// What was sent for a rule: a switch (`true`, `"yes"`, ...) or the rule's keys to change.
fn rule_patch(given: &Value) -> Result<RulePatch, String> {
    let switch = |value: &Value| match value {
        Value::Bool(b) => Some(*b),
        Value::String(s) => match s.as_str() {
            "yes" | "true" | "1" => Some(true),
            "no" | "false" | "0" => Some(false),
            _ => None,
        },
        Value::Number(n) => n.as_i64().filter(|n| *n == 0 || *n == 1).map(|n| n == 1),
        _ => None,
    };
    let invalid = "Send true, false or {enabled, type, condition: {value, unit}, message}.";
    let mut patch = RulePatch::default();
    match given {
        Value::Object(keys) => {
            if let Some(enabled) = keys.get("enabled") {
                patch.enabled = Some(switch(enabled).ok_or(invalid)?);
            }
            if let Some(kind) = keys.get("type") {
                match kind.as_str() {
                    Some(kind @ ("always" | "conditional")) => patch.rule_type = Some(kind.into()),
                    _ => return Err("The type must be always or conditional.".into()),
                }
            }
            if let Some(condition) = keys.get("condition") {
                let condition: Quantity =
                    serde_json::from_value(condition.clone()).map_err(|_| invalid.to_string())?;
                if condition.value < 0
                    || !["minutes", "hours", "days"].contains(&condition.unit.as_str())
                {
                    return Err(
                        "The condition must be a value of 0 or more in minutes, hours or days."
                            .into(),
                    );
                }
                patch.condition = Some(condition);
            }
            if let Some(message) = keys.get("message") {
                let text = message.as_str().ok_or(invalid)?.trim();
                if text.chars().count() > 500 {
                    return Err("The message may not be greater than 500 characters.".into());
                }
                patch.message = Some(clean_html(text));
            }
        }
        switch_value => patch.enabled = Some(switch(switch_value).ok_or(invalid)?),
    }
    Ok(patch)
}

pub fn multi_duration(value: &Value, errors: &mut FieldErrors) -> Option<MultiDuration> {
    let f = Fields::new(Some(value), "multi_duration");
    let enabled = f.bool("enabled", errors).unwrap_or(false);
    let default = f.int("default_duration", errors);
    let available = f
        .int_list("available_durations", errors)
        .unwrap_or_default();
    if enabled {
        if default.is_none() && !errors.contains("multi_duration.default_duration") {
            errors.add(
                "multi_duration.default_duration",
                "required",
                "The default duration is required when multiple durations are enabled.",
            );
        }
        if available.is_empty() && !errors.contains("multi_duration.available_durations") {
            errors.add(
                "multi_duration.available_durations",
                "required",
                "The available durations are required when multiple durations are enabled.",
            );
        }
        if available
            .iter()
            .any(|d| !(MIN_DURATION..=MAX_DURATION).contains(d))
        {
            errors.add(
                "multi_duration.available_durations",
                "between",
                "Each duration must be between 5 and 1440 minutes.",
            );
        }
        if let Some(d) = default
            && !available.is_empty()
            && !available.contains(&d)
        {
            errors.add(
                "multi_duration.default_duration",
                "in",
                "The default duration must be one of the available durations.",
            );
        }
    }
    Some(MultiDuration {
        enabled,
        default_duration: default
            .map(Value::from)
            .unwrap_or_else(|| Value::String(String::new())),
        available_durations: available,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn advanced_settings_read_switches_and_keys_and_change_only_what_was_sent() {
        let patch = advanced_settings(&json!({"settings": {
            "requires_confirmation": "yes",
            "can_not_cancel": {"type": "conditional", "condition": {"value": 2, "unit": "hours"},
                               "message": " <b>Call us</b><script>x</script> "},
            "unknown": 1,
        }}));
        let Ok(patch) = patch else {
            panic!("a valid body was refused: {patch:?}");
        };
        assert_eq!(
            patch.requires_confirmation.as_ref().and_then(|r| r.enabled),
            Some(true)
        );
        assert_eq!(patch.can_not_reschedule, None);
        let mut rule = crate::model::event::EventSettings::default().can_not_cancel;
        let before = rule.clone();
        if let Some(change) = &patch.can_not_cancel {
            change.apply(&mut rule);
        }
        assert_eq!(
            rule.enabled, before.enabled,
            "a key not sent keeps its value"
        );
        assert_eq!(rule.rule_type, "conditional");
        assert_eq!(
            (rule.condition.value, rule.condition.unit.as_str()),
            (2, "hours")
        );
        assert_eq!(rule.message.as_deref(), Some("<b>Call us</b>"));
    }

    #[test]
    fn advanced_settings_name_each_refused_rule() {
        let refused = advanced_settings(&json!({"settings": {
            "can_not_cancel": {"condition": {"value": -1, "unit": "hours"}},
            "can_not_reschedule": "maybe",
        }}));
        let Err(ServiceError::Validation { errors, .. }) = refused else {
            panic!("expected a validation error, got {refused:?}");
        };
        let fields: Vec<&str> = errors.messages().map(|(field, _)| field).collect();
        assert_eq!(
            fields,
            vec!["settings.can_not_cancel", "settings.can_not_reschedule"]
        );
        assert!(matches!(
            advanced_settings(&json!({})),
            Err(ServiceError::Validation { .. })
        ));
    }
}
