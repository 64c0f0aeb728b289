//! Between the setup forms and the REST services: form text into body values, and a
//! refusal back onto the form's own fields.

use serde_json::Value;

use crate::model::public::FormState;
use crate::service::ServiceError;

/// The form again with the refusal: each field message under its form name (the REST field
/// without `prefix`), the first one as the summary.
pub(super) fn refused(form: &FormState, error: ServiceError, prefix: &str) -> FormState {
    refused_as(form, error, |field| {
        field.strip_prefix(prefix).unwrap_or(field).to_string()
    })
}

/// [`refused`] with each REST field renamed to its form name by `name_of`.
pub(crate) fn refused_as(
    form: &FormState,
    error: ServiceError,
    name_of: impl Fn(&str) -> String,
) -> FormState {
    let mut state = form.clone();
    state.errors.clear();
    if let ServiceError::Validation { errors, .. } = &error {
        for (field, message) in errors.messages() {
            state.errors.insert(name_of(field), message.to_string());
        }
    }
    if matches!(error, ServiceError::Store(_)) {
        tracing::error!(error = %error, "setup form");
    }
    state.message = Some(error.to_string());
    state
}

/// A number field as the REST route expects it: a number when it reads as one, else the text
/// (so the route's own message names what is wrong).
pub(super) fn number_or_text(text: String) -> Value {
    text.trim()
        .parse::<i64>()
        .map(Value::from)
        .unwrap_or(Value::String(text))
}

/// A failure of the database while reading: nothing was saved.
pub(super) fn failed(form: &FormState, error: ServiceError) -> FormState {
    tracing::error!(error = %error, "setup form");
    let mut state = form.clone();
    state.message = Some("Nothing was saved: the database could not be reached. Try again.".into());
    state
}
