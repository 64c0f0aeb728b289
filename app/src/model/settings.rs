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
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
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

#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
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
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
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

#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
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
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FeatureModules {
    pub frontend: FrontendModule,
    pub coupon: CouponModule,
}

#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
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

#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
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
    Ok(scalar_text(serde_json::Value::deserialize(deserializer)?))
}

/// A settings field's value as the stored text: `true`/`false` as `yes`/`no`, `null` as
/// empty, numbers as written.
pub fn scalar_text(value: serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s,
        serde_json::Value::Null => String::new(),
        serde_json::Value::Bool(true) => "yes".into(),
        serde_json::Value::Bool(false) => "no".into(),
        other => other.to_string(),
    }
}

/// `GET /settings/general`: the stored sections, how the dashboard renders the emailing
/// fields, and the countries and currencies to choose from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct GeneralSettingsAnswer {
    pub emailing: EmailSettings,
    pub administration: Administration,
    #[cfg_attr(feature = "ssr", schema(example = "12"))]
    pub time_format: String,
    pub payments: PaymentSettings,
    pub theme: String,
    pub brand_color: String,
    #[serde(rename = "emailingFields")]
    pub emailing_fields: EmailingFields,
    pub all_countries: Vec<Country>,
    pub all_currencies: Vec<CurrencyOption>,
}

/// The emailing section's controls, one per field of [`EmailSettings`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EmailingFields {
    pub from_name: FieldControl,
    pub from_email: FieldControl,
    pub reply_to_name: FieldControl,
    pub reply_to_email: FieldControl,
    pub use_host_name: FieldControl,
    pub use_host_email_on_reply: FieldControl,
    pub attach_ics_on_confirmation: FieldControl,
    pub email_footer: FieldControl,
}

/// How a settings field is shown: a text, email or HTML input, or a yes/no checkbox.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct FieldControl {
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ssr", schema(example = "text"))]
    pub kind: String,
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked_value: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unchecked_value: Option<String>,
    pub help: String,
}

/// An ISO 3166-1 country.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct Country {
    #[cfg_attr(feature = "ssr", schema(example = "DE"))]
    pub code: String,
    pub name: String,
}

/// An ISO 4217 currency with its sign.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct CurrencyOption {
    #[cfg_attr(feature = "ssr", schema(example = "EUR"))]
    pub code: String,
    pub name: String,
    pub sign: String,
}

/// `POST /settings/general`: the saved sections.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct SavedGeneralSettings {
    #[cfg_attr(feature = "ssr", schema(example = "Settings updated successfully"))]
    pub message: String,
    pub settings: GeneralSections,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct GeneralSections {
    pub emailing: EmailSettings,
    pub administration: Administration,
    pub time_format: String,
}

/// `POST /settings/general`: every part optional; a section's keys are merged into the stored
/// one (unknown keys are dropped).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"emailing": {"from_name": "Maya Singh Coaching", "from_email": "bookings@example.org"}, "administration": {"start_day": "mon"}, "timeFormat": "24"})))]
pub struct GeneralSettingsRequest {
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Object>))]
    pub emailing: Option<BTreeMap<String, serde_json::Value>>,
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Object>))]
    pub administration: Option<BTreeMap<String, serde_json::Value>>,
    /// `12` or `24`.
    #[serde(rename = "timeFormat")]
    pub time_format: Option<String>,
}

/// `GET /settings/global-modules`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct GlobalModules {
    /// Module key -> `yes` or `no`, in the catalogue's order.
    #[cfg_attr(feature = "ssr", schema(value_type = HashMap<String, String>))]
    pub settings: serde_json::Map<String, serde_json::Value>,
    /// Module key -> what it is.
    #[cfg_attr(feature = "ssr", schema(value_type = HashMap<String, ModuleInfo>))]
    pub modules: serde_json::Map<String, serde_json::Value>,
    #[serde(rename = "featureModules")]
    pub feature_modules: FeatureModulesView,
}

/// A module of the catalogue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ModuleInfo {
    pub title: String,
    pub description: String,
    pub plugin_id: String,
}

/// The feature modules with the dashboard's address.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct FeatureModulesView {
    pub frontend: FrontendModule,
    pub coupon: CouponModule,
    pub panel_url: String,
}

/// `POST /settings/addons-settings`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct SavedFeatureModules {
    #[cfg_attr(feature = "ssr", schema(example = "Settings are saved"))]
    pub message: String,
    #[serde(rename = "featureModules")]
    pub feature_modules: FeatureModulesView,
}

/// `POST /settings/global-modules` and `/settings/addons-settings`: `{settings: {...}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"settings": {"smtp": "yes", "crm": "no"}})))]
pub struct SettingsRequest {
    /// global-modules: module key -> `yes`/`no`; addons: `frontend` and `coupon` objects.
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub settings: BTreeMap<String, serde_json::Value>,
}

