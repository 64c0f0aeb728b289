//! The event editor's Limits tab and its advanced settings: notice, buffers, booking caps,
//! confirmation, and when attendees may cancel or reschedule.

use super::admin::{load_managed_event, save, settings_saved};
use crate::model::event::{ConditionalRule, EventSettingsSaved, MultiDuration, Quantity};
use crate::service::events::settings::LimitsChanges;
use crate::service::support::present::event_settings;
use crate::service::{Caller, Ctx, ServiceResult};

/// `POST …/limits`: the limits sent change, the others are kept. The changes are read
/// (`read`) once access is granted: another host's ids answer 404 whatever the body.
pub async fn update_limits(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    read: impl FnOnce() -> ServiceResult<LimitsChanges>,
) -> ServiceResult<EventSettingsSaved> {
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let changes = read()?;
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

/// `POST …/{event_id}/advanced-settings`: the options no other route sets, with the
/// reference's keys: `requires_confirmation`, `can_not_cancel`, `can_not_reschedule` (each
/// `true`/`false` or `{enabled, type: always|conditional, condition: {value, unit}, message}`)
/// and `multi_duration` (`{enabled, default_duration, available_durations}`). Keys not sent
/// keep their values. The patch is read (`read`) once access is granted: another host's ids
/// answer 404 whatever the body.
pub async fn update_advanced(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    read: impl FnOnce() -> ServiceResult<AdvancedSettings>,
) -> ServiceResult<EventSettingsSaved> {
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let patch = read()?;
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
