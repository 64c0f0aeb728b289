//! The bodies of the site settings routes (`/settings/...`).

use std::collections::BTreeMap;

use serde_json::Value;

use crate::domain::validation::FieldErrors;
use crate::input::fields::{Fields, clean_text};
use crate::model::settings::scalar_text;
use crate::service::settings::general::{
    GeneralChanges, PaymentChanges, PaymentTexts, SectionChanges,
};
use crate::service::settings::modules::{AddonChanges, ModuleSwitches, PluginId};
use crate::service::settings::out_of_office::NewAbsence;
use crate::service::settings::privacy::PrivacyChanges;
use crate::service::settings::profile::ProfileChange;
use crate::service::settings::protection::ProtectionChanges;
use crate::service::settings::site::{
    MODULE_CATALOGUE, SELF_PLUGIN, ThemeChoice, YES_NO, required,
};
use crate::service::{ServiceError, ServiceResult};

/// The required `settings` object of a modules or features save, and a reader of its fields.
fn settings_object<'a>(
    body: &'a Value,
    errors: &mut FieldErrors,
) -> ServiceResult<(&'a Value, Fields<'a>)> {
    let given = required(
        Fields::new(Some(body), "").object("settings", errors),
        errors,
        "settings",
    )?;
    Ok((given, Fields::new(Some(given), "settings")))
}

pub fn module_switches(body: &Value) -> ServiceResult<ModuleSwitches> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let (given, s) = settings_object(body, &mut errors)?;
    let mut switches = Vec::new();
    for key in given.as_object().into_iter().flatten().map(|(k, _)| k) {
        if !MODULE_CATALOGUE.iter().any(|m| m.0 == key) {
            errors.add(s.name(key), "in", format!("{key} is not a known module."));
        } else if let Some(state) = s.one_of(key, &YES_NO, &mut errors) {
            switches.push((key.clone(), state));
        }
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(ModuleSwitches(switches))
}

pub fn addon_changes(body: &Value) -> ServiceResult<AddonChanges> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let (_, s) = settings_object(body, &mut errors)?;
    let frontend = s.object("frontend", &mut errors);
    let coupon = s.object("coupon", &mut errors);
    let changes = AddonChanges {
        frontend: section_changes(frontend, "settings.frontend", &mut errors),
        coupon: section_changes(coupon, "settings.coupon", &mut errors),
    };
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(changes)
}

/// Reads `{plugin_id}`.
pub fn plugin_id(body: &Value) -> ServiceResult<PluginId> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let plugins: Vec<&'static str> = std::iter::once(SELF_PLUGIN)
        .chain(MODULE_CATALOGUE.iter().map(|m| m.1))
        .collect();
    let given = required(
        Fields::new(Some(body), "").one_of("plugin_id", &plugins, &mut errors),
        &mut errors,
        "plugin_id",
    )?;
    plugins
        .into_iter()
        .find(|p| *p == given)
        .map(PluginId)
        .ok_or_else(|| ServiceError::field("plugin_id", "in", "The selected plugin_id is invalid."))
}

/// Reads `POST /settings/general`'s `{emailing?, administration?, timeFormat?}`.
pub fn general_changes(body: &Value) -> ServiceResult<GeneralChanges> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let emailing = f.object("emailing", &mut errors);
    let administration = f.object("administration", &mut errors);
    let time_format = f.str("timeFormat", &mut errors);
    GeneralChanges::new(
        section_changes(emailing, "emailing", &mut errors),
        section_changes(administration, "administration", &mut errors),
        time_format,
        errors,
    )
}

/// Reads the object `section` (named `prefix` in errors); an object or a list in a field's
/// place is refused by name, any other value is taken as text.
pub fn section_changes(
    section: Option<&Value>,
    prefix: &str,
    errors: &mut FieldErrors,
) -> SectionChanges {
    let mut changes = BTreeMap::new();
    for (key, value) in section.and_then(Value::as_object).into_iter().flatten() {
        if value.is_object() || value.is_array() {
            let name = format!("{prefix}.{key}");
            errors.add(&name, "string", format!("The {name} must be a string."));
        } else {
            changes.insert(key.clone(), scalar_text(value.clone()));
        }
    }
    SectionChanges(changes)
}

