//! The event editor's Limits tab and its advanced settings: notice, buffers, booking caps,
//! confirmation, and when attendees may cancel or reschedule.

use super::admin::{load_managed_event, save, settings_saved};
use crate::domain::validation::FieldErrors;
use crate::model::event::{ConditionalRule, EventSettingsSaved, MultiDuration, Quantity};
use crate::service::events::new_event::{MAX_DURATION, MIN_DURATION};
use crate::service::events::settings::LimitsChanges;
use crate::service::support::present::event_settings;
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};

/// `POST …/limits`: the limits sent change, the others are kept.
pub async fn update_limits(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    mut changes: LimitsChanges,
) -> ServiceResult<EventSettingsSaved> {
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let mut errors = std::mem::take(&mut changes.unreadable);
    changes.check("settings", &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    let mut settings = event_settings(&ev)?;
    changes.apply(&mut settings);
    save(ctx, tx, &mut ev, &settings).await?;
    Ok(settings_saved(&ev, settings))
}

/// `POST …/{event_id}/advanced-settings`'s body, read once: what to change of each rule and
/// of the multi-duration choice (`None`: keep it).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AdvancedSettings {
    pub requires_confirmation: Option<RulePatch>,
    pub can_not_cancel: Option<RulePatch>,
    pub can_not_reschedule: Option<RulePatch>,
    pub multi_duration: Option<DurationChoice>,
    /// Series, holds, the per-attendee limit, secrecy, email domains, the video link.
    pub policies: super::policies::PolicyPatch,
    /// What the way in could not read, refused together with the values' own rules.
    pub unreadable: FieldErrors,
}

/// The several-durations choice as given: checked by [`DurationChoice::checked`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DurationChoice {
    pub enabled: bool,
    pub default_duration: Option<i64>,
    pub available_durations: Vec<i64>,
}

impl DurationChoice {
    /// The choice as stored; when enabled it needs a default among its durations, each 5 to
    /// 1440 minutes. Errors are named `multi_duration.<key>`.
    pub fn checked(self, errors: &mut FieldErrors) -> MultiDuration {
        let DurationChoice {
            enabled,
            default_duration: default,
            available_durations: available,
        } = self;
        let (default_key, available_key) = (
            "multi_duration.default_duration",
            "multi_duration.available_durations",
        );
        if enabled {
            if default.is_none() && !errors.contains(default_key) {
                errors.add(
                    default_key,
                    "required",
                    "The default duration is required when multiple durations are enabled.",
                );
            }
            if available.is_empty() && !errors.contains(available_key) {
                errors.add(
                    available_key,
                    "required",
                    "The available durations are required when multiple durations are enabled.",
                );
            }
            if available
                .iter()
                .any(|d| !(MIN_DURATION..=MAX_DURATION).contains(d))
            {
                errors.add(
                    available_key,
                    "between",
                    "Each duration must be between 5 and 1440 minutes.",
                );
            }
            if let Some(d) = default
                && !available.is_empty()
                && !available.contains(&d)
            {
                errors.add(
                    default_key,
                    "in",
                    "The default duration must be one of the available durations.",
                );
            }
        }
        MultiDuration {
            enabled,
            default_duration: default
                .map(serde_json::Value::from)
                .unwrap_or_else(|| serde_json::Value::String(String::new())),
            available_durations: available,
        }
    }
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
    /// The values' own rules: a type `always` or `conditional`, a condition of 0 or more
    /// minutes, hours or days, a message of at most 500 characters (sanitised). `Err` says what
    /// is wrong, in the words integrators know.
    pub fn checked(mut self) -> Result<RulePatch, String> {
        if self
            .rule_type
            .as_deref()
            .is_some_and(|t| !matches!(t, "always" | "conditional"))
        {
            return Err("The type must be always or conditional.".into());
        }
        if let Some(condition) = &self.condition
            && (condition.value < 0
                || !["minutes", "hours", "days"].contains(&condition.unit.as_str()))
        {
            return Err(
                "The condition must be a value of 0 or more in minutes, hours or days.".into(),
            );
        }
        if let Some(message) = &self.message {
            let text = message.trim();
            if text.chars().count() > 500 {
                return Err("The message may not be greater than 500 characters.".into());
            }
            self.message = Some(clean_html(text));
        }
        Ok(self)
    }

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

/// `POST …/{event_id}/advanced-settings`: the options no other route sets, with the
/// reference's keys: `requires_confirmation`, `can_not_cancel`, `can_not_reschedule` (each
/// `true`/`false` or `{enabled, type: always|conditional, condition: {value, unit}, message}`)
/// and `multi_duration` (`{enabled, default_duration, available_durations}`). Keys not sent
/// keep their values.
pub async fn update_advanced(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    mut patch: AdvancedSettings,
) -> ServiceResult<EventSettingsSaved> {
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let mut errors = std::mem::take(&mut patch.unreadable);
    let rules = [
        ("requires_confirmation", &mut patch.requires_confirmation),
        ("can_not_cancel", &mut patch.can_not_cancel),
        ("can_not_reschedule", &mut patch.can_not_reschedule),
    ];
    for (key, rule) in rules {
        if let Some(given) = rule.take() {
            match given.checked() {
                Ok(checked) => *rule = Some(checked),
                Err(message) => errors.add(format!("settings.{key}"), "invalid", message),
            }
        }
    }
    let multi_duration = patch
        .multi_duration
        .take()
        .map(|choice| choice.checked(&mut errors));
    let mut settings = event_settings(&ev)?;
    std::mem::take(&mut patch.policies).apply(&mut settings, &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
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
    if let Some(multi_duration) = multi_duration {
        settings.multi_duration = multi_duration;
    }
    save(ctx, tx, &mut ev, &settings).await?;
    Ok(settings_saved(&ev, settings))
}
