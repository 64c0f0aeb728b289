//! `/settings/*`: global settings. Every route needs `manage_options` (DESIGN 2.3); installing an
//! integration needs `install_plugins`. A save changes only the keys it is given: a section sent
//! in part keeps its other fields, and sections not sent keep their stored values.

use crate::model::answer::MessageAnswer;
use crate::model::listing::{MenuItem, PageList, PublicPage, SettingsMenu};
use iso_currency::{Currency, IntoEnumIterator};
use isocountry::CountryCode;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::domain::access::Capability;
use crate::domain::audit::AuditAction;
use crate::domain::validation::FieldErrors;
use crate::model::settings::{
    Country, CurrencyOption, EmailingFields, FieldControl, GENERAL, GeneralSettings,
    GeneralSettingsAnswer,
};
use crate::service::audit::{self, AuditEvent};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::calendars::{self, CalendarFilter};
use crate::store::{Ex, settings};

pub const SAVED: &str = "Settings updated successfully";
pub const YES_NO: [&str; 2] = ["yes", "no"];
/// `""` is the reference's "not chosen" for the emailing switches.
pub(super) const YES_NO_UNSET: [&str; 3] = ["yes", "no", ""];
pub(super) const WEEKDAYS: [&str; 7] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
pub const THEMES: [&str; 3] = ["system-default", "light", "dark"];
/// Plain-text settings fields (names, addresses) are limited to this many characters.
pub(super) const MAX_TEXT: usize = 190;
pub(super) const MAX_FOOTER: usize = 20_000;

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
pub const SELF_PLUGIN: &str = "plugin-booking";

/// 403 unless `caller` has `capability`.
pub fn require(caller: &Caller, capability: Capability) -> ServiceResult<()> {
    if caller.can(capability) {
        Ok(())
    } else {
        Err(ServiceError::forbidden())
    }
}

/// A stored settings document, or its defaults when none is stored (an error when it does
/// not decode).
pub async fn load<T: DeserializeOwned + Default>(ex: Ex<'_>, key: &str) -> ServiceResult<T> {
    Ok(settings::document(ex, key).await?.unwrap_or_default())
}

/// Read-modify-write of one settings document in one transaction, so concurrent saves of
/// different sections do not undo each other. Each save is audited (`settings.changed`, the
/// settings `group` as label, the names of the keys it changed, never their values).
pub(super) async fn update<T, F>(
    ctx: &Ctx,
    caller: &Caller,
    key: &str,
    group: &str,
    change: F,
) -> ServiceResult<T>
where
    T: Serialize + DeserializeOwned + Default,
    F: FnOnce(&mut T) -> ServiceResult<()>,
{
    let mut tx = ctx.store.begin().await?;
    let mut document: T = load(tx.ex(), key).await?;
    let before = serde_json::to_value(&document).map_err(crate::store::StoreError::from)?;
    change(&mut document)?;
    let after = serde_json::to_value(&document).map_err(crate::store::StoreError::from)?;
    settings::put(tx.ex(), key, &after.to_string()).await?;
    let event = AuditEvent::by(caller, AuditAction::SettingsChanged)
        .target("settings", None, group)
        .detail("keys", changed_keys(&before, &after));
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    // Slot lists cache the general settings (week start) with each event.
    ctx.slot_cache.clear();
    Ok(document)
}

/// The dotted names of the leaves that differ between two settings documents.
fn changed_keys(before: &Value, after: &Value) -> Vec<String> {
    fn walk(prefix: &str, before: &Value, after: &Value, out: &mut Vec<String>) {
        match (before, after) {
            (Value::Object(b), Value::Object(a)) => {
                let mut names: Vec<&String> = b.keys().chain(a.keys()).collect();
                names.sort();
                names.dedup();
                for name in names {
                    let path = if prefix.is_empty() {
                        name.clone()
                    } else {
                        format!("{prefix}.{name}")
                    };
                    let missing = Value::Null;
                    walk(
                        &path,
                        b.get(name).unwrap_or(&missing),
                        a.get(name).unwrap_or(&missing),
                        out,
                    );
                }
            }
            (b, a) if b != a => out.push(prefix.to_string()),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk("", before, after, &mut out);
    out
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

/// The value of a required field, or the 422 naming it (absent, or of the wrong type).
pub fn required<T>(value: Option<T>, errors: &mut FieldErrors, field: &str) -> ServiceResult<T> {
    value.ok_or_else(|| {
        let mut errors = std::mem::replace(errors, FieldErrors::new());
        if !errors.contains(field) {
            errors.add(field, "required", format!("The {field} field is required."));
        }
        ServiceError::invalid(errors)
    })
}

pub(super) fn check_choice(errors: &mut FieldErrors, field: &str, value: &str, allowed: &[&str]) {
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
    /// The choice, checked: a theme offered (required) and a hex brand colour or none.
    /// `errors` are what the way in could not read, refused together.
    pub fn new(
        theme: Option<String>,
        brand_color: Option<String>,
        mut errors: FieldErrors,
    ) -> ServiceResult<ThemeChoice> {
        if let Some(theme) = &theme {
            check_choice(&mut errors, "theme", theme, &THEMES);
        }
        if let Some(brand) = &brand_color {
            crate::domain::text::check_text("brand_color", brand, true, &mut errors);
        }
        // An extension of the reference's body: the public pages' accent, `#rrggbb` or empty.
        let brand = brand_color.map(|c| c.trim().to_lowercase());
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
        let theme = if errors.contains("theme") {
            None
        } else {
            theme
        };
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
    update(
        ctx,
        caller,
        GENERAL,
        "theme",
        |general: &mut GeneralSettings| {
            general.theme = choice.theme;
            if let Some(brand) = choice.brand_color {
                general.brand_color = brand;
            }
            Ok(())
        },
    )
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

#[cfg(test)]
mod tests {
    use super::changed_keys;

    #[test]
    fn a_settings_save_names_the_leaves_it_changed() {
        let before = serde_json::json!({"a": 1, "b": {"c": "x", "d": true}, "e": [1]});
        let after = serde_json::json!({"a": 1, "b": {"c": "y", "d": true}, "e": [1, 2], "f": 0});
        assert_eq!(changed_keys(&before, &after), ["b.c", "e", "f"]);
        assert!(changed_keys(&before, &before).is_empty());
    }
}
