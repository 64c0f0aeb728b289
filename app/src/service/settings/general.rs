//! `POST /settings/general` and `POST /settings/payment`: the site's emailing, administration,
//! clock and money settings. Each body is read once into the changes it asks for; the stored
//! document with those changes is then checked whole.

use std::collections::BTreeMap;

use iso_currency::Currency;
use isocountry::CountryCode;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::site::{
    MAX_FOOTER, MAX_TEXT, SAVED, WEEKDAYS, YES_NO, YES_NO_UNSET, check_choice, require, required,
    update,
};
use crate::domain::access::Capability;
use crate::domain::validation::{FieldErrors, check_max_len};
use crate::domain::values::is_valid_email;
use crate::model::answer::MessageAnswer;
use crate::model::settings::{
    Administration, EmailSettings, GENERAL, GeneralSections, GeneralSettings, SavedGeneralSettings,
    scalar_text,
};
use crate::service::support::input::Fields;
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};

/// The fields sent of one settings section, by name, each as the text the section stores.
/// Names the section does not have are ignored when the changes are applied.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SectionChanges(pub BTreeMap<String, String>);

impl SectionChanges {
    /// Reads the object `section` (named `prefix` in errors); an object or a list in a field's
    /// place is refused by name, any other value is taken as text.
    pub fn read(section: Option<&Value>, prefix: &str, errors: &mut FieldErrors) -> Self {
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

    /// `section` with these fields changed (every section field is text, so the result
    /// always reads back; should it not, the section stays as it was).
    pub fn applied_to<T: Clone + Serialize + DeserializeOwned>(&self, section: &T) -> T {
        let Ok(Value::Object(mut fields)) = serde_json::to_value(section) else {
            return section.clone();
        };
        for (key, text) in &self.0 {
            if let Some(field) = fields.get_mut(key) {
                *field = Value::String(text.clone());
            }
        }
        serde_json::from_value(Value::Object(fields)).unwrap_or_else(|_| section.clone())
    }
}

/// `POST /settings/general`'s body, read once: `emailing`, `administration`, `timeFormat`,
/// each optional.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GeneralChanges {
    pub emailing: SectionChanges,
    pub administration: SectionChanges,
    /// `12` or `24`.
    pub time_format: Option<String>,
}

impl GeneralChanges {
    pub fn parse(body: &Value) -> ServiceResult<GeneralChanges> {
        crate::service::support::input::clean_text(body)?;
        let mut errors = FieldErrors::new();
        let f = Fields::new(Some(body), "");
        let emailing = f.object("emailing", &mut errors);
        let administration = f.object("administration", &mut errors);
        let time_format = f.one_of("timeFormat", &["12", "24"], &mut errors);
        let changes = GeneralChanges {
            emailing: SectionChanges::read(emailing, "emailing", &mut errors),
            administration: SectionChanges::read(administration, "administration", &mut errors),
            time_format,
        };
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(changes)
    }
}

/// `POST /settings/general`: the changes over the stored sections, checked whole.
pub async fn save_general(
    ctx: &Ctx,
    caller: &Caller,
    changes: GeneralChanges,
) -> ServiceResult<SavedGeneralSettings> {
    require(caller, Capability::ManageOptions)?;
    let general = update(ctx, GENERAL, |general: &mut GeneralSettings| {
        general.emailing = changes.emailing.applied_to(&general.emailing);
        general.administration = changes.administration.applied_to(&general.administration);
        if let Some(format) = changes.time_format {
            general.time_format = format;
        }
        validate_general(general)
    })
    .await?;
    Ok(SavedGeneralSettings {
        message: SAVED.into(),
        settings: GeneralSections {
            emailing: general.emailing,
            administration: general.administration,
            time_format: general.time_format,
        },
    })
}

/// Trims, checks and sanitizes the general settings in place.
fn validate_general(general: &mut GeneralSettings) -> ServiceResult<()> {
    let mut errors = FieldErrors::new();
    check_emailing(&mut general.emailing, &mut errors);
    check_administration(&mut general.administration, &mut errors);
    errors.into_result().map_err(ServiceError::invalid)
}

/// Sender and reply-to names and addresses, the yes/no switches and the footer (sanitised).
fn check_emailing(e: &mut EmailSettings, errors: &mut FieldErrors) {
    for (name, value) in [
        ("from_name", &mut e.from_name),
        ("reply_to_name", &mut e.reply_to_name),
        ("from_email", &mut e.from_email),
        ("reply_to_email", &mut e.reply_to_email),
    ] {
        *value = value.trim().to_string();
        check_max_len(errors, &format!("emailing.{name}"), Some(value), MAX_TEXT);
    }
    for (name, value) in [
        ("from_email", &e.from_email),
        ("reply_to_email", &e.reply_to_email),
    ] {
        if !value.is_empty() && !is_valid_email(value) {
            errors.add(
                format!("emailing.{name}"),
                "email",
                format!("The emailing.{name} must be a valid email address."),
            );
        }
    }
    for (name, value) in [
        ("use_host_name", &e.use_host_name),
        ("use_host_email_on_reply", &e.use_host_email_on_reply),
        ("attach_ics_on_confirmation", &e.attach_ics_on_confirmation),
    ] {
        check_choice(errors, &format!("emailing.{name}"), value, &YES_NO_UNSET);
    }
    check_max_len(
        errors,
        "emailing.email_footer",
        Some(&e.email_footer),
        MAX_FOOTER,
    );
    e.email_footer = clean_html(&e.email_footer);
}