/// `POST /settings/payment`: `{payments: {currency?, is_active?, number_format?,
/// currency_position?}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"payments": {"currency": "EUR", "is_active": "yes", "number_format": "comma_separated", "currency_position": "right_space"}})))]
pub struct PaymentSettingsRequest {
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub payments: BTreeMap<String, serde_json::Value>,
}

/// `POST /settings/theme`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"theme": "dark", "brand_color": "#0369a1"})))]
pub struct ThemeRequest {
    /// `system-default`, `light` or `dark`.
    #[cfg_attr(feature = "ssr", schema(example = "dark"))]
    pub theme: String,
    /// `#rrggbb`, or empty for the built-in accent.
    pub brand_color: Option<String>,
}

/// `POST /settings/install-plugin`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct InstallPluginRequest {
    #[cfg_attr(feature = "ssr", schema(example = "plugin-smtp"))]
    pub plugin_id: String,
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

/// Settings key of [`BookingProtection`].
pub const BOOKING_PROTECTION: &str = "booking_protection";

/// `/settings/booking-protection` (DESIGN 2.8): the proof-of-work challenge on public creates
/// and the site-wide blocklist of attendee addresses and domains.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct BookingProtection {
    pub proof_of_work: ProofOfWork,
    /// Lower-case addresses (`a@b.c`) and domains (covering their subdomains).
    pub blocklist: Vec<String>,
}

/// The ALTCHA challenge's switch and its largest secret number.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ProofOfWork {
    pub enabled: bool,
    /// 1,000 - 1,000,000.
    pub max_number: i64,
}

impl Default for ProofOfWork {
    fn default() -> Self {
        ProofOfWork {
            enabled: false,
            max_number: 50_000,
        }
    }
}

/// `{settings}` of `GET /settings/booking-protection`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"settings": {"proof_of_work": {"enabled": false, "max_number": 50000}, "blocklist": ["spam.example"]}})))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BookingProtectionAnswer {
    pub settings: BookingProtection,
}

/// `{message, settings}` of `POST /settings/booking-protection`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"message": "Settings updated successfully", "settings": {"proof_of_work": {"enabled": true, "max_number": 50000}, "blocklist": ["spam.example"]}})))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedBookingProtection {
    #[cfg_attr(feature = "ssr", schema(example = "Settings updated successfully"))]
    pub message: String,
    pub settings: BookingProtection,
}

/// `POST /settings/booking-protection`: the keys sent change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"proof_of_work": {"enabled": true, "max_number": 50000}, "blocklist": ["spam.example", "troll@example.org"]})))]
pub struct BookingProtectionRequest {
    /// `{enabled?, max_number?: 1000-1000000}`.
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Object>))]
    pub proof_of_work: Option<BTreeMap<String, serde_json::Value>>,
    /// Addresses and domains (a domain covers its subdomains); replaces the list.
    pub blocklist: Option<Vec<String>>,
}

/// One cap of a host across all of its events (DESIGN 2.8): `unit` `per_day` or `per_week`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostLimit {
    #[cfg_attr(feature = "ssr", schema(example = "per_day"))]
    pub unit: String,
    #[cfg_attr(feature = "ssr", schema(example = 4))]
    pub value: i64,
}

/// `{message?, limits}` of `GET|POST /host-limits`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"message": "Limits have been updated", "limits": [{"unit": "per_day", "value": 4}, {"unit": "per_week", "value": 15}]})))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostLimitsAnswer {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    pub limits: Vec<HostLimit>,
}

/// `POST /host-limits`: the caps that replace the stored ones (`[]` removes them).
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"limits": [{"unit": "per_day", "value": 4}]})))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostLimitsRequest {
    pub limits: Vec<HostLimit>,
}

/// A user's days out of office (DESIGN 2.8): inclusive dates of the user's zone.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutOfOfficePeriod {
    pub id: i64,
    pub user_id: i64,
    #[cfg_attr(feature = "ssr", schema(example = "2027-03-01"))]
    pub start_date: String,
    #[cfg_attr(feature = "ssr", schema(example = "2027-03-05"))]
    pub end_date: String,
    /// The user's own note (plain text; may be empty).
    #[cfg_attr(feature = "ssr", schema(example = "Holiday"))]
    pub reason: String,
    /// Another user who takes the round-robin turns meanwhile.
    pub teammate_id: Option<i64>,
}

/// `GET /out-of-office`: the user's periods, soonest first.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"periods": [{"id": 3, "user_id": 1, "start_date": "2027-03-01", "end_date": "2027-03-05", "reason": "Holiday", "teammate_id": 2}]})))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutOfOfficeList {
    pub periods: Vec<OutOfOfficePeriod>,
}

/// `POST /out-of-office`: `{message: 'Out of office has been saved', period}`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"message": "Out of office has been saved", "period": {"id": 3, "user_id": 1, "start_date": "2027-03-01", "end_date": "2027-03-05", "reason": "Holiday", "teammate_id": null}})))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutOfOfficeAnswer {
    pub message: String,
    pub period: OutOfOfficePeriod,
}

