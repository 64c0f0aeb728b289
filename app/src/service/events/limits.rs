//! The event editor's Limits tab and its advanced settings: notice, buffers, booking caps,
//! confirmation, and when attendees may cancel or reschedule.

use serde_json::Value;

use super::admin::{load_managed_event, save, settings_saved};
use super::details::parse_multi_duration;
use crate::domain::validation::FieldErrors;
use crate::model::event::{ConditionalRule, EventSettingsSaved, MultiDuration, Quantity};
use crate::service::events::settings::LimitsChanges;
use crate::service::support::input::Fields;
use crate::service::support::present::event_settings;
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};

/// `POST …/limits` with body `{settings: {…}}`: the limits sent change, the others are kept.
/// Access first: another host's ids answer 404 whatever the body.
pub async fn update_limits(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<EventSettingsSaved> {
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let changes = read_limits(body)?;
    let mut settings = event_settings(&ev)?;
    changes.apply(&mut settings);
    save(ctx, tx, &mut ev, &settings).await?;
    Ok(settings_saved(&ev, settings))
}

/// `{settings: {…limits}}`, read once.
pub fn read_limits(body: &Value) -> ServiceResult<LimitsChanges> {
    let mut errors = FieldErrors::new();
    let inner = Fields::new(Some(body), "").object("settings", &mut errors);
    if inner.is_none() && !errors.contains("settings") {
        errors.add("settings", "required", "The settings field is required.");
    }
    let changes = LimitsChanges::read(&Fields::new(inner, "settings"), &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(changes)
}

/// `POST …/{event_id}/advanced-settings`'s body, read once: what to change of each rule and
/// of the multi-duration choice (`None`: keep it).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AdvancedSettings {
    pub requires_confirmation: Option<RulePatch>,
    pub can_not_cancel: Option<RulePatch>,
    pub can_not_reschedule: Option<RulePatch>,
    pub multi_duration: Option<MultiDuration>,
}

/// A change of one conditional rule: a switch alone, or the keys sent (each checked).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RulePatch {
    pub enabled: Option<bool>,
    /// `always` or `conditional`.
    pub rule_type: Option<String>,
    /// A value of 0 or more in minutes, hours or days.
    pub condition: Option<Quantity>,
    /// Sanitised, at most 500 characters.
    pub message: Option<String>,
}

impl RulePatch {
    pub fn apply(&self, rule: &mut ConditionalRule) {
        if let Some(enabled) = self.enabled {
            rule.enabled = enabled;
        }
        if let Some(kind) = &self.rule_type {
            rule.rule_type = kind.clone();
        }
        if let Some(condition) = &self.condition {
            rule.condition = condition.clone();
        }
        if let Some(message) = &self.message {
            rule.message = Some(message.clone());
        }
    }
}

impl AdvancedSettings {
    /// Reads `{settings: {requires_confirmation?, can_not_cancel?, can_not_reschedule?,
    /// multi_duration?}}`; unknown keys are ignored.
    pub fn parse(body: &Value) -> ServiceResult<AdvancedSettings> {
        crate::service::support::input::clean_text(body)?;
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
                .and_then(|given| parse_multi_duration(given, &mut errors));
        }
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(patch)
    }
}

/// `POST …/{event_id}/advanced-settings`: the options no other route sets, with the
/// reference's keys: `requires_confirmation`, `can_not_cancel`, `can_not_reschedule` (each
/// `true`/`false` or `{enabled, type: always|conditional, condition: {value, unit}, message}`)
/// and `multi_duration` (`{enabled, default_duration, available_durations}`). Keys not sent
/// keep their values. Access first: another host's ids answer 404 whatever the body.
pub async fn update_advanced(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<EventSettingsSaved> {
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let patch = AdvancedSettings::parse(body)?;
    let mut settings = event_settings(&ev)?;
    let rules = [
        (
            &patch.requires_confirmation,
            &mut settings.requires_confirmation,
        ),
        (&patch.can_not_cancel, &mut settings.can_not_cancel),
        (&patch.can_not_reschedule, &mut settings.can_not_reschedule),
    ];
    for (change, rule) in rules {
        if let Some(change) = change {
            change.apply(rule);
        }
    }
    if let Some(multi_duration) = patch.multi_duration {
        settings.multi_duration = multi_duration;
    }
    save(ctx, tx, &mut ev, &settings).await?;
    Ok(settings_saved(&ev, settings))
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn advanced_settings_read_switches_and_keys_and_change_only_what_was_sent() {
        let patch = AdvancedSettings::parse(&json!({"settings": {
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
        let refused = AdvancedSettings::parse(&json!({"settings": {
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
            AdvancedSettings::parse(&json!({})),
            Err(ServiceError::Validation { .. })
        ));
    }
}