/// Reads `POST /settings/payment`'s `{payments: {currency?, is_active?, number_format?,
/// currency_position?}}` (`payments` required).
pub fn payment_changes(body: &Value) -> ServiceResult<PaymentChanges> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let given = required(f.object("payments", &mut errors), &mut errors, "payments")?;
    let p = Fields::new(Some(given), "payments");
    let mut text = |key: &str| p.str(key, &mut errors);
    let texts = PaymentTexts {
        currency: text("currency"),
        is_active: text("is_active"),
        number_format: text("number_format"),
        currency_position: text("currency_position"),
    };
    PaymentChanges::new(texts, errors)
}

/// Reads `POST /settings/theme`'s `{theme, brand_color?}`.
pub fn theme_choice(body: &Value) -> ServiceResult<ThemeChoice> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let theme = f.str("theme", &mut errors);
    let brand_color = f.str("brand_color", &mut errors);
    ThemeChoice::new(theme, brand_color, errors)
}

/// `POST /settings/booking-protection`: `{proof_of_work?: {enabled?, max_number?},
/// blocklist?}`, at the top level or inside `settings` (the shape `GET` answers).
pub fn protection_changes(body: &Value) -> ServiceResult<ProtectionChanges> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let top = Fields::new(Some(body), "");
    let inner = match top.get("settings") {
        Some(Value::Object(_)) => top.get("settings"),
        _ => Some(body),
    };
    let f = Fields::new(inner, "");
    let work = f.object("proof_of_work", &mut errors);
    let w = Fields::new(work, "proof_of_work");
    let changes = ProtectionChanges {
        proof_of_work_enabled: w.bool("enabled", &mut errors),
        max_number: w.int("max_number", &mut errors),
        blocklist: crate::input::events::limits::text_list(&f, "blocklist", &mut errors),
        unreadable: errors,
    };
    Ok(changes)
}

/// Reads `{limits: [{unit: per_day|per_week, value >= 1}]}`; anything else, or a unit twice,
/// is 422 on `limits`.
pub fn host_limits(body: &Value) -> ServiceResult<Vec<(String, i64)>> {
    let refuse = || {
        ServiceError::field(
            "limits",
            "invalid",
            "Each limit must be a unit (per_day or per_week) given once, with a value of at least 1.",
        )
    };
    let Some(list) = body.get("limits").and_then(Value::as_array) else {
        return Err(refuse());
    };
    let mut limits: Vec<(String, i64)> = Vec::with_capacity(list.len());
    for item in list {
        let unit = item.get("unit").and_then(Value::as_str).unwrap_or_default();
        let value = item.get("value").and_then(Value::as_i64).unwrap_or(0);
        let known = matches!(unit, "per_day" | "per_week");
        if !known || !(1..=10_000).contains(&value) || limits.iter().any(|(u, _)| u == unit) {
            return Err(refuse());
        }
        limits.push((unit.to_string(), value));
    }
    Ok(limits)
}

/// Reads `{start_date, end_date, reason?, teammate_id?}` of `POST /out-of-office`; each wrong
/// type is named on its field, the rest is [`NewAbsence::checked`].
pub fn out_of_office(body: &Value) -> ServiceResult<NewAbsence> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let start = f.str("start_date", &mut errors);
    let end = f.str("end_date", &mut errors);
    let reason = f.str("reason", &mut errors);
    let teammate_id = f.int("teammate_id", &mut errors);
    NewAbsence::checked(start, end, reason, teammate_id, errors)
}

/// The keys of a settings body: under `settings`, or at the top when there is no `settings`;
/// `settings` that is not an object is refused on it.
fn settings_keys<'a>(body: &'a Value, errors: &mut FieldErrors) -> Option<&'a Value> {
    match Fields::new(Some(body), "").get("settings") {
        Some(inner @ Value::Object(_)) => Some(inner),
        None => Some(body),
        Some(_) => {
            errors.add("settings", "object", "The settings must be an object.");
            None
        }
    }
}