/// `POST /out-of-office`'s body.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"start_date": "2027-03-01", "end_date": "2027-03-05", "reason": "Holiday", "teammate_id": 2})))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutOfOfficeRequest {
    pub start_date: String,
    pub end_date: String,
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub teammate_id: Option<i64>,
}

/// The settings document of `/settings/security` (DESIGN 2.10).
pub const SECURITY: &str = "security";

/// `/settings/security`: `require_two_factor` is `yes` or `no` (default).
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SecuritySettings {
    #[cfg_attr(feature = "ssr", schema(example = "no"))]
    pub require_two_factor: String,
}

impl Default for SecuritySettings {
    fn default() -> SecuritySettings {
        SecuritySettings {
            require_two_factor: "no".into(),
        }
    }
}

impl SecuritySettings {
    pub fn requires_two_factor(&self) -> bool {
        self.require_two_factor == "yes"
    }
}

/// `{settings}` of `GET /settings/security`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"settings": {"require_two_factor": "no"}})))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SecuritySettingsAnswer {
    pub settings: SecuritySettings,
}

/// `{message, settings}` of `POST /settings/security`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"message": "Settings updated successfully", "settings": {"require_two_factor": "yes"}})))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedSecuritySettings {
    pub message: String,
    pub settings: SecuritySettings,
}

/// `POST /settings/security`'s body: the keys sent change, the others keep their value.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"settings": {"require_two_factor": "yes"}})))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SecuritySettingsRequest {
    pub settings: Option<SecuritySettingsChange>,
}

/// The keys of `POST /settings/security`, each optional.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SecuritySettingsChange {
    /// `yes` or `no`.
    #[cfg_attr(feature = "ssr", schema(example = "yes"))]
    pub require_two_factor: Option<String>,
}

/// The settings document of `/settings/privacy` (DESIGN 2.11).
pub const PRIVACY: &str = "privacy";

/// `/settings/privacy`: how long attendee data is kept, whether attendees may erase it, and the
/// privacy notice the booking form may ask them to accept.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PrivacySettings {
    /// Days after a booking ended before its attendee data is erased (0-3650); `null`: kept.
    pub retention_days: Option<i64>,
    /// Attendees may erase their data from the manage page.
    pub attendee_erasure: bool,
    /// The public booking form asks for consent to `consent_text`.
    pub consent_required: bool,
    pub consent_text: String,
    /// Stored with each consent; change it when the text changes.
    #[cfg_attr(feature = "ssr", schema(example = "1"))]
    pub consent_version: String,
}

impl Default for PrivacySettings {
    fn default() -> PrivacySettings {
        PrivacySettings {
            retention_days: None,
            attendee_erasure: false,
            consent_required: false,
            consent_text: String::new(),
            consent_version: "1".into(),
        }
    }
}

/// `{settings}` of `GET /settings/privacy`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"settings": {"retention_days": null, "attendee_erasure": false, "consent_required": false, "consent_text": "", "consent_version": "1"}})))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PrivacySettingsAnswer {
    pub settings: PrivacySettings,
}

/// `{message, settings}` of `POST /settings/privacy`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"message": "Settings updated successfully", "settings": {"retention_days": 365, "attendee_erasure": true, "consent_required": true, "consent_text": "We keep your details to run this appointment.", "consent_version": "2"}})))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedPrivacySettings {
    pub message: String,
    pub settings: PrivacySettings,
}

/// `POST /settings/privacy`'s body: `{settings: {...}}`; the keys sent change.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"settings": {"retention_days": 365, "attendee_erasure": true}})))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PrivacySettingsRequest {
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Object>))]
    pub settings: Option<BTreeMap<String, serde_json::Value>>,
}

/// The caller's own profile (`GET /settings/profile`, DESIGN 2.9).
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub id: i64,
    #[cfg_attr(feature = "ssr", schema(example = "maya"))]
    pub login: String,
    #[cfg_attr(feature = "ssr", schema(example = "Maya Singh"))]
    pub name: String,
    #[cfg_attr(feature = "ssr", schema(example = "maya@example.org"))]
    pub email: String,
    /// The dashboard's and the host's emails' language: a code, or `null` for the browser's
    /// (`Accept-Language`, else English).
    #[cfg_attr(feature = "ssr", schema(example = "de"))]
    pub language: Option<String>,
}

/// `{profile}` of `GET /settings/profile`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"profile": {"id": 1, "login": "maya", "name": "Maya Singh", "email": "maya@example.org", "language": null}})))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProfileAnswer {
    pub profile: Profile,
}

/// `{message, profile}` of `POST /settings/profile`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"message": "Profile has been updated", "profile": {"id": 1, "login": "maya", "name": "Maya Singh", "email": "maya@example.org", "language": "de"}})))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedProfile {
    pub message: String,
    pub profile: Profile,
}

/// `POST /settings/profile`'s body.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"language": "de"})))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProfileRequest {
    /// `en`, `de`, `fr`, `es`, `pt-BR`, `ar`, `ja`, or `null` for the browser's language.
    pub language: Option<String>,
}
