//! `…/payment-settings`: an event's price and how it is paid, read once into the changes a
//! save asks for and checked whole.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};
use serde_json::json;

use super::{EventPayment, META_KEY, PaymentConfig, PaymentSettingsAnswer, PriceItem, load};
use crate::domain::money::parse_amount;
use crate::domain::validation::FieldErrors;
use crate::model::answer::MessageAnswer;
use crate::service::events::admin::load_managed_event;
use crate::service::support::checks::set_if_sent;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::{events, payments};

/// `GET …/payment-settings`: the event's settings and what the site can take.
pub async fn get(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<PaymentSettingsAnswer> {
    let mut conn = ctx.store.conn().await?;
    let (_cal, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    let settings = load(conn.ex(), ev.id).await?;
    let general: crate::model::settings::GeneralSettings =
        crate::service::settings::site::load(conn.ex(), crate::model::settings::GENERAL).await?;
    Ok(PaymentSettingsAnswer {
        settings,
        config: PaymentConfig {
            native_enabled: general.payments.is_active == "yes",
            card_configured: false,
            wallet_configured: false,
            offline_configured: true,
            native_config_link: format!("{}/admin/settings#payments", ctx.public_url),
            store_config_link: String::new(),
            has_cart: false,
            has_store: false,
            store_enabled: false,
        },
    })
}

/// `POST …/payment-settings`'s `settings`, read once: the fields sent, each of its stored type
/// (`None`: keep it). Unknown keys are ignored.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct EventPaymentChanges {
    #[serde(deserialize_with = "given")]
    pub enabled: Option<String>,
    #[serde(deserialize_with = "given")]
    pub driver: Option<String>,
    #[serde(deserialize_with = "given")]
    pub offline_enabled: Option<String>,
    #[serde(deserialize_with = "given")]
    pub card_enabled: Option<String>,
    #[serde(deserialize_with = "given")]
    pub wallet_enabled: Option<String>,
    #[serde(deserialize_with = "given")]
    pub offline_instructions: Option<String>,
    #[serde(deserialize_with = "given")]
    pub items: Option<Vec<PriceItem>>,
    #[serde(deserialize_with = "given")]
    pub multi_payment_enabled: Option<String>,
    #[serde(deserialize_with = "given")]
    pub multi_payment_items: Option<BTreeMap<String, PriceItem>>,
}

/// A key that is sent must hold its field's type (`null` is refused, not "keep").
fn given<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

impl EventPaymentChanges {
    /// The text rules of every way in (`domain::text`): the editor's Payment tab builds these
    /// changes without a body.
    pub fn check_text(&self) -> ServiceResult<()> {
        use crate::domain::text::check_text;
        let mut errors = FieldErrors::new();
        let one_line = [
            ("enabled", &self.enabled),
            ("driver", &self.driver),
            ("offline_enabled", &self.offline_enabled),
        ];
        for (key, text) in one_line {
            if let Some(text) = text {
                check_text(&format!("settings.{key}"), text, true, &mut errors);
            }
        }
        if let Some(text) = &self.offline_instructions {
            check_text("settings.offline_instructions", text, false, &mut errors);
        }
        for (i, item) in self.items.iter().flatten().enumerate() {
            check_text(
                &format!("settings.items.{i}.title"),
                &item.title,
                true,
                &mut errors,
            );
        }
        errors.into_result().map_err(ServiceError::invalid)
    }

    /// `settings` with the fields sent changed.
    pub fn apply_to(self, settings: &mut EventPayment) {
        let EventPaymentChanges {
            enabled,
            driver,
            offline_enabled,
            card_enabled,
            wallet_enabled,
            offline_instructions,
            items,
            multi_payment_enabled,
            multi_payment_items,
        } = self;
        set_if_sent(&mut settings.enabled, enabled);
        set_if_sent(&mut settings.driver, driver);
        set_if_sent(&mut settings.offline_enabled, offline_enabled);
        set_if_sent(&mut settings.card_enabled, card_enabled);
        set_if_sent(&mut settings.wallet_enabled, wallet_enabled);
        set_if_sent(&mut settings.offline_instructions, offline_instructions);
        set_if_sent(&mut settings.items, items);
        set_if_sent(&mut settings.multi_payment_enabled, multi_payment_enabled);
        set_if_sent(&mut settings.multi_payment_items, multi_payment_items);
    }
}

/// `POST …/payment-settings` with `{settings}`: the changes over the stored settings, checked
/// whole, then stored; the event's `type` becomes `paid` or `free`.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    changes: EventPaymentChanges,
) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    changes.check_text()?;
    let general: crate::model::settings::GeneralSettings =
        crate::service::settings::site::load(tx.ex(), crate::model::settings::GENERAL).await?;
    let mut settings = load(tx.ex(), ev.id).await?;
    changes.apply_to(&mut settings);
    let mut errors = FieldErrors::new();
    check(&mut settings, general.payments.decimal_points, &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    events::put_meta(tx.ex(), ev.id, META_KEY, &json!(settings).to_string()).await?;
    let kind = if settings.enabled == "yes" {
        "paid"
    } else {
        "free"
    };
    payments::set_event_type(tx.ex(), ev.id, kind).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(MessageAnswer::new("Settings updated successfully"))
}

