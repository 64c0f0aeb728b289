//! `/settings/*`: global settings. Every route needs `manage_options` (DESIGN 2.3); installing an
//! integration needs `install_plugins`. A save changes only the keys it is given: a section sent
//! in part keeps its other fields, and sections not sent keep their stored values.

use crate::model::answer::MessageAnswer;
use crate::model::listing::{MenuItem, PageList, PublicPage, SettingsMenu};
use iso_currency::{Currency, IntoEnumIterator};
use isocountry::CountryCode;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use crate::domain::access::Capability;
use crate::domain::validation::{FieldErrors, check_max_len};
use crate::domain::values::is_valid_email;
use crate::model::settings::{
    Administration, Country, CurrencyOption, EmailSettings, EmailingFields, FEATURES,
    FeatureModules, FeatureModulesView, FieldControl, GENERAL, GeneralSections, GeneralSettings,
    GeneralSettingsAnswer, GlobalModules, MODULES, ModuleSettings, SavedFeatureModules,
    SavedGeneralSettings,
};
use crate::service::support::input::Fields;
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::calendars::{self, CalendarFilter};
use crate::store::{Ex, settings};

pub const SAVED: &str = "Settings updated successfully";
const YES_NO: [&str; 2] = ["yes", "no"];
/// `""` is the reference's "not chosen" for the emailing switches.
const YES_NO_UNSET: [&str; 3] = ["yes", "no", ""];
const WEEKDAYS: [&str; 7] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
pub const THEMES: [&str; 3] = ["system-default", "light", "dark"];
/// Plain-text settings fields (names, addresses) are limited to this many characters.
const MAX_TEXT: usize = 190;
const MAX_FOOTER: usize = 20_000;

/// Integrations that can be switched on globally, with the plugin id that installs each
/// (`POST /settings/install-plugin`). The interface's names carry brands; neutral words stand here.
pub const MODULE_CATALOGUE: [(&str, &str, &str, &str); 5] = [
    (
        "smtp",
        "plugin-smtp",
        "SMTP delivery",
        "Send booking emails through your own SMTP server.",
    ),
    (
        "form",
        "plugin-form",
        "Forms",
        "Use booking fields from your form builder.",
    ),
    (
        "crm",
        "plugin-crm",
        "CRM",
        "Add attendees to your contact lists and tag them.",
    ),
    (
        "boards",
        "plugin-boards",
        "Boards",
        "Create a task on a board for each booking.",
    ),
    (
        "cart",
        "plugin-cart",
        "Cart",
        "Sell paid events through your store's checkout.",
    ),
];
/// `plugin-booking` is slotbook itself: always installed.
const SELF_PLUGIN: &str = "plugin-booking";

fn require(caller: &Caller, capability: Capability) -> ServiceResult<()> {
    if caller.can(capability) {
        Ok(())
    } else {
        Err(ServiceError::forbidden())
    }
}

/// A stored settings document, or its defaults.
pub async fn load<T: DeserializeOwned + Default>(ex: Ex<'_>, key: &str) -> ServiceResult<T> {
    Ok(settings::get(ex, key)
        .await?
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default())
}

/// Read-modify-write of one settings document in one transaction, so concurrent saves of
/// different sections do not undo each other.
async fn update<T, F>(ctx: &Ctx, key: &str, change: F) -> ServiceResult<T>
where
    T: Serialize + DeserializeOwned + Default,
    F: FnOnce(&mut T) -> ServiceResult<()>,
{
    let mut tx = ctx.store.begin().await?;
    let mut document: T = load(tx.ex(), key).await?;
    change(&mut document)?;
    let text = serde_json::to_string(&document).map_err(crate::store::StoreError::from)?;
    settings::put(tx.ex(), key, &text).await?;
    tx.commit().await?;
    // Slot lists cache the general settings (week start) with each event.
    ctx.slot_cache.clear();
    Ok(document)
}

fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// `GET /settings/general`.
pub async fn general(ctx: &Ctx, caller: &Caller) -> ServiceResult<GeneralSettingsAnswer> {
    require(caller, Capability::ManageOptions)?;
    let mut conn = ctx.store.conn().await?;
    let stored: GeneralSettings = load(conn.ex(), GENERAL).await?;
    Ok(GeneralSettingsAnswer {
        emailing: stored.emailing,
        administration: stored.administration,
        time_format: stored.time_format,
        payments: stored.payments,
        theme: stored.theme,
        brand_color: stored.brand_color,
        emailing_fields: emailing_fields(),
        all_countries: CountryCode::iter()
            .map(|c| Country {
                code: c.alpha2().to_string(),
                name: c.name().to_string(),
            })
            .collect(),
        all_currencies: currencies(),
    })
}