/// `POST /settings/security`: `{settings: {require_two_factor}}` (or the key at the top);
/// `None` when not sent.
pub fn security_change(body: &Value) -> ServiceResult<Option<String>> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let inner = settings_keys(body, &mut errors);
    let value = Fields::new(inner, "").str("require_two_factor", &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(value)
}

/// `POST /settings/privacy`: `{settings: {retention_days, attendee_erasure, consent_required,
/// consent_text, consent_version}}` (or the keys at the top); a wrong type is named on its key.
pub fn privacy_changes(body: &Value) -> ServiceResult<PrivacyChanges> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let inner = settings_keys(body, &mut errors);
    let f = Fields::new(inner, "");
    // `null` is a value here (keep attendee data), unlike an absent key.
    let retention_days = match inner.and_then(|v| v.get("retention_days")) {
        None => None,
        Some(Value::Null) => Some(None),
        Some(_) => f.int("retention_days", &mut errors).map(Some),
    };
    Ok(PrivacyChanges {
        retention_days,
        attendee_erasure: f.bool("attendee_erasure", &mut errors),
        consent_required: f.bool("consent_required", &mut errors),
        consent_text: f.str("consent_text", &mut errors),
        consent_version: f.str("consent_version", &mut errors),
        unreadable: errors,
    })
}