fn check(settings: &mut EventPayment, decimals: u16, errors: &mut FieldErrors) {
    let yes_no = |v: &str| v == "yes" || v == "no";
    for (name, value) in [
        ("enabled", &settings.enabled),
        ("offline_enabled", &settings.offline_enabled),
        ("multi_payment_enabled", &settings.multi_payment_enabled),
    ] {
        if !yes_no(value) {
            errors.add(format!("settings.{name}"), "in", "Use yes or no.");
        }
    }
    // No card or wallet provider is configured: those switches stay off.
    settings.card_enabled = "no".into();
    settings.wallet_enabled = "no".into();
    settings.offline_instructions =
        crate::service::support::sanitize::clean_html(&settings.offline_instructions);
    if settings.enabled != "yes" {
        return;
    }
    if settings.driver != "native" {
        errors.add(
            "settings.driver",
            "required",
            "Please select a payment method",
        );
    } else if settings.offline_enabled != "yes" {
        errors.add(
            "settings.offline_enabled",
            "required",
            "Please enable at least one payment method",
        );
    }
    let lines: Vec<(String, &PriceItem)> = if settings.multi_payment_enabled == "yes" {
        settings
            .multi_payment_items
            .iter()
            .map(|(d, i)| (format!("settings.multi_payment_items.{d}"), i))
            .collect()
    } else {
        settings
            .items
            .iter()
            .enumerate()
            .map(|(n, i)| (format!("settings.items.{n}"), i))
            .collect()
    };
    if lines.is_empty() {
        errors.add("settings.items", "required", "Add at least one price.");
    }
    for (field, item) in lines {
        if item.title.trim().is_empty() {
            errors.add(
                format!("{field}.title"),
                "required",
                "Each price needs a title.",
            );
        }
        if parse_amount(&item.value.to_string(), decimals).is_none() {
            errors.add(
                format!("{field}.value"),
                "amount",
                format!("A price is a non-negative amount with at most {decimals} decimal places."),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn switching_payment_on_needs_a_method_and_valid_prices() {
        let mut settings = EventPayment {
            enabled: "yes".into(),
            ..EventPayment::default()
        };
        let mut errors = FieldErrors::new();
        check(&mut settings, 2, &mut errors);
        assert_eq!(
            errors.first_message(),
            Some("Please enable at least one payment method")
        );
        let mut settings = EventPayment {
            enabled: "yes".into(),
            offline_enabled: "yes".into(),
            card_enabled: "yes".into(),
            items: serde_json::from_value(json!([{"title": "", "value": 1.999}])).expect("items"),
            ..EventPayment::default()
        };
        let mut errors = FieldErrors::new();
        check(&mut settings, 2, &mut errors);
        assert!(
            errors.contains("settings.items.0.title") && errors.contains("settings.items.0.value")
        );
        assert_eq!(
            settings.card_enabled, "no",
            "no card provider is configured"
        );
    }
}
