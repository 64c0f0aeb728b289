//! A paid booking's order: written with the booking, shown as `payment_order`, marked paid
//! by the host, refunded on cancellation.

use super::{Offline, PaymentMethod, method_named, money_format};
use crate::domain::money::format_amount;
use crate::model::payment::{PaymentOrder, PaymentOrderItem, PaymentTransaction};
use crate::model::settings::PaymentSettings;
use crate::service::{ServiceError, ServiceResult, random_hash};
use crate::store::bookings::{self, NewActivity};
use crate::store::payments::{self, NewOrder, NewTransaction, TransactionRow};
use crate::store::{Ex, reborrow};

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
