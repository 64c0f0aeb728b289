//! The Limits tab's body and the advanced settings (`POST …/limits`, `…/advanced-settings`).

use serde_json::Value;

use super::settings::limits_changes;
use crate::domain::validation::FieldErrors;
use crate::input::fields::{Fields, clean_text};
use crate::model::event::Quantity;
use crate::service::events::limits::{AdvancedSettings, DurationChoice, RulePatch};
use crate::service::events::policies::{
    AttendeeLimitPatch, DomainsPatch, PolicyPatch, RecurringPatch, WaitlistPatch,
};
use crate::service::events::settings::LimitsChanges;
use crate::service::{ServiceError, ServiceResult};

/// `{settings: {…limits}}`, read once (the values' rules are [`LimitsChanges::check`]'s).
pub fn read_limits(body: &Value) -> ServiceResult<LimitsChanges> {
    let mut errors = FieldErrors::new();
    let Some(inner) = Fields::new(Some(body), "").object("settings", &mut errors) else {
        if !errors.contains("settings") {
            errors.add("settings", "required", "The settings field is required.");
        }
        return Err(ServiceError::invalid(errors));
    };
    let mut changes = limits_changes(&Fields::new(Some(inner), "settings"), &mut errors);
    changes.unreadable = errors;
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
            .map(|given| multi_duration(given, &mut errors));
        patch.policies = policies(&Fields::new(Some(inner), "settings"), &mut errors);
    }
    if errors.contains("settings") {
        return Err(ServiceError::invalid(errors));
    }
    patch.unreadable = errors;
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
                let kind = kind
                    .as_str()
                    .ok_or("The type must be always or conditional.")?;
                patch.rule_type = Some(kind.into());
            }
            if let Some(condition) = keys.get("condition") {
                let condition: Quantity =
                    serde_json::from_value(condition.clone()).map_err(|_| invalid.to_string())?;
                patch.condition = Some(condition);
            }
            if let Some(message) = keys.get("message") {
                patch.message = Some(message.as_str().ok_or(invalid)?.to_string());
            }
        }
        switch_value => patch.enabled = Some(switch(switch_value).ok_or(invalid)?),
    }
    Ok(patch)
}

/// The policy keys (DESIGN 2.8); a key whose shape can not be read is named as
/// `settings.<key>` with the first problem found in it.
fn policies(settings: &Fields<'_>, errors: &mut FieldErrors) -> PolicyPatch {
    let mut patch = PolicyPatch::default();
    let mut read = |key: &str, reader: &mut dyn FnMut(&Fields<'_>, &mut FieldErrors)| {
        if settings.get(key).is_none() {
            return;
        }
        let mut found = FieldErrors::new();
        let Some(value) = settings.object(key, &mut found) else {
            if let Some(message) = found.first_message() {
                errors.add(settings.name(key), "object", message);
            }
            return;
        };
        reader(&Fields::new(Some(value), key), &mut found);
        if let Some(message) = found.first_message() {
            errors.add(settings.name(key), "invalid", message);
        }
    };
    read("recurring_config", &mut |f, e| {
        patch.recurring_config = Some(RecurringPatch {
            enabled: f.bool("enabled", e),
            frequency: f.str("frequency", e),
            interval: f.int("interval", e),
            max_count: f.int("max_count", e),
            is_count_fixed: f.bool("is_count_fixed", e),
        })
    });
    read("attendee_limit", &mut |f, e| {
        patch.attendee_limit = Some(AttendeeLimitPatch {
            enabled: f.bool("enabled", e),
            value: f.int("value", e),
        })
    });
    read("waitlist", &mut |f, e| {
        patch.waitlist = Some(WaitlistPatch {
            enabled: f.bool("enabled", e),
            offer_minutes: f.int("offer_minutes", e),
        })
    });
    read("email_domains", &mut |f, e| {
        patch.email_domains = Some(DomainsPatch {
            allow: text_list(f, "allow", e),
            deny: text_list(f, "deny", e),
        })
    });
    patch.hold_minutes = settings.int("hold_minutes", errors);
    patch.secret = settings.bool("secret", errors);
    patch.agents_may_book = settings.bool("agents_may_book", errors);
    patch.video_link_template = settings.str("video_link_template", errors);
    patch
}

/// A list of texts (a comma- or line-separated text is split, as a form sends it).
pub fn text_list(f: &Fields<'_>, key: &str, errors: &mut FieldErrors) -> Option<Vec<String>> {
    match f.get(key)? {
        Value::Array(items) => {
            let texts: Option<Vec<String>> = items
                .iter()
                .map(|i| i.as_str().map(str::to_string))
                .collect();
            if texts.is_none() {
                errors.add(
                    f.name(key),
                    "array",
                    format!("The {} must be a list of texts.", f.name(key)),
                );
            }
            texts
        }
        Value::String(text) => Some(
            text.split([',', '\n'])
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_string)
                .collect(),
        ),
        _ => {
            errors.add(
                f.name(key),
                "array",
                format!("The {} must be a list of texts.", f.name(key)),
            );
            None
        }
    }
}

/// `multi_duration`: `{enabled, default_duration, available_durations}` as given (their rules
/// are [`DurationChoice::checked`]'s).
pub fn multi_duration(value: &Value, errors: &mut FieldErrors) -> DurationChoice {
    let f = Fields::new(Some(value), "multi_duration");
    DurationChoice {
        enabled: f.bool("enabled", errors).unwrap_or(false),
        default_duration: f.int("default_duration", errors),
        available_durations: f
            .int_list("available_durations", errors)
            .unwrap_or_default(),
    }
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
        assert!(patch.unreadable.is_empty());
        assert_eq!(
            patch.requires_confirmation.as_ref().and_then(|r| r.enabled),
            Some(true)
        );
        assert_eq!(patch.can_not_reschedule, None);
        let mut rule = crate::model::event::EventSettings::default().can_not_cancel;
        let before = rule.clone();
        let change = patch.can_not_cancel.map(RulePatch::checked);
        let Some(Ok(change)) = change else {
            panic!("a valid rule was refused: {change:?}");
        };
        change.apply(&mut rule);
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
    fn advanced_settings_name_what_they_could_not_read_and_the_rules_name_the_rest() {
        let read = advanced_settings(&json!({"settings": {
            "can_not_cancel": {"condition": {"value": -1, "unit": "hours"}},
            "can_not_reschedule": "maybe",
            "multi_duration": {"enabled": true, "available_durations": "30"},
        }}));
        let Ok(patch) = read else {
            panic!("a readable body was refused: {read:?}");
        };
        let fields: Vec<&str> = patch
            .unreadable
            .messages()
            .map(|(field, _)| field)
            .collect();
        assert_eq!(
            fields,
            vec![
                "multi_duration.available_durations",
                "settings.can_not_reschedule"
            ]
        );
        let refused = patch.can_not_cancel.map(RulePatch::checked);
        assert!(matches!(refused, Some(Err(_))), "{refused:?}");
        let mut errors = patch.unreadable.clone();
        patch.multi_duration.map(|m| m.checked(&mut errors));
        assert!(errors.contains("multi_duration.default_duration"));
        assert!(matches!(
            advanced_settings(&json!({})),
            Err(ServiceError::Validation { .. })
        ));
    }
}
