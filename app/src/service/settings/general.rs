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
    MAX_FOOTER, MAX_TEXT, SAVED, WEEKDAYS, YES_NO, YES_NO_UNSET, check_choice, require, update,
};
use crate::domain::access::Capability;
use crate::domain::validation::{FieldErrors, check_max_len};
use crate::domain::values::is_valid_email;
use crate::model::answer::MessageAnswer;
use crate::model::settings::{
    Administration, EmailSettings, GENERAL, GeneralSections, GeneralSettings, SavedGeneralSettings,
};
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};

/// The fields sent of one settings section, by name, each as the text the section stores.
/// Names the section does not have are ignored when the changes are applied.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SectionChanges(pub BTreeMap<String, String>);

impl SectionChanges {
    /// The text rules (`domain::text`) on each field, named `{prefix}.{field}`.
    pub fn check_text(&self, prefix: &str, errors: &mut FieldErrors) {
        for (key, text) in &self.0 {
            let one_line = crate::domain::text::is_single_line(key);
            crate::domain::text::check_text(&format!("{prefix}.{key}"), text, one_line, errors);
        }
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
    /// The changes, checked: `time_format` is `12` or `24` (each section is checked whole once
    /// applied). `errors` are what the way in could not read, refused together.
    pub fn new(
        emailing: SectionChanges,
        administration: SectionChanges,
        time_format: Option<String>,
        mut errors: FieldErrors,
    ) -> ServiceResult<GeneralChanges> {
        // The text rules of every way in: a page builds these changes without a body.
        for (prefix, section) in [("emailing", &emailing), ("administration", &administration)] {
            section.check_text(prefix, &mut errors);
        }
        if let Some(format) = &time_format {
            check_choice(&mut errors, "timeFormat", format, &["12", "24"]);
        }
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(GeneralChanges {
            emailing,
            administration,
            time_format,
        })
    }
}

/// `POST /settings/general`: the changes over the stored sections, checked whole.
pub async fn save_general(
    ctx: &Ctx,
    caller: &Caller,
    changes: GeneralChanges,
) -> ServiceResult<SavedGeneralSettings> {
    require(caller, Capability::ManageOptions)?;
    let general = update(
        ctx,
        caller,
        GENERAL,
        "general",
        |general: &mut GeneralSettings| {
            general.emailing = changes.emailing.applied_to(&general.emailing);
            general.administration = changes.administration.applied_to(&general.administration);
            if let Some(format) = changes.time_format {
                general.time_format = format;
            }
            validate_general(general)
        },
    )
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
    /// The changes, checked: a known ISO 4217 currency and the offered choices. `errors` are
    /// what the way in could not read, refused together.
    pub fn new(given: PaymentTexts, mut errors: FieldErrors) -> ServiceResult<PaymentChanges> {
        let choice = |field: &str, value: Option<String>, allowed: &[&str], errors: &mut _| {
            let value = value?;
            crate::domain::text::check_text(&format!("payments.{field}"), &value, true, errors);
            check_choice(errors, &format!("payments.{field}"), &value, allowed);
            Some(value)
        };
        let currency = given
            .currency
            .map(|c| Currency::from_code(c.trim().to_uppercase().as_str()));
        if let Some(None) = currency {
            errors.add(
                "payments.currency",
                "in",
                "The payments.currency must be an ISO 4217 currency code.",
            );
        }
        let changes = PaymentChanges {
            currency: currency.flatten(),
            is_active: choice("is_active", given.is_active, &YES_NO, &mut errors),
            number_format: choice(
                "number_format",
                given.number_format,
                &["comma_separated", "dot_separated"],
                &mut errors,
            ),
            currency_position: choice(
                "currency_position",
                given.currency_position,
                &["left", "right", "left_space", "right_space"],
                &mut errors,
            ),
        };
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(changes)
    }
}

/// The payment settings as sent, each optional.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PaymentTexts {
    pub currency: Option<String>,
    pub is_active: Option<String>,
    pub number_format: Option<String>,
    pub currency_position: Option<String>,
}

/// `POST /settings/payment`: the fields sent change; a currency brings its sign and decimals.
pub async fn save_payment(
    ctx: &Ctx,
    caller: &Caller,
    changes: PaymentChanges,
) -> ServiceResult<MessageAnswer> {
    require(caller, Capability::ManageOptions)?;
    update(
        ctx,
        caller,
        GENERAL,
        "payment",
        |general: &mut GeneralSettings| {
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
        },
    )
    .await?;
    Ok(MessageAnswer::new(SAVED))
}
