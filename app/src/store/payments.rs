//! `orders`, `order_items` and `transactions`: what a paid booking owes and what happened to
//! the money; plus the payment columns of `events` and `bookings` they keep in step.

use super::{Ex, StoreResult, on, reborrow};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrderRow {
    pub id: i64,
    pub status: String,
    pub order_number: String,
    pub payment_method: String,
    pub currency: String,
    pub subtotal_cents: i64,
    pub total_cents: i64,
    pub paid_cents: i64,
    pub completed_at: Option<i64>,
    pub refunded_at: Option<i64>,
    pub created_at: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ItemRow {
    pub item_name: String,
    pub quantity: i64,
    pub item_price_cents: i64,
    pub item_total_cents: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TransactionRow {
    pub id: i64,
    pub transaction_type: String,
    pub status: String,
    pub total_cents: i64,
    pub payment_method: String,
    pub created_at: i64,
}

/// A new booking's order, pending.
pub struct NewOrder<'a> {
    pub booking_id: i64,
    pub order_number: &'a str,
    pub method: &'a str,
    pub currency: &'a str,
    pub total_cents: i64,
    pub uuid: &'a str,
    pub now: i64,
}

/// One transaction of an order.
pub struct NewTransaction<'a> {
    pub order_id: i64,
    pub transaction_type: &'a str,
    pub status: &'a str,
    pub total_cents: i64,
    pub method: &'a str,
    pub uuid: &'a str,
    pub now: i64,
}

/// `paid` or `free`: the event's `type` column, which the lists show.
pub async fn set_event_type(ex: Ex<'_>, event_id: i64, kind: &str) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE events SET type = $2 WHERE id = $1")
        .bind(event_id).bind(kind).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Stores the order and its lines (title, minor units); answers the order's id.
pub async fn insert_order(
    mut ex: Ex<'_>,
    order: &NewOrder<'_>,
    lines: &[(String, i64)],
) -> StoreResult<i64> {
    let order_id: i64 = on!(&mut ex, c => sqlx::query_scalar(
        "INSERT INTO orders (booking_id, status, order_number, type, payment_method, payment_mode, currency,
            subtotal_cents, total_cents, uuid, created_at, updated_at)
         VALUES ($1, 'pending', $2, 'sale', $3, 'live', $4, $5, $5, $6, $7, $7) RETURNING id")
        .bind(order.booking_id).bind(order.order_number).bind(order.method).bind(order.currency)
        .bind(order.total_cents).bind(order.uuid).bind(order.now).fetch_one(&mut **c).await)?;
    for (title, price) in lines {
        on!(&mut ex, c => sqlx::query(
            "INSERT INTO order_items (order_id, booking_id, item_name, type, quantity, item_price_cents, item_total_cents, created_at, updated_at)
             VALUES ($1, $2, $3, 'single', 1, $4, $4, $5, $5)")
            .bind(order_id).bind(order.booking_id).bind(title).bind(price).bind(order.now)
            .execute(&mut **c).await.map(|_| ()))?;
    }
    Ok(order_id)
}

pub async fn insert_transaction(ex: Ex<'_>, t: &NewTransaction<'_>) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "INSERT INTO transactions (order_id, transaction_type, status, total_cents, payment_method, uuid, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)")
        .bind(t.order_id).bind(t.transaction_type).bind(t.status).bind(t.total_cents).bind(t.method)
        .bind(t.uuid).bind(t.now).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// The booking's payment state (`pending`, `paid`, `refunded`) and, when given, its method.
pub async fn set_booking_payment(
    ex: Ex<'_>,
    booking_id: i64,
    status: &str,
    method: Option<&str>,
) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE bookings SET payment_status = $2, payment_method = COALESCE($3, payment_method) WHERE id = $1")
        .bind(booking_id).bind(status).bind(method).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// The booking's latest order.
pub async fn order_of(ex: Ex<'_>, booking_id: i64) -> StoreResult<Option<OrderRow>> {
    Ok(on!(ex, c => sqlx::query_as::<_, OrderRow>(
        "SELECT id, status, order_number, payment_method, currency, subtotal_cents, total_cents, paid_cents,
                completed_at, refunded_at, created_at
         FROM orders WHERE booking_id = $1 ORDER BY id DESC LIMIT 1")
        .bind(booking_id).fetch_optional(&mut *c).await)?)
}

/// An order's lines and transactions, each in the order written.
pub async fn lines_of(
    mut ex: Ex<'_>,
    order_id: i64,
) -> StoreResult<(Vec<ItemRow>, Vec<TransactionRow>)> {
    let items = on!(reborrow(&mut ex), c => sqlx::query_as::<_, ItemRow>(
        "SELECT item_name, quantity, item_price_cents, item_total_cents FROM order_items WHERE order_id = $1 ORDER BY id")
        .bind(order_id).fetch_all(&mut *c).await)?;
    let transactions = on!(ex, c => sqlx::query_as::<_, TransactionRow>(
        "SELECT id, transaction_type, status, total_cents, payment_method, created_at FROM transactions WHERE order_id = $1 ORDER BY id")
        .bind(order_id).fetch_all(&mut *c).await)?;
    Ok((items, transactions))
}

/// The order and its sale transaction (not the refunds) move to `status` together.
pub async fn set_order_status(
    mut ex: Ex<'_>,
    order_id: i64,
    status: &str,
    paid_cents: i64,
    completed_at: Option<i64>,
    now: i64,
) -> StoreResult<()> {
    on!(&mut ex, c => sqlx::query("UPDATE orders SET status = $2, paid_cents = $3, completed_at = $4, updated_at = $5 WHERE id = $1")
        .bind(order_id).bind(status).bind(paid_cents).bind(completed_at).bind(now).execute(&mut **c).await.map(|_| ()))?;
    on!(ex, c => sqlx::query("UPDATE transactions SET status = $2, updated_at = $3 WHERE order_id = $1 AND transaction_type <> 'refund'")
        .bind(order_id).bind(status).bind(now).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// The order was refunded in full.
pub async fn mark_refunded(ex: Ex<'_>, order_id: i64, now: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE orders SET status = 'refunded', paid_cents = 0, refunded_at = $2, updated_at = $2 WHERE id = $1")
        .bind(order_id).bind(now).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}
