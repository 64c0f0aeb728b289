//! An event's payment settings as stored and answered (`…/payment-settings`).

use serde::{Deserialize, Serialize};
use serde_json::{Number, Value};

/// A price line: a title and its price in currency units, as typed ("100" is 100.00).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct PriceItem {
    pub title: String,
    #[serde(deserialize_with = "number_or_text")]
    #[cfg_attr(feature = "ssr", schema(value_type = f64))]
    pub value: Number,
}

/// A price may come as a JSON number or as its decimal text ("19.99").
fn number_or_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
    match Value::deserialize(d)? {
        Value::Number(n) => Ok(n),
        Value::String(s) => s
            .trim()
            .parse::<Number>()
            .map_err(|_| serde::de::Error::custom("a price must be a number")),
        _ => Err(serde::de::Error::custom("a price must be a number")),
    }
}

/// An event's payment settings (the reference's keys; card and wallet stay off until a
/// provider is added).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct EventPayment {
    /// `yes` or `no`.
    pub enabled: String,
    /// `native`: paid through this service's own methods.
    pub driver: String,
    pub offline_enabled: String,
    pub card_enabled: String,
    pub wallet_enabled: String,
    /// Shown to the attendee when paying offline (bank details, "pay at the door", …).
    pub offline_instructions: String,
    pub items: Vec<PriceItem>,
    /// `yes`: the price depends on the chosen duration (`multi_payment_items`).
    pub multi_payment_enabled: String,
    pub multi_payment_items: std::collections::BTreeMap<String, PriceItem>,
}

impl Default for EventPayment {
    fn default() -> Self {
        EventPayment {
            enabled: "no".into(),
            driver: "native".into(),
            offline_enabled: "no".into(),
            card_enabled: "no".into(),
            wallet_enabled: "no".into(),
            offline_instructions: String::new(),
            items: vec![PriceItem {
                title: "Booking Fee".into(),
                value: Number::from(100),
            }],
            multi_payment_enabled: "no".into(),
            multi_payment_items: Default::default(),
        }
    }
}

/// `GET …/payment-settings`: the event's settings and what the site can take.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct PaymentSettingsAnswer {
    pub settings: EventPayment,
    pub config: PaymentConfig,
}

/// Which payment methods the site is set up for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct PaymentConfig {
    /// The site's own payments are switched on (settings, payments).
    pub native_enabled: bool,
    pub card_configured: bool,
    pub wallet_configured: bool,
    pub offline_configured: bool,
    pub native_config_link: String,
    pub store_config_link: String,
    pub has_cart: bool,
    pub has_store: bool,
    pub store_enabled: bool,
}

/// A booking's order as `payment_order` shows it: amounts in minor units (`*_cents`) with
/// formatted texts beside them, times in RFC 3339.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct PaymentOrder {
    pub id: i64,
    /// `pending`, `paid` or `refunded`.
    pub status: String,
    pub order_number: String,
    pub payment_method: String,
    pub currency: String,
    pub currency_sign: String,
    pub subtotal_cents: i64,
    pub total_cents: i64,
    pub total_paid_cents: i64,
    pub total_formatted: String,
    pub completed_at: Option<String>,
    pub refunded_at: Option<String>,
    pub created_at: String,
    pub items: Vec<PaymentOrderItem>,
    /// The sale (`null` for an order without one).
    pub transaction: Option<PaymentTransaction>,
    pub refunds: Vec<PaymentTransaction>,
}

/// One line of an order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct PaymentOrderItem {
    pub item_name: String,
    pub quantity: i64,
    pub item_price_cents: i64,
    pub item_total_cents: i64,
    pub item_total_formatted: String,
}

/// A sale or a refund of an order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct PaymentTransaction {
    pub id: i64,
    /// The method's transaction type (`offline` ...), or `refund`.
    pub transaction_type: String,
    pub status: String,
    pub payment_method: String,
    pub total_cents: i64,
    pub total_formatted: String,
    pub created_at: String,
}
