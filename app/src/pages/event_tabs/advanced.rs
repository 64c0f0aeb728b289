//! The Advanced tab: confirmation, cancel and reschedule policies, several durations, saved
//! through `POST …/advanced-settings`.

use serde_json::{Value, json};

use crate::model::event_tabs::{AdvancedTab, Policy};
use crate::model::public::FormState;
use crate::pages::setup::refused_as;
use crate::service::ServiceResult;
use crate::service::events::admin::load_managed_event;
use crate::service::{Caller, Ctx};

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
    let durations: Vec<Value> = form
        .value("durations")
        .split([',', ' '])
        .filter(|d| !d.trim().is_empty())
        .map(|d| {
            d.trim()
                .parse::<i64>()
                .map_or_else(|_| json!(d.trim()), Value::from)
        })
        .collect();
    let default = form.value("default_duration");
    let body = json!({"settings": {
        "requires_confirmation": form.value("requires_confirmation") == "on",
        "can_not_cancel": policy("cancel").to_rule(),
        "can_not_reschedule": policy("reschedule").to_rule(),
        "multi_duration": {
            "enabled": form.value("multi_duration") == "on",
            "default_duration": default.trim().parse::<i64>().map_or_else(|_| json!(default.trim()), Value::from),
            "available_durations": durations,
        },
    }});
    crate::service::events::limits::update_advanced(ctx, caller, calendar_id, event_id, || {
        crate::input::events::limits::advanced_settings(&body)
    })
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
                other => other.to_string(),
            }
        })
    })
}
