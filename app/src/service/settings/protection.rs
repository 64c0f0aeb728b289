//! `/settings/booking-protection` (DESIGN 2.8): the proof-of-work switch and the site's
//! blocklist of attendee addresses and domains.

use super::site::{SAVED, load, require, update};
use crate::domain::access::Capability;
use crate::domain::policies::Blocked;
use crate::domain::validation::FieldErrors;
use crate::model::settings::{
    BOOKING_PROTECTION, BookingProtection, BookingProtectionAnswer, SavedBookingProtection,
};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::Ex;

/// `POST /settings/booking-protection`'s body, read once (`None`: keep).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProtectionChanges {
    pub proof_of_work_enabled: Option<bool>,
    pub max_number: Option<i64>,
    pub blocklist: Option<Vec<String>>,
    /// What the way in could not read.
    pub unreadable: FieldErrors,
}

impl ProtectionChanges {
    /// Applies what was sent; a bad value is refused on its key.
    fn apply(self, stored: &mut BookingProtection) -> ServiceResult<()> {
        let mut errors = self.unreadable;
        if let Some(enabled) = self.proof_of_work_enabled {
            stored.proof_of_work.enabled = enabled;
        }
        if let Some(max) = self.max_number {
            if !(1_000..=1_000_000).contains(&max) {
                errors.add(
                    "proof_of_work.max_number",
                    "between",
                    "The max number must be between 1000 and 1000000.",
                );
            }
            stored.proof_of_work.max_number = max;
        }
        if let Some(entries) = self.blocklist {
            let parsed: Option<Vec<String>> = entries
                .iter()
                .map(|e| Blocked::parse(e).map(|b| b.text().to_string()))
                .collect();
            match parsed {
                Some(mut list) if list.len() <= 5_000 => {
                    list.sort();
                    list.dedup();
                    stored.blocklist = list;
                }
                _ => errors.add(
                    "blocklist",
                    "invalid",
                    "Each entry must be an email address or a domain name.",
                ),
            }
        }
        errors.into_result().map_err(ServiceError::invalid)
    }
}

/// The stored settings (defaults when none are stored).
pub async fn stored(ex: Ex<'_>) -> ServiceResult<BookingProtection> {
    load(ex, BOOKING_PROTECTION).await
}

/// `GET /settings/booking-protection` (`manage_options`).
pub async fn get(ctx: &Ctx, caller: &Caller) -> ServiceResult<BookingProtectionAnswer> {
    require(caller, Capability::ManageOptions)?;
    let mut conn = ctx.store.conn().await?;
    Ok(BookingProtectionAnswer {
        settings: stored(conn.ex()).await?,
    })
}

/// `POST /settings/booking-protection`: the keys sent change.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    changes: ProtectionChanges,
) -> ServiceResult<SavedBookingProtection> {
    require(caller, Capability::ManageOptions)?;
    let settings = update(
        ctx,
        caller,
        BOOKING_PROTECTION,
        "booking_protection",
        |stored: &mut BookingProtection| changes.apply(stored),
    )
    .await?;
    Ok(SavedBookingProtection {
        message: SAVED.into(),
        settings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_sent_keys_change_and_entries_are_addresses_or_domains() {
        let mut stored = BookingProtection::default();
        ProtectionChanges {
            blocklist: Some(vec!["Spam.test".into(), "bad@Example.org".into()]),
            ..ProtectionChanges::default()
        }
        .apply(&mut stored)
        .unwrap();
        assert_eq!(stored.blocklist, vec!["bad@example.org", "spam.test"]);
        assert_eq!(stored.proof_of_work.max_number, 50_000);
        let refused = ProtectionChanges {
            max_number: Some(999),
            blocklist: Some(vec!["nope".into()]),
            ..ProtectionChanges::default()
        }
        .apply(&mut stored);
        let Err(ServiceError::Validation { errors, .. }) = refused else {
            panic!("expected a refusal")
        };
        assert!(errors.contains("proof_of_work.max_number"));
        assert!(errors.contains("blocklist"));
    }
}
