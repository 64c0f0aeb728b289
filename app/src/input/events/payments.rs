//! An event's payment settings body (`POST …/payment-settings`).

use serde_json::Value;

use crate::input::fields::clean_text;
use crate::service::events::payments::EventPaymentChanges;
use crate::service::{ServiceError, ServiceResult};

/// Reads `POST …/payment-settings`' `{settings: {…}}`.
pub fn event_payment(body: &Value) -> ServiceResult<EventPaymentChanges> {
    clean_text(body)?;
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::service::events::payments::EventPayment;

    #[test]
    fn payment_changes_keep_what_was_not_sent_and_refuse_a_wrong_shape() {
        let changes = event_payment(&json!({"settings": {
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
            let refused = event_payment(&bad);
            let Err(ServiceError::Validation { errors, .. }) = refused else {
                panic!("{bad} was not refused as invalid: {refused:?}");
            };
            assert!(errors.contains("settings"), "{bad}: {errors:?}");
        }
    }
}