/// How the dashboard renders each emailing field.
fn emailing_fields() -> EmailingFields {
    let input = |kind: &str, label: &str, placeholder: &str, help: &str| FieldControl {
        kind: kind.into(),
        label: label.into(),
        placeholder: Some(placeholder.into()),
        checked_value: None,
        unchecked_value: None,
        help: help.into(),
    };
    let switch = |label: &str, help: &str| FieldControl {
        kind: "checkbox".into(),
        label: label.into(),
        placeholder: None,
        checked_value: Some("yes".into()),
        unchecked_value: Some("no".into()),
        help: help.into(),
    };
    EmailingFields {
        from_name: input(
            "text",
            "From Name",
            "Your company",
            "The sender name of every email.",
        ),
        from_email: input(
            "email",
            "From Email",
            "bookings@example.com",
            "The sender address of every email.",
        ),
        reply_to_name: input("text", "Reply-To Name", "", ""),
        reply_to_email: input(
            "email",
            "Reply-To Email",
            "",
            "Where replies to booking emails go.",
        ),
        use_host_name: switch(
            "Use the host's name as the sender name",
            "Instead of From Name.",
        ),
        use_host_email_on_reply: switch("Reply to the host", "Replies go to the host's address."),
        attach_ics_on_confirmation: switch("Attach a calendar file (.ics) to confirmations", ""),
        email_footer: input(
            "html",
            "Email Footer",
            "",
            "Shown under every email. Scripts are removed.",
        ),
    }
}

fn currencies() -> Vec<CurrencyOption> {
    Currency::iter()
        .filter(|c| c.exponent().is_some())
        .map(|c| CurrencyOption {
            code: c.code().to_string(),
            name: c.name().to_string(),
            sign: c.symbol().to_string(),
        })
        .collect()
}

/// Overlays the given keys of `patch` on `section`; only keys the section knows are taken.
fn overlay(section: &mut Value, patch: &Map<String, Value>) {
    if let Some(fields) = section.as_object_mut() {
        for (key, value) in patch {
            if fields.contains_key(key) {
                fields.insert(key.clone(), value.clone());
            }
        }
    }
}

/// `section` with the given keys of `patch` applied. Every field reads any scalar as text, so
/// the result always parses; should it not, the section stays as it was.
fn patched<T: Clone + Serialize + DeserializeOwned>(section: &T, patch: Option<&Value>) -> T {
    let mut value = to_value(section);
    if let Some(patch) = patch.and_then(Value::as_object) {
        overlay(&mut value, patch);
    }
    serde_json::from_value(value).unwrap_or_else(|_| section.clone())
}

