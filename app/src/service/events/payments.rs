//! Payments: an event's price (`…/payment-settings`), the order a paid booking gets in its
//! own transaction, marking it paid and refunding it. Money is integer minor units. No card
//! provider is built in: a provider is a [`PaymentMethod`]; the one that ships is `offline`
//! (the attendee pays as the instructions say, the host marks the booking paid).

use crate::model::answer::MessageAnswer;
use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};
use serde_json::{Value, json};

use crate::domain::money::{MoneyFormat, format_amount, parse_amount};
use crate::domain::validation::FieldErrors;
use crate::model::payment::{PaymentOrder, PaymentOrderItem, PaymentTransaction};
use crate::model::settings::PaymentSettings;
use crate::service::events::admin::load_managed_event;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult, random_hash};
use crate::store::bookings::{self, NewActivity};
use crate::store::payments::{self, NewOrder, NewTransaction, TransactionRow};
use crate::store::{Ex, events, reborrow};

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
    /// Reads `{settings: {…}}`.
    pub fn parse(body: &Value) -> ServiceResult<EventPaymentChanges> {
        let given = body
            .get("settings")
            .filter(|s| s.is_object())
            .ok_or_else(|| {
                ServiceError::field("settings", "required", "The settings field is required.")
            })?;
        serde_json::from_value(given.clone()).map_err(|e| {
            ServiceError::field(
                "settings",
                "format",
                &format!("The settings are not in the expected shape: {e}"),
            )
        })
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
        fn set<T>(field: &mut T, change: Option<T>) {
            if let Some(value) = change {
                *field = value;
            }
        }
        set(&mut settings.enabled, enabled);
        set(&mut settings.driver, driver);
        set(&mut settings.offline_enabled, offline_enabled);
        set(&mut settings.card_enabled, card_enabled);
        set(&mut settings.wallet_enabled, wallet_enabled);
        set(&mut settings.offline_instructions, offline_instructions);
        set(&mut settings.items, items);
        set(&mut settings.multi_payment_enabled, multi_payment_enabled);
        set(&mut settings.multi_payment_items, multi_payment_items);
    }
}

/// `POST …/payment-settings` with `{settings}`: the changes over the stored settings, checked
/// whole, then stored; the event's `type` becomes `paid` or `free`. Access first: another
/// host's ids answer 404 whatever the body.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let changes = EventPaymentChanges::parse(body)?;
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

/// Writes the order of a new paid booking in its transaction: the lines, the total, and a
/// pending transaction of the chosen method.
pub async fn create_order(
    mut ex: Ex<'_>,
    booking_id: i64,
    lines: &[(String, i64)],
    currency: &str,
    method: &dyn PaymentMethod,
) -> ServiceResult<()> {
    let now = crate::store::now_epoch();
    let total: i64 = lines.iter().map(|(_, v)| v).sum();
    let number = random_hash()[..12].to_uppercase();
    let order = NewOrder {
        booking_id,
        order_number: &number,
        method: method.key(),
        currency,
        total_cents: total,
        uuid: &random_hash(),
        now,
    };
    let order_id = payments::insert_order(reborrow(&mut ex), &order, lines).await?;
    let transaction = NewTransaction {
        order_id,
        transaction_type: method.transaction_type(),
        status: "pending",
        total_cents: total,
        method: method.key(),
        uuid: &random_hash(),
        now,
    };
    payments::insert_transaction(reborrow(&mut ex), &transaction).await?;
    payments::set_booking_payment(ex, booking_id, "pending", Some(method.key())).await?;
    Ok(())
}

/// The booking's order as `payment_order` (`GET /schedules/{id}?with[]=all_data`,
/// `…/meta-info`): the order, its items, transactions and the formatted total; `null` when
/// the booking has none. Amounts are minor units (`*_cents`) with formatted texts beside them.
pub async fn payment_order(
    mut ex: Ex<'_>,
    booking_id: i64,
    site: &PaymentSettings,
) -> ServiceResult<Option<PaymentOrder>> {
    let Some(order) = payments::order_of(reborrow(&mut ex), booking_id).await? else {
        return Ok(None);
    };
    let (items, transactions) = payments::lines_of(ex, order.id).await?;
    let format = money_format(site);
    let money = |minor: i64| format_amount(minor, &format);
    let time = |t: i64| crate::service::support::present::rfc3339(t);
    let transaction = |t: &TransactionRow| PaymentTransaction {
        id: t.id,
        transaction_type: t.transaction_type.clone(),
        status: t.status.clone(),
        payment_method: t.payment_method.clone(),
        total_cents: t.total_cents,
        total_formatted: money(t.total_cents),
        created_at: time(t.created_at),
    };
    Ok(Some(PaymentOrder {
        id: order.id,
        status: order.status,
        order_number: order.order_number,
        payment_method: order.payment_method,
        currency: order.currency,
        currency_sign: format.sign.to_string(),
        subtotal_cents: order.subtotal_cents,
        total_cents: order.total_cents,
        total_paid_cents: order.paid_cents,
        total_formatted: money(order.total_cents),
        completed_at: order.completed_at.map(time),
        refunded_at: order.refunded_at.map(time),
        created_at: time(order.created_at),
        items: items
            .iter()
            .map(|i| PaymentOrderItem {
                item_name: i.item_name.clone(),
                quantity: i.quantity,
                item_price_cents: i.item_price_cents,
                item_total_cents: i.item_total_cents,
                item_total_formatted: money(i.item_total_cents),
            })
            .collect(),
        transaction: transactions
            .iter()
            .find(|t| t.transaction_type != "refund")
            .map(transaction),
        refunds: transactions
            .iter()
            .filter(|t| t.transaction_type == "refund")
            .map(transaction)
            .collect(),
    }))
}

