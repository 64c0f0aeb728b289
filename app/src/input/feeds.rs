//! The body of `POST /feeds`.

use serde_json::Value;

use crate::domain::feeds::FeedKind;
use crate::domain::validation::FieldErrors;
use crate::input::fields::{Fields, clean_text};
use crate::service::{ServiceError, ServiceResult};

/// `{kind: bookings|free_busy}`; anything else is refused on `kind`.
pub fn new_feed(body: &Value) -> ServiceResult<FeedKind> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let kind = Fields::new(Some(body), "")
        .str("kind", &mut errors)
        .unwrap_or_default();
    errors.into_result().map_err(ServiceError::invalid)?;
    FeedKind::parse(kind.trim()).ok_or_else(|| {
        let mut errors = FieldErrors::new();
        errors.add("kind", "in", "The kind must be bookings or free_busy.");
        ServiceError::invalid(errors)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_the_two_kinds_are_read() {
        assert_eq!(
            new_feed(&json!({"kind": "bookings"})).ok(),
            Some(FeedKind::Bookings)
        );
        assert_eq!(
            new_feed(&json!({"kind": "free_busy"})).ok(),
            Some(FeedKind::FreeBusy)
        );
        for bad in [json!({"kind": "busy"}), json!({}), json!({"kind": 3})] {
            let Err(ServiceError::Validation { errors, .. }) = new_feed(&bad) else {
                panic!("{bad} must be refused on its fields");
            };
            let fields: Vec<&str> = errors.messages().map(|(field, _)| field).collect();
            assert_eq!(fields, ["kind"], "{bad}");
        }
    }
}
