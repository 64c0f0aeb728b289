//! Global settings, stored as typed JSON documents: unknown keys are dropped on save, missing
//! keys take the defaults of the reference (`spec/reference-behaviour.md` 5.4). Values stay the
//! strings the REST interface uses (`"yes"`/`"no"`, `"60"`), so stored documents read the same
//! everywhere.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};

/// Settings key of [`GeneralSettings`].
pub const GENERAL: &str = "general";
/// Settings key of [`ModuleSettings`].
pub const MODULES: &str = "modules";
/// Settings key of [`FeatureModules`].
pub const FEATURES: &str = "features";

/// Emailing, administration, time format, payments and theme: one document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GeneralSettings {
    pub payments: PaymentSettings,
    pub emailing: EmailSettings,
    pub administration: Administration,
    #[serde(deserialize_with = "text")]
    pub time_format: String,
    #[serde(deserialize_with = "text")]
    pub theme: String,
    /// `#rrggbb` for the public pages' accent; empty: the built-in one.
    #[serde(deserialize_with = "text")]
    pub brand_color: String,
}

impl Default for GeneralSettings {
    fn default() -> Self {
        GeneralSettings {
            payments: PaymentSettings::default(),
            emailing: EmailSettings::default(),
            administration: Administration::default(),
            time_format: "12".into(),
            theme: "system-default".into(),
            brand_color: String::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PaymentSettings {
    #[serde(deserialize_with = "text")]
    pub currency: String,
    #[serde(deserialize_with = "text")]
    pub is_active: String,
    /// Derived from `currency` on save.
    #[serde(deserialize_with = "text")]
    pub currency_sign: String,
    #[serde(deserialize_with = "text")]
    pub currency_position: String,
    #[serde(deserialize_with = "text")]
    pub number_format: String,
    /// Derived from `currency` on save (its ISO 4217 minor unit).
    pub decimal_points: u16,
}

impl Default for PaymentSettings {
    fn default() -> Self {
        PaymentSettings {
            currency: "USD".into(),
            is_active: "no".into(),
            currency_sign: "$".into(),
            currency_position: "left".into(),
            number_format: "comma_separated".into(),
            decimal_points: 2,
        }
    }
}

/// Sender and footer of every email; empty strings mean "not set".
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EmailSettings {
    #[serde(deserialize_with = "text")]
    pub from_name: String,
    #[serde(deserialize_with = "text")]
    pub from_email: String,
    #[serde(deserialize_with = "text")]
    pub reply_to_name: String,
    #[serde(deserialize_with = "text")]
    pub reply_to_email: String,
    #[serde(deserialize_with = "text")]
    pub use_host_name: String,
    #[serde(deserialize_with = "text")]
    pub use_host_email_on_reply: String,
    #[serde(deserialize_with = "text")]
    pub attach_ics_on_confirmation: String,
    /// Sanitized HTML.
    #[serde(deserialize_with = "text")]
    pub email_footer: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Administration {
    /// Where summaries go; empty means the first administrator's address.
    #[serde(deserialize_with = "text")]
    pub admin_email: String,
    #[serde(deserialize_with = "text")]
    pub summary_notification: String,
    #[serde(deserialize_with = "text")]
    pub notification_frequency: String,
    #[serde(deserialize_with = "text")]
    pub notification_day: String,
    /// First day of the week for weekly limits and the dashboard's calendars.
    #[serde(deserialize_with = "text")]
    pub start_day: String,
    /// Minutes.
    #[serde(deserialize_with = "text")]
    pub auto_cancel_timing: String,
    /// Minutes after its end at which a scheduled booking becomes completed.
    #[serde(deserialize_with = "text")]
    pub auto_complete_timing: String,
    /// ISO 3166-1 alpha-2 code, or empty.
    #[serde(deserialize_with = "text")]
    pub default_country: String,
}

impl Default for Administration {
    fn default() -> Self {
        Administration {
            admin_email: String::new(),
            summary_notification: "no".into(),
            notification_frequency: "daily".into(),
            notification_day: "mon".into(),
            start_day: "sun".into(),
            auto_cancel_timing: "10".into(),
            auto_complete_timing: "60".into(),
            default_country: String::new(),
        }
    }
}

/// Integrations that can be switched on globally: module key -> `"yes"`/`"no"`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ModuleSettings {
    pub enabled: BTreeMap<String, String>,
}

/// The attendee portal ("my bookings" page) and coupons.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FeatureModules {
    pub frontend: FrontendModule,
    pub coupon: CouponModule,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FrontendModule {
    #[serde(deserialize_with = "text")]
    pub enabled: String,
    #[serde(deserialize_with = "text")]
    pub slug: String,
    #[serde(deserialize_with = "text")]
    pub render_type: String,
    #[serde(deserialize_with = "text")]
    pub page_id: String,
}

impl Default for FrontendModule {
    fn default() -> Self {
        FrontendModule {
            enabled: "no".into(),
            slug: "my-bookings".into(),
            render_type: "standalone".into(),
            page_id: String::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct CouponModule {
    #[serde(deserialize_with = "text")]
    pub enabled: String,
}

impl Default for CouponModule {
    fn default() -> Self {
        CouponModule {
            enabled: "no".into(),
        }
    }
}

/// Reads a string, number or boolean as text: older documents and form posts mix them.
fn text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    Ok(match serde_json::Value::deserialize(deserializer)? {
        serde_json::Value::String(s) => s,
        serde_json::Value::Null => String::new(),
        serde_json::Value::Bool(true) => "yes".into(),
        serde_json::Value::Bool(false) => "no".into(),
        other => other.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_keys_take_defaults_and_unknown_keys_are_dropped() {
        let stored =
            r#"{"administration": {"auto_complete_timing": 30, "legacy": 1}, "extra": true}"#;
        let settings: GeneralSettings = serde_json::from_str(stored).expect("parse");
        assert_eq!(settings.administration.auto_complete_timing, "30");
        assert_eq!(settings.administration.start_day, "sun");
        assert_eq!(settings.payments.currency, "USD");
        let saved = serde_json::to_string(&settings).expect("json");
        assert!(!saved.contains("legacy") && !saved.contains("extra"));
    }
}