/// The host marked the booking paid (or pending again): its order and transaction follow.
pub async fn set_paid(
    mut ex: Ex<'_>,
    booking_id: i64,
    paid: bool,
    by: i64,
    site: &PaymentSettings,
) -> ServiceResult<()> {
    let Some(order) = payments::order_of(reborrow(&mut ex), booking_id).await? else {
        return Ok(());
    };
    if order.status == "refunded" {
        return Err(ServiceError::Conflict {
            code: "invalid_transition",
            message: "The payment was refunded; it cannot change any more.".into(),
        });
    }
    let now = crate::store::now_epoch();
    let (status, paid_cents, completed) = if paid {
        ("paid", order.total_cents, Some(now))
    } else {
        ("pending", 0, None)
    };
    payments::set_order_status(
        reborrow(&mut ex),
        order.id,
        status,
        paid_cents,
        completed,
        now,
    )
    .await?;
    if paid {
        let description = format!(
            "Transaction marked as paid ({}, {})",
            format_amount(order.total_cents, &money_format(site)),
            order.payment_method
        );
        bookings::add_activity(
            ex,
            &NewActivity {
                booking_id,
                created_by: Some(by),
                status: "closed",
                kind: "success",
                title: "Payment Successfully Completed",
                description: &description,
            },
        )
        .await?;
    }
    Ok(())
}

/// Refunds a paid booking's order (cancel or reject with `refund_payment=yes`): a refund
/// transaction, the order and booking marked refunded. A booking that was not paid has nothing
/// to refund; answers whether money was refunded.
pub async fn refund(
    mut ex: Ex<'_>,
    booking_id: i64,
    by: i64,
    site: &PaymentSettings,
) -> ServiceResult<bool> {
    let Some(order) = payments::order_of(reborrow(&mut ex), booking_id).await? else {
        return Ok(false);
    };
    if order.status != "paid" {
        return Ok(false);
    }
    let method = method_named(&order.payment_method).unwrap_or(&Offline);
    method
        .refund(order.paid_cents)
        .map_err(|message| ServiceError::Conflict {
            code: "refund_failed",
            message,
        })?;
    let now = crate::store::now_epoch();
    let transaction = random_hash();
    let refund = NewTransaction {
        order_id: order.id,
        transaction_type: "refund",
        status: "refunded",
        total_cents: order.paid_cents,
        method: &order.payment_method,
        uuid: &transaction,
        now,
    };
    payments::insert_transaction(reborrow(&mut ex), &refund).await?;
    payments::mark_refunded(reborrow(&mut ex), order.id, now).await?;
    payments::set_booking_payment(reborrow(&mut ex), booking_id, "refunded", None).await?;
    let description = format!(
        "Amount {} refunded successfully. Transaction ID: {}",
        format_amount(order.paid_cents, &money_format(site)),
        &transaction[..12]
    );
    bookings::add_activity(
        ex,
        &NewActivity {
            booking_id,
            created_by: Some(by),
            status: "closed",
            kind: "success",
            title: "Payment Refunded Successfully",
            description: &description,
        },
    )
    .await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn payment_changes_keep_what_was_not_sent_and_refuse_a_wrong_shape() {
        let changes = EventPaymentChanges::parse(&json!({"settings": {
            "enabled": "yes", "items": [{"title": "Fee", "value": "12.50"}], "unknown": 1}}));
        let Ok(changes) = changes else {
            panic!("a valid body was refused: {changes:?}");
        };
        let mut settings = EventPayment::default();
        changes.apply_to(&mut settings);
        assert_eq!(settings.enabled, "yes");
        assert_eq!(settings.items.len(), 1);
        assert_eq!(settings.items[0].title, "Fee");
        assert_eq!(
            settings.offline_enabled,
            EventPayment::default().offline_enabled,
            "a field not sent keeps its value"
        );
        for bad in [
            json!({}),
            json!({"settings": "yes"}),
            json!({"settings": {"enabled": null}}),
            json!({"settings": {"items": [{"title": 5, "value": 1}]}}),
            json!({"settings": {"multi_payment_items": []}}),
        ] {
            let refused = EventPaymentChanges::parse(&bad);
            let Err(ServiceError::Validation { errors, .. }) = refused else {
                panic!("{bad} was not refused as invalid: {refused:?}");
            };
            assert!(errors.contains("settings"), "{bad}: {errors:?}");
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
        let mut settings = paid(json!([{"title": "", "value": 1.999}]));
        settings.card_enabled = "yes".into();
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