/// `POST /settings/general`: `emailing`, `administration`, `timeFormat`, all optional.
pub async fn save_general(
    ctx: &Ctx,
    caller: &Caller,
    body: &Value,
) -> ServiceResult<SavedGeneralSettings> {
    require(caller, Capability::ManageOptions)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let emailing_patch = f.object("emailing", &mut errors);
    let administration_patch = f.object("administration", &mut errors);
    let time_format = f.one_of("timeFormat", &["12", "24"], &mut errors);
    if let Some(patch) = emailing_patch {
        check_patch_types(patch, "emailing", &mut errors);
    }
    if let Some(patch) = administration_patch {
        check_patch_types(patch, "administration", &mut errors);
    }
    errors.into_result().map_err(ServiceError::invalid)?;

    let general = update(ctx, GENERAL, |general: &mut GeneralSettings| {
        general.emailing = patched(&general.emailing, emailing_patch);
        general.administration = patched(&general.administration, administration_patch);
        if let Some(format) = time_format {
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

/// Settings fields are text; objects and lists in their place are reported by name.
fn check_patch_types(patch: &Value, prefix: &str, errors: &mut FieldErrors) {
    for (key, value) in patch.as_object().into_iter().flatten() {
        if value.is_object() || value.is_array() {
            let name = format!("{prefix}.{key}");
            errors.add(&name, "string", format!("The {name} must be a string."));
        }
    }
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

/// The value of a required field, or the 422 naming it (absent, or of the wrong type).
fn required<T>(value: Option<T>, errors: &mut FieldErrors, field: &str) -> ServiceResult<T> {
    value.ok_or_else(|| {
        let mut errors = std::mem::replace(errors, FieldErrors::new());
        if !errors.contains(field) {
            errors.add(field, "required", format!("The {field} field is required."));
        }
        ServiceError::invalid(errors)
    })
}

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

fn check_choice(errors: &mut FieldErrors, field: &str, value: &str, allowed: &[&str]) {
    if !allowed.contains(&value) {
        errors.add(
            field,
            "in",
            format!(
                "The selected {field} is invalid. Allowed: {}.",
                allowed
                    .iter()
                    .map(|a| if a.is_empty() { "\"\"" } else { a })
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
}

/// `POST /settings/payment`: `payments` (required) with `currency`, `is_active`,
/// `number_format`, `currency_position`.
pub async fn save_payment(
    ctx: &Ctx,
    caller: &Caller,
    body: &Value,
) -> ServiceResult<MessageAnswer> {
    require(caller, Capability::ManageOptions)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let patch = required(f.object("payments", &mut errors), &mut errors, "payments")?;
    let p = Fields::new(Some(patch), "payments");
    let currency = p
        .str("currency", &mut errors)
        .map(|c| c.trim().to_uppercase());
    let is_active = p.one_of("is_active", &YES_NO, &mut errors);
    let number_format = p.one_of(
        "number_format",
        &["comma_separated", "dot_separated"],
        &mut errors,
    );
    let position = p.one_of(
        "currency_position",
        &["left", "right", "left_space", "right_space"],
        &mut errors,
    );
    let known = currency.as_deref().map(Currency::from_code);
    if let Some(None) = known {
        errors.add(
            "payments.currency",
            "in",
            "The payments.currency must be an ISO 4217 currency code.",
        );
    }
    errors.into_result().map_err(ServiceError::invalid)?;

    update(ctx, GENERAL, |general: &mut GeneralSettings| {
        let payments = &mut general.payments;
        if let Some(Some(currency)) = known {
            payments.currency = currency.code().to_string();
            payments.currency_sign = currency.symbol().to_string();
            payments.decimal_points = currency.exponent().unwrap_or(2);
        }
        if let Some(v) = is_active {
            payments.is_active = v;
        }
        if let Some(v) = number_format {
            payments.number_format = v;
        }
        if let Some(v) = position {
            payments.currency_position = v;
        }
        Ok(())
    })
    .await?;
    Ok(MessageAnswer::new(SAVED))
}

/// Reads a settings body only for a caller who may change the settings: 403 comes before any
/// complaint about the body, as integrators meet it.
pub fn permitted_then<C>(
    caller: &Caller,
    capability: Capability,
    parse: impl FnOnce() -> ServiceResult<C>,
) -> ServiceResult<C> {
    require(caller, capability)?;
    parse()
}

/// `POST /settings/theme`'s body, read once.
#[derive(Debug, Clone, PartialEq)]
pub struct ThemeChoice {
    /// One of the themes offered.
    pub theme: String,
    /// The public pages' accent: `#rrggbb` (lower case) or empty for the default; `None`
    /// keeps the stored one.
    pub brand_color: Option<String>,
}

impl ThemeChoice {
    /// Reads `{theme, brand_color?}`.
    pub fn parse(body: &Value) -> ServiceResult<ThemeChoice> {
        let mut errors = FieldErrors::new();
        let f = Fields::new(Some(body), "");
        let theme = f.one_of("theme", &THEMES, &mut errors);
        // An extension of the reference's body: the public pages' accent, `#rrggbb` or empty.
        let brand = f
            .str("brand_color", &mut errors)
            .map(|c| c.trim().to_lowercase());
        if brand
            .as_deref()
            .is_some_and(|c| !c.is_empty() && crate::domain::brand::parse_hex(c).is_none())
        {
            errors.add(
                "brand_color",
                "color",
                "The brand colour must be a hex colour such as #0369a1.",
            );
        }
        let theme = required(theme, &mut errors, "theme")?;
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(ThemeChoice {
            theme,
            brand_color: brand,
        })
    }
}

/// `POST /settings/theme`: `theme` (required), and `brand_color` (`#rrggbb`, or empty for the
/// built-in accent; an extension).
pub async fn save_theme(
    ctx: &Ctx,
    caller: &Caller,
    choice: ThemeChoice,
) -> ServiceResult<MessageAnswer> {
    require(caller, Capability::ManageOptions)?;
    update(ctx, GENERAL, |general: &mut GeneralSettings| {
        general.theme = choice.theme;
        if let Some(brand) = choice.brand_color {
            general.brand_color = brand;
        }
        Ok(())
    })
    .await?;
    Ok(MessageAnswer::new(SAVED))
}

/// `GET /settings/menu`: the sections of the dashboard's settings page.
pub fn menu(caller: &Caller) -> ServiceResult<SettingsMenu> {
    require(caller, Capability::ManageOptions)?;
    // Each route is the section of the dashboard's settings page that edits it.
    let item = |key: &str, title: &str, anchor: &str| MenuItem {
        key: key.into(),
        title: title.into(),
        route: format!("/admin/settings#{anchor}"),
    };
    Ok(SettingsMenu {
        menu_items: vec![
            item("general", "General Settings", "general"),
            item("payments", "Payment Settings", "payments"),
            item("theme", "Theme", "theme"),
            item("global_modules", "Integrations", "modules"),
            item("addons", "Features", "modules"),
        ],
    })
}

/// `GET /settings/global-modules`.
pub async fn global_modules(ctx: &Ctx, caller: &Caller) -> ServiceResult<GlobalModules> {
    require(caller, Capability::ManageOptions)?;
    let mut conn = ctx.store.conn().await?;
    let stored: ModuleSettings = load(conn.ex(), MODULES).await?;
    let features: FeatureModules = load(conn.ex(), FEATURES).await?;
    let mut switches = Map::new();
    let mut modules = Map::new();
    for (key, plugin, title, description) in MODULE_CATALOGUE {
        let state = stored.enabled.get(key).map_or("no", String::as_str);
        switches.insert(key.into(), json!(state));
        modules.insert(
            key.into(),
            json!({"title": title, "description": description, "plugin_id": plugin}),
        );
    }
    Ok(GlobalModules {
        settings: switches,
        modules,
        feature_modules: feature_modules(ctx, features),
    })
}

fn feature_modules(ctx: &Ctx, features: FeatureModules) -> FeatureModulesView {
    FeatureModulesView {
        frontend: features.frontend,
        coupon: features.coupon,
        panel_url: format!("{}/admin", ctx.public_url),
    }
}

/// `POST /settings/global-modules`: `settings` (required), module key -> `yes`/`no`.
pub async fn save_global_modules(
    ctx: &Ctx,
    caller: &Caller,
    body: &Value,
) -> ServiceResult<MessageAnswer> {
    require(caller, Capability::ManageOptions)?;
    let mut errors = FieldErrors::new();
    let (given, s) = settings_object(body, &mut errors)?;
    let mut changes = Vec::new();
    for key in given.as_object().into_iter().flatten().map(|(k, _)| k) {
        if !MODULE_CATALOGUE.iter().any(|m| m.0 == key) {
            errors.add(s.name(key), "in", format!("{key} is not a known module."));
        } else if let Some(state) = s.one_of(key, &YES_NO, &mut errors) {
            changes.push((key.clone(), state));
        }
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    set_modules(ctx, changes).await?;
    Ok(MessageAnswer::new(SAVED))
}

async fn set_modules(ctx: &Ctx, changes: Vec<(String, String)>) -> ServiceResult<()> {
    update(ctx, MODULES, |stored: &mut ModuleSettings| {
        stored.enabled.extend(changes);
        Ok(())
    })
    .await?;
    Ok(())
}

/// `GET /settings/pages`: the pages slotbook serves that an attendee portal can link from:
/// the public landing page of each calendar the caller can see.
pub async fn pages(ctx: &Ctx, caller: &Caller) -> ServiceResult<PageList> {
    require(caller, Capability::ManageOptions)?;
    let mut conn = ctx.store.conn().await?;
    let filter = CalendarFilter {
        visible_to: None,
        calendar_type: "all",
        search: "",
    };
    let rows = calendars::list(conn.ex(), &filter, 1000, 0).await?;
    let pages = rows
        .iter()
        .map(|c| PublicPage {
            id: c.id,
            name: c.slug.clone(),
            title: c.title.clone(),
        })
        .collect();
    Ok(PageList { pages })
}

/// `POST /settings/addons-settings`: `settings` (required) with `frontend` and `coupon`.
pub async fn save_addons(
    ctx: &Ctx,
    caller: &Caller,
    body: &Value,
) -> ServiceResult<SavedFeatureModules> {
    require(caller, Capability::ManageOptions)?;
    let mut errors = FieldErrors::new();
    let (_, s) = settings_object(body, &mut errors)?;
    let frontend = s.object("frontend", &mut errors);
    let coupon = s.object("coupon", &mut errors);
    for (patch, prefix) in [(frontend, "settings.frontend"), (coupon, "settings.coupon")] {
        if let Some(patch) = patch {
            check_patch_types(patch, prefix, &mut errors);
        }
    }
    errors.into_result().map_err(ServiceError::invalid)?;

    let features = update(ctx, FEATURES, |features: &mut FeatureModules| {
        features.frontend = patched(&features.frontend, frontend);
        features.coupon = patched(&features.coupon, coupon);
        validate_features(features)
    })
    .await?;
    Ok(SavedFeatureModules {
        message: "Settings are saved".into(),
        feature_modules: feature_modules(ctx, features),
    })
}

fn validate_features(features: &mut FeatureModules) -> ServiceResult<()> {
    let mut errors = FieldErrors::new();
    let fe = &mut features.frontend;
    fe.slug = fe.slug.trim().trim_matches('/').to_lowercase();
    check_choice(
        &mut errors,
        "settings.frontend.enabled",
        &fe.enabled,
        &YES_NO,
    );
    check_choice(
        &mut errors,
        "settings.frontend.render_type",
        &fe.render_type,
        &["standalone", "shortcode"],
    );
    let slug_ok = !fe.slug.is_empty()
        && fe.slug.len() <= 100
        && fe
            .slug
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !slug_ok {
        errors.add(
            "settings.frontend.slug",
            "slug",
            "The settings.frontend.slug may contain only letters, digits and dashes.",
        );
    }
    if !fe.page_id.is_empty() && fe.page_id.parse::<i64>().is_err() {
        errors.add(
            "settings.frontend.page_id",
            "integer",
            "The settings.frontend.page_id must be a page id.",
        );
    }
    check_choice(
        &mut errors,
        "settings.coupon.enabled",
        &features.coupon.enabled,
        &YES_NO,
    );
    errors.into_result().map_err(ServiceError::invalid)
}

/// A plugin slotbook knows: itself or one of its modules' integrations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PluginId(pub &'static str);

impl PluginId {
    /// Reads `{plugin_id}`.
    pub fn parse(body: &Value) -> ServiceResult<PluginId> {
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
            .ok_or_else(|| {
                ServiceError::field("plugin_id", "in", "The selected plugin_id is invalid.")
            })
    }
}

/// `POST /settings/install-plugin`: `plugin_id` (required). slotbook runs no third-party code:
/// installing an integration switches its module on (`GET /settings/global-modules` shows it).
pub async fn install_plugin(
    ctx: &Ctx,
    caller: &Caller,
    plugin: PluginId,
) -> ServiceResult<MessageAnswer> {
    require(caller, Capability::InstallPlugins)?;
    if let Some(module) = MODULE_CATALOGUE.iter().find(|m| m.1 == plugin.0) {
        set_modules(ctx, vec![(module.0.to_string(), "yes".to_string())]).await?;
    }
    Ok(MessageAnswer::new("Plugin has been installed successfully"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_theme_choice_keeps_a_lower_case_accent_and_names_a_bad_one() {
        let theme = THEMES[0];
        let choice = ThemeChoice::parse(&json!({"theme": theme, "brand_color": " #0369A1 "}));
        assert_eq!(
            choice.ok(),
            Some(ThemeChoice {
                theme: theme.to_string(),
                brand_color: Some("#0369a1".to_string()),
            })
        );
        let kept = ThemeChoice::parse(&json!({"theme": theme}));
        assert_eq!(kept.ok().map(|c| c.brand_color), Some(None));
        let refused = |body: Value| match ThemeChoice::parse(&body) {
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
}
