//! A waitlist offer's claim inside the create's transaction (DESIGN 2.12): the entry becomes
//! `booked` before anything is placed, so of two claims of one offer exactly one books, also
//! across processes (the second waits on the row, then finds it booked).

use crate::service::{ServiceError, ServiceResult};
use crate::store::Tx;
use crate::store::waitlist::{self as entries, EntryRow};

pub const OFFER_CLAIMED: &str = "This offer has already been used.";
pub const OFFER_EXPIRED: &str = "This offer has expired.";

/// 409 `offer_claimed` once booked; 410 `offer_expired` when it can no longer be claimed.
pub fn check_claimable(entry: &EntryRow, now: i64) -> ServiceResult<()> {
    match entry.status.as_str() {
        "booked" => Err(claimed()),
        "offered" if entry.offer_expires_at.is_some_and(|t| t > now) => Ok(()),
        _ => Err(ServiceError::Gone {
            code: "offer_expired",
            message: OFFER_EXPIRED.into(),
        }),
    }
}

fn claimed() -> ServiceError {
    ServiceError::Conflict {
        code: "offer_claimed",
        message: OFFER_CLAIMED.into(),
    }
}

/// Inside a claim's create transaction, before anything is placed: the entry becomes
/// `booked`, or the claim is refused (another claim won, or the offer ended).
pub async fn take_offer(tx: &mut Tx, entry_id: i64, now: i64) -> ServiceResult<()> {
    if entries::mark_booked(tx.ex(), entry_id, now).await? {
        return Ok(());
    }
    let entry = entries::find(tx.ex(), entry_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    check_claimable(&entry, now).and(Err(claimed()))
}

/// After the claim's booking is written, in the same transaction.
pub async fn record_booking(tx: &mut Tx, entry_id: i64, booking_id: i64) -> ServiceResult<()> {
    entries::set_booking(tx.ex(), entry_id, booking_id).await?;
    Ok(())
}