/// The administrator's address, summary schedule, automatic timings and default country.
fn check_administration(a: &mut Administration, errors: &mut FieldErrors) {
    a.admin_email = a.admin_email.trim().to_string();
    if !a.admin_email.is_empty() && !is_valid_email(&a.admin_email) {
        errors.add(
            "administration.admin_email",
            "email",
            "The administration.admin_email must be a valid email address.",
        );
    }
    check_choice(
        errors,
        "administration.summary_notification",
        &a.summary_notification,
        &YES_NO,
    );
    check_choice(
        errors,
        "administration.notification_frequency",
        &a.notification_frequency,
        &["daily", "weekly"],
    );
    check_choice(
        errors,
        "administration.notification_day",
        &a.notification_day,
        &WEEKDAYS,
    );
    check_choice(errors, "administration.start_day", &a.start_day, &WEEKDAYS);
    for (name, value) in [
        ("auto_cancel_timing", &mut a.auto_cancel_timing),
        ("auto_complete_timing", &mut a.auto_complete_timing),
    ] {
        // Minutes, at most four weeks.
        match value.trim().parse::<u32>() {
            Ok(minutes) if minutes <= 40_320 => *value = minutes.to_string(),
            _ => errors.add(
                format!("administration.{name}"),
                "integer",
                format!("The administration.{name} must be a number of minutes from 0 to 40320."),
            ),
        }
    }
    a.default_country = a.default_country.trim().to_uppercase();
    if !a.default_country.is_empty() && CountryCode::for_alpha2(&a.default_country).is_err() {
        errors.add(
            "administration.default_country",
            "in",
            "The administration.default_country must be an ISO 3166-1 alpha-2 country code.",
        );
    }
}

/// `POST /settings/payment`'s body, read once: `payments` (required) with `currency`,
/// `is_active`, `number_format`, `currency_position`, each optional.
#[derive(Debug, Clone, PartialEq)]
pub struct PaymentChanges {
    pub currency: Option<Currency>,
    /// `yes` or `no`.
    pub is_active: Option<String>,
    /// `comma_separated` or `dot_separated`.
    pub number_format: Option<String>,
    /// `left`, `right`, `left_space` or `right_space`.
    pub currency_position: Option<String>,
}

impl PaymentChanges {
    pub fn parse(body: &Value) -> ServiceResult<PaymentChanges> {
        crate::service::support::input::clean_text(body)?;
        let mut errors = FieldErrors::new();
        let f = Fields::new(Some(body), "");
        let given = required(f.object("payments", &mut errors), &mut errors, "payments")?;
        let p = Fields::new(Some(given), "payments");
        let currency = p
            .str("currency", &mut errors)
            .map(|c| Currency::from_code(c.trim().to_uppercase().as_str()));
        let changes = PaymentChanges {
            currency: currency.flatten(),
            is_active: p.one_of("is_active", &YES_NO, &mut errors),
            number_format: p.one_of(
                "number_format",
                &["comma_separated", "dot_separated"],
                &mut errors,
            ),
            currency_position: p.one_of(
                "currency_position",
                &["left", "right", "left_space", "right_space"],
                &mut errors,
            ),
        };
        if let Some(None) = currency {
            errors.add(
                "payments.currency",
                "in",
                "The payments.currency must be an ISO 4217 currency code.",
            );
        }
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(changes)
    }
}

/// `POST /settings/payment`: the fields sent change; a currency brings its sign and decimals.
pub async fn save_payment(
    ctx: &Ctx,
    caller: &Caller,
    changes: PaymentChanges,
) -> ServiceResult<MessageAnswer> {
    require(caller, Capability::ManageOptions)?;
    update(ctx, GENERAL, |general: &mut GeneralSettings| {
        let payments = &mut general.payments;
        if let Some(currency) = changes.currency {
            payments.currency = currency.code().to_string();
            payments.currency_sign = currency.symbol().to_string();
            payments.decimal_points = currency.exponent().unwrap_or(2);
        }
        if let Some(v) = changes.is_active {
            payments.is_active = v;
        }
        if let Some(v) = changes.number_format {
            payments.number_format = v;
        }
        if let Some(v) = changes.currency_position {
            payments.currency_position = v;
        }
        Ok(())
    })
    .await?;
    Ok(MessageAnswer::new(SAVED))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn general_changes_take_scalars_as_text_and_name_objects_in_their_place() {
        let changes = GeneralChanges::parse(&json!({
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

        let refused = GeneralChanges::parse(&json!({
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
        let changes = PaymentChanges::parse(&json!({"payments": {"currency": " eur "}}));
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
            let Err(ServiceError::Validation { errors, .. }) = PaymentChanges::parse(&body) else {
                panic!("{body} was accepted");
            };
            assert!(errors.contains(field), "{body}: {errors:?}");
        }
    }
}
