//! Payments: an event's price (`…/payment-settings`), the order a paid booking gets in its
//! own transaction, marking it paid and refunding it. Money is integer minor units. No card
//! provider is built in: a provider is a [`PaymentMethod`]; the one that ships is `offline`
//! (the attendee pays as the instructions say, the host marks the booking paid).

mod orders;
mod settings;

pub use orders::{create_order, payment_order, refund, set_paid};
pub use settings::{EventPaymentChanges, get, save};

use crate::domain::money::{MoneyFormat, parse_amount};
use crate::model::settings::PaymentSettings;
use crate::service::ServiceResult;
use crate::store::{Ex, events};

/// Where an event keeps its payment settings (`event_meta`).
pub const META_KEY: &str = "payment_settings";

pub use crate::model::payment::{EventPayment, PaymentConfig, PaymentSettingsAnswer, PriceItem};

/// How a booking is paid. A provider (cards, wallets) implements this and is listed by
/// [`methods`]; the booking, its order and the refund bookkeeping stay the same.
pub trait PaymentMethod: Send + Sync {
    /// The key stored on bookings and transactions (`offline`).
    fn key(&self) -> &'static str;
    /// The attendee-facing name.
    fn title(&self) -> &'static str;
    /// `offline` or `online` (a transaction's type).
    fn transaction_type(&self) -> &'static str;
    /// Returns money to the attendee; `Ok` once it is done (or, offline, once it is recorded:
    /// the host pays it back themselves).
    fn refund(&self, total_minor: i64) -> Result<(), String>;
}

/// Paying outside the service, as the event's instructions say.
pub struct Offline;

impl PaymentMethod for Offline {
    fn key(&self) -> &'static str {
        "offline"
    }

    fn title(&self) -> &'static str {
        "Pay offline"
    }

    fn transaction_type(&self) -> &'static str {
        "offline"
    }

    fn refund(&self, _total_minor: i64) -> Result<(), String> {
        Ok(())
    }
}

/// The methods an event offers.
pub fn methods(settings: &EventPayment) -> Vec<&'static dyn PaymentMethod> {
    let mut all: Vec<&'static dyn PaymentMethod> = Vec::new();
    if settings.offline_enabled == "yes" {
        all.push(&Offline);
    }
    all
}

fn method_named(key: &str) -> Option<&'static dyn PaymentMethod> {
    (key == "offline").then_some(&Offline as &'static dyn PaymentMethod)
}

pub fn money_format(p: &PaymentSettings) -> MoneyFormat<'_> {
    MoneyFormat {
        sign: if p.currency_sign.is_empty() {
            &p.currency
        } else {
            &p.currency_sign
        },
        position: &p.currency_position,
        number_format: &p.number_format,
        decimals: p.decimal_points,
    }
}

/// The stored payment settings of an event (defaults when none).
pub async fn load(ex: Ex<'_>, event_id: i64) -> ServiceResult<EventPayment> {
    Ok(parsed(
        events::meta(ex, event_id, META_KEY).await?.as_deref(),
    ))
}

/// The stored document, or the defaults.
pub(crate) fn parsed(stored: Option<&str>) -> EventPayment {
    stored
        .and_then(|s| serde_json::from_str(s).ok())
        .unwrap_or_default()
}

/// What a booking of `duration` minutes costs under `settings`: its lines in minor units, or
/// `None` when the event takes no payment (or payments are off for the whole site).
pub fn price(
    settings: &EventPayment,
    site: &PaymentSettings,
    duration: i64,
) -> Option<Vec<(String, i64)>> {
    if settings.enabled != "yes" || site.is_active != "yes" {
        return None;
    }
    let lines: Vec<&PriceItem> = if settings.multi_payment_enabled == "yes" {
        settings
            .multi_payment_items
            .get(&duration.to_string())
            .into_iter()
            .collect()
    } else {
        settings.items.iter().collect()
    };
    let priced: Vec<(String, i64)> = lines
        .iter()
        .filter_map(|i| {
            parse_amount(&i.value.to_string(), site.decimal_points).map(|v| (i.title.clone(), v))
        })
        .collect();
    (!priced.is_empty() && priced.iter().any(|(_, v)| *v > 0)).then_some(priced)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn site() -> PaymentSettings {
        PaymentSettings {
            is_active: "yes".into(),
            ..PaymentSettings::default()
        }
    }

    fn paid(items: Value) -> EventPayment {
        EventPayment {
            enabled: "yes".into(),
            offline_enabled: "yes".into(),
            items: serde_json::from_value(items).expect("items"),
            ..EventPayment::default()
        }
    }

    #[test]
    fn prices_are_minor_units_read_from_the_typed_decimals() {
        let settings =
            paid(json!([{"title": "Fee", "value": 19.99}, {"title": "Room", "value": "5.50"}]));
        assert_eq!(
            price(&settings, &site(), 30),
            Some(vec![("Fee".into(), 1999), ("Room".into(), 550)])
        );
        assert!(
            serde_json::from_value::<PriceItem>(json!({"title": "x", "value": "ten"})).is_err()
        );
    }

    #[test]
    fn the_price_follows_the_duration_when_it_varies() {
        let mut settings = paid(json!([{"title": "Fee", "value": 19.99}]));
        assert_eq!(
            price(&settings, &site(), 30),
            Some(vec![("Fee".into(), 1999)])
        );
        settings.multi_payment_enabled = "yes".into();
        settings.multi_payment_items.insert(
            "60".into(),
            PriceItem {
                title: "Hour".into(),
                value: serde_json::Number::from(80),
            },
        );
        assert_eq!(
            price(&settings, &site(), 60),
            Some(vec![("Hour".into(), 8000)])
        );
        assert_eq!(
            price(&settings, &site(), 30),
            None,
            "no price for 30 minutes"
        );
        let off = PaymentSettings::default();
        assert_eq!(
            price(&settings, &off, 60),
            None,
            "payments are off site-wide"
        );
    }
}
