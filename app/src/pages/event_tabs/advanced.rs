//! The Advanced tab: confirmation, cancel and reschedule policies, several durations, saved
//! through `POST …/advanced-settings`.

use crate::texts::dashboard::{t, tf};
use serde_json::Value;

use crate::domain::validation::FieldErrors;
use crate::model::event::Quantity;
use crate::model::event_tabs::{AdvancedTab, Policy};
use crate::model::public::FormState;
use crate::pages::setup::refused_as;
use crate::service::ServiceResult;
use crate::service::events::admin::load_managed_event;
use crate::service::events::limits::{AdvancedSettings, DurationChoice, RulePatch};
use crate::service::events::policies::{
    AttendeeLimitPatch, DomainsPatch, PolicyPatch, RecurringPatch, WaitlistPatch,
};
use crate::service::{Caller, Ctx, ServiceError};

/// The "Advanced" tab's options as stored.
pub async fn advanced(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<AdvancedTab> {
    let mut conn = ctx.store.conn().await?;
    let (_, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    let s = crate::service::support::present::event_settings(&ev)?;
    let policy = |rule: &crate::model::event::ConditionalRule| Policy {
        mode: match (rule.enabled, rule.rule_type.as_str()) {
            (false, _) => "allowed",
            (true, "conditional") => "before",
            (true, _) => "never",
        }
        .to_string(),
        value: rule.condition.value.to_string(),
        unit: rule.condition.unit.clone(),
    };
    Ok(AdvancedTab {
        requires_confirmation: s.requires_confirmation.enabled,
        cancel: policy(&s.can_not_cancel),
        reschedule: policy(&s.can_not_reschedule),
        multi_duration: s.multi_duration.enabled,
        durations: s
            .multi_duration
            .available_durations
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        default_duration: match &s.multi_duration.default_duration {
            Value::Number(n) => n.to_string(),
            Value::String(t) => t.clone(),
            _ => String::new(),
        },
        recurring: s.recurring_config.enabled,
        frequency: s.recurring_config.frequency.clone(),
        interval: s.recurring_config.interval.to_string(),
        max_count: s.recurring_config.max_count.to_string(),
        is_count_fixed: s.recurring_config.is_count_fixed,
        hold_minutes: s.hold_minutes.to_string(),
        attendee_limit: if s.attendee_limit.enabled {
            s.attendee_limit.value.to_string()
        } else {
            String::new()
        },
        secret: s.secret,
        agents_may_book: s.agents_may_book,
        waitlist: s.waitlist.enabled,
        offer_minutes: s.waitlist.offer_minutes.to_string(),
        allowed_domains: s.email_domains.allow.join("\n"),
        blocked_domains: s.email_domains.deny.join("\n"),
        video_link_template: s.video_link_template.clone(),
    })
}

/// Saves the "Advanced" tab through `POST …/advanced-settings` (one transaction).
pub async fn save_advanced(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
) -> Result<(), FormState> {
    let policy = |prefix: &str| Policy {
        mode: form.value(&format!("{prefix}_mode")),
        value: form.value(&format!("{prefix}_value")),
        unit: form.value(&format!("{prefix}_unit")),
    };
    let (patch, unreadable) = advanced_of(form, policy);
    if !unreadable.is_empty() {
        return Err(refused_as(
            form,
            ServiceError::invalid(unreadable),
            str::to_string,
        ));
    }
    crate::service::events::limits::update_advanced(ctx, caller, calendar_id, event_id, patch)
        .await
        .map(drop)
        .map_err(|e| {
            refused_as(form, e, |field| {
                let field = field.strip_prefix("settings.").unwrap_or(field);
                match field {
                    "can_not_cancel" => "cancel".to_string(),
                    "can_not_reschedule" => "reschedule".to_string(),
                    "multi_duration.available_durations" => "durations".to_string(),
                    "multi_duration.default_duration" => "default_duration".to_string(),
                    "recurring_config" => "interval".to_string(),
                    "attendee_limit" => "attendee_limit".to_string(),
                    "waitlist.offer_minutes" => "offer_minutes".to_string(),
                    "email_domains" => "allowed_domains".to_string(),
                    other => other.to_string(),
                }
            })
        })
}

/// The tab's form as the advanced-settings change, and the numbers it could not read (named by
/// the form's own fields).
fn advanced_of(
    form: &FormState,
    policy: impl Fn(&str) -> Policy,
) -> (AdvancedSettings, FieldErrors) {
    let mut unreadable = FieldErrors::new();
    let mut durations = Vec::new();
    for text in form.value("durations").split([',', ' ']).map(str::trim) {
        match text.parse::<i64>() {
            Ok(minutes) => durations.push(minutes),
            Err(_) if text.is_empty() => {}
            Err(_) => unreadable.add("durations", "integer", t("each-duration-must-be-a-whole")),
        }
    }
    let default = form.value("default_duration");
    let default_duration = match default.trim() {
        "" => None,
        text => text.parse::<i64>().ok().or_else(|| {
            unreadable.add(
                "default_duration",
                "integer",
                t("the-default-duration-must-be-a"),
            );
            None
        }),
    };
    let mut number = |field: &str, label: &str| -> Option<i64> {
        let text = form.value(field);
        match text.trim() {
            "" => None,
            given => given.parse::<i64>().ok().or_else(|| {
                unreadable.add(
                    field,
                    "integer",
                    tf("must-be-whole-number", &[("label", label.into())]),
                );
                None
            }),
        }
    };
    let interval = number("interval", t("repeat-interval"));
    let max_count = number("max_count", t("maximum-of-occurrences"));
    let hold_minutes = number("hold_minutes", t("hold-minutes-2"));
    let per_attendee = number("attendee_limit", t("bookings-per-attendee-2"));
    let offer_minutes = number("offer_minutes", t("offer-minutes-2"));
    let lines = |field: &str| {
        form.value(field)
            .split([',', '\n', ' '])
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let policies = PolicyPatch {
        recurring_config: Some(RecurringPatch {
            enabled: Some(form.value("recurring") == "on"),
            frequency: Some(form.value("frequency")).filter(|f| !f.is_empty()),
            interval,
            max_count,
            is_count_fixed: Some(form.value("is_count_fixed") == "on"),
        }),
        hold_minutes: hold_minutes.or(Some(0)),
        attendee_limit: Some(AttendeeLimitPatch {
            enabled: Some(per_attendee.is_some()),
            value: per_attendee,
        }),
        secret: Some(form.value("secret") == "on"),
        agents_may_book: Some(form.value("agents_may_book") == "on"),
        waitlist: Some(WaitlistPatch {
            enabled: Some(form.value("waitlist") == "on"),
            offer_minutes,
        }),
        email_domains: Some(DomainsPatch {
            allow: Some(lines("allowed_domains")),
            deny: Some(lines("blocked_domains")),
        }),
        video_link_template: Some(form.value("video_link_template")),
    };
    let patch = AdvancedSettings {
        requires_confirmation: Some(RulePatch {
            enabled: Some(form.value("requires_confirmation") == "on"),
            ..RulePatch::default()
        }),
        can_not_cancel: Some(rule_of(&policy("cancel"))),
        can_not_reschedule: Some(rule_of(&policy("reschedule"))),
        multi_duration: Some(DurationChoice {
            enabled: form.value("multi_duration") == "on",
            default_duration,
            available_durations: durations,
        }),
        policies,
        unreadable: FieldErrors::new(),
    };
    (patch, unreadable)
}

/// A policy as its rule: allowed (off), never (always on), or not within a time before.
fn rule_of(policy: &Policy) -> RulePatch {
    match policy.mode.as_str() {
        "never" => RulePatch {
            enabled: Some(true),
            rule_type: Some("always".into()),
            ..RulePatch::default()
        },
        "before" => RulePatch {
            enabled: Some(true),
            rule_type: Some("conditional".into()),
            // A value that is no number is refused by the rule's check, as a negative one.
            condition: Some(Quantity {
                value: policy.value.trim().parse().unwrap_or(-1),
                unit: policy.unit.clone(),
            }),
            ..RulePatch::default()
        },
        _ => RulePatch {
            enabled: Some(false),
            ..RulePatch::default()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_policy_becomes_the_advanced_settings_rule() {
        let before = Policy {
            mode: "before".into(),
            value: "24".into(),
            unit: "hours".into(),
        };
        let rule = rule_of(&before);
        assert_eq!(rule.condition.as_ref().map(|c| c.value), Some(24));
        assert_eq!(rule.rule_type.as_deref(), Some("conditional"));
        let never = Policy {
            mode: "never".into(),
            ..Policy::default()
        };
        assert_eq!(rule_of(&never).enabled, Some(true));
        assert_eq!(rule_of(&Policy::default()).enabled, Some(false));
        // A value that is no number is refused by the rule's own check.
        let typo = Policy {
            value: "soon".into(),
            ..before
        };
        assert!(rule_of(&typo).checked().is_err());
    }

    #[test]
    fn durations_that_are_no_numbers_are_named_by_the_forms_fields() {
        let form = FormState::from_pairs(&[
            ("multi_duration".into(), "on".into()),
            ("durations".into(), "30, 4five".into()),
            ("default_duration".into(), "x".into()),
        ]);
        let (patch, unreadable) = advanced_of(&form, |_| Policy::default());
        let fields: Vec<&str> = unreadable.messages().map(|(f, _)| f).collect();
        assert_eq!(fields, vec!["default_duration", "durations"]);
        let choice = patch.multi_duration.unwrap_or_default();
        assert_eq!(choice.available_durations, vec![30]);
        assert!(choice.enabled);
    }
}