/// Reads `POST /settings/profile`'s `{language}`: a code, or `null` for the browser's. Any
/// other value, or none, is refused on `language` (rule `in`, or `required`).
pub fn profile_change(body: &Value) -> ServiceResult<ProfileChange> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let language = match body.get("language") {
        None => {
            errors.add("language", "required", "The language field is required.");
            None
        }
        Some(Value::Null) => None,
        Some(_) => {
            let f = Fields::new(Some(body), "");
            crate::input::bookings::language(&f, &mut errors)
        }
    };
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(ProfileChange { language })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::model::settings::{Administration, EmailSettings, FeatureModules};
    use crate::service::settings::site::THEMES;

    #[test]
    fn host_limits_take_each_unit_once_with_a_value_of_at_least_one() {
        assert_eq!(
            host_limits(&json!({"limits": [{"unit": "per_week", "value": 9}, {"unit": "per_day", "value": 2}]}))
                .ok(),
            Some(vec![("per_week".into(), 9), ("per_day".into(), 2)])
        );
        assert_eq!(host_limits(&json!({"limits": []})).ok(), Some(vec![]));
        for bad in [
            json!({}),
            json!({"limits": [{"unit": "per_day", "value": 0}]}),
            json!({"limits": [{"unit": "per_month", "value": 3}]}),
            json!({"limits": [{"unit": "per_day", "value": 1}, {"unit": "per_day", "value": 2}]}),
            json!({"limits": [{"unit": "per_day", "value": "3"}]}),
        ] {
            assert!(
                matches!(host_limits(&bad), Err(ServiceError::Validation { ref errors, .. }) if errors.contains("limits")),
                "{bad}"
            );
        }
    }

    #[test]
    fn module_switches_name_unknown_modules_and_bad_states() {
        let module = MODULE_CATALOGUE[0].0;
        let switches = module_switches(&json!({"settings": {module: "yes"}}));
        assert_eq!(
            switches.ok(),
            Some(ModuleSwitches(vec![(
                module.to_string(),
                "yes".to_string()
            )]))
        );
        let refused = module_switches(&json!({"settings": {module: "on", "fax": "yes"}}));
        let Err(ServiceError::Validation { errors, .. }) = refused else {
            panic!("expected a validation error, got {refused:?}");
        };
        let fields: Vec<&str> = errors.messages().map(|(field, _)| field).collect();
        assert_eq!(fields, vec!["settings.fax", &format!("settings.{module}")]);
        assert!(module_switches(&json!({"settings": []})).is_err());
    }

    #[test]
    fn addon_changes_keep_what_was_not_sent() {
        let changes = addon_changes(&json!({"settings": {"frontend": {"slug": "portal"}}}));
        let Ok(changes) = changes else {
            panic!("a valid body was refused: {changes:?}");
        };
        let stored = FeatureModules::default();
        let frontend = changes.frontend.applied_to(&stored.frontend);
        assert_eq!(frontend.slug, "portal");
        assert_eq!(frontend.render_type, stored.frontend.render_type);
        assert_eq!(changes.coupon.applied_to(&stored.coupon), stored.coupon);
        assert!(addon_changes(&json!({"settings": {"coupon": {"enabled": {}}}})).is_err());
    }

    #[test]
    fn a_theme_choice_keeps_a_lower_case_accent_and_names_a_bad_one() {
        let theme = THEMES[0];
        let choice = theme_choice(&json!({"theme": theme, "brand_color": " #0369A1 "}));
        assert_eq!(
            choice.ok(),
            Some(ThemeChoice {
                theme: theme.to_string(),
                brand_color: Some("#0369a1".to_string()),
            })
        );
        let kept = theme_choice(&json!({"theme": theme}));
        assert_eq!(kept.ok().map(|c| c.brand_color), Some(None));
        let refused = |body: serde_json::Value| match theme_choice(&body) {
            Err(ServiceError::Validation { errors, .. }) => errors
                .messages()
                .map(|(field, _)| field.to_string())
                .collect::<Vec<_>>(),
            other => panic!("expected a validation error, got {other:?}"),
        };
        assert_eq!(
            refused(json!({"theme": theme, "brand_color": "blue"})),
            vec!["brand_color"]
        );
        assert_eq!(refused(json!({})), vec!["theme"]);
    }

    #[test]
    fn general_changes_take_scalars_as_text_and_name_objects_in_their_place() {
        let changes = general_changes(&json!({
            "emailing": {"from_name": "Ada", "use_host_name": true, "unknown": 5},
            "administration": {"auto_cancel_timing": 30, "admin_email": null},
            "timeFormat": "24",
        }));
        let Ok(changes) = changes else {
            panic!("a valid body was refused: {changes:?}");
        };
        let emailing = changes.emailing.applied_to(&EmailSettings::default());
        assert_eq!(emailing.from_name, "Ada");
        assert_eq!(emailing.use_host_name, "yes");
        assert_eq!(emailing.from_email, "", "a field not sent keeps its value");
        let administration = changes
            .administration
            .applied_to(&Administration::default());
        assert_eq!(administration.auto_cancel_timing, "30");
        assert_eq!(
            administration.start_day,
            Administration::default().start_day
        );
        assert_eq!(changes.time_format.as_deref(), Some("24"));

        let refused = general_changes(&json!({
            "emailing": {"from_name": ["Ada"]}, "administration": 3, "timeFormat": "13"}));
        let Err(ServiceError::Validation { errors, .. }) = refused else {
            panic!("expected a validation error, got {refused:?}");
        };
        let fields: Vec<&str> = errors.messages().map(|(field, _)| field).collect();
        assert_eq!(
            fields,
            vec!["administration", "emailing.from_name", "timeFormat"]
        );
    }

    #[test]
    fn payment_changes_need_the_section_and_a_known_currency() {
        let changes = payment_changes(&json!({"payments": {"currency": " eur "}}));
        assert_eq!(
            changes.ok().and_then(|c| c.currency).map(|c| c.code()),
            Some("EUR")
        );
        for (body, field) in [
            (json!({}), "payments"),
            (
                json!({"payments": {"currency": "XYZ"}}),
                "payments.currency",
            ),
            (
                json!({"payments": {"is_active": "maybe"}}),
                "payments.is_active",
            ),
        ] {
            let Err(ServiceError::Validation { errors, .. }) = payment_changes(&body) else {
                panic!("{body} was accepted");
            };
            assert!(errors.contains(field), "{body}: {errors:?}");
        }
    }
}
