//! The event editor's Limits tab and its advanced settings: notice, buffers, booking caps,
//! confirmation, and when attendees may cancel or reschedule.

use serde_json::Value;

use super::admin::{load_managed_event, save, settings_saved};
use super::details::parse_multi_duration;
use crate::domain::validation::FieldErrors;
use crate::model::event::{ConditionalRule, EventSettingsSaved};
use crate::service::events::settings::apply_limits;
use crate::service::support::input::Fields;
use crate::service::support::present::event_settings;
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};

/// `POST …/limits` with body `{settings: {…}}`.
pub async fn update_limits(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<EventSettingsSaved> {
    let mut errors = FieldErrors::new();
    let root = Fields::new(Some(body), "");
    let inner = root.object("settings", &mut errors);
    if inner.is_none() && !errors.contains("settings") {
        errors.add("settings", "required", "The settings field is required.");
    }
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let mut settings = event_settings(&ev);
    apply_limits(&Fields::new(inner, "settings"), &mut settings, &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    save(ctx, tx, &mut ev, &settings).await?;
    Ok(settings_saved(&ev, settings))
}

/// `POST …/{event_id}/advanced-settings`: the options no other route sets, with the
/// reference's keys: `requires_confirmation`, `can_not_cancel`, `can_not_reschedule` (each
/// `true`/`false` or `{enabled, type: always|conditional, condition: {value, unit}, message}`)
/// and `multi_duration` (`{enabled, default_duration, available_durations}`). Keys not sent
/// keep their values; unknown keys are ignored.
pub async fn update_advanced(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<EventSettingsSaved> {
    // Access first: another host's ids answer 404 whatever the body.
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let mut errors = FieldErrors::new();
    let inner = Fields::new(Some(body), "").object("settings", &mut errors);
    if inner.is_none() && !errors.contains("settings") {
        errors.add("settings", "required", "The settings field is required.");
    }
    let mut settings = event_settings(&ev);
    if let Some(inner) = inner {
        let rules = [
            ("requires_confirmation", &mut settings.requires_confirmation),
            ("can_not_cancel", &mut settings.can_not_cancel),
            ("can_not_reschedule", &mut settings.can_not_reschedule),
        ];
        for (key, rule) in rules {
            if let Some(given) = inner.get(key) {
                let field = format!("settings.{key}");
                match merged_rule(rule, given) {
                    Ok(merged) => *rule = merged,
                    Err(message) => errors.add(&field, "invalid", message),
                }
            }
        }
        if let Some(given) = inner.get("multi_duration")
            && let Some(parsed) = parse_multi_duration(given, &mut errors)
        {
            settings.multi_duration = parsed;
        }
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    save(ctx, tx, &mut ev, &settings).await?;
    Ok(settings_saved(&ev, settings))
}

/// `rule` with what was sent: a switch (`true`, `"yes"`, ...) or the rule's keys to change.
pub(super) fn merged_rule(
    rule: &ConditionalRule,
    given: &Value,
) -> Result<ConditionalRule, String> {
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
    let mut merged = rule.clone();
    match given {
        Value::Object(keys) => {
            if let Some(enabled) = keys.get("enabled") {
                merged.enabled = switch(enabled).ok_or(invalid)?;
            }
            if let Some(kind) = keys.get("type") {
                match kind.as_str() {
                    Some(kind @ ("always" | "conditional")) => merged.rule_type = kind.into(),
                    _ => return Err("The type must be always or conditional.".into()),
                }
            }
            if let Some(condition) = keys.get("condition") {
                merged.condition =
                    serde_json::from_value(condition.clone()).map_err(|_| invalid.to_string())?;
                if merged.condition.value < 0
                    || !["minutes", "hours", "days"].contains(&merged.condition.unit.as_str())
                {
                    return Err(
                        "The condition must be a value of 0 or more in minutes, hours or days."
                            .into(),
                    );
                }
            }
            if let Some(message) = keys.get("message") {
                let text = message.as_str().ok_or(invalid)?.trim();
                if text.chars().count() > 500 {
                    return Err("The message may not be greater than 500 characters.".into());
                }
                merged.message = Some(clean_html(text));
            }
        }
        switch_value => merged.enabled = switch(switch_value).ok_or(invalid)?,
    }
    Ok(merged)
}
